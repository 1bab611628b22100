//! Fuzzes the assembler: any text assembles or fails with in-bounds
//! diagnostics, and every instruction it produces round-trips through the
//! encoder, the decoder and the disassembler. The first byte chooses the
//! ISA (w128, sm50 or gfx9), the rest is the source text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::{
    asm,
    codec::{decode, encode},
    disasm, isas,
};

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(src) = std::str::from_utf8(rest) else {
        return;
    };
    let isa = isas::Id::ALL[usize::from(which) % isas::Id::ALL.len()].isa();
    match asm::assemble(isa, src) {
        Ok(prog) => {
            for line in &prog.lines {
                let word = encode::encode(isa, &line.inst);
                let back = decode::decode_inst(isa, word).expect("assembled words decode");
                assert_eq!(back, line.inst);
                let text = disasm::disasm(isa, &back);
                let again = asm::assemble_line(isa, &text).expect("canonical text assembles");
                assert_eq!(again, line.inst, "{text}");
            }
        }
        Err(diags) => {
            assert!(!diags.is_empty());
            for d in &diags {
                assert!(d.span.start <= d.span.end && d.span.end <= src.len());
            }
        }
    }
    let _ = asm::assemble_line(isa, src);
});
