//! The run buttons and the step counter with the run status, shared by
//! the full page and embed mode.

use yew::prelude::*;

use crate::i18n::{tr, trf};
use crate::state::{Action, Dispatch, RunAction, State};

/// Animation speeds offered: (label, milliseconds per step).
const SPEEDS: &[(&str, u32)] = &[("1/s", 1000), ("4/s", 250), ("10/s", 100), ("30/s", 33)];

fn button(
    d: &Dispatch,
    id: &'static str,
    class: Classes,
    a: RunAction,
    title: &'static str,
    label: &'static str,
    disabled: bool,
) -> Html {
    let d = d.clone();
    let onclick = Callback::from(move |_: MouseEvent| d.send(Action::Run(a.clone())));
    html! { <button {class} {id} {onclick} {title} {disabled}>{ label }</button> }
}

/// Reset, Back, Step and Run; in the full page (`full`) also To caret,
/// Play and the speed.
pub fn run_controls(st: &State, d: &Dispatch, full: bool) -> Html {
    let steps = st.run.steps();
    let can_step = st.run.next_index().is_some();
    let btn = |extra: Option<&'static str>| classes!("btn", (!full).then_some("small"), extra);
    let on_speed = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(ms) = s.value().parse() {
                d.send(Action::Run(RunAction::Speed(ms)));
            }
        })
    };
    let playing = st.run.playing;
    let (reset, run_title) = if full {
        (tr("⟲ Reset"), tr("run to a breakpoint or the end (F5)"))
    } else {
        ("⟲", tr("run to the end (F5)"))
    };
    html! {
        <div class="run-controls" data-core="" role="group" aria-label={tr("run controls")}>
            { button(d, "btn-reset", btn(None), RunAction::Reset, tr("back to the initial state"), reset, steps == 0) }
            { button(d, "btn-back", btn(None), RunAction::Back, tr("undo one step (Shift+F10)"), tr("◀ Back"), steps == 0) }
            { button(d, "btn-step", btn(Some("primary")), RunAction::Step, tr("execute one instruction (F10)"), tr("Step ▶"), !can_step) }
            { button(d, "btn-run", btn(None), RunAction::Run, run_title, tr("Run"), !can_step) }
            if full {
                { button(d, "btn-cursor", btn(None), RunAction::RunToCursor, tr("run until the caret's line is next (F8)"), tr("To caret"), !can_step) }
                { button(d, "btn-play", btn(playing.then_some("on")), RunAction::TogglePlay, tr("animate: one step at the chosen speed"),
                    if playing { tr("Pause") } else { tr("Play") }, !can_step && !playing) }
                <select id="speed" aria-label={tr("play speed")} onchange={on_speed} title={tr("play speed")}>
                    { for SPEEDS.iter().map(|(l, ms)| html!{ <option value={ms.to_string()} selected={*ms == st.run.speed_ms}>{ *l }</option> }) }
                </select>
            }
        </div>
    }
}

/// The step counter and the run status (`#run-status`).
pub fn run_status(st: &State) -> Html {
    let steps = st.run.steps();
    let status = st.run.status_text();
    // With errors in the editor, the run shown is the last good
    // program's: greyed, and said so to a pointer and a screen reader.
    let stale = st.build.stale && st.run.view.is_some();
    let title = stale.then(|| tr("from the last program that assembled"));
    html! {
        <div class={classes!("run-status", stale.then_some("stale"))} id="run-status" data-steps={steps.to_string()} data-status={status}
             data-stale={stale.to_string()} {title} aria-description={title}>
            <span class="steps">{ trf("step {0}", &[&steps]) }</span>
            // "step limit" fits the room the status keeps in the header.
            <span class={classes!("status", format!("st-{}", status.replace(' ', "-")))} title={st.run.status_title()}>
                { short_status(st) }
            </span>
        </div>
    }
}

/// The status in the header's room: "step limit" fits where "step limit
/// reached" would not.
fn short_status(st: &State) -> &'static str {
    if st.run.status_text() == "step limit reached" {
        tr("step limit")
    } else {
        st.run.status_title()
    }
}

/// What the live region says after a step: "step 12, line 23, SHFL.DOWN,
/// 16 lanes took part", and how the run ended when it did.
pub fn announce(st: &State) -> String {
    let status = st.run.status_text();
    let Some(ev) = st.run.last_event() else {
        return trf("step 0, {0}", &[&st.run.status_title()]);
    };
    let text = super::tabs::event_text(st).unwrap_or_default();
    let mnemonic = text
        .split_whitespace()
        .find(|w| !w.starts_with('@'))
        .unwrap_or("")
        .trim_end_matches(';');
    let n = ev.lanes.count_ones();
    let (step, line, ended) = (ev.step + 1, ev.line, st.run.status_title());
    let args: [&dyn std::fmt::Display; 5] = [&step, &line, &mnemonic, &n, &ended];
    match (status == "running", n == 1) {
        (true, true) => trf("step {0}, line {1}, {2}, {3} lane took part", &args),
        (true, false) => trf("step {0}, line {1}, {2}, {3} lanes took part", &args),
        (false, true) => trf("step {0}, line {1}, {2}, {3} lane took part, {4}", &args),
        (false, false) => trf("step {0}, line {1}, {2}, {3} lanes took part, {4}", &args),
    }
}
