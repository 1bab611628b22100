//! The playground's state and every action that changes it.
//!
//! The root component owns one [`State`] through `use_reducer`; panes get
//! the parts they draw as props and send [`Action`]s back up. All meaning
//! comes from core: the assembler makes the listing, the decoder the
//! bitfield view, the simulator the grid and the diagrams.
//!
//! Big values sit behind [`Ptr`] (an `Rc` compared by address), so a
//! state update copies a few pointers and a pane re-renders only when the
//! value it draws was replaced.

use serde::Serialize;
use std::cell::RefCell;
use std::collections::{BTreeSet, VecDeque};
use std::ops::Deref;
use std::rc::Rc;
use warpscope_core::asm::{self, Program};
use warpscope_core::codec::encode;
use warpscope_core::diag::{line_col, Diagnostic, Severity};
use warpscope_core::disasm;
use warpscope_core::sim::{LaunchConfig, RunStatus, Sim, StepEvent, DEFAULT_MAX_STEPS};
use warpscope_core::spec::model::{Isa, Word};
use yew::Reducible;

use crate::examples;

/// Shared, immutable data compared by address.
#[derive(Debug)]
pub struct Ptr<T>(pub Rc<T>);

impl<T> Ptr<T> {
    /// Wraps a value.
    pub fn new(v: T) -> Self {
        Ptr(Rc::new(v))
    }
}
impl<T> Clone for Ptr<T> {
    fn clone(&self) -> Self {
        Ptr(self.0.clone())
    }
}
impl<T> PartialEq for Ptr<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}
impl<T> Deref for Ptr<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// How register values are printed in the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Fmt {
    /// `0x0000002a`
    Hex,
    /// `42`
    Unsigned,
    /// `-1`
    Signed,
    /// `1.5`
    Float,
}

impl Fmt {
    /// All formats, in toggle order.
    pub const ALL: [Fmt; 4] = [Fmt::Hex, Fmt::Unsigned, Fmt::Signed, Fmt::Float];
    /// Button label.
    pub fn label(self) -> &'static str {
        match self {
            Fmt::Hex => "hex",
            Fmt::Unsigned => "u32",
            Fmt::Signed => "s32",
            Fmt::Float => "f32",
        }
    }
    /// A value in this format.
    pub fn show(self, v: u32) -> String {
        match self {
            Fmt::Hex => format!("{v:x}"),
            Fmt::Unsigned => v.to_string(),
            Fmt::Signed => (v as i32).to_string(),
            Fmt::Float => warpscope_core::codec::text::float_text(v),
        }
    }
}

/// A value in every format, for hover titles.
pub fn all_formats(v: u32) -> String {
    format!(
        "hex {v:#010x}\nu32 {v}\ns32 {}\nf32 {}",
        v as i32,
        warpscope_core::codec::text::float_text(v)
    )
}

/// The panes beside the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Tab {
    /// Lane diagram and warp state.
    Lanes,
    /// Bitfield view of the selected instruction.
    Encoding,
    /// Instruction reference.
    Reference,
}

impl Tab {
    /// All tabs in order.
    pub const ALL: [Tab; 3] = [Tab::Lanes, Tab::Encoding, Tab::Reference];
    /// Tab label (and `data-tab` value).
    pub fn label(self) -> &'static str {
        match self {
            Tab::Lanes => "Lanes",
            Tab::Encoding => "Encoding",
            Tab::Reference => "Reference",
        }
    }
}

/// Colour scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Theme {
    /// Dark text on a light background.
    Light,
    /// Light text on a dark background.
    Dark,
}

/// One row of the listing.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Byte address.
    pub addr: u64,
    /// The machine word.
    pub word: Word,
    /// Hex digits grouped by 8, most significant first.
    pub hex: String,
    /// Canonical disassembly.
    pub text: String,
    /// 1-based source line.
    pub line: usize,
    /// Byte span of the statement in the source.
    pub start: usize,
    /// End of that span.
    pub end: usize,
}

/// A scheduling control word of the code stream (Maxwell), shown in the
/// listing before the instructions it controls.
#[derive(Debug, Clone, PartialEq)]
pub struct ControlRow {
    /// Index of the first instruction it controls.
    pub first: usize,
    /// Byte address.
    pub addr: u64,
    /// The control word.
    pub word: u64,
    /// Its slots in maxas' notation (`warpscope_core::codec::control::control_text`).
    pub text: String,
}

/// The last program that assembled, and what the panes draw from it.
#[derive(Debug)]
pub struct Assembled {
    /// The source it came from.
    pub source: Rc<String>,
    /// The assembler's result.
    pub program: Program,
    /// Listing rows, one per instruction.
    pub rows: Vec<Row>,
    /// The ISA it was assembled for.
    pub isa_name: &'static str,
    /// Control words of the code stream, in address order (empty for
    /// dialects without them).
    pub controls: Vec<ControlRow>,
}

/// An instruction's encoding as the listing shows it: the words of
/// `disasm::format_inst` (16 digits for a 64-bit word, 8 per dword, a
/// second group for a literal); 128-bit words in groups of 8 digits.
pub fn inst_hex(isa: &Isa, inst: &warpscope_core::inst::Inst) -> String {
    let text = disasm::format_inst(isa, inst);
    if isa.word_bits > 64 {
        group_hex(&text.replace(' ', ""))
    } else {
        text
    }
}

/// A diagnostic placed in the editor.
#[derive(Debug, Clone, PartialEq)]
pub struct DiagView {
    /// True for errors, false for warnings.
    pub error: bool,
    /// 1-based line and column (in characters) of the start.
    pub line: usize,
    /// Column of the start.
    pub col: usize,
    /// Length in characters on its first line (at least 1).
    pub len: usize,
    /// Byte offset of the start.
    pub start: usize,
    /// The message, with the help line if any.
    pub message: String,
}

impl DiagView {
    fn of(src: &str, d: &Diagnostic) -> DiagView {
        let lc = line_col(src, d.span.start);
        let end = d.span.end.max(d.span.start).min(src.len());
        let line_end = src[d.span.start.min(src.len())..]
            .find('\n')
            .map_or(src.len(), |i| i + d.span.start);
        let end_lc = line_col(src, end.min(line_end));
        let mut message = d.message.clone();
        if let Some(h) = &d.help {
            message.push_str("\nhelp: ");
            message.push_str(h);
        }
        DiagView {
            error: d.severity == Severity::Error,
            line: lc.line,
            col: lc.col,
            len: end_lc.col.saturating_sub(lc.col).max(1),
            start: d.span.start,
            message,
        }
    }
}

/// Where the editor should put its caret (a request the editor carries
/// out once; `id` makes repeated requests distinct).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaretRequest {
    /// Request number.
    pub id: u64,
    /// Byte offset into the source.
    pub offset: usize,
    /// Whether to focus the editor.
    pub focus: bool,
}

/// Events kept for stepping back (the most recent ones).
pub(crate) const EVENT_HISTORY: usize = 4096;

/// Everything the playground shows.
#[derive(Clone)]
pub struct State {
    /// The ISA's short name.
    pub isa_name: &'static str,
    /// The source text (what the editor holds).
    pub source: Rc<String>,
    /// Bumped when the source changes other than by typing, so the editor
    /// copies it into its text area.
    pub source_rev: u64,
    /// Bumped on every source change (typing included); assembly runs for
    /// the latest one.
    pub edit_rev: u64,
    /// The last program that assembled.
    pub asm: Option<Ptr<Assembled>>,
    /// Errors and warnings of the current source.
    pub diags: Ptr<Vec<DiagView>>,
    /// True when the current source does not assemble (panes show the last
    /// good program).
    pub stale: bool,
    /// 1-based line of the editor's caret.
    pub cursor_line: usize,
    /// Selected instruction (listing row).
    pub selected: Option<usize>,
    /// The bitfield view's edited word for the selected instruction.
    pub edited: Option<(usize, Word)>,
    /// The simulator of the last good program.
    pub sim: Option<Ptr<RefCell<Sim>>>,
    /// Bumped on every simulator change.
    pub sim_rev: u64,
    /// Events of the steps taken (most recent last).
    pub events: Ptr<VecDeque<Rc<StepEvent>>>,
    /// Status after the last run command.
    pub status: RunStatus,
    /// Source lines with a breakpoint.
    pub breakpoints: Ptr<BTreeSet<usize>>,
    /// Grid value format.
    pub fmt: Fmt,
    /// Colour scheme.
    pub theme: Theme,
    /// Animated play is on.
    pub playing: bool,
    /// Milliseconds between animated steps.
    pub speed_ms: u32,
    /// A short message in the status bar, with its number.
    pub note: Option<(u64, String)>,
    /// Pending caret move for the editor.
    pub caret: Option<CaretRequest>,
    /// Optype pinned in the reference pane (instead of following the caret).
    pub ref_pinned: Option<usize>,
    /// The tab shown beside the editor.
    pub tab: Tab,
    /// Sharing, links, autosave and embedding (see [`crate::share`]).
    pub share: crate::share::ShareState,
    /// Replacements of the editor's text (see [`crate::document`]).
    pub doc: crate::document::DocState,
    /// The History menu is open; the number changes to draw it again
    /// (after an entry was deleted).
    pub history_menu: Option<u64>,
    counter: u64,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

/// The state worth keeping across visits (a link or local storage later).
#[derive(Debug, Clone, Serialize)]
pub struct Snapshot {
    /// ISA name.
    pub isa: String,
    /// Source text.
    pub source: String,
    /// Selected instruction.
    pub selected: Option<usize>,
    /// Steps executed.
    pub step: u64,
    /// Breakpoint lines.
    pub breakpoints: Vec<usize>,
    /// Grid value format.
    pub fmt: Fmt,
    /// Colour scheme.
    pub theme: Theme,
    /// The tab shown beside the editor.
    pub tab: Tab,
}

/// Everything that changes the state.
pub enum Action {
    /// The user typed: the new text.
    Edit(String),
    /// Debounce expired for this edit revision: assemble.
    Assemble(u64),
    /// Assemble the current text now.
    AssembleNow,
    /// Replace the whole source with an example (by id).
    LoadExample(String),
    /// Switch the ISA (the text is assembled for it).
    SetIsa(String),
    /// Replace the whole source and the ISA (puzzle mode: starter code, a
    /// failing case, a solution).
    LoadText(String, String),
    /// The caret moved to this byte offset.
    Cursor(usize),
    /// Select a listing row and move the caret there.
    SelectRow(usize),
    /// Move the caret to a byte offset and focus the editor.
    GoTo(usize),
    /// Bitfield view: the edited word.
    EditWord(usize, Word),
    /// Bitfield view: forget the edit.
    RevertWord,
    /// Bitfield view: write the edited instruction into the source.
    ApplyWord,
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
    /// Toggle a lane in `.active`.
    ToggleLane(u8),
    /// Grid value format.
    SetFmt(Fmt),
    /// Switch light/dark.
    ToggleTheme,
    /// Show a short message.
    Note(String),
    /// Hide the message with this number.
    ClearNote(u64),
    /// Pin an optype in the reference pane (`None`: follow the caret).
    PinReference(Option<usize>),
    /// Show a tab beside the editor.
    SetTab(Tab),
    /// Links, the banner, the share popover (see [`crate::share`]).
    Share(crate::share::ShareAction),
    /// Put back the text the last replacement took away (Ctrl+Z while the
    /// editor still holds what the replacement put in).
    UndoReplace,
    /// Open (or draw again) or close the History menu.
    HistoryMenu(bool),
}

impl State {
    /// The initial state: the default example, assembled.
    pub fn new() -> State {
        let ex = examples::default_example();
        let source = Rc::new(ex.source.to_string());
        let mut s = State {
            isa_name: "w128",
            doc: crate::document::DocState::new("w128", &source),
            source,
            history_menu: None,
            source_rev: 1,
            edit_rev: 1,
            asm: None,
            diags: Ptr::new(Vec::new()),
            stale: false,
            cursor_line: 1,
            selected: None,
            edited: None,
            sim: None,
            sim_rev: 0,
            events: Ptr::new(VecDeque::new()),
            status: RunStatus::Running,
            breakpoints: Ptr::new(BTreeSet::new()),
            fmt: Fmt::Unsigned,
            theme: Theme::Light,
            playing: false,
            speed_ms: 250,
            note: None,
            caret: None,
            ref_pinned: None,
            tab: Tab::Lanes,
            share: Default::default(),
            counter: 1,
        };
        s.assemble();
        if s.asm.as_ref().is_some_and(|a| !a.rows.is_empty()) {
            s.selected = Some(0);
        }
        s
    }

    /// The ISA in use.
    pub fn isa(&self) -> &'static Isa {
        warpscope_core::isas::by_name(self.isa_name).unwrap_or_else(warpscope_core::isas::w128)
    }

    /// What is worth saving.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            isa: self.isa_name.to_string(),
            source: self.source.to_string(),
            selected: self.selected,
            step: self.steps(),
            breakpoints: self.breakpoints.iter().copied().collect(),
            fmt: self.fmt,
            theme: self.theme,
            tab: self.tab,
        }
    }

    /// Steps executed.
    pub fn steps(&self) -> u64 {
        self.sim.as_ref().map_or(0, |s| s.borrow().steps())
    }

    /// Instruction the next step executes.
    pub fn next_index(&self) -> Option<usize> {
        self.sim.as_ref().and_then(|s| s.borrow().next_index())
    }

    /// The run status shown in the header.
    pub fn status_text(&self) -> &'static str {
        match self.sim.as_ref().map(|s| s.borrow().status()) {
            None => "no program",
            Some(RunStatus::Running) if self.status == RunStatus::StepLimit => "step limit reached",
            Some(RunStatus::Running) if self.steps() == 0 => "ready",
            Some(RunStatus::Running) => "running",
            Some(RunStatus::Exited) => "exited",
            Some(RunStatus::Halted) => "halted",
            Some(RunStatus::StepLimit) => "step limit reached",
        }
    }

    /// The most recent step's event.
    pub fn last_event(&self) -> Option<Rc<StepEvent>> {
        self.events.back().cloned()
    }

    fn next_id(&mut self) -> u64 {
        self.counter += 1;
        self.counter
    }

    pub(crate) fn note(&mut self, text: impl Into<String>) {
        let id = self.next_id();
        self.note = Some((id, text.into()));
    }

    pub(crate) fn caret_to(&mut self, offset: usize, focus: bool) {
        let id = self.next_id();
        self.caret = Some(CaretRequest { id, offset, focus });
    }

    /// Replaces the source other than by typing, and assembles it now.
    pub(crate) fn replace_source(&mut self, text: String) {
        let before = std::mem::replace(&mut self.source, Rc::new(text));
        self.doc
            .replaced(before, self.source.clone(), self.isa_name);
        self.source_rev += 1;
        self.edit_rev += 1;
        self.assemble();
    }

    /// Assembles the current source. On success the panes move to the new
    /// program (the simulator restarts unless the code and setup are the
    /// same); on failure they keep the last good program, marked stale.
    fn assemble(&mut self) {
        let isa = self.isa();
        let src = self.source.clone();
        match asm::assemble(isa, &src) {
            Ok(program) => {
                let diags = program
                    .warnings
                    .iter()
                    .map(|d| DiagView::of(&src, d))
                    .collect();
                self.diags = Ptr::new(diags);
                let rows = program
                    .lines
                    .iter()
                    .map(|l| {
                        let word = encode::encode(isa, &l.inst);
                        Row {
                            addr: l.addr,
                            word,
                            hex: inst_hex(isa, &l.inst),
                            text: disasm::disasm(isa, &l.inst),
                            line: l.line,
                            start: l.span.start,
                            end: l.span.end,
                        }
                    })
                    .collect::<Vec<_>>();
                let same_code = self
                    .asm
                    .as_ref()
                    .is_some_and(|old| same_run(&old.program, &program));
                if !same_code || self.sim.is_none() {
                    self.sim = Some(Ptr::new(RefCell::new(Sim::new(
                        isa,
                        &program,
                        LaunchConfig::default(),
                    ))));
                    self.events = Ptr::new(VecDeque::new());
                    self.status = RunStatus::Running;
                    self.playing = false;
                    self.sim_rev += 1;
                }
                let n = rows.len();
                let insts: Vec<_> = program.lines.iter().map(|l| l.inst.clone()).collect();
                let mut first = 0;
                let controls = encode::stream(isa, &insts)
                    .into_iter()
                    .filter_map(|u| match u.kind {
                        encode::UnitKind::Inst(i) => {
                            first = i + 1;
                            None
                        }
                        encode::UnitKind::Control => Some(ControlRow {
                            first,
                            addr: u.addr,
                            word: u.bits as u64,
                            text: warpscope_core::codec::control::control_text(isa, u.bits as u64),
                        }),
                    })
                    .collect();
                self.asm = Some(Ptr::new(Assembled {
                    source: src,
                    program,
                    rows,
                    isa_name: self.isa_name,
                    controls,
                }));
                self.stale = false;
                self.edited = None;
                self.follow_cursor();
                if self.selected.is_some_and(|i| i >= n) {
                    self.selected = n.checked_sub(1);
                }
            }
            Err(diags) => {
                self.diags = Ptr::new(diags.iter().map(|d| DiagView::of(&src, d)).collect());
                self.stale = true;
            }
        }
    }

    /// Selects the instruction on the caret's line, if there is one.
    fn follow_cursor(&mut self) {
        if self.stale {
            return;
        }
        if let Some(a) = &self.asm {
            if let Some(i) = a.rows.iter().position(|r| r.line == self.cursor_line) {
                if self.selected != Some(i) {
                    self.selected = Some(i);
                    self.edited = None;
                }
            }
        }
    }

    pub(crate) fn with_sim<R>(
        &mut self,
        f: impl FnOnce(&mut Sim, &mut VecDeque<Rc<StepEvent>>) -> R,
    ) -> Option<R> {
        let sim = self.sim.clone()?;
        let mut events = (*self.events.0).clone();
        let r = f(&mut sim.borrow_mut(), &mut events);
        while events.len() > EVENT_HISTORY {
            events.pop_front();
        }
        self.events = Ptr::new(events);
        self.sim_rev += 1;
        Some(r)
    }

    fn line_of_index(&self, index: usize) -> Option<usize> {
        self.asm.as_ref()?.rows.get(index).map(|r| r.line)
    }

    /// Steps until `stop(next instruction)` after at least one step, no lane
    /// can run, or the budget runs out. Returns the number of steps.
    fn run_until(&mut self, stop: impl Fn(&State, usize) -> bool) -> u64 {
        let me = self.clone();
        let r = self.with_sim(|sim, events| {
            let mut n = 0u64;
            while n < DEFAULT_MAX_STEPS {
                match sim.step() {
                    Some(ev) => {
                        events.push_back(Rc::new(ev));
                        if events.len() > EVENT_HISTORY {
                            events.pop_front();
                        }
                        n += 1;
                    }
                    None => return (n, RunStatus::Running),
                }
                match sim.next_index() {
                    Some(i) if stop(&me, i) => return (n, RunStatus::Running),
                    Some(_) => {}
                    None => return (n, RunStatus::Running),
                }
            }
            (n, RunStatus::StepLimit)
        });
        let (n, status) = r.unwrap_or((0, RunStatus::Running));
        self.status = status;
        n
    }

    fn at_breakpoint(&self, index: usize) -> bool {
        self.line_of_index(index)
            .is_some_and(|l| self.breakpoints.contains(&l))
    }

    fn step_once(&mut self) -> bool {
        self.status = RunStatus::Running;
        self.with_sim(|sim, events| match sim.step() {
            Some(ev) => {
                events.push_back(Rc::new(ev));
                true
            }
            None => false,
        })
        .unwrap_or(false)
    }

    fn show_exec_line(&mut self) {
        self.tab = Tab::Lanes;
        if let Some(i) = self.next_index() {
            if let Some(a) = &self.asm {
                if !self.stale {
                    if let Some(r) = a.rows.get(i) {
                        self.selected = Some(i);
                        self.edited = None;
                        self.cursor_line = r.line;
                    }
                }
            }
        }
    }
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

/// True when two programs run identically (same instructions, addresses
/// and setup values): the simulator can keep its position.
fn same_run(a: &Program, b: &Program) -> bool {
    a.lines.len() == b.lines.len()
        && a.lines
            .iter()
            .zip(&b.lines)
            .all(|(x, y)| x.inst == y.inst && x.addr == y.addr)
        && a.setup.active == b.setup.active
        && a.setup.inits.len() == b.setup.inits.len()
        && a.setup
            .inits
            .iter()
            .zip(&b.setup.inits)
            .all(|(x, y)| x.target == y.target && x.value == y.value)
}

/// `0123abcd 0123abcd ...`: hex digits in groups of 8.
pub fn group_hex(hex: &str) -> String {
    let mut out = String::with_capacity(hex.len() + hex.len() / 8);
    for (i, c) in hex.chars().enumerate() {
        if i > 0 && i % 8 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Byte offset of the start of 1-based line `line`.
pub fn line_start(src: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    src.match_indices('\n')
        .nth(line - 2)
        .map_or(src.len(), |(i, _)| i + 1)
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::Edit(text) => {
                if *s.source == text {
                    return self;
                }
                s.source = Rc::new(text);
                s.edit_rev += 1;
            }
            Action::Assemble(rev) => {
                if rev != s.edit_rev
                    || s.asm
                        .as_ref()
                        .is_some_and(|a| Rc::ptr_eq(&a.source, &s.source))
                {
                    return self;
                }
                s.assemble();
            }
            Action::AssembleNow => s.assemble(),
            Action::SetIsa(name) => {
                let Some(&isa) = warpscope_core::isas::NAMES.iter().find(|n| **n == name) else {
                    return self;
                };
                if isa == s.isa_name {
                    return self;
                }
                let untouched = s.source.trim().is_empty()
                    || examples::for_isa(s.isa_name)
                        .iter()
                        .any(|e| e.source == s.source.as_str());
                s.isa_name = isa;
                s.asm = None;
                s.sim = None;
                s.selected = None;
                s.ref_pinned = None;
                s.edited = None;
                match examples::for_isa(isa).first() {
                    Some(ex) if untouched => {
                        s.breakpoints = Ptr::new(BTreeSet::new());
                        s.cursor_line = 1;
                        s.replace_source(ex.source.to_string());
                        s.caret_to(0, false);
                        s.note(format!("ISA: {isa} · loaded example: {}", ex.title));
                    }
                    _ => {
                        s.doc.source_isa = isa;
                        s.assemble();
                        s.note(format!("ISA: {isa}"));
                    }
                }
                if s.asm.as_ref().is_some_and(|a| !a.rows.is_empty()) {
                    s.selected = Some(0);
                }
            }
            Action::LoadText(name, text) => {
                let Some(&isa) = warpscope_core::isas::NAMES.iter().find(|n| **n == name) else {
                    return self;
                };
                s.isa_name = isa;
                s.edited = None;
                s.ref_pinned = None;
                s.breakpoints = Ptr::new(BTreeSet::new());
                s.asm = None;
                s.sim = None;
                s.cursor_line = 1;
                s.selected = None;
                s.replace_source(text);
                if s.asm.as_ref().is_some_and(|a| !a.rows.is_empty()) {
                    s.selected = Some(0);
                }
                s.caret_to(0, false);
            }
            Action::LoadExample(id) => {
                let Some(ex) = examples::by_id(s.isa_name, &id) else {
                    return self;
                };
                s.breakpoints = Ptr::new(BTreeSet::new());
                s.asm = None;
                s.sim = None;
                s.cursor_line = 1;
                s.selected = None;
                s.replace_source(ex.source.to_string());
                if s.asm.as_ref().is_some_and(|a| !a.rows.is_empty()) {
                    s.selected = Some(0);
                }
                s.caret_to(0, false);
                s.note(format!("loaded example: {}", ex.title));
            }
            Action::Cursor(offset) => {
                let off = offset.min(s.source.len());
                let line = s.source[..off].matches('\n').count() + 1;
                if line == s.cursor_line {
                    return self;
                }
                s.cursor_line = line;
                s.follow_cursor();
            }
            Action::SelectRow(i) => {
                let Some(a) = s.asm.clone() else { return self };
                let Some(r) = a.rows.get(i) else { return self };
                s.selected = Some(i);
                s.edited = None;
                s.cursor_line = r.line;
                if !s.stale {
                    s.caret_to(r.start, false);
                }
            }
            Action::GoTo(offset) => {
                let off = offset.min(s.source.len());
                s.cursor_line = s.source[..off].matches('\n').count() + 1;
                s.caret_to(off, true);
                s.follow_cursor();
            }
            Action::EditWord(i, w) => {
                let orig = s.asm.as_ref().and_then(|a| a.rows.get(i)).map(|r| r.word);
                s.edited = if orig == Some(w) { None } else { Some((i, w)) };
            }
            Action::RevertWord => s.edited = None,
            Action::ApplyWord => {
                let Some((i, w)) = s.edited else { return self };
                if s.stale {
                    s.note("fix the errors first: the listing is not up to date");
                    return Rc::new(s);
                }
                let Some(row) = s.asm.as_ref().and_then(|a| a.rows.get(i)).cloned() else {
                    return self;
                };
                let isa = s.isa();
                match warpscope_core::codec::decode::decode_inst(isa, w) {
                    Ok(inst) => {
                        let text = disasm::disasm(isa, &inst);
                        let text = text.trim_end_matches(';').trim_end().to_string();
                        let mut src = (*s.source).clone();
                        if row.end <= src.len() && row.start <= row.end {
                            src.replace_range(row.start..row.end, &text);
                            s.replace_source(src);
                            s.selected = Some(i);
                            s.caret_to(row.start, false);
                            s.note(format!("line {} is now: {text}", row.line));
                        }
                    }
                    Err(e) => s.note(format!("cannot apply: {e}")),
                }
            }
            Action::Step => {
                s.playing = false;
                if !s.step_once() {
                    s.note(format!("nothing to run: the warp has {}", s.status_text()));
                }
                s.show_exec_line();
            }
            Action::Back => {
                s.playing = false;
                s.status = RunStatus::Running;
                let undone = s
                    .with_sim(|sim, events| {
                        let ok = sim.back();
                        if ok {
                            events.pop_back();
                        }
                        ok
                    })
                    .unwrap_or(false);
                if !undone {
                    s.note("already at the start");
                }
                s.show_exec_line();
            }
            Action::Run => {
                s.playing = false;
                let n = s.run_until(|st, i| st.at_breakpoint(i));
                if let Some(i) = s.next_index() {
                    if s.at_breakpoint(i) && n > 0 {
                        let line = s.line_of_index(i).unwrap_or(0);
                        s.note(format!("stopped at the breakpoint on line {line}"));
                    }
                }
                s.show_exec_line();
            }
            Action::RunToCursor => {
                s.playing = false;
                let line = s.cursor_line;
                let Some(target) = s
                    .asm
                    .as_ref()
                    .and_then(|a| a.rows.iter().position(|r| r.line >= line))
                else {
                    s.note("no instruction at or after the caret");
                    return Rc::new(s);
                };
                s.run_until(move |_, i| i == target);
                s.show_exec_line();
            }
            Action::Reset => {
                s.playing = false;
                s.status = RunStatus::Running;
                s.with_sim(|sim, events| {
                    sim.reset();
                    events.clear();
                });
                s.show_exec_line();
            }
            Action::TogglePlay => {
                if s.playing {
                    s.playing = false;
                } else if s.next_index().is_some() {
                    s.playing = true;
                } else {
                    s.note(format!("nothing to run: the warp has {}", s.status_text()));
                }
            }
            Action::PlayTick => {
                if !s.playing {
                    return self;
                }
                if !s.step_once() {
                    s.playing = false;
                }
                match s.next_index() {
                    None => s.playing = false,
                    Some(i) if s.at_breakpoint(i) => s.playing = false,
                    _ => {}
                }
                s.show_exec_line();
            }
            Action::Speed(ms) => s.speed_ms = ms.clamp(10, 5000),
            Action::ToggleBreakpoint(line) => {
                let mut b = (*s.breakpoints.0).clone();
                if !b.remove(&line) {
                    b.insert(line);
                }
                s.breakpoints = Ptr::new(b);
            }
            Action::ToggleLane(lane) => {
                if s.stale {
                    s.note("fix the errors first: lanes are toggled in the program's .active line");
                    return Rc::new(s);
                }
                let Some(a) = s.asm.clone() else { return self };
                let mask = a.program.setup.active ^ (1u32 << (lane & 31));
                let directive = format!(".active {mask:#010x}");
                let mut src = (*s.source).clone();
                match a.program.setup.active_span {
                    Some(sp) if sp.end <= src.len() => {
                        src.replace_range(sp.start..sp.end, &directive)
                    }
                    _ => src.insert_str(0, &format!("{directive}\n")),
                }
                s.replace_source(src);
                s.note(format!(
                    "lane {lane} {}",
                    if mask >> lane & 1 == 1 {
                        "activated"
                    } else {
                        "deactivated"
                    }
                ));
            }
            Action::SetFmt(f) => s.fmt = f,
            Action::ToggleTheme => {
                s.theme = match s.theme {
                    Theme::Light => Theme::Dark,
                    Theme::Dark => Theme::Light,
                }
            }
            Action::Note(t) => s.note(t),
            Action::ClearNote(id) => {
                if s.note.as_ref().is_some_and(|(n, _)| *n == id) {
                    s.note = None;
                } else {
                    return self;
                }
            }
            Action::PinReference(o) => s.ref_pinned = o,
            Action::SetTab(t) => s.tab = t,
            Action::Share(a) => {
                if !crate::share::reduce(&mut s, a) {
                    return self;
                }
            }
            Action::HistoryMenu(open) => {
                s.history_menu = open.then(|| s.next_id());
            }
            Action::UndoReplace => {
                let Some(r) = s.doc.undo(&s.source) else {
                    return self;
                };
                s.isa_name = r.isa;
                s.source = r.before.clone();
                s.source_rev += 1;
                s.edit_rev += 1;
                s.asm = None;
                s.sim = None;
                s.selected = None;
                s.edited = None;
                s.playing = false;
                s.assemble();
                if s.asm.as_ref().is_some_and(|a| !a.rows.is_empty()) {
                    s.selected = Some(0);
                }
                s.note("the text before the replacement is back");
            }
        }
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(s: Rc<State>, a: Action) -> Rc<State> {
        s.reduce(a)
    }

    #[test]
    fn broken_source_keeps_last_good_listing() {
        let s = Rc::new(State::new());
        let rows = s.asm.as_ref().unwrap().rows.len();
        assert!(rows > 0);
        let mut text = (*s.source).clone();
        text.push_str("\n    BOGUS R1\n");
        let s = act(s, Action::Edit(text.clone()));
        let rev = s.edit_rev;
        let s = act(s, Action::Assemble(rev));
        assert!(s.stale);
        assert_eq!(*s.source, text);
        assert_eq!(s.asm.as_ref().unwrap().rows.len(), rows);
        let d = &s.diags[0];
        assert!(d.error);
        assert_eq!(d.line, text.lines().count());
        assert_eq!(d.col, 5);
    }

    #[test]
    fn a_replacement_keeps_own_work_and_ctrl_z_brings_it_back() {
        let s = Rc::new(State::new());
        let mine = "// mine\n    EXIT\n".to_string();
        let s = act(s, Action::Edit(mine.clone()));
        let ex = examples::for_isa("w128")[1].id.to_string();
        let s = act(s, Action::LoadExample(ex));
        assert_ne!(*s.source, mine);
        let own: Vec<_> = s.doc.own_work_since(0).collect();
        assert_eq!(own.len(), 1);
        assert_eq!((*own[0].before).as_str(), mine);
        assert_eq!(own[0].isa, "w128");
        // An untouched example replaced by another is not own work.
        let seq = s.doc.seq;
        let ex2 = examples::for_isa("w128")[2].id.to_string();
        let s = act(s, Action::LoadExample(ex2));
        assert_eq!(s.doc.own_work_since(seq).count(), 0);
        // Ctrl+Z steps back over both replacements, in order.
        let s = act(s, Action::UndoReplace);
        assert_eq!(*s.source, examples::for_isa("w128")[1].source);
        let s = act(s, Action::UndoReplace);
        assert_eq!(*s.source, mine);
        assert!(!s.stale);
        // Typing after a replacement leaves Ctrl+Z to the editor.
        let s = act(
            s,
            Action::LoadExample(examples::for_isa("w128")[1].id.into()),
        );
        let more = format!("{}// more\n", s.source);
        let s = act(s, Action::Edit(more));
        let typed = s.source.clone();
        let s = act(s, Action::UndoReplace);
        assert_eq!(s.source, typed);
    }

    #[test]
    fn an_isa_switch_records_work_under_its_own_isa() {
        let s = Rc::new(State::new());
        let ex = (*s.source).clone();
        let s = act(s, Action::SetIsa("sm50".into()));
        // The untouched example is swapped for sm50's, and is not own work.
        assert_eq!(s.doc.own_work_since(0).count(), 0);
        let s = act(s, Action::UndoReplace);
        assert_eq!((s.isa_name, (*s.source).clone()), ("w128", ex));
    }

    #[test]
    fn step_back_and_reset() {
        let s = Rc::new(State::new());
        let s = act(s, Action::Step);
        assert_eq!(s.steps(), 1);
        assert!(s.last_event().is_some());
        let s = act(s, Action::Step);
        let s = act(s, Action::Back);
        assert_eq!(s.steps(), 1);
        assert_eq!(s.events.len(), 1);
        let s = act(s, Action::Run);
        assert_eq!(s.status_text(), "exited");
        let s = act(s, Action::Reset);
        assert_eq!(s.steps(), 0);
    }

    #[test]
    fn breakpoints_stop_a_run() {
        let s = Rc::new(State::new());
        let line = s.asm.as_ref().unwrap().rows[3].line;
        let s = act(s, Action::ToggleBreakpoint(line));
        let s = act(s, Action::Run);
        assert_eq!(s.next_index(), Some(3));
        assert_eq!(s.steps(), 3);
    }

    #[test]
    fn lane_toggle_edits_active_line() {
        let s = Rc::new(State::new());
        let s = act(s, Action::ToggleLane(3));
        assert!(s.source.starts_with(".active 0xfffffff7\n"));
        let s = act(s, Action::ToggleLane(3));
        assert!(s.source.starts_with(".active 0xffffffff\n"));
        assert_eq!(s.asm.as_ref().unwrap().program.setup.active, u32::MAX);
    }

    #[test]
    fn apply_writes_edited_instruction_back() {
        let s = Rc::new(State::new());
        let row = s.asm.as_ref().unwrap().rows[0].clone();
        // Bit 16 is the low bit of Rd in SHFL (R1 -> R0).
        let s = act(s, Action::EditWord(0, row.word ^ (1 << 16)));
        let s = act(s, Action::ApplyWord);
        let new = &s.asm.as_ref().unwrap().rows[0];
        assert_eq!(new.word, row.word ^ (1 << 16));
        assert!(s.source.contains("SHFL.BFLY P0, R0, R0, 0x10, 0x1f"));
    }

    #[test]
    fn other_isas_do_not_panic() {
        for &name in warpscope_core::isas::NAMES {
            let s = Rc::new(State::new());
            let s = act(s, Action::SetIsa(name.to_string()));
            assert_eq!(s.isa_name, name);
            for text in ["EXIT", "s_endpgm", "S2R R1, SR_LANEID ;\nEXIT ;"] {
                let s = act(s.clone(), Action::Edit(text.to_string()));
                let s = act(s, Action::AssembleNow);
                let s = act(s, Action::Step);
                let s = act(s, Action::Run);
                let _ = act(s, Action::Back);
            }
        }
    }

    #[test]
    fn switching_isa_loads_its_example_and_lists_control_words() {
        let s = Rc::new(State::new());
        let s = act(s, Action::SetIsa("sm50".into()));
        let a = s.asm.clone().unwrap();
        assert_eq!(a.isa_name, "sm50");
        assert!(s.source.contains("S2R"));
        assert!(
            a.rows.iter().all(|r| r.hex.len() == 16),
            "{:?}",
            a.rows[0].hex
        );
        // Six instructions: two control words, before 0 and before 3.
        assert_eq!(a.rows.len(), 6);
        let firsts: Vec<_> = a.controls.iter().map(|c| (c.first, c.addr)).collect();
        assert_eq!(firsts, [(0, 0), (3, 0x20)]);
        assert_eq!(a.rows[3].addr, 0x28);
        let s = act(s, Action::SetIsa("gfx9".into()));
        let a = s.asm.clone().unwrap();
        assert!(a.controls.is_empty());
        assert!(
            a.rows.iter().any(|r| r.hex.len() == 17),
            "a dword and a literal"
        );
        // An edited text is kept when the ISA changes.
        let s = act(s, Action::Edit("s_endpgm\n".into()));
        let s = act(s, Action::SetIsa("sm50".into()));
        assert_eq!(*s.source, "s_endpgm\n");
        assert!(s.stale || s.asm.is_none());
    }

    #[test]
    fn hex_groups() {
        assert_eq!(group_hex("0123456789abcdef"), "01234567 89abcdef");
        assert_eq!(line_start("a\nbc\nd", 3), 5);
        assert_eq!(line_start("a\nbc\nd", 1), 0);
    }
}
