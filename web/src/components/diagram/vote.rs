//! VOTE: the lanes that ran, their inputs, the ballot bits and the result.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
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
    let (h, on_hover, ran) = (c.hover, &c.on_hover, ev.lanes);
    let body = html! {
        <>
            { lane_numbers(8) }
            { lane_row(24, tr("ran"), "ran", h, on_hover, &|l| mask_cell(ran, u32::MAX, l, "✓", "·")) }
            { lane_row(52, tr("input"), "input", h, on_hover, &|l| mask_cell(*inputs, ran, l, "1", "0")) }
            { lane_row(80, tr("ballot bit"), "ballot", h, on_hover, &|l| {
                let b = bit(*ballot, l);
                Some(Cell { class: if b { "one" } else { "zero" }, text: u8::from(b).to_string(),
                    title: trf("ballot bit {0} = {1}", &[&l, &u8::from(b)]), value: u8::from(b).to_string() })
            }) }
            <text class="caption big" x={X0.to_string()} y="130" data-ballot={ballot.to_string()} data-result={result.to_string()}>
                { trf("ballot = {0}   {1} → {2}", &[&format!("{ballot:#010x}"), &op.name().to_ascii_uppercase(), result]) }
            </text>
        </>
    };
    svg(142, "vote", body)
}
