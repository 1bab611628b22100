//! Every other instruction: the active lanes and those that ran, branches and exits, and what was written.

use super::draw::*;
use crate::state::all_formats;
use warpscope_core::sim::{EventDetail, StepEvent, Value};
use yew::prelude::*;

/// The drawing of one step.
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let other = &ev.detail;
    let (h, on_hover, fmt, ran) = (c.hover, &c.on_hover, c.fmt, ev.lanes);
    let mut rows: Vec<Html> = vec![
        lane_numbers(8),
        lane_row(24, "active", "active", h, on_hover, |l| {
            mask_cell(ev.active, u32::MAX, l, "✓", "·")
        }),
        lane_row(52, "ran", "ran", h, on_hover, |l| {
            mask_cell(ran, ev.active, l, "✓", "✕")
        }),
    ];
    let mut y = 80;
    let mut notes: Vec<String> = Vec::new();
    match other {
        EventDetail::Branch { taken, targets } => {
            rows.push(lane_row(y, "jumped", "taken", h, on_hover, |l| {
                bit(ev.active, l).then(|| Cell {
                    class: if bit(*taken, l) { "one" } else { "zero" },
                    text: if bit(*taken, l) {
                        format!("{:x}", targets[l])
                    } else {
                        "·".into()
                    },
                    title: format!(
                        "lane {l}: {}",
                        if bit(*taken, l) {
                            format!("jumps to {:#x}", targets[l])
                        } else {
                            "falls through".into()
                        }
                    ),
                    value: u8::from(bit(*taken, l)).to_string(),
                })
            }));
            y += 28;
        }
        EventDetail::Exit { exited } => {
            rows.push(lane_row(y, "exited", "exited", h, on_hover, |l| {
                mask_cell(*exited, ev.active, l, "✕", "·")
            }));
            y += 28;
        }
        EventDetail::Bssy { barrier, mask } => {
            notes.push(format!("B{barrier} records lanes {mask:#010x}"))
        }
        EventDetail::Bsync {
            barrier,
            arrived,
            expected,
        } => notes.push(format!(
            "B{barrier}: {} arrived, waiting for {expected:#010x}",
            arrived.count_ones()
        )),
        EventDetail::Special { sreg, write } => notes.push(format!(
            "{} special register {sreg}",
            if *write { "writes" } else { "reads" }
        )),
        _ => {}
    }
    for w in &ev.writes {
        let name = w.loc.name();
        match w.new {
            Value::Lanes(vals) => {
                let lanes = w.lanes;
                let label: &'static str = "written";
                rows.push(html! {
                            <g data-reg={name.clone()}>
                                { lane_row(y, &name, label, h, on_hover, |l| bit(lanes, l).then(|| Cell {
                                    class: "val", text: fmt.show(vals[l]),
                                    title: format!("{name} lane {l} = {}\n{}", fmt.show(vals[l]), all_formats(vals[l])), value: vals[l].to_string() })) }
                            </g>
                        });
                y += 28;
            }
            Value::Mask(m) => {
                let lanes = w.lanes;
                rows.push(html! {
                            <g data-reg={name.clone()}>
                                { lane_row(y, &name, "written", h, on_hover, |l| bit(lanes, l).then(|| mask_cell(m, u32::MAX, l, "1", "0")).flatten()) }
                            </g>
                        });
                y += 28;
            }
            Value::Scalar(v) => notes.push(format!("{name} = {}", fmt.show(v))),
            Value::Bool(b) => notes.push(format!("{name} = {b}")),
        }
    }
    if ev.writes.is_empty() {
        notes.push("no register written".into());
    }
    let note_y = y + 18;
    rows.push(html! { <text class="caption" x={X0.to_string()} y={note_y.to_string()}>{ notes.join(" · ") }</text> });
    svg(note_y + 12, "plain", rows.into_iter().collect::<Html>())
}
