//! Fuzzes the decoder: any 16 bytes decode or fail with a reason; what
//! decodes encodes back to the same word and its canonical text assembles
//! back to the same instruction.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::{asm, codec::{decode, encode}, disasm, isas};

fuzz_target!(|data: &[u8]| {
    let mut bytes = [0u8; 16];
    for (b, d) in bytes.iter_mut().zip(data) {
        *b = *d;
    }
    let word = u128::from_le_bytes(bytes);
    let isa = isas::w128();
    match decode::decode(isa, word) {
        Ok((inst, notes)) => {
            assert_eq!(notes.len(), inst.values.len());
            assert_eq!(encode::encode(isa, &inst), word);
            let text = disasm::disasm(isa, &inst);
            let again = asm::assemble_line(isa, &text).expect("canonical text assembles");
            assert_eq!(again, inst, "{text}");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let hex = disasm::format_hex(isa, word);
    assert_eq!(disasm::parse_hex(isa, &hex).ok(), Some(word));
});
