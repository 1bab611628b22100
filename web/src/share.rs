//! Permalinks and autosave in the page: the address bar (links opened
//! on load and on `hashchange`, the share button's link), the clipboard,
//! local storage and the keys Ctrl+S and Ctrl+Shift+S.
//!
//! The codec is `warpscope_core::link`; the state's side (what a link
//! holds, opening one, the banner) is the share slice,
//! [`crate::state::share`]. Restoring a step replays core's simulator
//! (`Sim::step`) that many times: the UI computes nothing itself.

use crate::i18n::{fill, tr, trf};
use crate::persist;
use crate::state::share::{self, BannerKind, ShareAction};
use crate::state::{Action, Dispatch, Runtime, State, Theme, ViewAction};
use std::rc::Rc;
use warpscope_core::link::{decode_link, try_encode_link, LinkError};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

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
        let embed = ls.view_value(share::KEY_EMBED) == Some("1");
        if !embed && !cur.share.embed && *cur.doc.source != ls.source {
            let prev = cur.link_state();
            if let Ok(frag) = try_encode_link(&prev) {
                let _ = persist::push_previous(&frag);
            }
            previous = Some(Rc::new(prev));
        }
    }
    ShareAction::Opened { result, previous }
}

/// The language the viewer chose last, else their browser's.
fn own_choice_of_lang() -> crate::i18n::Lang {
    persist::chosen_lang().unwrap_or_else(crate::i18n::browser_lang)
}

/// The language the page will open in: the link's, if the address bar
/// holds a link that names one, else the viewer's own choice.
pub fn lang_at_start() -> crate::i18n::Lang {
    let frag = current_fragment();
    let link = (!frag.is_empty())
        .then(|| decode_link(&frag).ok())
        .flatten()
        .and_then(|ls| crate::state::share::read_view(&ls.view).lang);
    link.unwrap_or_else(own_choice_of_lang)
}

/// The state the page opens with: the autosaved work, then the link in
/// the address bar, if any.
pub fn initial_state(rt: &mut Runtime) -> State {
    let mut s = State::new(rt);
    s.view.own_theme = system_theme();
    s.view.theme = s.view.own_theme;
    s.view.own_lang = crate::i18n::browser_lang();
    s.view.lang = own_choice_of_lang();
    // The messages made before the first render, in the page's language.
    crate::i18n::set(s.view.lang);
    let mut had_work = false;
    let saved = persist::tab_draft()
        .map(Ok)
        .or_else(|| persist::load_autosave().transpose());
    match saved.transpose() {
        Ok(Some(frag)) => match decode_link(&frag) {
            Ok(ls) => {
                s.resume(rt, &ls);
                had_work = true;
            }
            Err(e) => {
                // Kept aside before the next autosave writes over it.
                let kept = persist::keep_unreadable(&frag);
                let aside = kept.map_or_else(
                    |why| trf("it could not be kept aside either: {0}", &[&why]),
                    |key| trf("it is kept in the browser's storage as {0}", &[&key]),
                );
                s.share.warn(fill(
                    tr("Your autosaved work could not be read ({0}); the default example is shown, and {1}."),
                    &[&e, &aside],
                ))
            }
        },
        Ok(None) => {}
        Err(msg) => {
            s.act(rt, Action::Share(ShareAction::StorageFailed(msg)));
        }
    }
    let frag = current_fragment();
    if !frag.is_empty() {
        let a = open_action(&frag, had_work.then_some(&s));
        s.act(rt, Action::Share(a));
    }
    if let Some((isa, source)) = persist::take_rescue() {
        if source != *s.doc.source || isa != s.doc.isa.name() {
            s.act(rt, Action::LoadText(isa, source));
            s.share.warn(
                tr("The page stopped on an error last time; the program you were editing is back.")
                    .into(),
            );
        }
    }
    s.share.link_rev = s.doc.edit_rev;
    if let Some(why) = crate::lazy::start_failure() {
        if s.without_rest() {
            s.share.warn(trf(
                "A part of warpscope could not be loaded ({0}), so the page opened without the view it asked for. Reload to try again: your work is kept.",
                &[&why],
            ));
        }
    }
    s
}

/// The colour scheme the viewer's system prefers.
fn system_theme() -> Theme {
    let dark = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches());
    if dark {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// Makes a link of the current state, puts it in the address bar and
/// copies it (or shows it for copying by hand).
pub fn share(s: &State, d: &Dispatch) {
    match try_encode_link(&s.link_state()) {
        Ok(frag) => {
            let url = set_fragment(Some(&frag));
            d.send(Action::Share(ShareAction::LinkMade));
            copy(url, tr("Link"), d.clone());
        }
        Err(e) => d.send(Action::Share(ShareAction::Banner(
            BannerKind::Error,
            trf("No link can hold this program: {0}.", &[&e]),
        ))),
    }
}

/// The HTML of an iframe that shows `s` in embed mode.
pub fn iframe_snippet(s: &State, page: &str) -> Result<String, LinkError> {
    let frag = try_encode_link(&s.embed_state())?;
    let (title, _) = warpscope_core::examples::example_header(&s.doc.source);
    let title = if title.is_empty() {
        "warpscope".to_string()
    } else {
        format!("warpscope: {title}")
    };
    Ok(format!(
        "<iframe src=\"{}#{frag}\" style=\"border:0;width:100%;max-width:800px;aspect-ratio:16/9\" title=\"{}\" loading=\"lazy\"></iframe>",
        html_attr(page),
        html_attr(&title)
    ))
}

/// Text made safe for a double-quoted HTML attribute.
fn html_attr(t: &str) -> String {
    crate::export::xml_escape(t)
}

/// Copies an iframe snippet of the current state in embed mode (the
/// address bar is left alone).
pub fn share_embed(s: &State, d: &Dispatch) {
    match iframe_snippet(s, &page_url()) {
        Ok(html) => copy(html, tr("Embed code"), d.clone()),
        Err(e) => d.send(Action::Share(ShareAction::Banner(
            BannerKind::Error,
            trf("No link can hold this program: {0}.", &[&e]),
        ))),
    }
}

/// Copies `url` with the asynchronous clipboard API; when it is missing or
/// refuses, the popover shows it selected for Ctrl+C.
fn copy(url: String, what: &'static str, d: Dispatch) {
    let n = url.chars().count();
    let clip = web_sys::window().map(|w| w.navigator()).and_then(|nav| {
        js_sys::Reflect::get(&nav, &JsValue::from_str("clipboard"))
            .ok()
            .filter(|c| !c.is_undefined() && !c.is_null())
            .map(|c| c.unchecked_into::<web_sys::Clipboard>())
    });
    let Some(clip) = clip else {
        d.send(Action::Share(ShareAction::Popover(Some(url))));
        return;
    };
    let promise = clip.write_text(&url);
    wasm_bindgen_futures::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(_) => d.send(Action::Share(ShareAction::Copied(what, n))),
            Err(_) => d.send(Action::Share(ShareAction::Popover(Some(url)))),
        }
    });
}

/// Listens for links pasted into the address bar of an open page, saves
/// the work as it changes, takes a link that no longer matches the
/// program out of the address bar, and handles Ctrl+S (save now) and
/// Ctrl+Shift+S (share).
#[hook]
pub fn use_sharing(st: &UseReducerHandle<State>, d: &Dispatch) {
    let latest = use_mut_ref(|| None::<UseReducerHandle<State>>);
    *latest.borrow_mut() = Some(st.clone());
    let d = d.clone();

    // A write the page's store could not complete (it runs after the
    // call that asked for it).
    {
        let d = d.clone();
        use_effect_with((), move |_| {
            crate::store::on_failure(move |why| {
                d.send(Action::Share(ShareAction::StorageFailed(trf(
                    "the browser's storage refused to save ({0})",
                    &[&why],
                ))))
            });
        });
    }

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
                d.send(Action::Share(open_action(&frag, cur.as_deref())));
            });
            crate::effects::listen_window("hashchange", cb)
        });
    }

    // Autosave, a little after the last change.
    {
        let st2 = st.clone();
        let d = d.clone();
        use_effect_with(
            (
                st.doc.edit_rev,
                st.run.rev,
                st.view.selected,
                st.view.fmt,
                st.view.theme,
                st.view.tab,
                st.view.present,
                st.run.breakpoints.clone(),
                st.doc.isa,
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
        let (rev, link_rev, embed) = (st.doc.edit_rev, st.share.link_rev, st.share.embed);
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
        let d = d.clone();
        use_effect_with((), move |_| {
            let last = latest.clone();
            let d2 = d.clone();
            let leave = Closure::<dyn Fn()>::new(move || {
                let h = last.borrow().clone().filter(|h| !h.share.embed);
                if let Some(h) = h.filter(|_| PENDING.get()) {
                    save_now(&h, &d2);
                }
                crate::store::keep_unfinished();
            });
            let unlisten = crate::effects::listen_window("pagehide", leave);
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
                    if e.shift_key() {
                        share(&h, &d);
                    } else if h.share.embed {
                        d.send(Action::View(ViewAction::Note(
                            tr("this is an embedded, read-only view: open it in warpscope to edit and save")
                                .into(),
                        )));
                    } else if save_now(&h, &d) {
                        d.send(Action::View(ViewAction::Note(
                            tr("Saved in this browser (your work is also autosaved on every change)")
                                .into(),
                        )));
                    }
                },
            );
            let unlisten_keys = crate::effects::listen_window("keydown", cb);
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
fn record_replaced(s: &State, d: &Dispatch) {
    let doc = &s.doc;
    let first = || {
        doc.replaced
            .first()
            .map_or(doc.seq, |r| r.seq.saturating_sub(1))
    };
    let from = SEEN.get().unwrap_or_else(first);
    if doc.seq > from {
        for r in doc.own_work_since(from) {
            if let Err(msg) = persist::save_draft(r.isa.name(), &r.before) {
                d.send(Action::Share(ShareAction::StorageFailed(msg)));
            }
            persist::new_draft();
        }
        persist::new_draft();
    }
    SEEN.set(Some(doc.seq));
}

/// Writes the state to storage: the autosave and the history's draft,
/// each whatever becomes of the other; on failure reports it (once) and
/// returns false.
fn save_now(s: &State, d: &Dispatch) -> bool {
    PENDING.set(false);
    let own = s.doc.is_own_work();
    let autosave = try_encode_link(&s.link_state())
        .map_err(|e| {
            trf(
                "this program is too large to save ({0})",
                &[&share::link_error(&e)],
            )
        })
        .and_then(|frag| persist::save_autosave(&frag));
    let draft = if own {
        persist::save_draft(s.doc.isa.name(), &s.doc.source)
    } else {
        Ok(())
    };
    match autosave.and(draft) {
        Ok(()) => true,
        Err(msg) => {
            d.send(Action::Share(ShareAction::StorageFailed(msg)));
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warpscope_core::link::LinkState;

    #[test]
    fn iframe_snippet_escapes_and_embeds() {
        let mut rt = Runtime::default();
        let mut s = State::new(&mut rt);
        let ls = LinkState::new("w128", "// Title: a \"<b>\" & c\nEXIT\n");
        let _ = s.apply_link(&mut rt, &ls);
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
}
