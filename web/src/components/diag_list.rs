//! The list of errors and warnings under the editor; a click moves the
//! caret to the place.

use yew::prelude::*;

use crate::i18n::tr;
use crate::state::DiagView;

/// The list (nothing when there are no diagnostics).
pub fn diag_list(diags: &[DiagView], on_goto: &Callback<usize>) -> Html {
    if diags.is_empty() {
        return Html::default();
    }
    let items = diags.iter().map(|d| {
        let start = d.start;
        let onclick = on_goto.reform(move |_: MouseEvent| start);
        let help = d.help();
        let (kind, shown) = if d.error {
            ("error", tr("error"))
        } else {
            ("warning", tr("warning"))
        };
        html! {
            <li class={classes!("diag", kind)} data-line={d.line.to_string()} data-col={d.col.to_string()}
                {onclick} title={tr("go to this place")}>
                <span class="diag-pos">{ format!("{}:{}", d.line, d.col) }</span>
                <span class="diag-kind">{ shown }</span>
                <span class="diag-msg">{ d.message() }</span>
                if let Some(help) = help { <span class="diag-help">{ tr("help: ") }{ help }</span> }
            </li>
        }
    });
    html! { <ul class="diag-list" id="diag-list">{ for items }</ul> }
}
