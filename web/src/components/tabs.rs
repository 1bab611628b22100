//! The panes beside the editor: the tab bar and the tab shown (Lanes:
//! diagram and grid; Encoding: bitfield view; Reference).

use crate::i18n::tr;
use yew::prelude::*;

use super::callbacks::Callbacks;
use super::diagram;
use super::{bitfield, console, grid, reference};
use crate::state::{Action, Dispatch, Ptr, State, Tab, ViewAction};
use warpscope_core::isas::Id;

/// The text of the instruction the last step ran.
pub fn event_text(st: &State) -> Option<String> {
    let ev = st.run.last_event()?;
    st.build.rows().get(ev.index).map(|r| r.text.to_string())
}

fn body(st: &State, d: &Dispatch, cbs: &Callbacks) -> Html {
    let (isa, stale, fmt) = (st.doc.isa, st.build.stale, st.view.fmt);
    let selected = st.view.selected;
    match st.view.tab {
        Tab::Lanes => html! {
            <>
                <diagram::Diagram event={st.run.last_event().map(Ptr)} text={event_text(st)} {fmt} {stale} />
                // a kernel's printf output (its code is the second part's,
                // which a CUDA C program needs anyway)
                if isa == Id::Cuda && crate::lazy::ready() {
                    <console::Console printed={st.run.view.as_ref().map(|v| v.printed.clone()).unwrap_or_default()} />
                }
                <grid::Grid {isa} run={st.run.view.clone()} rev={st.run.rev} {fmt} {stale}
                    on_lane={cbs.lane.clone()} on_fmt={cbs.fmt.clone()}
                    cuda={st.build.asm.as_ref().and_then(|a| a.cuda.clone()).map(Ptr)} />
            </>
        },
        Tab::Encoding => {
            let word = selected.and_then(|i| st.build.rows().get(i).map(|r| (i, r.word)));
            let edited = match (st.view.edited, selected) {
                (Some((i, w)), Some(s)) if i == s => Some(w),
                _ => None,
            };
            let i = selected.unwrap_or(0);
            let on_word = d.callback(move |w| Action::View(ViewAction::EditWord(i, w)));
            html! {
                <bitfield::Bitfield {isa} selected={word} {edited} {stale} asm={st.build.asm.clone()}
                    {on_word} on_apply={cbs.apply.clone()} on_revert={cbs.revert.clone()} />
            }
        }
        Tab::Reference => {
            let current = selected.and_then(|i| {
                let a = st.build.asm.as_ref()?;
                a.program.lines.get(i).map(|l| l.inst.def(isa.isa()).optype)
            });
            html! {
                <reference::Reference {isa} {current} pinned={st.view.ref_pinned} on_pin={cbs.pin.clone()} />
            }
        }
    }
}

/// The right column: tab bar and the tab shown, as WAI-ARIA tabs: one
/// tab in the Tab order, Left/Right/Home/End move between them.
pub fn tabs(st: &State, d: &Dispatch, cbs: &Callbacks) -> Html {
    let on = st.view.tab;
    let id = |t: Tab| format!("tab-{}", t.label().to_ascii_lowercase());
    let buttons = Tab::ALL.iter().map(|&t| {
        let onclick = d.callback(move |_: MouseEvent| Action::View(ViewAction::SetTab(t)));
        html! {
            <button role="tab" id={id(t)} class={classes!("tab", (on == t).then_some("on"))} data-tab={t.label()}
                aria-selected={(on == t).to_string()} aria-controls="tab-panel"
                tabindex={if on == t { "0" } else { "-1" }} {onclick}>{ t.title() }</button>
        }
    });
    let onkeydown = {
        let d = d.clone();
        Callback::from(move |e: KeyboardEvent| {
            let n = Tab::ALL.len();
            let i = Tab::ALL.iter().position(|&t| t == on).unwrap_or(0);
            let next = match e.key().as_str() {
                "ArrowRight" => (i + 1) % n,
                "ArrowLeft" => (i + n - 1) % n,
                "Home" => 0,
                "End" => n - 1,
                _ => return,
            };
            e.prevent_default();
            let t = Tab::ALL[next];
            d.send(Action::View(ViewAction::SetTab(t)));
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|doc| doc.get_element_by_id(&id(t)))
                .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
            {
                let _ = el.focus();
            }
        })
    };
    html! {
        <div class="col right">
            <nav class="tabs" role="tablist" aria-label={tr("views")} {onkeydown}>{ for buttons }</nav>
            <div class="tab-body" id="tab-panel" role="tabpanel" aria-labelledby={id(on)} tabindex="0"
                data-tab={on.label()} data-core={(on == Tab::Lanes).then_some("")}>{ body(st, d, cbs) }</div>
        </div>
    }
}
