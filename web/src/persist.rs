//! Autosave: the playground's state in the browser's storage.
//!
//! The work is kept in the page's own store ([`crate::store`]: IndexedDB,
//! which other scripts of the site cannot fill by filling local storage),
//! or in local storage where IndexedDB cannot be opened. It is stored as
//! a link fragment (`warpscope_core::link`), so it is compact, versioned
//! like every link and read by the same decoder:
//!
//! - `warpscope.autosave`: the current work, written a moment after every
//!   change (editor text, step, selection, view toggles).
//! - the work history (`warpscope_core::history`): every program typed
//!   here, one entry per draft; each tab writes its own draft (its id in
//!   the tab's session storage, `warpscope.draft`).
//! - `warpscope.previous`: the last states (program and view) that links
//!   replaced, newest first, one fragment per line, at most
//!   [`PREVIOUS_MAX`] entries.
//!
//! The autosave is written on its own, never through the history, and a
//! failure to write one never removes anything else. An autosave that
//! cannot be read is copied aside (`warpscope.autosave.unreadable.TIME`)
//! before anything can write over it. The interface language stays in
//! local storage (it is read before the store is open).
//!
//! Storage can be missing (disabled, sandboxed iframes) or full; every
//! function here returns a message for the user then, never panics.

use crate::i18n::{fill, tr, tr_text, trf, Lang};
use warpscope_core::history::{self, Kv};
use wasm_bindgen::JsValue;

/// Key of the current work.
pub const AUTOSAVE_KEY: &str = "warpscope.autosave";
/// Key of earlier states (program and view) replaced by links.
pub const PREVIOUS_KEY: &str = "warpscope.previous";
/// Key of the program kept when the page stopped on an error inside the
/// wasm: index.html's last-resort handler writes the ISA, a newline and
/// the editor's text (in session storage when local storage refuses).
pub const RESCUE_KEY: &str = "warpscope.rescue";
/// Key of the interface language the viewer chose (`en`, `zh`).
pub const LANG_KEY: &str = "warpscope.lang";
/// Entries kept under [`PREVIOUS_KEY`].
pub const PREVIOUS_MAX: usize = 5;
/// Milliseconds between the last change and saving.
pub const AUTOSAVE_DELAY_MS: u32 = 300;

fn storage() -> Result<web_sys::Storage, String> {
    let w = web_sys::window().ok_or(tr("no window"))?;
    match w.local_storage() {
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err(tr("this browser has no local storage").into()),
        Err(e) => {
            let t = tr("this browser does not allow local storage here ({0})");
            Err(fill(t, &[&js_message(&e)]))
        }
    }
}

/// A readable message from a JavaScript exception.
fn js_message(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    let name = js_sys::Reflect::get(e, &JsValue::from_str("name"))
        .ok()
        .and_then(|v| v.as_string());
    let msg = js_sys::Reflect::get(e, &JsValue::from_str("message"))
        .ok()
        .and_then(|v| v.as_string());
    match (name, msg) {
        (Some(n), Some(m)) => format!("{n}: {m}"),
        (None, Some(m)) => m,
        (Some(n), None) => n,
        (None, None) => tr("unknown error").into(),
    }
}

fn set(key: &str, value: &str) -> Result<(), String> {
    storage()?.set_item(key, value).map_err(|e| write_error(&e))
}

fn get(key: &str) -> Result<Option<String>, String> {
    storage()?.get_item(key).map_err(|e| read_error(&e))
}

/// The interface language the viewer chose last, if any (a value that is
/// no language's code counts as none).
pub fn chosen_lang() -> Option<Lang> {
    get(LANG_KEY)
        .ok()
        .flatten()
        .and_then(|c| Lang::from_code(&c))
}

/// Remembers the viewer's choice of language (where storage works).
pub fn choose_lang(lang: Lang) {
    let _ = set(LANG_KEY, lang.code());
}

/// The autosaved work, as a link fragment.
pub fn load_autosave() -> Result<Option<String>, String> {
    work()?.get(AUTOSAVE_KEY)
}

/// Saves the work (a link fragment), and nothing else: a failure leaves
/// every other entry as it was.
pub fn save_autosave(fragment: &str) -> Result<(), String> {
    work()?.set(AUTOSAVE_KEY, fragment)
}

/// Keeps an autosave that could not be read under a key of its own
/// (`AUTOSAVE_KEY.unreadable.TIME`), before a new autosave writes over it.
pub fn keep_unreadable(fragment: &str) -> Result<String, String> {
    let key = format!("{AUTOSAVE_KEY}.unreadable.{}", now_ms());
    work()?.set(&key, fragment)?;
    Ok(key)
}

/// The program kept when the page last stopped ([`RESCUE_KEY`]): its ISA
/// and text; taken out of storage as it is read.
pub fn take_rescue() -> Option<(String, String)> {
    let take = |s: web_sys::Storage| {
        let text = s.get_item(RESCUE_KEY).ok().flatten()?;
        let _ = s.remove_item(RESCUE_KEY);
        Some(text)
    };
    let text = storage()
        .ok()
        .and_then(take)
        .or_else(|| session().and_then(take))?;
    let (isa, source) = text.split_once('\n')?;
    Some((isa.to_string(), source.to_string()))
}

/// Local storage as the work history's store.
pub struct Local(web_sys::Storage);

impl history::Kv for Local {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        self.0.get_item(key).map_err(|e| read_error(&e))
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        self.0.set_item(key, value).map_err(|e| write_error(&e))
    }
    fn remove(&self, key: &str) -> Result<(), String> {
        self.0.remove_item(key).map_err(|e| write_error(&e))
    }
}

/// Where the work is kept: the page's store, else local storage.
pub enum Work {
    Store(crate::store::Idb),
    Local(Local),
}

impl history::Kv for Work {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        match self {
            Work::Store(s) => s.get(key),
            Work::Local(l) => l.get(key),
        }
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        match self {
            Work::Store(s) => s.set(key, value),
            Work::Local(l) => l.set(key, value),
        }
    }
    fn remove(&self, key: &str) -> Result<(), String> {
        match self {
            Work::Store(s) => s.remove(key),
            Work::Local(l) => l.remove(key),
        }
    }
}

/// The work's store (and the history's), or why there is none.
pub fn work() -> Result<Work, String> {
    if crate::store::is_open() {
        return Ok(Work::Store(crate::store::Idb));
    }
    storage().map(|s| Work::Local(Local(s)))
}

/// Key (in the tab's session storage) of the tab's draft: the history
/// entry its typing goes to. Each tab has its own, so two tabs never
/// write over each other's work.
const DRAFT_KEY: &str = "warpscope.draft";

thread_local! {
    static DRAFT: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// The draft id this tab had before a reload. A tab opened from another
/// starts with a copy of its session storage, so a draft id is only
/// taken over when the page was reloaded (or revisited) in the same tab.
fn reloaded_draft() -> Option<String> {
    let perf = web_sys::window()?.performance()?;
    let entries = js_sys::Reflect::get(&perf, &"getEntriesByType".into()).ok()?;
    let f: js_sys::Function = wasm_bindgen::JsCast::dyn_into(entries).ok()?;
    let list = f.call1(&perf, &"navigation".into()).ok()?;
    let nav = js_sys::Reflect::get(&list, &0.into()).ok()?;
    let kind = js_sys::Reflect::get(&nav, &"type".into())
        .ok()?
        .as_string()?;
    if kind != "reload" && kind != "back_forward" {
        return None;
    }
    session()?
        .get_item(DRAFT_KEY)
        .ok()
        .flatten()
        .filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// The id of this tab's draft entry (made on first use).
pub fn draft_id() -> String {
    if let Some(id) = DRAFT.with(|d| d.borrow().clone()) {
        return id;
    }
    match reloaded_draft() {
        Some(id) => {
            DRAFT.with(|d| *d.borrow_mut() = Some(id.clone()));
            id
        }
        None => new_draft(),
    }
}

/// Starts a new draft entry for this tab (the old one stays in the
/// history) and returns its id.
pub fn new_draft() -> String {
    let id = format!(
        "{:x}{:06x}",
        now_ms(),
        (js_sys::Math::random() * f64::from(0xff_ffff)) as u32
    );
    if let Some(s) = session() {
        let _ = s.set_item(DRAFT_KEY, &id);
    }
    DRAFT.with(|d| *d.borrow_mut() = Some(id.clone()));
    id
}

/// Milliseconds since 1970.
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// This tab's draft (after a reload), as a link fragment.
pub fn tab_draft() -> Option<String> {
    history::read(&work().ok()?, &reloaded_draft()?)
        .ok()
        .flatten()
}

/// Writes `source` into this tab's draft entry.
pub fn save_draft(isa: &str, source: &str) -> Result<(), String> {
    history::save(&work()?, &draft_id(), now_ms(), isa, source).map_err(|e| tr_text(&e))
}

fn write_error(e: &JsValue) -> String {
    let m = js_message(e);
    if m.contains("Quota") || m.contains("quota") {
        trf("local storage is full ({0})", &[&m])
    } else {
        trf("local storage refused to save ({0})", &[&m])
    }
}

fn read_error(e: &JsValue) -> String {
    trf("local storage cannot be read ({0})", &[&js_message(e)])
}

/// The id of this tab's draft entry, if it has one yet.
pub fn current_draft() -> Option<String> {
    DRAFT.with(|d| d.borrow().clone())
}

/// Earlier work replaced by links, newest first.
pub fn previous() -> Vec<String> {
    work()
        .and_then(|w| history::Kv::get(&w, PREVIOUS_KEY))
        .ok()
        .flatten()
        .map(|t| parse_previous(&t))
        .unwrap_or_default()
}

/// Adds work to the front of the earlier-work list (unless it is already
/// the newest entry), keeping at most [`PREVIOUS_MAX`].
pub fn push_previous(fragment: &str) -> Result<(), String> {
    let list = with_pushed(previous(), fragment);
    history::Kv::set(&work()?, PREVIOUS_KEY, &list.join("\n"))
}

/// The stored earlier-work list as entries.
pub fn parse_previous(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(PREVIOUS_MAX)
        .map(String::from)
        .collect()
}

/// `list` with `fragment` in front, duplicates of it removed, cut to
/// [`PREVIOUS_MAX`].
pub fn with_pushed(list: Vec<String>, fragment: &str) -> Vec<String> {
    let mut out = vec![fragment.trim().to_string()];
    out.extend(list.into_iter().filter(|f| f != fragment.trim()));
    out.truncate(PREVIOUS_MAX);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn previous_list_keeps_newest_first_without_duplicates() {
        let mut l = Vec::new();
        for f in ["a", "b", "c", "b", "d", "e", "f"] {
            l = with_pushed(l, f);
        }
        assert_eq!(l, ["f", "e", "d", "b", "c"]);
        let stored = l.join("\n");
        assert_eq!(parse_previous(&stored), l);
        assert_eq!(parse_previous("\n x \n\n"), ["x"]);
    }
}
