//! Fuzzes the simulator with random w128 programs that assemble: the fuzz
//! bytes pick the launch mask, the initial registers and each line from a
//! list of valid instructions (warp-wide SHFL, VOTE, REDUX, MATCH, ELECT,
//! branches into and out of a BSSY/BSYNC region, exits, integer and
//! predicate arithmetic). Each program runs step by step with the undo log
//! on for at most `BUDGET` steps; every step is then undone and the state
//! must come back through every checkpoint to the initial one. The fast
//! `run()` path, in chunks whose sizes the bytes choose, must reach the
//! same state as the steps at every chunk's end, with the same warnings and
//! status, and undo the same way when its log is on. Runs to breakpoints
//! (`run_until`, what the playground's Run does), with breakpoints the bytes
//! place, stop where stepping to them does, with the same state.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::asm;
use warpscope_core::isas;
use warpscope_core::sim::{LaunchConfig, RunStatus, Sim, WarpState};

/// Steps the program may take (a backward branch may loop forever).
const BUDGET: u64 = 96;
/// Labels a branch may jump to: `l0` .. `l3`, placed by the bytes.
const LABELS: u8 = 4;

/// The fuzz bytes, read from the front; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }
    fn below(&mut self, n: u8) -> u8 {
        self.byte() % n
    }
    fn word(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }
    fn pick<'s>(&mut self, from: &[&'s str]) -> &'s str {
        from[usize::from(self.byte()) % from.len()]
    }
}

/// One instruction line; registers R0..R7, predicates P0..P3.
fn instruction(b: &mut Bytes) -> String {
    let (d, a, c, e) = (b.below(8), b.below(8), b.below(8), b.below(8));
    let (p, q) = (b.below(4), b.below(4));
    let mode = b.pick(&["IDX", "UP", "DOWN", "BFLY"]);
    let inst = match b.below(35) {
        // b and c each an immediate or a register, independently
        0 | 1 => {
            let b_op = match b.below(2) {
                0 => format!("{:#x}", b.below(32)),
                _ => format!("R{c}"),
            };
            let c_op = match b.below(2) {
                0 => b.pick(&["0x1f", "0x0", "0x181f", "0x101f", "0x1c1f"]).to_string(),
                _ => format!("R{e}"),
            };
            format!("SHFL.{mode} P{p}, R{d}, R{a}, {b_op}, {c_op}")
        }
        // VOTE per lane, VOTEU to a uniform register
        2 | 3 => {
            let op = b.pick(&["ANY", "ALL", "EQ"]);
            match b.below(2) {
                0 => format!("VOTE.{op} R{d}, P{p}, !P{q}"),
                _ => format!("VOTEU.{op} UR{d}, UP{p}, P{q}"),
            }
        }
        4 => {
            let (ty, op) = (
                b.pick(&["U32", "S32"]),
                b.pick(&["AND", "OR", "XOR", "SUM", "MIN", "MAX"]),
            );
            format!("REDUX.{ty}.{op} R{d}, R{a}")
        }
        5 => format!("REDUXU.SUM UR{d}, R{a}"),
        6 => format!("MATCH.{} R{d}, P{p}, R{a}", b.pick(&["ANY", "ALL"])),
        7 => format!(
            "MATCH.U64.{} R{d}, P{p}, R[{}:{}]",
            b.pick(&["ANY", "ALL"]),
            a & 6,
            (a & 6) + 1
        ),
        8 => format!("ELECT P{p}, R{d}, P{q}"),
        9 => format!("ELECTU P{p}, UR{d}, ~UR1"),
        10 => format!("IADD3 R{d}, R{a}, R{c}, R{e}"),
        11 => format!("IADD3 R{d}, R{a}, {:#x}, RZ", b.word()),
        12 => format!("LOP3.LUT R{d}, R{a}, R{c}, R{e}, {:#x}", b.byte()),
        13 => format!(
            "ISETP.{}.{} P{p}, P{q}, R{a}, R{c}, P{}",
            b.pick(&["LT", "GE", "EQ", "NE", "GT", "LE"]),
            b.pick(&["AND", "OR", "XOR"]),
            b.below(4)
        ),
        14 => format!("ISETP.LT.AND P{p}, PT, R{a}, {:#x}, PT", b.below(16)),
        15 => format!(
            "S2R R{d}, {}",
            b.pick(&[
                "SR_LANEID",
                "SR_CLOCKLO",
                "SR_CTAID.X",
                "SR_LTMASK",
                "SR_PM3"
            ])
        ),
        16 => "CS2R R[2:3], SR_CLOCK".to_string(),
        17 => format!("PMTRIG {:#x}", b.below(8)),
        18 => format!("SETREG 0xe, R{a}"),
        19 => format!("@P{p} EXIT"),
        20 => format!("@P{p} BRA l{}", b.below(LABELS)),
        21 => format!("@!P{p} BRA sync"),
        22 => format!("MOVM R{d}, R{a}"),
        23 => format!("FFMA R{d}, R{a}, R{c}, R{e}"),
        24 => format!("IMAD R{d}, R{a}, R{c}, R{e}"),
        25 => format!(
            "SHF.{} R{d}, R{a}, {:#x}",
            b.pick(&["R.U32", "L.U32"]),
            b.below(40)
        ),
        26 => format!("POPC R{d}, R{a}"),
        27 => format!("MOV R{d}, {:#x}", b.word()),
        28 => format!("FADD R{d}, R{a}, {}", b.pick(&["1.5", "-0.25", "R1"])),
        29 => format!(
            "FSETP.{}.{} P{p}, P{q}, R{a}, {}, P{}",
            b.pick(&["LT", "GE", "EQ", "NE", "NEU", "NAN", "NUM", "GTU"]),
            b.pick(&["AND", "OR", "XOR"]),
            b.pick(&["R1", "1.5", "0f7fc00000", "-0.0"]),
            b.below(4)
        ),
        30 => format!("I2F.F32.{} R{d}, R{a}", b.pick(&["S32", "U32"])),
        31 => format!("F2I.{}.TRUNC R{d}, R{a}", b.pick(&["S32", "U32"])),
        32 => format!(
            "IMAD.HI{} R{d}, R{a}, R{c}, R{e}",
            b.pick(&["", ".S32"])
        ),
        33 => format!("{} R{d}, R{a}", b.pick(&["BREV", "FLO.U32", "FLO.S32"])),
        _ => format!("SEL R{d}, R{a}, R{c}, P{q}"),
    };
    match b.below(5) {
        0 if !inst.starts_with('@') => format!("@P{} {inst}", b.below(4)),
        1 if !inst.starts_with('@') => format!("@!P{} {inst}", b.below(4)),
        _ => inst,
    }
}

/// A whole program: launch mask, initial values, a BSSY region of
/// instructions with labels among them, then the reconvergence point.
fn program(b: &mut Bytes) -> String {
    let mut out = format!(".active {:#x}\n", b.word() | 1);
    for reg in 0..8 {
        out.push_str(&format!(
            ".init R{reg} = lane * {} + {}\n",
            b.below(9),
            b.byte()
        ));
    }
    for p in 0..4 {
        out.push_str(&format!(".init P{p} = lane % {} == 0\n", 1 + b.below(4)));
    }
    out.push_str(".init UR1 = 0xff00ff\n    BSSY B1, sync\n");
    let n = 1 + usize::from(b.below(32));
    let mut placed = 0;
    for i in 0..n {
        // Every label is placed once; the last ones before the end.
        while placed < LABELS && (b.below(4) == 0 || n - i <= usize::from(LABELS - placed)) {
            out.push_str(&format!("l{placed}:\n"));
            placed += 1;
        }
        out.push_str("    ");
        out.push_str(&instruction(b));
        out.push('\n');
    }
    for l in placed..LABELS {
        out.push_str(&format!("l{l}:\n"));
    }
    out.push_str("sync:\n    BSYNC B1\n    VOTE.ANY R9, P6, PT\n    EXIT\n");
    out
}

fuzz_target!(|data: &[u8]| {
    // The first bytes choose the chunk sizes of the fast run, the rest
    // the program.
    let (chunks, rest) = data.split_at(data.len().min(8));
    let mut bytes = Bytes(rest);
    let src = program(&mut bytes);
    let isa = isas::w128();
    let prog = match asm::assemble(isa, &src) {
        Ok(p) => p,
        Err(d) => panic!(
            "generated program does not assemble:\n{src}\n{}",
            warpscope_core::diag::render(&d, &[("gen.s", &src)])
        ),
    };
    let mut chunk = chunks.iter().cycle().map(|&c| 1 + u64::from(c % 48));
    let fast_undo = chunks.first().is_some_and(|c| c & 0x80 != 0);

    // Step by step, keeping the state at each chunk's end.
    let config = |undo| LaunchConfig {
        undo,
        ..LaunchConfig::default()
    };
    let mut stepped = Sim::new(isa, &prog, config(true));
    let initial = stepped.state().clone();
    let load_warnings = stepped.warnings();
    assert!(&initial == stepped.initial_state());
    let mut marks: Vec<(u64, WarpState)> = Vec::new();
    let mut next = chunk.next().unwrap_or(BUDGET);
    while stepped.steps() < BUDGET && stepped.step().is_some() {
        if stepped.steps() == next {
            marks.push((next, stepped.state().clone()));
            next += chunk.next().unwrap_or(BUDGET);
        }
    }
    let taken = stepped.steps();
    assert_eq!(stepped.undo_depth() as u64, taken);

    // The fast path, in the same chunks.
    let mut fast = Sim::new(isa, &prog, config(fast_undo));
    for (at, state) in &marks {
        let status = fast.run(at - fast.steps());
        assert_eq!(fast.steps(), *at, "{src}");
        assert!(
            fast.state() == state,
            "state after step {at} differs\n{src}"
        );
        if *at < taken {
            assert_eq!(status, RunStatus::StepLimit, "{src}");
        }
    }
    let status = fast.run(taken - fast.steps());
    assert_eq!(fast.steps(), taken, "{src}");
    assert!(fast.state() == stepped.state(), "end states differ\n{src}");
    assert_eq!(fast.warnings(), stepped.warnings(), "{src}");
    assert_eq!(fast.next_lanes(), stepped.next_lanes(), "{src}");
    assert_eq!(fast.halted(), stepped.halted(), "{src}");
    if stepped.next_index().is_none() {
        assert_eq!(status, stepped.status(), "{src}");
    }

    // Back to the start through every checkpoint, both ways of running.
    for sim in [&mut stepped, &mut fast] {
        if !sim.config().undo {
            continue;
        }
        let mut marks = marks.iter().rev().filter(|(at, _)| *at < taken).peekable();
        while sim.back() {
            if let Some((_, state)) = marks.next_if(|(at, _)| *at == sim.steps()) {
                assert!(
                    sim.state() == state,
                    "state back at step {} differs\n{src}",
                    sim.steps()
                );
            }
        }
        assert_eq!(sim.steps(), 0, "{src}");
        assert!(
            sim.state() == &initial,
            "undo does not restore the start\n{src}"
        );
        assert_eq!(sim.warnings(), load_warnings, "{src}");
    }

    // Run to breakpoints, run after run, as stepping to them does.
    let mut bits = [0u8; 8];
    bits[..chunks.len()].copy_from_slice(chunks);
    let bits = u64::from_le_bytes(bits).rotate_left(7);
    let stop = |i: usize| (bits >> (i % 64)) & 1 != 0;
    let mut ran = Sim::new(isa, &prog, config(true));
    let mut walked = Sim::new(isa, &prog, config(true));
    while ran.steps() < BUDGET {
        let budget = chunk.next().unwrap_or(BUDGET).min(BUDGET - ran.steps());
        let n = ran.run_until(budget, stop);
        let mut m = 0;
        while m < budget && walked.step().is_some() {
            m += 1;
            if walked.next_index().is_none_or(stop) {
                break;
            }
        }
        assert_eq!(n, m, "{src}");
        assert!(ran.state() == walked.state(), "run_until differs\n{src}");
        assert_eq!(ran.warnings(), walked.warnings(), "{src}");
        assert_eq!(ran.status(), walked.status(), "{src}");
        if n == 0 {
            break;
        }
    }
});
