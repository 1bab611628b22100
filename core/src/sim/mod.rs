//! The 32-lane warp simulator.
//!
//! [`Sim`] executes a program one warp instruction at a time. Each
//! [`Sim::step`] returns a [`StepEvent`] that records which lanes took part,
//! every location written (old and new values) and an [`EventDetail`] with
//! the instruction's own facts (the source lane of every `SHFL` lane, a
//! `VOTE` ballot, `REDUX` inputs...). [`Sim::back`] undoes exactly one step
//! from an undo log that grows with what the step changed, so a front end
//! can scrub through a run in both directions. [`Sim::run`] executes up to
//! a step budget and never hangs.
//!
//! # Model
//!
//! * State, structure of arrays: R0..R254 as `[u32; 32]` (RZ reads 0 and
//!   discards writes), P0..P6 and B0..B15 as lane masks (PT reads true),
//!   UR0..UR62 (URZ), UP0..UP6 (UPT), the performance counters SR_PM0..7 and
//!   SR_PM_HI0..7, and per lane: a PC, whether it exited, whether it waits
//!   at a `BSYNC`. All registers start at 0 unless the program's setup
//!   (`.init`) says otherwise; only the lanes of `.active` are launched.
//! * Scheduling (independent thread scheduling): each lane has its own PC.
//!   A step runs the lanes that share the lowest PC among the runnable
//!   lanes (launched, not exited, not waiting, PC inside the program). Those
//!   lanes are the step's *active* lanes; the ones whose guard predicate is
//!   true are its *participating* lanes. Collective instructions (`SHFL`,
//!   `VOTE`, `REDUX`, `MATCH`, `ELECT`, `MOVM`) combine the participating
//!   lanes of that step.
//! * `BSSY Bx` records the participating lanes in `Bx`; `BSYNC Bx` makes
//!   lanes wait until every lane of `Bx` that can still arrive (not exited,
//!   not run past the end of the program) waits at that `BSYNC`; then they
//!   continue together.
//! * `EXIT` retires lanes. When every launched lane exited the status is
//!   [`RunStatus::Exited`]. Lanes that run past the last instruction (or
//!   branch to an address holding no instruction) stop; when no lane can
//!   run and some did not exit, the status is [`RunStatus::Halted`] (this
//!   includes lanes left waiting forever at a `BSYNC`).
//! * Uniform destinations (`UMOV`, `S2UR`, `VOTEU`, `REDUXU`, `ELECTU`) are
//!   written only when at least one lane participates.
//! * Special registers come from a [`LaunchConfig`]. `SR_CLOCKLO/HI` (and
//!   the 64-bit `SR_CLOCK`) count the steps executed before the reading
//!   instruction; `SR_GLOBALTIMELO/HI` advance [`NS_PER_STEP`] ns per step.
//! * Results that hardware leaves undefined (a `SHFL` or `MOVM` lane reading
//!   a lane that does not participate) are computed from that lane's
//!   current register and reported in the event and as a warning.
//!
//! # Where things live
//!
//! * `semantics/`: what each instruction does, one module per family
//!   (w128 collectives, w128 ALU and control flow, w128 special
//!   registers, sm50, gfx9). **A new instruction's semantics go there**;
//!   its module docs say how. [`prepare`] resolves an ISA's fields once.
//! * `fast.rs`: the fast path of [`Sim::run`] (no events): operations
//!   lowered once more when the `Sim` is built, executed for converged
//!   warps without the per-lane scheduling scan. A new instruction runs
//!   on the general path until it is lowered there too.
//! * `write.rs`: the one write path (`Sim::write`) and the undo log.
//! * `state.rs`: [`WarpState`], storage indexed by [`Loc`].
//! * `load.rs`: building a [`Sim`] from a program and its `.init`s.
//! * [`machine`]: the register files a dialect has, from its description.
//! * `operands.rs`: the operand encodings the simulator relies on (zero
//!   registers, `hwreg`, constant banks), in one place.
//! * `sreg.rs`: special registers; `event.rs`: what a step reports.
//!
//! # Example
//!
//! ```
//! use warpscope_core::{asm, isas, sim::{Sim, LaunchConfig, RunStatus, EventDetail}};
//! let isa = isas::w128();
//! let src = "
//!     .init R0 = lane
//!     SHFL.BFLY P0, R1, R0, 0x1, 0x1f   // swap neighbours
//!     EXIT
//! ";
//! let program = asm::assemble(isa, src).expect("assembles");
//! let mut sim = Sim::new(isa, &program, LaunchConfig::default());
//! let ev = sim.step().expect("one step");
//! assert!(matches!(ev.detail, EventDetail::Shfl { .. }));
//! assert_eq!(sim.state().reg(1)[4], 5);
//! assert!(sim.back()); // undo the SHFL
//! assert_eq!(sim.state().reg(1)[4], 0);
//! assert_eq!(sim.run(100), RunStatus::Exited);
//! assert_eq!(sim.state().reg(1)[31], 30);
//! ```

mod config;
mod event;
mod fast;
mod load;
pub mod machine;
mod operands;
mod semantics;
mod sreg;
mod state;
mod vector;
mod write;

pub use config::{ConstWord, LaunchConfig};
pub use event::{
    EventDetail, IntType, Loc, MatchOp, ReduxOp, RunStatus, ShflMode, StepEvent, Value, VoteOp,
    Write,
};
pub use load::Code;
pub use semantics::{prepare, PrepError, Prepared};
pub use sreg::NS_PER_STEP;
pub use state::{WarpState, NUM_REGS};

use crate::msg::Text;
use semantics::{At, Op};
use serde::Serialize;
use sreg::Sr;
use std::cmp::Ordering;
use write::{Counters, Mark, Undo};

/// Step budget the command line and the UI use unless told otherwise.
pub const DEFAULT_MAX_STEPS: u64 = 100_000;

/// The run's warnings [`Sim::warnings`] keeps; one more says that
/// further ones were dropped.
pub const MAX_WARNINGS: usize = 1000;

/// The steps [`Sim::back`] can always undo. The log holds up to twice as
/// many, then forgets the older ones, so that a long run keeps its
/// memory bounded (about 180 bytes a step, 50 MB at most in a typical
/// loop) instead of growing until the browser's memory runs out.
pub const UNDO_HISTORY: usize = 1 << 17;

/// A warning raised while loading or running a program.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SimWarning {
    /// Step that raised it (`None`: raised when loading the program).
    pub step: Option<u64>,
    /// Source line of the instruction (1-based; 0 when unknown).
    pub line: usize,
    /// Byte address of the instruction.
    pub pc: u32,
    /// What happened (`text` in English).
    pub message: String,
    /// What happened, as its template and values ([`crate::msg`](mod@crate::msg)).
    #[serde(skip)]
    pub text: Text,
}

impl SimWarning {
    /// A warning of `text` raised at `step` by the instruction at
    /// source line `line` and address `pc`.
    fn new(step: Option<u64>, (line, pc): (usize, u32), text: Text) -> SimWarning {
        SimWarning {
            step,
            line,
            pc,
            message: text.english(),
            text,
        }
    }
}

/// Per-step scratch: the event being built.
pub(crate) struct Ctx {
    emit: bool,
    writes: Vec<Write>,
    warnings: Vec<Text>,
}

/// A warp executing one program.
///
/// Build it with [`Sim::new`] (from an assembled [`Program`](crate::asm::Program)) or
/// [`Sim::with_code`] (from instructions), then drive it with
/// [`Sim::step`], [`Sim::back`], [`Sim::run`] and [`Sim::reset`]; read the
/// state through [`Sim::state`]. A `Sim` keeps no reference to the ISA.
#[derive(Debug, Clone)]
pub struct Sim {
    ops: Vec<Op>,
    fast: Vec<fast::FastOp>,
    addrs: Vec<u32>,
    sr_table: Vec<Sr>,
    counters: Counters,
    config: LaunchConfig,
    init: WarpState,
    st: WarpState,
    log: Vec<Undo>,
    pool: Vec<u32>,
    marks: Vec<Mark>,
    warnings: Vec<SimWarning>,
    load_warnings: Vec<SimWarning>,
    limit_hit: bool,
    touched: Vec<Loc>,
}

impl Sim {
    /// Executes one warp instruction. `None` when no lane can run (the
    /// status is then [`RunStatus::Exited`] or [`RunStatus::Halted`]).
    pub fn step(&mut self) -> Option<StepEvent> {
        self.step_inner(true).flatten()
    }

    /// Undoes the last step exactly (registers, predicates, counters, lane
    /// PCs and statuses, warnings). False when there is nothing to undo:
    /// at the start, when [`LaunchConfig::undo`] is off, or after undoing
    /// the oldest step the history still holds (at least
    /// [`UNDO_HISTORY`] steps; [`Sim::undo_depth`] says how many).
    pub fn back(&mut self) -> bool {
        let Some(m) = self.marks.pop() else {
            return false;
        };
        while self.log.len() > m.log {
            let Some(u) = self.log.pop() else { break };
            self.revert(u);
        }
        self.pool.truncate(m.pool);
        self.warnings.truncate(m.warnings);
        for lane in lanes(m.exec) {
            self.st.pc[lane] = m.pc;
        }
        self.st.exited = m.exited;
        self.st.waiting = m.waiting;
        self.st.steps -= 1;
        self.limit_hit = false;
        true
    }

    /// Runs until no lane can execute or `max_steps` steps have executed in
    /// this call, and returns the resulting status
    /// ([`RunStatus::StepLimit`] when the budget ran out first).
    pub fn run(&mut self, max_steps: u64) -> RunStatus {
        let mut done = 0u64;
        loop {
            // Converged stretches of fast-path operations first (see
            // `fast.rs`), the general step for whatever they stop at.
            done += self.run_fast(max_steps - done);
            if done >= max_steps {
                if self.next_index().is_some() {
                    self.limit_hit = true;
                }
                break;
            }
            if self.step_inner(false).is_none() {
                break;
            }
            done += 1;
        }
        self.status()
    }

    /// Runs as [`Sim::run`] does (on the fast path where it can, without
    /// events) until, after a step, `stop` holds for the index of the next
    /// instruction, no lane can execute, or `budget` steps have executed;
    /// returns the steps taken. What a debugger's Run does: `stop` names
    /// its breakpoints. Unlike [`Sim::run`], the status does not become
    /// [`RunStatus::StepLimit`] when the budget runs out; the status and
    /// state are what stepping one event at a time would leave.
    pub fn run_until(&mut self, budget: u64, mut stop: impl FnMut(usize) -> bool) -> u64 {
        let mut done = 0u64;
        // No lane left to run stops it too.
        let stopped =
            |sim: &Sim, stop: &mut dyn FnMut(usize) -> bool| sim.next_index().is_none_or(stop);
        while done < budget {
            let n = self.run_fast_until(budget - done, Some(&mut stop));
            done += n;
            if n > 0 && (stopped(self, &mut stop) || done >= budget) {
                break;
            }
            if self.step_inner(false).is_none() {
                break;
            }
            done += 1;
            if stopped(self, &mut stop) {
                break;
            }
        }
        done
    }

    /// Back to the state before the first step (the undo log is cleared).
    pub fn reset(&mut self) {
        self.st = self.init.clone();
        self.log.clear();
        self.pool.clear();
        self.marks.clear();
        self.warnings.clear();
        self.limit_hit = false;
    }

    /// Where the warp stands: [`RunStatus::StepLimit`] only right after a
    /// [`Sim::run`] that ran out of budget.
    pub fn status(&self) -> RunStatus {
        if self.next_index().is_some() {
            if self.limit_hit {
                RunStatus::StepLimit
            } else {
                RunStatus::Running
            }
        } else if self.st.active() == 0 {
            RunStatus::Exited
        } else {
            RunStatus::Halted
        }
    }

    /// The warp's state.
    pub fn state(&self) -> &WarpState {
        &self.st
    }

    /// The state before the first step.
    pub fn initial_state(&self) -> &WarpState {
        &self.init
    }

    /// Steps executed so far.
    pub fn steps(&self) -> u64 {
        self.st.steps
    }

    /// Number of steps [`Sim::back`] can undo.
    pub fn undo_depth(&self) -> usize {
        self.marks.len()
    }

    /// Number of instructions in the program.
    pub fn len(&self) -> usize {
        self.ops.len()
    }

    /// True for a program without instructions.
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// Byte address of instruction `index`.
    pub fn addr_of(&self, index: usize) -> Option<u32> {
        self.addrs.get(index).copied()
    }

    /// Source line of instruction `index`.
    pub fn line_of(&self, index: usize) -> Option<usize> {
        self.ops.get(index).map(|o| o.line)
    }

    /// Instruction index the next step executes, if any lane can run.
    pub fn next_index(&self) -> Option<usize> {
        let (pc, exec) = self.schedule();
        (exec != 0).then_some(pc as usize)
    }

    /// Lanes the next step executes (0 when none can run).
    pub fn next_lanes(&self) -> u32 {
        self.schedule().1
    }

    /// Byte address each lane executes next: `None` for lanes that are not
    /// launched, exited, or stopped outside the program.
    pub fn lane_pcs(&self) -> [Option<u32>; 32] {
        let mut out = [None; 32];
        for lane in lanes(self.st.active()) {
            out[lane] = self.addrs.get(self.st.pc[lane] as usize).copied();
        }
        out
    }

    /// Lanes that stopped without exiting (ran past the end of the
    /// program, or branched outside it).
    pub fn halted(&self) -> u32 {
        self.st.active() & !self.can_arrive()
    }

    /// Warnings raised so far, those found when loading first (of those
    /// raised by steps, the first [`MAX_WARNINGS`] and a note when more
    /// followed).
    pub fn warnings(&self) -> Vec<SimWarning> {
        let mut all = self.load_warnings.clone();
        all.extend(self.warnings.iter().cloned());
        all
    }

    /// Every register the program initialises or names as an operand of any
    /// instruction (a 64-bit pair counts both halves), sorted: R ascending,
    /// then P, UR, UP. RZ, PT, URZ and UPT are never listed.
    pub fn touched_registers(&self) -> &[Loc] {
        &self.touched
    }

    /// The launch configuration.
    pub fn config(&self) -> &LaunchConfig {
        &self.config
    }

    /// The value of special register number `num` (its `SReg` value) as
    /// `lane` would read it with `S2R` now (0 for numbers the description
    /// does not name).
    pub fn special(&self, num: u8, lane: usize) -> u32 {
        let sr = self.sr_table[num as usize];
        self.sr_env().read(sr, lane & 31)
    }

    /// Lowest PC among runnable lanes, and the lanes there.
    fn schedule(&self) -> (u32, u32) {
        let n = self.ops.len() as u32;
        let live = self.st.launched & !self.st.exited & !self.st.waiting;
        let mut min = u32::MAX;
        let mut exec = 0u32;
        for lane in lanes(live) {
            let pc = self.st.pc[lane];
            if pc >= n {
                continue;
            }
            if pc < min {
                min = pc;
                exec = 1 << lane;
            } else if pc == min {
                exec |= 1 << lane;
            }
        }
        (min, exec)
    }

    /// Pushes the undo mark of a step about to run `exec` at `pc`, first
    /// forgetting the older half of the history when it holds twice
    /// [`UNDO_HISTORY`] steps.
    #[inline(always)]
    fn mark(&mut self, pc: u32, exec: u32) {
        if self.marks.len() >= 2 * UNDO_HISTORY {
            self.forget_oldest(self.marks.len() - UNDO_HISTORY);
        }
        let mark = Mark {
            log: self.log.len(),
            pool: self.pool.len(),
            warnings: self.warnings.len(),
            exec,
            pc,
            exited: self.st.exited,
            waiting: self.st.waiting,
        };
        self::vector::push(&mut self.marks, mark);
    }

    /// Executes one step through the general scheduler: `None` when no
    /// lane can run, else the step's event when `emit` (none is built
    /// otherwise).
    fn step_inner(&mut self, emit: bool) -> Option<Option<StepEvent>> {
        let (pc, exec) = self.schedule();
        if exec == 0 {
            return None;
        }
        self.limit_hit = false;
        if self.config.undo {
            self.mark(pc, exec);
        }
        let op = &self.ops[pc as usize];
        let (kind, guard, addr, line) = (op.kind, op.guard, op.addr, op.line);
        let part = exec & self.pred_mask(guard);
        if exec == !0 {
            self.st.pc = [pc + 1; 32];
        } else {
            for lane in lanes(exec) {
                self.st.pc[lane] = pc + 1;
            }
        }
        if !emit && self.fast_step(pc, exec) {
            self.release();
            return Some(None);
        }
        let mut ctx = Ctx {
            emit,
            writes: Vec::new(),
            warnings: Vec::new(),
        };
        let detail = self.exec(kind, At { pc, exec, part }, &mut ctx);
        self.st.steps += 1;
        let released = self.release();
        let step = self.st.steps - 1;
        for message in &ctx.warnings {
            // The first MAX_WARNINGS are kept, then a note that more
            // followed: a loop that warns every time round must not fill
            // the memory with copies. (Kept in step order, so Back still
            // truncates this list to what it held before the step.)
            let message = match self.warnings.len().cmp(&MAX_WARNINGS) {
                Ordering::Less => message.clone(),
                Ordering::Equal => crate::msg!(
                    "more warnings follow; only the first {0} of a run are kept",
                    MAX_WARNINGS
                ),
                Ordering::Greater => break,
            };
            let warning = SimWarning::new(Some(step), (line, addr), message);
            self.warnings.push(warning);
        }
        if !emit {
            return Some(None);
        }
        Some(Some(StepEvent {
            step,
            index: pc as usize,
            pc: addr,
            line,
            active: exec,
            lanes: part,
            writes: ctx.writes,
            released,
            warnings: ctx.warnings.iter().map(Text::english).collect(),
            warning_texts: ctx.warnings,
            detail,
        }))
    }

    /// Releases the groups of lanes waiting at a BSYNC whose barrier is
    /// complete; returns the released lanes.
    fn release(&mut self) -> u32 {
        if self.st.waiting == 0 {
            return 0;
        }
        let can_arrive = self.can_arrive();
        let mut released = 0u32;
        let mut remaining = self.st.waiting;
        while remaining != 0 {
            let first = remaining.trailing_zeros() as usize;
            let (bar, pc) = (self.st.wait_bar[first], self.st.pc[first]);
            let group = lanes(remaining)
                .filter(|&l| self.st.wait_bar[l] == bar && self.st.pc[l] == pc)
                .fold(0u32, |m, l| m | (1 << l));
            remaining &= !group;
            let expected = self.st.barriers[bar as usize] & can_arrive;
            if expected & !group == 0 {
                for lane in lanes(group) {
                    self.log_lane(lane);
                    self.st.pc[lane] = pc + 1;
                    self.st.wait_bar[lane] = 0;
                }
                self.st.waiting &= !group;
                released |= group;
            }
        }
        released
    }

    /// Launched, non-exited lanes whose PC is inside the program.
    pub(crate) fn can_arrive(&self) -> u32 {
        let n = self.ops.len() as u32;
        lanes(self.st.active())
            .filter(|&l| self.st.pc[l] < n)
            .fold(0u32, |m, l| m | (1 << l))
    }

    pub(crate) fn sr_env(&self) -> sreg::SrEnv<'_> {
        sreg::SrEnv {
            config: &self.config,
            steps: self.st.steps,
            pm: &self.st.pm,
            pm_hi: &self.st.pm_hi,
        }
    }
}

/// Iterates the set bits of a lane mask, lowest first.
pub(crate) fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}
