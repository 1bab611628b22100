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
//! The documentation's prose (descriptions, semantics, examples: most of
//! a description's text) is a separate part of the compiled form. With
//! the `docs` feature (on by default) it is compiled in too and each model
//! is whole; without it, a model carries only the sections the engine
//! reads ([`compact::KEPT_SECTIONS`]) and a program puts the rest back
//! with [`Id::with_docs`] once it has fetched the file
//! [`Id::docs_file_name`] (the playground does, when its reference pane
//! is first shown).
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

use crate::spec::{compact, model::Isa};
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
        LOADED[self.base() as usize].get_or_init(|| open_compiled(self.base()))
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
    /// Reads a short name; the error ([`Id::unknown`] in English) lists
    /// the known ones.
    fn from_str(s: &str) -> Result<Id, String> {
        Id::from_name(s).ok_or_else(|| Id::unknown(s).english())
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

/// The lean compact forms written by the build script, in the order of
/// [`Id::ALL`].
const COMPILED: [&[u8]; 3] = [
    include_bytes!(concat!(env!("OUT_DIR"), "/w128.wsi")),
    include_bytes!(concat!(env!("OUT_DIR"), "/sm50.wsi")),
    include_bytes!(concat!(env!("OUT_DIR"), "/gfx9.wsi")),
];

/// Their documentation parts ([`compact::write_split`]).
#[cfg(feature = "docs")]
const DOCS: [&[u8]; 3] = [
    include_bytes!(concat!(env!("OUT_DIR"), "/w128.wsd")),
    include_bytes!(concat!(env!("OUT_DIR"), "/sm50.wsd")),
    include_bytes!(concat!(env!("OUT_DIR"), "/gfx9.wsd")),
];

fn open_compiled(id: Id) -> Isa {
    let lean = compact::read(COMPILED[id as usize]);
    #[cfg(feature = "docs")]
    let lean = lean.and_then(|isa| id.with_docs(&isa, DOCS[id as usize]));
    lean.unwrap_or_else(|| panic!("the compiled `{id}` description is missing or damaged"))
}

impl Id {
    /// Why `name` names no bundled ISA, with the names that do.
    pub fn unknown(name: &str) -> crate::msg::Text {
        crate::msg!("unknown ISA `{0}`; known ISAs: {1}", name, NAMES.join(", "))
    }

    /// The name of the file that holds this ISA's documentation part, as a
    /// program that leaves it out (the playground) fetches it.
    pub fn docs_file_name(self) -> &'static str {
        match self {
            Id::W128 => "w128.wsd",
            Id::Sm50 => "sm50.wsd",
            Id::Gfx9 => "gfx9.wsd",
            Id::Cuda => Id::W128.docs_file_name(),
        }
    }

    /// `isa` (this ISA's model, as [`Id::isa`] returns it without the
    /// `docs` feature) with the documentation part `docs` put back; `None`
    /// if `docs` is damaged or was built with another description.
    pub fn with_docs(self, isa: &Isa, docs: &[u8]) -> Option<Isa> {
        compact::read_docs(isa, compact::digest(COMPILED[self.base() as usize]), docs)
    }

    /// The documentation part of this ISA, to be written where a program
    /// built without it can fetch it ([`Id::docs_file_name`]).
    #[cfg(feature = "docs")]
    pub fn docs_file(self) -> &'static [u8] {
        DOCS[self.base() as usize]
    }
}
