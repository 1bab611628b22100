//! SHFL: arrows from source to destination lane over shaded segments, invalid lanes reading themselves (dashed), reads of non-participating lanes marked, received values below.

use super::draw::*;
use crate::i18n::{tr, trf};
use crate::state::all_formats;
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
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
    let (h, fmt, ran) = (c.hover, c.fmt, ev.lanes);
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
    let mut s = Markup::default();
    for (k, &(a, e)) in segs.iter().enumerate() {
        s.el("rect")
            .class(&["seg", if k % 2 == 0 { "a" } else { "b" }]);
        s.num("data-segment", min_lane[a]).num("x", x(a) - DX / 2);
        s.attr("y", "22").num("width", (e - a + 1) as i32 * DX);
        s.attr("height", "170").attr("rx", "4").open();
        let segmask = format!("{:#x}", segmask[a]);
        s.title(&trf(
            "segment lanes {0}..{1} (segmask {2})",
            &[&a, &e, &segmask],
        ));
        s.close("rect");
    }
    let related =
        |l: usize| h.is_none_or(|hl| hl == l || src_lane[l] as usize == hl && bit(ran, l));
    lane_row(&mut s, 32, tr("Ra from"), "src", h, &|l| {
        Some(Cell {
            class: if bit(ran, l) { "on" } else { "off" },
            text: l.to_string(),
            title: format!("lane {l}"),
            value: l.to_string(),
        })
    });
    s.el("g").class(&["arrows"]).open();
    for l in (0..32).filter(|&l| bit(ran, l)) {
        let src = src_lane[l] as usize;
        let ok = bit(*valid, l);
        let undef = bit(*reads_inactive, l);
        let title = format!(
            "lane {l} ← lane {src}: {}{}\nb = {}, c = {:#x}, segmask = {:#x}, maxLane = {}",
            if ok {
                tr("valid")
            } else {
                tr("invalid (keeps its own value, pu = false)")
            },
            if undef {
                tr(", lane not participating: value undefined")
            } else {
                ""
            },
            bval[l],
            cval[l],
            segmask[l],
            max_lane[l]
        );
        let (x1, x2) = (x(src), x(l));
        let d = if ok {
            format!("M {x1} 56 C {x1} 110, {x2} 100, {x2} 148")
        } else {
            format!("M {x2} 56 L {x2} 148")
        };
        s.el("path").class(&[
            "arrow",
            if ok { "" } else { "invalid" },
            if undef { "undef" } else { "" },
            h.map_or("", |_| if related(l) { "hl" } else { "dim" }),
        ]);
        s.attr("d", &d).attr("marker-end", "url(#arrowhead)");
        s.num("data-src", src).num("data-dst", l);
        s.attr("data-valid", if ok { "true" } else { "false" });
        s.attr("data-undef", if undef { "true" } else { "false" })
            .open();
        s.title(&title);
        s.close("path");
    }
    s.close("g");
    lane_row(&mut s, 150, tr("Rd of"), "dst", h, &|l| {
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
    lane_row(&mut s, 176, tr("value"), "values", h, &|l| {
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
    caption(&mut s, "caption", 16, &legend);
    svg(210, "shfl", s)
}
