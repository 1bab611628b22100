//! How the fields of one opcode appear in assembly text.
//!
//! Every field of an opcode plays exactly one [`FieldRole`]:
//!
//! - **Opcode**: fixed (`==X`) fields; they select the opcode and are never
//!   written.
//! - **Guard**: `pg` and its `pg.not` companion, written `@P0` / `@!P0`.
//! - **Operand**: the fields listed in `Order<...>` after the guard, plus
//!   their `x.not` (`!P3`) and `x.bitnot` (`~UR4`) companions.
//! - **Modifier**: the other enum-typed fields, written `.NAME` after the
//!   mnemonic, in the order of the optype's `__Syntax` line, then in field
//!   declaration order.
//! - **Control**: everything else (the scheduling controls), written
//!   `$name=value`.
//!
//! ```
//! use warpscope_core::codec::{self, FieldRole};
//! let isa = warpscope_core::isas::w128();
//! let op = isa.opcode_index("SHFL_RRI").unwrap();
//! let l = &codec::layouts(isa)[op];
//! let names: Vec<&str> = l.operands.iter()
//!     .map(|o| isa.opcodes[op].fields[o.field].name.as_str()).collect();
//! assert_eq!(names, ["pu", "rd", "ra", "rb", "vc"]);
//! let mode = isa.opcodes[op].field_index("mode").unwrap();
//! assert_eq!(l.roles[mode], FieldRole::Modifier);
//! ```

use crate::inst::Inst;
use crate::operand::{
    self,
    hwreg::{self, HwReg},
};
use crate::spec::model::{Builtin, Expr, Field, Isa, Opcode, TypeRef, Word};
use serde::Serialize;

/// What a field is for, as the bitfield view colours it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum FieldRole {
    /// A fixed field that selects the opcode (`optype`, `stype`).
    Opcode,
    /// The guard predicate and its negation (`pg`, `pg.not`).
    Guard,
    /// An operand or an operand's `!`/`~` companion.
    Operand,
    /// A `.MOD` modifier.
    Modifier,
    /// A scheduling control (`$sched`, `$req`, `$wsb`).
    Control,
}

/// The prefix that a companion field adds to its operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prefix {
    /// `!P3`: a `PModi` companion (logical not of a predicate).
    Not,
    /// `~UR4`: a `SignModi` companion (bitwise not of a register).
    BitNot,
}

impl Prefix {
    /// The prefix character as written.
    pub fn symbol(self) -> char {
        match self {
            Prefix::Not => '!',
            Prefix::BitNot => '~',
        }
    }
}

/// One operand position of an opcode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperandSlot {
    /// Index of the operand's field in the opcode.
    pub field: usize,
    /// Its companion field, if any, and the prefix that sets it.
    pub companion: Option<(Prefix, usize)>,
}

/// The assembly-text view of one opcode's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Index of the guard predicate field (`pg`), if the opcode has one.
    pub guard: Option<usize>,
    /// Index of the guard's negation companion (`pg.not`), if any.
    pub guard_not: Option<usize>,
    /// Operands in assembly order (the `Order<...>` list without the guard).
    pub operands: Vec<OperandSlot>,
    /// How many of `operands` must be written: the trailing ones whose
    /// field has a default may be left out.
    pub required: usize,
    /// Modifier fields in the order they follow the mnemonic.
    pub modifiers: Vec<usize>,
    /// Control fields (`$name=value`) in field declaration order.
    pub controls: Vec<usize>,
    /// The role of every field, indexed like `Opcode::fields`.
    pub roles: Vec<FieldRole>,
    /// Every bit that some field of the opcode covers.
    pub used: Word,
    /// The machine words the opcode takes ([`Isa::opcode_words`]).
    pub words: u32,
    /// The `Bitwidth<...>` of each field that the opcode gives one,
    /// indexed like `Opcode::fields`.
    pub widths: Vec<Option<Width>>,
    /// How the encoder writes the opcode's word in one pass; `None` when
    /// two fields share a bit (each field is then written in turn, the
    /// later one winning, as the description reads).
    pub packing: Option<Packing>,
}

/// An opcode's word worked out ahead: the bits of its fixed fields, and
/// where each other field's value goes. Valid only for fields that share
/// no bit, so that no field needs clearing before it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packing {
    /// The fixed fields' bits (every other field's bits zero).
    pub base: Word,
    /// The fields that take a value, in field order.
    pub places: Vec<Place>,
}

/// Where the value of one field goes in the word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// Index of the field (and its value).
    pub field: usize,
    /// The low part's first bit.
    pub lo: u32,
    /// The low part's width and the mask of that many ones.
    pub low_width: u32,
    /// Ones over the low part's width.
    pub low_mask: u64,
    /// The high part's first bit and mask of ones (0 when the field has
    /// no high part).
    pub hi: u32,
    /// Ones over the high part's width.
    pub high_mask: u64,
}

impl Packing {
    /// The packing of `op`'s fields, or `None` when two of them overlap.
    pub fn of_opcode(op: &Opcode) -> Option<Packing> {
        let mut used: Word = 0;
        let mut base: Word = 0;
        let mut places = Vec::new();
        let ones = |w: u32| if w >= 64 { !0 } else { (1u64 << w) - 1 };
        for (i, f) in op.fields.iter().enumerate() {
            let m = f.mask();
            if used & m != 0 || f.width > 64 {
                return None;
            }
            used |= m;
            match f.fixed {
                Some(v) => base = f.insert(base, v),
                None => places.push(Place {
                    field: i,
                    lo: f.lo,
                    low_width: f.low_width(),
                    low_mask: ones(f.low_width()),
                    hi: f.high.map_or(0, |(hlo, _)| hlo),
                    high_mask: f.high.map_or(0, |(_, hw)| ones(hw)),
                }),
            }
        }
        Some(Packing { base, places })
    }

    /// The word of an instruction with these field values (a missing value
    /// is 0; a value wider than its field is cut to it).
    pub fn word(&self, values: &[u64]) -> Word {
        let mut word = self.base;
        for p in &self.places {
            let v = values.get(p.field).copied().unwrap_or(0);
            let high = v.checked_shr(p.low_width).unwrap_or(0) & p.high_mask;
            word |= Word::from(v & p.low_mask) << p.lo | Word::from(high) << p.hi;
        }
        word
    }
}

/// A `Bitwidth<...>` expression with its field and value names resolved
/// against the opcode once, when its layout is worked out, so that
/// evaluating it for an instruction compares numbers only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Width {
    /// A literal.
    Int(i64),
    /// 1 when field `field` holds `value`, else 0; always 0 when the
    /// opcode has no such field or the field's type no such name.
    Is {
        /// The field's index.
        field: Option<usize>,
        /// The named value.
        value: Option<u64>,
    },
    /// `a + b`.
    Add(Box<Width>, Box<Width>),
    /// `a - b`.
    Sub(Box<Width>, Box<Width>),
    /// `a * b`.
    Mul(Box<Width>, Box<Width>),
}

impl Width {
    /// `e` with its names resolved against `op`.
    pub fn of(isa: &Isa, op: &Opcode, e: &Expr) -> Width {
        let two = |a: &Expr, b: &Expr| {
            (
                Box::new(Width::of(isa, op, a)),
                Box::new(Width::of(isa, op, b)),
            )
        };
        match e {
            Expr::Int(v) => Width::Int(*v),
            Expr::Eq(field, name) => {
                let field = op.field_index(field);
                let value = field.and_then(|i| value_of_name(isa, op.fields[i].ty, name));
                Width::Is { field, value }
            }
            Expr::Add(a, b) => {
                let (a, b) = two(a, b);
                Width::Add(a, b)
            }
            Expr::Sub(a, b) => {
                let (a, b) = two(a, b);
                Width::Sub(a, b)
            }
            Expr::Mul(a, b) => {
                let (a, b) = two(a, b);
                Width::Mul(a, b)
            }
        }
    }

    /// The width for an instruction with these field values.
    pub fn eval(&self, values: &[u64]) -> i64 {
        match self {
            Width::Int(v) => *v,
            Width::Is { field, value } => match (field, value) {
                (Some(i), Some(x)) => i64::from(values.get(*i).copied().unwrap_or(0) == *x),
                _ => 0,
            },
            Width::Add(a, b) => a.eval(values).wrapping_add(b.eval(values)),
            Width::Sub(a, b) => a.eval(values).wrapping_sub(b.eval(values)),
            Width::Mul(a, b) => a.eval(values).wrapping_mul(b.eval(values)),
        }
    }
}

/// The name of the guard field.
const GUARD: &str = "pg";

impl Layout {
    /// Works out the layout of `isa.opcodes[opcode]`.
    ///
    /// # Panics
    ///
    /// Panics if `opcode` is not an index into `isa.opcodes`.
    pub fn of(isa: &Isa, opcode: usize) -> Layout {
        let op = &isa.opcodes[opcode];
        let n = op.fields.len();
        let mut roles: Vec<Option<FieldRole>> = vec![None; n];
        let mut used: Word = 0;
        for (i, f) in op.fields.iter().enumerate() {
            used |= f.mask();
            if f.fixed.is_some() {
                roles[i] = Some(FieldRole::Opcode);
            }
        }
        let guard = op
            .field_index(GUARD)
            .filter(|&i| roles[i].is_none() && is_pred(&op.fields[i]));
        if let Some(g) = guard {
            roles[g] = Some(FieldRole::Guard);
        }
        let mut operands: Vec<OperandSlot> = Vec::new();
        for name in &op.order {
            if name == GUARD && guard.is_some() {
                continue;
            }
            if let Some(i) = op.field_index(name) {
                if roles[i].is_none() {
                    roles[i] = Some(FieldRole::Operand);
                    operands.push(OperandSlot {
                        field: i,
                        companion: None,
                    });
                }
            }
        }
        // Companions: `base.suffix` of type PModi / SignModi.
        let mut guard_not = None;
        for (i, f) in op.fields.iter().enumerate() {
            if roles[i].is_some() {
                continue;
            }
            let prefix = match f.ty {
                TypeRef::Builtin(Builtin::PModi) => Prefix::Not,
                TypeRef::Builtin(Builtin::SignModi) => Prefix::BitNot,
                _ => continue,
            };
            let Some((base, _)) = f.name.rsplit_once('.') else {
                continue;
            };
            let Some(b) = op.field_index(base) else {
                continue;
            };
            if Some(b) == guard && prefix == Prefix::Not && guard_not.is_none() {
                guard_not = Some(i);
                roles[i] = Some(FieldRole::Guard);
            } else if let Some(slot) = operands
                .iter_mut()
                .find(|s| s.field == b && s.companion.is_none())
            {
                slot.companion = Some((prefix, i));
                roles[i] = Some(FieldRole::Operand);
            }
        }
        // Modifiers: the optype's Syntax order first, then declaration order.
        let is_modifier =
            |i: usize, roles: &[Option<FieldRole>]| roles[i].is_none() && is_enum(&op.fields[i]);
        let mut modifiers = Vec::new();
        if let Some(ot) = isa.optypes.get(op.optype) {
            for slot in &ot.modifiers {
                if let Some(i) = op.field_index(&slot.field) {
                    if is_modifier(i, &roles) {
                        roles[i] = Some(FieldRole::Modifier);
                        modifiers.push(i);
                    }
                }
            }
        }
        for i in 0..n {
            if is_modifier(i, &roles) {
                roles[i] = Some(FieldRole::Modifier);
                modifiers.push(i);
            }
        }
        let mut controls = Vec::new();
        for (i, r) in roles.iter_mut().enumerate() {
            if r.is_none() {
                *r = Some(FieldRole::Control);
                controls.push(i);
            }
        }
        let optional = operands
            .iter()
            .rev()
            .take_while(|s| op.fields[s.field].default.is_some())
            .count();
        Layout {
            guard,
            guard_not,
            required: operands.len() - optional,
            operands,
            modifiers,
            controls,
            roles: roles
                .into_iter()
                .map(|r| r.unwrap_or(FieldRole::Control))
                .collect(),
            used,
            words: isa.opcode_words(op),
            widths: op
                .fields
                .iter()
                .map(|f| {
                    let (_, e) = op.bitwidths.iter().find(|(n, _)| *n == f.name)?;
                    Some(Width::of(isa, op, e))
                })
                .collect(),
            packing: Packing::of_opcode(op),
        }
    }

    /// The `Bitwidth<...>` of field `field` for an instruction with these
    /// field values; `None` when the opcode gives none.
    pub fn width(&self, field: usize, values: &[u64]) -> Option<i64> {
        Some(self.widths.get(field)?.as_ref()?.eval(values))
    }

    /// True when the register operand in field `field` of an instruction
    /// of opcode `op` (this layout's) with these values is a 64-bit
    /// register pair: its `Bitwidth<>` evaluates to 64.
    pub fn is_pair(&self, op: &Opcode, values: &[u64], field: usize) -> bool {
        op.fields.get(field).is_some_and(|f| {
            matches!(f.ty, TypeRef::Builtin(Builtin::Reg | Builtin::UReg))
                && self.width(field, values) == Some(64)
        })
    }
}

fn is_pred(f: &Field) -> bool {
    matches!(f.ty, TypeRef::Builtin(Builtin::Pred | Builtin::UPred))
}

fn is_enum(f: &Field) -> bool {
    matches!(f.ty, TypeRef::Enum(_))
}

/// The value of a name in a field of type `ty`: an enum value name
/// (case-insensitive, exact case preferred) or a built-in name (`RZ`, `PT`,
/// `True`).
pub fn value_of_name(isa: &Isa, ty: TypeRef, name: &str) -> Option<u64> {
    match ty {
        TypeRef::Enum(t) => {
            let et = isa.types.get(t)?;
            et.value_of(name).or_else(|| {
                et.values
                    .iter()
                    .find(|v| v.name.eq_ignore_ascii_case(name))
                    .map(|v| v.value)
            })
        }
        TypeRef::Builtin(b) => operand::value_of(b, name),
    }
}

/// Name of the enum type that names AMDGPU hardware registers.
pub const HWREG_TYPE: &str = hwreg::TYPE_NAME;

/// The id of a hardware register name (`HW_REG_MODE`), from the ISA's
/// `HwRegId` enum (case-insensitive).
pub fn hwreg_id(isa: &Isa, name: &str) -> Option<u64> {
    let t = isa.types.iter().position(|t| t.name == HWREG_TYPE)?;
    value_of_name(isa, TypeRef::Enum(t), name)
}

/// Appends the `hwreg(...)` text of a 16-bit hwreg operand value, as LLVM
/// prints it: the register by name when the ISA names it, else by id;
/// offset and size only when they are not the whole register (0 and 32).
pub fn write_hwreg(out: &mut String, isa: &Isa, v: u64) {
    HwReg::unpack(v).write_text(out, |id| {
        isa.enum_type(HWREG_TYPE).and_then(|t| t.name_of(id))
    })
}

/// True when the register operand in field `field` of `inst` is a 64-bit
/// register pair (its `Bitwidth<>` evaluates to 64): [`Layout::is_pair`]
/// with the ISA's layouts, for callers that do not hold them.
pub fn is_pair(isa: &Isa, inst: &Inst, field: usize) -> bool {
    super::layouts(isa)[inst.opcode].is_pair(inst.def(isa), &inst.values, field)
}
