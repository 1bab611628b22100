//! VOTE: the lanes that ran, their inputs, the ballot bits and the result.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::Vote {
        op,
        inputs,
        ballot,
        result,
    } = &ev.detail
    else {
        return Html::default();
    };
    let (h, ran) = (c.hover, ev.lanes);
    let mut s = Markup::default();
    lane_numbers(&mut s, 8);
    lane_row(&mut s, 24, tr("ran"), "ran", h, &|l| {
        mask_cell(ran, u32::MAX, l, "✓", "·")
    });
    lane_row(&mut s, 52, tr("input"), "input", h, &|l| {
        mask_cell(*inputs, ran, l, "1", "0")
    });
    lane_row(&mut s, 80, tr("ballot bit"), "ballot", h, &|l| {
        let b = u8::from(bit(*ballot, l));
        Some(Cell {
            class: if b == 1 { "one" } else { "zero" },
            text: b.to_string(),
            title: trf("ballot bit {0} = {1}", &[&l, &b]),
            value: b.to_string(),
        })
    });
    let text = trf(
        "ballot = {0}   {1} → {2}",
        &[
            &format!("{ballot:#010x}"),
            &op.name().to_ascii_uppercase(),
            result,
        ],
    );
    s.text_el(
        |s| {
            s.class(&["caption", "big"]).num("x", X0).attr("y", "130");
            s.num("data-ballot", *ballot);
            s.attr("data-result", if *result { "true" } else { "false" });
        },
        &text,
    );
    svg(142, "vote", s)
}
