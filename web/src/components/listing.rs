//! The listing: one row per instruction with its address, its encoding in
//! hex (as core formats the dialect's words, most significant digit first)
//! and its canonical disassembly, all as core produced them. Dialects with
//! scheduling control words (Maxwell) get a row for each control word, in
//! the code stream's order, with its slots in maxas' notation.

use super::listing_row::ListingRow;
use super::window;
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

/// One row of the listing as it is laid out: a control word (its
/// index), a CUDA line's header (its first instruction) or an
/// instruction.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Item {
    Control(usize),
    Header(usize),
    Inst(usize),
}

/// The rows of `a` in order, without the instructions of folded CUDA
/// lines (but with the one that runs next and the selected one).
fn items(a: &Assembled, folded: &Lines, keep: [Option<usize>; 2]) -> Vec<Item> {
    let mut out = Vec::with_capacity(a.rows.len() + a.controls.len());
    let mut ctl = a.controls.iter().enumerate().peekable();
    for (i, r) in a.rows.iter().enumerate() {
        while let Some((k, _)) = ctl.next_if(|(_, c)| c.first <= i) {
            out.push(Item::Control(k));
        }
        let cuda = a.cuda.is_some();
        if cuda && (i == 0 || a.rows[i - 1].line != r.line) {
            out.push(Item::Header(i));
        }
        if !(cuda && folded.contains(&r.line)) || keep.contains(&Some(i)) {
            out.push(Item::Inst(i));
        }
    }
    out
}

/// The row of one item.
fn item_row(
    p: &ListingProps,
    a: &Assembled,
    folded: &Lines,
    on_fold: &Callback<usize>,
    item: Item,
    at: usize,
) -> Html {
    let rowindex = (at + 2).to_string();
    match item {
        Item::Control(k) => {
            let c = &a.controls[k];
            let cb = p.on_select.clone();
            let first = c.first;
            html! {
                <tr key={format!("c{k}")} class="ctrl" data-control={k.to_string()} data-first={first.to_string()}
                    data-addr={format!("{:#x}", c.addr)} data-hex={format!("{:016x}", c.word)} aria-rowindex={rowindex}
                    title={tr("scheduling control word: one slot per instruction (wait:read barrier:write barrier:yield:stall)")}
                    onclick={Callback::from(move |_| cb.emit(first))}>
                    <td class="addr">{ format!("{:04x}", c.addr) }</td>
                    <td class="dis ctl-text">{ format!("// control: {}", c.text) }</td>
                    <td class="hex">{ format!("{:016x}", c.word) }</td>
                </tr>
            }
        }
        Item::Header(i) => {
            let line = a.rows[i].line;
            let count = a.rows[i..].iter().take_while(|x| x.line == line).count();
            let folded = folded.contains(&line);
            let h = super::src_line::Header {
                source: &a.source,
                line,
                first: i,
                count,
                folded,
                rowindex,
            };
            super::src_line::header(h, &p.on_select, on_fold)
        }
        Item::Inst(i) => {
            let r = &a.rows[i];
            html! {
                <ListingRow key={format!("i{i}")} index={i} addr={r.addr} line={r.line} {rowindex}
                    text={AttrValue::from(r.text.clone())} hex={AttrValue::from(r.hex.clone())}
                    selected={p.selected == Some(i)} exec={p.exec == Some(i)}
                    bp={p.breakpoints.contains(&r.line)} on_select={p.on_select.clone()} />
            }
        }
    }
}

/// A spacer row standing for `rows` rows of `px` pixels (see
/// [`super::window`]); none for no rows.
fn gap(key: &'static str, rows: usize, px: f64) -> Option<Html> {
    // (whole pixels: formatting a float would bring std's float printer
    // into the first part of the wasm)
    let style = format!("height: {}px", (rows as f64 * px).round() as u64);
    (rows > 0).then(|| html! { <tr key={key} class="v-gap" aria-hidden="true" {style}><td colspan="3"></td></tr> })
}

/// The height of a listing row until one is measured, in pixels.
const ROW_PX: f64 = 26.0;

/// Keeps row `i` (an instruction) in view: its row where it is drawn,
/// else where the window would draw it.
fn reveal(body: &web_sys::Element, i: usize, at: Option<usize>, row_px: f64) {
    if let Ok(Some(row)) = body.query_selector(&format!("tr[data-index=\"{i}\"]")) {
        super::editor::scroll_into_view(&row);
    } else if let (Some(at), Ok(Some(bx))) = (at, body.closest(".scroll")) {
        let top = body.get_bounding_client_rect().top() + at as f64 * row_px;
        super::editor::scroll_vertically(&bx, top, top + row_px);
    }
}

/// The listing.
#[function_component(Listing)]
pub fn listing(p: &ListingProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let body_ref = use_node_ref();
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
    let items = p
        .asm
        .as_ref()
        .map_or_else(Vec::new, |a| items(a, &folded, [p.exec, p.selected]));
    // The rows drawn: those in view and a screenful around them.
    let view = window::use_view();
    let row_px = use_state(|| ROW_PX);
    let (first, end) = window::window(view.top, view.shown, items.len());
    // The row that runs next is kept in view; so is the selected row when
    // the selection is what moved (a click, or the arrow keys).
    let last_exec = use_mut_ref(|| None::<usize>);
    {
        let (body_ref, row_px) = (body_ref.clone(), row_px.clone());
        let at = |i: usize| items.iter().position(|&it| it == Item::Inst(i));
        let places = (p.selected.and_then(at), p.exec.and_then(at));
        use_effect_with((p.selected, p.exec), move |(sel, exec)| {
            let moved = *last_exec.borrow() != *exec;
            *last_exec.borrow_mut() = *exec;
            let Some(body) = body_ref.cast::<web_sys::Element>() else {
                return;
            };
            // Rows are measured once drawn (the font, presentation mode).
            let drawn = body.query_selector("tr[data-index]").ok().flatten();
            let h = drawn.map_or(0.0, |r| r.get_bounding_client_rect().height());
            if h > 0.0 && (h - *row_px).abs() > 0.5 {
                row_px.set(h);
            }
            let want = if moved { exec.or(*sel) } else { sel.or(*exec) };
            if let Some(i) = want {
                let place = if Some(i) == *exec { places.1 } else { places.0 };
                reveal(&body, i, place, h.max(1.0));
            }
        });
    }
    let onscroll = {
        let (view, row_px) = (view.clone(), *row_px);
        Callback::from(move |e: Event| {
            if let Some(bx) = e.target_dyn_into::<web_sys::Element>() {
                let (top, shown) = window::in_view(&bx, row_px, 0.0);
                window::update(&view, window::View { top, shown });
            }
        })
    };
    let rows = p.asm.as_ref().map(|a| {
        let drawn = items[first..end].iter().enumerate();
        html! {
            <>
                { for gap("above", first, *row_px) }
                { for drawn.map(|(k, &it)| item_row(p, a, &folded, &on_fold, it, first + k)) }
                { for gap("below", items.len() - end, *row_px) }
            </>
        }
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
            <div class="scroll" tabindex="0" role="region" aria-label={tr("listing rows")} data-keys-need-rest="" onkeydown={row_keys(p)} {onscroll}>
                <table class="listing" id="listing" data-stale={p.stale.to_string()} aria-rowcount={(items.len() + 1).to_string()}>
                    <thead><tr aria-rowindex="1"><th>{ tr("addr") }</th><th>{ tr("disassembly") }</th><th>{ hex_head }</th></tr></thead>
                    <tbody ref={body_ref}>{ for rows }</tbody>
                </table>
            </div>
        </section>
    }
}
