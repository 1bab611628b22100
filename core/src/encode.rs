//! Instructions → machine words.
//!
//! Encoding is table-driven: every field of the opcode writes its value
//! into its bits (a fixed field always writes its fixed value). Bits that
//! no field covers stay zero.
//!
//! ```
//! use warpscope_core::{asm, encode, isas};
//! let isa = isas::w128();
//! let inst = asm::assemble_line(isa, "S2R R1, SR_LANEID ;").unwrap();
//! let word = encode::encode(isa, &inst);
//! assert_eq!(word & 0xff, 0x01);          // optype S2R
//! assert_eq!((word >> 16) & 0xff, 1);     // rd = R1
//! ```

use crate::asm::Program;
use crate::inst::Inst;
use crate::spec::model::{Isa, Word};

/// The machine word of an instruction. Values are expected to be valid
/// (as the assembler and decoder produce them); a value wider than its
/// field is truncated to the field.
///
/// # Panics
///
/// Panics if `inst.opcode` is not an index into `isa.opcodes`.
pub fn encode(isa: &Isa, inst: &Inst) -> Word {
    let op = inst.def(isa);
    let mut word: Word = 0;
    for (i, f) in op.fields.iter().enumerate() {
        let v = match f.fixed {
            Some(v) => v,
            None => inst.values.get(i).copied().unwrap_or(0),
        };
        word = f.insert(word, v);
    }
    word
}

/// The machine words of an assembled program, in address order.
pub fn encode_program(isa: &Isa, program: &Program) -> Vec<Word> {
    program.lines.iter().map(|l| encode(isa, &l.inst)).collect()
}
