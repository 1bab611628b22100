//! The bundled example programs, and the header convention they follow.
//!
//! Every example in `examples/<isa>/` starts with a comment header that a
//! front end shows as the example's explanation panel:
//!
//! ```text
//! // Title: Broadcast one lane's value with SHFL.IDX
//! //
//! // SHFL.IDX reads lane (minLane | (b & ~segmask)) ...
//! ```
//!
//! The first line is `// Title: ` and the title; every following line that
//! starts with `//` belongs to the explanation (with `// ` or `//` removed),
//! up to the first line that is not a `//` comment. An empty `//` line
//! separates paragraphs; lines indented further are meant to be shown as
//! written (the explanation is plain text, never HTML).
//!
//! ```
//! use warpscope_core::examples::{example_header, w128_examples};
//!
//! let (title, text) = example_header("// Title: Hi\n// one\n//\n// two\nEXIT\n");
//! assert_eq!(title, "Hi");
//! assert_eq!(text, "one\n\ntwo");
//!
//! let all = w128_examples();
//! assert!(all.len() >= 12);
//! let first = &all[0];
//! assert_eq!(first.id, "special_registers");
//! assert!(first.source.starts_with("// Title: "));
//! assert!(!first.title.is_empty() && !first.explanation.is_empty());
//! ```

use std::sync::OnceLock;

/// One bundled example program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// Stable identifier: the file name without `.s` (`"butterfly_sum"`).
    pub id: &'static str,
    /// The title from the `// Title:` line.
    pub title: &'static str,
    /// The explanation from the header comment, as plain text.
    pub explanation: String,
    /// The whole file, header included, as the editor should show it.
    pub source: &'static str,
}

/// The w128 example files, in teaching order: `(id, text)`.
const W128_FILES: &[(&str, &str)] = &[
    (
        "special_registers",
        include_str!("../../examples/w128/special_registers.s"),
    ),
    ("broadcast", include_str!("../../examples/w128/broadcast.s")),
    (
        "clamped_idx",
        include_str!("../../examples/w128/clamped_idx.s"),
    ),
    (
        "butterfly_sum",
        include_str!("../../examples/w128/butterfly_sum.s"),
    ),
    (
        "inclusive_scan",
        include_str!("../../examples/w128/inclusive_scan.s"),
    ),
    ("segmented", include_str!("../../examples/w128/segmented.s")),
    (
        "ballot_popc",
        include_str!("../../examples/w128/ballot_popc.s"),
    ),
    (
        "vote_modes",
        include_str!("../../examples/w128/vote_modes.s"),
    ),
    (
        "redux_signed",
        include_str!("../../examples/w128/redux_signed.s"),
    ),
    ("match_any", include_str!("../../examples/w128/match_any.s")),
    (
        "elect_redux",
        include_str!("../../examples/w128/elect_redux.s"),
    ),
    (
        "divergent_branch",
        include_str!("../../examples/w128/divergent_branch.s"),
    ),
    (
        "movm_transpose",
        include_str!("../../examples/w128/movm_transpose.s"),
    ),
];

/// The sm50 example files: `(id, text)`.
const SM50_FILES: &[(&str, &str)] = &[
    (
        "lane_masks",
        include_str!("../../examples/sm50/lane_masks.s"),
    ),
    (
        "pack_predicates",
        include_str!("../../examples/sm50/pack_predicates.s"),
    ),
];

/// The gfx9 example files: `(id, text)`.
const GFX9_FILES: &[(&str, &str)] = &[
    (
        "mode_fields",
        include_str!("../../examples/gfx9/mode_fields.s"),
    ),
    ("lds_alloc", include_str!("../../examples/gfx9/lds_alloc.s")),
];

/// The CUDA C example kernels, in teaching order: `(id, text)`, each
/// the CUDA counterpart of the w128 example with the same id.
const CUDA_FILES: &[(&str, &str)] = &[
    (
        "broadcast",
        include_str!("../../examples/cuda/broadcast.cu"),
    ),
    (
        "butterfly_sum",
        include_str!("../../examples/cuda/butterfly_sum.cu"),
    ),
    (
        "inclusive_scan",
        include_str!("../../examples/cuda/inclusive_scan.cu"),
    ),
    (
        "ballot_popc",
        include_str!("../../examples/cuda/ballot_popc.cu"),
    ),
    (
        "match_any",
        include_str!("../../examples/cuda/match_any.cu"),
    ),
    (
        "divergent_branch",
        include_str!("../../examples/cuda/divergent_branch.cu"),
    ),
];

fn parse_all(files: &'static [(&'static str, &'static str)]) -> Vec<Example> {
    files
        .iter()
        .map(|&(id, source)| {
            let (title, explanation) = example_header(source);
            Example {
                id,
                title,
                explanation,
                source,
            }
        })
        .collect()
}

/// The bundled w128 examples, in the order a course would take them.
pub fn w128_examples() -> &'static [Example] {
    static ALL: OnceLock<Vec<Example>> = OnceLock::new();
    ALL.get_or_init(|| parse_all(W128_FILES))
}

/// The bundled examples of an ISA by its short name (`"w128"`, `"sm50"`,
/// `"gfx9"`), in teaching order; empty for an ISA without examples.
///
/// ```
/// use warpscope_core::examples::examples_for;
/// assert_eq!(examples_for("sm50")[0].id, "lane_masks");
/// assert!(examples_for("gfx9").iter().any(|e| e.id == "lds_alloc"));
/// assert_eq!(examples_for("cuda")[1].id, "butterfly_sum");
/// assert!(examples_for("nope").is_empty());
/// ```
pub fn examples_for(isa: &str) -> &'static [Example] {
    static SM50: OnceLock<Vec<Example>> = OnceLock::new();
    static GFX9: OnceLock<Vec<Example>> = OnceLock::new();
    static CUDA: OnceLock<Vec<Example>> = OnceLock::new();
    match isa {
        "w128" => w128_examples(),
        "sm50" => SM50.get_or_init(|| parse_all(SM50_FILES)),
        "gfx9" => GFX9.get_or_init(|| parse_all(GFX9_FILES)),
        "cuda" => CUDA.get_or_init(|| parse_all(CUDA_FILES)),
        _ => &[],
    }
}

/// A bundled example by its id.
pub fn w128_example(id: &str) -> Option<&'static Example> {
    w128_examples().iter().find(|e| e.id == id)
}

/// The title and the explanation of a program's header comment (see the
/// module documentation). A program without a `// Title:` line has an
/// empty title; its leading `//` lines are still the explanation.
pub fn example_header(src: &str) -> (&str, String) {
    let mut lines = src.lines().skip_while(|l| l.trim().is_empty()).peekable();
    let mut title = "";
    if let Some(first) = lines.peek() {
        if let Some(t) = first.trim_start().strip_prefix("// Title:") {
            title = t.trim();
            lines.next();
        }
    }
    let mut text: Vec<&str> = Vec::new();
    for line in lines {
        let Some(rest) = line.trim_start().strip_prefix("//") else {
            break;
        };
        let rest = rest.strip_prefix(' ').unwrap_or(rest);
        text.push(rest.trim_end());
    }
    while text.first().is_some_and(|l| l.is_empty()) {
        text.remove(0);
    }
    while text.last().is_some_and(|l| l.is_empty()) {
        text.pop();
    }
    (title, text.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_without_title() {
        let (t, x) = example_header("\n// just text\n//   indented\nEXIT // not header\n");
        assert_eq!(t, "");
        assert_eq!(x, "just text\n  indented");
    }

    #[test]
    fn header_stops_at_code_and_blank_lines() {
        let (t, x) = example_header("// Title:  Spaces  \n//\n// a\n\n// b\n");
        assert_eq!(t, "Spaces");
        assert_eq!(x, "a");
        assert_eq!(example_header(""), ("", String::new()));
    }

    #[test]
    fn every_example_has_a_title_and_explanation() {
        let mut ids = std::collections::HashSet::new();
        for e in w128_examples() {
            assert!(ids.insert(e.id), "duplicate id {}", e.id);
            assert!(!e.title.is_empty(), "{}", e.id);
            assert!(e.explanation.len() > 80, "{}", e.id);
            assert!(w128_example(e.id).is_some());
        }
    }

    #[test]
    fn other_dialects_have_titled_examples_that_assemble() {
        for name in ["sm50", "gfx9"] {
            let isa = crate::isas::by_name(name).unwrap();
            let all = examples_for(name);
            assert!(all.len() >= 2, "{name}");
            for e in all {
                assert!(!e.title.is_empty(), "{}", e.id);
                assert!(e.explanation.contains("Expected:"), "{}", e.id);
                let p = crate::asm::assemble(isa, e.source);
                assert!(p.is_ok(), "{} does not assemble: {:?}", e.id, p.err());
            }
        }
    }
}
