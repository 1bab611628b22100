//! Autosave: the playground's state in the browser's local storage.
//!
//! The work is stored as a link fragment (`warpscope_core::link`), so it
//! is compact, versioned like every link and read by the same decoder:
//!
//! - `warpscope.autosave`: the current work, written a moment after every
//!   change (editor text, step, selection, view toggles).
//! - `warpscope.previous`: earlier work that a link replaced, newest
//!   first, one fragment per line, at most [`PREVIOUS_MAX`] entries.
//!
//! Local storage can be missing (disabled, sandboxed iframes) or full;
//! every function here returns a message for the user then, never panics.

use wasm_bindgen::JsValue;

/// Key of the current work.
pub const AUTOSAVE_KEY: &str = "warpscope.autosave";
/// Key of earlier work replaced by links.
pub const PREVIOUS_KEY: &str = "warpscope.previous";
/// Entries kept under [`PREVIOUS_KEY`].
pub const PREVIOUS_MAX: usize = 5;
/// Milliseconds between the last change and saving.
pub const AUTOSAVE_DELAY_MS: u32 = 300;

fn storage() -> Result<web_sys::Storage, String> {
    let w = web_sys::window().ok_or("no window")?;
    match w.local_storage() {
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err("this browser has no local storage".into()),
        Err(e) => Err(format!(
            "this browser does not allow local storage here ({})",
            js_message(&e)
        )),
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
        (None, None) => "unknown error".into(),
    }
}

fn set(key: &str, value: &str) -> Result<(), String> {
    storage()?.set_item(key, value).map_err(|e| {
        let m = js_message(&e);
        if m.contains("Quota") || m.contains("quota") {
            format!("local storage is full ({m})")
        } else {
            format!("local storage refused to save ({m})")
        }
    })
}

fn get(key: &str) -> Result<Option<String>, String> {
    storage()?
        .get_item(key)
        .map_err(|e| format!("local storage cannot be read ({})", js_message(&e)))
}

/// The autosaved work, as a link fragment.
pub fn load_autosave() -> Result<Option<String>, String> {
    get(AUTOSAVE_KEY)
}

/// Saves the work (a link fragment).
pub fn save_autosave(fragment: &str) -> Result<(), String> {
    set(AUTOSAVE_KEY, fragment)
}

/// Earlier work replaced by links, newest first.
pub fn previous() -> Vec<String> {
    get(PREVIOUS_KEY)
        .ok()
        .flatten()
        .map(|t| parse_previous(&t))
        .unwrap_or_default()
}

/// Adds work to the front of the earlier-work list (unless it is already
/// the newest entry), keeping at most [`PREVIOUS_MAX`].
pub fn push_previous(fragment: &str) -> Result<(), String> {
    let list = with_pushed(previous(), fragment);
    set(PREVIOUS_KEY, &list.join("\n"))
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
