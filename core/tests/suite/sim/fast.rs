//! The fast path of `Sim::run` against the event-recording step: random
//! programs run both ways must agree on the whole warp state (registers,
//! predicates, uniforms, barriers, counters, lane PCs, exited and waiting
//! lanes, step count) after every step, on warnings and status, and undo
//! the same way.

use proptest::prelude::*;
use warpscope_core::asm::{self, Program};
use warpscope_core::isas;
use warpscope_core::sim::{LaunchConfig, RunStatus, Sim, WarpState};
use warpscope_core::workloads::{self, Workload};

use super::undo::random_program;
use crate::rng::Rng;

/// A random loop: a counter, a body of fast-path and general-path
/// instructions, a guarded exit of some lanes and a backward branch that
/// the lanes take together or apart.
fn random_loop(seed: u64) -> String {
    let mut r = Rng(seed | 1);
    let mut out = format!(".active {:#x}\n.init R0 = lane\n", r.next() | 1);
    out.push_str(".init R1 = lane * 3 + 1\n.init P2 = lane % 3 == 0\n");
    out.push_str(".init R2 = {0x3fc00000, 0x80000000, 0x7f800000, 0xff800001, 0x00000001, 0x7f7fffff, 0xbf800000, 0x1f800000, 0x3f800001, 0xc0490fdb, 0, 0x007fffff, 0x5f800000, 0x34000000, 0xffffffff, 0x3effffff, 0x3fc00000, 0x80000000, 0x7f800000, 0xff800001, 0x00000001, 0x7f7fffff, 0xbf800000, 0x1f800000, 0x3f800001, 0xc0490fdb, 0, 0x007fffff, 0x5f800000, 0x34000000, 0xffffffff, 0x3effffff}\n");
    out.push_str(&format!(".init UR1 = {:#x}\n", r.next()));
    out.push_str("    MOV R7, 0x0\nloop:\n");
    for _ in 0..1 + r.below(8) {
        let (d, a, b) = (r.below(7), r.below(7), r.below(7));
        let (dir, ty) = (r.pick(&["L", "R"]), r.pick(&["U32", "S32"]));
        let inst = match r.below(21) {
            16 => format!(
                "FSETP.{}.{} P2, P1, R{a}, {}, {}P1",
                r.pick(&["LT", "NE", "NEU", "GEU", "NAN", "T"]),
                r.pick(&["AND", "OR", "XOR"]),
                r.pick(&["R2", "0f7fc00000", "-0.0", "1.5"]),
                r.pick(&["", "!"])
            ),
            17 => format!(
                "{} R{d}, R{a}",
                r.pick(&[
                    "I2F.F32.S32",
                    "I2F.F32.U32",
                    "F2I.S32.TRUNC",
                    "F2I.U32.TRUNC"
                ])
            ),
            18 => format!("F2I.{}.TRUNC R{d}, R2", r.pick(&["S32", "U32"])),
            19 => format!(
                "IMAD.HI{} R{d}, R{a}, {}, R{b}",
                r.pick(&["", ".S32"]),
                r.pick(&["R2", "0xaaaaaaab", "-7"])
            ),
            20 => format!("{} R{d}, R{a}", r.pick(&["BREV", "FLO.U32", "FLO.S32"])),
            9 => format!("SHF.{dir}.{ty} R{d}, R{a}, R{b}"),
            10 => format!("SHF.{dir}.{ty} R{d}, R{a}, {:#x}", r.below(40)),
            11 => format!("{} R{d}, R{a}, R{b}", r.pick(&["FADD", "FMUL"])),
            12 => format!("FFMA R{d}, R{a}, R{b}, R2"),
            13 => format!("MOV R{d}, {}", r.pick(&["UR1", "R2", "0x80000001", "RZ"])),
            14 => format!("IMAD R{d}, R{a}, {:#x}, R{b}", r.next()),
            15 => format!(
                "ISETP.{}.{}.{} P2, P1, R{a}, {}, {}P1",
                r.pick(&["LT", "EQ", "GT", "LE", "NE", "GE"]),
                r.pick(&["U32", "S32"]),
                r.pick(&["AND", "OR", "XOR"]),
                r.pick(&["R2", "0x80000000", "RZ"]),
                r.pick(&["", "!"])
            ),
            0 => format!("SHFL.BFLY P1, R{d}, R{a}, {:#x}, 0x1f", 1 << r.below(5)),
            1 => format!("SHFL.DOWN P1, R{d}, R{a}, {:#x}, 0x1f", r.below(32)),
            2 => format!("SHF.R.U32 R{d}, R{a}, {:#x}", r.below(40)),
            3 => format!("LOP3.LUT R{d}, R{a}, R{b}, RZ, {:#x}", r.below(256)),
            4 => format!("@P2 IADD3 R{d}, R{a}, R{b}, RZ"),
            5 => format!("POPC R{d}, R{a}"),
            6 => format!("ISETP.GT.OR P2, PT, R{a}, R{b}, P1"),
            7 => format!("S2R R{d}, SR_CLOCKLO"),
            _ => format!("SEL R{d}, R{a}, R{b}, P2"),
        };
        out.push_str(&format!("    {inst}\n"));
    }
    let exit = match r.below(3) {
        0 => "@!P2 EXIT\n",
        _ => "",
    };
    out.push_str(exit);
    out.push_str("    IADD3 R7, R7, 0x1, RZ\n");
    out.push_str(&format!(
        "    ISETP.LT.AND P0, PT, R7, {:#x}, PT\n",
        1 + r.below(12)
    ));
    let guard = r.pick(&["@P0", "@P0", "@P2"]);
    out.push_str(&format!("{guard} BRA loop\n    EXIT\n"));
    out
}

fn assemble(src: &str) -> Program {
    match asm::assemble(isas::w128(), src) {
        Ok(p) => p,
        Err(d) => panic!(
            "generated program does not assemble:\n{}\n{}",
            src,
            warpscope_core::diag::render(&d, &[("gen.s", src)])
        ),
    }
}

fn sim(program: &Program, undo: bool) -> Sim {
    let config = LaunchConfig {
        undo,
        ..LaunchConfig::default()
    };
    Sim::new(isas::w128(), program, config)
}

/// The state after every step of the event-recording path, and its end.
fn stepped(program: &Program) -> (Vec<WarpState>, Sim) {
    let mut s = sim(program, true);
    let mut states = vec![s.state().clone()];
    for _ in 0..300 {
        if s.step().is_none() {
            break;
        }
        states.push(s.state().clone());
    }
    (states, s)
}

/// Runs `program` with `run` in chunks of `chunk(i)` steps, comparing the
/// state with the stepped one after each chunk, then undoes back to the
/// start (when `undo`) comparing every state on the way.
fn compare(src: &str, undo: bool, mut chunk: impl FnMut() -> u64) -> Result<(), TestCaseError> {
    let program = assemble(src);
    let (states, reference) = stepped(&program);
    let mut fast = sim(&program, undo);
    let last = states.len() - 1;
    while (fast.steps() as usize) < last {
        let budget = chunk().min((last - fast.steps() as usize) as u64);
        let status = fast.run(budget);
        let at = fast.steps() as usize;
        prop_assert!(at <= last, "ran past the stepped run\n{}", src);
        prop_assert!(
            fast.state() == &states[at],
            "state after step {} differs\n{}",
            at,
            src
        );
        if at < last {
            prop_assert_eq!(status, RunStatus::StepLimit);
        }
    }
    match reference.status() {
        // The stepped run stopped at its cap: so did this one.
        RunStatus::Running => prop_assert_eq!(fast.status(), RunStatus::StepLimit),
        done => prop_assert_eq!(fast.run(10), done),
    }
    prop_assert_eq!(fast.warnings(), reference.warnings());
    prop_assert_eq!(fast.next_lanes(), reference.next_lanes());
    prop_assert_eq!(fast.halted(), reference.halted());
    if undo {
        prop_assert_eq!(fast.undo_depth(), last);
        for i in (0..last).rev() {
            prop_assert!(fast.back());
            prop_assert!(
                fast.state() == &states[i],
                "state after back to step {} differs\n{}",
                i,
                src
            );
        }
        prop_assert!(!fast.back());
    }
    Ok(())
}

/// What a debugger's Run does one step at a time: step (with events) until
/// `stop` holds for the next instruction after a step, no lane can run, or
/// `budget` steps.
fn step_until(s: &mut Sim, budget: u64, stop: &dyn Fn(usize) -> bool) -> u64 {
    let mut n = 0;
    while n < budget && s.step().is_some() {
        n += 1;
        if s.next_index().is_none_or(stop) {
            break;
        }
    }
    n
}

/// `run_until` against `step_until`, run after run (as a user presses Run
/// at a breakpoint again and again), with breakpoints on the instructions
/// whose bit is set in `marks`.
fn compare_until(src: &str, marks: u64, budget: u64) -> Result<(), TestCaseError> {
    let program = assemble(src);
    let stop = |i: usize| marks >> (i % 64) & 1 != 0;
    let (mut fast, mut slow) = (sim(&program, true), sim(&program, true));
    for _ in 0..20 {
        let n = fast.run_until(budget, stop);
        prop_assert_eq!(n, step_until(&mut slow, budget, &stop), "{}", src);
        prop_assert!(fast.state() == slow.state(), "state differs\n{}", src);
        prop_assert_eq!(fast.status(), slow.status(), "{}", src);
        if n == 0 {
            break;
        }
    }
    prop_assert_eq!(fast.warnings(), slow.warnings());
    while slow.back() {
        prop_assert!(fast.back());
        prop_assert!(fast.state() == slow.state());
    }
    prop_assert!(!fast.back());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn run_until_stops_where_stepping_does(seed in any::<u64>(), marks in any::<u64>(), budget in 1u64..60) {
        // Sparse breakpoints, so that runs also go long.
        let marks = marks & marks.rotate_left(17) & marks.rotate_left(31);
        compare_until(&random_program(seed), marks, budget)?;
        compare_until(&random_loop(seed), marks, budget)?;
    }

    #[test]
    fn run_matches_step_after_every_step(seed in any::<u64>(), undo in any::<bool>()) {
        compare(&random_program(seed), undo, || 1)?;
        compare(&random_loop(seed), undo, || 1)?;
    }

    #[test]
    fn run_in_chunks_matches_step(seed in any::<u64>(), undo in any::<bool>(), s in 1u64..100) {
        let mut r = Rng(s);
        compare(&random_program(seed), undo, || 1 + u64::from(r.below(9)))?;
        compare(&random_loop(seed), undo, || 1 + u64::from(r.below(40)))?;
    }
}

#[test]
fn workloads_run_as_they_step() {
    for w in Workload::ALL {
        for undo in [false, true] {
            let mut ran = workloads::sim(w, undo);
            let mut stepped = workloads::sim(w, true);
            assert_eq!(ran.run(u64::MAX), RunStatus::Exited);
            while stepped.step().is_some() {}
            assert!(ran.state() == stepped.state(), "{}", w.name());
            if undo {
                assert_eq!(ran.undo_depth() as u64, w.steps());
                while ran.back() {}
                assert!(ran.state() == ran.initial_state());
            }
        }
    }
}

/// Runs longer than one call of the fast loop (16,384 steps) stop where
/// stepping stops: at a breakpoint on the step that ends a call or just
/// around it, at the budget, and at the end.
#[test]
fn long_runs_cross_the_fast_loop_slices() {
    // Straight-line code: instruction i is next after exactly i steps.
    let mut src = String::from(".init R1 = lane\n");
    for _ in 0..40_000 {
        src.push_str("    IADD3 R1, R1, 0x1, RZ\n");
    }
    src.push_str("    EXIT\n");
    let program = assemble(&src);
    for at in [16_383, 16_384, 16_385, 32_768, 39_999] {
        let mut s = sim(&program, false);
        assert_eq!(
            s.run_until(u64::MAX, |i| i == at),
            at as u64,
            "breakpoint at {at}"
        );
        assert_eq!(s.next_index(), Some(at));
    }
    for budget in [16_384, 16_385, 32_768, 40_000] {
        let mut s = sim(&program, false);
        assert_eq!(s.run(budget), RunStatus::StepLimit);
        assert_eq!(s.steps(), budget);
        assert_eq!(s.next_index(), Some(budget as usize));
    }
    let (mut ran, mut stepped) = (sim(&program, true), sim(&program, true));
    assert_eq!(ran.run(16_385), RunStatus::StepLimit);
    for _ in 0..16_385 {
        stepped.step();
    }
    assert!(ran.state() == stepped.state());
    assert_eq!(ran.run(u64::MAX), RunStatus::Exited);
    assert_eq!(ran.steps(), 40_001);
    assert_eq!(ran.undo_depth(), 40_001);
    while ran.back() {}
    assert!(ran.state() == ran.initial_state());
}
