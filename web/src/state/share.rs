//! The share slice: the banner that reports what a link could not
//! restore, the popover that holds a link when the clipboard cannot, embed
//! mode, view keys kept for the next link and the storage failure notice.
//!
//! Its reducer changes only this slice; what other slices must do (open a
//! link, show a note) comes back as [`FollowUp`]s for the root state.
//!
//! View keys written and read (`docs/embed.md` lists them for people who
//! write links by hand):
//!
//! | key | values | default when absent |
//! |---|---|---|
//! | `fmt` | `hex`, `u32`, `s32`, `f32` (grid value format) | `u32` |
//! | `tab` | `lanes`, `encoding`, `reference` | `lanes` |
//! | `theme` | `light`, `dark` | the viewer's own theme |
//! | `bp` | breakpoint lines, comma-separated (`4,9`) | none |
//! | `embed` | `1`: the compact read-only view for iframes | off |
//! | `font` | embed mode: the program's text size in pixels, 10 to 32 | 13 |
//! | `grid` | embed mode: `1` shows the warp state under the diagram | off |
//! | `present` | `1`: presentation mode (program and diagram, large) | off |
//! | `lang` | `en`, `zh`: the interface's language | the viewer's own choice |
//!
//! Defaults are not written, so a plain link stays short. Unknown keys are
//! kept and written again when the state is shared or saved.

use super::Lines;
use std::rc::Rc;
use warpscope_core::link::{LinkError, LinkState};

use super::view::{Fmt, Tab, Theme};
use crate::i18n::{tr, tr_text, trf, Lang};

/// View key: grid value format.
pub const KEY_FMT: &str = "fmt";
/// View key: the tab beside the editor.
pub const KEY_TAB: &str = "tab";
/// View key: colour scheme.
pub const KEY_THEME: &str = "theme";
/// View key: breakpoint lines.
pub const KEY_BREAKPOINTS: &str = "bp";
/// View key: `1` for the compact read-only view.
pub const KEY_EMBED: &str = "embed";
/// View key (embed mode): the program's text size in pixels.
pub const KEY_FONT: &str = "font";
/// View key (embed mode): `1` to show the warp state.
pub const KEY_GRID: &str = "grid";

/// Text sizes the `font` key accepts, in pixels.
pub const FONT_PX: std::ops::RangeInclusive<u32> = 10..=32;

/// How an embedded view is shown (`font`, `grid`); not written into the
/// links the page makes, like `embed` itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EmbedOptions {
    /// The program's text size in pixels.
    pub font: Option<u32>,
    /// Show the warp state under the diagram.
    pub grid: bool,
}
/// View key: `1` for presentation mode.
pub const KEY_PRESENT: &str = "present";
/// View key: the interface's language.
pub const KEY_LANG: &str = "lang";

/// Most breakpoints a link restores (a hostile link cannot make the
/// gutter track millions of lines).
const MAX_BREAKPOINTS: usize = 4096;

/// How serious a banner is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BannerKind {
    /// Something worth knowing (a link replaced your work).
    Info,
    /// A link opened, but not everything in it could be honoured.
    Warning,
    /// A link could not be opened at all.
    Error,
}

impl BannerKind {
    /// The kind's name (`data-kind`, CSS class).
    pub fn as_str(self) -> &'static str {
        match self {
            BannerKind::Info => "info",
            BannerKind::Warning => "warning",
            BannerKind::Error => "error",
        }
    }
}

/// The message strip above the panes.
#[derive(Debug, Clone, PartialEq)]
pub struct Banner {
    /// How serious it is.
    pub kind: BannerKind,
    /// The messages, one per line (plain text).
    pub lines: Vec<String>,
    /// The work a link replaced, offered back with a button.
    pub previous: Option<Rc<LinkState>>,
}

impl Banner {
    fn one(kind: BannerKind, line: String) -> Banner {
        Banner {
            kind,
            lines: vec![line],
            previous: None,
        }
    }
}

/// The share slice.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ShareState {
    /// The banner, if one is shown.
    pub banner: Option<Banner>,
    /// A URL the clipboard did not take, shown for copying by hand.
    pub popover: Option<String>,
    /// The compact read-only view (`embed=1`).
    pub embed: bool,
    /// How the compact view is shown.
    pub embed_opts: EmbedOptions,
    /// View keys this version does not know, kept for the next link.
    pub extra_view: Vec<(String, String)>,
    /// The edit revision the address bar's link describes; after an edit
    /// the link no longer matches and is taken out of the address bar.
    pub link_rev: u64,
    /// Local storage refused a write (reported once).
    pub storage_failed: bool,
    /// Why, for the notice.
    pub storage_error: String,
}

/// What changes the sharing state.
#[derive(Debug, Clone)]
pub enum ShareAction {
    /// A link from the address bar was decoded (or not). `previous` is the
    /// work it replaces, offered back in the banner.
    Opened {
        /// The decoded state or the reason it cannot be opened.
        result: Result<LinkState, LinkError>,
        /// The work shown before, when it differs from the link's.
        previous: Option<Rc<LinkState>>,
    },
    /// A link was opened: what it could not restore, and the work to
    /// offer back.
    Applied {
        /// Messages for the banner.
        notes: Vec<String>,
        /// The work it replaced.
        previous: Option<Rc<LinkState>>,
    },
    /// Put back earlier work (from the banner's button).
    Restore(Rc<LinkState>),
    /// A link for the current state is in the address bar.
    LinkMade,
    /// Text was copied to the clipboard: what it was (`"Link"`,
    /// `"Embed code"`, in the interface's language) and its length in
    /// characters.
    Copied(&'static str, usize),
    /// Show (Some) or hide (None) the copy-by-hand popover.
    Popover(Option<String>),
    /// Show a banner with one message.
    Banner(BannerKind, String),
    /// Hide the banner.
    DismissBanner,
    /// Local storage failed (the message).
    StorageFailed(String),
}

/// Why a link does not open, in the page's language, with where in the
/// link when that can be told.
pub fn link_error(e: &LinkError) -> String {
    match e.position_text() {
        Some(at) => format!("{} {}", tr_text(&e.text()), tr_text(&at)),
        None => tr_text(&e.text()),
    }
}

/// What the other slices do after a sharing action.
#[derive(Debug, Clone)]
pub enum FollowUp {
    /// Open this link; the work it replaces, if known, is offered back
    /// (then report with [`ShareAction::Applied`]).
    Open(LinkState, Option<Rc<LinkState>>),
    /// Put this work back (keeping embed mode as it is).
    Restore(Rc<LinkState>),
    /// Show a note in the status bar.
    Note(String),
}

/// The view keys of a link, read.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkView {
    /// Grid value format.
    pub fmt: Fmt,
    /// The tab shown.
    pub tab: Tab,
    /// Colour scheme, when the link names one.
    pub theme: Option<Theme>,
    /// Breakpoint lines.
    pub breakpoints: Lines,
    /// Embed mode.
    pub embed: bool,
    /// Embed mode's options.
    pub embed_opts: EmbedOptions,
    /// Presentation mode.
    pub present: bool,
    /// The interface's language, when the link names one.
    pub lang: Option<Lang>,
    /// Keys this version does not know.
    pub extra: Vec<(String, String)>,
}

impl LinkView {
    /// Whether showing a link with this view runs code of the second part
    /// of the wasm (docs/perf.md, "Loading the rest"): a tab other than
    /// the lanes, presentation mode, the Chinese interface, or settings of
    /// another part of the page (a puzzle's).
    pub fn needs_rest(&self) -> bool {
        self.tab != Tab::Lanes
            || self.present
            || self.lang == Some(Lang::Zh)
            || !self.extra.is_empty()
    }
}

/// Reads a link's view keys; values that make no sense are ignored.
pub fn read_view(view: &[(String, String)]) -> LinkView {
    let mut out = LinkView {
        fmt: Fmt::Unsigned,
        tab: Tab::Lanes,
        theme: None,
        breakpoints: Lines::default(),
        embed: false,
        embed_opts: EmbedOptions::default(),
        present: false,
        lang: None,
        extra: Vec::new(),
    };
    for (k, v) in view {
        match k.as_str() {
            KEY_FMT => {
                if let Some(f) = Fmt::ALL.iter().find(|f| f.label() == v) {
                    out.fmt = *f;
                }
            }
            KEY_TAB => {
                if let Some(t) = Tab::ALL.iter().find(|t| t.label().eq_ignore_ascii_case(v)) {
                    out.tab = *t;
                }
            }
            KEY_THEME => match v.as_str() {
                "dark" => out.theme = Some(Theme::Dark),
                "light" => out.theme = Some(Theme::Light),
                _ => {}
            },
            KEY_BREAKPOINTS => out.breakpoints.extend(
                v.split(',')
                    .filter_map(|n| n.trim().parse::<usize>().ok())
                    .filter(|&n| n >= 1)
                    .take(MAX_BREAKPOINTS),
            ),
            KEY_EMBED => out.embed = v == "1",
            KEY_FONT => {
                out.embed_opts.font = v.parse().ok().filter(|px| FONT_PX.contains(px));
            }
            KEY_GRID => out.embed_opts.grid = v == "1",
            KEY_PRESENT => out.present = v == "1",
            KEY_LANG => out.lang = Lang::from_code(v).or(out.lang),
            _ => out.extra.push((k.clone(), v.clone())),
        }
    }
    out
}

/// The view keys that differ from their defaults (never `embed` and its
/// options), then the unknown ones kept. The theme is written only when
/// it differs from `own_theme`, the one the writer's system prefers: a
/// link fixes the theme only when its author chose one. The language
/// likewise, against the one the writer's browser asks for.
pub fn write_view(
    fmt: Fmt,
    tab: Tab,
    (theme, own_theme): (Theme, Theme),
    (lang, own_lang): (Lang, Lang),
    present: bool,
    breakpoints: &Lines,
    extra: &[(String, String)],
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if fmt != Fmt::Unsigned {
        out.push((KEY_FMT.into(), fmt.label().into()));
    }
    if tab != Tab::Lanes {
        out.push((KEY_TAB.into(), tab.label().to_ascii_lowercase()));
    }
    if theme != own_theme {
        let name = if theme == Theme::Dark {
            "dark"
        } else {
            "light"
        };
        out.push((KEY_THEME.into(), name.into()));
    }
    if lang != own_lang {
        out.push((KEY_LANG.into(), lang.code().into()));
    }
    if present {
        out.push((KEY_PRESENT.into(), "1".into()));
    }
    if !breakpoints.is_empty() {
        let bp: Vec<String> = breakpoints.iter().map(|l| l.to_string()).collect();
        out.push((KEY_BREAKPOINTS.into(), bp.join(",")));
    }
    out.extend(extra.iter().cloned());
    out
}

impl ShareState {
    /// Applies a sharing action (`edit_rev`: the document's revision now).
    /// None when nothing changed; else what the other slices do next.
    pub fn reduce(&mut self, a: ShareAction, edit_rev: u64) -> Option<Vec<FollowUp>> {
        let mut follow = Vec::new();
        match a {
            ShareAction::Opened { result, previous } => match result {
                Ok(ls) => {
                    let earlier = self.banner.as_ref().and_then(|b| b.previous.clone());
                    follow.push(FollowUp::Open(ls, earlier.or(previous)));
                }
                Err(e) => {
                    self.banner = Some(Banner {
                        kind: BannerKind::Error,
                        lines: vec![
                            trf("Cannot open this link: {0}", &[&link_error(&e)]),
                            tr("Your own work is shown instead, as it was.").into(),
                        ],
                        previous: None,
                    });
                }
            },
            ShareAction::Applied { notes, previous } => {
                self.link_rev = edit_rev;
                let previous = previous.filter(|_| !self.embed);
                self.banner = if !notes.is_empty() {
                    Some(Banner {
                        kind: BannerKind::Warning,
                        lines: notes,
                        previous,
                    })
                } else {
                    previous.map(|p| Banner {
                        kind: BannerKind::Info,
                        lines: vec![tr("You opened a shared link: it replaced the program you had here, which is kept in History.").into()],
                        previous: Some(p),
                    })
                };
                self.popover = None;
            }
            ShareAction::Restore(prev) => {
                self.banner = None;
                follow.push(FollowUp::Restore(prev));
                follow.push(FollowUp::Note(tr("your previous work is back").into()));
            }
            ShareAction::LinkMade => self.link_rev = edit_rev,
            ShareAction::Copied(what, n) => {
                self.popover = None;
                let note = trf("{0} copied — {1} characters", &[&what, &n]);
                follow.push(FollowUp::Note(note));
            }
            ShareAction::Popover(p) => {
                if self.popover == p {
                    return None;
                }
                self.popover = p;
            }
            ShareAction::Banner(kind, text) => self.banner = Some(Banner::one(kind, text)),
            ShareAction::DismissBanner => {
                self.banner.as_ref()?;
                self.banner = None;
            }
            ShareAction::StorageFailed(msg) => {
                if self.storage_failed {
                    return None;
                }
                self.storage_failed = true;
                follow.push(FollowUp::Note(trf("autosave is off: {0}", &[&msg])));
                self.storage_error = msg;
            }
        }
        Some(follow)
    }

    /// Shows a warning about the autosaved work.
    pub fn warn(&mut self, text: String) {
        self.banner = Some(Banner::one(BannerKind::Warning, text));
    }
}
