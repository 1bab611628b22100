//! One row of the listing: address, disassembly and encoding.

use yew::prelude::*;

/// Listing row props: what the row shows, so that a row whose text did
/// not change is not drawn again when the program is assembled anew (an
/// edit elsewhere, in a program of thousands of lines).
#[derive(Properties, PartialEq)]
pub struct RowProps {
    /// The instruction's index.
    pub index: usize,
    /// Its byte address.
    pub addr: u64,
    /// Its 1-based source line.
    pub line: usize,
    /// Its canonical disassembly.
    pub text: AttrValue,
    /// Its encoding in hex, as the listing groups it.
    pub hex: AttrValue,
    /// It is selected.
    pub selected: bool,
    /// It runs next.
    pub exec: bool,
    /// Its line has a breakpoint.
    pub bp: bool,
    /// It was clicked.
    pub on_select: Callback<usize>,
    /// Its place among the listing's rows, for screen readers (the
    /// listing draws only the rows in view).
    pub rowindex: String,
}

/// One listing row; redrawn only when what it shows changes.
#[function_component(ListingRow)]
pub fn listing_row(p: &RowProps) -> Html {
    let i = p.index;
    let cb = p.on_select.clone();
    let class = classes!(
        p.selected.then_some("selected"),
        p.exec.then_some("exec"),
        p.bp.then_some("bp"),
    );
    html! {
        <tr {class} data-index={i.to_string()} data-addr={format!("{:#x}", p.addr)}
            data-line={p.line.to_string()} data-hex={p.hex.replace(' ', "")} aria-rowindex={p.rowindex.clone()}
            onclick={Callback::from(move |_| cb.emit(i))}>
            <td class="addr">{ format!("{:04x}", p.addr) }</td>
            <td class="dis">{ p.text.clone() }</td>
            <td class="hex">{ p.hex.clone() }</td>
        </tr>
    }
}
