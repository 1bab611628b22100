//! Fuzzes the assembler: any text assembles or fails with in-bounds
//! diagnostics, every instruction it produces round-trips through the
//! encoder, the decoder and the disassembler, and the listing written while
//! assembling in parts (as `warpscope asm` does a long text) is the whole
//! program's, or is not written at all. The first byte chooses the ISA
//! (w128, sm50 or gfx9) and the number of parts, the rest is the source
//! text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::{
    asm,
    codec::{decode, encode},
    disasm, isas, listing,
};

/// Runs the parts one after the other, last first.
fn backwards(jobs: Vec<asm::Job<'_>>) {
    jobs.into_iter().rev().for_each(|j| j());
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(src) = std::str::from_utf8(rest) else {
        return;
    };
    let isa = isas::Id::ALL[usize::from(which) % isas::Id::ALL.len()].isa();
    let parts = 1 + usize::from(which / 3) % 4;
    let written = listing::assemble_written(isa, src, parts, &backwards);
    let written = written.map(|w| w.pieces().collect::<String>());
    match asm::assemble(isa, src) {
        Ok(prog) => {
            if let Some(written) = written {
                let (mut buf, mut all) = (String::new(), String::new());
                listing::write_lines(isa, &prog, &mut buf, usize::MAX, |b| {
                    all.push_str(b);
                    true
                });
                assert_eq!(written, all);
            }
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
            assert!(written.is_none(), "a listing written for a text with errors");
            assert!(!diags.is_empty());
            for d in &diags {
                assert!(d.span.start <= d.span.end && d.span.end <= src.len());
            }
        }
    }
    let _ = asm::assemble_line(isa, src);
});
