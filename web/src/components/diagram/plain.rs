//! Every other instruction: the active lanes and those that ran, branches and exits, and what was written.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent, Value};
use yew::prelude::*;

/// The drawing of one step.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
pub fn view(ev: &StepEvent, c: &Ctx) -> Html {
    let other = &ev.detail;
    let (h, fmt, ran) = (c.hover, c.fmt, ev.lanes);
    let mut s = Markup::default();
    lane_numbers(&mut s, 8);
    lane_row(&mut s, 24, tr("active"), "active", h, &|l| {
        mask_cell(ev.active, u32::MAX, l, "✓", "·")
    });
    lane_row(&mut s, 52, tr("ran"), "ran", h, &|l| {
        mask_cell(ran, ev.active, l, "✓", "✕")
    });
    let mut y = 80;
    let mut notes: Vec<String> = Vec::new();
    match other {
        EventDetail::Branch { taken, targets } => {
            lane_row(&mut s, y, tr("jumped"), "taken", h, &|l| {
                let what = if bit(*taken, l) {
                    trf("jumps to {0}", &[&format!("{:#x}", targets[l])])
                } else {
                    tr("falls through").into()
                };
                bit(ev.active, l).then(|| Cell {
                    class: if bit(*taken, l) { "one" } else { "zero" },
                    text: if bit(*taken, l) {
                        format!("{:x}", targets[l])
                    } else {
                        "·".into()
                    },
                    title: trf("lane {0}: {1}", &[&l, &what]),
                    value: u8::from(bit(*taken, l)).to_string(),
                })
            });
            y += 28;
        }
        EventDetail::Exit { exited } => {
            lane_row(&mut s, y, tr("exited"), "exited", h, &|l| {
                mask_cell(*exited, ev.active, l, "✕", "·")
            });
            y += 28;
        }
        EventDetail::Bssy { barrier, mask } => {
            let mask = format!("{mask:#010x}");
            notes.push(trf("B{0} records lanes {1}", &[barrier, &mask]))
        }
        EventDetail::Bsync {
            barrier,
            arrived,
            expected,
        } => {
            let (n, expected) = (arrived.count_ones(), format!("{expected:#010x}"));
            let note = trf(
                "B{0}: {1} arrived, waiting for {2}",
                &[barrier, &n, &expected],
            );
            notes.push(note)
        }
        EventDetail::Special { sreg, write } => notes.push(if *write {
            trf("writes special register {0}", &[sreg])
        } else {
            trf("reads special register {0}", &[sreg])
        }),
        _ => {}
    }
    for w in &ev.writes {
        let name = w.loc.name();
        let (lanes, nm) = (w.lanes, name.as_str());
        let cell: &dyn Fn(usize) -> Option<Cell> = match w.new {
            Value::Lanes(vals) => {
                &move |l| bit(lanes, l).then(|| value_cell(fmt, &format!("{nm} lane {l}"), vals[l]))
            }
            Value::Mask(m) => &move |l| {
                bit(lanes, l)
                    .then(|| mask_cell(m, u32::MAX, l, "1", "0"))
                    .flatten()
            },
            Value::Scalar(v) => {
                notes.push(format!("{name} = {}", fmt.show(v)));
                continue;
            }
            Value::Bool(b) => {
                notes.push(format!("{name} = {}", yes_no(b)));
                continue;
            }
        };
        s.el("g").attr("data-reg", &name).open();
        lane_row(&mut s, y, &name, "written", h, cell);
        s.close("g");
        y += 28;
    }
    if ev.writes.is_empty() {
        notes.push(tr("no register written").into());
    }
    let note_y = y + 18;
    caption(&mut s, "caption", note_y, &notes.join(" · "));
    svg(note_y + 12, "plain", s)
}
