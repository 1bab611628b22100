//! Reads and validates the bundled ISA descriptions (`core/isa/**`) when
//! warpscope is built, and writes each model in its compact form to
//! `OUT_DIR/NAME.wsi` (lean: without the documentation's prose) and
//! `OUT_DIR/NAME.wsd` (that prose) for `isas` to include. The description reader is
//! core's own (`src/spec`, with `src/operand`), compiled into this script from the same files.
//!
//! It also reads the bundled example programs (`examples/<isa>/`, listed in
//! `src/examples/list.rs`) and writes their index (ids, titles, lengths
//! and digests, always compiled in) to `OUT_DIR/examples_index.rs`, their
//! texts to `OUT_DIR/examples.txt` (compiled in with the `texts` feature,
//! else the file the playground fetches) and the example a front end opens
//! with to `OUT_DIR/start_example.txt`.

#![allow(dead_code)]

#[path = "src/isas/bundled.rs"]
mod bundled;
#[path = "src/diag.rs"]
mod diag;
#[path = "src/digest.rs"]
mod digest;
#[path = "src/examples/header.rs"]
mod example_header;
#[path = "src/examples/list.rs"]
mod example_list;
#[path = "src/msg.rs"]
mod msg;
#[path = "src/operand/mod.rs"]
mod operand;
#[path = "src/spec/mod.rs"]
mod spec;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    for dep in [
        "isa",
        "src/spec",
        "src/operand",
        "src/diag.rs",
        "src/digest.rs",
        "src/isas/bundled.rs",
        "src/examples/list.rs",
        "src/examples/header.rs",
        "../examples",
    ] {
        println!("cargo:rerun-if-changed={dep}");
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for b in bundled::ALL {
        let isa =
            spec::load_with(b.id.name(), b.word_bits, b.dialect, b.sources).unwrap_or_else(|d| {
                panic!(
                    "the bundled `{}` description does not load:\n{}",
                    b.id.name(),
                    diag::render(&d, b.sources)
                )
            });
        let (lean, docs) = spec::compact::write_split(&isa);
        for (ext, bytes) in [("wsi", lean), ("wsd", docs)] {
            let path = out.join(format!("{}.{ext}", b.id.name()));
            std::fs::write(&path, bytes)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
    }
    write_examples(&out);
}

/// The separator of the examples' file (as `examples::FILE_NAME` says).
const SEPARATOR: char = '\u{1e}';

/// Writes the examples' index, their file and the start example (see the
/// module's documentation); a file that is missing, has no title or holds
/// the separator stops the build.
fn write_examples(out: &Path) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut index = String::from("&[\n");
    let mut texts = Vec::new();
    let mut start = None;
    for (isa, ext, ids) in example_list::LIST {
        for id in *ids {
            let path = dir.join(isa).join(format!("{id}.{ext}"));
            println!("cargo:rerun-if-changed={}", path.display());
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let (title, explanation) = example_header::example_header(&text);
            assert!(!title.is_empty(), "{}: no `// Title:` line", path.display());
            assert!(
                !text.contains(SEPARATOR),
                "{}: holds U+001E",
                path.display()
            );
            let _ = writeln!(
                index,
                "    Entry {{ isa: {isa:?}, id: {id:?}, title: {title:?}, len: {}, digest: {:#x}, header: {:#x} }},",
                text.len(),
                digest::fnv1a(text.as_bytes()),
                digest::fnv1a(explanation.as_bytes()),
            );
            if (*isa, *id) == example_list::START {
                start = Some(text.clone());
            }
            texts.push(text);
        }
    }
    index.push_str("]\n");
    let start = start.expect("the start example is one of the listed ones");
    let sep = SEPARATOR.to_string();
    for (name, text) in [
        ("examples_index.rs", index),
        ("examples.txt", texts.join(&sep)),
        ("start_example.txt", start),
    ] {
        let path = out.join(name);
        std::fs::write(&path, text)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
}
