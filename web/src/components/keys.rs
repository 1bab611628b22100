//! The Keys button and the dialog listing the keyboard shortcuts: the
//! browser's own modal `<dialog>` (the page behind is inert, Esc closes it
//! and the focus goes back to the button), closed by a click outside too,
//! with Tab kept on its Close button.

use crate::i18n::tr;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The keys, as the dialog lists them, in the interface's language.
fn key_list() -> [(&'static str, &'static str); 17] {
    [
        ("F10", tr("step")),
        ("Shift+F10", tr("step back")),
        ("F5", tr("run to a breakpoint or the end")),
        ("F8", tr("run to the caret")),
        ("F9 / Ctrl+B", tr("toggle a breakpoint on the caret's line")),
        ("Ctrl+Enter", tr("assemble now and run")),
        ("Ctrl+Shift+S", tr("copy a link to this state")),
        (tr("Shift+click Share"), tr("copy an iframe for embedding")),
        ("Ctrl+S", tr("save now (work is autosaved anyway)")),
        ("Tab / Shift+Tab", tr("indent / dedent")),
        (tr("Esc or Ctrl+M"), tr("then Tab leaves the editor")),
        ("← → Home End", tr("switch tabs (on a tab)")),
        ("Alt+P", tr("presentation mode on / off")),
        (
            "→ PgDn Space",
            tr("step (presentation mode, outside the editor)"),
        ),
        (
            "← PgUp Shift+Space",
            tr("step back (presentation mode, outside the editor)"),
        ),
        ("Esc", tr("leave presentation mode (outside the editor)")),
        (tr("gutter click"), tr("toggle a breakpoint")),
    ]
}

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
            <button class="btn" id="btn-keys" onclick={open} aria-haspopup="dialog" title={tr("keyboard shortcuts")}>{ tr("Keys") }</button>
            <dialog class="keys-dialog" id="keys-dialog" role="dialog" aria-modal="true" aria-labelledby="keys-title"
                onclick={on_backdrop} {onkeydown}>
                <div class="keys-body">
                    <div class="keys-head">
                        <h2 id="keys-title">{ tr("Keyboard shortcuts") }</h2>
                        <button class="btn small" id="keys-close" onclick={close}>{ tr("Close") }</button>
                    </div>
                    <dl>{ for key_list().into_iter().map(|(k, what)| html! { <><dt>{ k }</dt><dd>{ what }</dd></> }) }</dl>
                </div>
            </dialog>
        </div>
    }
}
