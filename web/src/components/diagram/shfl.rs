//! SHFL: arrows from source to destination lane over shaded segments, invalid lanes reading themselves (dashed), reads of non-participating lanes marked, received values below.

use super::draw::*;
use crate::i18n::{tr, trf};
use crate::state::all_formats;
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::Shfl {
        mode,
        src_lane,
        valid,
        reads_inactive,
        min_lane,
        max_lane,
        values,
        bval,
        cval,
        segmask,
    } = &ev.detail
    else {
        return Html::default();
    };
    let (h, on_hover, fmt, ran) = (c.hover, &c.on_hover, c.fmt, ev.lanes);
    // Segments: runs of participating lanes with the same first lane.
    let mut segs = Vec::new();
    let mut l = 0;
    while l < 32 {
        if !bit(ran, l) {
            l += 1;
            continue;
        }
        let s = l;
        while l + 1 < 32 && bit(ran, l + 1) && min_lane[l + 1] == min_lane[s] {
            l += 1;
        }
        segs.push((s, l));
        l += 1;
    }
    let shade = segs.iter().enumerate().map(|(k, &(s, e))| {
                html! {
                    <rect class={if k % 2 == 0 { "seg a" } else { "seg b" }} data-segment={min_lane[s].to_string()}
                          x={(x(s) - DX / 2).to_string()} y="22" width={((e - s + 1) as i32 * DX).to_string()} height="170" rx="4">
                        <title>{ trf("segment lanes {0}..{1} (segmask {2})", &[&s, &e, &format!("{:#x}", segmask[s])]) }</title>
                    </rect>
                }
            });
    let related =
        |l: usize| h.is_none_or(|hl| hl == l || src_lane[l] as usize == hl && bit(ran, l));
    let arrows = (0..32).filter(|&l| bit(ran, l)).map(|l| {
                let src = src_lane[l] as usize;
                let ok = bit(*valid, l);
                let undef = bit(*reads_inactive, l);
                let class = classes!(
                    "arrow",
                    (!ok).then_some("invalid"),
                    undef.then_some("undef"),
                    h.map(|_| if related(l) { "hl" } else { "dim" }),
                );
                let title = format!(
                    "lane {l} ← lane {src}: {}{}\nb = {}, c = {:#x}, segmask = {:#x}, maxLane = {}",
                    if ok { tr("valid") } else { tr("invalid (keeps its own value, pu = false)") },
                    if undef { tr(", lane not participating: value undefined") } else { "" },
                    bval[l], cval[l], segmask[l], max_lane[l]
                );
                let (x1, x2) = (x(src), x(l));
                let d = if ok {
                    format!("M {x1} 56 C {x1} 110, {x2} 100, {x2} 148")
                } else {
                    format!("M {x2} 56 L {x2} 148")
                };
                html! {
                    <path {class} d={d} marker-end="url(#arrowhead)" data-src={src.to_string()} data-dst={l.to_string()}
                          data-valid={ok.to_string()} data-undef={undef.to_string()}>
                        <title>{ title }</title>
                    </path>
                }
            });
    let top = lane_row(32, tr("Ra from"), "src", h, on_hover, &|l| {
        Some(Cell {
            class: if bit(ran, l) { "on" } else { "off" },
            text: l.to_string(),
            title: format!("lane {l}"),
            value: l.to_string(),
        })
    });
    let bottom = lane_row(150, tr("Rd of"), "dst", h, on_hover, &|l| {
        Some(Cell {
            class: if !bit(ran, l) {
                "off"
            } else if bit(*valid, l) {
                "on"
            } else {
                "invalid"
            },
            text: l.to_string(),
            title: format!("lane {l}"),
            value: l.to_string(),
        })
    });
    let vals = lane_row(176, tr("value"), "values", h, on_hover, &|l| {
        bit(ran, l).then(|| Cell {
            class: if bit(*reads_inactive, l) {
                "undef"
            } else {
                "val"
            },
            text: fmt.show(values[l]),
            title: format!(
                "{}\n{}",
                trf("lane {0} received {1}", &[&l, &fmt.show(values[l])]),
                all_formats(values[l])
            ),
            value: values[l].to_string(),
        })
    });
    let n = reads_inactive.count_ones();
    let undef = if n != 0 {
        trf(", {0} read a non-participating lane (undefined)", &[&n])
    } else {
        String::new()
    };
    let name = format!("SHFL.{}", mode.name().to_ascii_uppercase());
    let (nv, ni) = ((ran & valid).count_ones(), (ran & !valid).count_ones());
    let args: [&dyn std::fmt::Display; 4] = [&name, &nv, &ni, &undef];
    let legend = trf(
        "{0}: {1} valid, {2} invalid (pu = false, keep own value){3}",
        &args,
    );
    svg(
        210,
        "shfl",
        html! {
            <>
                { for shade }
                { top }
                <g class="arrows">{ for arrows }</g>
                { bottom }
                { vals }
                <text class="caption" x={X0.to_string()} y="16">{ legend }</text>
            </>
        },
    )
}
