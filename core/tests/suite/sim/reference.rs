//! The simulator checked against an independent reference model.
//!
//! The reference functions below are written directly from the
//! instruction descriptions (the `__Semantics` of SHFL, the VOTE / REDUX /
//! MATCH / ELECT texts and the PTX `shfl.sync` pseudo-code they follow);
//! they share no code with the simulator. Every case runs a single
//! instruction through [`Sim`] and compares the complete result: the
//! destination in all 32 lanes (lanes that do not take part must keep their
//! old value) and the output predicate.

use warpscope_core::inst::Inst;
use warpscope_core::isas;
use warpscope_core::sim::{Code, LaunchConfig, Loc, Sim, Value};
use warpscope_core::spec::model::{Isa, TypeRef};

/// A field value for [`build`]: a number or an enum value name.
#[derive(Clone, Copy)]
enum V {
    N(u64),
    E(&'static str),
}

/// Builds an instruction of `opcode` from named field values; fixed fields
/// take their fixed value, others their default, the rest 0.
fn build(isa: &Isa, opcode: &str, vals: &[(&str, V)]) -> Inst {
    let idx = isa
        .opcode_index(opcode)
        .unwrap_or_else(|| panic!("no opcode {opcode}"));
    let def = &isa.opcodes[idx];
    for (name, _) in vals {
        assert!(
            def.field_index(name).is_some(),
            "{opcode} has no field {name}"
        );
    }
    let values = def
        .fields
        .iter()
        .map(|f| {
            if let Some(x) = f.fixed {
                return x;
            }
            match vals.iter().find(|(n, _)| *n == f.name) {
                Some((_, V::N(n))) => *n,
                Some((_, V::E(name))) => match f.ty {
                    TypeRef::Enum(t) => isa.types[t]
                        .value_of(name)
                        .unwrap_or_else(|| panic!("{} has no value {name}", f.name)),
                    TypeRef::Builtin(_) => panic!("{} is not an enum field", f.name),
                },
                None => f.default.unwrap_or(0),
            }
        })
        .collect();
    Inst {
        opcode: idx,
        values,
    }
}

/// Runs one instruction with the given launch mask and initial registers;
/// returns the simulator after the step.
fn run1(isa: &Isa, inst: &Inst, active: u32, inits: &[(Loc, Value)]) -> Sim {
    let code = [Code {
        inst,
        addr: 0,
        line: 1,
    }];
    let mut sim = Sim::with_code(isa, &code, active, inits, LaunchConfig::default());
    if active != 0 {
        sim.step().expect("one step");
    } else {
        assert!(sim.step().is_none());
    }
    sim
}

use crate::rng::Rng;

fn bit(mask: u32, lane: usize) -> bool {
    mask & (1 << lane) != 0
}

// ---------------------------------------------------------------- SHFL ---

/// SHFL for one warp, from the PTX / w128 pseudo-code: returns the new Rd
/// of every lane and the new pu mask. `part` = active lanes whose guard is
/// true; other lanes keep `rd_old` / `pu_old`.
fn ref_shfl(
    mode: &str,
    ra: &[u32; 32],
    b: &[u32; 32],
    c: &[u32; 32],
    part: u32,
    rd_old: &[u32; 32],
    pu_old: u32,
) -> ([u32; 32], u32) {
    let mut rd = *rd_old;
    let mut pu = pu_old;
    for lane in 0..32usize {
        if !bit(part, lane) {
            continue;
        }
        let lane_i = lane as i64;
        let bval = i64::from(b[lane] & 0x1f);
        let cval = i64::from(c[lane] & 0x1f);
        let segmask = i64::from((c[lane] >> 8) & 0x1f);
        let max_lane = (lane_i & segmask) | (cval & !segmask & 0x1f);
        let min_lane = lane_i & segmask;
        let (mut j, p) = match mode {
            "UP" => (lane_i - bval, lane_i - bval >= max_lane),
            "DOWN" => (lane_i + bval, lane_i + bval <= max_lane),
            "BFLY" => (lane_i ^ bval, (lane_i ^ bval) <= max_lane),
            "IDX" => {
                let j = min_lane | (bval & !segmask & 0x1f);
                (j, j <= max_lane)
            }
            _ => unreachable!(),
        };
        if !p {
            j = lane_i;
        }
        // A lane that does not take part gives 0 (what an H200 gives; PTX
        // leaves it undefined).
        rd[lane] = if bit(part, j as usize) {
            ra[j as usize]
        } else {
            0
        };
        if p {
            pu |= 1 << lane;
        } else {
            pu &= !(1 << lane);
        }
    }
    (rd, pu)
}

const MODES: [&str; 4] = ["IDX", "UP", "DOWN", "BFLY"];

/// SrcC values: whole warp, clamps, segment masks for widths 2..16, odd
/// masks and clamp/mask mixtures.
const C_VALUES: [u32; 16] = [
    0x0, 0x1f, 0x7, 0x10, 0x181f, 0x1c1f, 0x1e1f, 0x1f00, 0x1f1f, 0x0a15, 0x1800, 0x1018, 0x0503,
    0x1f0f, 0x1fff, 0x101f,
];

const ACTIVE: [u32; 6] = [
    0xffff_ffff,
    0x0000_ffff,
    0xaaaa_aaaa,
    0x8000_0001,
    0x7fff_fffe,
    0x1234_5678,
];

/// Registers used: Ra = R0, Rd = R1, Rb = R2, Rc = R3, pu = P1, guard P5.
fn shfl_case(
    isa: &Isa,
    form: &str,
    mode: &'static str,
    b: [u32; 32],
    c: [u32; 32],
    active: u32,
    rng: &mut Rng,
) {
    let ra = rng.lanes();
    let rd_old = rng.lanes();
    let pu_old = rng.next();
    let guard = rng.next();
    let use_guard = guard % 3 == 0;
    let negate = guard % 2 == 0;
    let mut fields = vec![
        ("mode", V::E(mode)),
        ("pu", V::N(1)),
        ("rd", V::N(1)),
        ("ra", V::N(0)),
    ];
    if use_guard {
        fields.push(("pg", V::N(5)));
        fields.push(("pg.not", V::N(u64::from(negate))));
    }
    match form {
        "RRR" => {
            fields.push(("rb", V::N(2)));
            fields.push(("rc", V::N(3)));
        }
        "RRI" => {
            fields.push(("rb", V::N(2)));
            fields.push(("vc", V::N(u64::from(c[0] & 0x1fff))));
        }
        "RIR" => {
            fields.push(("vb", V::N(u64::from(b[0] & 0x1f))));
            fields.push(("rc", V::N(3)));
        }
        "RI" => {
            fields.push(("vb", V::N(u64::from(b[0] & 0x1f))));
            fields.push(("vc", V::N(u64::from(c[0] & 0x1fff))));
        }
        _ => unreachable!(),
    }
    let inst = build(isa, &format!("SHFL_{form}"), &fields);
    let p5 = rng.next();
    let inits = [
        (Loc::R(0), Value::Lanes(ra)),
        (Loc::R(1), Value::Lanes(rd_old)),
        (Loc::R(2), Value::Lanes(b)),
        (Loc::R(3), Value::Lanes(c)),
        (Loc::P(1), Value::Mask(pu_old)),
        (Loc::P(5), Value::Mask(p5)),
    ];
    let sim = run1(isa, &inst, active, &inits);
    let g = if !use_guard {
        !0
    } else if negate {
        !p5
    } else {
        p5
    };
    let part = active & g;
    // Immediate operands are the same for every lane.
    let b_eff = if form == "RIR" || form == "RI" {
        [b[0] & 0x1f; 32]
    } else {
        b
    };
    let c_eff = if form == "RRI" || form == "RI" {
        [c[0] & 0x1fff; 32]
    } else {
        c
    };
    let (rd, pu) = ref_shfl(mode, &ra, &b_eff, &c_eff, part, &rd_old, pu_old);
    let st = sim.state();
    assert_eq!(
        st.reg(1),
        rd,
        "SHFL_{form}.{mode} b={:#x} c={:#x} active={active:#x} part={part:#x}",
        b[0],
        c[0]
    );
    assert_eq!(
        st.pred(1),
        pu,
        "pu of SHFL_{form}.{mode} b={:#x} c={:#x} active={active:#x} part={part:#x}",
        b[0],
        c[0]
    );
    // Sources are untouched.
    assert_eq!(st.reg(0), ra);
}

#[test]
fn shfl_immediate_forms_exhaustive() {
    let isa = isas::w128();
    let mut rng = Rng(0x5eed_0001);
    for mode in MODES {
        for b in 0..32u32 {
            for c in C_VALUES {
                for active in ACTIVE {
                    shfl_case(isa, "RI", mode, [b; 32], [c; 32], active, &mut rng);
                }
            }
        }
    }
}

#[test]
fn shfl_register_forms_exhaustive() {
    let isa = isas::w128();
    let mut rng = Rng(0x5eed_0002);
    for mode in MODES {
        // b over 0..63: only b[4:0] counts; upper bits must be ignored.
        for b in 0..64u32 {
            for c in C_VALUES {
                let active = ACTIVE[(b as usize + c as usize) % ACTIVE.len()];
                for form in ["RRR", "RRI", "RIR"] {
                    let hi = rng.next() & 0xffff_e000;
                    shfl_case(isa, form, mode, [b; 32], [c | hi; 32], active, &mut rng);
                }
            }
        }
    }
}

#[test]
fn shfl_per_lane_operands_random() {
    let isa = isas::w128();
    let mut rng = Rng(0x5eed_0003);
    for i in 0..3000 {
        let mode = MODES[i % 4];
        let b = rng.lanes();
        let c: [u32; 32] = if i % 3 == 0 {
            rng.lanes()
        } else {
            let pick = C_VALUES[rng.next() as usize % C_VALUES.len()];
            [pick; 32]
        };
        let active = if i % 2 == 0 { !0 } else { rng.next() };
        let form = ["RRR", "RRI", "RIR", "RI"][(i / 4) % 4];
        shfl_case(isa, form, mode, b, c, active, &mut rng);
    }
}

#[test]
fn shfl_reports_source_lanes_and_inactive_reads() {
    let isa = isas::w128();
    // Lane l reads lane l ^ 1; only even lanes are active, so every lane's
    // partner is inactive.
    let inst = build(
        isa,
        "SHFL_RI",
        &[
            ("mode", V::E("BFLY")),
            ("pu", V::N(0)),
            ("rd", V::N(1)),
            ("ra", V::N(0)),
            ("vb", V::N(1)),
            ("vc", V::N(0x1f)),
        ],
    );
    let code = [Code {
        inst: &inst,
        addr: 0,
        line: 7,
    }];
    let ra: [u32; 32] = std::array::from_fn(|l| 100 + l as u32);
    let mut sim = Sim::with_code(
        isa,
        &code,
        0x5555_5555,
        &[(Loc::R(0), Value::Lanes(ra))],
        LaunchConfig::default(),
    );
    let ev = sim.step().expect("step");
    assert_eq!(ev.line, 7);
    assert_eq!(ev.lanes, 0x5555_5555);
    match ev.detail {
        warpscope_core::sim::EventDetail::Shfl {
            src_lane,
            valid,
            reads_inactive,
            values,
            ..
        } => {
            assert_eq!(valid, 0x5555_5555);
            assert_eq!(reads_inactive, 0x5555_5555);
            for l in (0..32).step_by(2) {
                assert_eq!(src_lane[l] as usize, l + 1);
                assert_eq!(values[l], 0, "a lane that does not take part gives 0");
            }
        }
        other => panic!("not a SHFL event: {other:?}"),
    }
    assert_eq!(ev.warnings.len(), 1);
    assert_eq!(sim.warnings().len(), 1);
    assert_eq!(sim.warnings()[0].line, 7);
}

// ---------------------------------------------------------------- VOTE ---

fn vote_ref(op: &str, part: u32, pred: u32) -> (u32, bool) {
    let mut ballot = 0u32;
    let mut any = false;
    let mut all = true;
    for lane in 0..32 {
        if bit(part, lane) {
            let v = bit(pred, lane);
            if v {
                ballot |= 1 << lane;
            }
            any |= v;
            all &= v;
        }
    }
    let vote = match op {
        "ANY" => any,
        "ALL" => all,
        "EQ" => all || !any,
        _ => unreachable!(),
    };
    (ballot, vote)
}

#[test]
fn vote_and_voteu_random() {
    let isa = isas::w128();
    let mut rng = Rng(0x5eed_0004);
    for i in 0..2000 {
        let op = ["ANY", "ALL", "EQ"][i % 3];
        let active = match i % 5 {
            0 => !0,
            1 => 0,
            _ => rng.next(),
        };
        let p2 = match i % 7 {
            0 => !0,
            1 => 0,
            _ => rng.next(),
        };
        let p5 = rng.next();
        let not = rng.next() % 2 == 1;
        let guarded = rng.next() % 2 == 1;
        let rd_old = rng.lanes();
        let pu_old = rng.next();
        let mut common = vec![
            ("voteop", V::E(op)),
            ("pp", V::N(2)),
            ("pp.not", V::N(u64::from(not))),
        ];
        if guarded {
            common.push(("pg", V::N(5)));
        }
        let part = active & if guarded { p5 } else { !0 };
        let input = if not { !p2 } else { p2 };
        let (ballot, vote) = vote_ref(op, part, input);
        let inits = [
            (Loc::R(4), Value::Lanes(rd_old)),
            (Loc::P(2), Value::Mask(p2)),
            (Loc::P(3), Value::Mask(pu_old)),
            (Loc::P(5), Value::Mask(p5)),
            (Loc::UR(4), Value::Scalar(0xdead_beef)),
            (Loc::UP(3), Value::Bool(i % 2 == 0)),
        ];

        let mut f = common.clone();
        f.extend([("rd", V::N(4)), ("pu", V::N(3))]);
        let sim = run1(isa, &build(isa, "VOTE_X", &f), active, &inits);
        let want_rd: [u32; 32] =
            std::array::from_fn(|l| if bit(part, l) { ballot } else { rd_old[l] });
        let want_pu = (pu_old & !part) | if vote { part } else { 0 };
        assert_eq!(sim.state().reg(4), want_rd, "VOTE.{op} part={part:#x}");
        assert_eq!(sim.state().pred(3), want_pu, "VOTE.{op} pu part={part:#x}");

        let mut f = common.clone();
        f.extend([("urd", V::N(4)), ("upu", V::N(3))]);
        let sim = run1(isa, &build(isa, "VOTEU_X", &f), active, &inits);
        let (want_ur, want_up) = if part == 0 {
            (0xdead_beef, i % 2 == 0)
        } else {
            (ballot, vote)
        };
        assert_eq!(sim.state().ureg(4), want_ur, "VOTEU.{op} part={part:#x}");
        assert_eq!(sim.state().upred(3), want_up, "VOTEU.{op} part={part:#x}");
    }
}

// --------------------------------------------------------------- REDUX ---

fn redux_ref(op: &str, signed: bool, part: u32, vals: &[u32; 32]) -> Option<u32> {
    let xs: Vec<u32> = (0..32).filter(|&l| bit(part, l)).map(|l| vals[l]).collect();
    if xs.is_empty() {
        return None;
    }
    Some(match op {
        "AND" => xs.iter().fold(u32::MAX, |a, &b| a & b),
        "OR" => xs.iter().fold(0, |a, &b| a | b),
        "XOR" => xs.iter().fold(0, |a, &b| a ^ b),
        "SUM" => (xs.iter().map(|&x| u64::from(x)).sum::<u64>() & 0xffff_ffff) as u32,
        "MAX" if signed => *xs.iter().max_by_key(|&&x| x as i32).unwrap_or(&0),
        "MIN" if signed => *xs.iter().min_by_key(|&&x| x as i32).unwrap_or(&0),
        "MAX" => *xs.iter().max().unwrap_or(&0),
        "MIN" => *xs.iter().min().unwrap_or(&0),
        _ => unreachable!(),
    })
}

#[test]
fn redux_and_reduxu_random() {
    let isa = isas::w128();
    let mut rng = Rng(0x5eed_0005);
    let ops = ["AND", "OR", "XOR", "SUM", "MAX", "MIN"];
    for i in 0..3000 {
        let op = ops[i % 6];
        let signed = (i / 6) % 2 == 1;
        let active = match i % 9 {
            0 => !0,
            1 => 0,
            2 => 1 << (rng.next() % 32),
            _ => rng.next(),
        };
        let vals: [u32; 32] = match i % 4 {
            0 => rng.lanes(),
            1 => rng.small_lanes(7),
            2 => std::array::from_fn(|_| rng.next() | 0x8000_0000),
            _ => std::array::from_fn(|_| (rng.next() % 5).wrapping_sub(2)),
        };
        let p5 = rng.next();
        let guarded = i % 3 == 0;
        let part = active & if guarded { p5 } else { !0 };
        let rd_old = rng.lanes();
        let inits = [
            (Loc::R(6), Value::Lanes(vals)),
            (Loc::R(7), Value::Lanes(rd_old)),
            (Loc::P(5), Value::Mask(p5)),
            (Loc::UR(9), Value::Scalar(0x1234_5678)),
        ];
        let dtype = if signed { "S32" } else { "U32" };
        let mut common = vec![
            ("reduxop", V::E(op)),
            ("dtype", V::E(dtype)),
            ("ra", V::N(6)),
        ];
        if guarded {
            common.push(("pg", V::N(5)));
        }
        let want = redux_ref(op, signed, part, &vals);

        let mut f = common.clone();
        f.push(("rd", V::N(7)));
        let sim = run1(isa, &build(isa, "REDUX_R", &f), active, &inits);
        let want_rd: [u32; 32] = std::array::from_fn(|l| match want {
            Some(w) if bit(part, l) => w,
            _ => rd_old[l],
        });
        assert_eq!(
            sim.state().reg(7),
            want_rd,
            "REDUX.{dtype}.{op} part={part:#x}"
        );

        let mut f = common.clone();
        f.push(("urd", V::N(9)));
        let sim = run1(isa, &build(isa, "REDUXU_R", &f), active, &inits);
        assert_eq!(
            sim.state().ureg(9),
            want.unwrap_or(0x1234_5678),
            "REDUXU.{dtype}.{op} part={part:#x}"
        );
    }
}

// --------------------------------------------------------------- MATCH ---

#[test]
fn match_random() {
    let isa = isas::w128();
    let mut rng = Rng(0x5eed_0006);
    for i in 0..3000 {
        let all_op = i % 2 == 1;
        let wide = (i / 2) % 2 == 1;
        let active = match i % 7 {
            0 => !0,
            1 => 0,
            _ => rng.next(),
        };
        let lo: [u32; 32] = match i % 5 {
            0 => [42; 32],
            1 => rng.lanes(),
            _ => rng.small_lanes(3),
        };
        let hi: [u32; 32] = if i % 3 == 0 {
            [7; 32]
        } else {
            rng.small_lanes(2)
        };
        let p5 = rng.next();
        let guarded = i % 4 == 0;
        let part = active & if guarded { p5 } else { !0 };
        let rd_old = rng.lanes();
        let pu_old = rng.next();
        let inits = [
            (Loc::R(8), Value::Lanes(lo)),
            (Loc::R(9), Value::Lanes(hi)),
            (Loc::R(10), Value::Lanes(rd_old)),
            (Loc::P(2), Value::Mask(pu_old)),
            (Loc::P(5), Value::Mask(p5)),
        ];
        let mut f = vec![
            ("matchop", V::E(if all_op { "ALL" } else { "ANY" })),
            ("dtype", V::E(if wide { "U64" } else { "U32" })),
            ("rd", V::N(10)),
            ("pu", V::N(2)),
            ("ra", V::N(8)),
        ];
        if guarded {
            f.push(("pg", V::N(5)));
        }
        let sim = run1(isa, &build(isa, "MATCH_R", &f), active, &inits);
        let same = |a: usize, b: usize| lo[a] == lo[b] && (!wide || hi[a] == hi[b]);
        let members: Vec<usize> = (0..32).filter(|&l| bit(part, l)).collect();
        let all_equal = members.iter().all(|&l| same(l, members[0]));
        let mut want_rd = rd_old;
        let mut want_pu = pu_old;
        for &l in &members {
            if all_op {
                want_rd[l] = if all_equal { part } else { 0 };
                if all_equal {
                    want_pu |= 1 << l;
                } else {
                    want_pu &= !(1 << l);
                }
            } else {
                want_rd[l] = members
                    .iter()
                    .filter(|&&k| same(k, l))
                    .map(|&k| 1u32 << k)
                    .sum();
                want_pu &= !(1 << l);
            }
        }
        let what = format!(
            "MATCH{}.{} part={part:#x}",
            if wide { ".U64" } else { "" },
            if all_op { "ALL" } else { "ANY" }
        );
        assert_eq!(sim.state().reg(10), want_rd, "{what}");
        assert_eq!(sim.state().pred(2), want_pu, "{what} pu");
    }
}

// --------------------------------------------------------------- ELECT ---

#[test]
fn elect_and_electu_random() {
    let isa = isas::w128();
    let mut rng = Rng(0x5eed_0007);
    for i in 0..3000 {
        let active = match i % 6 {
            0 => !0,
            1 => 0,
            _ => rng.next() & rng.next(),
        };
        let p5 = rng.next();
        let guarded = i % 3 == 0;
        let g = active & if guarded { p5 } else { !0 };
        let p2 = match i % 5 {
            0 => 0,
            _ => rng.next() & rng.next(),
        };
        let ur7 = rng.next() & rng.next();
        let negate = rng.next() % 2 == 1;
        let mask_form = (i / 2) % 2 == 1;
        let cond = if mask_form {
            if negate {
                !ur7
            } else {
                ur7
            }
        } else if negate {
            !p2
        } else {
            p2
        };
        let cands = g & cond;
        let leader = (0..32).find(|&l| bit(cands, l));
        let rd_old = rng.lanes();
        let pu_old = rng.next();
        let inits = [
            (Loc::R(11), Value::Lanes(rd_old)),
            (Loc::P(2), Value::Mask(p2)),
            (Loc::P(4), Value::Mask(pu_old)),
            (Loc::P(5), Value::Mask(p5)),
            (Loc::UR(7), Value::Scalar(ur7)),
            (Loc::UR(8), Value::Scalar(0xabcd)),
        ];
        let mut common = vec![("pu", V::N(4))];
        if mask_form {
            common.push(("urb", V::N(7)));
            common.push(("urb.bitnot", V::N(u64::from(negate))));
        } else {
            common.push(("pp", V::N(2)));
            common.push(("pp.not", V::N(u64::from(negate))));
        }
        if guarded {
            common.push(("pg", V::N(5)));
        }
        let suffix = if mask_form { "U" } else { "X" };
        // pu: true only in the leader, false in every other lane of g.
        let want_pu = (pu_old & !g) | leader.map_or(0, |l| 1 << l);

        let mut f = common.clone();
        f.push(("rd", V::N(11)));
        let sim = run1(
            isa,
            &build(isa, &format!("ELECT_{suffix}"), &f),
            active,
            &inits,
        );
        let want_rd: [u32; 32] = std::array::from_fn(|l| match leader {
            Some(ld) if bit(cands, l) => ld as u32,
            _ => rd_old[l],
        });
        assert_eq!(
            sim.state().reg(11),
            want_rd,
            "ELECT_{suffix} cands={cands:#x}"
        );
        assert_eq!(
            sim.state().pred(4),
            want_pu,
            "ELECT_{suffix} pu cands={cands:#x}"
        );

        let mut f = common.clone();
        f.push(("urd", V::N(8)));
        let sim = run1(
            isa,
            &build(isa, &format!("ELECTU_{suffix}"), &f),
            active,
            &inits,
        );
        assert_eq!(
            sim.state().ureg(8),
            leader.map_or(0xabcd, |l| l as u32),
            "ELECTU_{suffix} cands={cands:#x}"
        );
        assert_eq!(sim.state().pred(4), want_pu, "ELECTU_{suffix} pu");
    }
}

// ---------------------------------------------------------------- MOVM ---

#[test]
fn movm_transposes_an_8x8_matrix_of_halves() {
    let isa = isas::w128();
    // Element (row, col) = 0x100 * row + col; lane l holds row l / 4,
    // columns 2(l % 4) (low half) and 2(l % 4) + 1 (high half).
    let elem = |r: u32, c: u32| 0x100 * r + c;
    let a: [u32; 32] = std::array::from_fn(|l| {
        let (r, c) = (l as u32 / 4, 2 * (l as u32 % 4));
        elem(r, c) | (elem(r, c + 1) << 16)
    });
    let inst = build(isa, "MOVM_R", &[("rd", V::N(1)), ("ra", V::N(0))]);
    let sim = run1(isa, &inst, !0, &[(Loc::R(0), Value::Lanes(a))]);
    let d = sim.state().reg(1);
    for l in 0..32u32 {
        let (r, c) = (l / 4, 2 * (l % 4));
        // The transpose: D[r][c] = A[c][r].
        assert_eq!(d[l as usize] & 0xffff, elem(c, r), "lane {l} low");
        assert_eq!(d[l as usize] >> 16, elem(c + 1, r), "lane {l} high");
    }
}
