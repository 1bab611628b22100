//! Lane diagrams: what the last step did across the 32 lanes, drawn in SVG
//! from the simulator's [`StepEvent`] alone (the event carries the source
//! lane of every shuffle, the ballot, the reduction inputs...; nothing is
//! recomputed here).
//!
//! Every drawn lane element carries `data-*` attributes (`data-lane`,
//! `data-src`, `data-dst`, `data-valid`, `data-value`, `data-row`...) so
//! tests and tools can read the diagram from the DOM.

use crate::state::{all_formats, Fmt, Ptr};
use warpscope_core::sim::{EventDetail, StepEvent, Value};
use yew::prelude::*;

/// Diagram props.
#[derive(Properties, PartialEq)]
pub struct DiagramProps {
    /// The step to draw.
    pub event: Option<Ptr<StepEvent>>,
    /// Canonical text of the instruction that ran.
    pub text: Option<String>,
    /// Value format.
    pub fmt: Fmt,
}

const X0: i32 = 78;
const DX: i32 = 28;
const W: i32 = X0 + 32 * DX + 12;

fn x(l: usize) -> i32 {
    X0 + l as i32 * DX + DX / 2
}

fn bit(m: u32, l: usize) -> bool {
    m >> l & 1 == 1
}

fn short(s: String) -> String {
    if s.chars().count() > 6 {
        let t: String = s.chars().take(5).collect();
        format!("{t}…")
    } else {
        s
    }
}

/// One lane cell of a row.
struct Cell {
    class: &'static str,
    text: String,
    title: String,
    value: String,
}

/// A row of 32 lane cells at height `y` with a label on the left.
fn lane_row(
    y: i32,
    label: &str,
    row: &'static str,
    hover: Option<usize>,
    on_hover: &Callback<Option<usize>>,
    cell: impl Fn(usize) -> Option<Cell>,
) -> Html {
    let cells = (0..32).filter_map(|l| {
        let c = cell(l)?;
        let enter = on_hover.reform(move |_: MouseEvent| Some(l));
        let leave = on_hover.reform(|_: MouseEvent| None);
        let hl = hover == Some(l);
        Some(html! {
            <g class={classes!("cell", c.class, hl.then_some("hl"))} data-row={row} data-lane={l.to_string()}
               data-value={c.value} onmouseenter={enter} onmouseleave={leave}>
                <title>{ c.title }</title>
                <rect x={(x(l) - DX / 2 + 2).to_string()} y={y.to_string()} width={(DX - 4).to_string()} height="22" rx="3" />
                <text x={x(l).to_string()} y={(y + 15).to_string()} text-anchor="middle"
                      class={(c.text.chars().count() > 3).then_some("small")}>{ c.text }</text>
            </g>
        })
    });
    html! {
        <g class="lane-row" data-row={row}>
            <text class="row-label" x={(X0 - 8).to_string()} y={(y + 15).to_string()} text-anchor="end">{ label.to_string() }</text>
            { for cells }
        </g>
    }
}

fn lane_numbers(y: i32) -> Html {
    html! {
        <g class="lane-numbers">
            <text class="row-label" x={(X0 - 8).to_string()} y={(y + 10).to_string()} text-anchor="end">{ "lane" }</text>
            { for (0..32).map(|l| html!{ <text x={x(l).to_string()} y={(y + 10).to_string()} text-anchor="middle">{ l }</text> }) }
        </g>
    }
}

fn svg(height: i32, kind: &'static str, body: Html) -> Html {
    html! {
        <svg class="diagram-svg" data-kind={kind} viewBox={format!("0 0 {W} {height}")} width="100%"
             preserveAspectRatio="xMinYMin meet" role="img">
            <defs>
                <marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead" />
                </marker>
            </defs>
            { body }
        </svg>
    }
}

fn mask_cell(m: u32, part: u32, l: usize, yes: &str, no: &str) -> Option<Cell> {
    let on = bit(m, l);
    let part = bit(part, l);
    Some(Cell {
        class: if !part {
            "off"
        } else if on {
            "one"
        } else {
            "zero"
        },
        text: if !part {
            "·".into()
        } else if on {
            yes.into()
        } else {
            no.into()
        },
        title: format!(
            "lane {l}: {}",
            if !part {
                "did not take part"
            } else if on {
                "true"
            } else {
                "false"
            }
        ),
        value: u8::from(on).to_string(),
    })
}

/// The diagram pane.
#[function_component(Diagram)]
pub fn diagram(p: &DiagramProps) -> Html {
    let hover = use_state(|| None::<usize>);
    let on_hover = {
        let hover = hover.clone();
        Callback::from(move |l: Option<usize>| hover.set(l))
    };
    let h = *hover;
    let fmt = p.fmt;
    let Some(ev) = &p.event else {
        return html! {
            <section class="pane diagram-pane" aria-label="lane diagram">
                <div class="pane-head"><h2>{ "Lanes" }</h2></div>
                <p class="empty">{ "Step (F10) to see what each lane does." }</p>
            </section>
        };
    };
    let ran = ev.lanes;
    let (kind, body): (&'static str, Html) = match &ev.detail {
        EventDetail::Shfl {
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
        } => {
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
                        <title>{ format!("segment lanes {s}..{e} (segmask {:#x})", segmask[s]) }</title>
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
                    if ok { "valid" } else { "invalid (keeps its own value, pu = false)" },
                    if undef { ", lane not participating: value undefined" } else { "" },
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
            let top = lane_row(32, "Ra from", "src", h, &on_hover, |l| {
                Some(Cell {
                    class: if bit(ran, l) { "on" } else { "off" },
                    text: l.to_string(),
                    title: format!("lane {l}"),
                    value: l.to_string(),
                })
            });
            let bottom = lane_row(150, "Rd of", "dst", h, &on_hover, |l| {
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
            let vals = lane_row(176, "value", "values", h, &on_hover, |l| {
                bit(ran, l).then(|| Cell {
                    class: if bit(*reads_inactive, l) {
                        "undef"
                    } else {
                        "val"
                    },
                    text: short(fmt.show(values[l])),
                    title: format!(
                        "lane {l} received {}\n{}",
                        fmt.show(values[l]),
                        all_formats(values[l])
                    ),
                    value: values[l].to_string(),
                })
            });
            let legend = format!(
                "SHFL.{mode:?}: {} valid, {} invalid (pu = false, keep own value){}",
                (ran & valid).count_ones(),
                (ran & !valid).count_ones(),
                if *reads_inactive != 0 {
                    format!(
                        ", {} read a non-participating lane (undefined)",
                        reads_inactive.count_ones()
                    )
                } else {
                    String::new()
                }
            );
            (
                "shfl",
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
                ),
            )
        }
        EventDetail::Vote {
            op,
            inputs,
            ballot,
            result,
        } => {
            let body = html! {
                <>
                    { lane_numbers(8) }
                    { lane_row(24, "ran", "ran", h, &on_hover, |l| mask_cell(ran, u32::MAX, l, "✓", "·")) }
                    { lane_row(52, "input", "input", h, &on_hover, |l| mask_cell(*inputs, ran, l, "1", "0")) }
                    { lane_row(80, "ballot bit", "ballot", h, &on_hover, |l| {
                        let b = bit(*ballot, l);
                        Some(Cell { class: if b { "one" } else { "zero" }, text: u8::from(b).to_string(),
                            title: format!("ballot bit {l} = {}", u8::from(b)), value: u8::from(b).to_string() })
                    }) }
                    <text class="caption big" x={X0.to_string()} y="130" data-ballot={ballot.to_string()} data-result={result.to_string()}>
                        { format!("ballot = {ballot:#010x}   {op:?} → {result}") }
                    </text>
                </>
            };
            ("vote", svg(142, "vote", body))
        }
        EventDetail::Redux {
            op,
            dtype,
            inputs,
            result,
        } => {
            let rx = X0 + 16 * DX;
            let lines = (0..32).filter(|&l| bit(ran, l)).map(|l| {
                let class = classes!("flow", h.map(|hl| if hl == l { "hl" } else { "dim" }));
                html! { <line {class} x1={x(l).to_string()} y1="54" x2={rx.to_string()} y2="104" data-lane={l.to_string()} /> }
            });
            let body = html! {
                <>
                    { lane_numbers(8) }
                    <g class="flows">{ for lines }</g>
                    { lane_row(26, "input", "input", h, &on_hover, |l| bit(ran, l).then(|| Cell {
                        class: "val", text: short(fmt.show(inputs[l])),
                        title: format!("lane {l} Ra = {}\n{}", fmt.show(inputs[l]), all_formats(inputs[l])), value: inputs[l].to_string() })) }
                    <g class="result" data-result={result.to_string()}>
                        <rect x={(rx - 90).to_string()} y="104" width="180" height="28" rx="4" />
                        <text x={rx.to_string()} y="123" text-anchor="middle">{ format!("{op:?}.{dtype:?} = {}", fmt.show(*result)) }</text>
                        <title>{ all_formats(*result) }</title>
                    </g>
                </>
            };
            ("redux", svg(142, "redux", body))
        }
        EventDetail::Match {
            op,
            wide,
            masks,
            all_equal,
        } => {
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
                        <title>{ format!("lane {l}: mask {:#010x} (group {g})", masks[l]) }</title>
                        <rect x={(x(l) - DX / 2 + 2).to_string()} y="24" width={(DX - 4).to_string()} height="22" rx="3"
                              style={format!("fill: hsl({} 70% 60%)", (g * 47) % 360)} />
                        <text x={x(l).to_string()} y="39" text-anchor="middle">{ g }</text>
                        <text class="vertical" transform={format!("translate({} 54) rotate(90)", x(l) - 4)}>{ format!("{:08x}", masks[l]) }</text>
                    </g>
                }
            });
            let body = html! {
                <>
                    { lane_numbers(8) }
                    <text class="row-label" x={(X0 - 8).to_string()} y="39" text-anchor="end">{ "group" }</text>
                    <text class="row-label" x={(X0 - 8).to_string()} y="70" text-anchor="end">{ "mask" }</text>
                    { for cells }
                    <text class="caption" x={X0.to_string()} y="136">
                        { format!("MATCH.{op:?}{}: {} group{} · all equal: {all_equal}", if *wide { ".U64" } else { "" }, groups.len(), if groups.len() == 1 { "" } else { "s" }) }
                    </text>
                </>
            };
            ("match", svg(146, "match", body))
        }
        EventDetail::Elect { candidates, leader } => {
            let body = html! {
                <>
                    { lane_numbers(8) }
                    { lane_row(24, "candidate", "candidate", h, &on_hover, |l| mask_cell(*candidates, u32::MAX, l, "✓", "·")) }
                    { lane_row(52, "elected", "leader", h, &on_hover, |l| {
                        let me = *leader == Some(l as u8);
                        Some(Cell { class: if me { "leader" } else { "off" }, text: if me { "★".into() } else { String::new() },
                            title: format!("lane {l}{}", if me { ": the leader" } else { "" }), value: u8::from(me).to_string() })
                    }) }
                    <text class="caption big" x={X0.to_string()} y="100" data-leader={leader.map_or("none".to_string(), |l| l.to_string())}>
                        { match leader { Some(l) => format!("lane {l} is elected (lowest candidate)"), None => "no lane takes part: nobody is elected".into() } }
                    </text>
                </>
            };
            ("elect", svg(110, "elect", body))
        }
        EventDetail::Movm {
            src_lane,
            src_half,
            reads_inactive,
        } => {
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
                                <title>{ format!("lane {l} {} half ← lane {sl} {} half", if hh == 0 { "low" } else { "high" }, if sh == 0 { "low" } else { "high" }) }</title>
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
                    <text class="caption" x={X0.to_string()} y="16">{ "source: element = lane.half (row = lane / 4)" }</text>
                    { matrix(X0, false) }
                    <text class="caption big" x={(X0 + 8 * cs + 30).to_string()} y="160">{ "→ᵀ" }</text>
                    <text class="caption" x={(X0 + 8 * cs + 90).to_string()} y="16">{ "result: element = the lane.half it came from" }</text>
                    { matrix(X0 + 8 * cs + 90, true) }
                </>
            };
            ("movm", svg(24 + 8 * 34 + 8, "movm", body))
        }
        EventDetail::P2r {
            cc,
            byte,
            source,
            mask,
        } => {
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
                    { lane_row(24, "ran", "ran", h, &on_hover, |l| mask_cell(ran, u32::MAX, l, "✓", "·")) }
                    { lane_row(52, src_name, "source", h, &on_hover, |l| bit(ran, l).then(|| Cell {
                        class: "val", text: format!("{:02x}", source[l]),
                        title: format!("lane {l}: {src_name} = {:#04x} = {:08b}", source[l], source[l]), value: source[l].to_string() })) }
                    { lane_row(80, "mask", "mask", h, &on_hover, |l| bit(ran, l).then(|| Cell {
                        class: "val", text: format!("{:02x}", mask[l]),
                        title: format!("lane {l}: SbMask & 0xff = {:#04x}", mask[l]), value: mask[l].to_string() })) }
                    { lane_row(108, &format!("{rd_name}.B{k}"), "byte", h, &on_hover, |l| bit(ran, l).then(|| {
                        let b = (rd[l] >> (8 * k)) & 0xff;
                        Cell { class: "one", text: format!("{b:02x}"),
                            title: format!("lane {l}: byte {k} of {rd_name} = ({src_name} & mask) = {b:#04x}; {rd_name} = {:#010x}", rd[l]),
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
                            <title>{ format!("{src_name} bit {i}{}", if m { " (mask bit set: copied)" } else { " (masked out: Ra's bit kept)" }) }</title>
                            <rect x={(src_x(i) - DX / 2 + 2).to_string()} y={y0.to_string()} width={(DX - 4).to_string()} height="22" rx="3" />
                            <text x={src_x(i).to_string()} y={(y0 + 15).to_string()} text-anchor="middle">{ u8::from(on) }</text>
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
                            <title>{ format!("{rd_name} bit {b}: {}", if copied { format!("{src_name} bit {}", b - 8 * k) } else { "from Ra".to_string() }) }</title>
                            <rect x={(bx(b) - DX / 2 + 2).to_string()} y={(y0 + 52).to_string()} width={(DX - 4).to_string()} height="22" rx="3" />
                            <text x={bx(b).to_string()} y={(y0 + 67).to_string()} text-anchor="middle">{ u8::from(on) }</text>
                        </g>
                    }
                });
                // Bit names: P0..P6 for PR, the flag names core gives
                // for the CC file.
                let flags = warpscope_core::isas::NAMES
                    .iter()
                    .filter_map(|n| warpscope_core::isas::by_name(n))
                    .flat_map(warpscope_core::sim::machine::register_files)
                    .find(|f| f.name == "CC")
                    .map(|f| crate::grid::flag_names(f.doc))
                    .unwrap_or_default();
                let names: Vec<String> = (0..8u32)
                    .map(|i| {
                        if *cc {
                            flags.iter().find(|f| f.1 == i).map_or(String::new(), |f| f.0.clone())
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
                            { format!("lane {l}: {src_name} bits where the mask is 1 go to byte {k} (bits {}..{}) of {rd_name}; the other bits come from Ra", 8 * k + 7, 8 * k) }
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
            ("p2r", svg(270, "p2r", body))
        }
        EventDetail::HwReg {
            id,
            offset,
            size,
            write,
            value,
            register,
        } => {
            let name = warpscope_core::sim::machine::hwreg_name(*id);
            let (o, sz) = (u32::from(*offset), u32::from(*size));
            let in_range = |b: u32| b >= o && b < o + sz;
            let bx = |b: u32| X0 + (31 - b as i32) * DX + DX / 2;
            let bits_row = |y: i32,
                            row: &'static str,
                            label: String,
                            v: u32,
                            hl: &dyn Fn(u32) -> bool| {
                let cells = (0..32u32).rev().map(|b| {
                    let on = v >> b & 1 == 1;
                    let h = hl(b);
                    html! {
                        <g class={classes!("cell", if h { "one" } else { "zero" })} data-row={row} data-bit={b.to_string()}
                           data-value={u8::from(on).to_string()} data-in-range={u8::from(h).to_string()}>
                            <title>{ format!("{label} bit {b}") }</title>
                            <rect x={(bx(b) - DX / 2 + 2).to_string()} y={y.to_string()} width={(DX - 4).to_string()} height="22" rx="3" />
                            <text x={bx(b).to_string()} y={(y + 15).to_string()} text-anchor="middle">{ u8::from(on) }</text>
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
                "value".to_string()
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
            let range = format!("bits {}..{o}", o + sz - 1);
            let body = html! {
                <g data-hwreg-id={id.to_string()} data-offset={o.to_string()} data-size={sz.to_string()} data-write={write.to_string()}
                   data-value={value.to_string()} data-register={register.to_string()}>
                    <g class="lane-numbers">{ for nums }</g>
                    { bits_row(reg_y, "register", reg_short.clone(), *register, &in_range) }
                    { bits_row(val_y, "value", val_label.clone(), *value, &|b| b < sz) }
                    <g class="flows">{ for arrows }</g>
                    <text class="caption big" x={X0.to_string()} y="142">
                        { if *write {
                            format!("s_setreg: the low {sz} bits of the source ({value:#x}) replace {range} of {name} → {register:#010x}")
                        } else {
                            format!("s_getreg: {range} of {name} ({register:#010x}) → {val_label} = {value:#x}")
                        } }
                    </text>
                </g>
            };
            ("hwreg", svg(154, "hwreg", body))
        }
        other => {
            let mut rows: Vec<Html> = vec![
                lane_numbers(8),
                lane_row(24, "active", "active", h, &on_hover, |l| {
                    mask_cell(ev.active, u32::MAX, l, "✓", "·")
                }),
                lane_row(52, "ran", "ran", h, &on_hover, |l| {
                    mask_cell(ran, ev.active, l, "✓", "✕")
                }),
            ];
            let mut y = 80;
            let mut notes: Vec<String> = Vec::new();
            match other {
                EventDetail::Branch { taken, targets } => {
                    rows.push(lane_row(y, "jumped", "taken", h, &on_hover, |l| {
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
                    rows.push(lane_row(y, "exited", "exited", h, &on_hover, |l| {
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
                                { lane_row(y, &name, label, h, &on_hover, |l| bit(lanes, l).then(|| Cell {
                                    class: "val", text: short(fmt.show(vals[l])),
                                    title: format!("{name} lane {l} = {}\n{}", fmt.show(vals[l]), all_formats(vals[l])), value: vals[l].to_string() })) }
                            </g>
                        });
                        y += 28;
                    }
                    Value::Mask(m) => {
                        let lanes = w.lanes;
                        rows.push(html! {
                            <g data-reg={name.clone()}>
                                { lane_row(y, &name, "written", h, &on_hover, |l| bit(lanes, l).then(|| mask_cell(m, u32::MAX, l, "1", "0")).flatten()) }
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
            (
                "plain",
                svg(note_y + 12, "plain", rows.into_iter().collect::<Html>()),
            )
        }
    };
    html! {
        <section class="pane diagram-pane" aria-label="lane diagram">
            <div class="pane-head">
                <h2>{ "Lanes" }</h2>
                <span class="pane-info">
                    { format!("step {} · line {} · ", ev.step + 1, ev.line) }
                    <code>{ p.text.clone().unwrap_or_default() }</code>
                </span>
            </div>
            <div class="diagram" id="diagram" data-kind={kind} data-step={ev.step.to_string()} data-index={ev.index.to_string()}
                 data-lanes={ev.lanes.to_string()} data-active={ev.active.to_string()}>
                { body }
            </div>
            if !ev.warnings.is_empty() {
                <ul class="sim-warnings">{ for ev.warnings.iter().map(|w| html!{ <li>{ w }</li> }) }</ul>
            }
        </section>
    }
}
