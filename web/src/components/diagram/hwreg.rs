//! `s_getreg`/`s_setreg`: the hardware register's 32 bits with the field highlighted, the value read or written, and arrows between them.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent};
use yew::prelude::*;

/// The drawing of one step.
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
    let bits_row = |y: i32, row: &'static str, label: String, v: u32, hl: &dyn Fn(u32) -> bool| {
        let cells = (0..32u32).rev().map(|b| {
                    let on = v >> b & 1 == 1;
                    let h = hl(b);
                    html! {
                        <g class={classes!("cell", if h { "one" } else { "zero" })} data-row={row} data-bit={b.to_string()}
                           data-value={u8::from(on).to_string()} data-in-range={u8::from(h).to_string()}>
                            <title>{ trf("{0} bit {1}", &[&label, &b]) }</title>
                            { cell_box(bx(b), y, None, html! { u8::from(on) }) }
                        </g>
                    }
                });
        html! {
            <g class="lane-row" data-row={row}>
                <text class="row-label" x={(X0 - 8).to_string()} y={(y + 15).to_string()} text-anchor="end">{ label.clone() }</text>
                { for cells }
            </g>
        }
    };
    let nums = (0..32u32).rev().map(|b| html! {
                <text x={bx(b).to_string()} y="18" text-anchor="middle" class={classes!((b % 8 == 0 || b == o || b == o + sz - 1).then_some("edge"))}>{ b }</text>
            });
    let reg_short = name.trim_start_matches("HW_REG_").to_string();
    let dst = ev
        .writes
        .iter()
        .find(|w| !matches!(w.loc, warpscope_core::sim::Loc::HwReg(_)))
        .map(|w| w.loc.name());
    let val_label = if *write {
        tr("value").to_string()
    } else {
        dst.clone().unwrap_or_else(|| "sD".into())
    };
    let (reg_y, val_y) = if *write { (96, 30) } else { (30, 96) };
    let arrows = (0..sz.min(32)).map(|i| {
                let (x1, x2) = (bx(o + i), bx(i));
                let (top, bottom) = (52, 94);
                if *write {
                    html! { <line class="arrow" x1={x2.to_string()} y1={top.to_string()} x2={x1.to_string()} y2={bottom.to_string()} marker-end="url(#arrowhead)" data-src-bit={i.to_string()} data-dst-bit={(o + i).to_string()} /> }
                } else {
                    html! { <line class="arrow" x1={x1.to_string()} y1={top.to_string()} x2={x2.to_string()} y2={bottom.to_string()} marker-end="url(#arrowhead)" data-src-bit={(o + i).to_string()} data-dst-bit={i.to_string()} /> }
                }
            });
    let range = trf("bits {0}..{1}", &[&(o + sz - 1), &o]);
    let body = html! {
        <g data-hwreg-id={id.to_string()} data-offset={o.to_string()} data-size={sz.to_string()} data-write={write.to_string()}
           data-value={value.to_string()} data-register={register.to_string()}>
            <g class="lane-numbers">{ for nums }</g>
            { bits_row(reg_y, "register", reg_short.clone(), *register, &in_range) }
            { bits_row(val_y, "value", val_label.clone(), *value, &|b| b < sz) }
            <g class="flows">{ for arrows }</g>
            <text class="caption big" x={X0.to_string()} y="142">
                { if *write {
                    trf("s_setreg: the low {0} bits of the source ({1}) replace {2} of {3} → {4}",
                        &[&sz, &format!("{value:#x}"), &range, &name, &format!("{register:#010x}")])
                } else {
                    trf("s_getreg: {0} of {1} ({2}) → {3} = {4}",
                        &[&range, &name, &format!("{register:#010x}"), &val_label, &format!("{value:#x}")])
                } }
            </text>
        </g>
    };
    svg(154, "hwreg", body)
}
