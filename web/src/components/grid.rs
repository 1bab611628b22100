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
use crate::markup::Markup;
use crate::state::{all_formats, Fmt, Ptr, RunView};
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
    let status = if sim.next.is_some() { "runs" } else { "done" };
    let mut m = Markup::default();
    m.el("table")
        .class(&["lane-grid", "wave-grid"])
        .attr("id", "grid");
    m.num("data-step", sim.steps)
        .num("data-rev", p.rev)
        .attr("data-state", status);
    m.open().raw("<thead><tr>");
    m.el("th")
        .class(&["corner"])
        .open()
        .text(tr("register"))
        .close("th");
    m.el("th").open().text(tr("value")).close("th");
    for b in (0..32u32).rev() {
        let edge = if b % 8 == 0 { "edge" } else { "" };
        m.el("th")
            .class(&["bitno", edge])
            .open()
            .text(&b.to_string())
            .close("th");
    }
    m.raw("</tr></thead><tbody>");
    for &loc in &sim.touched {
        let Some(file) = file_of(files, loc) else {
            continue;
        };
        let Value::Scalar(v) = st.get(loc) else {
            continue;
        };
        let (w, c) = written(ev, loc);
        let access = hwreg_access(ev, loc);
        let doc = match loc {
            Loc::HwReg(id) => machine::hwregs(p.isa.isa())
                .into_iter()
                .find(|h| h.id == id)
                .map_or(file.doc.to_string(), |h| {
                    format!("{} (id {id}): {}", h.name, h.doc)
                }),
            _ => file.doc.to_string(),
        };
        let file_class = format!("file-{}", file.name.to_ascii_lowercase().replace('_', "-"));
        let changed = if c != 0 {
            "changed"
        } else if w != 0 {
            "written"
        } else {
            ""
        };
        let name = loc.name();
        m.el("tr")
            .class(&[&file_class, changed])
            .attr("data-reg", &name);
        if let Some((o, s, wr)) = access {
            m.attr(
                "data-access",
                &format!("{o},{s},{}", if wr { "w" } else { "r" }),
            );
        }
        m.open();
        m.el("th")
            .class(&["reg"])
            .attr("title", &doc)
            .open()
            .text(&name)
            .close("th");
        m.el("td")
            .class(&["val"])
            .num("data-value", v)
            .attr("title", &all_formats(v));
        m.open().text(&p.fmt.show(v)).close("td");
        for b in (0..32u32).rev() {
            let on = v >> b & 1;
            let hl =
                access.filter(|&(o, s, _)| b >= u32::from(o) && b < u32::from(o) + u32::from(s));
            let (hl, write) = match hl {
                Some((_, _, true)) => ("hl", "hl-write"),
                Some(_) => ("hl", ""),
                None => ("", ""),
            };
            m.el("td")
                .class(&["wbit", if on == 1 { "one" } else { "zero" }, hl, write]);
            m.num("data-bit", b)
                .num("data-value", on)
                .open()
                .text(&on.to_string())
                .close("td");
        }
        m.close("tr");
    }
    m.raw("</tbody>");
    m.close("table");
    let caption = files.iter().map(|f| f.doc).collect::<Vec<_>>().join(" · ");
    html! {
        <section class={classes!("pane", "grid-pane", "wave", p.stale.then_some("stale"))} aria-label={tr("wave state")}>
            { head }
            <p class="wave-caption">{ trf("wave64 scalar unit: {0}", &[&caption]) }</p>
            <div class="scroll" tabindex="0" role="region" aria-label={tr("warp state values")}>
                { m.into_html() }
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

/// The header rows: the lane numbers (a click toggles the lane in
/// `.active`, see [`lane_clicked`]) and the lane states.
fn lane_heads(m: &mut Markup, states: &[&'static str; 32]) {
    m.raw("<thead><tr>");
    m.el("th")
        .class(&["corner"])
        .attr("title", tr("click a lane number to toggle it in .active"));
    m.open().text("lane").close("th");
    for (l, &s) in states.iter().enumerate() {
        let what = match s {
            "off" => tr("not active at launch"),
            "exited" => tr("exited"),
            "halted" => tr("stopped outside the program"),
            "waiting" => tr("waiting at a barrier"),
            "next" => tr("runs in the next step"),
            _ => tr("active, at another instruction"),
        };
        let title = trf("lane {0}: {1}\nclick to toggle it in .active", &[&l, &what]);
        m.el("th")
            .class(&["lane-head", &format!("lane-{s}")])
            .num("data-lane", l);
        m.attr("data-state", s)
            .attr("title", &title)
            .open()
            .text(&l.to_string())
            .close("th");
    }
    m.raw("</tr><tr class=\"status-row\">");
    m.el("th")
        .class(&["reg"])
        .open()
        .text(tr("state"))
        .close("th");
    for &s in states {
        let mark = match s {
            "off" => "·",
            "exited" => "✕",
            "halted" => "■",
            "waiting" => "‖",
            "next" => "▶",
            _ => "○",
        };
        m.el("td")
            .class(&["lane-status", &format!("lane-{s}")])
            .attr("title", state_name(s));
        m.open().text(mark).close("td");
    }
    m.raw("</tr></thead>");
}

/// The lane a click on a lane number asks to toggle.
fn lane_clicked(e: &MouseEvent) -> Option<u8> {
    let target: web_sys::Element = e.target_dyn_into()?;
    let th = target.closest("th.lane-head[data-lane]").ok()??;
    th.get_attribute("data-lane")?.parse().ok()
}

/// A lane cell's start tag: its kind, the lane's state, whether the last
/// step changed or only wrote it (`c`, `w`: lane masks), and `extra`.
fn lane_cell(m: &mut Markup, kind: &str, state: &str, l: usize, (c, w): (u32, u32), extra: &str) {
    let mark = if c >> l & 1 == 1 {
        "changed"
    } else if w >> l & 1 == 1 {
        "written"
    } else {
        ""
    };
    m.el("td")
        .class(&[kind, &format!("lane-{state}"), mark, extra])
        .num("data-lane", l);
}

/// The register rows: the per-lane ones into `rows`, the uniform ones
/// into `uniform`.
fn register_rows(
    p: &GridProps,
    sim: &RunView,
    files: &[RegFile],
    states: &[&'static str; 32],
    (rows, uniform): (&mut Markup, &mut Markup),
) {
    let st = &sim.warp;
    let ev = sim.event.as_deref();
    let touched = &sim.touched;
    // The packed PR row follows the last predicate row when the machine
    // packs its predicates into PR.
    let pr_after = files
        .iter()
        .find(|f| f.name == "P" && f.packed_in == Some("PR"))
        .and_then(|_| touched.iter().rposition(|l| matches!(l, Loc::P(_))));
    for (ti, &loc) in touched.iter().enumerate() {
        let cw = written(ev, loc);
        let file = file_of(files, loc);
        let name = loc.name();
        match loc {
            _ if file.is_some_and(|f| f.shape == FileShape::Flags) => {
                let Value::Lanes(vals) = st.get(loc) else {
                    continue;
                };
                let (doc, flags) = file.map_or(("", &[][..]), |f| (f.doc, f.flags));
                rows.el("tr")
                    .attr("data-reg", &name)
                    .class(&["flags-row"])
                    .open();
                rows.el("th")
                    .class(&["reg"])
                    .attr("title", doc)
                    .open()
                    .text(&name)
                    .close("th");
                for (l, &v) in vals.iter().enumerate() {
                    let title = format!(
                        "{name} lane {l} = {v:#x}\n{}",
                        flags
                            .iter()
                            .map(|(f, b)| format!("{f} = {}", v >> b & 1))
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                    lane_cell(rows, "flags", states[l], l, cw, "");
                    rows.num("data-value", v).attr("title", &title).open();
                    for (f, b) in flags.iter().rev() {
                        let on = v >> b & 1 == 1;
                        let letter = if on { f.get(..1).unwrap_or("?") } else { "·" };
                        rows.el("span").class(&["flag", if on { "on" } else { "" }]);
                        rows.open().text(letter).close("span");
                    }
                    rows.close("td");
                }
                rows.close("tr");
            }
            Loc::R(n) => {
                rows.el("tr").attr("data-reg", &name).open();
                rows.el("th").class(&["reg"]).open().text(&name).close("th");
                for (l, &v) in st.reg(n).iter().enumerate() {
                    lane_cell(rows, "val", states[l], l, cw, "");
                    rows.num("data-value", v)
                        .open()
                        .text(&p.fmt.show(v))
                        .close("td");
                }
                rows.close("tr");
            }
            Loc::P(n) => {
                let mask = st.pred(n);
                rows.el("tr")
                    .attr("data-reg", &name)
                    .class(&["pred-row"])
                    .open();
                rows.el("th")
                    .class(&["reg"])
                    .attr("title", &format!("{mask:#010x}"));
                rows.open().text(&name).close("th");
                for (l, state) in states.iter().enumerate() {
                    let v = mask >> l & 1;
                    let truth = if v == 1 { tr("true") } else { tr("false") };
                    lane_cell(rows, "pred", state, l, cw, if v == 1 { "t" } else { "f" });
                    rows.num("data-value", v)
                        .attr("title", &trf("{0} lane {1}: {2}", &[&name, &l, &truth]));
                    rows.open().text(if v == 1 { "●" } else { "○" }).close("td");
                }
                rows.close("tr");
                if pr_after == Some(ti) {
                    rows.raw("<tr data-reg=\"PR\" class=\"pr-row\">");
                    rows.el("th")
                        .class(&["reg"])
                        .attr("title", tr("PR: the predicates packed, P0 in bit 0 (hex)"));
                    rows.open().text("PR").close("th");
                    for (l, &v) in st.pr().iter().enumerate() {
                        lane_cell(rows, "val", states[l], l, (0, 0), "packed");
                        let hex = format!("{v:#04x}");
                        rows.num("data-value", v).attr(
                            "title",
                            &trf("PR lane {0} = {1} (P0..P6 in bits 0..6)", &[&l, &hex]),
                        );
                        rows.open().text(&format!("{v:02x}")).close("td");
                    }
                    rows.close("tr");
                }
            }
            Loc::UR(n) => {
                let v = st.ureg(n);
                uniform_cell(
                    uniform,
                    &name,
                    cw.1,
                    &v.to_string(),
                    &p.fmt.show(v),
                    Some(&all_formats(v)),
                );
            }
            Loc::UP(n) => {
                let v = st.upred(n);
                uniform_cell(
                    uniform,
                    &name,
                    cw.1,
                    &u8::from(v).to_string(),
                    &v.to_string(),
                    None,
                );
            }
            _ => {}
        }
    }
}

/// One uniform register: its name and value (`shown`), marked when the
/// last step changed it (`changed`: a lane mask).
fn uniform_cell(
    m: &mut Markup,
    name: &str,
    changed: u32,
    value: &str,
    shown: &str,
    title: Option<&str>,
) {
    m.el("div")
        .class(&["uni", if changed != 0 { "changed" } else { "" }]);
    m.attr("data-reg", name).attr("data-value", value);
    if let Some(t) = title {
        m.attr("title", t);
    }
    m.open()
        .el("span")
        .class(&["reg"])
        .open()
        .text(name)
        .close("span");
    m.el("span").class(&["v"]).open().text(shown).close("span");
    m.close("div");
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
            if p.stale { <span class="stale-badge">{ tr("stale") }</span> }
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
    let (mut table, mut uniform) = (Markup::default(), Markup::default());
    table.el("table").class(&["lane-grid"]).attr("id", "grid");
    table
        .num("data-step", sim.steps)
        .num("data-rev", p.rev)
        .open();
    lane_heads(&mut table, &states);
    table.raw("<tbody>");
    register_rows(p, sim, &files, &states, (&mut table, &mut uniform));
    table.raw("</tbody>");
    table.close("table");

    let on_lane = p.on_lane.clone();
    let click = Callback::from(move |e: MouseEvent| {
        if let Some(l) = lane_clicked(&e) {
            on_lane.emit(l);
        }
    });
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
            <div class="scroll" tabindex="0" role="region" aria-label={tr("warp state values")}
                 onclick={click} onmouseover={hover_title}>
                { table.into_html() }
            </div>
            if !uniform.as_str().is_empty() {
                <div class="uniform" id="uniform"><span class="uni-title">{ tr("uniform") }</span>{ uniform.into_html() }</div>
            }
            <div class="grid-legend">
                <span>{ tr("▶ runs next") }</span><span>{ tr("○ active elsewhere") }</span><span>{ tr("‖ waiting") }</span>
                <span>{ tr("✕ exited") }</span><span>{ tr("· inactive") }</span><span>{ tr("■ halted") }</span>
                <span class="changed-key">{ tr("changed by the last step") }</span>
            </div>
        </section>
    }
}
