//! The notice shown once when the browser does not keep the work (local
//! storage missing, disabled or full), with a way to download it.

use yew::prelude::*;

use crate::i18n::{tr, trf};

/// "Your work is not being saved" (`reason`), with "Download program"
/// for `source`, written for `isa`.
#[inline(never)] // shown only when storage fails (docs/perf.md)
pub fn storage_notice(
    isa: warpscope_core::isas::Id,
    source: &std::rc::Rc<String>,
    reason: &str,
) -> Html {
    let onclick = {
        let source = source.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = crate::export::save_text(&format!("program-{isa}.s"), &source);
        })
    };
    html! {
        <div id="storage-notice" class="banner banner-warning" role="alert">
            <div class="banner-text">
                <p>{ trf("Your work is not being saved: {0}. Download the program to keep it.", &[&reason]) }</p>
            </div>
            <button class="btn small" id="btn-download" {onclick}>{ tr("Download program") }</button>
        </div>
    }
}
