//! Round trips between text, instructions and words.
//!
//! - Every assembly example in the w128 description assembles, and each of
//!   its instructions survives text → inst → word → inst → text → inst.
//! - Random valid instructions: `decode(encode(i)) == i` and
//!   `assemble_line(disasm(i)) == i`.
//! - Random words and random text never make the decoder or the assembler
//!   panic; whatever decodes encodes back to the same word.

use proptest::prelude::*;
use warpscope_core::asm::{self, layout::Layout};
use warpscope_core::decode;
use warpscope_core::disasm;
use warpscope_core::encode::encode;
use warpscope_core::inst::Inst;
use warpscope_core::isas;
use warpscope_core::spec::model::{Builtin, Docs, Isa, TypeRef, Word};

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

/// Every `Examples` section of every documented item.
fn example_sections(isa: &Isa) -> Vec<(String, &Docs)> {
    let mut out: Vec<(String, &Docs)> = Vec::new();
    out.extend(isa.types.iter().map(|t| (t.name.clone(), &t.docs)));
    out.extend(isa.groups.iter().map(|g| (g.name.clone(), &g.docs)));
    out.extend(isa.optypes.iter().map(|o| (o.name.clone(), &o.docs)));
    out.extend(isa.opcodes.iter().map(|o| (o.name.clone(), &o.docs)));
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
    Ok(())
}

#[test]
fn every_documented_example_round_trips() {
    let isa = isas::w128();
    let mut count = 0;
    let mut failures = Vec::new();
    for (name, docs) in example_sections(isa) {
        for (section, text) in &docs.sections {
            if section != "Examples" {
                continue;
            }
            for block in asm_blocks(text) {
                match asm::assemble(isa, &block) {
                    Ok(prog) => {
                        for line in &prog.lines {
                            count += 1;
                            if let Err(e) = full_round_trip(isa, &line.inst) {
                                failures.push(format!("{name}: {e}"));
                            }
                        }
                    }
                    Err(d) => failures.push(format!(
                        "{name}: example does not assemble:\n{}",
                        warpscope_core::diag::render(&d, &[("example", block.as_str())])
                    )),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        count >= isa.optypes.len(),
        "only {count} example instructions"
    );
}

/// A valid instruction from an opcode index and one random number per
/// field: enum fields take a named value, 64-bit register pairs an even
/// register, constant offsets a multiple of 4.
fn make_inst(isa: &Isa, pick: usize, raw: &[u64]) -> Inst {
    let opcode = pick % isa.opcodes.len();
    let op = &isa.opcodes[opcode];
    let mut values: Vec<u64> = op
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
                TypeRef::Builtin(Builtin::CMem) => r & mask & !3,
                _ => r & mask,
            }
        })
        .collect();
    let mut inst = Inst {
        opcode,
        values: values.clone(),
    };
    for (i, f) in op.fields.iter().enumerate() {
        let zero = match f.ty {
            TypeRef::Builtin(Builtin::Reg) => 255,
            TypeRef::Builtin(Builtin::UReg) => 63,
            _ => continue,
        };
        if values[i] != zero && asm::layout::is_pair(isa, &inst, i) {
            values[i] &= !1;
        }
    }
    inst.values = values;
    inst
}

fn inst_strategy() -> impl Strategy<Value = Inst> {
    (any::<usize>(), prop::collection::vec(any::<u64>(), 1..24))
        .prop_map(|(pick, raw)| make_inst(isas::w128(), pick, &raw))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_valid_instructions_round_trip(inst in inst_strategy()) {
        let isa = isas::w128();
        prop_assert!(decode::check(isa, &inst).is_ok(), "{:?}", decode::check(isa, &inst));
        let r = full_round_trip(isa, &inst);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn random_words_never_panic(word in any::<u128>()) {
        let isa = isas::w128();
        if let Ok((inst, notes)) = decode::decode(isa, word) {
            prop_assert_eq!(encode(isa, &inst), word);
            prop_assert_eq!(notes.len(), inst.values.len());
        }
    }

    #[test]
    fn words_with_valid_opcodes_decode_or_explain(pick in any::<usize>(), noise in any::<u128>()) {
        // Fixed bits of a real opcode plus random bits in its fields: the
        // decoder either gives an instruction that round-trips or a reason.
        let isa = isas::w128();
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
        let isa = isas::w128();
        let _ = asm::assemble(isa, &src);
        let _ = asm::assemble_line(isa, &src);
        let _ = disasm::parse_hex(isa, &src);
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
                    prop_assert!(!d.message.is_empty());
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
    assert!(e.message.contains("128-bit"), "{}", e.message);
    // Leading zeros beyond 32 digits are harmless.
    assert_eq!(
        disasm::parse_hex(isa, &format!("00{}", "f".repeat(32))).unwrap(),
        u128::MAX
    );
    assert!(disasm::parse_hex(isa, "0x").is_err());
    assert!(disasm::parse_hex(isa, "").is_err());
}
