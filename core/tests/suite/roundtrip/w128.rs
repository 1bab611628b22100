//! Round trips between text, instructions and words.
//!
//! - Every assembly example in the w128 description assembles, and each of
//!   its instructions survives text → inst → word → inst → text → inst.
//! - Random valid instructions: `decode(encode(i)) == i`,
//!   `assemble_line(disasm(i)) == i` and the hex text reads back.
//! - Random words and random text never make the decoder or the assembler
//!   panic; whatever decodes encodes back to the same word.

use super::checks::{
    check_any_word, check_documented_examples, check_valid_inst, check_word_with_valid_opcode,
    full_round_trip, make_inst, read_any_text,
};
use proptest::prelude::*;
use warpscope_core::asm;
use warpscope_core::disasm;
use warpscope_core::inst::Inst;
use warpscope_core::isas;

#[test]
fn every_documented_example_round_trips() {
    check_documented_examples(isas::w128());
}

fn inst_strategy() -> impl Strategy<Value = Inst> {
    (any::<usize>(), prop::collection::vec(any::<u64>(), 1..24))
        .prop_map(|(pick, raw)| make_inst(isas::w128(), pick, &raw))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_valid_instructions_round_trip(inst in inst_strategy()) {
        check_valid_inst(isas::w128(), &inst)?;
    }

    #[test]
    fn random_words_never_panic(word in any::<u128>()) {
        check_any_word(isas::w128(), word)?;
    }

    #[test]
    fn words_with_valid_opcodes_decode_or_explain(pick in any::<usize>(), noise in any::<u128>()) {
        check_word_with_valid_opcode(isas::w128(), pick, noise)?;
    }

    #[test]
    fn random_text_never_panics(src in "[ -~\n\t]{0,120}") {
        read_any_text(isas::w128(), &src);
    }

    #[test]
    fn random_token_soup_never_panics(
        toks in prop::collection::vec(prop::sample::select(TOKENS), 0..40)
    ) {
        let isa = isas::w128();
        let src = toks.join(" ");
        match asm::assemble(isa, &src) {
            Ok(prog) => {
                for l in &prog.lines {
                    let r = full_round_trip(isa, &l.inst);
                    prop_assert!(r.is_ok(), "{}", r.unwrap_err());
                }
            }
            Err(diags) => {
                for d in &diags {
                    prop_assert!(d.span.end <= src.len(), "{:?} outside {:?}", d, src);
                    prop_assert!(!d.message().is_empty());
                }
            }
        }
    }
}

/// Pieces of assembly that the token-soup test strings together.
const TOKENS: &[&str] = &[
    "SHFL",
    "SHFL.BFLY",
    "REDUX.S32.MIN",
    "MATCH.U64.ALL",
    "ISETP.LT.AND",
    "ELECT",
    "S2R",
    "GETREG",
    "BRA",
    "EXIT",
    "IADD3",
    "FADD",
    "SWITCH",
    "VOTE.ANY",
    "@P0",
    "@!P1",
    "@",
    "!",
    "~",
    "R1",
    "R[2:3]",
    "R[3:4]",
    "RZ",
    "R255",
    "UR4",
    "~UR4",
    "URZ",
    "P0",
    "!P2",
    "PT",
    "UP1",
    "SR_LANEID",
    "SR_CTAID.X",
    "0x1f",
    "-1",
    "0x2000",
    "1.5",
    "0f3fc00000",
    "c[0x0][0x160]",
    "c[0x1][0x3]",
    ",",
    ",",
    ",",
    ";",
    "\n",
    "loop:",
    "loop",
    "$sched=4",
    "$req=",
    "$wsb=9",
    ".init",
    ".active",
    "R1 =",
    "lane",
    "+",
    "*",
    "/",
    "0",
    "{",
    "}",
    "(",
    ")",
    "//",
    "/*",
    "*/",
    ".",
];

#[test]
fn hex_text_round_trips() {
    let isa = isas::w128();
    for word in [
        0u128,
        1,
        u128::MAX,
        0x1c00_0000_0000_0000_0000_0000_0001_7201,
    ] {
        let hex = disasm::format_hex(isa, word);
        assert_eq!(hex.len(), 32);
        assert_eq!(disasm::parse_hex(isa, &hex).unwrap(), word);
    }
    assert_eq!(
        disasm::parse_hex(isa, " 0x1c00_0000_0000_0000_0000_0000_0001_7201 ").unwrap(),
        0x1c00_0000_0000_0000_0000_0000_0001_7201
    );
    assert_eq!(disasm::parse_hex(isa, "7201").unwrap(), 0x7201);
    let e = disasm::parse_hex(isa, "12g4").unwrap_err();
    assert_eq!((e.span.start, e.span.end), (2, 3));
    let e = disasm::parse_hex(isa, &format!("1{}", "0".repeat(32))).unwrap_err();
    assert!(e.message().contains("128-bit"), "{}", e.message());
    // Leading zeros beyond 32 digits are harmless.
    assert_eq!(
        disasm::parse_hex(isa, &format!("00{}", "f".repeat(32))).unwrap(),
        u128::MAX
    );
    assert!(disasm::parse_hex(isa, "0x").is_err());
    assert!(disasm::parse_hex(isa, "").is_err());
}
