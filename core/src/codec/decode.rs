//! Machine words → instructions, with a per-field annotation.
//!
//! Decoding is table-driven: the opcode is the one whose fixed bits
//! (`fixed_mask` / `fixed_bits`) match the word (the most specific one if
//! several do); every field's value is then extracted. A word is rejected
//! when no opcode matches, when a bit that no field of the opcode covers is
//! set, or when a field holds a value the assembler could not have written
//! (an enum value without a name, an odd register as a 64-bit pair, a
//! constant offset that is not a multiple of 4).
//!
//! ```
//! use warpscope_core::{asm, isas};
//! use warpscope_core::codec::{decode, encode, FieldRole};
//! let isa = isas::w128();
//! let inst = asm::assemble_line(isa, "SHFL.BFLY P1, R3, R2, 0x1, 0x1f ;").unwrap();
//! let word = encode::encode(isa, &inst);
//! let (back, notes) = decode::decode(isa, word).unwrap();
//! assert_eq!(back, inst);
//! let pg = notes.iter().find(|n| n.name == "pg").unwrap();
//! assert_eq!((pg.meaning.as_str(), pg.role), ("PT (default)", FieldRole::Guard));
//! assert_eq!((pg.value_text(), pg.is_default()), ("PT", true));
//! let rd = notes.iter().find(|n| n.name == "rd").unwrap();
//! assert_eq!((rd.lo, rd.width, rd.raw, rd.meaning.as_str()), (16, 8, 3, "R3"));
//! assert_eq!((rd.value_text(), rd.is_default()), ("R3", false));
//!
//! // Bit 127 belongs to no field.
//! let err = decode::decode(isa, word | (1 << 127)).unwrap_err();
//! assert!(err.to_string().contains("127"));
//! ```

use super::layout::{self, FieldRole};
use super::text::write_field;
use crate::inst::Inst;
use crate::msg::Text;
use crate::operand::{cmem, reg};
use crate::spec::model::{Builtin, Isa, TypeRef, Word};
use serde::Serialize;
use std::fmt;

/// One field of a decoded word, for the bitfield view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldNote {
    /// Field name (`pg`, `rd`, `mode`).
    pub name: String,
    /// Lowest bit.
    pub lo: u32,
    /// Width in bits (of the whole value, both parts of a split field).
    pub width: u32,
    /// The high part `(lo, width)` of a split field (see
    /// [`crate::spec::model::Field::high`]); `lo..lo + width - high width`
    /// is then the low part.
    pub high: Option<(u32, u32)>,
    /// True when the field lies in the instruction's control slot (Maxwell
    /// scheduling controls): its bits are shown in the control word, not
    /// in the instruction word.
    pub in_control: bool,
    /// The raw bits of the field.
    pub raw: u64,
    /// The value as assembly text, with [`DEFAULT_MARK`] when it equals
    /// the field's default: `R5`, `UP`, `PT (default)`, `0x1f`.
    pub meaning: String,
    /// What the field is for.
    pub role: FieldRole,
}

/// What a field's text ends with when its value is the field's default.
pub const DEFAULT_MARK: &str = " (default)";

impl FieldNote {
    /// The value as assembly text, without [`DEFAULT_MARK`].
    pub fn value_text(&self) -> &str {
        self.meaning
            .strip_suffix(DEFAULT_MARK)
            .unwrap_or(&self.meaning)
    }

    /// Whether the value is the field's default.
    pub fn is_default(&self) -> bool {
        self.meaning.ends_with(DEFAULT_MARK)
    }
}

/// Why a word does not decode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum DecodeError {
    /// No opcode's fixed bits match the word.
    NoMatch {
        /// The word.
        word: Word,
    },
    /// A field holds a value that its enum type does not name.
    BadValue {
        /// The field's name.
        field: String,
        /// The value it holds.
        raw: u64,
    },
    /// Bits that no field of the matched opcode covers are set.
    UnusedBits {
        /// The matched opcode's name.
        opcode: String,
        /// The offending bits (a mask).
        bits: Word,
    },
    /// A field holds a value its operand class rejects (an odd register
    /// as a 64-bit pair, a misaligned constant offset).
    BadOperand {
        /// The field's name.
        field: String,
        /// The value it holds.
        raw: u64,
        /// Why the value is invalid.
        #[serde(serialize_with = "english")]
        reason: Text,
    },
}

impl DecodeError {
    /// The message.
    pub fn text(&self) -> Text {
        match self {
            DecodeError::NoMatch { word } => crate::msg!(
                "no instruction is encoded as {0} (no opcode's fixed bits match)",
                format!("{word:#x}")
            ),
            DecodeError::BadValue { field, raw } => crate::msg!(
                "field `{0}` holds {1}, which is not a value of its type",
                field,
                format!("{raw:#x}")
            ),
            DecodeError::UnusedBits { opcode, bits } => match bit_list(*bits) {
                (1, list) => crate::msg!(
                    "bit {0} is set but unused by {1} (unused bits must be 0)",
                    list,
                    opcode
                ),
                (_, list) => crate::msg!(
                    "bits {0} are set but unused by {1} (unused bits must be 0)",
                    list,
                    opcode
                ),
            },
            DecodeError::BadOperand { field, raw, reason } => crate::msg!(
                "field `{0}` holds {1}: {2}",
                field,
                format!("{raw:#x}"),
                reason.clone()
            ),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().english())
    }
}

impl std::error::Error for DecodeError {}

/// A reason in English, as the error is serialised.
fn english<S: serde::Serializer>(t: &Text, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&t.english())
}

/// How many bits are set, and which: `7`, `125..126`, `3, 9..11`.
fn bit_list(bits: Word) -> (u32, String) {
    let mut parts = Vec::new();
    let mut count = 0;
    let mut i = 0u32;
    while i < 128 {
        if bits >> i & 1 == 1 {
            let start = i;
            while i + 1 < 128 && bits >> (i + 1) & 1 == 1 {
                i += 1;
            }
            count += i - start + 1;
            parts.push(if start == i {
                start.to_string()
            } else {
                format!("{start}..{i}")
            });
        }
        i += 1;
    }
    (count, parts.join(", "))
}

/// The opcode whose fixed bits match `word`; the one with the most fixed
/// bits when several do.
pub fn match_opcode(isa: &Isa, word: Word) -> Option<usize> {
    isa.opcodes
        .iter()
        .enumerate()
        .filter(|(_, o)| word & o.fixed_mask == o.fixed_bits)
        .max_by_key(|(i, o)| (o.fixed_mask.count_ones(), std::cmp::Reverse(*i)))
        .map(|(i, _)| i)
}

/// Decodes a word into an instruction and a note per field (in field
/// order).
pub fn decode(isa: &Isa, word: Word) -> Result<(Inst, Vec<FieldNote>), DecodeError> {
    let inst = decode_inst(isa, word)?;
    let layout = &super::layouts(isa)[inst.opcode];
    let op = inst.def(isa);
    let notes = op
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let raw = inst.values[i];
            let mut meaning = String::with_capacity(16);
            write_field(&mut meaning, isa, layout, &inst, i);
            if f.fixed.is_none() && f.default == Some(raw) {
                meaning.push_str(DEFAULT_MARK);
            }
            FieldNote {
                name: f.name.clone(),
                lo: f.lo,
                width: f.width,
                high: f.high,
                in_control: f.mask() & isa.control_mask() != 0,
                raw,
                meaning,
                role: layout.roles[i],
            }
        })
        .collect();
    Ok((inst, notes))
}

/// Decodes a word into an instruction only (no notes).
pub fn decode_inst(isa: &Isa, word: Word) -> Result<Inst, DecodeError> {
    let opcode = match_opcode(isa, word).ok_or(DecodeError::NoMatch { word })?;
    let op = &isa.opcodes[opcode];
    let used = op.fields.iter().fold(0, |m, f| m | f.mask());
    let unused = word & !used;
    if unused != 0 {
        return Err(DecodeError::UnusedBits {
            opcode: op.name.clone(),
            bits: unused,
        });
    }
    let inst = Inst {
        opcode,
        values: op.fields.iter().map(|f| f.extract(word)).collect(),
    };
    check(isa, &inst)?;
    Ok(inst)
}

/// Checks that every value of `inst` is one the assembler can write: it
/// fits its field, enum values have names, fixed fields hold their fixed
/// value, 64-bit register pairs start at an even register, constant
/// offsets are multiples of 4.
pub fn check(isa: &Isa, inst: &Inst) -> Result<(), DecodeError> {
    let Some(op) = isa.opcodes.get(inst.opcode) else {
        return Err(DecodeError::NoMatch { word: 0 });
    };
    for (i, f) in op.fields.iter().enumerate() {
        let raw = inst.values.get(i).copied().unwrap_or(0);
        let bad = |reason: Text| DecodeError::BadOperand {
            field: f.name.clone(),
            raw,
            reason,
        };
        if f.width < 64 && raw >> f.width != 0 {
            return Err(bad(crate::msg!("the value is wider than the field")));
        }
        if let Some(fixed) = f.fixed {
            if raw != fixed {
                return Err(bad(crate::msg!("the field is fixed to another value")));
            }
            continue;
        }
        let odd = raw % 2 == 1;
        match f.ty {
            TypeRef::Enum(t) if isa.types.get(t).and_then(|et| et.name_of(raw)).is_none() => {
                return Err(DecodeError::BadValue {
                    field: f.name.clone(),
                    raw,
                });
            }
            TypeRef::Builtin(Builtin::Reg | Builtin::UReg)
                if odd && Some(raw) != f.zero_register() && layout::is_pair(isa, inst, i) =>
            {
                return Err(bad(crate::msg!(
                    "a 64-bit register pair must start at an even register"
                )));
            }
            TypeRef::Builtin(Builtin::CMem) if !cmem::Form::CMem.is_aligned(raw) => {
                return Err(bad(crate::msg!(
                    "a constant offset must be a multiple of {0}",
                    cmem::ALIGN
                )));
            }
            TypeRef::Builtin(Builtin::SGpr) if raw > reg::LAST_SGPR => {
                return Err(bad(crate::msg!(
                    "only {0} are scalar registers warpscope models",
                    reg::RegClass::S.range()
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_descriptions() {
        assert_eq!(bit_list(1 << 7), (1, "7".into()));
        assert_eq!(bit_list(0b11 << 125), (2, "125..126".into()));
        assert_eq!(bit_list((1 << 3) | (0b111 << 9)), (4, "3, 9..11".into()));
        assert_eq!(bit_list(1 << 127), (1, "127".into()));
        let err = DecodeError::UnusedBits {
            opcode: "NOP".into(),
            bits: 0b11 << 4,
        };
        let want = "bits 4..5 are set but unused by NOP (unused bits must be 0)";
        assert_eq!(err.to_string(), want);
    }
}
