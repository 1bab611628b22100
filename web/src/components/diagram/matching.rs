//! MATCH: lanes coloured by group, with each lane's mask.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
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
    let (h, on_hover, ran) = (c.hover, &c.on_hover, ev.lanes);
    let mut groups: Vec<u32> = Vec::new();
    for l in (0..32).filter(|&l| bit(ran, l)) {
        if !groups.contains(&masks[l]) {
            groups.push(masks[l]);
        }
    }
    let group_of = |l: usize| groups.iter().position(|&g| g == masks[l]).unwrap_or(0);
    let cells = (0..32).filter(|&l| bit(ran, l)).map(|l| {
                let g = group_of(l);
                let hl = h.is_some_and(|hl| bit(masks[l], hl) || hl == l);
                let enter = on_hover.reform(move |_: MouseEvent| Some(l));
                let leave = on_hover.reform(|_: MouseEvent| None);
                html! {
                    <g class={classes!("cell", "group", hl.then_some("hl"))} data-row="lanes" data-lane={l.to_string()}
                       data-mask={masks[l].to_string()} data-group={g.to_string()} onmouseenter={enter} onmouseleave={leave}>
                        <title>{ trf("lane {0}: mask {1} (group {2})", &[&l, &format!("{:#010x}", masks[l]), &g]) }</title>
                        <rect x={(x(l) - DX / 2 + 2).to_string()} y="24" width={(DX - 4).to_string()} height="22" rx="3"
                              style={format!("fill: hsl({} 70% 60%)", (g * 47) % 360)} />
                        <text x={x(l).to_string()} y="39" text-anchor="middle">{ g }</text>
                        <text class="vertical" transform={format!("translate({} 54) rotate(90)", x(l) - 4)}>{ format!("{:08x}", masks[l]) }</text>
                    </g>
                }
            });
    let name = format!(
        "MATCH.{}{}",
        op.name().to_ascii_uppercase(),
        if *wide { ".U64" } else { "" }
    );
    let args: [&dyn std::fmt::Display; 3] = [&name, &groups.len(), &yes_no(*all_equal)];
    let caption = if groups.len() == 1 {
        trf("{0}: {1} group · all equal: {2}", &args)
    } else {
        trf("{0}: {1} groups · all equal: {2}", &args)
    };
    let body = html! {
        <>
            { lane_numbers(8) }
            <text class="row-label" x={(X0 - 8).to_string()} y="39" text-anchor="end">{ tr("group") }</text>
            <text class="row-label" x={(X0 - 8).to_string()} y="70" text-anchor="end">{ tr("mask") }</text>
            { for cells }
            <text class="caption" x={X0.to_string()} y="136">
                { caption }
            </text>
        </>
    };
    svg(146, "match", body)
}
