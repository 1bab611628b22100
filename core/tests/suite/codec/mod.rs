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

/// `float_text` writes what Rust's `{:?}` writes for a finite `f32` (the
/// browser bundle builds it without `Debug`, so it must not depend on it):
/// the listings, the lane grid and the CLI show the same text everywhere.
#[test]
fn float_text_matches_rusts_debug_text() {
    use warpscope_core::codec::text::float_text;
    let edges = [
        0.0f32,
        -0.0,
        1.0,
        -1.0,
        0.5,
        1e-4,
        9.9999e-5,
        1e16,
        9.999999e15,
        1e15,
        3.0e38,
        f32::MIN_POSITIVE,
        1e-45,
        f32::MAX,
        f32::MIN,
        0.1,
        100.0,
        123456.79,
    ];
    let mut rng = crate::rng::Rng(0x5eed_f10a7);
    let random = (0..200_000).map(|_| f32::from_bits(rng.next()));
    for f in edges.into_iter().chain(random).filter(|f| f.is_finite()) {
        assert_eq!(
            float_text(f.to_bits()),
            format!("{f:?}"),
            "bits {:#010x}",
            f.to_bits()
        );
    }
    assert_eq!(float_text(f32::INFINITY.to_bits()), "0f7f800000");
}
