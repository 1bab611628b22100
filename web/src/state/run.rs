//! The run slice and the simulator's runtime.
//!
//! The simulator lives in a [`Runtime`] owned outside the reducible state
//! (the root component keeps it in a `use_mut_ref`); the run slice holds
//! a revision number and a [`RunView`], an immutable snapshot of what the
//! grid and the diagram draw. An older copy of the state keeps the
//! snapshot it was made with, so it never shows a later simulator.

use super::Lines;
use std::collections::VecDeque;
use std::rc::Rc;
use warpscope_core::sim::{
    LaunchConfig, Loc, RunStatus, Sim, StepEvent, WarpState, DEFAULT_MAX_STEPS, UNDO_HISTORY,
};

use super::build::{same_run, Assembled, Row};
use crate::i18n::{tr, trf};
use crate::ptr::Ptr;
use warpscope_core::cuda::{Print, Printf};

/// Events kept for stepping back (the most recent ones).
pub const EVENT_HISTORY: usize = 4096;

/// The simulator of the last good program and the events of its steps.
#[derive(Default)]
pub struct Runtime {
    sim: Option<Sim>,
    program: Option<Ptr<Assembled>>,
    events: VecDeque<Rc<StepEvent>>,
    /// What a CUDA kernel's `printf` calls printed, with the step that
    /// printed each line.
    printed: Rc<Vec<(u64, Print)>>,
}

/// What the views draw of the simulator after a change.
#[derive(Debug)]
pub struct RunView {
    /// Steps executed.
    pub steps: u64,
    /// The warp's status.
    pub status: RunStatus,
    /// Instruction the next step executes.
    pub next: Option<usize>,
    /// Lanes that run in the next step.
    pub next_lanes: u32,
    /// Lanes stopped outside the program.
    pub halted: u32,
    /// Registers and lane masks.
    pub warp: WarpState,
    /// Registers the program names or initialises, in grid order.
    pub touched: Vec<Loc>,
    /// The most recent step's event.
    pub event: Option<Rc<StepEvent>>,
    /// Events kept for stepping back.
    pub events: usize,
    /// What a CUDA kernel printed so far (step, lane, text).
    pub printed: Rc<Vec<(u64, Print)>>,
}

impl Runtime {
    /// Runs `a` from now on: a new simulator unless the one running has
    /// the same code and setup. True when the simulator was replaced.
    pub fn load(&mut self, a: &Ptr<Assembled>) -> bool {
        fn prints(p: &Assembled) -> Option<&[(usize, Printf)]> {
            p.cuda.as_ref().map(|c| c.prints.as_slice())
        }
        let keep = self.sim.is_some()
            && self
                .program
                .as_ref()
                .is_some_and(|p| same_run(&p.program, &a.program) && prints(p) == prints(a));
        self.program = Some(a.clone());
        if keep {
            return false;
        }
        let isa = a.isa.isa();
        self.sim = Some(Sim::new(isa, &a.program, LaunchConfig::default()));
        self.events.clear();
        self.printed = Rc::default();
        true
    }

    /// Forgets the simulator (the next program starts afresh).
    pub fn unload(&mut self) {
        self.sim = None;
        self.program = None;
        self.events.clear();
        self.printed = Rc::default();
    }

    /// Steps executed.
    pub fn steps(&self) -> u64 {
        self.sim.as_ref().map_or(0, Sim::steps)
    }

    /// A snapshot for the views.
    pub fn view(&self) -> Option<RunView> {
        let sim = self.sim.as_ref()?;
        Some(RunView {
            steps: sim.steps(),
            status: sim.status(),
            next: sim.next_index(),
            next_lanes: sim.next_lanes(),
            halted: sim.halted(),
            warp: sim.state().clone(),
            touched: sim.touched_registers().to_vec(),
            event: self.events.back().cloned(),
            events: self.events.len(),
            printed: self.printed.clone(),
        })
    }

    /// The `printf` call a CUDA kernel makes at instruction `index`.
    fn print_at(&self, index: usize) -> Option<&Printf> {
        self.program.as_ref()?.cuda.as_ref()?.print_at(index)
    }

    /// Keeps what a step that ran a `printf` call printed.
    fn record_prints(&mut self, ev: &StepEvent) {
        let (Some(p), Some(sim)) = (self.print_at(ev.index), self.sim.as_ref()) else {
            return;
        };
        let lines: Vec<Print> = warpscope_core::cuda::print(p, sim.state(), ev.lanes).collect();
        Rc::make_mut(&mut self.printed).extend(lines.into_iter().map(|l| (ev.step, l)));
    }

    /// Forgets what steps that are no longer taken printed.
    fn forget_prints(&mut self) {
        let steps = self.steps();
        if self.printed.last().is_some_and(|p| p.0 >= steps) {
            Rc::make_mut(&mut self.printed).retain(|p| p.0 < steps);
        }
    }

    fn push(&mut self, ev: StepEvent) {
        self.events.push_back(Rc::new(ev));
        if self.events.len() > EVENT_HISTORY {
            self.events.pop_front();
        }
    }

    /// One step; false when no lane can run.
    pub fn step(&mut self) -> bool {
        match self.sim.as_mut().and_then(Sim::step) {
            Some(ev) => {
                self.record_prints(&ev);
                self.push(ev);
                true
            }
            None => false,
        }
    }

    fn back(&mut self) -> bool {
        let undone = self.sim.as_mut().is_some_and(Sim::back);
        if undone {
            self.forget_prints();
            self.events.pop_back();
            if self.events.is_empty() {
                self.replay_last();
            }
        }
        undone
    }

    /// Makes the event of the last step again when none is kept (after a
    /// run, which keeps none, or past the kept history): one step back,
    /// then forward with its event. The views draw that event.
    fn replay_last(&mut self) {
        if self.sim.as_mut().is_some_and(Sim::back) {
            self.forget_prints();
            self.step();
        }
    }

    fn reset(&mut self) {
        if let Some(sim) = &mut self.sim {
            sim.reset();
        }
        self.events.clear();
        self.printed = Rc::default();
    }

    /// Steps until `stop(next instruction)` after at least one step, no
    /// lane can run, or `budget` steps were taken. Returns the number of
    /// steps and whether the budget ran out. The steps run on the
    /// simulator's fast path, without events; the last one's event is made
    /// again afterwards for the views.
    pub fn run_until(&mut self, budget: u64, stop: impl Fn(usize) -> bool) -> (u64, bool) {
        let prints = self
            .program
            .as_ref()
            .and_then(|p| p.cuda.clone())
            .filter(|c| !c.prints.is_empty());
        let Some(sim) = self.sim.as_mut() else {
            return (0, false);
        };
        let n = match &prints {
            // A kernel's printf calls are stepped one by one, with their
            // events, so that what they print is kept.
            Some(c) => {
                let start = sim.steps();
                while let Some(sim) = self.sim.as_mut() {
                    let done = sim.steps() - start;
                    let Some(next) = sim.next_index() else { break };
                    if done >= budget || (done > 0 && stop(next)) {
                        break;
                    }
                    if c.print_at(next).is_some() {
                        self.step();
                    } else {
                        sim.run_until(budget - done, |i| stop(i) || c.print_at(i).is_some());
                    }
                }
                self.steps() - start
            }
            None => sim.run_until(budget, &stop),
        };
        let more = self
            .sim
            .as_ref()
            .and_then(Sim::next_index)
            .is_some_and(|i| !stop(i));
        if n > 0 {
            self.events.clear();
            self.replay_last();
        }
        (n, n == budget && more)
    }
}

/// The run slice.
#[derive(Debug, Clone, PartialEq)]
pub struct RunState {
    /// Bumped on every simulator change.
    pub rev: u64,
    /// What the views draw (None: no program).
    pub view: Option<Ptr<RunView>>,
    /// The last run stopped at the step budget.
    pub limit: bool,
    /// Animated play is on.
    pub playing: bool,
    /// Milliseconds between animated steps.
    pub speed_ms: u32,
    /// Source lines with a breakpoint.
    pub breakpoints: Ptr<Lines>,
}

impl Default for RunState {
    fn default() -> Self {
        RunState {
            rev: 0,
            view: None,
            limit: false,
            playing: false,
            speed_ms: 250,
            breakpoints: Ptr::new(Lines::default()),
        }
    }
}

/// What changes the run.
#[derive(Debug, Clone, PartialEq)]
pub enum RunAction {
    /// One step.
    Step,
    /// Undo one step.
    Back,
    /// Run to a breakpoint or the end.
    Run,
    /// Run until the caret's instruction is next.
    RunToCursor,
    /// Back to the initial state.
    Reset,
    /// Start or stop animated play.
    TogglePlay,
    /// One animated step.
    PlayTick,
    /// Animation speed.
    Speed(u32),
    /// Toggle a breakpoint on a source line.
    ToggleBreakpoint(usize),
}

/// What a run action did, for the other slices.
#[derive(Debug, Default)]
pub struct RunOutcome {
    /// Something changed.
    pub changed: bool,
    /// A message for the status bar.
    pub note: Option<String>,
    /// Show the instruction that runs next (and the Lanes tab).
    pub show_next: bool,
}

impl RunState {
    /// Steps executed.
    pub fn steps(&self) -> u64 {
        self.view.as_ref().map_or(0, |v| v.steps)
    }

    /// Instruction the next step executes.
    pub fn next_index(&self) -> Option<usize> {
        self.view.as_ref().and_then(|v| v.next)
    }

    /// The most recent step's event.
    pub fn last_event(&self) -> Option<Rc<StepEvent>> {
        self.view.as_ref().and_then(|v| v.event.clone())
    }

    /// The run status (English: the header's `data-status` value and
    /// class, and its text in English; see [`RunState::status_title`]).
    pub fn status_text(&self) -> &'static str {
        match self.view.as_ref().map(|v| v.status) {
            None => "no program",
            Some(RunStatus::Running) if self.limit => "step limit reached",
            Some(RunStatus::Running) if self.steps() == 0 => "ready",
            Some(RunStatus::Running) => "running",
            Some(RunStatus::Exited) => "exited",
            Some(RunStatus::Halted) => "halted",
            Some(RunStatus::StepLimit) => "step limit reached",
        }
    }

    /// [`RunState::status_text`] in the interface's language, for people.
    pub fn status_title(&self) -> &'static str {
        match self.status_text() {
            "no program" => tr("no program"),
            "step limit reached" => tr("step limit reached"),
            "ready" => tr("ready"),
            "running" => tr("running"),
            "exited" => tr("exited"),
            "halted" => tr("halted"),
            other => other,
        }
    }

    /// Takes a new snapshot of the runtime.
    pub fn sync(&mut self, rt: &Runtime) {
        self.view = rt.view().map(Ptr::new);
        self.rev += 1;
    }

    /// A new simulator started.
    pub fn restarted(&mut self, rt: &Runtime) {
        self.limit = false;
        self.playing = false;
        self.sync(rt);
    }

    fn at_breakpoint(&self, rows: &[Row], i: usize) -> bool {
        rows.get(i)
            .is_some_and(|r| self.breakpoints.contains(&r.line))
    }

    fn nothing_to_run(&self) -> Option<String> {
        let status = self.status_title();
        Some(trf("nothing to run: the warp has {0}", &[&status]))
    }

    /// Applies an action to the runtime and takes a new snapshot. `rows`
    /// are the listing's, `cursor_line` the caret's.
    pub fn reduce(
        &mut self,
        rt: &mut Runtime,
        a: RunAction,
        rows: &[Row],
        cursor_line: usize,
    ) -> RunOutcome {
        let mut out = RunOutcome {
            changed: true,
            note: None,
            show_next: true,
        };
        match a {
            RunAction::Step => {
                self.playing = false;
                self.limit = false;
                if !rt.step() {
                    out.note = self.nothing_to_run();
                }
            }
            RunAction::Back => {
                self.playing = false;
                self.limit = false;
                if !rt.back() {
                    out.note = Some(if rt.steps() > 0 {
                        trf(
                            "earlier steps are not kept: the undo history holds at least the last {0}",
                            &[&UNDO_HISTORY],
                        )
                    } else {
                        tr("already at the start").into()
                    });
                }
            }
            RunAction::Run => {
                self.playing = false;
                let (n, limit) = rt.run_until(DEFAULT_MAX_STEPS, |i| self.at_breakpoint(rows, i));
                self.limit = limit;
                self.sync(rt);
                if let Some(i) = self
                    .next_index()
                    .filter(|&i| n > 0 && self.at_breakpoint(rows, i))
                {
                    let line = rows[i].line;
                    out.note = Some(trf("stopped at the breakpoint on line {0}", &[&line]));
                }
            }
            RunAction::RunToCursor => {
                self.playing = false;
                let Some(target) = rows.iter().position(|r| r.line >= cursor_line) else {
                    out.note = Some(tr("no instruction at or after the caret").into());
                    out.show_next = false;
                    return out;
                };
                let (_, limit) = rt.run_until(DEFAULT_MAX_STEPS, |i| i == target);
                self.limit = limit;
            }
            RunAction::Reset => {
                self.playing = false;
                self.limit = false;
                rt.reset();
            }
            RunAction::TogglePlay => {
                out.show_next = false;
                if self.playing {
                    self.playing = false;
                } else if self.next_index().is_some() {
                    self.playing = true;
                } else {
                    out.note = self.nothing_to_run();
                }
                return out;
            }
            RunAction::PlayTick => {
                if !self.playing {
                    return RunOutcome::default();
                }
                self.limit = false;
                let stepped = rt.step();
                self.sync(rt);
                self.playing = stepped
                    && self
                        .next_index()
                        .is_some_and(|i| !self.at_breakpoint(rows, i));
                return out;
            }
            RunAction::Speed(ms) => {
                self.speed_ms = ms.clamp(10, 5000);
                out.show_next = false;
                return out;
            }
            RunAction::ToggleBreakpoint(line) => {
                let mut b = (*self.breakpoints.0).clone();
                if !b.remove(&line) {
                    b.insert(line);
                }
                self.breakpoints = Ptr::new(b);
                out.show_next = false;
                return out;
            }
        }
        self.sync(rt);
        out
    }
}
