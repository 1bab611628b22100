//! Fuzzes what `warpscope dis` reads: lines of hex words, for each bundled
//! ISA (the first byte chooses it). `parse_hex` must never panic, and an
//! error must point inside the line it is about. A word that parses prints
//! back to the same word; when it decodes, it encodes back to the same
//! bits (those of the words its opcode takes, and the control slot), and
//! its canonical text assembles to the same instruction. On sm50 each word
//! is also read as a control word and as an instruction carrying a slot.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::codec::{control, decode, encode};
use warpscope_core::diag::render_one;
use warpscope_core::spec::model::{Isa, Word};
use warpscope_core::{asm, disasm, isas};

/// Lines read from one input.
const LINES: usize = 6;

fn ones(bits: u32) -> Word {
    if bits >= 128 {
        !0
    } else {
        (1 << bits) - 1
    }
}

/// Decodes `word` (with its control slot, if any) and checks the round
/// trips through the encoder and the assembler.
fn decodes(isa: &Isa, word: Word) {
    let Ok(inst) = decode::decode_inst(isa, word) else {
        return;
    };
    let words = isa.opcode_words(inst.def(isa));
    let mask = ones(words * isa.word_bits) | isa.control_mask();
    assert_eq!(encode::encode(isa, &inst), word & mask, "{word:#x}");
    let text = disasm::disasm(isa, &inst);
    match asm::assemble_line(isa, &text) {
        Ok(again) => assert_eq!(again, inst, "{text}"),
        Err(d) => panic!("canonical text `{text}` does not assemble: {d:?}"),
    }
    assert!(!disasm::format_inst(isa, &inst).is_empty());
}

fn line(isa: &Isa, text: &str) {
    match disasm::parse_hex(isa, text) {
        Ok(word) => {
            assert_eq!(word & !isa.inst_mask(), 0, "{text:?}");
            let hex = disasm::format_hex(isa, word);
            assert_eq!(disasm::parse_hex(isa, &hex).ok(), Some(word), "{hex}");
            decodes(isa, word);
            if let Some(c) = isa.dialect.control {
                let slots = control::control_slots(isa, word as u64);
                assert_eq!(slots.len(), c.per_word as usize);
                assert_eq!(
                    control::control_word(isa, &slots),
                    word as u64 & ones(c.slot_bits * c.per_word) as u64
                );
                let _ = control::control_text(isa, word as u64);
                for &slot in &slots {
                    let full = control::with_slot(isa, word, slot);
                    assert_eq!(control::control_slot(isa, full), slot);
                    decodes(isa, full);
                }
            }
        }
        Err(d) => {
            let s = d.span;
            assert!(s.start <= s.end && s.end <= text.len(), "{d:?} in {text:?}");
            assert!(
                text.is_char_boundary(s.start) && text.is_char_boundary(s.end),
                "{d:?}"
            );
            assert!(!d.message().is_empty());
            let _ = render_one(&d, "fuzz.hex", text);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let isa = isas::Id::ALL[usize::from(which) % isas::Id::ALL.len()].isa();
    let src = String::from_utf8_lossy(rest);
    // As `warpscope dis` reads its input: comments and the text after two
    // spaces dropped, blank lines skipped. Lines are independent, so a few
    // of them are enough; longer inputs would only slow the fuzzer down.
    for raw in src.lines().take(LINES) {
        let text = raw.split("//").next().unwrap_or("");
        let text = text.trim().split("  ").next().unwrap_or("").trim();
        if !text.is_empty() {
            line(isa, text);
        }
        line(isa, raw);
    }
});
