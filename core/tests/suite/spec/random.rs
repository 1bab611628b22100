//! Random input never makes the description reader panic, and every
//! diagnostic it returns points inside the text.

use proptest::prelude::*;
use warpscope_core::spec::{load, parse};

fn check(text: &str) {
    let (_, diags) = parse(3, text);
    for d in &diags {
        assert_eq!(d.file, 3);
        assert!(
            d.span.start <= d.span.end && d.span.end <= text.len(),
            "{d:?}"
        );
    }
    let files = [("a", text), ("b", "__DefGroup ALL\n")];
    if let Err(diags) = load("r", 128, &files) {
        assert!(!diags.is_empty());
        for d in &diags {
            assert!(d.file < 2);
            assert!(d.span.end <= files[d.file].1.len(), "{d:?}");
        }
    }
}

/// Pieces of the language, so random programs get past the first token.
const PIECES: &[&str] = &[
    "__DefBitFieldType ",
    "__DefGroup ",
    "__DefOptype ",
    "__DefOpcode ",
    "__Encoding",
    "__OperandInfo",
    "__Syntax",
    "__Notes",
    "```asm",
    "```",
    "field<",
    "0",
    "8",
    "127",
    "0xff",
    ",",
    ">",
    "<",
    ";",
    ":",
    "[",
    "]",
    "==",
    "=",
    "Reg ",
    "Pred ",
    "PModi ",
    "UImm4 ",
    "T ",
    "A",
    "B",
    "ALL",
    "G",
    "pg",
    "pg.not",
    "PT",
    "False",
    "InList<",
    "OutList<",
    "Order<",
    "Bitwidth<",
    "(",
    ")",
    "+",
    "*",
    "\"U64\"",
    "// c",
    "\n",
    "\n",
    "\n",
    "  ",
    "中文",
    "{.m}",
    ".m",
    "\r\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_strings_never_panic(s in "\\PC*") {
        check(&s);
    }

    #[test]
    fn random_bytes_never_panic(b in proptest::collection::vec(any::<u8>(), 0..400)) {
        check(&String::from_utf8_lossy(&b));
    }

    #[test]
    fn random_language_pieces_never_panic(
        idx in proptest::collection::vec(0..PIECES.len(), 0..120)
    ) {
        let text: String = idx.iter().map(|&i| PIECES[i]).collect();
        check(&text);
    }
}

#[test]
fn deep_nesting_and_long_lines_are_errors_not_crashes() {
    let deep = format!(
        "__DefOptype A : [ALL]\n__DefOpcode A_X : [A]\n  __OperandInfo\n    Bitwidth<pg> = {}1{};\n",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    let (_, diags) = parse(0, &deep);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].message(), "expression nested too deeply");

    let long_chain: String = (0..2000)
        .map(|i| format!("__DefGroup G{} : [G{}]\n", i, i + 1))
        .collect::<String>()
        + "__DefGroup G2000 : [G0]\n";
    let diags = load("t", 32, &[("chain", &long_chain)]).unwrap_err();
    assert!(diags[0]
        .message()
        .starts_with("inheritance cycle: G0 -> G1 -> G2"));
}

#[test]
fn long_inheritance_chains_load() {
    let mut text = String::from(
        "__DefBitFieldType Optype<4>\n    A;\n__DefGroup G0\n  __Encoding\n    field<0, 4> Optype optype == A;\n",
    );
    for i in 1..3000 {
        text.push_str(&format!("__DefGroup G{i} : [G{}]\n", i - 1));
    }
    text.push_str("__DefOptype A : [G2999]\n__DefOpcode A_X : [A]\n");
    let isa = load("t", 32, &[("chain", &text)]).unwrap();
    assert_eq!(isa.groups.len(), 3000);
    assert_eq!(isa.opcodes[0].fields.len(), 1);
    assert_eq!(isa.opcodes[0].fields[0].declared_in, "G0");
}

fn mini_files() -> (String, String) {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/spec");
    let read = |n: &str| std::fs::read_to_string(dir.join(n)).unwrap();
    (read("mini_types.isa"), read("mini_ops.isa"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Small edits of a valid description: deletions, duplications and
    /// insertions of language pieces anywhere.
    #[test]
    fn edited_descriptions_never_panic(
        edits in proptest::collection::vec((any::<bool>(), 0usize..4000, 0usize..40, 0..PIECES.len()), 1..6)
    ) {
        let (types, ops) = mini_files();
        let mut text = ops.clone();
        for (delete, at, len, piece) in edits {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) { at -= 1; }
            if delete {
                let mut end = (at + len).min(text.len());
                while !text.is_char_boundary(end) { end -= 1; }
                text.replace_range(at..end, "");
            } else {
                text.insert_str(at, PIECES[piece]);
            }
        }
        let files = [("types", types.as_str()), ("ops", text.as_str())];
        match load("m", 32, &files) {
            Ok(isa) => prop_assert!(!isa.opcodes.is_empty()),
            Err(diags) => {
                prop_assert!(!diags.is_empty());
                for d in &diags {
                    prop_assert!(d.span.end <= files[d.file].1.len());
                }
            }
        }
    }
}
