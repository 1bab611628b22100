//! The ISAs bundled with warpscope, loaded once from `core/isa/`.
//!
//! The description files are compiled into the binary with `include_str!`
//! and read by [`crate::spec::load`] the first time an ISA is asked for;
//! later calls return the same `&'static` model. The files are part of the
//! program: a description that fails to load is a bug in warpscope, so
//! loading panics with the rendered diagnostics (a test proves the shipped
//! files load cleanly).
//!
//! ```
//! use warpscope_core::isas;
//! let isa = isas::w128();
//! assert_eq!(isa.name, "w128");
//! assert_eq!(isa.word_bits, 128);
//! let shfl = isa.optype("SHFL").expect("SHFL is part of w128");
//! assert_eq!(shfl.opcodes.len(), 4);
//! assert!(std::ptr::eq(isas::by_name("w128").unwrap(), isa));
//! assert!(isas::by_name("w64").is_none());
//! // The sources, in load order, for a reference pane.
//! assert_eq!(isas::w128_sources()[0].0, "base.isa");
//! ```

use crate::spec::model::Isa;
use std::sync::OnceLock;

/// The w128 description files in load order: `(file name, text)`.
const W128_SOURCES: &[(&str, &str)] = &[
    ("base.isa", include_str!("../isa/w128/base.isa")),
    ("sreg.isa", include_str!("../isa/w128/sreg.isa")),
    ("warp.isa", include_str!("../isa/w128/warp.isa")),
    ("alu.isa", include_str!("../isa/w128/alu.isa")),
];

/// Names of the bundled ISAs, for `--isa` help texts and menus.
pub const NAMES: &[&str] = &["w128"];

/// The w128 ISA: 128-bit words, SASS-like, loaded on first use.
///
/// # Panics
///
/// Panics (with the rendered diagnostics) if the bundled description files
/// do not load, which the crate's tests rule out.
pub fn w128() -> &'static Isa {
    static W128: OnceLock<Isa> = OnceLock::new();
    W128.get_or_init(|| load_bundled("w128", 128, W128_SOURCES))
}

/// The w128 description files in load order, as `(file name, text)`.
pub fn w128_sources() -> &'static [(&'static str, &'static str)] {
    W128_SOURCES
}

/// A bundled ISA by its short name (`"w128"`), or `None` for an unknown
/// name.
pub fn by_name(name: &str) -> Option<&'static Isa> {
    match name {
        "w128" => Some(w128()),
        _ => None,
    }
}

/// The description files of a bundled ISA by its short name.
pub fn sources_by_name(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    match name {
        "w128" => Some(w128_sources()),
        _ => None,
    }
}

fn load_bundled(name: &str, word_bits: u32, files: &[(&str, &str)]) -> Isa {
    match crate::spec::load(name, word_bits, files) {
        Ok(isa) => isa,
        Err(diags) => panic!(
            "the bundled `{name}` description does not load:\n{}",
            crate::diag::render(&diags, files)
        ),
    }
}
