//! P2R: per lane the PR or CC source, the mask and the written byte, and for the hovered (else first) lane the bits with arrows into the byte of Rd.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent, Value};
use yew::prelude::*;

/// The drawing of one step.
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let EventDetail::P2r {
        cc,
        byte,
        source,
        mask,
    } = &ev.detail
    else {
        return Html::default();
    };
    let (h, on_hover, ran) = (c.hover, &c.on_hover, ev.lanes);
    // The written Rd values (one Lanes write).
    let (rd_name, rd) = ev
        .writes
        .iter()
        .find_map(|w| match w.new {
            Value::Lanes(v) => Some((w.loc.name(), v)),
            _ => None,
        })
        .unwrap_or_else(|| ("Rd".into(), [0; 32]));
    let src_name = if *cc { "CC" } else { "PR" };
    let k = u32::from(*byte);
    // The lane whose bits are drawn: the hovered one, else the
    // first that ran.
    let focus = h
        .filter(|&l| bit(ran, l))
        .or_else(|| (0..32).find(|&l| bit(ran, l)));
    let rows = html! {
        <>
            { lane_numbers(8) }
            { lane_row(24, tr("ran"), "ran", h, on_hover, &|l| mask_cell(ran, u32::MAX, l, "✓", "·")) }
            { lane_row(52, src_name, "source", h, on_hover, &|l| bit(ran, l).then(|| Cell {
                class: "val", text: format!("{:02x}", source[l]),
                title: trf("lane {0}: {1}", &[&l, &format!("{src_name} = {:#04x} = {:08b}", source[l], source[l])]), value: source[l].to_string() })) }
            { lane_row(80, tr("mask"), "mask", h, on_hover, &|l| bit(ran, l).then(|| Cell {
                class: "val", text: format!("{:02x}", mask[l]),
                title: trf("lane {0}: {1}", &[&l, &format!("SbMask & 0xff = {:#04x}", mask[l])]), value: mask[l].to_string() })) }
            { lane_row(108, &format!("{rd_name}.B{k}"), "byte", h, on_hover, &|l| bit(ran, l).then(|| {
                let b = (rd[l] >> (8 * k)) & 0xff;
                Cell { class: "one", text: format!("{b:02x}"),
                    title: trf("lane {0}: byte {1} of {2} = ({3} & mask) = {4}; {2} = {5}",
                        &[&l, &k, &rd_name, &src_name, &format!("{b:#04x}"), &format!("{:#010x}", rd[l])]),
                    value: b.to_string() }
            })) }
        </>
    };
    // Bit detail of the focus lane: source bit i → Rd bit 8k + i
    // where the mask bit is set.
    let detail = focus.map(|l| {
                let y0 = 168;
                let bx = |b: u32| X0 + (31 - b as i32) * DX + DX / 2;
                // Source bits sit above the byte they go to.
                let src_x = |i: u32| bx(8 * k + i);
                let v = rd[l];
                let src_bits = (0..8u32).rev().map(|i| {
                    let on = u32::from(source[l]) >> i & 1 == 1;
                    let m = u32::from(mask[l]) >> i & 1 == 1;
                    html! {
                        <g class={classes!("cell", if !m { "off" } else if on { "one" } else { "zero" })} data-row="src-bit" data-bit={i.to_string()}
                           data-value={u8::from(on).to_string()} data-mask={u8::from(m).to_string()}>
                            <title>{ if m { trf("{0} bit {1} (mask bit set: copied)", &[&src_name, &i]) } else { trf("{0} bit {1} (masked out: Ra's bit kept)", &[&src_name, &i]) } }</title>
                            { cell_box(src_x(i), y0, None, html! { u8::from(on) }) }
                        </g>
                    }
                });
                let arrows = (0..8u32).filter(|i| u32::from(mask[l]) >> i & 1 == 1).map(|i| html! {
                    <line class="arrow" x1={src_x(i).to_string()} y1={(y0 + 23).to_string()} x2={bx(8 * k + i).to_string()} y2={(y0 + 50).to_string()}
                          marker-end="url(#arrowhead)" data-src-bit={i.to_string()} data-dst-bit={(8 * k + i).to_string()} />
                });
                let rd_bits = (0..32u32).rev().map(|b| {
                    let on = v >> b & 1 == 1;
                    let in_byte = b / 8 == k;
                    let copied = in_byte && u32::from(mask[l]) >> (b - 8 * k) & 1 == 1;
                    html! {
                        <g class={classes!("cell", if copied { "one" } else if in_byte { "val" } else { "zero" })} data-row="rd-bit" data-bit={b.to_string()}
                           data-value={u8::from(on).to_string()} data-copied={u8::from(copied).to_string()}>
                            <title>{ trf("{0} bit {1}: {2}", &[&rd_name, &b, &if copied { trf("{0} bit {1}", &[&src_name, &(b - 8 * k)]) } else { tr("from Ra").to_string() }]) }</title>
                            { cell_box(bx(b), y0 + 52, None, html! { u8::from(on) }) }
                        </g>
                    }
                });
                // Bit names: P0..P6 for PR, the flag names core gives
                // for the CC file.
                let flags = warpscope_core::isas::Id::ALL
                    .into_iter()
                    .flat_map(|id| warpscope_core::sim::machine::register_files(id.isa()))
                    .find(|f| f.name == "CC")
                    .map_or(&[][..], |f| f.flags);
                let names: Vec<String> = (0..8u32)
                    .map(|i| {
                        if *cc {
                            flags.iter().find(|f| f.1 == i).map_or(String::new(), |f| f.0.to_string())
                        } else if i < 7 {
                            format!("P{i}")
                        } else {
                            String::new()
                        }
                    })
                    .collect();
                let name_row = (0..8u32).map(|i| html! {
                    <text class="bitname" x={src_x(i).to_string()} y={(y0 - 4).to_string()} text-anchor="middle">{ names[i as usize].clone() }</text>
                });
                html! {
                    <g class="p2r-detail" data-lane={l.to_string()}>
                        <text class="caption" x={X0.to_string()} y={(y0 - 18).to_string()}>
                            { trf("lane {0}: {1} bits where the mask is 1 go to byte {2} (bits {3}..{4}) of {5}; the other bits come from Ra",
                                &[&l, &src_name, &k, &(8 * k + 7), &(8 * k), &rd_name]) }
                        </text>
                        { for name_row }
                        <text class="row-label" x={(X0 - 8).to_string()} y={(y0 + 15).to_string()} text-anchor="end">{ src_name }</text>
                        { for src_bits }
                        { for arrows }
                        <text class="row-label" x={(X0 - 8).to_string()} y={(y0 + 67).to_string()} text-anchor="end">{ rd_name.clone() }</text>
                        { for rd_bits }
                        <text class="caption" x={X0.to_string()} y={(y0 + 92).to_string()}>{ format!("{rd_name} = {:#010x}", v) }</text>
                    </g>
                }
            });
    let body = html! {
        <g data-p2r-byte={k.to_string()} data-p2r-cc={cc.to_string()}>{ rows }{ detail.unwrap_or_default() }</g>
    };
    svg(270, "p2r", body)
}
