//! The validated model of an ISA description: what the assembler, encoder,
//! decoder, disassembler, simulator and the UI read.
//!
//! A model is produced by [`crate::spec::load`] from description files in
//! the seeds' language. After loading, every group/optype/opcode inheritance
//! list has been flattened: an [`Opcode`] carries every field it has, its own
//! and its ancestors', in declaration order (ancestors first).

use crate::diag::Span;
use serde::Serialize;

/// One machine word of any dialect, least significant bit = bit 0.
pub type Word = u128;

/// A loaded, validated instruction set.
#[derive(Debug, Clone, Serialize)]
pub struct Isa {
    /// Short name used by `--isa` and in permalinks (`w128`).
    pub name: String,
    /// Bits per instruction word.
    pub word_bits: u32,
    /// Enumerated bit-field types (`__DefBitFieldType`).
    pub types: Vec<EnumType>,
    /// Groups (`__DefGroup`), kept for documentation and the bitfield view.
    pub groups: Vec<Class>,
    /// Mnemonic-level definitions (`__DefOptype`).
    pub optypes: Vec<Optype>,
    /// Concrete encodings (`__DefOpcode`), fully flattened.
    pub opcodes: Vec<Opcode>,
}

/// An enumerated type: `__DefBitFieldType Name<width>`.
#[derive(Debug, Clone, Serialize)]
pub struct EnumType {
    /// Type name (`SHFLMode`).
    pub name: String,
    /// Width in bits.
    pub width: u32,
    /// Values in declaration order. Several names may share one value
    /// (aliases); the first declared is the canonical one printed back.
    pub values: Vec<EnumValue>,
    /// Documentation sections attached to the type.
    pub docs: Docs,
    /// Where the type is declared.
    pub span: Span,
    /// Index of the description file that declares it.
    pub file: usize,
}

/// One named value of an [`EnumType`].
#[derive(Debug, Clone, Serialize)]
pub struct EnumValue {
    /// Name as written (`SR_CTAID.X`, `UP`, `U32`).
    pub name: String,
    /// Numeric value.
    pub value: u64,
    /// Trailing `//` comment on the same line, if any.
    pub doc: Option<String>,
}

impl EnumType {
    /// Canonical name of a numeric value.
    pub fn name_of(&self, value: u64) -> Option<&str> {
        self.values
            .iter()
            .find(|v| v.value == value)
            .map(|v| v.name.as_str())
    }
    /// Value of a name (case-sensitive).
    pub fn value_of(&self, name: &str) -> Option<u64> {
        self.values.iter().find(|v| v.name == name).map(|v| v.value)
    }
}

/// Operand classes the tools understand without a table in the description.
///
/// Their names are reserved type names in a description file; see
/// `core/isa/w128/base.isa` for the encodings (`Reg`: R0..R254, RZ = 255; ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Builtin {
    /// General-purpose register, per lane. RZ is the all-ones encoding.
    Reg,
    /// Uniform register, one per warp. URZ is the all-ones encoding.
    UReg,
    /// Predicate register, per lane. PT is the all-ones encoding.
    Pred,
    /// Uniform predicate. UPT is the all-ones encoding.
    UPred,
    /// Logical-not modifier of a predicate operand (`!P0`): False/True.
    PModi,
    /// Bitwise-not modifier of a register operand (`~UR4`): False/True.
    SignModi,
    /// Unsigned immediate of the given width.
    UImm(u32),
    /// Signed (two's complement) immediate of the given width.
    SImm(u32),
    /// 32-bit float immediate (the field holds its IEEE-754 bits).
    F32Imm,
    /// Constant-bank operand `c[bank][offset]`.
    CMem,
}

/// What a field's `Type` refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TypeRef {
    /// Index into [`Isa::types`].
    Enum(usize),
    /// A built-in operand class.
    Builtin(Builtin),
}

/// One `field<lo, width> Type name` after inheritance.
#[derive(Debug, Clone, Serialize)]
pub struct Field {
    /// Field name as declared (`pg`, `pg.not`, `urb.bitnot`, `mode`).
    pub name: String,
    /// Lowest bit.
    pub lo: u32,
    /// Width in bits.
    pub width: u32,
    /// The field's type.
    pub ty: TypeRef,
    /// `==X`: the field always holds this value (it selects the opcode).
    pub fixed: Option<u64>,
    /// `=X`: the value used when the assembly leaves the operand out.
    pub default: Option<u64>,
    /// Name of the group/optype/opcode that declares the field.
    pub declared_in: String,
    /// Where it is declared.
    pub span: Span,
}

impl Field {
    /// Mask of the field's bits within the word.
    pub fn mask(&self) -> Word {
        let ones: Word = if self.width >= 128 {
            !0
        } else {
            (1u128 << self.width) - 1
        };
        ones << self.lo
    }
    /// Reads the field's value out of a word.
    pub fn extract(&self, word: Word) -> u64 {
        ((word & self.mask()) >> self.lo) as u64
    }
    /// Writes `value` (truncated to the width) into a word.
    pub fn insert(&self, word: Word, value: u64) -> Word {
        (word & !self.mask()) | (((value as Word) << self.lo) & self.mask())
    }
}

/// A `Bitwidth<x> = expr` expression: integers, `+ - *`, parentheses and
/// `field == "VALUE"` comparisons (1 when true, 0 when false).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Expr {
    /// A literal.
    Int(i64),
    /// `field == "NAME"`.
    Eq(String, String),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`.
    Mul(Box<Expr>, Box<Expr>),
}

/// Free-form documentation sections, in file order: (`"Syntax"`, text), ...
/// Section names are the `__Name` headers without underscores.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Docs {
    /// `(section name, text)` pairs. Text keeps its markdown.
    pub sections: Vec<(String, String)>,
}

impl Docs {
    /// Text of the first section with this name.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.as_str())
    }
}

/// A `__DefGroup`, `__DefOptype` or `__DefOpcode` as declared (before
/// flattening).
#[derive(Debug, Clone, Serialize)]
pub struct Class {
    /// Name.
    pub name: String,
    /// Parents from `: [A, B]`.
    pub parents: Vec<String>,
    /// Fields declared here (not inherited).
    pub fields: Vec<Field>,
    /// Documentation.
    pub docs: Docs,
    /// Where declared.
    pub span: Span,
    /// Index of the description file.
    pub file: usize,
}

/// One modifier slot of a mnemonic: `.mode`, `{.dtype}`.
#[derive(Debug, Clone, Serialize)]
pub struct ModifierSlot {
    /// Field that holds the modifier (`mode`).
    pub field: String,
    /// True when written in braces in `__Syntax` (it has a default).
    pub optional: bool,
}

/// A mnemonic: `__DefOptype SHFL`.
#[derive(Debug, Clone, Serialize)]
pub struct Optype {
    /// The mnemonic (`SHFL`).
    pub name: String,
    /// The group it belongs to (`SYNCOp`).
    pub group: String,
    /// Its documentation (syntax, description, semantics, examples...).
    pub docs: Docs,
    /// Modifiers in the order they follow the mnemonic.
    pub modifiers: Vec<ModifierSlot>,
    /// Indices of its opcodes in [`Isa::opcodes`].
    pub opcodes: Vec<usize>,
    /// Where declared.
    pub span: Span,
    /// Index of the description file.
    pub file: usize,
}

/// A concrete encoding: `__DefOpcode SHFL_RRI`, flattened.
#[derive(Debug, Clone, Serialize)]
pub struct Opcode {
    /// Name (`SHFL_RRI`).
    pub name: String,
    /// Index of its optype in [`Isa::optypes`].
    pub optype: usize,
    /// Every field, ancestors' first.
    pub fields: Vec<Field>,
    /// `InList<...>`: fields read.
    pub inputs: Vec<String>,
    /// `OutList<...>`: fields written.
    pub outputs: Vec<String>,
    /// `Order<...>`: operand order in assembly (the guard `pg` first).
    pub order: Vec<String>,
    /// `Bitwidth<x> = expr` entries.
    pub bitwidths: Vec<(String, Expr)>,
    /// The opcode's own documentation.
    pub docs: Docs,
    /// Bits fixed by `==X` fields (for decoding).
    pub fixed_mask: Word,
    /// Values of those bits.
    pub fixed_bits: Word,
    /// Where declared.
    pub span: Span,
    /// Index of the description file.
    pub file: usize,
}

impl Opcode {
    /// Index of a field by name.
    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }
    /// A field by name.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }
}

impl Isa {
    /// An enum type by name.
    pub fn enum_type(&self, name: &str) -> Option<&EnumType> {
        self.types.iter().find(|t| t.name == name)
    }
    /// An optype (mnemonic) by name.
    pub fn optype(&self, name: &str) -> Option<&Optype> {
        self.optypes.iter().find(|o| o.name == name)
    }
    /// An opcode index by name.
    pub fn opcode_index(&self, name: &str) -> Option<usize> {
        self.opcodes.iter().position(|o| o.name == name)
    }
}
