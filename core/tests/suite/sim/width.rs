//! One width rule: for every register operand of every opcode of every
//! bundled ISA, over sampled field values, the assembler's view (is it a
//! 64-bit pair?) and the simulator's (does it list, read or write the
//! second register?) agree.

use warpscope_core::asm::layout::is_pair;
use warpscope_core::inst::Inst;
use warpscope_core::isas;
use warpscope_core::sim::{Code, EventDetail, LaunchConfig, Loc, Sim};
use warpscope_core::spec::model::{Builtin, Isa, Opcode, TypeRef};

/// Field values for one opcode: fixed and default values, a distinct even
/// register per register field (so that no field's second register is
/// another field's), PT for the guard; then one variant per value of
/// every free enum field.
fn samples(isa: &Isa, op: &Opcode) -> Vec<Vec<u64>> {
    let mut next_reg = 4u64;
    let base: Vec<u64> = op
        .fields
        .iter()
        .map(|f| {
            if let Some(v) = f.fixed {
                return v;
            }
            match f.ty {
                TypeRef::Builtin(Builtin::Reg) => {
                    next_reg += 10;
                    next_reg
                }
                TypeRef::Builtin(Builtin::UReg) => {
                    next_reg += 10;
                    next_reg % 60
                }
                TypeRef::Builtin(Builtin::Pred | Builtin::UPred) if f.name == "pg" => 7,
                _ => f.default.unwrap_or(0),
            }
        })
        .collect();
    let mut out = vec![base.clone()];
    for (i, f) in op.fields.iter().enumerate() {
        let TypeRef::Enum(t) = f.ty else { continue };
        if f.fixed.is_some() {
            continue;
        }
        for v in &isa.types[t].values {
            let mut s = base.clone();
            s[i] = v.value;
            out.push(s);
        }
    }
    out
}

/// Checks one instruction; returns how many of its operands are pairs.
fn check(isa: &Isa, opcode: usize, values: Vec<u64>) -> usize {
    let def = &isa.opcodes[opcode];
    let inst = Inst { opcode, values };
    let code = [Code {
        inst: &inst,
        addr: 0,
        line: 1,
    }];
    let mut sim = Sim::with_code(isa, &code, !0, &[], LaunchConfig::default());
    let touched = sim.touched_registers().to_vec();
    let ev = sim.step();
    let mut pairs = 0;
    for (i, f) in def.fields.iter().enumerate() {
        let v = inst.values[i] as u8;
        let (first, second) = match f.ty {
            TypeRef::Builtin(Builtin::Reg) => (Loc::R(v), Loc::R(v + 1)),
            TypeRef::Builtin(Builtin::UReg) => (Loc::UR(v), Loc::UR(v + 1)),
            _ => continue,
        };
        let pair = is_pair(isa, &inst, i);
        pairs += usize::from(pair);
        let what = format!("{} {} = {:?}", def.name, f.name, inst.values);
        assert!(touched.contains(&first), "{what}: {first:?} not listed");
        assert_eq!(touched.contains(&second), pair, "{what}: listed pair");
        let Some(ev) = &ev else { continue };
        let wrote = |l: Loc| ev.writes.iter().any(|w| w.loc == l);
        if wrote(first) {
            assert_eq!(wrote(second), pair, "{what}: written pair");
        }
        if let EventDetail::Match { wide, .. } = ev.detail {
            if def.inputs.contains(&f.name) {
                assert_eq!(wide, pair, "{what}: MATCH source width");
            }
        }
    }
    pairs
}

#[test]
fn assembler_and_simulator_agree_on_register_pairs() {
    let (mut checked, mut pairs) = (0, 0);
    for name in isas::NAMES {
        let isa = isas::by_name(name).unwrap();
        for (i, op) in isa.opcodes.iter().enumerate() {
            for values in samples(isa, op) {
                pairs += check(isa, i, values);
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
    assert!(pairs >= 2, "CS2R and MATCH.U64 name pairs; saw {pairs}");
}
