//! The view slice: how the panes look (tab, value format, theme), what is
//! selected (caret line, listing row, the bitfield view's edited word, the
//! reference pin), presentation mode and the status bar's note.

use serde::Serialize;
use warpscope_core::codec::text;
use warpscope_core::spec::model::Word;

use super::build::Build;
use crate::i18n::{tr, Lang};

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
    /// A value in this format; infinities and NaN by name (`inf`,
    /// `-inf`, `nan`), not as the assembler's `0f7f800000`.
    pub fn show(self, v: u32) -> String {
        let f = f32::from_bits(v);
        match self {
            Fmt::Hex => format!("{v:x}"),
            Fmt::Unsigned => v.to_string(),
            Fmt::Signed => (v as i32).to_string(),
            Fmt::Float if f.is_nan() => "nan".into(),
            Fmt::Float if f.is_infinite() => if f > 0.0 { "inf" } else { "-inf" }.into(),
            Fmt::Float => text::float_text(v),
        }
    }
}

/// A value in every format, for hover titles.
pub fn all_formats(v: u32) -> String {
    format!(
        "hex {v:#010x}\nu32 {v}\ns32 {}\nf32 {}",
        v as i32,
        Fmt::Float.show(v)
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
    /// The tab's name as shown, in the interface's language ([`Tab::label`]
    /// stays English for `data-tab` values, classes and links).
    pub fn title(self) -> &'static str {
        match self {
            Tab::Lanes => tr("Lanes"),
            Tab::Encoding => tr("Encoding"),
            Tab::Reference => tr("Reference"),
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

/// The view slice.
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    /// The tab shown beside the editor.
    pub tab: Tab,
    /// Grid value format.
    pub fmt: Fmt,
    /// Colour scheme.
    pub theme: Theme,
    /// The colour scheme the viewer's system prefers
    /// (`prefers-color-scheme`), which the page starts with.
    pub own_theme: Theme,
    /// 1-based line of the editor's caret.
    pub cursor_line: usize,
    /// Selected instruction (listing row).
    pub selected: Option<usize>,
    /// The bitfield view's edited word for the selected instruction.
    pub edited: Option<(usize, Word)>,
    /// Pending caret move for the editor.
    pub caret: Option<CaretRequest>,
    /// Optype pinned in the reference pane (instead of following the caret).
    pub ref_pinned: Option<usize>,
    /// A short message in the status bar, with its number.
    pub note: Option<(u64, String)>,
    /// The History menu is open; the number changes to draw it again
    /// (after an entry was deleted).
    pub history_menu: Option<u64>,
    /// Presentation mode: the program and the lane diagram alone, in large
    /// type, for a projector.
    pub present: bool,
    /// The interface's language.
    pub lang: Lang,
    /// The language the viewer's browser asks for; links name the
    /// language only when it differs (the page starts with the language
    /// the viewer chose last, remembered, else this one).
    pub own_lang: Lang,
    counter: u64,
}

/// What changes the view.
#[derive(Debug, Clone, PartialEq)]
pub enum ViewAction {
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
    /// Open (or draw again) or close the History menu.
    HistoryMenu(bool),
    /// Turn presentation mode on or off.
    SetPresent(bool),
    /// Turn presentation mode on when it is off, off when it is on.
    TogglePresent,
    /// Switch the interface's language.
    SetLang(Lang),
}

impl Default for View {
    fn default() -> Self {
        View {
            tab: Tab::Lanes,
            fmt: Fmt::Unsigned,
            theme: Theme::Light,
            own_theme: Theme::Light,
            cursor_line: 1,
            selected: None,
            edited: None,
            caret: None,
            ref_pinned: None,
            note: None,
            history_menu: None,
            present: false,
            lang: Lang::En,
            own_lang: Lang::En,
            counter: 1,
        }
    }
}

/// 1-based line of byte offset `off` (clamped to the text).
pub fn line_of(src: &str, off: usize) -> usize {
    let off = off.min(src.len());
    src.as_bytes()[..off]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

impl View {
    fn next_id(&mut self) -> u64 {
        self.counter += 1;
        self.counter
    }

    /// Shows a short message.
    pub fn note(&mut self, text: impl Into<String>) {
        let id = self.next_id();
        self.note = Some((id, text.into()));
    }

    /// Asks the editor to move its caret.
    pub fn caret_to(&mut self, offset: usize, focus: bool) {
        let id = self.next_id();
        self.caret = Some(CaretRequest { id, offset, focus });
    }

    /// Selects instruction `i` (forgetting an edit of another one).
    pub fn select(&mut self, i: usize) {
        if self.selected != Some(i) {
            self.selected = Some(i);
            self.edited = None;
        }
    }

    /// Selects the instruction on the caret's line, if there is one.
    pub fn follow_cursor(&mut self, build: &Build) {
        if build.stale {
            return;
        }
        if let Some(i) = build.rows().iter().position(|r| r.line == self.cursor_line) {
            self.select(i);
        }
    }

    /// A new program: the edit is gone and the selection stays inside it.
    pub fn program_changed(&mut self, build: &Build) {
        self.edited = None;
        self.follow_cursor(build);
        let n = build.rows().len();
        if self.selected.is_some_and(|i| i >= n) {
            self.selected = n.checked_sub(1);
        }
    }

    /// The first instruction selected (a new text was loaded).
    pub fn to_start(&mut self, build: &Build) {
        self.edited = None;
        self.selected = (!build.rows().is_empty()).then_some(0);
    }

    /// Selects the row of instruction `i` and puts the caret's line there
    /// (the instruction that runs next).
    pub fn show_row(&mut self, build: &Build, i: usize) {
        if build.stale {
            return;
        }
        if let Some(r) = build.rows().get(i) {
            self.selected = Some(i);
            self.edited = None;
            self.cursor_line = r.line;
        }
    }

    /// Applies an action; false when nothing changed.
    pub fn reduce(&mut self, a: ViewAction, source: &str, build: &Build) -> bool {
        match a {
            ViewAction::Cursor(offset) => {
                let line = line_of(source, offset);
                if line == self.cursor_line {
                    return false;
                }
                self.cursor_line = line;
                self.follow_cursor(build);
            }
            ViewAction::SelectRow(i) => {
                let Some(r) = build.rows().get(i) else {
                    return false;
                };
                let (line, start) = (r.line, r.start);
                self.selected = Some(i);
                self.edited = None;
                self.cursor_line = line;
                if !build.stale {
                    self.caret_to(start, false);
                }
            }
            ViewAction::GoTo(offset) => {
                let off = offset.min(source.len());
                self.cursor_line = line_of(source, off);
                self.caret_to(off, true);
                self.follow_cursor(build);
            }
            ViewAction::EditWord(i, w) => {
                let orig = build.rows().get(i).map(|r| r.word);
                self.edited = if orig == Some(w) { None } else { Some((i, w)) };
            }
            ViewAction::RevertWord => self.edited = None,
            ViewAction::SetFmt(f) => self.fmt = f,
            ViewAction::ToggleTheme => {
                self.theme = match self.theme {
                    Theme::Light => Theme::Dark,
                    Theme::Dark => Theme::Light,
                }
            }
            ViewAction::Note(t) => self.note(t),
            ViewAction::ClearNote(id) => {
                if self.note.as_ref().is_none_or(|(n, _)| *n != id) {
                    return false;
                }
                self.note = None;
            }
            ViewAction::PinReference(o) => self.ref_pinned = o,
            ViewAction::SetTab(t) => self.tab = t,
            ViewAction::HistoryMenu(open) => {
                self.history_menu = open.then(|| self.next_id());
            }
            ViewAction::SetPresent(on) => {
                if self.present == on {
                    return false;
                }
                self.present = on;
                self.history_menu = None;
            }
            ViewAction::TogglePresent => {
                return self.reduce(ViewAction::SetPresent(!self.present), source, build)
            }
            ViewAction::SetLang(l) => {
                if l == self.lang {
                    return false;
                }
                self.lang = l;
            }
        }
        true
    }
}
