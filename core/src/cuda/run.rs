//! Running a compiled kernel: the simulator steps the warp, and at each
//! `printf` call's `NOP` every lane running it prints its line, lanes in
//! order, as a GPU's `printf` does.

use super::lower::{Compiled, PrintValue, Printf, Src};
use super::printf::{self, Arg};
use crate::isas;
use crate::sim::{lanes, LaunchConfig, RunStatus, Sim, WarpState};

/// What one lane printed in one `printf` call.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Print {
    /// The lane.
    pub lane: u32,
    /// Its text (with the format's own newlines).
    pub text: String,
}

/// The end of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// Every line printed, in the order the warp printed them.
    pub prints: Vec<Print>,
    /// How the run ended.
    pub status: RunStatus,
    /// The steps it took.
    pub steps: u64,
}

/// Runs `c` on one warp for at most `max_steps` steps.
pub fn run(c: &Compiled, max_steps: u64) -> Output {
    let mut sim = simulator(c);
    let prints = run_on(c, &mut sim, max_steps);
    Output {
        prints,
        status: match sim.status() {
            RunStatus::Running => RunStatus::StepLimit,
            s => s,
        },
        steps: sim.steps(),
    }
}

/// A simulator of `c`'s program, launched as `cuda::run` launches it
/// (without the undo history).
pub fn simulator(c: &Compiled) -> Sim {
    let config = LaunchConfig {
        undo: false,
        ..LaunchConfig::default()
    };
    Sim::new(isas::w128(), &c.program, config)
}

/// Steps `sim` (a simulator of `c`'s program) until no lane can run or
/// `sim` has made `max_steps` steps; returns what was printed.
pub fn run_on(c: &Compiled, sim: &mut Sim, max_steps: u64) -> Vec<Print> {
    let mut prints = Vec::new();
    while sim.steps() < max_steps {
        let Some(ev) = sim.step() else { break };
        if let Some(p) = c.print_at(ev.index) {
            prints.extend(print(p, sim.state(), ev.lanes));
        }
    }
    prints
}

/// What the lanes of `mask` print for the call `p`, with the registers
/// as they are in `st`.
pub fn print<'a>(p: &'a Printf, st: &'a WarpState, mask: u32) -> impl Iterator<Item = Print> + 'a {
    lanes(mask).map(move |lane| {
        let args: Vec<Arg> = p.args.iter().map(|a| arg(a, st, lane)).collect();
        Print {
            lane: lane as u32,
            text: printf::format(&p.pieces, &args),
        }
    })
}

/// One argument's value in `lane`.
fn arg<'a>(a: &'a PrintValue, st: &WarpState, lane: usize) -> Arg<'a> {
    match a {
        PrintValue::Number(ty, s) => Arg::Number(*ty, bits(*s, st, lane)),
        PrintValue::Str(t) => Arg::Str(t),
        PrintValue::Choose(c, yes, no) => {
            if bits(*c, st, lane) != 0 {
                arg(yes, st, lane)
            } else {
                arg(no, st, lane)
            }
        }
    }
}

/// The 32 bits of an operand in `lane`.
fn bits(s: Src, st: &WarpState, lane: usize) -> u32 {
    match s {
        Src::Imm(x) => x,
        Src::R(255) => 0,
        Src::R(r) => st.reg(r)[lane],
    }
}
