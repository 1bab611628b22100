//! Which example files are bundled, in the order a menu offers them. The
//! build script reads this list (and the files) to write the examples'
//! index and their file; `examples` reads what it wrote.

/// Each ISA's examples: the ISA's short name, the files' extension under
/// `examples/<isa>/`, and the files' names without it, in teaching order.
/// An ISA's examples follow one another in the index.
pub const LIST: &[(&str, &str, &[&str])] = &[
    (
        "w128",
        "s",
        &[
            "special_registers",
            "broadcast",
            "clamped_idx",
            "butterfly_sum",
            "inclusive_scan",
            "segmented",
            "ballot_popc",
            "vote_modes",
            "redux_signed",
            "match_any",
            "elect_redux",
            "divergent_branch",
            "movm_transpose",
        ],
    ),
    ("sm50", "s", &["lane_masks", "pack_predicates"]),
    ("gfx9", "s", &["mode_fields", "lds_alloc"]),
    // The CUDA C kernels, each the counterpart of the w128 example with
    // the same id.
    (
        "cuda",
        "cu",
        &[
            "broadcast",
            "butterfly_sum",
            "inclusive_scan",
            "ballot_popc",
            "match_any",
            "divergent_branch",
        ],
    ),
];

/// The example a front end opens with, as (ISA, id): compiled in even
/// where the others are read from [`super::FILE_NAME`]. The butterfly sum
/// is a SHFL reduction that shows off the lane diagrams.
pub const START: (&str, &str) = ("w128", "butterfly_sum");
