//! A CUDA C kernel's listing: each CUDA line as a row of its own above
//! the instructions it became, with a button that folds them away (the
//! instruction that runs next, and the selected one, stay in view).
//! Only a compiled kernel draws these, and its compiler is in the second
//! part of the wasm, so this code waits there too (docs/perf.md,
//! "Loading the rest").

use crate::i18n::trf;
use yew::prelude::*;

/// What the row of one CUDA line shows.
pub struct Header<'a> {
    /// The kernel's text.
    pub source: &'a str,
    /// The 1-based line.
    pub line: usize,
    /// Its first instruction.
    pub first: usize,
    /// How many instructions it became.
    pub count: usize,
    /// Whether they are folded away.
    pub folded: bool,
    /// Its place among the listing's rows, for screen readers.
    pub rowindex: String,
}

/// The row of `h`; a click selects the line's first instruction, the
/// button folds or unfolds its instructions.
#[inline(never)]
pub fn header(h: Header, on_select: &Callback<usize>, on_fold: &Callback<usize>) -> Html {
    let text = h
        .source
        .lines()
        .nth(h.line.wrapping_sub(1))
        .unwrap_or("")
        .trim();
    let (first, line) = (h.first, h.line);
    let select = on_select.clone();
    let fold = on_fold.clone();
    let label = if h.folded {
        trf("show the {0} instructions of line {1}", &[&h.count, &line])
    } else {
        trf("hide the {0} instructions of line {1}", &[&h.count, &line])
    };
    html! {
        <tr key={format!("s{first}")} class={classes!("src", h.folded.then_some("folded"))} data-line={line.to_string()} aria-rowindex={h.rowindex}
            onclick={Callback::from(move |_| select.emit(first))}>
            <td class="src-line" colspan="3">
                <button class="src-fold" aria-expanded={(!h.folded).to_string()} aria-label={label.clone()} title={label}
                    onclick={Callback::from(move |e: MouseEvent| { e.stop_propagation(); fold.emit(line); })}>
                    { if h.folded { "▸" } else { "▾" } }
                </button>
                <span class="src-text">{ format!("// {line}: {text}") }</span>
                if h.folded { <span class="src-count">{ trf(" ({0} instructions)", &[&h.count]) }</span> }
            </td>
        </tr>
    }
}
