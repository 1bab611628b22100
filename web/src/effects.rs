//! The root component's timers and keys: assembly after typing, animated
//! play, notes that fade, the theme on the page, F5/F8/F10/Ctrl+Enter and
//! the keys of presentation mode.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::state::{Action, BuildAction, Dispatch, RunAction, State, Theme, ViewAction};

/// Milliseconds between the last keystroke and assembling.
pub const DEBOUNCE_MS: u32 = 60;

/// Runs `f` after `ms` milliseconds unless the effect is cleaned up first.
fn later(ms: u32, f: impl FnOnce() + 'static) -> impl FnOnce() {
    let t = gloo_timers::callback::Timeout::new(ms, f);
    move || drop(t)
}

/// Assembly after typing, animated play, notes that disappear and the
/// theme on the document element.
#[hook]
pub fn use_timers(st: &State, d: &Dispatch) {
    {
        let d = d.clone();
        use_effect_with(st.doc.edit_rev, move |&rev| {
            later(DEBOUNCE_MS, move || {
                d.send(Action::Build(BuildAction::Assemble(rev)))
            })
        });
    }
    {
        let d = d.clone();
        let key = (st.run.playing, st.run.rev, st.run.speed_ms);
        use_effect_with(key, move |&(playing, _, ms)| {
            let t = playing.then(|| later(ms, move || d.send(Action::Run(RunAction::PlayTick))));
            move || t.map_or((), |t| t())
        });
    }
    {
        let d = d.clone();
        use_effect_with(st.view.note.as_ref().map(|n| n.0), move |id| {
            let t = id.map(|id| {
                later(4000, move || {
                    d.send(Action::View(ViewAction::ClearNote(id)))
                })
            });
            move || t.map_or((), |t| t())
        });
    }
    use_effect_with(st.view.theme, |&theme| {
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let name = if theme == Theme::Dark {
                "dark"
            } else {
                "light"
            };
            let _ = el.set_attribute("data-theme", name);
        }
    });
}

/// F10 / Shift+F10 step and step back, F5 run, F8 run to the caret,
/// Ctrl+Enter assemble now and run.
#[hook]
pub fn use_run_keys(d: &Dispatch) {
    let d = d.clone();
    use_effect_with((), move |_| {
        let cb =
            Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                let ctrl = e.ctrl_key() || e.meta_key();
                let action = match (e.key().as_str(), ctrl, e.shift_key()) {
                    ("F10", _, false) => RunAction::Step,
                    ("F10", _, true) => RunAction::Back,
                    ("F5", false, _) => RunAction::Run,
                    ("F8", _, _) => RunAction::RunToCursor,
                    ("Enter", true, _) => {
                        d.send(Action::Build(BuildAction::AssembleNow));
                        RunAction::Run
                    }
                    _ => return,
                };
                e.prevent_default();
                d.send(Action::Run(action));
            });
        listen_window("keydown", cb)
    });
}

/// What a key does in presentation mode, pressed outside the text
/// fields: → PageDown Space step, ← PageUp Shift+Space step back (what
/// presentation clickers send), Esc leaves the mode. Space on a button
/// presses the button.
fn present_key(e: &web_sys::KeyboardEvent) -> Option<Action> {
    if e.ctrl_key() || e.meta_key() || e.alt_key() || e.default_prevented() {
        return None;
    }
    let tag = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| el.tag_name())
        .unwrap_or_default();
    if matches!(tag.as_str(), "TEXTAREA" | "INPUT" | "SELECT") {
        return None;
    }
    let key = e.key();
    if key == " " && tag == "BUTTON" {
        return None;
    }
    let run = |a| Some(Action::Run(a));
    match key.as_str() {
        "ArrowRight" | "PageDown" => run(RunAction::Step),
        "ArrowLeft" | "PageUp" => run(RunAction::Back),
        " " if e.shift_key() => run(RunAction::Back),
        " " => run(RunAction::Step),
        "Escape" => Some(Action::View(ViewAction::SetPresent(false))),
        _ => None,
    }
}

/// Alt+P turns presentation mode on and off (anywhere, the editor too);
/// while it is on, [`present_key`]'s keys step and leave.
///
/// Leaving the mode (Esc or its button) puts the focus on the Present
/// button of the page it returns to, rather than on nothing.
#[hook]
pub fn use_present_keys(d: &Dispatch, present: bool) {
    let d = d.clone();
    let was = use_mut_ref(|| false);
    use_effect_with(present, move |&present| {
        let left = std::mem::replace(&mut *was.borrow_mut(), present) && !present;
        let doc = web_sys::window().and_then(|w| w.document());
        let lost = doc.as_ref().is_some_and(|doc| {
            doc.active_element()
                .is_none_or(|a| doc.body().is_some_and(|b| *b == a))
        });
        if let (true, true, Some(doc)) = (left, lost, &doc) {
            let button = doc.get_element_by_id("btn-present");
            if let Some(b) = button.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = b.focus();
            }
        }
        let cb =
            Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                let toggle = e.alt_key() && !e.ctrl_key() && !e.meta_key() && e.code() == "KeyP";
                let action = if toggle {
                    Some(Action::View(ViewAction::TogglePresent))
                } else if present {
                    present_key(&e)
                } else {
                    None
                };
                if let Some(a) = action {
                    e.prevent_default();
                    d.send(a);
                }
            });
        listen_window("keydown", cb)
    });
}

/// Adds `cb` as a listener for `event` on the window; the returned function
/// removes it (an effect's cleanup).
pub fn listen_window<T: ?Sized>(event: &'static str, cb: Closure<T>) -> impl FnOnce() {
    let win = web_sys::window();
    if let Some(w) = &win {
        let _ = w.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref());
    }
    move || {
        if let Some(w) = win {
            let _ = w.remove_event_listener_with_callback(event, cb.as_ref().unchecked_ref());
        }
    }
}
