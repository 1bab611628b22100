//! One row of the listing: address, disassembly and encoding.

use yew::prelude::*;

use crate::state::{Assembled, Ptr};

/// Listing row props.
#[derive(Properties, PartialEq)]
pub struct RowProps {
    /// The program.
    pub asm: Ptr<Assembled>,
    /// The instruction's index.
    pub index: usize,
    /// It is selected.
    pub selected: bool,
    /// It runs next.
    pub exec: bool,
    /// Its line has a breakpoint.
    pub bp: bool,
    /// It was clicked.
    pub on_select: Callback<usize>,
}

/// One listing row; redrawn only when its own state changes.
#[function_component(ListingRow)]
pub fn listing_row(p: &RowProps) -> Html {
    let i = p.index;
    let Some(r) = p.asm.rows.get(i) else {
        return html! {};
    };
    let cb = p.on_select.clone();
    let class = classes!(
        p.selected.then_some("selected"),
        p.exec.then_some("exec"),
        p.bp.then_some("bp"),
    );
    html! {
        <tr {class} data-index={i.to_string()} data-addr={format!("{:#x}", r.addr)}
            data-line={r.line.to_string()} data-hex={r.hex.replace(' ', "")}
            onclick={Callback::from(move |_| cb.emit(i))}>
            <td class="addr">{ format!("{:04x}", r.addr) }</td>
            <td class="dis">{ &r.text }</td>
            <td class="hex">{ &r.hex }</td>
        </tr>
    }
}
