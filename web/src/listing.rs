//! The listing: one row per instruction with its address, its encoding in
//! hex (groups of 8 digits, most significant first) and its canonical
//! disassembly, all as core produced them.

use crate::state::{Assembled, Ptr};
use std::collections::BTreeSet;
use yew::prelude::*;

/// Listing props.
#[derive(Properties, PartialEq)]
pub struct ListingProps {
    /// The program shown.
    pub asm: Option<Ptr<Assembled>>,
    /// True when the source no longer assembles (the rows are the last good
    /// ones).
    pub stale: bool,
    /// Selected row.
    pub selected: Option<usize>,
    /// Row that runs next.
    pub exec: Option<usize>,
    /// Breakpoint lines.
    pub breakpoints: Ptr<BTreeSet<usize>>,
    /// A row was clicked.
    pub on_select: Callback<usize>,
}

#[derive(Properties, PartialEq)]
struct RowProps {
    asm: Ptr<Assembled>,
    index: usize,
    selected: bool,
    exec: bool,
    bp: bool,
    on_select: Callback<usize>,
}

/// One listing row; redrawn only when its own state changes.
#[function_component(ListingRow)]
fn listing_row(p: &RowProps) -> Html {
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

/// The listing.
#[function_component(Listing)]
pub fn listing(p: &ListingProps) -> Html {
    let body_ref = use_node_ref();
    {
        let body_ref = body_ref.clone();
        use_effect_with((p.selected, p.exec), move |(sel, exec)| {
            if let Some(body) = body_ref.cast::<web_sys::Element>() {
                if let Some(i) = exec.or(*sel) {
                    if let Ok(Some(row)) = body.query_selector(&format!("tr[data-index=\"{i}\"]")) {
                        crate::editor::scroll_into_view(&row);
                    }
                }
            }
        });
    }
    let rows = p.asm.as_ref().map(|a| {
        (0..a.rows.len())
            .map(|i| {
                let line = a.rows[i].line;
                html! {
                    <ListingRow key={i} asm={a.clone()} index={i} selected={p.selected == Some(i)}
                        exec={p.exec == Some(i)} bp={p.breakpoints.contains(&line)} on_select={p.on_select.clone()} />
                }
            })
            .collect::<Html>()
    });
    let rev = p.asm.as_ref().map_or(0, |a| a.rows.len());
    html! {
        <section class={classes!("pane", "listing-pane", p.stale.then_some("stale"))} aria-label="listing">
            <div class="pane-head">
                <h2>{ "Listing" }</h2>
                if p.stale { <span class="stale-badge" title="the program has errors; this is the last version that assembled">{ "stale" }</span> }
                <span class="pane-info">{ format!("{rev} instructions") }</span>
            </div>
            <div class="scroll">
                <table class="listing" id="listing" data-stale={p.stale.to_string()}>
                    <thead><tr><th>{ "addr" }</th><th>{ "disassembly" }</th><th>{ "encoding (hex, bit 127 first)" }</th></tr></thead>
                    <tbody ref={body_ref}>{ for rows }</tbody>
                </table>
            </div>
        </section>
    }
}
