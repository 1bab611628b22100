//! Instructions → machine words.
//!
//! Encoding is table-driven: every field of the opcode writes its value
//! into its bits (a fixed field always writes its fixed value). Bits that
//! no field covers stay zero.
//!
//! ```
//! use warpscope_core::{asm, isas};
//! use warpscope_core::codec::encode;
//! let isa = isas::w128();
//! let inst = asm::assemble_line(isa, "S2R R1, SR_LANEID ;").unwrap();
//! let word = encode::encode(isa, &inst);
//! assert_eq!(word & 0xff, 0x01);          // optype S2R
//! assert_eq!((word >> 16) & 0xff, 1);     // rd = R1
//! ```

use super::control::{control_slot, control_word};
use super::Layout;
use crate::inst::Inst;
use crate::spec::model::{Isa, Opcode, Word};
use serde::Serialize;

/// The machine word of an instruction. Values are expected to be valid
/// (as the assembler and decoder produce them); a value wider than its
/// field is truncated to the field.
///
/// # Panics
///
/// Panics if `inst.opcode` is not an index into `isa.opcodes`.
pub fn encode(isa: &Isa, inst: &Inst) -> Word {
    encode_in(isa, &super::layouts(isa)[inst.opcode], inst)
}

/// [`encode`] with the instruction's layout at hand (its packing, when
/// the opcode has one, writes the word in one pass).
pub fn encode_in(isa: &Isa, layout: &Layout, inst: &Inst) -> Word {
    match &layout.packing {
        Some(p) => p.word(&inst.values),
        None => field_by_field(inst.def(isa), &inst.values),
    }
}

/// Every field written into the word in turn (a fixed field its fixed
/// value), as the description reads.
fn field_by_field(op: &Opcode, values: &[u64]) -> Word {
    let mut word: Word = 0;
    for (i, f) in op.fields.iter().enumerate() {
        let v = match f.fixed {
            Some(v) => v,
            None => values.get(i).copied().unwrap_or(0),
        };
        word = f.insert(word, v);
    }
    word
}

/// What one word of a code stream is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum UnitKind {
    /// A scheduling control word for the next `per_word` instructions.
    Control,
    /// Instruction number `n` (of the list given to [`stream`]); a
    /// multi-word instruction is one unit.
    Inst(usize),
}

/// One unit of a code stream: a control word or one instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Unit {
    /// What it is.
    pub kind: UnitKind,
    /// Its byte address.
    pub addr: u64,
    /// Its bits: the control word, or the instruction's words (word `k` at
    /// bits `k * word_bits ..`), without the control slot.
    pub bits: Word,
    /// Number of machine words it takes.
    pub words: u32,
    /// An instruction's whole encoding, its control slot included (what
    /// [`encode`] returns); the control word again for a control word.
    pub word: Word,
}

/// The code stream of a list of instructions, as it lies in memory: for a
/// dialect with control words, each group of `per_word` instructions is
/// preceded by its control word (slots of missing instructions hold the
/// layout's `empty_slot`); otherwise the instructions follow each other.
pub fn stream<I: std::borrow::Borrow<Inst>>(isa: &Isa, insts: &[I]) -> Vec<Unit> {
    stream_iter(isa, insts.iter().map(|i| i.borrow()).collect()).collect()
}

/// The units of [`stream`] one by one, each instruction encoded when its
/// unit is asked for (a long listing need not hold them all).
pub fn stream_iter<'a>(isa: &'a Isa, insts: Vec<&'a Inst>) -> impl Iterator<Item = Unit> + 'a {
    let layouts = super::layouts(isa);
    let words: Vec<u32> = insts.iter().map(|i| layouts[i.opcode].words).collect();
    let addrs = isa.addresses(&words);
    let wbytes = u64::from(isa.word_bits.div_ceil(8).max(1));
    let control = isa.dialect.control;
    let per = control.map_or(1, |c| c.per_word.max(1) as usize);
    // The encodings of the group of instructions that one control word
    // covers, each made once (without control words, none are kept).
    let mut group: Vec<Word> = Vec::with_capacity(per);
    (0..insts.len()).flat_map(move |n| {
        let first = control.is_some() && n % per == 0;
        if first {
            group.clear();
            let end = insts.len().min(n + per);
            group.extend(
                insts[n..end]
                    .iter()
                    .map(|i| encode_in(isa, &layouts[i.opcode], i)),
            );
        }
        let control_unit = first.then(|| {
            let slots: Vec<u64> = group.iter().map(|&w| control_slot(isa, w)).collect();
            let bits = Word::from(control_word(isa, &slots));
            Unit {
                kind: UnitKind::Control,
                addr: addrs[n] - wbytes,
                bits,
                words: 1,
                word: bits,
            }
        });
        let word = match control {
            Some(_) => group[n % per],
            None => encode_in(isa, &layouts[insts[n].opcode], insts[n]),
        };
        let inst = Unit {
            kind: UnitKind::Inst(n),
            addr: addrs[n],
            bits: word & isa.inst_mask(),
            words: words[n],
            word,
        };
        control_unit.into_iter().chain(std::iter::once(inst))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::layout::Packing;
    use crate::isas;

    /// The one-pass packing writes the word that writing each field in
    /// turn writes, for every opcode of every bundled ISA and values of
    /// every width (wider than their fields too), and every such opcode
    /// of the bundled ISAs has a packing.
    #[test]
    fn packing_writes_what_each_field_in_turn_writes() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for id in isas::Id::ALL {
            let isa = id.isa();
            let layouts = crate::codec::layouts(isa);
            for (oi, op) in isa.opcodes.iter().enumerate() {
                let p = layouts[oi].packing.as_ref().unwrap_or_else(|| {
                    panic!("{} ({}) has overlapping fields", op.name, id.name())
                });
                for round in 0..64 {
                    let values: Vec<u64> = op
                        .fields
                        .iter()
                        .map(|f| match round % 3 {
                            0 => next() & (u64::MAX >> (64 - f.width.clamp(1, 64))),
                            1 => next() >> (next() % 64),
                            _ => next(),
                        })
                        .take(op.fields.len() - round % 2)
                        .collect();
                    assert_eq!(p.word(&values), field_by_field(op, &values), "{}", op.name);
                }
            }
        }
    }

    /// An opcode whose fields overlap has no packing, and the later field
    /// wins, as the description reads.
    #[test]
    fn overlapping_fields_are_written_in_turn() {
        let mut op = isas::w128().opcodes[0].clone();
        let (a, b) = (op.fields[0].clone(), op.fields[1].clone());
        op.fields[1].lo = a.lo;
        op.fields[1].high = None;
        op.fields[1].width = a.width.min(b.width).max(1);
        op.fields[1].fixed = None;
        assert!(Packing::of_opcode(&op).is_none());
        let values = vec![0; op.fields.len()];
        let w = field_by_field(&op, &values);
        assert_eq!(w & op.fields[1].mask(), 0);
    }
}
