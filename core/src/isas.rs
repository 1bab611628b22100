//! The ISAs bundled with warpscope, described in `core/isa/`.
//!
//! The description files are read and validated when warpscope is built:
//! core's build script runs [`crate::spec::load_with`] on them (a
//! description that does not load fails the build with its diagnostics)
//! and stores each model in its [compact form](crate::spec::compact),
//! which is compiled into the binary. The first time an ISA is asked for,
//! that form is copied back into a model; later calls return the same
//! `&'static` model. No description text is parsed at run time, so a
//! browser tab starts without the description reader. The texts
//! themselves stay available for a reference pane ([`sources_by_name`]).
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

use crate::spec::model::Isa;
use std::sync::OnceLock;

mod bundled;

/// Names of the bundled ISAs, for `--isa` help texts and menus.
pub const NAMES: &[&str] = &["w128", "sm50", "gfx9"];

pub use bundled::{GFX9_DIALECT, SM50_DIALECT};

/// The sm50 ISA (NVIDIA Maxwell SASS: S2R, P2R, EXIT), loaded on first
/// use.
///
/// # Panics
///
/// Panics if its compiled form is damaged (ruled out by the crate's
/// tests; a description that does not load fails the build).
pub fn sm50() -> &'static Isa {
    static SM50: OnceLock<Isa> = OnceLock::new();
    SM50.get_or_init(|| open_compiled("sm50"))
}

/// The gfx9 ISA (AMDGPU GFX9 scalar instructions: s_getreg_b32,
/// s_setreg_b32, s_setreg_imm32_b32, s_nop, s_endpgm), loaded on first use.
///
/// # Panics
///
/// Panics if its compiled form is damaged (ruled out by the crate's
/// tests; a description that does not load fails the build).
pub fn gfx9() -> &'static Isa {
    static GFX9: OnceLock<Isa> = OnceLock::new();
    GFX9.get_or_init(|| open_compiled("gfx9"))
}

/// The w128 ISA: 128-bit words, SASS-like, loaded on first use.
///
/// # Panics
///
/// Panics if its compiled form is damaged (ruled out by the crate's
/// tests; a description that does not load fails the build).
pub fn w128() -> &'static Isa {
    static W128: OnceLock<Isa> = OnceLock::new();
    W128.get_or_init(|| open_compiled("w128"))
}

/// The w128 description files in load order, as `(file name, text)`.
pub fn w128_sources() -> &'static [(&'static str, &'static str)] {
    bundled::W128_SOURCES
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
    bundled::ALL
        .iter()
        .find(|b| b.name == name)
        .map(|b| b.sources)
}

/// The models loaded from the description texts with the reader, as the
/// build script loads them: what the compiled forms must equal (for
/// tests and tools that check them; the program itself uses the compiled
/// forms).
pub fn load_from_sources() -> Vec<Result<Isa, String>> {
    bundled::ALL
        .iter()
        .map(|b| {
            crate::spec::load_with(b.name, b.word_bits, b.dialect, b.sources)
                .map_err(|d| crate::diag::render(&d, b.sources))
        })
        .collect()
}

/// The compact forms written by the build script, one per bundled ISA.
const COMPILED: [(&str, &[u8]); 3] = [
    (
        "w128",
        include_bytes!(concat!(env!("OUT_DIR"), "/w128.wsi")),
    ),
    (
        "sm50",
        include_bytes!(concat!(env!("OUT_DIR"), "/sm50.wsi")),
    ),
    (
        "gfx9",
        include_bytes!(concat!(env!("OUT_DIR"), "/gfx9.wsi")),
    ),
];

fn open_compiled(name: &str) -> Isa {
    COMPILED
        .iter()
        .find(|(n, _)| *n == name)
        .zip(sources_by_name(name))
        .and_then(|((_, bytes), sources)| crate::spec::compact::read(bytes, sources))
        .unwrap_or_else(|| panic!("the compiled `{name}` description is missing or damaged"))
}
