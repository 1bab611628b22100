//! MATCH: lanes coloured by group, with each lane's mask.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::Match {
        op,
        wide,
        masks,
        all_equal,
    } = &ev.detail
    else {
        return Html::default();
    };
    let (h, ran) = (c.hover, ev.lanes);
    let mut groups: Vec<u32> = Vec::new();
    for l in (0..32).filter(|&l| bit(ran, l)) {
        if !groups.contains(&masks[l]) {
            groups.push(masks[l]);
        }
    }
    let group_of = |l: usize| groups.iter().position(|&g| g == masks[l]).unwrap_or(0);
    let mut s = Markup::default();
    lane_numbers(&mut s, 8);
    row_label(&mut s, 39, tr("group"));
    row_label(&mut s, 70, tr("mask"));
    for l in (0..32).filter(|&l| bit(ran, l)) {
        let g = group_of(l);
        let hl = h.is_some_and(|hl| bit(masks[l], hl) || hl == l);
        s.el("g")
            .class(&["cell", "group", if hl { "hl" } else { "" }]);
        s.attr("data-row", "lanes").num("data-lane", l);
        s.num("data-mask", masks[l]).num("data-group", g);
        s.num("data-hover", l).open();
        let mask = format!("{:#010x}", masks[l]);
        s.title(&trf("lane {0}: mask {1} (group {2})", &[&l, &mask, &g]));
        s.el("rect").num("x", x(l) - DX / 2 + 2).attr("y", "24");
        s.num("width", DX - 4).attr("height", "22").attr("rx", "3");
        s.attr("style", &format!("fill: hsl({} 70% 60%)", (g * 47) % 360))
            .end();
        s.text_el(
            |s| {
                s.num("x", x(l))
                    .attr("y", "39")
                    .attr("text-anchor", "middle");
            },
            &g.to_string(),
        );
        let turn = format!("translate({} 54) rotate(90)", x(l) - 4);
        s.text_el(
            |s| {
                s.class(&["vertical"]).attr("transform", &turn);
            },
            &format!("{:08x}", masks[l]),
        );
        s.close("g");
    }
    let name = format!(
        "MATCH.{}{}",
        op.name().to_ascii_uppercase(),
        if *wide { ".U64" } else { "" }
    );
    let args: [&dyn std::fmt::Display; 3] = [&name, &groups.len(), &yes_no(*all_equal)];
    let text = if groups.len() == 1 {
        trf("{0}: {1} group · all equal: {2}", &args)
    } else {
        trf("{0}: {1} groups · all equal: {2}", &args)
    };
    caption(&mut s, "caption", 136, &text);
    svg(146, "match", s)
}
