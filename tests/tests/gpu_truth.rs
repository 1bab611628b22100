//! The simulator against real GPUs: every case of `tests/gpu/*.truth`
//! (SHFL, VOTE, REDUX, MATCH, ELECT, MOVM and the float, shift, POPC and
//! LOP3 operations, recorded on an NVIDIA H200 and an H100 by
//! `record-gpu-truth`) is
//! written as a w128 program, run, and compared lane by lane with what the
//! GPU gave.
//!
//! Each PTX instruction maps to its w128 counterpart: `membermask` becomes
//! `.active`, the sources `.init` registers, and the uniform forms (VOTEU,
//! REDUXU, ELECTU) are checked against the same recording, since the
//! GPU's own REDUX and ELECT write a uniform register (see
//! tests/gpu/README.md). Lanes that ran the instruction are compared,
//! all of their results; that includes what a SHFL delivers from a lane
//! that did not run it, which PTX leaves undefined and both GPUs gave as 0
//! in every case, in both recordings (lanes outside the membermask
//! waiting with their source register loaded, `h200.truth`, or exited,
//! `h200-exit.truth`; the same for `h100*.truth`).

use std::fmt::Write as _;
use warpscope_core::loc::{Loc, Value};
use warpscope_core::sim::{EventDetail, LaunchConfig, Sim};
use warpscope_core::{asm, isas};
use warpscope_e2e::gpu_truth::{parse, Case, Outcome, LANES};

/// The recordings, per GPU: lanes outside the membermask wait, or exit.
const TABLES: [(&str, &str); 4] = [
    ("h200.truth", include_str!("../gpu/h200.truth")),
    ("h200-exit.truth", include_str!("../gpu/h200-exit.truth")),
    ("h100.truth", include_str!("../gpu/h100.truth")),
    ("h100-exit.truth", include_str!("../gpu/h100-exit.truth")),
];

fn list(v: &[u32; LANES]) -> String {
    let words: Vec<String> = v.iter().map(|x| format!("{x:#x}")).collect();
    format!("{{{}}}", words.join(", "))
}

fn bits(mask: u32) -> [u32; LANES] {
    std::array::from_fn(|l| mask >> l & 1)
}

/// The program's setup: the active lanes and the sources.
fn setup(c: &Case) -> String {
    format!(
        ".active {:#x}\n.init R0 = {}\n.init R1 = {}\n.init R2 = {}\n.init P1 = {}\n",
        c.mask,
        list(&c.a),
        list(&c.b),
        list(&c.c),
        list(&bits(c.pp))
    )
}

/// The w128 lines that do what the case's PTX instruction did.
fn program(c: &Case) -> String {
    let op = c.op.as_str();
    let body = if let Some(mode) = op.strip_prefix("shfl.sync.") {
        let mode = mode.trim_end_matches(".b32").to_uppercase();
        format!("SHFL.{mode} P0, R3, R0, R1, R2\n")
    } else if let Some(rest) = op.strip_prefix("vote.sync") {
        let pp = if rest == ".not" { "!P1" } else { "P1" };
        format!(
            "VOTE.ANY R3, P0, {pp}\nVOTE.ALL R4, P2, {pp}\nVOTE.EQ R5, P3, {pp}\n\
             VOTEU.ANY UR1, UP0, {pp}\nVOTEU.ALL UR2, UP1, {pp}\nVOTEU.EQ UR3, UP2, {pp}\n"
        )
    } else if let Some(rest) = op.strip_prefix("redux.sync.") {
        let (red, ty) = rest.split_once('.').expect("redux op.type");
        let red = match red {
            "add" => "SUM".to_string(),
            other => other.to_uppercase(),
        };
        let ty = if ty == "s32" { ".S32" } else { "" };
        format!("REDUX{ty}.{red} R3, R0\nREDUXU{ty}.{red} UR1, R0\n")
    } else if let Some(rest) = op.strip_prefix("match.") {
        let (kind, width) = rest.split_once(".sync.").expect("match kind.sync.width");
        match width {
            "b64" => format!(
                "MOV R4, R0\nMOV R5, R1\nMATCH.U64.{} R3, P0, R[4:5]\n",
                kind.to_uppercase()
            ),
            _ => format!("MATCH.{} R3, P0, R0\n", kind.to_uppercase()),
        }
    } else if op == "elect.sync" {
        "ELECT P0, R3, P1\nELECTU P2, UR1, P1\n".to_string()
    } else if op.starts_with("movmatrix.") {
        "MOVM R3, R0\n".to_string()
    } else if let Some(lut) = op.strip_prefix("lop3.b32.") {
        format!("LOP3.LUT R3, R0, R1, R2, {lut}\n")
    } else if let Some(line) = lane_op(op) {
        format!("{line}\n")
    } else {
        panic!("the table holds an instruction this check does not know: {op}")
    };
    format!("{}{body}EXIT\n", setup(c))
}

/// The w128 instruction of a lane-by-lane PTX operation.
fn lane_op(op: &str) -> Option<&'static str> {
    Some(match op {
        "add.rn.f32" => "FADD R3, R0, R1",
        "mul.rn.f32" => "FMUL R3, R0, R1",
        "fma.rn.f32" => "FFMA R3, R0, R1, R2",
        "shl.b32" => "SHF.L.U32 R3, R0, R1",
        "shr.u32" => "SHF.R.U32 R3, R0, R1",
        "shr.s32" => "SHF.R.S32 R3, R0, R1",
        "popc.b32" => "POPC R3, R0",
        _ => return None,
    })
}

fn lanes(sim: &Sim, loc: Loc) -> [u32; LANES] {
    match sim.state().get(loc) {
        Value::Lanes(v) => v,
        Value::Mask(m) => bits(m),
        other => panic!("{} is not per lane: {other:?}", loc.name()),
    }
}

fn scalar(sim: &Sim, loc: Loc) -> u32 {
    match sim.state().get(loc) {
        Value::Scalar(v) => v,
        Value::Bool(b) => u32::from(b),
        other => panic!("{} is not uniform: {other:?}", loc.name()),
    }
}

/// What the comparisons covered.
#[derive(Default)]
struct Tally {
    lanes: usize,
    undefined_reads: usize,
}

/// Compares per-lane `got` with the GPU's `want` in lanes `ran`.
fn same(errs: &mut String, what: &str, ran: u32, got: &[u32; LANES], want: &[u32; LANES]) {
    for l in (0..LANES).filter(|l| ran >> l & 1 == 1) {
        if got[l] != want[l] {
            let _ = writeln!(
                errs,
                "  {what}, lane {l}: simulator {:#x}, GPU {:#x}",
                got[l], want[l]
            );
        }
    }
}

/// A warp-uniform result of the GPU: the value every lane that ran got.
fn uniform(errs: &mut String, what: &str, ran: u32, v: &[u32; LANES]) -> Option<u32> {
    let mut seen = (0..LANES).filter(|l| ran >> l & 1 == 1).map(|l| v[l]);
    let first = seen.next()?;
    if seen.any(|x| x != first) {
        let _ = writeln!(errs, "  the GPU's {what} differs between lanes");
    }
    Some(first)
}

fn check_uniform(errs: &mut String, what: &str, got: u32, want: Option<u32>) {
    if let Some(w) = want {
        if got != w {
            let _ = writeln!(errs, "  {what}: simulator {got:#x}, GPU {w:#x}");
        }
    }
}

/// Runs one case and compares; a description of every difference.
fn check(c: &Case, tally: &mut Tally) -> String {
    let out: &Outcome = c.out.as_ref().expect("the table records an outcome");
    let src = program(c);
    let prog = asm::assemble(isas::w128(), &src)
        .unwrap_or_else(|e| panic!("{}: does not assemble: {}\n{src}", c.op, e[0].message()));
    let mut sim = Sim::new(isas::w128(), &prog, LaunchConfig::default());
    let first = sim.step();
    sim.run(100);
    let mut errs = String::new();
    let ran = out.ran;
    let expect_ran = if c.op == "elect.sync" {
        c.mask & c.pp
    } else {
        c.mask
    };
    if ran != expect_ran {
        let _ = writeln!(errs, "  the GPU ran lanes {ran:#x}, not {expect_ran:#x}");
    }
    tally.lanes += ran.count_ones() as usize;
    let pred = |k: usize| bits(out.p[k]);
    let op = c.op.as_str();
    if op.starts_with("shfl.") {
        let Some(EventDetail::Shfl { reads_inactive, .. }) = first.map(|e| e.detail) else {
            panic!("{op}: no SHFL event");
        };
        tally.undefined_reads += (reads_inactive & ran).count_ones() as usize;
        same(&mut errs, "R3", ran, &lanes(&sim, Loc::R(3)), &out.d);
        same(&mut errs, "P0", ran, &lanes(&sim, Loc::P(0)), &pred(0));
    } else if op.starts_with("vote.") {
        // The GPU's predicates are any, all, uni; the program writes them
        // to (Rd, pu, upu, URd) = (R3, P0, UP0, UR1), (R4, P2, UP1, UR2),
        // (R5, P3, UP2, UR3).
        let votes = [(3, 0, 0, 1, "ANY"), (4, 2, 1, 2, "ALL"), (5, 3, 2, 3, "EQ")];
        for (k, (reg, p, up, ur, name)) in votes.into_iter().enumerate() {
            same(
                &mut errs,
                &format!("VOTE.{name} Rd"),
                ran,
                &lanes(&sim, Loc::R(reg)),
                &out.d,
            );
            same(
                &mut errs,
                &format!("VOTE.{name} pu"),
                ran,
                &lanes(&sim, Loc::P(p)),
                &pred(k),
            );
            let ballot = uniform(&mut errs, "ballot", ran, &out.d);
            check_uniform(
                &mut errs,
                &format!("VOTEU.{name} URd"),
                scalar(&sim, Loc::UR(ur)),
                ballot,
            );
            let vote = uniform(&mut errs, "vote", ran, &pred(k));
            check_uniform(
                &mut errs,
                &format!("VOTEU.{name} upu"),
                scalar(&sim, Loc::UP(up)),
                vote,
            );
        }
    } else if op.starts_with("redux.") {
        same(&mut errs, "REDUX Rd", ran, &lanes(&sim, Loc::R(3)), &out.d);
        let want = uniform(&mut errs, "reduction", ran, &out.d);
        check_uniform(&mut errs, "REDUXU URd", scalar(&sim, Loc::UR(1)), want);
    } else if op.starts_with("match.") {
        same(&mut errs, "Rd", ran, &lanes(&sim, Loc::R(3)), &out.d);
        if op.starts_with("match.all") {
            same(&mut errs, "pu", ran, &lanes(&sim, Loc::P(0)), &pred(0));
        }
    } else if op == "elect.sync" {
        same(&mut errs, "ELECT Rd", ran, &lanes(&sim, Loc::R(3)), &out.d);
        same(
            &mut errs,
            "ELECT pu",
            ran,
            &lanes(&sim, Loc::P(0)),
            &pred(0),
        );
        same(
            &mut errs,
            "ELECTU pu",
            ran,
            &lanes(&sim, Loc::P(2)),
            &pred(0),
        );
        let leader = uniform(&mut errs, "leader", ran, &out.d);
        check_uniform(&mut errs, "ELECTU URd", scalar(&sim, Loc::UR(1)), leader);
    } else {
        same(&mut errs, "Rd", ran, &lanes(&sim, Loc::R(3)), &out.d);
    }
    errs
}

/// Checks every case of one table; prints what was compared.
fn check_table(name: &str, text: &str) {
    let (notes, cases) = parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(
        notes.iter().any(|n| n.starts_with("device: NVIDIA")),
        "{name} names the GPU it was recorded on"
    );
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let mut per_op: Vec<(String, usize)> = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        match per_op.last_mut() {
            Some((op, n)) if *op == c.op => *n += 1,
            _ => per_op.push((c.op.clone(), 1)),
        }
        let errs = check(c, &mut tally);
        if !errs.is_empty() {
            failures.push(format!("case {} ({}):\n{errs}{}", i + 1, c.op, program(c)));
        }
    }
    println!(
        "{name}: {} cases, {} lanes compared, {} of them SHFL reads of a lane \
         that did not run",
        cases.len(),
        tally.lanes,
        tally.undefined_reads
    );
    // Every family is in the table, with reads of lanes that did not run,
    // so the check cannot pass by having nothing to compare.
    for family in [
        "shfl.",
        "vote.",
        "redux.",
        "match.",
        "elect.",
        "movmatrix.",
        "add.",
        "mul.",
        "fma.",
        "shl.",
        "shr.",
        "popc.",
        "lop3.",
    ] {
        let n: usize = per_op
            .iter()
            .filter(|(op, _)| op.starts_with(family))
            .map(|(_, n)| n)
            .sum();
        assert!(n >= 4, "{name} has too few {family} cases");
    }
    assert!(
        tally.undefined_reads >= 50,
        "{name}: too few reads of lanes that did not run"
    );
    assert!(
        failures.is_empty(),
        "{name}: {} of {} cases differ from the GPU; the first:\n{}",
        failures.len(),
        cases.len(),
        failures[0]
    );
}

#[test]
fn the_simulator_does_what_the_gpu_did() {
    for (name, text) in TABLES {
        check_table(name, text);
    }
}

#[test]
fn every_recording_asked_the_same_questions() {
    let inputs = |text: &str| -> Vec<Case> {
        let (_, cases) = parse(text).expect("reads");
        cases
            .into_iter()
            .map(|mut c| {
                c.out = None;
                c
            })
            .collect()
    };
    let first = inputs(TABLES[0].1);
    for (name, text) in &TABLES[1..] {
        assert!(
            inputs(text) == first,
            "{name} holds other cases than {}",
            TABLES[0].0
        );
    }
}
