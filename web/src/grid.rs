//! The warp state grid: one column per lane, one row per register the
//! program uses (as the simulator lists them), predicates as lane-mask
//! rows, uniform registers apart. Cells the last step changed are
//! highlighted; hovering a cell shows its value in every format.

use crate::state::{all_formats, Fmt, Ptr};
use std::cell::RefCell;
use warpscope_core::sim::{Loc, Sim, StepEvent, Value};
use yew::prelude::*;

/// Grid props.
#[derive(Properties, PartialEq)]
pub struct GridProps {
    /// The simulator.
    pub sim: Option<Ptr<RefCell<Sim>>>,
    /// Bumped on every simulator change.
    pub sim_rev: u64,
    /// The last step's event.
    pub event: Option<Ptr<StepEvent>>,
    /// Value format.
    pub fmt: Fmt,
    /// True when the program shown is not the current text.
    pub stale: bool,
    /// A lane number was clicked.
    pub on_lane: Callback<u8>,
    /// A format was chosen.
    pub on_fmt: Callback<Fmt>,
}

/// Lanes of `loc` the event wrote, and those whose value changed.
fn written(ev: Option<&StepEvent>, loc: Loc) -> (u32, u32) {
    let Some(ev) = ev else { return (0, 0) };
    let mut w = 0;
    let mut c = 0;
    for wr in ev.writes.iter().filter(|w| w.loc == loc) {
        w |= wr.lanes;
        c |= match (wr.old, wr.new) {
            (Value::Lanes(a), Value::Lanes(b)) => {
                (0..32).filter(|&l| a[l] != b[l]).fold(0, |m, l| m | 1 << l)
            }
            (Value::Mask(a), Value::Mask(b)) => a ^ b,
            (a, b) if a != b => u32::MAX,
            _ => 0,
        } & wr.lanes;
    }
    (w, c)
}

/// The grid.
#[function_component(Grid)]
pub fn grid(p: &GridProps) -> Html {
    let fmt_buttons = Fmt::ALL.iter().map(|&f| {
        let cb = p.on_fmt.clone();
        html! {
            <button class={classes!("btn", "small", (p.fmt == f).then_some("on"))} data-fmt={f.label()}
                onclick={Callback::from(move |_| cb.emit(f))}>{ f.label() }</button>
        }
    });
    let head = html! {
        <div class="pane-head">
            <h2>{ "Warp state" }</h2>
            if p.stale { <span class="stale-badge">{ "stale" }</span> }
            <span class="fmt-toggle" role="group" aria-label="value format">{ for fmt_buttons }</span>
        </div>
    };
    let Some(sim) = &p.sim else {
        return html! { <section class="pane grid-pane">{ head }<p class="empty">{ "No program." }</p></section> };
    };
    let sim = sim.borrow();
    let st = sim.state();
    let ev = p.event.as_deref();
    let launched = st.launched();
    let exited = st.exited();
    let halted = sim.halted();
    let waiting = st.waiting();
    let next = sim.next_lanes();
    let lane_state = |l: usize| -> &'static str {
        let b = 1u32 << l;
        if launched & b == 0 {
            "off"
        } else if exited & b != 0 {
            "exited"
        } else if halted & b != 0 {
            "halted"
        } else if waiting & b != 0 {
            "waiting"
        } else if next & b != 0 {
            "next"
        } else {
            "ready"
        }
    };
    let lane_class = |l: usize| format!("lane-{}", lane_state(l));

    let header = (0..32).map(|l| {
        let cb = p.on_lane.clone();
        let s = lane_state(l);
        let title = format!(
            "lane {l}: {}\nclick to toggle it in .active",
            match s {
                "off" => "not active at launch",
                "exited" => "exited",
                "halted" => "stopped outside the program",
                "waiting" => "waiting at a barrier",
                "next" => "runs in the next step",
                _ => "active, at another instruction",
            }
        );
        html! {
            <th class={classes!("lane-head", lane_class(l))} data-lane={l.to_string()} data-state={s} {title}
                onclick={Callback::from(move |_| cb.emit(l as u8))}>{ l }</th>
        }
    });
    let status_row = (0..32).map(|l| {
        let s = lane_state(l);
        let mark = match s {
            "off" => "·",
            "exited" => "✕",
            "halted" => "■",
            "waiting" => "‖",
            "next" => "▶",
            _ => "○",
        };
        html! { <td class={classes!("lane-status", lane_class(l))} title={s}>{ mark }</td> }
    });

    let mut lane_rows: Vec<Html> = Vec::new();
    let mut uniform: Vec<Html> = Vec::new();
    for &loc in sim.touched_registers() {
        let (w, c) = written(ev, loc);
        match loc {
            Loc::R(n) => {
                let vals = st.reg(n);
                let cells = (0..32).map(|l| {
                    let v = vals[l];
                    let class = classes!(
                        "val",
                        lane_class(l),
                        (c >> l & 1 == 1).then_some("changed"),
                        (w >> l & 1 == 1 && c >> l & 1 == 0).then_some("written"),
                    );
                    html! { <td {class} data-lane={l.to_string()} data-value={v.to_string()}>{ p.fmt.show(v) }</td> }
                });
                lane_rows.push(html! {
                    <tr data-reg={loc.name()}><th class="reg">{ loc.name() }</th>{ for cells }</tr>
                });
            }
            Loc::P(n) => {
                let m = st.pred(n);
                let cells = (0..32).map(|l| {
                    let v = m >> l & 1;
                    let class = classes!(
                        "pred",
                        lane_class(l),
                        if v == 1 { "t" } else { "f" },
                        (c >> l & 1 == 1).then_some("changed"),
                        (w >> l & 1 == 1 && c >> l & 1 == 0).then_some("written"),
                    );
                    html! { <td {class} data-lane={l.to_string()} data-value={v.to_string()} title={format!("P{n} lane {l}: {}", v == 1)}>{ if v == 1 { "●" } else { "○" } }</td> }
                });
                lane_rows.push(html! {
                    <tr data-reg={loc.name()} class="pred-row"><th class="reg" title={format!("{:#010x}", m)}>{ loc.name() }</th>{ for cells }</tr>
                });
            }
            Loc::UR(n) => {
                let v = st.ureg(n);
                uniform.push(html! {
                    <div class={classes!("uni", (c != 0).then_some("changed"))} data-reg={loc.name()} data-value={v.to_string()} title={all_formats(v)}>
                        <span class="reg">{ loc.name() }</span><span class="v">{ p.fmt.show(v) }</span>
                    </div>
                });
            }
            Loc::UP(n) => {
                let v = st.upred(n);
                uniform.push(html! {
                    <div class={classes!("uni", (c != 0).then_some("changed"))} data-reg={loc.name()} data-value={u8::from(v).to_string()}>
                        <span class="reg">{ loc.name() }</span><span class="v">{ v.to_string() }</span>
                    </div>
                });
            }
            _ => {}
        }
    }

    // Hover text in every format, made when the pointer reaches a cell
    // rather than for all 32 x N cells on every step.
    let hover_title = Callback::from(|e: MouseEvent| {
        use wasm_bindgen::JsCast;
        let Some(td) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        if td.tag_name() != "TD" || !td.class_list().contains("val") {
            return;
        }
        let reg = td
            .parent_element()
            .and_then(|tr| tr.get_attribute("data-reg"))
            .unwrap_or_default();
        let lane = td.get_attribute("data-lane").unwrap_or_default();
        if let Some(v) = td
            .get_attribute("data-value")
            .and_then(|v| v.parse::<u32>().ok())
        {
            let _ = td.set_attribute("title", &format!("{reg} lane {lane}\n{}", all_formats(v)));
        }
    });

    html! {
        <section class={classes!("pane", "grid-pane", p.stale.then_some("stale"))} aria-label="warp state">
            { head }
            <div class="scroll">
                <table class="lane-grid" id="grid" onmouseover={hover_title} data-step={sim.steps().to_string()} data-rev={p.sim_rev.to_string()}>
                    <thead>
                        <tr><th class="corner" title="click a lane number to toggle it in .active">{ "lane" }</th>{ for header }</tr>
                        <tr class="status-row"><th class="reg">{ "state" }</th>{ for status_row }</tr>
                    </thead>
                    <tbody>{ for lane_rows }</tbody>
                </table>
            </div>
            if !uniform.is_empty() {
                <div class="uniform" id="uniform"><span class="uni-title">{ "uniform" }</span>{ for uniform }</div>
            }
            <div class="grid-legend">
                <span>{ "▶ runs next" }</span><span>{ "○ active elsewhere" }</span><span>{ "‖ waiting" }</span>
                <span>{ "✕ exited" }</span><span>{ "· inactive" }</span><span>{ "■ halted" }</span>
                <span class="changed-key">{ "changed by the last step" }</span>
            </div>
        </section>
    }
}
