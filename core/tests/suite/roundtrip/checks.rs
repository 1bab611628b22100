//! Round trips between text, instructions and words, for any bundled ISA:
//! the documented examples, a generator of random valid instructions and
//! the checks the property tests of each ISA run on what they generate.

use proptest::prelude::*;
use warpscope_core::asm::{self, layout::Layout};
use warpscope_core::codec::decode;
use warpscope_core::codec::encode::{self, encode};
use warpscope_core::diag;
use warpscope_core::disasm;
use warpscope_core::inst::Inst;
use warpscope_core::spec::model::{Builtin, Docs, Isa, TypeRef, Word};

/// The fenced ```asm blocks of a documentation text.
pub fn asm_blocks(text: &str) -> Vec<String> {
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

/// The documentation of every documented item, by name.
fn documented_items(isa: &Isa) -> Vec<(String, &Docs)> {
    let mut out: Vec<(String, &Docs)> = Vec::new();
    out.extend(isa.types.iter().map(|t| (t.name.clone(), &t.docs)));
    out.extend(isa.groups.iter().map(|g| (g.name.clone(), &g.docs)));
    out.extend(isa.optypes.iter().map(|o| (o.name.clone(), &o.docs)));
    out.extend(isa.opcodes.iter().map(|o| (o.name.clone(), &o.docs)));
    out
}

/// text → inst → word → inst → text → inst gives `inst` back each time,
/// and the instruction's hex text reads back as its word.
pub fn full_round_trip(isa: &Isa, inst: &Inst) -> Result<(), String> {
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
    let bits = disasm::parse_hex(isa, &hex).map_err(|d| format!("{hex}: {}", d.message()))?;
    if bits != word & isa.inst_mask() {
        return Err(format!("{hex} reads back as {bits:#x}"));
    }
    Ok(())
}

/// Every assembly example in every `Examples` section of the description
/// assembles, each of its instructions survives [`full_round_trip`], and
/// there are at least as many example instructions as mnemonics.
pub fn check_documented_examples(isa: &Isa) {
    let mut count = 0;
    let mut failures = Vec::new();
    for (name, docs) in documented_items(isa) {
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
                        diag::render(&d, &[("example", block.as_str())])
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
/// field (`raw` repeats when it is shorter): enum fields take a named
/// value, scalar registers one of s0..s101, constant offsets a multiple
/// of 4 and 64-bit register pairs an even register.
pub fn make_inst(isa: &Isa, pick: usize, raw: &[u64]) -> Inst {
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
                TypeRef::Builtin(Builtin::SGpr) => r % 102,
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

/// A generated instruction passes the decoder's checks and
/// [`full_round_trip`].
pub fn check_valid_inst(isa: &Isa, inst: &Inst) -> Result<(), TestCaseError> {
    prop_assert!(
        decode::check(isa, inst).is_ok(),
        "{:?}",
        decode::check(isa, inst)
    );
    let r = full_round_trip(isa, inst);
    prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    Ok(())
}

/// A program as it lies in memory (with control words where the dialect
/// has them) gives back every instruction, in order.
pub fn check_stream_reads_back(isa: &Isa, insts: &[Inst]) -> Result<(), TestCaseError> {
    let units = encode::stream(isa, insts);
    let mut slots = Vec::new();
    let mut n = 0;
    for u in &units {
        match u.kind {
            encode::UnitKind::Control => {
                slots = warpscope_core::codec::control::control_slots(isa, u.bits as u64)
            }
            encode::UnitKind::Inst(i) => {
                prop_assert_eq!(i, n);
                let slot = slots.get(i % 3).copied().unwrap_or(0);
                let word = if isa.dialect.control.is_some() {
                    warpscope_core::codec::control::with_slot(isa, u.bits, slot)
                } else {
                    u.bits
                };
                prop_assert_eq!(decode::decode_inst(isa, word).unwrap(), insts[i].clone());
                n += 1;
            }
        }
    }
    prop_assert_eq!(n, insts.len());
    Ok(())
}

/// Any word: whatever decodes encodes back to the same word, with one
/// note per field.
pub fn check_any_word(isa: &Isa, word: Word) -> Result<(), TestCaseError> {
    if let Ok((inst, notes)) = decode::decode(isa, word) {
        prop_assert_eq!(encode(isa, &inst), word);
        prop_assert_eq!(notes.len(), inst.values.len());
    }
    Ok(())
}

/// The fixed bits of a real opcode plus random bits in its fields: the
/// decoder either gives an instruction that round-trips or a reason.
pub fn check_word_with_valid_opcode(
    isa: &Isa,
    pick: usize,
    noise: Word,
) -> Result<(), TestCaseError> {
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
    Ok(())
}

/// Arbitrary text never makes the assembler or the hex reader panic.
pub fn read_any_text(isa: &Isa, src: &str) {
    let _ = asm::assemble(isa, src);
    let _ = asm::assemble_line(isa, src);
    let _ = disasm::parse_hex(isa, src);
}
