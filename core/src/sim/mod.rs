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
mod exec;
pub mod machine;
mod prep;
mod sreg;
mod state;

pub use config::{ConstWord, LaunchConfig};
pub use event::{
    EventDetail, IntType, Loc, MatchOp, ReduxOp, RunStatus, ShflMode, StepEvent, Value, VoteOp,
    Write,
};
pub use sreg::NS_PER_STEP;
pub use state::{WarpState, NUM_REGS};

use crate::asm::Program;
use crate::inst::Inst;
use crate::spec::model::{Builtin, Expr, Isa, Opcode, TypeRef};
use prep::{Op, PredSrc, PT};
use serde::Serialize;
use sreg::Sr;

/// Step budget the command line and the UI use unless told otherwise.
pub const DEFAULT_MAX_STEPS: u64 = 100_000;

/// A warning raised while loading or running a program.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SimWarning {
    /// Step that raised it (`None`: raised when loading the program).
    pub step: Option<u64>,
    /// Source line of the instruction (1-based; 0 when unknown).
    pub line: usize,
    /// Byte address of the instruction.
    pub pc: u32,
    /// What happened.
    pub message: String,
}

/// One undoable change.
#[derive(Debug, Clone, Copy)]
enum Undo {
    /// Old values of the lanes of `mask` are at `pool[at..]`, in lane order.
    R {
        r: u8,
        mask: u32,
        at: u32,
    },
    P {
        p: u8,
        old: u32,
    },
    UR {
        u: u8,
        old: u32,
    },
    UP {
        u: u8,
        old: bool,
    },
    B {
        b: u8,
        old: u32,
    },
    Pm {
        i: u8,
        hi: bool,
        old: u32,
    },
    /// A scalar register before a change.
    S {
        n: u8,
        old: u32,
    },
    /// A hardware register before a change.
    Hw {
        id: u8,
        old: u32,
    },
    /// A lane's PC and waited-on barrier before a change.
    Lane {
        lane: u8,
        pc: u32,
        bar: u8,
    },
}

/// Where one step's changes start in the log, and the scheduler fields
/// every step may change.
#[derive(Debug, Clone, Copy)]
struct Mark {
    log: usize,
    pool: usize,
    warnings: usize,
    exec: u32,
    pc: u32,
    exited: u32,
    waiting: u32,
}

/// Per-step scratch: the event being built.
pub(crate) struct Ctx {
    emit: bool,
    writes: Vec<Write>,
    warnings: Vec<String>,
}

/// One instruction handed to [`Sim::with_code`].
#[derive(Debug, Clone, Copy)]
pub struct Code<'a> {
    /// The instruction.
    pub inst: &'a Inst,
    /// Its byte address (addresses must increase).
    pub addr: u32,
    /// Its 1-based source line (0 when unknown).
    pub line: usize,
}

/// A warp executing one program.
///
/// Build it with [`Sim::new`] (from an assembled [`Program`]) or
/// [`Sim::with_code`] (from instructions), then drive it with
/// [`Sim::step`], [`Sim::back`], [`Sim::run`] and [`Sim::reset`]; read the
/// state through [`Sim::state`]. A `Sim` keeps no reference to the ISA.
#[derive(Debug, Clone)]
pub struct Sim {
    ops: Vec<Op>,
    addrs: Vec<u32>,
    sr_table: Vec<Sr>,
    pm_nums: [u8; 8],
    pm_hi_nums: [u8; 8],
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
    /// A simulator for an assembled program: its instructions, its `.active`
    /// mask and its `.init` values.
    pub fn new(isa: &Isa, program: &Program, config: LaunchConfig) -> Sim {
        use crate::asm::{InitValue, RegRef};
        let mut pr_inits: Vec<(Loc, Value)> = Vec::new();
        let code: Vec<Code> = program
            .lines
            .iter()
            .map(|l| Code {
                inst: &l.inst,
                addr: u32::try_from(l.addr).unwrap_or(u32::MAX),
                line: l.line,
            })
            .collect();
        let mut inits: Vec<(Loc, Value)> = program
            .setup
            .inits
            .iter()
            .filter_map(|i| {
                let loc = match i.target {
                    RegRef::R(n) => Loc::R(n),
                    RegRef::P(n) => Loc::P(n),
                    RegRef::UR(n) => Loc::UR(n),
                    RegRef::UP(n) => Loc::UP(n),
                    RegRef::CC => Loc::CC,
                    RegRef::S(n) => Loc::S(n),
                    RegRef::HwReg(n) => Loc::HwReg(n),
                    RegRef::PR => {
                        // PR sets P0..P6 of each lane from bits 0..6.
                        if let InitValue::Lanes(v) = i.value {
                            for p in 0..7u8 {
                                let m = (0..32).fold(0u32, |m, l| m | (((v[l] >> p) & 1) << l));
                                pr_inits.push((Loc::P(p), Value::Mask(m)));
                            }
                        }
                        return None;
                    }
                };
                let value = match i.value {
                    InitValue::Lanes(v) => Value::Lanes(v),
                    InitValue::Mask(m) => Value::Mask(m),
                    InitValue::Scalar(s) => Value::Scalar(s),
                    InitValue::Bool(b) => Value::Bool(b),
                };
                Some((loc, value))
            })
            .collect();
        // A later `.init Pn` still wins over an earlier `.init PR`: PR's
        // predicates go first unless PR comes later in the source.
        let pr_pos = program
            .setup
            .inits
            .iter()
            .position(|i| i.target == RegRef::PR);
        if let Some(at) = pr_pos {
            let before = program.setup.inits[..at]
                .iter()
                .filter(|i| i.target != RegRef::PR)
                .count();
            let tail = inits.split_off(before);
            inits.extend(pr_inits);
            inits.extend(tail);
        }
        Sim::with_code(isa, &code, program.setup.active, &inits, config)
    }

    /// A simulator for a list of instructions, launched with the lanes of
    /// `active` and the registers of `inits` set (later entries win).
    pub fn with_code(
        isa: &Isa,
        code: &[Code],
        active: u32,
        inits: &[(Loc, Value)],
        config: LaunchConfig,
    ) -> Sim {
        let sr_table = sr_table(isa);
        let num_of = |sr: Sr, fallback: u8| {
            sr_table
                .iter()
                .position(|s| *s == sr)
                .map_or(fallback, |p| p as u8)
        };
        let mut pm_nums = [0u8; 8];
        let mut pm_hi_nums = [0u8; 8];
        for i in 0..8u8 {
            pm_nums[i as usize] = num_of(Sr::Pm(i), 14 + i);
            pm_hi_nums[i as usize] = num_of(Sr::PmHi(i), 22 + i);
        }
        let addrs: Vec<u32> = code.iter().map(|c| c.addr).collect();
        let index_of = |a: u32| addrs.binary_search(&a).ok().map(|i| i as u32);
        let sr_of = |n: u64| sr_table.get(n as usize).copied().unwrap_or(Sr::Unknown);
        let consts = |bank: u8, off: u16| config.constant(bank, off);
        let env = prep::Env {
            isa,
            index_of: &index_of,
            sr_of: &sr_of,
            consts: &consts,
        };
        let mut load_warnings = Vec::new();
        let mut ops = Vec::with_capacity(code.len());
        let mut touched = Vec::new();
        for c in code {
            let op = prep::prepare(&env, c.inst, c.addr, c.line);
            let mut warn = |message: String| {
                load_warnings.push(SimWarning {
                    step: None,
                    line: c.line,
                    pc: c.addr,
                    message,
                })
            };
            match op.kind {
                prep::Kind::Unknown => warn(format!(
                    "{} has no simulation semantics; it executes as NOP",
                    op.name
                )),
                prep::Kind::Bra { target: None, addr } => warn(format!(
                    "branch target {addr:#x} is not the address of an instruction"
                )),
                _ => {}
            }
            if let Some(def) = isa.opcodes.get(c.inst.opcode) {
                registers_named(isa, def, c.inst, &mut touched);
            }
            ops.push(op);
        }
        let mut st = WarpState::new(active);
        if isa.dialect.machine == crate::spec::model::Machine::ScalarWave {
            for &(id, _, reset, _) in machine::GFX9_HWREGS {
                st.hwregs[id as usize] = reset;
            }
        }
        for (loc, value) in inits {
            touched.push(*loc);
            apply_init(&mut st, *loc, *value);
        }
        for op in &ops {
            if let prep::Kind::P2r { cc: true, .. } = op.kind {
                touched.push(Loc::CC);
            }
        }
        touched.retain(|l| match *l {
            Loc::R(n) => n != prep::RZ,
            Loc::P(n) | Loc::UP(n) => n < PT,
            Loc::UR(n) => n < prep::URZ,
            Loc::CC => true,
            Loc::S(n) => (n as usize) < machine::NUM_SGPRS,
            Loc::HwReg(n) => n < 64,
            _ => false,
        });
        touched.sort();
        touched.dedup();
        Sim {
            ops,
            addrs,
            sr_table,
            pm_nums,
            pm_hi_nums,
            config,
            init: st.clone(),
            st,
            log: Vec::new(),
            pool: Vec::new(),
            marks: Vec::new(),
            warnings: Vec::new(),
            load_warnings,
            limit_hit: false,
            touched,
        }
    }

    /// Executes one warp instruction. `None` when no lane can run (the
    /// status is then [`RunStatus::Exited`] or [`RunStatus::Halted`]).
    pub fn step(&mut self) -> Option<StepEvent> {
        self.step_inner(true)
    }

    /// Undoes the last step exactly (registers, predicates, counters, lane
    /// PCs and statuses, warnings). False when there is nothing to undo
    /// (at the start, or when [`LaunchConfig::undo`] is off).
    pub fn back(&mut self) -> bool {
        let Some(m) = self.marks.pop() else {
            return false;
        };
        while self.log.len() > m.log {
            let Some(u) = self.log.pop() else { break };
            match u {
                Undo::R { r, mask, at } => {
                    let reg = &mut self.st.regs[r as usize];
                    for (k, lane) in (at as usize..).zip(lanes(mask)) {
                        reg[lane] = self.pool[k];
                    }
                }
                Undo::P { p, old } => self.st.preds[p as usize] = old,
                Undo::UR { u, old } => self.st.uregs[u as usize] = old,
                Undo::UP { u, old } => self.st.upreds[u as usize] = old,
                Undo::B { b, old } => self.st.barriers[b as usize] = old,
                Undo::Pm { i, hi, old } => {
                    if hi {
                        self.st.pm_hi[i as usize] = old
                    } else {
                        self.st.pm[i as usize] = old
                    }
                }
                Undo::S { n, old } => self.st.sgprs[n as usize] = old,
                Undo::Hw { id, old } => self.st.hwregs[id as usize] = old,
                Undo::Lane { lane, pc, bar } => {
                    self.st.pc[lane as usize] = pc;
                    self.st.wait_bar[lane as usize] = bar;
                }
            }
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

    /// Warnings raised so far, those found when loading first.
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

    fn step_inner(&mut self, emit: bool) -> Option<StepEvent> {
        let (pc, exec) = self.schedule();
        if exec == 0 {
            return None;
        }
        self.limit_hit = false;
        if self.config.undo {
            self.marks.push(Mark {
                log: self.log.len(),
                pool: self.pool.len(),
                warnings: self.warnings.len(),
                exec,
                pc,
                exited: self.st.exited,
                waiting: self.st.waiting,
            });
        }
        let op = &self.ops[pc as usize];
        let (kind, guard, addr, line) = (op.kind, op.guard, op.addr, op.line);
        let part = exec & self.pred_mask(guard);
        for lane in lanes(exec) {
            self.st.pc[lane] = pc + 1;
        }
        let mut ctx = Ctx {
            emit,
            writes: Vec::new(),
            warnings: Vec::new(),
        };
        let detail = self.exec(kind, pc, exec, part, &mut ctx);
        self.st.steps += 1;
        let released = self.release();
        let step = self.st.steps - 1;
        for message in &ctx.warnings {
            self.warnings.push(SimWarning {
                step: Some(step),
                line,
                pc: addr,
                message: message.clone(),
            });
        }
        Some(StepEvent {
            step,
            index: pc as usize,
            pc: addr,
            line,
            active: exec,
            lanes: part,
            writes: ctx.writes,
            released,
            warnings: ctx.warnings,
            detail,
        })
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
    fn can_arrive(&self) -> u32 {
        let n = self.ops.len() as u32;
        lanes(self.st.active())
            .filter(|&l| self.st.pc[l] < n)
            .fold(0u32, |m, l| m | (1 << l))
    }

    fn log_lane(&mut self, lane: usize) {
        if self.config.undo {
            self.log.push(Undo::Lane {
                lane: lane as u8,
                pc: self.st.pc[lane],
                bar: self.st.wait_bar[lane],
            });
        }
    }

    /// Lane mask of a predicate operand.
    fn pred_mask(&self, p: PredSrc) -> u32 {
        let m = self.st.pred(p.idx);
        if p.not {
            !m
        } else {
            m
        }
    }

    fn sr_env(&self) -> sreg::SrEnv<'_> {
        sreg::SrEnv {
            config: &self.config,
            steps: self.st.steps,
            pm: &self.st.pm,
            pm_hi: &self.st.pm_hi,
        }
    }

    // Writes: each one updates the state, the undo log and the event.

    fn wr_r(&mut self, ctx: &mut Ctx, r: u8, mask: u32, vals: &[u32; 32]) {
        if r == prep::RZ || mask == 0 {
            return;
        }
        let reg = &mut self.st.regs[r as usize];
        let old = *reg;
        if self.config.undo {
            let at = self.pool.len() as u32;
            self.pool.extend(lanes(mask).map(|l| old[l]));
            self.log.push(Undo::R { r, mask, at });
        }
        for lane in lanes(mask) {
            reg[lane] = vals[lane];
        }
        if ctx.emit {
            ctx.writes.push(Write {
                loc: Loc::R(r),
                lanes: mask,
                old: Value::Lanes(old),
                new: Value::Lanes(*reg),
            });
        }
    }

    fn wr_p(&mut self, ctx: &mut Ctx, p: u8, mask: u32, bits: u32) {
        if p >= PT || mask == 0 {
            return;
        }
        let old = self.st.preds[p as usize];
        let new = (old & !mask) | (bits & mask);
        self.st.preds[p as usize] = new;
        if self.config.undo {
            self.log.push(Undo::P { p, old });
        }
        if ctx.emit {
            ctx.writes.push(Write {
                loc: Loc::P(p),
                lanes: mask,
                old: Value::Mask(old),
                new: Value::Mask(new),
            });
        }
    }

    fn wr_ur(&mut self, ctx: &mut Ctx, u: u8, v: u32) {
        if u >= prep::URZ {
            return;
        }
        let old = self.st.uregs[u as usize];
        self.st.uregs[u as usize] = v;
        if self.config.undo {
            self.log.push(Undo::UR { u, old });
        }
        if ctx.emit {
            ctx.writes.push(Write {
                loc: Loc::UR(u),
                lanes: !0,
                old: Value::Scalar(old),
                new: Value::Scalar(v),
            });
        }
    }

    fn wr_up(&mut self, ctx: &mut Ctx, u: u8, v: bool) {
        if u >= PT {
            return;
        }
        let old = self.st.upreds[u as usize];
        self.st.upreds[u as usize] = v;
        if self.config.undo {
            self.log.push(Undo::UP { u, old });
        }
        if ctx.emit {
            ctx.writes.push(Write {
                loc: Loc::UP(u),
                lanes: !0,
                old: Value::Bool(old),
                new: Value::Bool(v),
            });
        }
    }

    fn wr_b(&mut self, ctx: &mut Ctx, b: u8, v: u32) {
        let old = self.st.barriers[b as usize];
        self.st.barriers[b as usize] = v;
        if self.config.undo {
            self.log.push(Undo::B { b, old });
        }
        if ctx.emit {
            ctx.writes.push(Write {
                loc: Loc::B(b),
                lanes: !0,
                old: Value::Mask(old),
                new: Value::Mask(v),
            });
        }
    }

    /// Writes scalar register `n` (AMDGPU); numbers past s101 vanish.
    fn wr_s(&mut self, ctx: &mut Ctx, n: u8, v: u32) {
        let Some(slot) = self.st.sgprs.get_mut(n as usize) else {
            return;
        };
        let old = *slot;
        *slot = v;
        if self.config.undo {
            self.log.push(Undo::S { n, old });
        }
        if ctx.emit {
            ctx.writes.push(Write {
                loc: Loc::S(n),
                lanes: !0,
                old: Value::Scalar(old),
                new: Value::Scalar(v),
            });
        }
    }

    /// Writes hardware register `id` (AMDGPU).
    fn wr_hw(&mut self, ctx: &mut Ctx, id: u8, v: u32) {
        let Some(slot) = self.st.hwregs.get_mut(id as usize) else {
            return;
        };
        let old = *slot;
        *slot = v;
        if self.config.undo {
            self.log.push(Undo::Hw { id, old });
        }
        if ctx.emit {
            ctx.writes.push(Write {
                loc: Loc::HwReg(id),
                lanes: !0,
                old: Value::Scalar(old),
                new: Value::Scalar(v),
            });
        }
    }

    /// Writes performance counter `i` (`hi`: its SR_PM_HI half).
    fn wr_pm(&mut self, ctx: &mut Ctx, i: u8, hi: bool, v: u32) {
        let slot = if hi {
            &mut self.st.pm_hi[i as usize]
        } else {
            &mut self.st.pm[i as usize]
        };
        let old = *slot;
        *slot = v;
        if self.config.undo {
            self.log.push(Undo::Pm { i, hi, old });
        }
        if ctx.emit {
            let num = if hi {
                self.pm_hi_nums[i as usize]
            } else {
                self.pm_nums[i as usize]
            };
            ctx.writes.push(Write {
                loc: Loc::SR(num),
                lanes: !0,
                old: Value::Scalar(old),
                new: Value::Scalar(v),
            });
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

/// The meaning of every `SReg` number (index = number); the first declared
/// name of a number that the simulator knows wins.
fn sr_table(isa: &Isa) -> Vec<Sr> {
    let mut table = vec![Sr::Unknown; 256];
    if let Some(t) = isa.enum_type("SReg") {
        for v in &t.values {
            if let Some(slot) = table.get_mut(v.value as usize) {
                if *slot == Sr::Unknown {
                    *slot = Sr::from_name(&v.name);
                }
            }
        }
    }
    table
}

/// Adds every register an instruction names to `out`.
fn registers_named(isa: &Isa, def: &Opcode, inst: &Inst, out: &mut Vec<Loc>) {
    for (f, &v) in def.fields.iter().zip(&inst.values) {
        let TypeRef::Builtin(b) = f.ty else { continue };
        let wide = def
            .bitwidths
            .iter()
            .find(|(n, _)| *n == f.name)
            .is_some_and(|(_, e)| eval_width(isa, def, inst, e) == 64);
        match b {
            Builtin::Reg if v < 255 => {
                out.push(Loc::R(v as u8));
                if wide && v < 254 {
                    out.push(Loc::R(v as u8 + 1));
                }
            }
            Builtin::UReg if v < 63 => out.push(Loc::UR(v as u8)),
            Builtin::Pred if v < 7 => out.push(Loc::P(v as u8)),
            Builtin::UPred if v < 7 => out.push(Loc::UP(v as u8)),
            Builtin::SGpr if (v as usize) < machine::NUM_SGPRS => out.push(Loc::S(v as u8)),
            Builtin::HwReg => out.push(Loc::HwReg((v & 0x3f) as u8)),
            _ => {}
        }
    }
}

/// Evaluates a `Bitwidth` expression for one instruction.
fn eval_width(isa: &Isa, def: &Opcode, inst: &Inst, e: &Expr) -> i64 {
    let ev = |x: &Expr| eval_width(isa, def, inst, x);
    match e {
        Expr::Int(n) => *n,
        Expr::Eq(field, name) => {
            let Some(i) = def.field_index(field) else {
                return 0;
            };
            let v = inst.values.get(i).copied().unwrap_or(0);
            let is = match def.fields[i].ty {
                TypeRef::Enum(t) => isa
                    .types
                    .get(t)
                    .and_then(|t| t.name_of(v))
                    .is_some_and(|n| n == name),
                TypeRef::Builtin(_) => false,
            };
            i64::from(is)
        }
        Expr::Add(a, b) => ev(a).wrapping_add(ev(b)),
        Expr::Sub(a, b) => ev(a).wrapping_sub(ev(b)),
        Expr::Mul(a, b) => ev(a).wrapping_mul(ev(b)),
    }
}

/// Applies one `.init` to a fresh state.
fn apply_init(st: &mut WarpState, loc: Loc, value: Value) {
    let all = |b: bool| if b { !0u32 } else { 0 };
    let mask_of = |v: Value| -> u32 {
        match v {
            Value::Mask(m) => m,
            Value::Bool(b) => all(b),
            Value::Scalar(s) => all(s != 0),
            Value::Lanes(l) => (0..32).fold(0, |m, i| m | (u32::from(l[i] != 0) << i)),
        }
    };
    let scalar_of = |v: Value| -> u32 {
        match v {
            Value::Scalar(s) | Value::Mask(s) => s,
            Value::Bool(b) => u32::from(b),
            Value::Lanes(l) => l[0],
        }
    };
    match loc {
        Loc::R(n) if n != prep::RZ => {
            st.regs[n as usize] = match value {
                Value::Lanes(l) => l,
                Value::Mask(m) => std::array::from_fn(|l| (m >> l) & 1),
                other => [scalar_of(other); 32],
            }
        }
        Loc::P(n) if n < PT => st.preds[n as usize] = mask_of(value),
        Loc::UR(n) if n < prep::URZ => st.uregs[n as usize] = scalar_of(value),
        Loc::UP(n) if n < PT => st.upreds[n as usize] = scalar_of(value) != 0,
        Loc::B(n) if n < 16 => st.barriers[n as usize] = mask_of(value),
        Loc::CC => {
            if let Value::Lanes(v) = value {
                for (f, m) in st.cc.iter_mut().enumerate() {
                    *m = (0..32).fold(0, |acc, l| acc | (((v[l] >> f) & 1) << l));
                }
            }
        }
        Loc::S(n) if (n as usize) < machine::NUM_SGPRS => st.sgprs[n as usize] = scalar_of(value),
        Loc::HwReg(n) if n < 64 => st.hwregs[n as usize] = scalar_of(value),
        _ => {}
    }
}
