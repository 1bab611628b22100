//! The validated model of an ISA description: what the assembler, encoder,
//! decoder, disassembler, simulator and the UI read.
//!
//! A model is produced by [`crate::spec::load()`] from description files in
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
    /// How the dialect writes, lays out and bundles its instructions.
    pub dialect: Dialect,
    /// Tables that later stages compute from this description once and
    /// keep with it (the codec's layouts, the simulator's prepared ops).
    #[serde(skip)]
    pub derived: Derived,
}

/// Tables derived from an [`Isa`] by the stages above the description
/// reader, each computed on first use and then shared.
///
/// The reader does not know these types (imports run one way, from the
/// description up); a stage asks for its own table by type:
///
/// ```
/// use warpscope_core::spec::model::Derived;
/// struct Count(usize);
/// let d = Derived::default();
/// assert_eq!(d.get_or_init(|| Count(3)).0, 3);
/// assert_eq!(d.get_or_init(|| Count(4)).0, 3); // computed once
/// ```
#[derive(Default)]
pub struct Derived(std::sync::Mutex<Vec<std::sync::Arc<dyn std::any::Any + Send + Sync>>>);

impl Derived {
    /// The table of type `T`, computed by `init` the first time it is
    /// asked for. `init` may itself ask for other tables.
    pub fn get_or_init<T: std::any::Any + Send + Sync>(
        &self,
        init: impl FnOnce() -> T,
    ) -> std::sync::Arc<T> {
        use std::sync::Arc;
        let find = |tables: &[Arc<dyn std::any::Any + Send + Sync>]| {
            tables.iter().find_map(|t| t.clone().downcast::<T>().ok())
        };
        // A poisoned lock only means another thread panicked while
        // pushing; the tables it holds are still whole.
        let lock = || self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = find(&lock()) {
            return t;
        }
        // Computed without the lock held, so `init` can ask for others.
        let made = Arc::new(init());
        let mut tables = lock();
        if let Some(t) = find(&tables) {
            return t;
        }
        tables.push(made.clone());
        made
    }
}

impl Clone for Derived {
    /// A copy of an ISA starts with no tables (it may be changed).
    fn clone(&self) -> Self {
        Derived::default()
    }
}

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Derived")
    }
}

/// Assembly conventions of a dialect.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub enum Syntax {
    /// NVIDIA SASS style: upper-case mnemonics, `R5`/`P0`/`UR3` registers,
    /// `@P0` guards, statements ended by `;` or a line end.
    #[default]
    Sass,
    /// AMDGPU (LLVM) style: lower-case mnemonics, `s2` scalar registers,
    /// `hwreg(...)` operands, `;` starts a comment, one statement per line.
    Amdgpu,
}

/// Scheduling control words that accompany groups of instructions
/// (Maxwell: one 64-bit control word before every three instructions).
///
/// Each instruction's share of the control word (its *slot*) is held by
/// the instruction's own fields at bits `word_bits ..
/// word_bits + slot_bits` of its [`Word`], above the instruction word
/// itself; the encoder moves them into the control word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ControlLayout {
    /// Instructions per control word.
    pub per_word: u32,
    /// Bits per instruction slot; slot `k` lies at bits
    /// `k * slot_bits ..` of the control word.
    pub slot_bits: u32,
    /// The slot value of a position that holds no instruction.
    pub empty_slot: u64,
}

/// The architectural state a dialect's programs see, for the simulator's
/// `.init` directive and for state views.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub enum Machine {
    /// A 32-lane warp with R0..R254, P0..P6 per lane and UR0..UR62,
    /// UP0..UP6, B0..B15 per warp (w128).
    #[default]
    Warp,
    /// A 32-lane Maxwell warp: R0..R254 and P0..P6 per lane, plus the
    /// per-lane condition code CC (ZF, SF, CF, OF in bits 0..3).
    Maxwell,
    /// A wave64's scalar unit: SGPRs s0..s101 and the hardware registers
    /// read and written by `s_getreg`/`s_setreg`.
    ScalarWave,
}

/// Dialect-wide properties that are not fields of an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Dialect {
    /// How the assembly text is written.
    pub syntax: Syntax,
    /// Most machine words one instruction may take (a 32-bit literal
    /// after an AMDGPU instruction makes it two words). Fields of an
    /// opcode may lie anywhere in `word_bits * max_words` bits; the words
    /// an opcode takes are the ones its fields touch.
    pub max_words: u32,
    /// Scheduling control words, if the dialect has them.
    pub control: Option<ControlLayout>,
    /// The machine state programs see.
    pub machine: Machine,
}

impl Default for Dialect {
    fn default() -> Dialect {
        Dialect {
            syntax: Syntax::Sass,
            max_words: 1,
            control: None,
            machine: Machine::Warp,
        }
    }
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

use crate::operand::reg::RegClass;
pub use crate::operand::Builtin;

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
    /// Width in bits of the value (both parts of a split field).
    pub width: u32,
    /// `field<lo, w, hlo, hw>`: the value's top `hw` bits lie at bits
    /// `hlo..hlo+hw` of the word (a split field, such as Maxwell's 20-bit
    /// immediates whose sign bit is bit 56); the low `width - hw` bits lie
    /// at `lo..`.
    pub high: Option<(u32, u32)>,
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

fn ones(width: u32) -> Word {
    if width >= 128 {
        !0
    } else {
        (1u128 << width) - 1
    }
}

impl Field {
    /// The register class of the field's type, if it is one (`Reg` → R).
    pub fn reg_class(&self) -> Option<RegClass> {
        match self.ty {
            TypeRef::Builtin(b) => RegClass::of(b),
            TypeRef::Enum(_) => None,
        }
    }
    /// The encoding of the zero or true register of the field's register
    /// class (`RZ` = 255, `PT` = 7), if it has one.
    pub fn zero_register(&self) -> Option<u64> {
        self.reg_class()?.zero()
    }
    /// Width of the low part (the whole field unless it is split).
    pub fn low_width(&self) -> u32 {
        self.width - self.high.map_or(0, |(_, w)| w)
    }
    /// The bit ranges `(lo, width)` the field occupies, low part first.
    pub fn parts(&self) -> Vec<(u32, u32)> {
        let mut v = vec![(self.lo, self.low_width())];
        v.extend(self.high);
        v
    }
    /// Mask of the field's bits within the word.
    pub fn mask(&self) -> Word {
        let low = ones(self.low_width()) << self.lo;
        match self.high {
            Some((hlo, hw)) => low | (ones(hw) << hlo),
            None => low,
        }
    }
    /// Reads the field's value out of a word.
    pub fn extract(&self, word: Word) -> u64 {
        let lw = self.low_width();
        let low = (word >> self.lo) & ones(lw);
        match self.high {
            Some((hlo, hw)) => (low | (((word >> hlo) & ones(hw)) << lw)) as u64,
            None => low as u64,
        }
    }
    /// Writes `value` (truncated to the width) into a word.
    pub fn insert(&self, word: Word, value: u64) -> Word {
        let lw = self.low_width();
        let v = value as Word;
        let mut out = (word & !self.mask()) | ((v & ones(lw)) << self.lo);
        if let Some((hlo, hw)) = self.high {
            out |= ((v >> lw) & ones(hw)) << hlo;
        }
        out
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

/// The suffix of a section that holds the Chinese text beside the English
/// section of the same name (`Description_zh`): the ISA documents' own
/// text for the instructions that come from them, a translation for the
/// others.
pub const ORIGINAL_SUFFIX: &str = "_zh";

impl Docs {
    /// Text of the first section with this name.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.as_str())
    }

    /// The Chinese text of section `name` (its `name_zh` section), where
    /// the description keeps one.
    pub fn original(&self, name: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|(n, _)| n.strip_suffix(ORIGINAL_SUFFIX) == Some(name))
            .map(|(_, t)| t.as_str())
    }

    /// Whether a section name is that of a Chinese text (`Description_zh`).
    pub fn is_original(name: &str) -> bool {
        name.ends_with(ORIGINAL_SUFFIX)
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
    /// Mask of the bits of one instruction word (`word_bits` ones).
    pub fn word_mask(&self) -> Word {
        ones(self.word_bits)
    }
    /// Mask of every bit an instruction's fields may use outside the
    /// control slot: `word_bits * max_words` ones.
    pub fn inst_mask(&self) -> Word {
        ones(self.word_bits * self.dialect.max_words.max(1))
    }
    /// The control-slot bits of an instruction's [`Word`] (zero without
    /// control words).
    pub fn control_mask(&self) -> Word {
        match self.dialect.control {
            Some(c) => ones(c.slot_bits) << self.word_bits,
            None => 0,
        }
    }
    /// Machine words taken by opcode `op` (1 up to `max_words`): the words
    /// that its fields outside the control slot touch.
    pub fn opcode_words(&self, op: &Opcode) -> u32 {
        let inst = self.inst_mask();
        let used = op.fields.iter().fold(0, |m, f| m | f.mask()) & inst;
        let top = 128 - used.leading_zeros();
        top.div_ceil(self.word_bits.max(1)).max(1)
    }
    /// Byte address of each instruction, given how many words each takes:
    /// consecutive, except that with control words every group of
    /// `per_word` instructions follows its control word.
    pub fn addresses(&self, words: &[u32]) -> Vec<u64> {
        let wb = u64::from(self.word_bits.div_ceil(8).max(1));
        match self.dialect.control {
            Some(c) => {
                let per = u64::from(c.per_word.max(1));
                (0..words.len() as u64)
                    .map(|i| (i / per) * (per + 1) * wb + (i % per + 1) * wb)
                    .collect()
            }
            None => {
                let mut at = 0;
                words
                    .iter()
                    .map(|&w| {
                        let a = at;
                        at += u64::from(w.max(1)) * wb;
                        a
                    })
                    .collect()
            }
        }
    }
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
