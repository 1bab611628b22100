//! Presentation mode (the header's Present button, Alt+P, `present=1` in
//! a link): the program and the lane diagram of the last step, each the
//! full width of the screen in large type, for a lecture on a projector.
//! The listing, the warp state, the other tabs, the history and the
//! puzzles are out of the way; the line that runs next stays in sight
//! in the editor as the steps go by.
//!
//! → PageDown Space step and ← PageUp step back, as a presentation
//! clicker sends them (`effects::use_present_keys`); Esc or the Present
//! button leave the mode.

use super::editor::editable;
use super::follow_exec::FollowExec;
use crate::components::banner::BannerView;
use crate::components::callbacks::Callbacks;
use crate::components::diagram::Diagram;
use crate::components::run_controls::{announce, run_controls, run_status};
use crate::components::tabs::event_text;
use crate::i18n::tr;
use crate::state::{Action, Dispatch, Ptr, State, ViewAction};
use yew::prelude::*;

/// The Present toggle, in the header and in presentation mode's own bar.
pub fn present_button(on: bool, d: &Dispatch) -> Html {
    let onclick = d.callback(|_: MouseEvent| Action::View(ViewAction::TogglePresent));
    let title = if on {
        tr("leave presentation mode (Esc or Alt+P)")
    } else {
        tr("presentation mode: the program and the lane diagram in large type, → and ← step (Alt+P)")
    };
    html! {
        <button class={classes!("btn", on.then_some("on"))} id="btn-present" aria-pressed={on.to_string()}
            aria-keyshortcuts="Alt+P" {title} {onclick}>{ tr("Present") }</button>
    }
}

/// The page in presentation mode; `exec_line` is the line of the next
/// instruction.
#[inline(never)] // only in its mode: out of the playground's start-up (docs/perf.md)
pub fn view(st: &State, d: &Dispatch, cbs: &Callbacks, exec_line: Option<usize>) -> Html {
    let (title, _) = crate::examples::header_shown(&st.doc.source);
    html! {
        <div id="app-root" class="app present" data-mounted="true" data-present="true">
            <header class="present-bar">
                <span class="brand">{ "warpscope" }</span>
                <span class="present-title" id="present-title">{ title.to_string() }</span>
                { run_controls(st, d, false) }
                { run_status(st) }
                <div class="sr-only" id="run-announce" role="status" aria-live="polite">{ announce(st) }</div>
                <span class="present-keys" aria-hidden="true">{ tr("→ step · ← back · Esc leaves") }</span>
                { present_button(true, d) }
            </header>
            if let Some(b) = &st.share.banner {
                <BannerView banner={b.clone()} dispatch={d.clone()} current={std::rc::Rc::new(st.link_state())} />
            }
            <FollowExec line={exec_line} />
            <main class="present-main">
                { editable(st, cbs, exec_line) }
                <Diagram event={st.run.last_event().map(Ptr)} text={event_text(st)} fmt={st.view.fmt} />
            </main>
            if let Some((_, n)) = &st.view.note { <footer class="statusbar"><span class="note" id="note">{ n }</span></footer> }
        </div>
    }
}
