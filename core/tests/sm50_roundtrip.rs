//! sm50 round trips between text, instructions and words: every documented
//! example; random valid instructions (`decode(encode(i)) == i`,
//! `assemble_line(disasm(i)) == i`, the hex text reads back); random
//! words and text never panic.

use proptest::prelude::*;
use warpscope_core::asm::{self, layout::Layout};
use warpscope_core::decode;
use warpscope_core::disasm;
use warpscope_core::encode::{self, encode};
use warpscope_core::inst::Inst;
use warpscope_core::isas;
use warpscope_core::spec::model::{Builtin, Isa, TypeRef, Word};

fn isa() -> &'static Isa {
    isas::sm50()
}

/// The fenced ```asm blocks of a documentation text.
fn asm_blocks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        let t = line.trim_start();
        match &mut cur {
            None if t.starts_with("```asm") => cur = Some(String::new()),
            Some(block) if t.starts_with("```") => {
                out.push(std::mem::take(block));
                cur = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    out
}

fn full_round_trip(isa: &Isa, inst: &Inst) -> Result<(), String> {
    let word = encode(isa, inst);
    let back = decode::decode_inst(isa, word)
        .map_err(|e| format!("{inst:?} encodes to {word:#x}, which does not decode: {e}"))?;
    if &back != inst {
        return Err(format!("{word:#x} decodes to {back:?}, not {inst:?}"));
    }
    let text = disasm::disasm(isa, &back);
    let again =
        asm::assemble_line(isa, &text).map_err(|d| format!("`{text}` does not assemble: {d:?}"))?;
    if &again != inst {
        return Err(format!("`{text}` assembles to {again:?}, not {inst:?}"));
    }
    let hex = disasm::format_inst(isa, inst);
    let bits = disasm::parse_hex(isa, &hex).map_err(|d| format!("{hex}: {}", d.message))?;
    if bits != word & isa.inst_mask() {
        return Err(format!("{hex} reads back as {bits:#x}"));
    }
    Ok(())
}

#[test]
fn every_documented_example_round_trips() {
    let isa = isa();
    let mut count = 0;
    let mut failures = Vec::new();
    let docs = isa
        .types
        .iter()
        .map(|t| &t.docs)
        .chain(isa.groups.iter().map(|g| &g.docs))
        .chain(isa.optypes.iter().map(|o| &o.docs))
        .chain(isa.opcodes.iter().map(|o| &o.docs));
    for d in docs {
        let Some(text) = d.get("Examples") else {
            continue;
        };
        for block in asm_blocks(text) {
            match asm::assemble(isa, &block) {
                Ok(prog) => {
                    for line in &prog.lines {
                        count += 1;
                        if let Err(e) = full_round_trip(isa, &line.inst) {
                            failures.push(e);
                        }
                    }
                }
                Err(d) => failures.push(format!("{block}: {d:?}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        count >= isa.optypes.len(),
        "only {count} example instructions"
    );
}

/// A valid instruction from an opcode index and random numbers.
fn make_inst(isa: &Isa, pick: usize, raw: &[u64]) -> Inst {
    let opcode = pick % isa.opcodes.len();
    let op = &isa.opcodes[opcode];
    let values = op
        .fields
        .iter()
        .zip(raw.iter().cycle())
        .map(|(f, &r)| {
            if let Some(v) = f.fixed {
                return v;
            }
            let mask = if f.width >= 64 {
                u64::MAX
            } else {
                (1u64 << f.width) - 1
            };
            match f.ty {
                TypeRef::Enum(t) => {
                    let vals = &isa.types[t].values;
                    vals[(r % vals.len() as u64) as usize].value
                }
                TypeRef::Builtin(Builtin::SGpr) => r % 102,
                _ => r & mask,
            }
        })
        .collect();
    Inst { opcode, values }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_valid_instructions_round_trip(pick in any::<usize>(), raw in prop::collection::vec(any::<u64>(), 1..16)) {
        let isa = isa();
        let inst = make_inst(isa, pick, &raw);
        prop_assert!(decode::check(isa, &inst).is_ok(), "{:?}", decode::check(isa, &inst));
        let r = full_round_trip(isa, &inst);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn random_streams_read_back(picks in prop::collection::vec((any::<usize>(), prop::collection::vec(any::<u64>(), 1..16)), 1..8)) {
        // A program as it lies in memory (with control words for sm50)
        // gives back every instruction.
        let isa = isa();
        let insts: Vec<Inst> = picks.iter().map(|(p, raw)| make_inst(isa, *p, raw)).collect();
        let units = encode::stream(isa, &insts);
        let mut slots = Vec::new();
        let mut n = 0;
        for u in &units {
            match u.kind {
                encode::UnitKind::Control => slots = encode::control_slots(isa, u.bits as u64),
                encode::UnitKind::Inst(i) => {
                    prop_assert_eq!(i, n);
                    let slot = slots.get(i % 3).copied().unwrap_or(0);
                    let word = if isa.dialect.control.is_some() {
                        encode::with_slot(isa, u.bits, slot)
                    } else {
                        u.bits
                    };
                    prop_assert_eq!(decode::decode_inst(isa, word).unwrap(), insts[i].clone());
                    n += 1;
                }
            }
        }
        prop_assert_eq!(n, insts.len());
    }

    #[test]
    fn random_words_never_panic(word in any::<u128>()) {
        let isa = isa();
        if let Ok((inst, notes)) = decode::decode(isa, word) {
            prop_assert_eq!(encode(isa, &inst), word);
            prop_assert_eq!(notes.len(), inst.values.len());
        }
    }

    #[test]
    fn words_with_valid_opcodes_decode_or_explain(pick in any::<usize>(), noise in any::<u128>()) {
        let isa = isa();
        let opcode = pick % isa.opcodes.len();
        let op = &isa.opcodes[opcode];
        let used = Layout::of(isa, opcode).used;
        let word: Word = (noise & used & !op.fixed_mask) | op.fixed_bits;
        match decode::decode(isa, word) {
            Ok((inst, _)) => {
                prop_assert_eq!(encode(isa, &inst), word);
                let r = full_round_trip(isa, &inst);
                prop_assert!(r.is_ok(), "{}", r.unwrap_err());
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn random_text_never_panics(src in "[ -~\n\t]{0,120}") {
        let isa = isa();
        let _ = asm::assemble(isa, &src);
        let _ = asm::assemble_line(isa, &src);
        let _ = disasm::parse_hex(isa, &src);
    }
}
