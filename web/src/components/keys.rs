//! The Keys button and the dialog listing the keyboard shortcuts: the
//! browser's own modal `<dialog>` (the page behind is inert, Esc closes it
//! and the focus goes back to the button), closed by a click outside too,
//! with Tab kept on its Close button.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The keys, as the dialog lists them.
const KEYS: &[(&str, &str)] = &[
    ("F10", "step"),
    ("Shift+F10", "step back"),
    ("F5", "run to a breakpoint or the end"),
    ("F8", "run to the caret"),
    ("F9 / Ctrl+B", "toggle a breakpoint on the caret's line"),
    ("Ctrl+Enter", "assemble now and run"),
    ("Ctrl+Shift+S", "copy a link to this state"),
    ("Shift+click Share", "copy an iframe for embedding"),
    ("Ctrl+S", "save now (work is autosaved anyway)"),
    ("Tab / Shift+Tab", "indent / dedent"),
    ("Esc or Ctrl+M", "then Tab leaves the editor"),
    ("← → Home End", "switch tabs (on a tab)"),
    ("Alt+P", "presentation mode on / off"),
    (
        "→ PgDn Space",
        "step (presentation mode, outside the editor)",
    ),
    (
        "← PgUp Shift+Space",
        "step back (presentation mode, outside the editor)",
    ),
    ("Esc", "leave presentation mode (outside the editor)"),
    ("gutter click", "toggle a breakpoint"),
];

/// The keys dialog, if it is in the page.
fn dialog() -> Option<web_sys::HtmlDialogElement> {
    web_sys::window()?
        .document()?
        .get_element_by_id("keys-dialog")?
        .dyn_into()
        .ok()
}

/// The Keys button and its dialog.
pub fn keys() -> Html {
    let open = Callback::from(|_: MouseEvent| {
        if let Some(d) = dialog() {
            let _ = d.show_modal();
        }
    });
    let close = Callback::from(|_: MouseEvent| dialog().map_or((), |d| d.close()));
    // A click on the backdrop reaches the dialog itself (its content
    // fills it edge to edge).
    let on_backdrop = Callback::from(|e: MouseEvent| {
        if let Some(d) = dialog() {
            let dv: &wasm_bindgen::JsValue = d.as_ref();
            if e.target()
                .is_some_and(|t| AsRef::<wasm_bindgen::JsValue>::as_ref(&t) == dv)
            {
                d.close();
            }
        }
    });
    let onkeydown = Callback::from(|e: KeyboardEvent| {
        if e.key() == "Tab" {
            e.prevent_default();
            let close = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|doc| doc.get_element_by_id("keys-close"))
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(c) = close {
                let _ = c.focus();
            }
        }
    });
    html! {
        <div class="keys">
            <button class="btn" id="btn-keys" onclick={open} aria-haspopup="dialog" title="keyboard shortcuts">{ "Keys" }</button>
            <dialog class="keys-dialog" id="keys-dialog" role="dialog" aria-modal="true" aria-labelledby="keys-title"
                onclick={on_backdrop} {onkeydown}>
                <div class="keys-body">
                    <div class="keys-head">
                        <h2 id="keys-title">{ "Keyboard shortcuts" }</h2>
                        <button class="btn small" id="keys-close" onclick={close}>{ "Close" }</button>
                    </div>
                    <dl>{ for KEYS.iter().map(|(k, what)| html! { <><dt>{ *k }</dt><dd>{ *what }</dd></> }) }</dl>
                </div>
            </dialog>
        </div>
    }
}
