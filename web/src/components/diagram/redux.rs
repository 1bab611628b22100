//! REDUX: the inputs flowing into the result.

use super::draw::*;
use crate::i18n::tr;
use crate::state::{all_formats, Fmt};
use warpscope_core::sim::{EventDetail, IntType, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
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
    let (h, ran) = (c.hover, ev.lanes);
    // Signed data read as unsigned would show -1 as 4294967295.
    let fmt = match (dtype, c.fmt) {
        (IntType::S32, Fmt::Unsigned) => Fmt::Signed,
        (_, f) => f,
    };
    let rx = X0 + 16 * DX;
    let mut s = Markup::default();
    lane_numbers(&mut s, 8);
    s.el("g").class(&["flows"]).open();
    for l in (0..32).filter(|&l| bit(ran, l)) {
        let hl = h.map_or("", |hl| if hl == l { "hl" } else { "dim" });
        s.el("line")
            .class(&["flow", hl])
            .num("x1", x(l))
            .attr("y1", "54");
        s.num("x2", rx).attr("y2", "104").num("data-lane", l).end();
    }
    s.close("g");
    lane_row(&mut s, 26, tr("input"), "input", h, &|l| {
        bit(ran, l).then(|| value_cell(fmt, &format!("lane {l} Ra"), inputs[l]))
    });
    s.el("g")
        .class(&["result"])
        .num("data-result", *result)
        .open();
    s.el("rect")
        .num("x", rx - 90)
        .attr("y", "104")
        .attr("width", "180");
    s.attr("height", "28").attr("rx", "4").end();
    let text = format!(
        "{}.{} = {}",
        op.name().to_ascii_uppercase(),
        dtype.name().to_ascii_uppercase(),
        fmt.show(*result)
    );
    s.text_el(
        |s| {
            s.num("x", rx)
                .attr("y", "123")
                .attr("text-anchor", "middle");
        },
        &text,
    );
    s.title(&all_formats(*result));
    s.close("g");
    svg(142, "redux", s)
}
