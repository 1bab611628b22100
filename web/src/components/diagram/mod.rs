//! Lane diagrams: what the last step did across the 32 lanes, drawn in SVG
//! from the simulator's [`StepEvent`] alone (the event carries the source
//! lane of every shuffle, the ballot, the reduction inputs...; nothing is
//! recomputed here).
//!
//! Every drawn lane element carries `data-*` attributes (`data-lane`,
//! `data-src`, `data-dst`, `data-valid`, `data-value`, `data-row`...) so
//! tests and tools can read the diagram from the DOM.

mod describe;
mod draw;
mod elect;
mod hwreg;
mod matching;
mod movm;
mod p2r;
mod plain;
mod redux;
mod shfl;
mod vote;

use crate::i18n::{tr, tr_text, trf};
use crate::state::{Fmt, Ptr};
use draw::Ctx;
use warpscope_core::sim::{EventDetail, StepEvent};
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
    /// The program has errors: the step drawn is from the last program
    /// that assembled.
    #[prop_or_default]
    pub stale: bool,
}

/// The diagram pane.
#[function_component(Diagram)]
pub fn diagram(p: &DiagramProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let hover = use_state_eq(|| None::<usize>);
    // The element under the pointer names what it hovers in `data-hover`
    // (see `draw`); anything else hovers nothing.
    let on_over = {
        let hover = hover.clone();
        Callback::from(move |e: MouseEvent| {
            hover.set(crate::markup::hit(&e, "[data-hover]", "data-hover"))
        })
    };
    let on_leave = {
        let hover = hover.clone();
        Callback::from(move |_: MouseEvent| hover.set(None))
    };
    let Some(ev) = &p.event else {
        return html! {
            <section class="pane diagram-pane" aria-label={tr("lane diagram")}>
                <div class="pane-head"><h2>{ tr("Lanes") }</h2></div>
                <p class="empty">{ tr("Step (F10) to see what each lane does.") }</p>
            </section>
        };
    };
    let c = Ctx {
        hover: *hover,
        fmt: p.fmt,
    };
    let (kind, body) = match &ev.detail {
        EventDetail::Shfl { .. } => ("shfl", shfl::view(ev, &c)),
        EventDetail::Vote { .. } => ("vote", vote::view(ev, &c)),
        EventDetail::Redux { .. } => ("redux", redux::view(ev, &c)),
        EventDetail::Match { .. } => ("match", matching::view(ev, &c)),
        EventDetail::Elect { .. } => ("elect", elect::view(ev, &c)),
        EventDetail::Movm { .. } => ("movm", movm::view(ev, &c)),
        EventDetail::P2r { .. } => ("p2r", p2r::view(ev, &c)),
        EventDetail::HwReg { .. } => ("hwreg", hwreg::view(ev, &c)),
        _ => ("plain", plain::view(ev, &c)),
    };
    let make = {
        let text = p.text.clone().unwrap_or_default();
        let step = ev.step + 1;
        Callback::from(move |()| {
            let mnemonic: String = text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .find(|w| !w.is_empty())
                .unwrap_or("step")
                .into();
            crate::export::standalone_svg(
                "diagram",
                &trf("{0} · step {1}", &[&text, &step]),
                &format!("warpscope-step{step}-{mnemonic}"),
            )
            .map_err(|_| tr("there is no diagram to export").to_string())
        })
    };
    html! {
        <section class={classes!("pane", "diagram-pane", p.stale.then_some("stale"))} aria-label={tr("lane diagram")}>
            <div class="pane-head">
                <h2>{ tr("Lanes") }</h2>
                if p.stale { { super::grid::stale_badge() } }
                <span class="pane-info">
                    { trf("step {0} · line {1} · ", &[&(ev.step + 1), &ev.line]) }
                    <code>{ p.text.clone().unwrap_or_default() }</code>
                </span>
                <super::export_menu::ExportMenu id="diagram" what={tr("lane diagram")} {make} />
            </div>
            <div class="diagram" id="diagram" data-kind={kind} data-step={ev.step.to_string()} data-index={ev.index.to_string()}
                 data-lanes={ev.lanes.to_string()} data-active={ev.active.to_string()}
                 tabindex="0" role="img" aria-label={describe::describe(ev, p.text.as_deref().unwrap_or(""), p.fmt)}
                 onmouseover={on_over} onmouseleave={on_leave}>
                { body }
            </div>
            if !ev.warning_texts.is_empty() {
                <ul class="sim-warnings">{ for ev.warning_texts.iter().map(|w| html!{ <li>{ tr_text(w) }</li> }) }</ul>
            }
        </section>
    }
}
