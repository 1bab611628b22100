//! The ISAs bundled with warpscope, loaded once from `core/isa/`.
//!
//! The description files are compiled into the binary with `include_str!`
//! and read by [`crate::spec::load()`] the first time an ISA is asked for;
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
//! assert_eq!(isas::by_name("sm50").unwrap().word_bits, 64);
//! assert_eq!(isas::by_name("gfx9").unwrap().word_bits, 32);
//! // The sources, in load order, for a reference pane.
//! assert_eq!(isas::w128_sources()[0].0, "base.isa");
//! ```

use crate::spec::model::{ControlLayout, Dialect, Isa, Machine, Syntax};
use std::sync::OnceLock;

/// The w128 description files in load order: `(file name, text)`.
const W128_SOURCES: &[(&str, &str)] = &[
    ("base.isa", include_str!("../isa/w128/base.isa")),
    ("sreg.isa", include_str!("../isa/w128/sreg.isa")),
    ("warp.isa", include_str!("../isa/w128/warp.isa")),
    ("alu.isa", include_str!("../isa/w128/alu.isa")),
];

/// The sm50 description files in load order.
const SM50_SOURCES: &[(&str, &str)] = &[
    ("base.isa", include_str!("../isa/sm50/base.isa")),
    ("s2r.isa", include_str!("../isa/sm50/s2r.isa")),
    ("p2r.isa", include_str!("../isa/sm50/p2r.isa")),
    ("exit.isa", include_str!("../isa/sm50/exit.isa")),
];

/// The gfx9 description files in load order.
const GFX9_SOURCES: &[(&str, &str)] = &[
    ("base.isa", include_str!("../isa/gfx9/base.isa")),
    ("sopk.isa", include_str!("../isa/gfx9/sopk.isa")),
    ("sopp.isa", include_str!("../isa/gfx9/sopp.isa")),
];

/// Names of the bundled ISAs, for `--isa` help texts and menus.
pub const NAMES: &[&str] = &["w128", "sm50", "gfx9"];

/// The dialect properties of sm50: SASS syntax, one 64-bit word per
/// instruction, a control word (three 21-bit slots) before every three
/// instructions, a Maxwell warp.
pub const SM50_DIALECT: Dialect = Dialect {
    syntax: Syntax::Sass,
    max_words: 1,
    control: Some(ControlLayout {
        per_word: 3,
        slot_bits: 21,
        empty_slot: 0x7e0,
    }),
    machine: Machine::Maxwell,
};

/// The dialect properties of gfx9: LLVM AMDGPU syntax, 32-bit words, up
/// to two words (an instruction and its 32-bit literal), a wave's scalar
/// unit.
pub const GFX9_DIALECT: Dialect = Dialect {
    syntax: Syntax::Amdgpu,
    max_words: 2,
    control: None,
    machine: Machine::ScalarWave,
};

/// The sm50 ISA (NVIDIA Maxwell SASS: S2R, P2R, EXIT), loaded on first
/// use.
///
/// # Panics
///
/// Panics if the bundled description files do not load (ruled out by the
/// crate's tests).
pub fn sm50() -> &'static Isa {
    static SM50: OnceLock<Isa> = OnceLock::new();
    SM50.get_or_init(|| load_bundled_with("sm50", 64, SM50_DIALECT, SM50_SOURCES))
}

/// The gfx9 ISA (AMDGPU GFX9 scalar instructions: s_getreg_b32,
/// s_setreg_b32, s_setreg_imm32_b32, s_nop, s_endpgm), loaded on first use.
///
/// # Panics
///
/// Panics if the bundled description files do not load (ruled out by the
/// crate's tests).
pub fn gfx9() -> &'static Isa {
    static GFX9: OnceLock<Isa> = OnceLock::new();
    GFX9.get_or_init(|| load_bundled_with("gfx9", 32, GFX9_DIALECT, GFX9_SOURCES))
}

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
        "sm50" => Some(sm50()),
        "gfx9" => Some(gfx9()),
        _ => None,
    }
}

/// The description files of a bundled ISA by its short name.
pub fn sources_by_name(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    match name {
        "w128" => Some(w128_sources()),
        "sm50" => Some(SM50_SOURCES),
        "gfx9" => Some(GFX9_SOURCES),
        _ => None,
    }
}

fn load_bundled(name: &str, word_bits: u32, files: &[(&str, &str)]) -> Isa {
    load_bundled_with(name, word_bits, Dialect::default(), files)
}

fn load_bundled_with(name: &str, word_bits: u32, dialect: Dialect, files: &[(&str, &str)]) -> Isa {
    match crate::spec::load_with(name, word_bits, dialect, files) {
        Ok(isa) => isa,
        Err(diags) => panic!(
            "the bundled `{name}` description does not load:\n{}",
            crate::diag::render(&diags, files)
        ),
    }
}
