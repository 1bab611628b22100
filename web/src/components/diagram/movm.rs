//! MOVM: the source and result 8x8 matrices; each result element names the lane.half it came from.

use super::draw::*;
use crate::i18n::tr;
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::Movm {
        src_lane,
        src_half,
        reads_inactive,
    } = &ev.detail
    else {
        return Html::default();
    };
    let (h, on_hover) = (c.hover, &c.on_hover);
    // Element (r, c) of the 8x8 matrix lives in lane 4r + c/2, half c%2.
    let cs = 34;
    let pos = |lane: usize, half: usize| (lane / 4, 2 * (lane % 4) + half);
    let hovered_src = h.map(|k| {
        let (l, hh) = (k / 2, k % 2);
        (src_lane[l][hh] as usize, src_half[l][hh] as usize)
    });
    let matrix = |ox: i32, result: bool| {
        let cells = (0..32).flat_map(|l| (0..2).map(move |hh| (l, hh))).map(|(l, hh)| {
                    let (r, c) = pos(l, hh);
                    let (sl, sh) = (src_lane[l][hh] as usize, src_half[l][hh] as usize);
                    let key = l * 2 + hh;
                    let hl = if result { h == Some(key) } else { hovered_src == Some((l, hh)) };
                    let enter = on_hover.reform(move |_: MouseEvent| Some(key));
                    let leave = on_hover.reform(|_: MouseEvent| None);
                    let label = if result { format!("{sl}.{sh}") } else { format!("{l}.{hh}") };
                    let undef = result && bit(*reads_inactive, l);
                    let (ex, ey) = (ox + c as i32 * cs, 24 + r as i32 * cs);
                    if result {
                        html! {
                            <g class={classes!("mcell", hl.then_some("hl"), undef.then_some("undef"))} data-lane={l.to_string()} data-half={hh.to_string()}
                               data-src-lane={sl.to_string()} data-src-half={sh.to_string()} onmouseenter={enter} onmouseleave={leave}>
                                <title>{ format!("lane {l} {} ← lane {sl} {}", half(hh), half(sh)) }</title>
                                <rect x={ex.to_string()} y={ey.to_string()} width={(cs - 2).to_string()} height={(cs - 2).to_string()} />
                                <text x={(ex + cs / 2 - 1).to_string()} y={(ey + cs / 2 + 4).to_string()} text-anchor="middle">{ label }</text>
                            </g>
                        }
                    } else {
                        html! {
                            <g class={classes!("mcell", "src", hl.then_some("hl"))} data-lane={l.to_string()} data-half={hh.to_string()}>
                                <rect x={ex.to_string()} y={ey.to_string()} width={(cs - 2).to_string()} height={(cs - 2).to_string()} />
                                <text x={(ex + cs / 2 - 1).to_string()} y={(ey + cs / 2 + 4).to_string()} text-anchor="middle">{ label }</text>
                            </g>
                        }
                    }
                });
        html! { <g>{ for cells }</g> }
    };
    let body = html! {
        <>
            <text class="caption" x={X0.to_string()} y="16">{ tr("source: element = lane.half (row = lane / 4)") }</text>
            { matrix(X0, false) }
            <text class="caption big" x={(X0 + 8 * cs + 30).to_string()} y="160">{ "→ᵀ" }</text>
            <text class="caption" x={(X0 + 8 * cs + 90).to_string()} y="16">{ tr("result: element = the lane.half it came from") }</text>
            { matrix(X0 + 8 * cs + 90, true) }
        </>
    };
    svg(24 + 8 * 34 + 8, "movm", body)
}

/// The name of half `h` of a lane's 32 bits.
fn half(h: usize) -> &'static str {
    if h == 0 {
        tr("low half")
    } else {
        tr("high half")
    }
}
