//! Embed mode (`embed=1` in a link): a compact, read-only view for an
//! iframe in slides or a blog post. It shows the program (read-only), the
//! lane diagram of the last step and the step controls, with a link that
//! opens the same state in the full playground in a new tab.
//!
//! Nothing is autosaved in this mode: an embedded page must not replace
//! the viewer's own work in warpscope.

use crate::diagram::Diagram;
use crate::editor::Editor;
use crate::share::{self, BannerView};
use crate::state::{Action, Ptr, State};
use warpscope_core::examples::example_header;
use warpscope_core::link::try_encode_link;
use warpscope_core::sim::StepEvent;
use yew::prelude::*;

/// What the root component has already worked out for the panes.
pub struct Parts {
    /// The last step's event.
    pub event: Option<Ptr<StepEvent>>,
    /// Its instruction's text.
    pub event_text: Option<String>,
    /// Line of the next instruction.
    pub exec_line: Option<usize>,
    /// Editor callbacks: caret moved, gutter clicked, diagnostic clicked.
    pub on_cursor: Callback<usize>,
    /// Gutter click.
    pub on_breakpoint: Callback<usize>,
    /// Diagnostic click.
    pub on_goto: Callback<usize>,
}

/// The URL of the same state in the full playground.
pub fn full_url(st: &State) -> String {
    let base = share::page_url();
    match try_encode_link(&share::link_state(st)) {
        Ok(f) => format!("{base}#{f}"),
        Err(_) => base,
    }
}

/// The compact view.
pub fn view(st: &State, d: &UseReducerDispatcher<State>, parts: Parts) -> Html {
    let steps = st.steps();
    let can_step = st.next_index().is_some();
    let btn = |a: fn() -> Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(a()))
    };
    let (title, _) = example_header(&st.source);
    let title = title.to_string();
    let href = full_url(st);
    html! {
        <div id="app-root" class="app embed" data-mounted="true" data-embed="true">
            <header class="embed-bar">
                <span class="brand">{ "warpscope" }</span>
                if title.is_empty() { <span class="spacer"></span> }
                else { <span class="embed-title" id="embed-title" title={title.clone()}>{ title }</span> }
                <div class="run-controls" role="group" aria-label="run controls">
                    <button class="btn small" id="btn-reset" onclick={btn(|| Action::Reset)} title="back to the initial state" disabled={steps == 0}>{ "⟲" }</button>
                    <button class="btn small" id="btn-back" onclick={btn(|| Action::Back)} title="undo one step (Shift+F10)" disabled={steps == 0}>{ "◀ Back" }</button>
                    <button class="btn small primary" id="btn-step" onclick={btn(|| Action::Step)} title="execute one instruction (F10)" disabled={!can_step}>{ "Step ▶" }</button>
                    <button class="btn small" id="btn-run" onclick={btn(|| Action::Run)} title="run to the end (F5)" disabled={!can_step}>{ "Run" }</button>
                </div>
                <div class="run-status" id="run-status" data-steps={steps.to_string()} data-status={st.status_text()}>
                    <span class="steps">{ format!("step {steps}") }</span>
                    <span class={classes!("status", format!("st-{}", st.status_text().replace(' ', "-")))}>{ st.status_text() }</span>
                </div>
                <a class="open-full" id="open-full" href={href} target="_blank" rel="noopener"
                    title="open this program in the full playground, in a new tab">{ "Open in warpscope ↗" }</a>
            </header>
            if let Some(b) = &st.share.banner {
                <BannerView banner={b.clone()} dispatch={d.clone()} current={std::rc::Rc::new(share::link_state(st))} />
            }
            <FollowExec line={parts.exec_line} />
            <main class="embed-main">
                <div class="embed-editor">
                    <Editor isa_name={st.isa_name} source={st.source.clone()} source_rev={st.source_rev}
                        diags={st.diags.clone()} exec_line={parts.exec_line} cursor_line={st.cursor_line}
                        breakpoints={st.breakpoints.clone()} caret={st.caret} readonly=true
                        on_edit={Callback::noop()} on_cursor={parts.on_cursor}
                        on_breakpoint={parts.on_breakpoint} on_goto={parts.on_goto} />
                </div>
                <div class="embed-diagram">
                    <Diagram event={parts.event} text={parts.event_text} fmt={st.fmt} />
                </div>
            </main>
            if let Some((_, n)) = &st.note { <footer class="statusbar"><span class="note" id="note">{ n }</span></footer> }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct FollowProps {
    line: Option<usize>,
}

/// Keeps the next instruction's line in sight in the (small) editor.
#[function_component(FollowExec)]
fn follow_exec(p: &FollowProps) -> Html {
    use_effect_with(p.line, |line| {
        if line.is_some() {
            if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| {
                d.query_selector("#editor .code .line-bg.exec")
                    .ok()
                    .flatten()
            }) {
                crate::editor::scroll_into_view(&el);
            }
        }
    });
    html! {}
}
