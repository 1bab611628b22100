//! Reads and validates the bundled ISA descriptions (`core/isa/**`) when
//! warpscope is built, and writes each model in its compact form to
//! `OUT_DIR/NAME.wsi` (lean: without the documentation's prose) and
//! `OUT_DIR/NAME.wsd` (that prose) for `isas` to include. The description reader is
//! core's own (`src/spec`, with `src/operand`), compiled into this script from the same files.

#![allow(dead_code)]

#[path = "src/isas/bundled.rs"]
mod bundled;
#[path = "src/diag.rs"]
mod diag;
#[path = "src/digest.rs"]
mod digest;
#[path = "src/msg.rs"]
mod msg;
#[path = "src/operand/mod.rs"]
mod operand;
#[path = "src/spec/mod.rs"]
mod spec;

use std::path::PathBuf;

fn main() {
    for dep in [
        "isa",
        "src/spec",
        "src/operand",
        "src/diag.rs",
        "src/digest.rs",
        "src/isas/bundled.rs",
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
}
