//! Encoding and decoding: golden words for every dialect, and gfx9 against llvm-mc.

mod gfx9_golden;
mod gfx9_llvm;
mod sm50_golden;
mod w128_golden;

use warpscope_core::inst::Inst;
use warpscope_core::spec::model::{Isa, Word};
use warpscope_core::{asm, codec::decode, codec::encode, disasm};

/// Assembles the golden line `src`, checks that it prints as `text`, that
/// `text` assembles to the same instruction and that its word decodes back
/// to it; returns the instruction and its word.
fn assemble_golden(isa: &Isa, src: &str, text: &str) -> (Inst, Word) {
    let inst = asm::assemble_line(isa, src).unwrap_or_else(|e| panic!("{src}: {e:?}"));
    let word = encode::encode(isa, &inst);
    assert_eq!(disasm::disasm(isa, &inst), text, "{src}");
    assert_eq!(
        decode::decode_inst(isa, word).expect("decodes"),
        inst,
        "{src}"
    );
    assert_eq!(asm::assemble_line(isa, text).unwrap(), inst, "{text}");
    (inst, word)
}
