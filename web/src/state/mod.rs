//! The playground's state, in slices, and every action that changes it.
//!
//! The root component owns one [`State`] through `use_reducer`; panes get
//! the parts they draw as props and send [`Action`]s back up through a
//! [`Dispatch`]. Each slice has its own actions and reducer:
//!
//! - [`document`]: the editor's text, its ISA and the replacements it went
//!   through (the work history, Ctrl+Z);
//! - [`build`]: the last program that assembled, its listing, diagnostics;
//! - [`run`]: a snapshot of the simulator; the simulator itself lives in a
//!   [`Runtime`] owned by the root component, outside this state, and is
//!   handed to the reducer with each action;
//! - [`view`]: tab, value format, theme, selection, reference pin, notes;
//! - [`share`]: link banner, popover, embed mode, storage failure.
//!
//! The root [`Action`] delegates to the slices; the few actions that
//! span slices (loading a text, Apply, a lane toggle, opening a link) are
//! carried out here. All meaning comes from core: the assembler makes the
//! listing, the decoder the bitfield view, the simulator the grid and the
//! diagrams.

pub mod build;
pub mod document;
pub mod lines;
pub mod run;
pub mod share;
pub mod typed;
pub mod view;

use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use warpscope_core::isas::Id;
use warpscope_core::link::LinkState;
use warpscope_core::sim::DEFAULT_MAX_STEPS;
use yew::prelude::*;

pub use crate::ptr::Ptr;
pub use build::{group_hex, line_start, Assembled, Build, BuildAction, Built, DiagView, Row};
pub use document::{DocAction, DocChange, Document};
pub use lines::Lines;
pub use run::{RunAction, RunState, RunView, Runtime};
pub use share::{FollowUp, ShareAction, ShareState};
pub use view::{all_formats, line_of, CaretRequest, Fmt, Tab, Theme, View, ViewAction};

use crate::examples;
use crate::i18n::{fill, tr, tr_text, trf};

/// Everything the playground shows.
#[derive(Clone)]
pub struct State {
    /// The editor's text and its history.
    pub doc: Document,
    /// The last program that assembled.
    pub build: Build,
    /// What the simulator shows.
    pub run: RunState,
    /// How the panes look and what is selected.
    pub view: View,
    /// Sharing, links, embed mode, storage.
    pub share: ShareState,
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
#[derive(Debug, Clone)]
pub enum Action {
    /// Typing and Ctrl+Z over a replacement.
    Doc(DocAction),
    /// Assembly.
    Build(BuildAction),
    /// Stepping, running, breakpoints.
    Run(RunAction),
    /// Tabs, formats, selection, notes.
    View(ViewAction),
    /// Links, the banner, the share popover.
    Share(ShareAction),
    /// Replace the whole source with an example (by id).
    LoadExample(String),
    /// Switch the ISA (the text is assembled for it).
    SetIsa(String),
    /// Replace the whole source and the ISA (puzzle mode: starter code, a
    /// failing case, a solution).
    LoadText(String, String),
    /// Bitfield view: write the edited instruction into the source.
    ApplyWord,
    /// Toggle a lane in `.active`.
    ToggleLane(u8),
}

impl Action {
    /// Whether carrying the action out may load an example, whose text
    /// other than the start example's is read after start
    /// ([`examples::ready`]).
    pub fn needs_examples(&self) -> bool {
        matches!(self, Action::LoadExample(_) | Action::SetIsa(_))
    }

    /// Whether carrying the action out runs code of the second part of the
    /// wasm (docs/perf.md, "Loading the rest"): what a program's run needs
    /// (typing, assembling, stepping, the lanes) never does; opening a
    /// feature does.
    pub fn needs_rest(&self) -> bool {
        match self {
            Action::Doc(_) | Action::Build(_) | Action::Run(_) | Action::ToggleLane(_) => false,
            Action::LoadExample(_)
            | Action::SetIsa(_)
            | Action::LoadText(..)
            | Action::ApplyWord => true,
            Action::View(v) => match v {
                ViewAction::Cursor(_)
                | ViewAction::SelectRow(_)
                | ViewAction::GoTo(_)
                | ViewAction::SetFmt(_)
                | ViewAction::ToggleTheme
                | ViewAction::Note(_)
                | ViewAction::ClearNote(_)
                | ViewAction::SetPresent(false)
                | ViewAction::HistoryMenu(false)
                | ViewAction::SetTab(Tab::Lanes) => false,
                ViewAction::EditWord(..)
                | ViewAction::RevertWord
                | ViewAction::PinReference(_)
                | ViewAction::SetTab(_)
                | ViewAction::HistoryMenu(true)
                | ViewAction::SetPresent(true)
                | ViewAction::TogglePresent
                | ViewAction::SetLang(_) => true,
            },
            Action::Share(s) => match s {
                ShareAction::Opened { result: Ok(ls), .. } => {
                    share::read_view(&ls.view).needs_rest()
                }
                ShareAction::Opened { result: Err(_), .. }
                | ShareAction::Applied { .. }
                | ShareAction::LinkMade
                | ShareAction::Banner(..)
                | ShareAction::DismissBanner
                | ShareAction::StorageFailed(_) => false,
                ShareAction::Restore(_) | ShareAction::Copied(..) | ShareAction::Popover(_) => true,
            },
        }
    }
}

/// An action with the runtime it runs against (what `use_reducer` gets).
pub struct Msg {
    action: Action,
    rt: Rc<RefCell<Runtime>>,
}

impl Reducible for State {
    type Action = Msg;

    fn reduce(self: Rc<Self>, m: Msg) -> Rc<Self> {
        let Ok(mut rt) = m.rt.try_borrow_mut() else {
            return self;
        };
        let mut s = (*self).clone();
        if s.act(&mut rt, m.action) {
            Rc::new(s)
        } else {
            self
        }
    }
}

/// Sends actions to the root state, with the runtime they run against.
#[derive(Clone)]
pub struct Dispatch {
    d: UseReducerDispatcher<State>,
    rt: Rc<RefCell<Runtime>>,
}

impl PartialEq for Dispatch {
    fn eq(&self, other: &Self) -> bool {
        self.d == other.d && Rc::ptr_eq(&self.rt, &other.rt)
    }
}

impl Dispatch {
    /// A dispatcher of the root state and its runtime.
    pub fn new(d: UseReducerDispatcher<State>, rt: Rc<RefCell<Runtime>>) -> Dispatch {
        Dispatch { d, rt }
    }

    /// Applies an action; one that needs the second part of the wasm
    /// while it is not installed waits for it ([`crate::lazy`]), and says
    /// why in the status bar when it cannot have it.
    pub fn send(&self, action: Action) {
        if action.needs_rest() && !crate::lazy::ready() {
            let d = self.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match crate::lazy::load().await {
                    Ok(()) => d.send(action),
                    Err(e) => d.send(Action::View(ViewAction::Note(trf(
                        "This needs a part of warpscope that could not be loaded: {0}.",
                        &[&e],
                    )))),
                }
            });
            return;
        }
        if action.needs_examples() && !examples::ready() {
            // Read with the second part; fetched again when that read
            // failed. A new ISA is chosen all the same, without its example.
            let d = self.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match examples::fetch().await {
                    Ok(()) => d.send(action),
                    Err(e) => {
                        if let Action::SetIsa(_) = action {
                            d.apply(action);
                        }
                        d.send(Action::View(ViewAction::Note(trf(
                            "The example programs could not be read: {0}.",
                            &[&e],
                        ))));
                    }
                }
            });
            return;
        }
        self.apply(action);
    }

    /// Applies an action now, past the waits of [`Dispatch::send`].
    fn apply(&self, action: Action) {
        self.d.dispatch(Msg {
            action,
            rt: self.rt.clone(),
        });
    }

    /// A callback that sends the action `f` makes of its argument.
    pub fn callback<T: 'static>(&self, f: impl Fn(T) -> Action + 'static) -> Callback<T> {
        let d = self.clone();
        Callback::from(move |v: T| d.send(f(v)))
    }
}

impl State {
    /// The initial state: the default example, assembled.
    pub fn new(rt: &mut Runtime) -> State {
        let ex = examples::default_example();
        let mut s = State {
            doc: Document::new(Id::W128, ex.source.to_string()),
            build: Build::default(),
            run: RunState::default(),
            view: View::default(),
            share: ShareState::default(),
        };
        s.rebuild(rt);
        s
    }

    /// Drops from the view what needs the second part of the wasm (for a
    /// start that could not have it): another tab than the lanes,
    /// presentation mode, the Chinese interface. Whether anything was
    /// dropped.
    pub fn without_rest(&mut self) -> bool {
        let before = (self.view.tab, self.view.present, self.view.lang);
        self.view.tab = Tab::Lanes;
        self.view.present = false;
        self.view.lang = crate::i18n::Lang::En;
        crate::i18n::set(self.view.lang);
        before != (self.view.tab, self.view.present, self.view.lang)
    }

    /// The ISA's short name.
    pub fn isa_id(&self) -> Id {
        self.doc.isa
    }

    /// What is worth saving.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            isa: self.doc.isa.to_string(),
            source: self.doc.source.to_string(),
            selected: self.view.selected,
            step: self.run.steps(),
            breakpoints: self.run.breakpoints.iter().copied().collect(),
            fmt: self.view.fmt,
            theme: self.view.theme,
            tab: self.view.tab,
        }
    }

    /// The state as a link: ISA, source, selection, step and the view keys
    /// that differ from their defaults (never `embed`).
    pub fn link_state(&self) -> LinkState {
        let mut ls = LinkState::new(self.doc.isa.name(), &self.doc.source);
        ls.selected = self.view.selected.and_then(|i| u32::try_from(i).ok());
        let steps = self.run.steps();
        ls.step = (steps > 0).then_some(steps);
        let v = &self.view;
        ls.view = share::write_view(
            v.fmt,
            v.tab,
            (v.theme, v.own_theme),
            (v.lang, v.own_lang),
            v.present,
            &self.run.breakpoints,
            &self.share.extra_view,
        );
        ls
    }

    /// [`State::link_state`] with `embed=1`: the link of an iframe.
    pub fn embed_state(&self) -> LinkState {
        let mut ls = self.link_state();
        ls.view.push((share::KEY_EMBED.into(), "1".into()));
        ls
    }

    /// Applies an action; false when nothing changed.
    pub fn act(&mut self, rt: &mut Runtime, a: Action) -> bool {
        match a {
            Action::Doc(a) => match self.doc.reduce(a) {
                DocChange::Nothing => return false,
                DocChange::Typed => {}
                DocChange::Restored(caret) => self.view.caret_to(caret, true),
                DocChange::Undone(_) => {
                    self.rebuild(rt);
                    self.view
                        .note(tr("the text before the replacement is back"));
                }
            },
            Action::Build(a) => match self.build.reduce(a, &self.doc) {
                Built::Nothing => return false,
                Built::Failed => {}
                Built::Program => self.program_built(rt),
            },
            Action::Run(a) => {
                let out = self
                    .run
                    .reduce(rt, a, self.build.rows(), self.view.cursor_line);
                if let Some(n) = out.note {
                    self.view.note(n);
                }
                if out.show_next {
                    self.show_next();
                }
                return out.changed;
            }
            Action::View(a) => return self.view.reduce(a, &self.doc.source, &self.build),
            Action::Share(a) => {
                let Some(follow) = self.share.reduce(a, self.doc.edit_rev) else {
                    return false;
                };
                for f in follow {
                    self.follow(rt, f);
                }
            }
            Action::LoadExample(id) => {
                let Some(ex) = examples::by_id(self.doc.isa, &id) else {
                    return false;
                };
                self.load_text(rt, self.doc.isa, ex.source.to_string());
                self.view.note(trf("loaded example: {0}", &[&ex.title]));
            }
            Action::SetIsa(name) => return self.set_isa(rt, &name),
            Action::LoadText(name, text) => {
                let Some(isa) = Id::from_name(&name) else {
                    return false;
                };
                self.view.ref_pinned = None;
                self.load_text(rt, isa, text);
            }
            Action::ApplyWord => return self.apply_word(rt),
            Action::ToggleLane(lane) => return self.toggle_lane(rt, lane),
        }
        true
    }

    /// A new program assembled: the simulator follows it (restarting
    /// unless the code and setup are the same), the selection stays in it.
    fn program_built(&mut self, rt: &mut Runtime) {
        if let Some(a) = &self.build.asm {
            if rt.load(a) {
                self.run.restarted(rt);
            }
        }
        self.view.program_changed(&self.build);
    }

    /// Assembles the document's text afresh (a new simulator, the first
    /// instruction selected).
    fn rebuild(&mut self, rt: &mut Runtime) {
        rt.unload();
        self.build = Build::default();
        self.run.restarted(rt);
        if self.build.build(&self.doc) == Built::Program {
            self.program_built(rt);
        }
        self.view.to_start(&self.build);
    }

    /// Replaces the text other than by typing and assembles it now,
    /// keeping the simulator when the code is the same.
    fn replace_source(&mut self, rt: &mut Runtime, text: String) {
        self.doc.replace(text, self.doc.isa);
        if self.build.build(&self.doc) == Built::Program {
            self.program_built(rt);
        }
    }

    /// Loads a whole new text (an example, a puzzle's code, a link): no
    /// breakpoints, caret at the start.
    fn load_text(&mut self, rt: &mut Runtime, isa: Id, text: String) {
        self.run.breakpoints = Ptr::new(Default::default());
        self.view.cursor_line = 1;
        self.doc.replace(text, isa);
        self.rebuild(rt);
        self.view.caret_to(0, false);
    }

    fn set_isa(&mut self, rt: &mut Runtime, name: &str) -> bool {
        let Some(isa) = Id::from_name(name) else {
            return false;
        };
        if isa == self.doc.isa {
            return false;
        }
        self.view.ref_pinned = None;
        match examples::for_isa(isa).first() {
            Some(ex) if self.doc.untouched() => {
                self.load_text(rt, isa, ex.source.to_string());
                self.view
                    .note(trf("ISA: {0} · loaded example: {1}", &[&isa, &ex.title]));
            }
            _ => {
                self.doc.isa = isa;
                self.rebuild(rt);
                self.view.note(trf("ISA: {0}", &[&isa]));
            }
        }
        true
    }

    /// Shows the instruction that runs next, in the Lanes tab.
    fn show_next(&mut self) {
        self.view.tab = Tab::Lanes;
        if let Some(i) = self.run.next_index() {
            self.view.show_row(&self.build, i);
        }
    }

    /// The source with `range` replaced by `text`, when the range lies on
    /// character boundaries of the source.
    fn spliced(&self, range: std::ops::Range<usize>, text: &str) -> Option<String> {
        let src = &self.doc.source;
        let ok = range.start <= range.end
            && src.is_char_boundary(range.start)
            && src.is_char_boundary(range.end);
        ok.then(|| {
            let mut out = String::with_capacity(src.len() + text.len());
            out.push_str(&src[..range.start]);
            out.push_str(text);
            out.push_str(&src[range.end..]);
            out
        })
    }

    fn apply_word(&mut self, rt: &mut Runtime) -> bool {
        let Some((i, w)) = self.view.edited else {
            return false;
        };
        if self.doc.isa == Id::Cuda {
            self.view.note(tr(
                "a compiled kernel's instructions cannot be written back into its CUDA C",
            ));
            return true;
        }
        if self.build.stale {
            self.view
                .note(tr("fix the errors first: the listing is not up to date"));
            return true;
        }
        let Some(row) = self.build.rows().get(i).cloned() else {
            return false;
        };
        let isa = self.doc.isa();
        match warpscope_core::codec::decode::decode_inst(isa, w) {
            Ok(inst) => {
                let text = warpscope_core::disasm::disasm(isa, &inst);
                let text = text.trim_end_matches(';').trim_end();
                if let Some(src) = self.spliced(row.start..row.end, text) {
                    self.replace_source(rt, src);
                    self.view.selected = Some(i);
                    self.view.caret_to(row.start, false);
                    self.view
                        .note(trf("line {0} is now: {1}", &[&row.line, &text]));
                }
            }
            Err(e) => self.view.note(trf("cannot apply: {0}", &[&e])),
        }
        true
    }

    fn toggle_lane(&mut self, rt: &mut Runtime, lane: u8) -> bool {
        if self.doc.isa == Id::Cuda {
            self.view
                .note(tr("a CUDA C kernel runs on all 32 lanes of the warp"));
            return true;
        }
        if self.build.stale {
            let t = tr("fix the errors first: lanes are toggled in the program's .active line");
            self.view.note(t);
            return true;
        }
        let Some(a) = self.build.asm.clone() else {
            return false;
        };
        let mask = a.program.setup.active ^ (1u32 << (lane & 31));
        let directive = format!(".active {mask:#010x}");
        let src = match a.program.setup.active_span {
            Some(sp) => self.spliced(sp.start..sp.end, &directive),
            None => self.spliced(0..0, &format!("{directive}\n")),
        };
        let Some(src) = src else {
            return false;
        };
        self.replace_source(rt, src);
        let note = if mask >> (lane & 31) & 1 == 1 {
            trf("lane {0} activated", &[&lane])
        } else {
            trf("lane {0} deactivated", &[&lane])
        };
        self.view.note(note);
        true
    }

    /// What the other slices do after a sharing action.
    fn follow(&mut self, rt: &mut Runtime, f: FollowUp) {
        match f {
            FollowUp::Open(ls, candidate) => {
                let notes = self.apply_link(rt, &ls);
                // The person's own work, not merely the link opened before.
                let own = self
                    .doc
                    .replaced
                    .iter()
                    .rev()
                    .find(|r| r.is_own_work())
                    .map(|r| Rc::new(LinkState::new(r.isa.name(), &r.before)));
                let previous = own.or(candidate);
                let applied = ShareAction::Applied { notes, previous };
                self.share.reduce(applied, self.doc.edit_rev);
            }
            FollowUp::Restore(prev) => {
                let embed = self.share.embed;
                let _ = self.apply_link(rt, &prev);
                self.share.embed = embed;
            }
            FollowUp::Note(text) => self.view.note(text),
        }
    }

    /// Opens the autosaved work at start: as a link, but the text loaded
    /// is not a replacement, and never in embed mode.
    pub fn resume(&mut self, rt: &mut Runtime, ls: &LinkState) {
        let _ = self.apply_link(rt, ls);
        self.share.embed = false;
        self.doc.settle();
    }

    /// Restores a decoded state: the program (assembled), the step (by
    /// running core's simulator that many steps), the selection and the
    /// view. Returns what could not be honoured, as messages for the
    /// banner.
    pub fn apply_link(&mut self, rt: &mut Runtime, ls: &LinkState) -> Vec<String> {
        let mut notes: Vec<String> = ls.warning_texts().iter().map(tr_text).collect();
        let v = share::read_view(&ls.view);
        self.view.fmt = v.fmt;
        if let Some(t) = v.theme {
            self.view.theme = t;
        }
        if let Some(l) = v.lang {
            self.view.lang = l;
            // The link's notes in the language it opens in.
            crate::i18n::set(l);
        }
        self.share.embed = v.embed;
        self.share.embed_opts = v.embed_opts;
        self.view.present = v.present;
        self.share.extra_view = v.extra;
        self.view.ref_pinned = None;
        let isa = Id::from_name(&ls.isa).unwrap_or(self.doc.isa);
        self.load_text(rt, isa, ls.source.clone());
        self.run.breakpoints = Ptr::new(v.breakpoints);
        self.view.caret = None;
        if let Some(n) = ls.step.filter(|&n| n > 0) {
            if self.build.stale || self.run.view.is_none() {
                notes.push(fill(
                    tr("the program does not assemble, so step {0} of the link could not be shown"),
                    &[&n],
                ));
            } else {
                let want = n.min(DEFAULT_MAX_STEPS);
                let (done, _) = rt.run_until(want, |_| false);
                self.run.sync(rt);
                if done < n {
                    let t = if done < want {
                        tr("the link asks for step {0}, but the program stops after {1} steps; it is shown there")
                    } else {
                        tr("the link asks for step {0}, but the program is only run after {1} steps; it is shown there")
                    };
                    notes.push(fill(t, &[&n, &done]));
                }
            }
        }
        self.view.selected = None;
        if let Some(i) = ls.selected {
            let rows = self.build.rows();
            if !self.build.stale && !rows.is_empty() {
                let i = (i as usize).min(rows.len() - 1);
                let (line, start) = (rows[i].line, rows[i].start);
                self.view.selected = Some(i);
                self.view.cursor_line = line;
                self.view.caret_to(start, false);
            }
        }
        self.view.tab = v.tab;
        notes
    }
}

#[cfg(test)]
mod tests;
