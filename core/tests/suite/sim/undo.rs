//! Undo: stepping forward k times and back k times restores the exact
//! initial state, and every state on the way, for random programs.

use proptest::prelude::*;
use warpscope_core::asm;
use warpscope_core::isas;
use warpscope_core::sim::{LaunchConfig, Sim, WarpState};

use crate::rng::Rng;

/// A random program exercising every kind of state change: registers,
/// predicates, uniforms, barriers, counters, divergence, waits and exits.
pub(super) fn random_program(seed: u64) -> String {
    let mut r = Rng(seed | 1);
    let mut out = String::new();
    out.push_str(&format!(".active {:#x}\n", r.next() | 1));
    for reg in 0..8 {
        out.push_str(&format!(
            ".init R{reg} = lane * {} + {}\n",
            r.below(9),
            r.below(100)
        ));
    }
    for p in 0..4 {
        out.push_str(&format!(".init P{p} = lane % {} == 0\n", 1 + r.below(4)));
    }
    out.push_str(".init UR1 = 0xff00ff\n");
    out.push_str("    BSSY B1, sync\n");
    let n = 4 + r.below(20);
    for _ in 0..n {
        let (d, a, b, c) = (r.below(8), r.below(8), r.below(8), r.below(8));
        let (p, q) = (r.below(4), r.below(4));
        let guard = match r.below(4) {
            0 => format!("@P{} ", r.below(4)),
            1 => format!("@!P{} ", r.below(4)),
            _ => String::new(),
        };
        let mode = r.pick(&["IDX", "UP", "DOWN", "BFLY"]);
        let inst = match r.below(22) {
            0 => format!(
                "SHFL.{mode} P{p}, R{d}, R{a}, {:#x}, {}",
                r.below(32),
                r.pick(&["0x1f", "0x0", "0x181f", "0x101f", "0x1c1f"])
            ),
            1 => format!("SHFL.{mode} P{p}, R{d}, R{a}, R{b}, R{c}"),
            2 => format!("VOTE.{} R{d}, P{p}, !P{q}", r.pick(&["ANY", "ALL", "EQ"])),
            3 => format!("VOTEU.{} UR{d}, UP{p}, P{q}", r.pick(&["ANY", "ALL", "EQ"])),
            4 => format!(
                "REDUX.{}.{} R{d}, R{a}",
                r.pick(&["U32", "S32"]),
                r.pick(&["AND", "OR", "XOR", "SUM", "MIN", "MAX"])
            ),
            5 => format!("REDUXU.SUM UR{d}, R{a}"),
            6 => format!("MATCH.{} R{d}, P{p}, R{a}", r.pick(&["ANY", "ALL"])),
            7 => format!("ELECT P{p}, R{d}, P{q}"),
            8 => format!("ELECTU P{p}, UR{d}, ~UR1"),
            9 => format!("IADD3 R{d}, R{a}, R{b}, R{c}"),
            10 => format!("LOP3.LUT R{d}, R{a}, R{b}, R{c}, {:#x}", r.below(256)),
            11 => format!("ISETP.LT.AND P{p}, P{q}, R{a}, R{b}, PT"),
            12 => format!("S2R R{d}, SR_LANEID"),
            13 => "CS2R R[2:3], SR_CLOCK".to_string(),
            14 => "PMTRIG 0x3".to_string(),
            15 => format!("SETREG 0xe, R{a}"),
            16 => format!("@P{p} EXIT"),
            17 => format!("@P{p} BRA sync"),
            18 => format!("MOVM R{d}, R{a}"),
            19 => format!("FFMA R{d}, R{a}, R{b}, R{c}"),
            20 => format!("IMAD R{d}, R{a}, R{b}, R{c}"),
            _ => format!("SEL R{d}, R{a}, R{b}, P{q}"),
        };
        let inst = if inst.starts_with('@') {
            inst
        } else {
            format!("{guard}{inst}")
        };
        out.push_str("    ");
        out.push_str(&inst);
        out.push('\n');
    }
    out.push_str("sync:\n    BSYNC B1\n    VOTE.ANY R9, P6, PT\n    EXIT\n");
    out
}

fn sim_for(src: &str) -> Sim {
    let isa = isas::w128();
    match asm::assemble(isa, src) {
        Ok(p) => Sim::new(isa, &p, LaunchConfig::default()),
        Err(d) => panic!(
            "generated program does not assemble:\n{}\n{}",
            src,
            warpscope_core::diag::render(&d, &[("gen.s", src)])
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn k_steps_then_k_backs_restore_every_state(seed in any::<u64>(), k in 0usize..40) {
        let src = random_program(seed);
        let mut sim = sim_for(&src);
        let mut states: Vec<WarpState> = vec![sim.state().clone()];
        let mut warnings = vec![sim.warnings()];
        for _ in 0..k {
            if sim.step().is_none() {
                break;
            }
            states.push(sim.state().clone());
            warnings.push(sim.warnings());
        }
        let taken = states.len() - 1;
        prop_assert_eq!(sim.undo_depth(), taken);
        for i in (0..taken).rev() {
            prop_assert!(sim.back());
            prop_assert!(sim.state() == &states[i], "state after back to step {} differs\n{}", i, src);
            prop_assert_eq!(&sim.warnings(), &warnings[i]);
        }
        prop_assert!(!sim.back());
        prop_assert!(sim.state() == sim.initial_state());
        prop_assert_eq!(sim.steps(), 0);
    }

    #[test]
    fn replaying_after_back_gives_the_same_events(seed in any::<u64>(), k in 1usize..30, j in 1usize..10) {
        let src = random_program(seed);
        let mut sim = sim_for(&src);
        let mut events = Vec::new();
        for _ in 0..k {
            match sim.step() {
                Some(ev) => events.push(ev),
                None => break,
            }
        }
        let end = sim.state().clone();
        let j = j.min(events.len());
        for _ in 0..j {
            prop_assert!(sim.back());
        }
        for ev in &events[events.len() - j..] {
            let again = sim.step();
            prop_assert_eq!(again.as_ref(), Some(ev));
        }
        prop_assert!(sim.state() == &end);
    }

    #[test]
    fn run_without_undo_matches_stepping(seed in any::<u64>()) {
        let src = random_program(seed);
        let isa = isas::w128();
        let program = asm::assemble(isa, &src).expect("assembles");
        let mut stepped = Sim::new(isa, &program, LaunchConfig::default());
        while stepped.step().is_some() {}
        let config = LaunchConfig { undo: false, ..LaunchConfig::default() };
        let mut ran = Sim::new(isa, &program, config);
        let status = ran.run(1_000);
        prop_assert_eq!(status, stepped.status());
        prop_assert!(ran.state() == stepped.state());
        prop_assert!(!ran.back());
        ran.reset();
        prop_assert!(ran.state() == ran.initial_state());
    }
}

/// A run longer than the undo history keeps its memory bounded: the log
/// forgets its oldest steps, and stepping back still restores exactly the
/// states a run without undo passes through, down to the oldest step it
/// keeps, from where stepping forward again runs as before.
#[test]
fn a_long_run_forgets_its_oldest_steps_and_undoes_the_rest_exactly() {
    use warpscope_core::sim::UNDO_HISTORY;
    // Full and partial register writes (the pool), predicates, a shuffle
    // and a branch, for ever.
    let src = ".init R0 = lane\n.init P2 = lane % 3 == 0\nloop:\n    IADD3 R1, R1, 0x1, RZ\n\
               @P2 IADD3 R2, R2, R0, RZ\n    SHFL.BFLY P1, R3, R1, 0x1, 0x1f\n\
               LOP3.LUT R4, R3, R2, R1, 0x96\n    ISETP.LT.AND P3, PT, R4, R1, PT\n    BRA loop\n";
    let isa = isas::w128();
    let program = asm::assemble(isa, src).expect("assembles");
    let reference = |steps: u64| {
        let config = LaunchConfig {
            undo: false,
            ..LaunchConfig::default()
        };
        let mut s = Sim::new(isa, &program, config);
        s.run(steps);
        assert_eq!(s.steps(), steps);
        s.state().clone()
    };
    let mut sim = Sim::new(isa, &program, LaunchConfig::default());
    let total = 3 * UNDO_HISTORY as u64 + 777;
    while sim.steps() < total {
        sim.run((total - sim.steps()).min(100_000));
    }
    let depth = sim.undo_depth();
    assert!((UNDO_HISTORY..2 * UNDO_HISTORY).contains(&depth), "{depth}");
    let mut backed = 0;
    for k in [1, 2, 1000, depth / 2, depth - 1, depth] {
        while backed < k {
            assert!(sim.back(), "back {backed} of {depth}");
            backed += 1;
        }
        assert!(
            sim.state() == &reference(total - k as u64),
            "{k} steps back"
        );
    }
    assert!(!sim.back(), "the history holds {depth} steps");
    assert_eq!(sim.steps(), total - depth as u64);
    sim.run(10);
    assert!(sim.state() == &reference(total - depth as u64 + 10));
}

/// A loop that warns every time round keeps the first MAX_WARNINGS of its
/// warnings and one note that more followed, and stepping back still
/// takes the list back to what it was before each step.
#[test]
fn a_loop_that_always_warns_keeps_the_first_warnings_and_a_note() {
    use warpscope_core::sim::MAX_WARNINGS;
    // Lane 0 alone reads lane 1, which does not take part: a warning a step.
    let src = ".active 0x1\nloop:\n    SHFL.IDX P0, R1, R0, 0x1, 0x1f\n    BRA loop\n";
    let mut sim = sim_for(src);
    let loaded = sim.warnings().len();
    let steps = 4 * MAX_WARNINGS as u64;
    sim.run(steps);
    let all = sim.warnings();
    assert_eq!(all.len(), loaded + MAX_WARNINGS + 1);
    assert!(
        all[loaded].message.starts_with("SHFL: lanes"),
        "{}",
        all[loaded].message
    );
    let note = &all[all.len() - 1];
    assert!(
        note.message.contains("only the first 1000"),
        "{}",
        note.message
    );
    assert_eq!(note.step, Some(2 * MAX_WARNINGS as u64));
    // Back to before the note's step, then to halfway through the kept ones.
    while sim.steps() > 2 * MAX_WARNINGS as u64 {
        assert!(sim.back());
    }
    assert_eq!(sim.warnings().len(), loaded + MAX_WARNINGS);
    while sim.steps() > MAX_WARNINGS as u64 {
        assert!(sim.back());
    }
    assert_eq!(sim.warnings().len(), loaded + MAX_WARNINGS / 2);
}
