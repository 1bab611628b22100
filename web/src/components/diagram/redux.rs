//! REDUX: the inputs flowing into the result.

use super::draw::*;
use crate::i18n::tr;
use crate::state::{all_formats, Fmt};
use warpscope_core::sim::{EventDetail, IntType, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::Redux {
        op,
        dtype,
        inputs,
        result,
    } = &ev.detail
    else {
        return Html::default();
    };
    let (h, on_hover, ran) = (c.hover, &c.on_hover, ev.lanes);
    // Signed data read as unsigned would show -1 as 4294967295.
    let fmt = match (dtype, c.fmt) {
        (IntType::S32, Fmt::Unsigned) => Fmt::Signed,
        (_, f) => f,
    };
    let rx = X0 + 16 * DX;
    let lines = (0..32).filter(|&l| bit(ran, l)).map(|l| {
                let class = classes!("flow", h.map(|hl| if hl == l { "hl" } else { "dim" }));
                html! { <line {class} x1={x(l).to_string()} y1="54" x2={rx.to_string()} y2="104" data-lane={l.to_string()} /> }
            });
    let body = html! {
        <>
            { lane_numbers(8) }
            <g class="flows">{ for lines }</g>
            { lane_row(26, tr("input"), "input", h, on_hover, &|l| bit(ran, l).then(|| Cell {
                class: "val", text: fmt.show(inputs[l]),
                title: format!("lane {l} Ra = {}\n{}", fmt.show(inputs[l]), all_formats(inputs[l])), value: inputs[l].to_string() })) }
            <g class="result" data-result={result.to_string()}>
                <rect x={(rx - 90).to_string()} y="104" width="180" height="28" rx="4" />
                <text x={rx.to_string()} y="123" text-anchor="middle">{ format!("{}.{} = {}", op.name().to_ascii_uppercase(), dtype.name().to_ascii_uppercase(), fmt.show(*result)) }</text>
                <title>{ all_formats(*result) }</title>
            </g>
        </>
    };
    svg(142, "redux", body)
}
