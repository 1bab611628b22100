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
//! // Each bundled ISA has an id; names are only read and written at the
//! // edges (command line, links, puzzle files).
//! let id = isas::Id::from_name("gfx9").unwrap();
//! assert_eq!(id.isa().word_bits, 32);
//! assert_eq!(id.to_string(), "gfx9");
//! assert_eq!(isas::NAMES, ["w128", "sm50", "gfx9"]);
//! assert_eq!(isas::by_name("sm50").unwrap().word_bits, 64);
//! assert_eq!(isas::by_name("gfx9").unwrap().word_bits, 32);
//! // The sources, in load order, for a reference pane.
//! assert_eq!(isas::w128_sources()[0].0, "base.isa");
//! ```

use crate::spec::model::Isa;
use std::sync::OnceLock;

mod bundled;

pub use bundled::{Id, GFX9_DIALECT, SM50_DIALECT};

/// Names of the bundled ISAs, for `--isa` help texts and menus (the names
/// of [`Id::ALL`]).
pub const NAMES: &[&str] = &{
    let mut names = [""; 3];
    let mut i = 0;
    while i < Id::ALL.len() {
        names[i] = Id::ALL[i].name();
        i += 1;
    }
    names
};

impl Id {
    /// The ISA, loaded on first use from its compiled form.
    ///
    /// # Panics
    ///
    /// Panics if its compiled form is damaged (ruled out by the crate's
    /// tests; a description that does not load fails the build).
    pub fn isa(self) -> &'static Isa {
        static LOADED: [OnceLock<Isa>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        LOADED[self as usize].get_or_init(|| open_compiled(self))
    }

    /// The description files in load order, as `(file name, text)`.
    pub fn sources(self) -> &'static [(&'static str, &'static str)] {
        self.bundled().sources
    }

    /// The id of a bundled ISA model (one returned by [`Id::isa`] or
    /// loaded from the same description), by its name.
    pub fn of(isa: &Isa) -> Option<Id> {
        Id::from_name(&isa.name)
    }
}

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Id {
    type Err = String;
    /// Reads a short name; the error lists the known ones.
    fn from_str(s: &str) -> Result<Id, String> {
        Id::from_name(s)
            .ok_or_else(|| format!("unknown ISA `{s}`; known ISAs: {}", NAMES.join(", ")))
    }
}

impl serde::Serialize for Id {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The sm50 ISA (NVIDIA Maxwell SASS: S2R, P2R, EXIT).
pub fn sm50() -> &'static Isa {
    Id::Sm50.isa()
}

/// The gfx9 ISA (AMDGPU GFX9 scalar instructions: s_getreg_b32,
/// s_setreg_b32, s_setreg_imm32_b32 with `hwreg(...)` operands).
pub fn gfx9() -> &'static Isa {
    Id::Gfx9.isa()
}

/// The w128 ISA: 128-bit words, SASS-like.
pub fn w128() -> &'static Isa {
    Id::W128.isa()
}

/// The w128 description files in load order, as `(file name, text)`.
pub fn w128_sources() -> &'static [(&'static str, &'static str)] {
    Id::W128.sources()
}

/// A bundled ISA by its short name (`"w128"`), or `None` for an unknown
/// name.
pub fn by_name(name: &str) -> Option<&'static Isa> {
    Id::from_name(name).map(Id::isa)
}

/// The description files of a bundled ISA by its short name.
pub fn sources_by_name(name: &str) -> Option<&'static [(&'static str, &'static str)]> {
    Id::from_name(name).map(Id::sources)
}

/// The models loaded from the description texts with the reader, as the
/// build script loads them: what the compiled forms must equal (for
/// tests and tools that check them; the program itself uses the compiled
/// forms).
pub fn load_from_sources() -> Vec<Result<Isa, String>> {
    bundled::ALL
        .iter()
        .map(|b| {
            crate::spec::load_with(b.id.name(), b.word_bits, b.dialect, b.sources)
                .map_err(|d| crate::diag::render(&d, b.sources))
        })
        .collect()
}

/// The compact forms written by the build script, in the order of
/// [`Id::ALL`].
const COMPILED: [&[u8]; 3] = [
    include_bytes!(concat!(env!("OUT_DIR"), "/w128.wsi")),
    include_bytes!(concat!(env!("OUT_DIR"), "/sm50.wsi")),
    include_bytes!(concat!(env!("OUT_DIR"), "/gfx9.wsi")),
];

fn open_compiled(id: Id) -> Isa {
    crate::spec::compact::read(COMPILED[id as usize])
        .unwrap_or_else(|| panic!("the compiled `{id}` description is missing or damaged"))
}
