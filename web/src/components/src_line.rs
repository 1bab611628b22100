//! A CUDA C kernel's listing: each CUDA line as a row of its own above
//! the instructions it became. Only a compiled kernel draws these, and
//! its compiler is in the second part of the wasm, so this code waits
//! there too (docs/perf.md, "Loading the rest").

use yew::prelude::*;

/// The row for source line `line` of `source`, before instruction
/// `first`; a click selects that instruction.
#[inline(never)]
pub fn header(source: &str, line: usize, first: usize, on_select: &Callback<usize>) -> Html {
    let text = source
        .lines()
        .nth(line.wrapping_sub(1))
        .unwrap_or("")
        .trim();
    let cb = on_select.clone();
    html! {
        <tr key={format!("s{first}")} class="src" data-line={line.to_string()}
            onclick={Callback::from(move |_| cb.emit(first))}>
            <td class="src-line" colspan="3">{ format!("// {line}: {text}") }</td>
        </tr>
    }
}
