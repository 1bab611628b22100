//! What every lane diagram is drawn with: the lane columns, a row of 32
//! lane cells, the SVG frame with its arrowhead.
//!
//! A diagram is written as SVG text ([`Markup`]) and handed to the page
//! whole ([`svg`]). Elements that react to the pointer carry
//! `data-hover`; the pane reads it from the element under the pointer
//! (see the pane's `mouseover` handler).

use crate::i18n::{tr, trf};
pub use crate::markup::Markup;
use crate::state::{all_formats, Fmt};
use yew::prelude::*;

/// What a family's drawing needs besides the event.
pub struct Ctx {
    /// The hovered lane (or element), if any.
    pub hover: Option<usize>,
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

/// A row label at the left, its baseline at `y`.
pub fn row_label(s: &mut Markup, y: i32, label: &str) {
    s.text_el(
        |s| {
            s.class(&["row-label"])
                .num("x", X0 - 8)
                .num("y", y)
                .attr("text-anchor", "end");
        },
        label,
    );
}

/// A caption (`class`) at the left, its baseline at `y`.
pub fn caption(s: &mut Markup, class: &str, y: i32, text: &str) {
    s.text_el(
        |s| {
            s.class(&[class]).num("x", X0).num("y", y);
        },
        text,
    );
}

/// A cell's box and its text, whole, centred on `cx` at `y`: up to 3
/// characters large, up to 5 small, longer ones in lines of 5 (up to 10)
/// or of 6 in a smaller size.
fn cell_text(s: &mut Markup, cx: i32, y: i32, text: &str) {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    if n <= 5 {
        cell_box(s, cx, y, if n > 3 { "small" } else { "" }, text);
        return;
    }
    // Sizes in tenths of a unit (integers: no float formatting code).
    let (per, size, lh, class) = if n <= 10 {
        (5, 75, 80, "small")
    } else {
        (6, 60, 65, "tiny")
    };
    let k = n.div_ceil(per) as i32;
    // The first line's baseline, relative to the one-line baseline at y + 15.
    let up = 110 + size * 35 / 100 - (k - 1) * lh / 2 - 150;
    cell_rect(s, cx, y);
    cell_text_open(s, cx, y, class);
    for (i, line) in chars.chunks(per).enumerate() {
        let dy = if i == 0 { up } else { lh };
        let sign = if dy < 0 { "-" } else { "" };
        let line: String = line.iter().collect();
        s.el("tspan").num("x", cx);
        s.attr("dy", &format!("{sign}{}.{}", dy.abs() / 10, dy.abs() % 10));
        s.open().text(&line).close("tspan");
    }
    s.close("text");
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

/// A cell showing value `v` in format `fmt`, titled `what = v` in that
/// format and then in all of them.
pub fn value_cell(fmt: Fmt, what: &str, v: u32) -> Cell {
    Cell {
        class: "val",
        text: fmt.show(v),
        title: format!("{what} = {}\n{}", fmt.show(v), all_formats(v)),
        value: v.to_string(),
    }
}

/// A row of 32 lane cells at height `y` with a label on the left; each
/// cell hovers its lane.
pub fn lane_row(
    s: &mut Markup,
    y: i32,
    label: &str,
    row: &str,
    hover: Option<usize>,
    cell: &dyn Fn(usize) -> Option<Cell>,
) {
    s.el("g").class(&["lane-row"]).attr("data-row", row).open();
    row_label(s, y + 15, label);
    for l in 0..32 {
        let Some(c) = cell(l) else { continue };
        let hl = if hover == Some(l) { "hl" } else { "" };
        s.el("g")
            .class(&["cell", c.class, hl])
            .attr("data-row", row);
        s.num("data-lane", l).attr("data-value", &c.value);
        s.num("data-hover", l).open().title(&c.title);
        cell_text(s, x(l), y, &c.text);
        s.close("g");
    }
    s.close("g");
}

/// A cell's rounded box centred on `cx` with its top at `y`.
fn cell_rect(s: &mut Markup, cx: i32, y: i32) {
    s.el("rect").num("x", cx - DX / 2 + 2).num("y", y);
    s.num("width", DX - 4)
        .attr("height", "22")
        .attr("rx", "3")
        .end();
}

/// Opens a cell's `<text>` (with a size `class` for long texts).
fn cell_text_open(s: &mut Markup, cx: i32, y: i32, class: &str) {
    s.el("text")
        .num("x", cx)
        .num("y", y + 15)
        .attr("text-anchor", "middle");
    if !class.is_empty() {
        s.class(&[class]);
    }
    s.open();
}

/// A cell's box centred on `cx` with its top at `y`, and its text (with
/// a size `class` for long texts).
pub fn cell_box(s: &mut Markup, cx: i32, y: i32, class: &str, text: &str) {
    cell_rect(s, cx, y);
    cell_text_open(s, cx, y, class);
    s.text(text).close("text");
}

/// The row of lane numbers at height `y`.
pub fn lane_numbers(s: &mut Markup, y: i32) {
    s.el("g").class(&["lane-numbers"]).open();
    row_label(s, y + 10, "lane");
    for l in 0..32 {
        let n = l.to_string();
        s.text_el(
            |s| {
                s.num("x", x(l))
                    .num("y", y + 10)
                    .attr("text-anchor", "middle");
            },
            &n,
        );
    }
    s.close("g");
}

/// The SVG frame of a diagram around `body`, as the page shows it.
/// Screen readers get the text alternative of the diagram's container
/// ([`super::describe`]) instead.
pub fn svg(height: i32, kind: &str, body: Markup) -> Html {
    let mut s = Markup::default();
    s.el("svg").class(&["diagram-svg"]);
    s.attr("data-kind", kind)
        .attr("viewBox", &format!("0 0 {W} {height}"))
        .attr("width", "100%");
    // The smallest text size the drawing holds (a cell's 6- or 7.5-unit
    // text): an embed never draws it under 9 CSS px but scrolls (`--fit`,
    // style.css).
    let fit = if body.as_str().contains(" class=\"tiny\"") {
        "1.5"
    } else if body.as_str().contains(" class=\"small\"") {
        "1.2"
    } else {
        "1"
    };
    s.attr("style", &format!("--fit:{fit}"));
    s.attr("preserveAspectRatio", "xMinYMin meet")
        .attr("aria-hidden", "true")
        .open();
    s.raw(concat!(
        r#"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">"#,
        r#"<path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead"/></marker></defs>"#
    ));
    s.raw(body.as_str());
    s.close("svg");
    s.into_html()
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
