//! The console of a CUDA C kernel: what its `printf` calls printed so
//! far, one line per lane and call, in the order the warp printed them,
//! each with its lane. Stepping back takes lines away again.

use crate::i18n::{tr, trf};
use std::rc::Rc;
use warpscope_core::cuda::Print;
use yew::prelude::*;

/// The most lines drawn (the latest ones).
const SHOWN: usize = 1000;

/// Console props.
#[derive(Properties, PartialEq)]
pub struct ConsoleProps {
    /// What was printed: the step, the lane and the text.
    pub printed: Rc<Vec<(u64, Print)>>,
}

/// The pane.
#[function_component(Console)]
pub fn console(p: &ConsoleProps) -> Html {
    crate::i18n::use_lang();
    let n = p.printed.len();
    let from = n.saturating_sub(SHOWN);
    html! {
        <section class="pane console-pane" aria-label={tr("printf output")}>
            <div class="pane-head">
                <h2>{ "printf" }</h2>
                <span class="pane-info" id="console-count">{ trf("{0} lines", &[&n]) }</span>
                if from > 0 {
                    <span class="pane-info">{ trf("the last {0} shown", &[&SHOWN]) }</span>
                }
            </div>
            if n == 0 {
                <p class="empty">{ tr("Nothing printed yet: step the kernel to a printf.") }</p>
            } else {
                <ol class="console" id="console" tabindex="0" aria-live="polite" aria-label={tr("printf output")}>
                    { for p.printed[from..].iter().map(|(_, line)| html! {
                        <li data-lane={line.lane.to_string()}>
                            <span class="console-lane">{ line.lane }</span>
                            <span class="console-text">{ line.text.trim_end_matches('\n').to_string() }</span>
                        </li>
                    }) }
                </ol>
            }
        </section>
    }
}
