//! The bundled ISAs' description files and dialects: what core's build
//! script reads and validates (it includes this file) and what
//! [`crate::isas`] serves as the descriptions' sources.

use crate::spec::model::{ControlLayout, Dialect, Machine, Syntax};

/// The w128 description files in load order: `(file name, text)`.
pub const W128_SOURCES: &[(&str, &str)] = &[
    ("base.isa", include_str!("../../isa/w128/base.isa")),
    ("sreg.isa", include_str!("../../isa/w128/sreg.isa")),
    ("warp.isa", include_str!("../../isa/w128/warp.isa")),
    ("alu.isa", include_str!("../../isa/w128/alu.isa")),
];

/// The sm50 description files in load order.
pub const SM50_SOURCES: &[(&str, &str)] = &[
    ("base.isa", include_str!("../../isa/sm50/base.isa")),
    ("s2r.isa", include_str!("../../isa/sm50/s2r.isa")),
    ("p2r.isa", include_str!("../../isa/sm50/p2r.isa")),
    ("exit.isa", include_str!("../../isa/sm50/exit.isa")),
];

/// The gfx9 description files in load order.
pub const GFX9_SOURCES: &[(&str, &str)] = &[
    ("base.isa", include_str!("../../isa/gfx9/base.isa")),
    ("sopk.isa", include_str!("../../isa/gfx9/sopk.isa")),
    ("sopp.isa", include_str!("../../isa/gfx9/sopp.isa")),
];

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

/// The dialect properties of w128 (the defaults: SASS syntax, one 128-bit
/// word per instruction, no control words, a warp).
pub const W128_DIALECT: Dialect = Dialect {
    syntax: Syntax::Sass,
    max_words: 1,
    control: None,
    machine: Machine::Warp,
};

/// A bundled ISA, named. Its short name (`w128`) is what `--isa`,
/// permalinks and puzzle files write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Id {
    /// The 128-bit SASS-like warp ISA (the default).
    #[default]
    W128,
    /// NVIDIA Maxwell SASS (S2R, P2R, control words).
    Sm50,
    /// AMDGPU GFX9 scalar instructions (s_getreg/s_setreg, hwreg).
    Gfx9,
    /// Not an ISA but a language: a CUDA C kernel (docs/cuda.md),
    /// compiled to w128. Its [`Id::base`] is w128, whose model, encoding
    /// and simulator its programs use; it names what an editor's text is
    /// written in, so that links, the history and the menus carry it.
    Cuda,
}

impl Id {
    /// Every bundled ISA, in menu order.
    pub const ALL: [Id; 3] = [Id::W128, Id::Sm50, Id::Gfx9];

    /// What a program may be written in, in menu order: the ISAs and
    /// CUDA C.
    pub const CHOICES: [Id; 4] = [Id::W128, Id::Sm50, Id::Gfx9, Id::Cuda];

    /// The ISA whose model runs this one's programs: itself, or w128 for
    /// [`Id::Cuda`].
    pub const fn base(self) -> Id {
        match self {
            Id::Cuda => Id::W128,
            other => other,
        }
    }

    /// The short name (`w128`, `sm50`, `gfx9`).
    pub const fn name(self) -> &'static str {
        match self {
            Id::W128 => "w128",
            Id::Sm50 => "sm50",
            Id::Gfx9 => "gfx9",
            Id::Cuda => "cuda",
        }
    }

    /// The ISA (or `cuda`) with this short name (exactly as [`Id::name`]
    /// writes it).
    pub fn from_name(name: &str) -> Option<Id> {
        Id::CHOICES.into_iter().find(|id| id.name() == name)
    }

    /// How this ISA (the base's, for `cuda`) is built: bits per word,
    /// dialect and description files.
    pub fn bundled(self) -> &'static Bundled {
        &ALL[self.base() as usize]
    }
}

/// One bundled ISA: its id, bits per word, dialect and description files
/// in load order.
pub struct Bundled {
    /// Which ISA.
    pub id: Id,
    /// Bits per instruction word.
    pub word_bits: u32,
    /// Dialect properties.
    pub dialect: Dialect,
    /// `(file name, text)` in load order.
    pub sources: &'static [(&'static str, &'static str)],
}

/// Every bundled ISA, in the order of [`Id::ALL`].
pub const ALL: &[Bundled] = &[
    Bundled {
        id: Id::W128,
        word_bits: 128,
        dialect: W128_DIALECT,
        sources: W128_SOURCES,
    },
    Bundled {
        id: Id::Sm50,
        word_bits: 64,
        dialect: SM50_DIALECT,
        sources: SM50_SOURCES,
    },
    Bundled {
        id: Id::Gfx9,
        word_bits: 32,
        dialect: GFX9_DIALECT,
        sources: GFX9_SOURCES,
    },
];
