//! Round trips between text, instructions and words for every bundled ISA
//! (w128 has more in `w128.rs`): every documented example; random valid
//! instructions (`decode(encode(i)) == i`,
//! `assemble_line(disasm(i)) == i`, the hex text reads back); random
//! words and text never panic.

use super::checks::{
    check_any_word, check_documented_examples, check_stream_reads_back, check_valid_inst,
    check_word_with_valid_opcode, make_inst, read_any_text,
};
use proptest::prelude::*;
use warpscope_core::inst::Inst;
use warpscope_core::isas;
use warpscope_core::spec::model::Isa;

/// The same properties, once per ISA: `suite!(module, isa function)`.
macro_rules! suite {
    ($name:ident, $isa:path) => {
        mod $name {
            use super::*;

            fn isa() -> &'static Isa {
                $isa()
            }

            #[test]
            fn every_documented_example_round_trips() {
                check_documented_examples(isa());
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(2000))]

                #[test]
                fn random_valid_instructions_round_trip(pick in any::<usize>(), raw in prop::collection::vec(any::<u64>(), 1..16)) {
                    let isa = isa();
                    check_valid_inst(isa, &make_inst(isa, pick, &raw))?;
                }

                #[test]
                fn random_streams_read_back(picks in prop::collection::vec((any::<usize>(), prop::collection::vec(any::<u64>(), 1..16)), 1..8)) {
                    let isa = isa();
                    let insts: Vec<Inst> = picks.iter().map(|(p, raw)| make_inst(isa, *p, raw)).collect();
                    check_stream_reads_back(isa, &insts)?;
                }

                #[test]
                fn random_words_never_panic(word in any::<u128>()) {
                    check_any_word(isa(), word)?;
                }

                #[test]
                fn words_with_valid_opcodes_decode_or_explain(pick in any::<usize>(), noise in any::<u128>()) {
                    check_word_with_valid_opcode(isa(), pick, noise)?;
                }

                #[test]
                fn random_text_never_panics(src in "[ -~\n\t]{0,120}") {
                    read_any_text(isa(), &src);
                }
            }
        }
    };
}

suite!(sm50, isas::sm50);
suite!(gfx9, isas::gfx9);
