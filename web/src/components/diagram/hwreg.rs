//! `s_getreg`/`s_setreg`: the hardware register's 32 bits with the field highlighted, the value read or written, and arrows between them.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
pub fn view(ev: &StepEvent, _: &Ctx) -> Html {
    let EventDetail::HwReg {
        id,
        offset,
        size,
        write,
        value,
        register,
    } = &ev.detail
    else {
        return Html::default();
    };
    let name = warpscope_core::sim::machine::hwreg_name(*id);
    let (o, sz) = (u32::from(*offset), u32::from(*size));
    let in_range = |b: u32| b >= o && b < o + sz;
    let bx = |b: u32| X0 + (31 - b as i32) * DX + DX / 2;
    let bits_row =
        |s: &mut Markup, y: i32, row: &str, label: &str, v: u32, hl: &dyn Fn(u32) -> bool| {
            s.el("g").class(&["lane-row"]).attr("data-row", row).open();
            row_label(s, y + 15, label);
            for b in (0..32u32).rev() {
                let on = v >> b & 1;
                let h = hl(b);
                s.el("g")
                    .class(&["cell", if h { "one" } else { "zero" }])
                    .attr("data-row", row);
                s.num("data-bit", b).num("data-value", on);
                s.num("data-in-range", u8::from(h)).open();
                s.title(&trf("{0} bit {1}", &[&label, &b]));
                cell_box(s, bx(b), y, "", &on.to_string());
                s.close("g");
            }
            s.close("g");
        };
    let reg_short = name.trim_start_matches("HW_REG_");
    let dst = ev
        .writes
        .iter()
        .find(|w| !matches!(w.loc, warpscope_core::sim::Loc::HwReg(_)))
        .map(|w| w.loc.name());
    let val_label = if *write {
        tr("value").to_string()
    } else {
        dst.unwrap_or_else(|| "sD".into())
    };
    let (reg_y, val_y) = if *write { (96, 30) } else { (30, 96) };
    let mut s = Markup::default();
    s.el("g").num("data-hwreg-id", *id).num("data-offset", o);
    s.num("data-size", sz)
        .attr("data-write", if *write { "true" } else { "false" });
    s.num("data-value", *value)
        .num("data-register", *register)
        .open();
    s.el("g").class(&["lane-numbers"]).open();
    for b in (0..32u32).rev() {
        let edge = b % 8 == 0 || b == o || b == o + sz - 1;
        s.text_el(
            |s| {
                s.num("x", bx(b))
                    .attr("y", "18")
                    .attr("text-anchor", "middle");
                if edge {
                    s.class(&["edge"]);
                }
            },
            &b.to_string(),
        );
    }
    s.close("g");
    bits_row(&mut s, reg_y, "register", reg_short, *register, &in_range);
    bits_row(&mut s, val_y, "value", &val_label, *value, &|b| b < sz);
    s.el("g").class(&["flows"]).open();
    for i in 0..sz.min(32) {
        let (reg_x, val_x) = (bx(o + i), bx(i));
        // From the value to the register when writing, else the other way.
        let (x1, x2, src, dst) = if *write {
            (val_x, reg_x, i, o + i)
        } else {
            (reg_x, val_x, o + i, i)
        };
        s.el("line")
            .class(&["arrow"])
            .num("x1", x1)
            .attr("y1", "52");
        s.num("x2", x2)
            .attr("y2", "94")
            .attr("marker-end", "url(#arrowhead)");
        s.num("data-src-bit", src).num("data-dst-bit", dst).end();
    }
    s.close("g");
    let range = trf("bits {0}..{1}", &[&(o + sz - 1), &o]);
    let text = if *write {
        trf(
            "s_setreg: the low {0} bits of the source ({1}) replace {2} of {3} → {4}",
            &[
                &sz,
                &format!("{value:#x}"),
                &range,
                &name,
                &format!("{register:#010x}"),
            ],
        )
    } else {
        trf(
            "s_getreg: {0} of {1} ({2}) → {3} = {4}",
            &[
                &range,
                &name,
                &format!("{register:#010x}"),
                &val_label,
                &format!("{value:#x}"),
            ],
        )
    };
    caption(&mut s, "caption big", 142, &text);
    s.close("g");
    svg(154, "hwreg", s)
}
