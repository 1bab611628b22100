//! MOVM: the source and result 8x8 matrices; each result element names the lane.half it came from.

use super::draw::*;
use crate::i18n::tr;
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// Side of a matrix element.
const CS: i32 = 34;

/// The drawing of one step. The hover key of a result element is
/// `2 * lane + half`.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::Movm {
        src_lane,
        src_half,
        reads_inactive,
    } = &ev.detail
    else {
        return Html::default();
    };
    let h = c.hover;
    let hovered_src = h.map(|k| {
        let (l, hh) = (k / 2, k % 2);
        (src_lane[l][hh] as usize, src_half[l][hh] as usize)
    });
    let mut s = Markup::default();
    let matrix = |s: &mut Markup, ox: i32, result: bool| {
        s.el("g").open();
        for (l, hh) in (0..32).flat_map(|l| (0..2).map(move |hh| (l, hh))) {
            // Element (r, c) of the 8x8 matrix lives in lane 4r + c/2, half c%2.
            let (r, c) = (l / 4, 2 * (l % 4) + hh);
            let (sl, sh) = (src_lane[l][hh] as usize, src_half[l][hh] as usize);
            let key = l * 2 + hh;
            let (ex, ey) = (ox + c as i32 * CS, 24 + r as i32 * CS);
            if result {
                let hl = if h == Some(key) { "hl" } else { "" };
                let undef = if bit(*reads_inactive, l) { "undef" } else { "" };
                s.el("g").class(&["mcell", hl, undef]);
                s.num("data-lane", l).num("data-half", hh);
                s.num("data-src-lane", sl).num("data-src-half", sh);
                s.num("data-hover", key).open();
                s.title(&format!("lane {l} {} ← lane {sl} {}", half(hh), half(sh)));
            } else {
                let hl = if hovered_src == Some((l, hh)) {
                    "hl"
                } else {
                    ""
                };
                s.el("g").class(&["mcell", "src", hl]);
                s.num("data-lane", l).num("data-half", hh).open();
            }
            s.el("rect").num("x", ex).num("y", ey);
            s.num("width", CS - 2).num("height", CS - 2).end();
            let label = if result {
                format!("{sl}.{sh}")
            } else {
                format!("{l}.{hh}")
            };
            s.text_el(
                |s| {
                    s.num("x", ex + CS / 2 - 1).num("y", ey + CS / 2 + 4);
                    s.attr("text-anchor", "middle");
                },
                &label,
            );
            s.close("g");
        }
        s.close("g");
    };
    caption(
        &mut s,
        "caption",
        16,
        tr("source: element = lane.half (row = lane / 4)"),
    );
    matrix(&mut s, X0, false);
    s.text_el(
        |s| {
            s.class(&["caption", "big"])
                .num("x", X0 + 8 * CS + 30)
                .attr("y", "160");
        },
        "→ᵀ",
    );
    s.text_el(
        |s| {
            s.class(&["caption"])
                .num("x", X0 + 8 * CS + 90)
                .attr("y", "16");
        },
        tr("result: element = the lane.half it came from"),
    );
    matrix(&mut s, X0 + 8 * CS + 90, true);
    svg(24 + 8 * CS + 8, "movm", s)
}

/// The name of half `h` of a lane's 32 bits.
fn half(h: usize) -> &'static str {
    if h == 0 {
        tr("low half")
    } else {
        tr("high half")
    }
}
