//! Resolving an opcode's fields once per ISA: each lookup checks that the
//! field exists and has the class the semantics need, and yields a slot
//! that reads the field's value out of an instruction by index.

use super::{Dst, Operand, PredSrc, PrepError, Src};
use crate::msg::Text;
use crate::sim::operands::{cbank, cmem, PT, RZ, URZ};
use crate::spec::model::{Builtin, Isa, Opcode, TypeRef};

/// One opcode's fields, for building its semantics.
pub(crate) struct Fields<'a> {
    pub isa: &'a Isa,
    pub def: &'a Opcode,
}

/// Reads `v[i]`, or `None` when the instruction holds fewer values.
fn at(v: &[u64], i: usize) -> Option<u64> {
    v.get(i).copied()
}

/// A register, uniform register or predicate number: values past the
/// file read as its zero register (RZ, URZ, PT), which is also what an
/// instruction lacking the value reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RegSlot {
    idx: usize,
    zero: u8,
}
impl RegSlot {
    pub fn get(self, v: &[u64]) -> u8 {
        at(v, self.idx).map_or(self.zero, |x| x.min(u64::from(self.zero)) as u8)
    }
}

/// A destination that is `Rd` or, in a uniform form, `URd`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DstSlot {
    reg: RegSlot,
    uniform: bool,
}
impl DstSlot {
    pub fn get(self, v: &[u64]) -> Dst {
        let n = self.reg.get(v);
        if self.uniform {
            Dst::UR(n)
        } else {
            Dst::R(n)
        }
    }
}

/// A predicate source with its optional `.not` companion.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PredSlot {
    idx: RegSlot,
    not: Option<usize>,
}
impl PredSlot {
    pub fn get(self, v: &[u64]) -> PredSrc {
        PredSrc {
            idx: self.idx.get(v),
            not: self.not.and_then(|i| at(v, i)).unwrap_or(0) != 0,
        }
    }
}

/// A field read as a plain number (0 when the instruction lacks it).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawSlot(usize, u64);
impl RawSlot {
    pub fn get(self, v: &[u64]) -> u64 {
        at(v, self.0).unwrap_or(self.1)
    }
}

/// How a source operand's field is read.
#[derive(Debug, Clone, Copy)]
enum SrcClass {
    R,
    UR,
    CMem,
    CBank,
    SImm(u32),
    Imm,
}

/// A source operand with its optional `.bitnot` companion.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OperandSlot {
    idx: usize,
    class: SrcClass,
    bitnot: Option<usize>,
}
impl OperandSlot {
    /// The operand, constant-bank words read through `consts`.
    pub fn get(self, v: &[u64], consts: &dyn Fn(u8, u16) -> u32) -> Operand {
        let Some(x) = at(v, self.idx) else {
            return Operand::ZERO;
        };
        let src = match self.class {
            SrcClass::R => Src::R(x.min(u64::from(RZ)) as u8),
            SrcClass::UR => Src::UR(x.min(u64::from(URZ)) as u8),
            SrcClass::CMem => Src::Imm(consts(cmem(x).0, cmem(x).1)),
            SrcClass::CBank => Src::Imm(consts(cbank(x).0, cbank(x).1)),
            SrcClass::SImm(n) => Src::Imm(sign_extend(x, n)),
            SrcClass::Imm => Src::Imm(x as u32),
        };
        let bitnot = self.bitnot.and_then(|i| at(v, i)).unwrap_or(0) != 0;
        Operand { src, bitnot }
    }
}

fn sign_extend(v: u64, bits: u32) -> u32 {
    if bits == 0 || bits >= 64 {
        return v as u32;
    }
    let shift = 64 - bits;
    (((v << shift) as i64) >> shift) as u32
}

/// An enum-typed modifier mapped to the simulator's own values: one entry
/// per encoding, `default` for encodings the type does not name.
#[derive(Debug, Clone)]
pub(crate) struct EnumSlot<T> {
    idx: usize,
    table: Vec<T>,
    default: T,
}
impl<T: Copy> EnumSlot<T> {
    pub fn get(&self, v: &[u64]) -> T {
        at(v, self.idx)
            .and_then(|x| self.table.get(usize::try_from(x).ok()?).copied())
            .unwrap_or(self.default)
    }
}

impl Fields<'_> {
    fn err(&self, field: &str, problem: Text) -> PrepError {
        PrepError {
            opcode: self.def.name.clone(),
            field: field.to_string(),
            problem,
        }
    }

    fn index(&self, name: &str) -> Result<usize, PrepError> {
        self.def
            .field_index(name)
            .ok_or_else(|| self.err(name, crate::msg!("is missing")))
    }

    fn type_name(&self, ty: TypeRef) -> String {
        match ty {
            TypeRef::Enum(t) => self.isa.types.get(t).map_or("?", |t| &t.name).to_string(),
            TypeRef::Builtin(b) => crate::operand::name(b),
        }
    }

    /// The index of field `name`, which must be of one of the classes `ok`.
    fn typed(&self, name: &str, ok: &[Builtin]) -> Result<usize, PrepError> {
        let i = self.index(name)?;
        match self.def.fields[i].ty {
            TypeRef::Builtin(b) if ok.contains(&b) => Ok(i),
            ty => Err(self.err(
                name,
                crate::msg!(
                    "has type {0}, expected one of {1}",
                    self.type_name(ty),
                    ok.iter()
                        .map(|&b| crate::operand::name(b))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }

    /// True when the opcode has a field `name`.
    pub fn has(&self, name: &str) -> bool {
        self.def.field_index(name).is_some()
    }

    /// A required `Reg` field.
    pub fn reg(&self, name: &str) -> Result<RegSlot, PrepError> {
        let idx = self.typed(name, &[Builtin::Reg])?;
        Ok(RegSlot { idx, zero: RZ })
    }

    /// A required `UReg` field.
    pub fn ureg(&self, name: &str) -> Result<RegSlot, PrepError> {
        let idx = self.typed(name, &[Builtin::UReg])?;
        Ok(RegSlot { idx, zero: URZ })
    }

    /// The destination `rd` (`uniform`: `urd`).
    pub fn dst(&self, uniform: bool) -> Result<DstSlot, PrepError> {
        let reg = if uniform {
            self.ureg("urd")?
        } else {
            self.reg("rd")?
        };
        Ok(DstSlot { reg, uniform })
    }

    /// A required `Pred` or `UPred` field, as a number.
    pub fn pidx(&self, name: &str) -> Result<RegSlot, PrepError> {
        let idx = self.typed(name, &[Builtin::Pred, Builtin::UPred])?;
        Ok(RegSlot { idx, zero: PT })
    }

    /// A required predicate source `name` with its optional `name.not`.
    pub fn pred(&self, name: &str) -> Result<PredSlot, PrepError> {
        let idx = self.pidx(name)?;
        let not = self.companion(&format!("{name}.not"), Builtin::PModi)?;
        Ok(PredSlot { idx, not })
    }

    /// An optional companion field of class `class`.
    fn companion(&self, name: &str, class: Builtin) -> Result<Option<usize>, PrepError> {
        if self.has(name) {
            self.typed(name, &[class]).map(Some)
        } else {
            Ok(None)
        }
    }

    /// A required field read as a number (any type).
    pub fn raw(&self, name: &str) -> Result<RawSlot, PrepError> {
        self.index(name).map(|i| RawSlot(i, 0))
    }

    /// Like [`Fields::raw`], with the value used when an instruction
    /// holds too few values.
    pub fn raw_or(&self, name: &str, missing: u64) -> Result<RawSlot, PrepError> {
        self.index(name).map(|i| RawSlot(i, missing))
    }

    /// A source operand: the first of `names` the opcode has (register,
    /// uniform register, constant bank or immediate), with its optional
    /// `.bitnot`. An error when it has none of them.
    pub fn operand(&self, names: &[&str]) -> Result<OperandSlot, PrepError> {
        let Some((name, idx)) = names
            .iter()
            .find_map(|n| self.def.field_index(n).map(|i| (*n, i)))
        else {
            return Err(self.err(&names.join("|"), crate::msg!("is missing")));
        };
        let class = match self.def.fields[idx].ty {
            TypeRef::Builtin(Builtin::Reg) => SrcClass::R,
            TypeRef::Builtin(Builtin::UReg) => SrcClass::UR,
            TypeRef::Builtin(Builtin::CMem) => SrcClass::CMem,
            TypeRef::Builtin(Builtin::CBank) => SrcClass::CBank,
            TypeRef::Builtin(Builtin::SImm(n)) => SrcClass::SImm(n),
            TypeRef::Builtin(Builtin::UImm(_) | Builtin::F32Imm) | TypeRef::Enum(_) => {
                SrcClass::Imm
            }
            ty => {
                return Err(self.err(
                    name,
                    crate::msg!(
                        "has type {0}, expected a source operand",
                        self.type_name(ty)
                    ),
                ))
            }
        };
        let bitnot = self.companion(&format!("{name}.bitnot"), Builtin::SignModi)?;
        Ok(OperandSlot { idx, class, bitnot })
    }

    /// An enum-typed field whose value names (exactly as in `names`) map
    /// to the simulator's values; encodings the type leaves unnamed read
    /// as `default`. An error when the field is not an enum or the type
    /// names a value that `names` does not list.
    pub fn enumerated<T: Copy>(
        &self,
        name: &str,
        names: &[(&str, T)],
        default: T,
    ) -> Result<EnumSlot<T>, PrepError> {
        let idx = self.index(name)?;
        let ty = self.def.fields[idx].ty;
        let TypeRef::Enum(t) = ty else {
            return Err(self.err(
                name,
                crate::msg!("has type {0}, expected an enum", self.type_name(ty)),
            ));
        };
        let Some(et) = self.isa.types.get(t) else {
            return Err(self.err(name, crate::msg!("has an unknown type")));
        };
        let len = et.values.iter().map(|v| v.value).max().map_or(0, |m| m + 1);
        let mut table = vec![default; usize::try_from(len.min(1 << 16)).unwrap_or(0)];
        for (k, v) in et.values.iter().enumerate() {
            if et.values[..k].iter().any(|e| e.value == v.value) {
                continue; // an alias: the first name of a value is the one read
            }
            let Some(&(_, x)) = names.iter().find(|(n, _)| *n == v.name) else {
                return Err(self.err(
                    name,
                    crate::msg!("value {0} of {1} has no meaning here", &v.name, &et.name),
                ));
            };
            if let Some(slot) = usize::try_from(v.value).ok().and_then(|i| table.get_mut(i)) {
                *slot = x;
            }
        }
        Ok(EnumSlot {
            idx,
            table,
            default,
        })
    }
}
