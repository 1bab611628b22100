//! What every lane diagram is drawn with: the lane columns, a row of 32
//! lane cells, the SVG frame with its arrowhead.

use crate::i18n::{tr, trf};
use crate::state::Fmt;
use yew::prelude::*;

/// What a family's drawing needs besides the event.
pub struct Ctx {
    /// The hovered lane (or element), if any.
    pub hover: Option<usize>,
    /// Hover changes.
    pub on_hover: Callback<Option<usize>>,
    /// Value format.
    pub fmt: Fmt,
}

/// Left edge of lane 0 (after the row labels).
pub const X0: i32 = 78;
/// Width of a lane column.
pub const DX: i32 = 28;
/// Width of the drawing.
pub const W: i32 = X0 + 32 * DX + 12;

/// Centre of lane `l`.
pub fn x(l: usize) -> i32 {
    X0 + l as i32 * DX + DX / 2
}

/// Whether lane `l` is set in `m`.
pub fn bit(m: u32, l: usize) -> bool {
    m >> l & 1 == 1
}

/// A cell's box and its text, whole, centred on `cx` at `y`: up to 3
/// characters large, up to 5 small, longer ones in lines of 5 (up to 10)
/// or of 6 in a smaller size.
fn cell_text(cx: i32, y: i32, text: &str) -> Html {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    if n <= 5 {
        return cell_box(cx, y, (n > 3).then_some("small"), text.to_string().into());
    }
    // Sizes in tenths of a unit (integers: no float formatting code).
    let (per, size, lh, class) = if n <= 10 {
        (5, 75, 80, "small")
    } else {
        (6, 60, 65, "tiny")
    };
    let lines: Vec<String> = chars.chunks(per).map(|c| c.iter().collect()).collect();
    let k = lines.len() as i32;
    let tenths = |v: i32| {
        format!(
            "{}{}.{}",
            if v < 0 { "-" } else { "" },
            v.abs() / 10,
            v.abs() % 10
        )
    };
    // The first line's baseline, relative to the one-line baseline at y + 15.
    let up = 110 + size * 35 / 100 - (k - 1) * lh / 2 - 150;
    let spans = lines.iter().enumerate().map(|(i, l)| {
        let dy = tenths(if i == 0 { up } else { lh });
        html! { <tspan x={cx.to_string()} {dy}>{ l }</tspan> }
    });
    cell_box(cx, y, Some(class), spans.collect())
}

/// One lane cell of a row.
pub struct Cell {
    /// CSS class.
    pub class: &'static str,
    /// Text drawn.
    pub text: String,
    /// Hover title.
    pub title: String,
    /// `data-value`.
    pub value: String,
}

/// A row of 32 lane cells at height `y` with a label on the left.
pub fn lane_row(
    y: i32,
    label: &str,
    row: &'static str,
    hover: Option<usize>,
    on_hover: &Callback<Option<usize>>,
    cell: &dyn Fn(usize) -> Option<Cell>,
) -> Html {
    let cells = (0..32).filter_map(|l| {
        let c = cell(l)?;
        let enter = on_hover.reform(move |_: MouseEvent| Some(l));
        let leave = on_hover.reform(|_: MouseEvent| None);
        let hl = hover == Some(l);
        Some(html! {
            <g class={classes!("cell", c.class, hl.then_some("hl"))} data-row={row} data-lane={l.to_string()}
               data-value={c.value} onmouseenter={enter} onmouseleave={leave}>
                <title>{ c.title }</title>
                { cell_text(x(l), y, &c.text) }
            </g>
        })
    });
    html! {
        <g class="lane-row" data-row={row}>
            <text class="row-label" x={(X0 - 8).to_string()} y={(y + 15).to_string()} text-anchor="end">{ label.to_string() }</text>
            { for cells }
        </g>
    }
}

/// A cell's box centred on `cx` with its top at `y`, and its text (with
/// a size `class` for long texts).
pub fn cell_box(cx: i32, y: i32, class: Option<&'static str>, text: Html) -> Html {
    html! {
        <>
            <rect x={(cx - DX / 2 + 2).to_string()} y={y.to_string()} width={(DX - 4).to_string()} height="22" rx="3" />
            <text x={cx.to_string()} y={(y + 15).to_string()} text-anchor="middle" {class}>{ text }</text>
        </>
    }
}

/// The row of lane numbers at height `y`.
pub fn lane_numbers(y: i32) -> Html {
    html! {
        <g class="lane-numbers">
            <text class="row-label" x={(X0 - 8).to_string()} y={(y + 10).to_string()} text-anchor="end">{ "lane" }</text>
            { for (0..32).map(|l| html!{ <text x={x(l).to_string()} y={(y + 10).to_string()} text-anchor="middle">{ l }</text> }) }
        </g>
    }
}

/// The SVG frame of a diagram. Screen readers get the text alternative
/// of the diagram's container ([`super::describe`]) instead.
pub fn svg(height: i32, kind: &'static str, body: Html) -> Html {
    html! {
        <svg class="diagram-svg" data-kind={kind} viewBox={format!("0 0 {W} {height}")} width="100%"
             preserveAspectRatio="xMinYMin meet" aria-hidden="true">
            <defs>
                <marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead" />
                </marker>
            </defs>
            { body }
        </svg>
    }
}

/// A cell showing lane `l` of mask `m` among the lanes of `part`.
pub fn mask_cell(m: u32, part: u32, l: usize, yes: &str, no: &str) -> Option<Cell> {
    let on = bit(m, l);
    let part = bit(part, l);
    let state = if part {
        yes_no(on)
    } else {
        tr("did not take part")
    };
    Some(Cell {
        class: if !part {
            "off"
        } else if on {
            "one"
        } else {
            "zero"
        },
        text: if !part {
            "·".into()
        } else if on {
            yes.into()
        } else {
            no.into()
        },
        title: trf("lane {0}: {1}", &[&l, &state]),
        value: u8::from(on).to_string(),
    })
}

/// `true` or `false`, in words of the interface.
pub fn yes_no(b: bool) -> &'static str {
    if b {
        tr("true")
    } else {
        tr("false")
    }
}
