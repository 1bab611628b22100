//! The warp state grid: one column per lane, one row per register the
//! program uses (as the simulator lists them), predicates as lane-mask
//! rows, uniform registers apart. Cells the last step changed are
//! highlighted; hovering a cell shows its value in every format.
//!
//! What the rows are comes from core's description of the dialect's
//! machine (`sim::machine::register_files`): per-lane files are lane rows,
//! mask files dot rows (with the packed `PR` row where the predicate
//! file's description names it), flag files (Maxwell's CC) rows of flag
//! letters named by the file's description. A machine without per-lane
//! files (the AMDGPU wave's scalar unit) is drawn as a wave view: one row
//! per scalar register with its 32 bits, and the bits the last
//! `s_getreg`/`s_setreg` touched highlighted.

use crate::i18n::{tr, trf};
use crate::state::{all_formats, Fmt, Ptr, RunView};
use warpscope_core::cuda::Compiled;
use warpscope_core::isas::Id;
use warpscope_core::sim::machine::{self, FileShape, RegFile};
use warpscope_core::sim::{EventDetail, Loc, StepEvent, Value};
use yew::prelude::*;

/// The register file a location belongs to (by the file's name prefix).
fn file_of(files: &[RegFile], loc: Loc) -> Option<&RegFile> {
    let prefix = match loc {
        Loc::R(_) => "R",
        Loc::P(_) => "P",
        Loc::UR(_) => "UR",
        Loc::UP(_) => "UP",
        Loc::B(_) => "B",
        Loc::CC => "CC",
        Loc::S(_) => "s",
        Loc::HwReg(_) => "HW_REG",
        Loc::SR(_) | Loc::PR => return None,
    };
    files.iter().find(|f| f.name == prefix)
}

/// Grid props.
#[derive(Properties, PartialEq)]
pub struct GridProps {
    /// ISA name (for its register files).
    #[prop_or_default]
    pub isa: Id,
    /// What the simulator shows.
    pub run: Option<Ptr<RunView>>,
    /// Bumped on every simulator change.
    pub rev: u64,
    /// Value format.
    pub fmt: Fmt,
    /// True when the program shown is not the current text.
    pub stale: bool,
    /// A lane number was clicked.
    pub on_lane: Callback<u8>,
    /// A format was chosen.
    pub on_fmt: Callback<Fmt>,
    /// For a CUDA C kernel, the variables' registers: their rows are
    /// named after the variables too.
    #[prop_or_default]
    pub cuda: Option<Ptr<Compiled>>,
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

/// The bits of hardware register `id` the last step read or wrote:
/// `(offset, size, write)`.
fn hwreg_access(ev: Option<&StepEvent>, loc: Loc) -> Option<(u8, u8, bool)> {
    match (ev.map(|e| &e.detail), loc) {
        (
            Some(EventDetail::HwReg {
                id,
                offset,
                size,
                write,
                ..
            }),
            Loc::HwReg(n),
        ) if *id == n => Some((*offset, *size, *write)),
        _ => None,
    }
}

/// A machine without per-lane state: one row per scalar register, its
/// value and its 32 bits.
fn wave_view(p: &GridProps, head: Html, sim: &RunView, files: &[RegFile]) -> Html {
    let st = &sim.warp;
    let ev = sim.event.as_deref();
    let rows = sim.touched.iter().filter_map(|&loc| {
        let file = file_of(files, loc)?;
        let Value::Scalar(v) = st.get(loc) else { return None };
        let (w, c) = written(ev, loc);
        let access = hwreg_access(ev, loc);
        let name = loc.name();
        let bits = (0..32u32).rev().map(|b| {
            let on = v >> b & 1 == 1;
            let hl = access.is_some_and(|(o, s, _)| b >= u32::from(o) && b < u32::from(o) + u32::from(s));
            html! {
                <td class={classes!("wbit", if on { "one" } else { "zero" }, hl.then_some("hl"), (hl && access.is_some_and(|a| a.2)).then_some("hl-write"))}
                    data-bit={b.to_string()} data-value={u8::from(on).to_string()}>{ u8::from(on) }</td>
            }
        });
        let doc = match loc {
            Loc::HwReg(id) => machine::hwregs(p.isa.isa())
                .into_iter()
                .find(|h| h.id == id)
                .map_or(tr(file.doc).to_string(), |h| format!("{} (id {id}): {}", h.name, h.doc)),
            _ => tr(file.doc).to_string(),
        };
        let class = classes!(
            format!("file-{}", file.name.to_ascii_lowercase().replace('_', "-")),
            (c != 0).then_some("changed"),
            (w != 0 && c == 0).then_some("written"),
        );
        Some(html! {
            <tr {class} data-reg={name.clone()} data-access={access.map(|(o, s, wr)| format!("{o},{s},{}", if wr { "w" } else { "r" }))}>
                <th class="reg" title={doc}>{ name }</th>
                <td class="val" data-value={v.to_string()} title={all_formats(v)}>{ p.fmt.show(v) }</td>
                { for bits }
            </tr>
        })
    });
    let status = if sim.next.is_some() { "runs" } else { "done" };
    let caption = files
        .iter()
        .map(|f| tr(f.doc))
        .collect::<Vec<_>>()
        .join(" · ");
    html! {
        <section class={classes!("pane", "grid-pane", "wave", p.stale.then_some("stale"))} aria-label={tr("wave state")}>
            { head }
            <p class="wave-caption">{ trf("wave64 scalar unit: {0}", &[&caption]) }</p>
            <div class="scroll" tabindex="0" role="region" aria-label={tr("warp state values")}>
                <table class="lane-grid wave-grid" id="grid" data-step={sim.steps.to_string()} data-rev={p.rev.to_string()} data-state={status}>
                    <thead>
                        <tr>
                            <th class="corner">{ tr("register") }</th><th>{ tr("value") }</th>
                            { for (0..32u32).rev().map(|b| html!{ <th class={classes!("bitno", (b % 8 == 0).then_some("edge"))}>{ b }</th> }) }
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <div class="grid-legend">
                <span class="changed-key">{ tr("changed by the last step") }</span>
                <span class="hl-key">{ tr("bits the last s_getreg/s_setreg read or wrote") }</span>
            </div>
        </section>
    }
}

/// Each lane's state: `off`, `exited`, `halted`, `waiting`, `next` or
/// `ready`.
fn lane_states(sim: &RunView) -> [&'static str; 32] {
    let st = &sim.warp;
    let (launched, exited, waiting) = (st.launched(), st.exited(), st.waiting());
    std::array::from_fn(|l| {
        let b = 1u32 << l;
        if launched & b == 0 {
            "off"
        } else if exited & b != 0 {
            "exited"
        } else if sim.halted & b != 0 {
            "halted"
        } else if waiting & b != 0 {
            "waiting"
        } else if sim.next_lanes & b != 0 {
            "next"
        } else {
            "ready"
        }
    })
}

/// A lane state's name, for its hover title.
fn state_name(s: &str) -> &'static str {
    match s {
        "off" => tr("off"),
        "exited" => tr("exited"),
        "halted" => tr("halted"),
        "waiting" => tr("waiting"),
        "next" => tr("next"),
        _ => tr("ready"),
    }
}

/// The lane numbers (click: toggle in `.active`) and the lane states.
fn lane_heads(on_lane: &Callback<u8>, states: &[&'static str; 32]) -> (Html, Html) {
    let lane_state = |l: usize| states[l];
    let lane_class = |l: usize| format!("lane-{}", lane_state(l));
    let header = (0..32).map(|l| {
        let cb = on_lane.clone();
        let s = lane_state(l);
        let what = match s {
            "off" => tr("not active at launch"),
            "exited" => tr("exited"),
            "halted" => tr("stopped outside the program"),
            "waiting" => tr("waiting at a barrier"),
            "next" => tr("runs in the next step"),
            _ => tr("active, at another instruction"),
        };
        let title = trf("lane {0}: {1}\nclick to toggle it in .active", &[&l, &what]);
        html! {
            <th class={classes!("lane-head", lane_class(l))} data-lane={l.to_string()} data-state={s} {title}
                tabindex={if l == 0 { "0" } else { "-1" }} onclick={Callback::from(move |_| cb.emit(l as u8))}>{ l }</th>
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
        html! { <td class={classes!("lane-status", lane_class(l))} title={state_name(s)}>{ mark }</td> }
    });
    (header.collect(), status_row.collect())
}

/// The lane numbers by keyboard: one stop in the Tab order (lane 0), Left
/// and Right move between lanes, Space or Enter toggles the lane.
fn lane_keys(on_lane: &Callback<u8>) -> Callback<KeyboardEvent> {
    let cb = on_lane.clone();
    Callback::from(move |e: KeyboardEvent| {
        use wasm_bindgen::JsCast;
        let Some(th) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let Some(l) = th
            .get_attribute("data-lane")
            .and_then(|v| v.parse::<u8>().ok())
        else {
            return;
        };
        let next = match e.key().as_str() {
            " " | "Enter" => {
                e.prevent_default();
                cb.emit(l);
                return;
            }
            "ArrowRight" => th.next_element_sibling(),
            "ArrowLeft" => th.previous_element_sibling(),
            _ => return,
        };
        if let Some(n) = next.and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
            e.prevent_default();
            let _ = n.focus();
        }
    })
}

/// The register rows, per lane and uniform.
fn register_rows(
    p: &GridProps,
    sim: &RunView,
    files: &[RegFile],
    states: &[&'static str; 32],
) -> (Vec<Html>, Vec<Html>) {
    let st = &sim.warp;
    let ev = sim.event.as_deref();
    let lane_class = |l: usize| format!("lane-{}", states[l]);
    // A lane cell's classes: its kind, the lane's state, and whether the
    // last step changed or only wrote it (`c`, `w`: lane masks).
    let cell_class = |kind: &'static str, l: usize, c: u32, w: u32| {
        classes!(
            kind,
            lane_class(l),
            (c >> l & 1 == 1).then_some("changed"),
            (w >> l & 1 == 1 && c >> l & 1 == 0).then_some("written"),
        )
    };
    let mut lane_rows: Vec<Html> = Vec::new();
    let mut uniform: Vec<Html> = Vec::new();
    let touched = &sim.touched;
    // The packed PR row follows the last predicate row when the machine
    // packs its predicates into PR.
    let pr_after = files
        .iter()
        .find(|f| f.name == "P" && f.packed_in == Some("PR"))
        .and_then(|_| touched.iter().rposition(|l| matches!(l, Loc::P(_))));
    for (ti, &loc) in touched.iter().enumerate() {
        let (w, c) = written(ev, loc);
        let shape = file_of(files, loc).map(|f| f.shape);
        match loc {
            _ if shape == Some(FileShape::Flags) => {
                let Value::Lanes(vals) = st.get(loc) else {
                    continue;
                };
                let (doc, flags) =
                    file_of(files, loc).map_or(("", &[][..]), |f| (tr(f.doc), f.flags));
                let name = loc.name();
                let cells = (0..32).map(|l| {
                    let v = vals[l];
                    let class = cell_class("flags", l, c, w);
                    let letters = flags.iter().rev().map(|(f, b)| {
                        let on = v >> b & 1 == 1;
                        let letter = f.chars().next().unwrap_or('?');
                        html! { <span class={classes!("flag", on.then_some("on"))}>{ if on { letter } else { '·' } }</span> }
                    });
                    let title = format!(
                        "{name} lane {l} = {v:#x}\n{}",
                        flags.iter().map(|(f, b)| format!("{f} = {}", v >> b & 1)).collect::<Vec<_>>().join(", ")
                    );
                    html! { <td {class} data-lane={l.to_string()} data-value={v.to_string()} {title}>{ for letters }</td> }
                });
                lane_rows.push(html! {
                    <tr data-reg={name.clone()} class="flags-row"><th class="reg" title={doc}>{ name.clone() }</th>{ for cells }</tr>
                });
            }
            Loc::R(n) => {
                let vals = st.reg(n);
                let cells = (0..32).map(|l| {
                    let v = vals[l];
                    let class = cell_class("val", l, c, w);
                    html! { <td {class} data-lane={l.to_string()} data-value={v.to_string()}>{ p.fmt.show(v) }</td> }
                });
                let var = p
                    .cuda
                    .as_ref()
                    .and_then(|c| c.registers.iter().find(|v| v.1 == n));
                lane_rows.push(html! {
                    <tr data-reg={loc.name()}><th class="reg">{ loc.name() }
                        if let Some((name, _)) = var { <span class="var" data-var={name.clone()}>{ name.clone() }</span> }
                    </th>{ for cells }</tr>
                });
            }
            Loc::P(n) => {
                let m = st.pred(n);
                let cells = (0..32).map(|l| {
                    let v = m >> l & 1;
                    let mut class = cell_class("pred", l, c, w);
                    class.push(if v == 1 { "t" } else { "f" });
                    html! { <td {class} data-lane={l.to_string()} data-value={v.to_string()} title={trf("{0} lane {1}: {2}", &[&format!("P{n}"), &l, &if v == 1 { tr("true") } else { tr("false") }])}>{ if v == 1 { "●" } else { "○" } }</td> }
                });
                lane_rows.push(html! {
                    <tr data-reg={loc.name()} class="pred-row"><th class="reg" title={format!("{:#010x}", m)}>{ loc.name() }</th>{ for cells }</tr>
                });
                if pr_after == Some(ti) {
                    let pr = st.pr();
                    let cells = (0..32).map(|l| {
                        let v = pr[l];
                        html! { <td class={classes!("val", "packed", lane_class(l))} data-lane={l.to_string()} data-value={v.to_string()}
                                    title={trf("PR lane {0} = {1} (P0..P6 in bits 0..6)", &[&l, &format!("{v:#04x}")])}>{ format!("{v:02x}") }</td> }
                    });
                    lane_rows.push(html! {
                        <tr data-reg="PR" class="pr-row"><th class="reg" title={tr("PR: the predicates packed, P0 in bit 0 (hex)")}>{ "PR" }</th>{ for cells }</tr>
                    });
                }
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
    (lane_rows, uniform)
}

/// The label of a view that shows the last program that assembled while
/// the editor's text has errors.
pub fn stale_badge() -> Html {
    html! { <span class="stale-badge stale-run">{ tr("from the last program that assembled") }</span> }
}

/// The grid.
#[function_component(Grid)]
pub fn grid(p: &GridProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let fmt_buttons = Fmt::ALL.iter().map(|&f| {
        let cb = p.on_fmt.clone();
        html! {
            <button class={classes!("btn", "small", (p.fmt == f).then_some("on"))} data-fmt={f.label()}
                onclick={Callback::from(move |_| cb.emit(f))}>{ f.label() }</button>
        }
    });
    let head = html! {
        <div class="pane-head">
            <h2>{ tr("Warp state") }</h2>
            if p.stale { { stale_badge() } }
            <span class="fmt-toggle" role="group" aria-label={tr("value format")}>{ for fmt_buttons }</span>
        </div>
    };
    let Some(sim) = &p.run else {
        return html! { <section class="pane grid-pane">{ head }<p class="empty">{ tr("No program.") }</p></section> };
    };
    let isa = p.isa.isa();
    let files = machine::register_files(isa);
    let per_lane = files.iter().any(|f| {
        matches!(
            f.shape,
            FileShape::PerLane | FileShape::Mask | FileShape::Flags
        )
    });
    if !per_lane {
        return wave_view(p, head, sim, &files);
    }
    let states = lane_states(sim);
    let (header, status_row) = lane_heads(&p.on_lane, &states);
    let (lane_rows, uniform) = register_rows(p, sim, &files, &states);

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
        <section class={classes!("pane", "grid-pane", p.stale.then_some("stale"))} aria-label={tr("warp state")}>
            { head }
            <div class="scroll" tabindex="0" role="region" aria-label={tr("warp state values")}>
                <table class="lane-grid" id="grid" onmouseover={hover_title} data-step={sim.steps.to_string()} data-rev={p.rev.to_string()}>
                    <thead>
                        <tr data-keys-need-rest="" onkeydown={lane_keys(&p.on_lane)}><th class="corner" title={tr("click a lane number to toggle it in .active")}>{ "lane" }</th>{ header }</tr>
                        <tr class="status-row"><th class="reg">{ tr("state") }</th>{ status_row }</tr>
                    </thead>
                    <tbody>{ for lane_rows }</tbody>
                </table>
            </div>
            if !uniform.is_empty() {
                <div class="uniform" id="uniform"><span class="uni-title">{ tr("uniform") }</span>{ for uniform }</div>
            }
            <div class="grid-legend">
                <span>{ tr("▶ runs next") }</span><span>{ tr("○ active elsewhere") }</span><span>{ tr("‖ waiting") }</span>
                <span>{ tr("✕ exited") }</span><span>{ tr("· inactive") }</span><span>{ tr("■ halted") }</span>
                <span class="changed-key">{ tr("changed by the last step") }</span>
            </div>
        </section>
    }
}
