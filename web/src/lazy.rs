//! The part of the wasm that starting the page does not run (docs/perf.md,
//! "Loading the rest"): whether it is installed, and loading it.
//!
//! The build's glue does the work (`xtask/src/split/glue.rs`): it fetches
//! the part, checks it is this build's, installs it, and holds a person's
//! events outside the views marked `data-core` until then. This module is
//! the Rust side: the start waits here when its first render needs the
//! part, and [`crate::state::Dispatch`] waits here before an action of a
//! feature (the reference, the puzzles, another tab, 中文…) that arrives
//! some other way than a held event. Nothing here blocks: every wait is
//! a future, and every failure a message.

use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};

thread_local! {
    /// Why the part could not be loaded when the start needed it.
    static START_FAILURE: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn window_value(name: &str) -> Option<JsValue> {
    let w = web_sys::window()?;
    js_sys::Reflect::get(&w, &name.into())
        .ok()
        .filter(|v| !v.is_undefined())
}

/// Whether the second part is installed (always, in a build that is not
/// split).
pub fn ready() -> bool {
    match window_value("__warpscopeRestState").and_then(|v| v.as_string()) {
        Some(state) => state == "ready",
        None => window_value("__warpscopeLoadRest").is_none(),
    }
}

/// Loads the second part (one load at a time: a second call waits for the
/// first), or says why it could not: offline, the server's answer, the
/// file damaged, or a new version of the page deployed since this one
/// started.
pub async fn load() -> Result<(), String> {
    if ready() {
        return Ok(());
    }
    let promise = window_value("__warpscopeLoadRest")
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(&JsValue::NULL).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    let Some(promise) = promise else {
        return Ok(());
    };
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|e| {
            e.as_string()
                .unwrap_or_else(|| "it could not be started".into())
        })
}

/// Why the last load of the second part failed, when it did (the start's
/// or one in the background).
pub fn failure() -> Option<String> {
    start_failure().or_else(|| {
        let failed = window_value("__warpscopeRestState").and_then(|v| v.as_string());
        (failed.as_deref() == Some("failed"))
            .then(|| window_value("__warpscopeRestError").and_then(|v| v.as_string()))
            .flatten()
    })
}

/// Notes that the start needed the second part and could not have it.
pub fn set_start_failure(why: String) {
    START_FAILURE.with(|f| *f.borrow_mut() = Some(why));
}

/// Why the start could not have the second part, if it could not.
pub fn start_failure() -> Option<String> {
    START_FAILURE.with(|f| f.borrow().clone())
}
