//! P2R: per lane the PR or CC source, the mask and the written byte, and for the hovered (else first) lane the bits with arrows into the byte of Rd.

use super::draw::*;
use crate::i18n::{tr, trf};
use warpscope_core::sim::{EventDetail, StepEvent, Value};
use yew::prelude::*;

/// The drawing of one step.
#[inline(never)] // drawn for its kind only: the others stay out of start-up (docs/perf.md)
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
    let (h, ran) = (c.hover, ev.lanes);
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
    let mut s = Markup::default();
    s.el("g").num("data-p2r-byte", k);
    s.attr("data-p2r-cc", if *cc { "true" } else { "false" })
        .open();
    lane_numbers(&mut s, 8);
    lane_row(&mut s, 24, tr("ran"), "ran", h, &|l| {
        mask_cell(ran, u32::MAX, l, "✓", "·")
    });
    lane_row(&mut s, 52, src_name, "source", h, &|l| {
        bit(ran, l).then(|| Cell {
            class: "val",
            text: format!("{:02x}", source[l]),
            title: trf(
                "lane {0}: {1}",
                &[
                    &l,
                    &format!("{src_name} = {:#04x} = {:08b}", source[l], source[l]),
                ],
            ),
            value: source[l].to_string(),
        })
    });
    lane_row(&mut s, 80, tr("mask"), "mask", h, &|l| {
        bit(ran, l).then(|| Cell {
            class: "val",
            text: format!("{:02x}", mask[l]),
            title: trf(
                "lane {0}: {1}",
                &[&l, &format!("SbMask & 0xff = {:#04x}", mask[l])],
            ),
            value: mask[l].to_string(),
        })
    });
    lane_row(&mut s, 108, &format!("{rd_name}.B{k}"), "byte", h, &|l| {
        bit(ran, l).then(|| {
            let b = (rd[l] >> (8 * k)) & 0xff;
            Cell {
                class: "one",
                text: format!("{b:02x}"),
                title: trf(
                    "lane {0}: byte {1} of {2} = ({3} & mask) = {4}; {2} = {5}",
                    &[
                        &l,
                        &k,
                        &rd_name,
                        &src_name,
                        &format!("{b:#04x}"),
                        &format!("{:#010x}", rd[l]),
                    ],
                ),
                value: b.to_string(),
            }
        })
    });
    if let Some(l) = focus {
        let lane = Focus {
            lane: l,
            cc: *cc,
            k,
            source: source[l],
            mask: mask[l],
            v: rd[l],
            rd_name: &rd_name,
            src_name,
        };
        detail(&mut s, &lane);
    }
    s.close("g");
    svg(270, "p2r", s)
}

/// What the bit detail shows: one lane's P2R.
struct Focus<'a> {
    lane: usize,
    cc: bool,
    /// The byte of Rd written.
    k: u32,
    source: u8,
    mask: u8,
    /// Rd after the step.
    v: u32,
    rd_name: &'a str,
    src_name: &'a str,
}

/// The bit detail of the focus lane: source bit i → Rd bit 8k + i where
/// the mask bit is set.
fn detail(s: &mut Markup, f: &Focus) {
    let Focus {
        lane: l,
        k,
        v,
        rd_name,
        src_name,
        ..
    } = *f;
    let y0 = 168;
    let bx = |b: u32| X0 + (31 - b as i32) * DX + DX / 2;
    // Source bits sit above the byte they go to.
    let src_x = |i: u32| bx(8 * k + i);
    // Bit names: P0..P6 for PR, the flag names core gives for the
    // CC file.
    let flags = warpscope_core::isas::Id::ALL
        .into_iter()
        .flat_map(|id| warpscope_core::sim::machine::register_files(id.isa()))
        .find(|f| f.name == "CC")
        .map_or(&[][..], |f| f.flags);
    let name = |i: u32| {
        if f.cc {
            flags
                .iter()
                .find(|f| f.1 == i)
                .map_or(String::new(), |f| f.0.to_string())
        } else if i < 7 {
            format!("P{i}")
        } else {
            String::new()
        }
    };
    s.el("g").class(&["p2r-detail"]).num("data-lane", l).open();
    let what = trf(
    "lane {0}: {1} bits where the mask is 1 go to byte {2} (bits {3}..{4}) of {5}; the other bits come from Ra",
    &[&l, &src_name, &k, &(8 * k + 7), &(8 * k), &rd_name],
    );
    caption(s, "caption", y0 - 18, &what);
    for i in 0..8u32 {
        s.text_el(
            |s| {
                s.class(&["bitname"]).num("x", src_x(i)).num("y", y0 - 4);
                s.attr("text-anchor", "middle");
            },
            &name(i),
        );
    }
    row_label(s, y0 + 15, src_name);
    for i in (0..8u32).rev() {
        let on = u32::from(f.source) >> i & 1;
        let m = u32::from(f.mask) >> i & 1 == 1;
        let class = if !m {
            "off"
        } else if on == 1 {
            "one"
        } else {
            "zero"
        };
        s.el("g")
            .class(&["cell", class])
            .attr("data-row", "src-bit");
        s.num("data-bit", i).num("data-value", on);
        s.num("data-mask", u8::from(m)).open();
        s.title(&if m {
            trf("{0} bit {1} (mask bit set: copied)", &[&src_name, &i])
        } else {
            trf("{0} bit {1} (masked out: Ra's bit kept)", &[&src_name, &i])
        });
        cell_box(s, src_x(i), y0, "", &on.to_string());
        s.close("g");
    }
    for i in (0..8u32).filter(|i| u32::from(f.mask) >> i & 1 == 1) {
        s.el("line").class(&["arrow"]).num("x1", src_x(i));
        s.num("y1", y0 + 23).num("x2", bx(8 * k + i));
        s.num("y2", y0 + 50).attr("marker-end", "url(#arrowhead)");
        s.num("data-src-bit", i)
            .num("data-dst-bit", 8 * k + i)
            .end();
    }
    row_label(s, y0 + 67, rd_name);
    for b in (0..32u32).rev() {
        let on = v >> b & 1;
        let in_byte = b / 8 == k;
        let copied = in_byte && u32::from(f.mask) >> (b - 8 * k) & 1 == 1;
        let class = if copied {
            "one"
        } else if in_byte {
            "val"
        } else {
            "zero"
        };
        s.el("g").class(&["cell", class]).attr("data-row", "rd-bit");
        s.num("data-bit", b).num("data-value", on);
        s.num("data-copied", u8::from(copied)).open();
        let from = if copied {
            trf("{0} bit {1}", &[&src_name, &(b - 8 * k)])
        } else {
            tr("from Ra").to_string()
        };
        s.title(&trf("{0} bit {1}: {2}", &[&rd_name, &b, &from]));
        cell_box(s, bx(b), y0 + 52, "", &on.to_string());
        s.close("g");
    }
    caption(s, "caption", y0 + 92, &format!("{rd_name} = {v:#010x}"));
    s.close("g");
}
