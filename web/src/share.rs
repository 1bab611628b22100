//! Permalinks in the playground: the state as a [`LinkState`] and back,
//! the share button, opening links on load and on `hashchange`, the banner
//! that reports what a link could not restore, and the popover that holds
//! a link when the clipboard cannot.
//!
//! The codec is `warpscope_core::link`; this module only maps the
//! playground's state onto it. Restoring a step replays core's simulator
//! (`Sim::step`) that many times: the UI computes nothing itself.
//!
//! View keys written and read here (`docs/embed.md` lists them for people
//! who write links by hand):
//!
//! | key | values | default when absent |
//! |---|---|---|
//! | `fmt` | `hex`, `u32`, `s32`, `f32` (grid value format) | `u32` |
//! | `tab` | `lanes`, `encoding`, `reference` | `lanes` |
//! | `theme` | `light`, `dark` | the viewer's own theme |
//! | `bp` | breakpoint lines, comma-separated (`4,9`) | none |
//! | `embed` | `1`: the compact read-only view for iframes | off |
//!
//! Defaults are not written, so a plain link stays short. Unknown keys are
//! kept and written again when the state is shared or saved.

use crate::persist;
use crate::state::{Action, Fmt, Ptr, State, Tab, Theme, EVENT_HISTORY};
use std::collections::BTreeSet;
use std::rc::Rc;
use warpscope_core::link::{decode_link, try_encode_link, LinkError, LinkState};
use warpscope_core::sim::{RunStatus, DEFAULT_MAX_STEPS};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

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
    fn as_str(self) -> &'static str {
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

/// The sharing part of the playground's state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ShareState {
    /// The banner, if one is shown.
    pub banner: Option<Banner>,
    /// A URL the clipboard did not take, shown for copying by hand.
    pub popover: Option<String>,
    /// The compact read-only view (`embed=1`).
    pub embed: bool,
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
    /// Put back earlier work (from the banner's button).
    Restore(Rc<LinkState>),
    /// A link for the current state is in the address bar.
    LinkMade,
    /// Text was copied to the clipboard: what it was (`"Link"`,
    /// `"Embed code"`) and its length in characters.
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

/// Applies a sharing action; false when nothing changed.
pub fn reduce(s: &mut State, a: ShareAction) -> bool {
    match a {
        ShareAction::Opened { result, previous } => match result {
            Ok(ls) => {
                let earlier = s.share.banner.as_ref().and_then(|b| b.previous.clone());
                let notes = apply(s, &ls);
                s.share.link_rev = s.edit_rev;
                // The person's own work, not merely the link opened before.
                let own = s
                    .doc
                    .replaced
                    .iter()
                    .rev()
                    .find(|r| r.is_own_work())
                    .map(|r| Rc::new(LinkState::new(r.isa, &r.before)));
                let previous = own.or(earlier).or(previous).filter(|_| !s.share.embed);
                s.share.banner = if !notes.is_empty() {
                    Some(Banner {
                        kind: BannerKind::Warning,
                        lines: notes,
                        previous,
                    })
                } else {
                    previous.map(|p| Banner {
                        kind: BannerKind::Info,
                        lines: vec!["You opened a shared link: it replaced the program you had here, which is kept in History.".into()],
                        previous: Some(p),
                    })
                };
                s.share.popover = None;
            }
            Err(e) => {
                s.share.banner = Some(Banner {
                    kind: BannerKind::Error,
                    lines: vec![
                        format!("Cannot open this link: {e}"),
                        "Your own work is shown instead, as it was.".into(),
                    ],
                    previous: None,
                });
            }
        },
        ShareAction::Restore(prev) => {
            let embed = s.share.embed;
            let _ = apply(s, &prev);
            s.share.embed = embed;
            s.share.banner = None;
            s.note("your previous work is back");
        }
        ShareAction::LinkMade => s.share.link_rev = s.edit_rev,
        ShareAction::Copied(what, n) => {
            s.share.popover = None;
            s.note(format!("{what} copied — {n} characters"));
        }
        ShareAction::Popover(p) => {
            if s.share.popover == p {
                return false;
            }
            s.share.popover = p;
        }
        ShareAction::Banner(kind, text) => {
            s.share.banner = Some(Banner {
                kind,
                lines: vec![text],
                previous: None,
            })
        }
        ShareAction::DismissBanner => {
            if s.share.banner.is_none() {
                return false;
            }
            s.share.banner = None;
        }
        ShareAction::StorageFailed(msg) => {
            if s.share.storage_failed {
                return false;
            }
            s.share.storage_failed = true;
            s.note(format!("autosave is off: {msg}"));
            s.share.storage_error = msg;
        }
    }
    true
}

/// The state as a link: ISA, source, selection, step and the view keys
/// that differ from their defaults (never `embed`).
pub fn link_state(s: &State) -> LinkState {
    let mut ls = LinkState::new(s.isa_name, &s.source);
    ls.selected = s.selected.and_then(|i| u32::try_from(i).ok());
    let steps = s.steps();
    ls.step = (steps > 0).then_some(steps);
    if s.fmt != Fmt::Unsigned {
        ls.view.push((KEY_FMT.into(), s.fmt.label().into()));
    }
    if s.tab != Tab::Lanes {
        ls.view
            .push((KEY_TAB.into(), s.tab.label().to_ascii_lowercase()));
    }
    if s.theme == Theme::Dark {
        ls.view.push((KEY_THEME.into(), "dark".into()));
    }
    if !s.breakpoints.is_empty() {
        let bp: Vec<String> = s.breakpoints.iter().map(|l| l.to_string()).collect();
        ls.view.push((KEY_BREAKPOINTS.into(), bp.join(",")));
    }
    ls.view.extend(s.share.extra_view.iter().cloned());
    ls
}

/// [`link_state`] with `embed=1`: the link of an iframe.
pub fn embed_state(s: &State) -> LinkState {
    let mut ls = link_state(s);
    ls.view.push((KEY_EMBED.into(), "1".into()));
    ls
}

/// Restores a decoded state: the program (assembled), the step (by
/// running core's simulator that many steps), the selection and the view.
/// Returns what could not be honoured, as messages for the banner.
pub fn apply(s: &mut State, ls: &LinkState) -> Vec<String> {
    let mut notes = ls.warnings();
    if let Some(&isa) = warpscope_core::isas::NAMES.iter().find(|n| **n == ls.isa) {
        s.isa_name = isa;
    }
    let mut fmt = Fmt::Unsigned;
    let mut tab = Tab::Lanes;
    let mut breakpoints = BTreeSet::new();
    let mut embed = false;
    let mut extra = Vec::new();
    for (k, v) in &ls.view {
        match k.as_str() {
            KEY_FMT => {
                if let Some(f) = Fmt::ALL.iter().find(|f| f.label() == v) {
                    fmt = *f;
                }
            }
            KEY_TAB => {
                if let Some(t) = Tab::ALL.iter().find(|t| t.label().eq_ignore_ascii_case(v)) {
                    tab = *t;
                }
            }
            KEY_THEME => match v.as_str() {
                "dark" => s.theme = Theme::Dark,
                "light" => s.theme = Theme::Light,
                _ => {}
            },
            KEY_BREAKPOINTS => {
                breakpoints.extend(
                    v.split(',')
                        .filter_map(|n| n.trim().parse::<usize>().ok())
                        .filter(|&n| n >= 1)
                        .take(MAX_BREAKPOINTS),
                );
            }
            KEY_EMBED => embed = v == "1",
            _ => extra.push((k.clone(), v.clone())),
        }
    }
    s.fmt = fmt;
    s.breakpoints = Ptr::new(breakpoints);
    s.share.embed = embed;
    s.share.extra_view = extra;
    s.playing = false;
    s.edited = None;
    s.ref_pinned = None;
    s.asm = None;
    s.sim = None;
    s.selected = None;
    s.cursor_line = 1;
    s.replace_source(ls.source.clone());

    if let Some(n) = ls.step.filter(|&n| n > 0) {
        if s.stale || s.sim.is_none() {
            notes.push(format!(
                "the program does not assemble, so step {n} of the link could not be shown"
            ));
        } else {
            let want = n.min(DEFAULT_MAX_STEPS);
            let done = s
                .with_sim(|sim, events| {
                    let mut k = 0;
                    while k < want {
                        let Some(ev) = sim.step() else { break };
                        events.push_back(Rc::new(ev));
                        if events.len() > EVENT_HISTORY {
                            events.pop_front();
                        }
                        k += 1;
                    }
                    k
                })
                .unwrap_or(0);
            if done < n {
                notes.push(format!(
                    "the link asks for step {n}, but the program {} after {done} steps; it is shown there",
                    if done < want { "stops" } else { "is only run" }
                ));
            }
        }
    }
    s.status = RunStatus::Running;

    if let (Some(i), Some(a)) = (ls.selected, s.asm.clone()) {
        if !s.stale && !a.rows.is_empty() {
            let i = (i as usize).min(a.rows.len() - 1);
            let r = &a.rows[i];
            s.selected = Some(i);
            s.cursor_line = r.line;
            s.caret_to(r.start, false);
        }
    } else {
        s.selected = None;
    }
    s.tab = tab;
    notes
}

/// The fragment in the address bar, without `#`.
pub fn current_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// The page's address without its fragment.
pub fn page_url() -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    match href.find('#') {
        Some(i) => href[..i].to_string(),
        None => href,
    }
}

/// Puts `#fragment` in the address bar (or removes the fragment) without
/// reloading, adding a history entry or firing `hashchange`. Returns the
/// full URL.
pub fn set_fragment(fragment: Option<&str>) -> String {
    let base = page_url();
    let url = match fragment {
        Some(f) => format!("{base}#{f}"),
        None => base,
    };
    if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
    url
}

/// What opening `fragment` does, given the work shown now (`current`,
/// None when there is nothing of the user's to keep). The work a link
/// replaces is also pushed onto the saved history of earlier work.
pub fn open_action(fragment: &str, current: Option<&State>) -> ShareAction {
    let result = decode_link(fragment);
    let mut previous = None;
    if let (Ok(ls), Some(cur)) = (&result, current) {
        let embed = ls.view_value(KEY_EMBED) == Some("1");
        if !embed && !cur.share.embed && *cur.source != ls.source {
            let prev = link_state(cur);
            if let Ok(frag) = try_encode_link(&prev) {
                let _ = persist::push_previous(&frag);
            }
            previous = Some(Rc::new(prev));
        }
    }
    ShareAction::Opened { result, previous }
}

/// The state the page opens with: the autosaved work, then the link in
/// the address bar, if any.
pub fn initial_state() -> State {
    let mut s = State::new();
    let mut had_work = false;
    let saved = persist::tab_draft()
        .map(Ok)
        .or_else(|| persist::load_autosave().transpose());
    match saved.transpose() {
        Ok(Some(frag)) => match decode_link(&frag) {
            Ok(ls) => {
                let _ = apply(&mut s, &ls);
                s.share.embed = false;
                had_work = true;
                // Loaded work is the person's own unless it is an example.
                let example = crate::examples::for_isa(s.isa_name)
                    .iter()
                    .any(|e| e.source == s.source.as_str());
                s.doc.settle();
                if !example {
                    s.doc.baseline = Rc::new(String::new());
                }
            }
            Err(e) => {
                s.share.banner = Some(Banner {
                    kind: BannerKind::Warning,
                    lines: vec![format!(
                        "Your autosaved work could not be read ({e}); the default example is shown."
                    )],
                    previous: None,
                })
            }
        },
        Ok(None) => {}
        Err(msg) => {
            s.share.storage_failed = true;
            s.note(format!("autosave is off: {msg}"));
            s.share.storage_error = msg;
        }
    }
    let frag = current_fragment();
    if !frag.is_empty() {
        let a = open_action(&frag, had_work.then_some(&s));
        reduce(&mut s, a);
    }
    s.share.link_rev = s.edit_rev;
    s
}

/// Makes a link of the current state, puts it in the address bar and
/// copies it (or shows it for copying by hand).
pub fn share(s: &State, d: &UseReducerDispatcher<State>) {
    match try_encode_link(&link_state(s)) {
        Ok(frag) => {
            let url = set_fragment(Some(&frag));
            d.dispatch(Action::Share(ShareAction::LinkMade));
            copy(url, "Link", d.clone());
        }
        Err(e) => d.dispatch(Action::Share(ShareAction::Banner(
            BannerKind::Error,
            format!("No link can hold this program: {e}."),
        ))),
    }
}

/// The HTML of an iframe that shows `s` in embed mode.
pub fn iframe_snippet(s: &State, page: &str) -> Result<String, LinkError> {
    let frag = try_encode_link(&embed_state(s))?;
    let (title, _) = warpscope_core::examples::example_header(&s.source);
    let title = if title.is_empty() {
        "warpscope".to_string()
    } else {
        format!("warpscope: {title}")
    };
    Ok(format!(
        "<iframe src=\"{}#{frag}\" width=\"800\" height=\"480\" style=\"border:0\" title=\"{}\"></iframe>",
        html_attr(page),
        html_attr(&title)
    ))
}

/// Text made safe for a double-quoted HTML attribute.
fn html_attr(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Copies an iframe snippet of the current state in embed mode (the
/// address bar is left alone).
pub fn share_embed(s: &State, d: &UseReducerDispatcher<State>) {
    match iframe_snippet(s, &page_url()) {
        Ok(html) => copy(html, "Embed code", d.clone()),
        Err(e) => d.dispatch(Action::Share(ShareAction::Banner(
            BannerKind::Error,
            format!("No link can hold this program: {e}."),
        ))),
    }
}

/// Copies `url` with the asynchronous clipboard API; when it is missing or
/// refuses, the popover shows it selected for Ctrl+C.
fn copy(url: String, what: &'static str, d: UseReducerDispatcher<State>) {
    let n = url.chars().count();
    let clip = web_sys::window().map(|w| w.navigator()).and_then(|nav| {
        js_sys::Reflect::get(&nav, &JsValue::from_str("clipboard"))
            .ok()
            .filter(|c| !c.is_undefined() && !c.is_null())
            .map(|c| c.unchecked_into::<web_sys::Clipboard>())
    });
    let Some(clip) = clip else {
        d.dispatch(Action::Share(ShareAction::Popover(Some(url))));
        return;
    };
    let promise = clip.write_text(&url);
    wasm_bindgen_futures::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(_) => d.dispatch(Action::Share(ShareAction::Copied(what, n))),
            Err(_) => d.dispatch(Action::Share(ShareAction::Popover(Some(url)))),
        }
    });
}

/// Listens for links pasted into the address bar of an open page, saves
/// the work as it changes, takes a link that no longer matches the
/// program out of the address bar, and handles Ctrl+S (save now) and
/// Ctrl+Shift+S (share).
#[hook]
pub fn use_sharing(st: &UseReducerHandle<State>) {
    let latest = use_mut_ref(|| None::<UseReducerHandle<State>>);
    *latest.borrow_mut() = Some(st.clone());
    let d = st.dispatcher();

    // Links opened in a page that is already open.
    {
        let latest = latest.clone();
        let d = d.clone();
        use_effect_with((), move |_| {
            let cb = Closure::<dyn Fn(web_sys::Event)>::new(move |_: web_sys::Event| {
                let frag = current_fragment();
                if frag.is_empty() {
                    return;
                }
                let cur = latest.borrow().clone();
                d.dispatch(Action::Share(open_action(&frag, cur.as_deref())));
            });
            crate::listen_window("hashchange", cb)
        });
    }

    // Autosave, a little after the last change.
    {
        let st2 = st.clone();
        let d = d.clone();
        use_effect_with(
            (
                st.edit_rev,
                st.sim_rev,
                st.selected,
                st.fmt,
                st.theme,
                st.tab,
                st.breakpoints.clone(),
                st.isa_name,
            ),
            move |_| {
                if !st2.share.embed {
                    record_replaced(&st2, &d);
                    // A change since the page opened waits to be saved.
                    PENDING.set(MOUNTED.replace(true));
                }
                let t = (!st2.share.embed).then(|| {
                    gloo_timers::callback::Timeout::new(persist::AUTOSAVE_DELAY_MS, move || {
                        save_now(&st2, &d);
                    })
                });
                move || drop(t)
            },
        );
    }

    // An edited program no longer matches the link in the address bar.
    {
        let (rev, link_rev, embed) = (st.edit_rev, st.share.link_rev, st.share.embed);
        use_effect_with(rev, move |&rev| {
            if !embed && rev != link_rev && !current_fragment().is_empty() {
                set_fragment(None);
            }
        });
    }

    // Ctrl+S and Ctrl+Shift+S; and on leaving the page (reload, closing
    // the tab) a save now, not 300 ms later, so the last keystrokes stay.
    {
        let latest = latest.clone();
        use_effect_with((), move |_| {
            let last = latest.clone();
            let leave = Closure::<dyn Fn()>::new(move || {
                let h = last.borrow().clone().filter(|h| !h.share.embed);
                if let Some(h) = h.filter(|_| PENDING.get()) {
                    save_now(&h, &h.dispatcher());
                }
            });
            let unlisten = crate::listen_window("pagehide", leave);
            let cb = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(
                move |e: web_sys::KeyboardEvent| {
                    let ctrl = e.ctrl_key() || e.meta_key();
                    if !ctrl || !e.key().eq_ignore_ascii_case("s") {
                        return;
                    }
                    e.prevent_default();
                    let Some(h) = latest.borrow().clone() else {
                        return;
                    };
                    let d = h.dispatcher();
                    if e.shift_key() {
                        share(&h, &d);
                    } else if h.share.embed {
                        d.dispatch(Action::Note(
                            "this is an embedded, read-only view: open it in warpscope to edit and save"
                                .into(),
                        ));
                    } else if save_now(&h, &d) {
                        d.dispatch(Action::Note(
                            "Saved in this browser (your work is also autosaved on every change)"
                                .into(),
                        ));
                    }
                },
            );
            let unlisten_keys = crate::listen_window("keydown", cb);
            move || {
                unlisten();
                unlisten_keys();
            }
        });
    }
}

thread_local! {
    /// The last replacement [`record_replaced`] has seen.
    static SEEN: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
    /// The autosave ran once (the state the page opened with).
    static MOUNTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// A change waits for the autosave (saved at once on leaving the page).
    static PENDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The work history: own work that a replacement took away goes into this
/// tab's draft entry, and every replacement starts a new draft.
fn record_replaced(s: &State, d: &UseReducerDispatcher<State>) {
    let doc = &s.doc;
    let first = || {
        doc.replaced
            .first()
            .map_or(doc.seq, |r| r.seq.saturating_sub(1))
    };
    let from = SEEN.get().unwrap_or_else(first);
    if doc.seq > from {
        for r in doc.own_work_since(from) {
            if let Err(msg) = persist::save_draft(r.isa, &r.before) {
                d.dispatch(Action::Share(ShareAction::StorageFailed(msg)));
            }
            persist::new_draft();
        }
        persist::new_draft();
    }
    SEEN.set(Some(doc.seq));
}

/// Writes the state to local storage; on failure reports it (once) and
/// returns false.
fn save_now(s: &State, d: &UseReducerDispatcher<State>) -> bool {
    PENDING.set(false);
    let own = *s.source != *s.doc.baseline && !s.source.trim().is_empty();
    // The history first: when storage is full it makes room by dropping
    // its oldest entries.
    let draft = if own {
        persist::save_draft(s.doc.source_isa, &s.source)
    } else {
        Ok(())
    };
    let r = draft.and_then(|()| {
        try_encode_link(&link_state(s))
            .map_err(|e| format!("this program is too large to save ({e})"))
            .and_then(|frag| persist::save_autosave(&frag))
    });
    match r {
        Ok(()) => true,
        Err(msg) => {
            d.dispatch(Action::Share(ShareAction::StorageFailed(msg)));
            false
        }
    }
}

/// Banner props.
#[derive(Properties, PartialEq)]
pub struct BannerProps {
    /// What to show.
    pub banner: Banner,
    /// Dispatcher for the buttons.
    pub dispatch: UseReducerDispatcher<State>,
    /// The current state as a link (kept as earlier work when the
    /// previous work is restored).
    pub current: Rc<LinkState>,
}

/// The message strip: link errors and warnings, with a way back to the
/// work a link replaced.
#[function_component(BannerView)]
pub fn banner_view(p: &BannerProps) -> Html {
    let b = &p.banner;
    let dismiss = {
        let d = p.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Share(ShareAction::DismissBanner)))
    };
    let restore = b.previous.clone().map(|prev| {
        let d = p.dispatch.clone();
        let cur = p.current.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(frag) = try_encode_link(&cur) {
                let _ = persist::push_previous(&frag);
            }
            d.dispatch(Action::Share(ShareAction::Restore(prev.clone())));
        })
    });
    html! {
        <div id="link-banner" class={classes!("banner", format!("banner-{}", b.kind.as_str()))}
            data-kind={b.kind.as_str()} role={if b.kind == BannerKind::Error { "alert" } else { "status" }}>
            <div class="banner-text">
                { for b.lines.iter().map(|l| html!{ <p>{ l.clone() }</p> }) }
            </div>
            if let Some(onclick) = restore {
                <button class="btn small" id="btn-restore" {onclick}>{ "Restore your previous work" }</button>
            }
            <button class="btn small banner-close" id="btn-banner-close" onclick={dismiss} title="hide this message" aria-label="dismiss">{ "×" }</button>
        </div>
    }
}

/// Popover props.
#[derive(Properties, PartialEq)]
pub struct PopoverProps {
    /// The URL to copy.
    pub url: String,
    /// Dispatcher for the close button.
    pub dispatch: UseReducerDispatcher<State>,
}

/// Shown when the clipboard cannot be written: the link, selected, to be
/// copied with Ctrl+C.
#[function_component(SharePopover)]
pub fn share_popover(p: &PopoverProps) -> Html {
    let input = use_node_ref();
    {
        let input = input.clone();
        use_effect_with(p.url.clone(), move |_| {
            if let Some(i) = input.cast::<web_sys::HtmlInputElement>() {
                let _ = i.focus();
                i.select();
            }
        });
    }
    let close = {
        let d = p.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Share(ShareAction::Popover(None))))
    };
    let n = p.url.chars().count();
    html! {
        <div class="share-popover" id="share-popover" role="dialog" aria-label="link to this state">
            <span>{ format!("Press Ctrl+C to copy — {n} characters") }</span>
            <input ref={input} type="text" readonly=true id="share-url" value={p.url.clone()} />
            <button class="btn small" onclick={close}>{ "Close" }</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warpscope_core::link::encode_link;

    fn act(s: Rc<State>, a: Action) -> Rc<State> {
        yew::Reducible::reduce(s, a)
    }

    #[test]
    fn link_state_round_trips_through_apply() {
        let s = Rc::new(State::new());
        let s = act(s, Action::Step);
        let s = act(s, Action::Step);
        let s = act(s, Action::Step);
        let s = act(s, Action::SetFmt(Fmt::Hex));
        let s = act(s, Action::ToggleBreakpoint(14));
        let ls = link_state(&s);
        assert_eq!(ls.step, Some(3));
        assert_eq!(ls.view_value("fmt"), Some("hex"));
        assert_eq!(ls.view_value("bp"), Some("14"));
        assert_eq!(ls.view_value("theme"), None);
        let frag = encode_link(&ls);

        let mut fresh = State::new();
        let a = ShareAction::Opened {
            result: decode_link(&frag),
            previous: None,
        };
        assert!(reduce(&mut fresh, a));
        assert!(fresh.share.banner.is_none());
        assert_eq!(fresh.steps(), 3);
        assert_eq!(fresh.events.len(), 3);
        assert_eq!(fresh.selected, s.selected);
        assert_eq!(fresh.fmt, Fmt::Hex);
        assert_eq!(fresh.breakpoints.iter().copied().collect::<Vec<_>>(), [14]);
        assert_eq!(link_state(&fresh), ls);
    }

    #[test]
    fn hostile_and_unknown_values_are_clamped_or_kept() {
        let mut ls = LinkState::new("w64", "<script>alert(1)</script>\n    EXIT\n");
        ls.selected = Some(u32::MAX);
        ls.step = Some(u64::MAX);
        ls.view = vec![
            ("fmt".into(), "bogus".into()),
            ("bp".into(), "0,x,3,99999999999999999999999".into()),
            ("zz".into(), "keep me".into()),
            ("embed".into(), "1".into()),
        ];
        let mut s = State::new();
        let notes = apply(&mut s, &ls);
        assert_eq!(*s.source, ls.source);
        assert_eq!(s.isa_name, "w128");
        assert!(notes.iter().any(|n| n.contains("`w64`")), "{notes:?}");
        assert!(notes.iter().any(|n| n.contains("step")), "{notes:?}");
        assert!(s.share.embed);
        assert_eq!(s.fmt, Fmt::Unsigned);
        assert_eq!(s.breakpoints.iter().copied().collect::<Vec<_>>(), [3]);
        let again = link_state(&s);
        assert_eq!(again.view_value("zz"), Some("keep me"));
        assert_eq!(again.view_value("embed"), None);
        assert_eq!(embed_state(&s).view_value("embed"), Some("1"));
    }

    #[test]
    fn a_long_run_is_clamped_to_its_end() {
        let mut ls = LinkState::new("w128", "S2R R1, SR_LANEID\nEXIT\n");
        ls.step = Some(1000);
        ls.selected = Some(7);
        let mut s = State::new();
        let notes = apply(&mut s, &ls);
        assert_eq!(s.steps(), 2);
        assert_eq!(s.selected, Some(1));
        assert!(notes[0].contains("after 2 steps"), "{notes:?}");
        assert_eq!(s.status_text(), "exited");
    }

    #[test]
    fn a_bad_link_keeps_the_work_and_says_why() {
        let mut s = State::new();
        let before = s.source.clone();
        let a = ShareAction::Opened {
            result: decode_link("v1.AAA*AA"),
            previous: None,
        };
        reduce(&mut s, a);
        assert_eq!(s.source, before);
        let b = s.share.banner.as_ref().unwrap();
        assert_eq!(b.kind, BannerKind::Error);
        assert!(b.lines[0].contains("at character 6"), "{:?}", b.lines);
    }

    #[test]
    fn iframe_snippet_escapes_and_embeds() {
        let mut s = State::new();
        let _ = apply(
            &mut s,
            &LinkState::new("w128", "// Title: a \"<b>\" & c\nEXIT\n"),
        );
        let html = iframe_snippet(&s, "https://x.org/w/").unwrap();
        assert!(
            html.starts_with("<iframe src=\"https://x.org/w/#v1."),
            "{html}"
        );
        assert!(
            html.contains("title=\"warpscope: a &quot;&lt;b&gt;&quot; &amp; c\""),
            "{html}"
        );
        let frag = html.split('#').nth(1).unwrap().split('"').next().unwrap();
        assert_eq!(decode_link(frag).unwrap().view_value("embed"), Some("1"));
    }

    #[test]
    fn links_of_every_isa_restore_their_isa() {
        for &isa in warpscope_core::isas::NAMES {
            let Some(ex) = crate::examples::for_isa(isa).first() else {
                continue;
            };
            let mut ls = LinkState::new(isa, ex.source);
            ls.step = Some(1);
            let mut s = State::new();
            let notes = apply(&mut s, &ls);
            assert!(notes.is_empty(), "{isa}: {notes:?}");
            assert_eq!(s.isa_name, isa);
            assert!(!s.stale, "{isa}");
            assert_eq!(s.steps(), 1, "{isa}");
            assert_eq!(link_state(&s), ls, "{isa}");
        }
    }

    #[test]
    fn previous_work_comes_back() {
        let mut s = State::new();
        let mine = link_state(&s);
        let a = ShareAction::Opened {
            result: Ok(LinkState::new("w128", "EXIT\n")),
            previous: Some(Rc::new(mine.clone())),
        };
        reduce(&mut s, a);
        assert_eq!(*s.source, "EXIT\n");
        let prev = s.share.banner.as_ref().unwrap().previous.clone().unwrap();
        reduce(&mut s, ShareAction::Restore(prev));
        assert_eq!(*s.source, mine.source);
        assert!(s.share.banner.is_none());
    }
}
