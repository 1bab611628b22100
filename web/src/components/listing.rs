//! The listing: one row per instruction with its address, its encoding in
//! hex (as core formats the dialect's words, most significant digit first)
//! and its canonical disassembly, all as core produced them. Dialects with
//! scheduling control words (Maxwell) get a row for each control word, in
//! the code stream's order, with its slots in maxas' notation.

use super::listing_row::ListingRow;
use crate::i18n::{tr, trf};
use crate::state::Lines;
use crate::state::{Assembled, Ptr};
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
    pub breakpoints: Ptr<Lines>,
    /// A row was clicked.
    pub on_select: Callback<usize>,
}

/// Up and Down select the row above or below, Home and End the first and
/// the last (as a click on the row does).
fn row_keys(p: &ListingProps) -> Callback<KeyboardEvent> {
    let n = p.asm.as_ref().map_or(0, |a| a.rows.len());
    let (sel, on_select) = (p.selected, p.on_select.clone());
    Callback::from(move |e: KeyboardEvent| {
        let to = match (e.key().as_str(), sel) {
            ("ArrowDown", Some(i)) => i + 1,
            ("ArrowUp", Some(i)) => i.saturating_sub(1),
            ("ArrowDown" | "ArrowUp" | "Home", _) => 0,
            ("End", _) => n.saturating_sub(1),
            _ => return,
        };
        e.prevent_default();
        if to < n {
            on_select.emit(to);
        }
    })
}

/// The listing.
#[function_component(Listing)]
pub fn listing(p: &ListingProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let body_ref = use_node_ref();
    // The row that runs next is kept in view; so is the selected row when
    // the selection is what moved (a click, or the arrow keys).
    let last_exec = use_mut_ref(|| None::<usize>);
    {
        let body_ref = body_ref.clone();
        use_effect_with((p.selected, p.exec), move |(sel, exec)| {
            let moved = *last_exec.borrow() != *exec;
            *last_exec.borrow_mut() = *exec;
            if let Some(body) = body_ref.cast::<web_sys::Element>() {
                if let Some(i) = if moved { exec.or(*sel) } else { sel.or(*exec) } {
                    if let Ok(Some(row)) = body.query_selector(&format!("tr[data-index=\"{i}\"]")) {
                        super::editor::scroll_into_view(&row);
                    }
                }
            }
        });
    }
    // A CUDA C kernel's lines whose instructions are folded away.
    let folded = use_state(Lines::default);
    let on_fold = {
        let folded = folded.clone();
        Callback::from(move |line: usize| {
            let mut f = (*folded).clone();
            if !f.remove(&line) {
                f.insert(line);
            }
            folded.set(f);
        })
    };
    let rows = p.asm.as_ref().map(|a| {
        let mut out: Vec<Html> = Vec::with_capacity(a.rows.len() + a.controls.len());
        let mut ctl = a.controls.iter().enumerate().peekable();
        for i in 0..a.rows.len() {
            while let Some((k, c)) = ctl.next_if(|(_, c)| c.first <= i) {
                let cb = p.on_select.clone();
                let first = c.first;
                out.push(html! {
                    <tr key={format!("c{k}")} class="ctrl" data-control={k.to_string()} data-first={first.to_string()}
                        data-addr={format!("{:#x}", c.addr)} data-hex={format!("{:016x}", c.word)}
                        title={tr("scheduling control word: one slot per instruction (wait:read barrier:write barrier:yield:stall)")}
                        onclick={Callback::from(move |_| cb.emit(first))}>
                        <td class="addr">{ format!("{:04x}", c.addr) }</td>
                        <td class="dis ctl-text">{ format!("// control: {}", c.text) }</td>
                        <td class="hex">{ format!("{:016x}", c.word) }</td>
                    </tr>
                });
            }
            let r = &a.rows[i];
            let folded = a.cuda.is_some() && folded.contains(&r.line);
            if a.cuda.is_some() && (i == 0 || a.rows[i - 1].line != r.line) {
                let count = a.rows[i..].iter().take_while(|x| x.line == r.line).count();
                let h = super::src_line::Header { source: &a.source, line: r.line, first: i, count, folded };
                out.push(super::src_line::header(h, &p.on_select, &on_fold));
            }
            if folded && p.exec != Some(i) && p.selected != Some(i) {
                continue;
            }
            out.push(html! {
                <ListingRow key={format!("i{i}")} index={i} addr={r.addr} line={r.line}
                    text={AttrValue::from(r.text.clone())} hex={AttrValue::from(r.hex.clone())}
                    selected={p.selected == Some(i)} exec={p.exec == Some(i)}
                    bp={p.breakpoints.contains(&r.line)} on_select={p.on_select.clone()} />
            });
        }
        out.into_iter().collect::<Html>()
    });
    let rev = p.asm.as_ref().map_or(0, |a| a.rows.len());
    let isa = p.asm.as_ref().map(|a| a.isa.isa());
    let hex_head = match isa {
        Some(i) if i.dialect.max_words > 1 => trf("encoding (hex, {0}-bit words)", &[&i.word_bits]),
        Some(i) => trf("encoding (hex, bit {0} first)", &[&(i.word_bits - 1)]),
        None => tr("encoding (hex)").to_string(),
    };
    html! {
        <section class={classes!("pane", "listing-pane", p.stale.then_some("stale"))} data-core="" aria-label={tr("listing")}>
            <div class="pane-head">
                <h2>{ tr("Listing") }</h2>
                if p.stale { <span class="stale-badge" title={tr("from the last program that assembled")}>{ tr("stale") }</span> }
                <span class="pane-info">{ trf("{0} instructions", &[&rev]) }</span>
            </div>
            <div class="scroll" tabindex="0" role="region" aria-label={tr("listing rows")} data-keys-need-rest="" onkeydown={row_keys(p)}>
                <table class="listing" id="listing" data-stale={p.stale.to_string()}>
                    <thead><tr><th>{ tr("addr") }</th><th>{ tr("disassembly") }</th><th>{ hex_head }</th></tr></thead>
                    <tbody ref={body_ref}>{ for rows }</tbody>
                </table>
            </div>
        </section>
    }
}
