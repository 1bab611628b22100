//! Embed mode (`embed=1` in a link): a compact, read-only view for an
//! iframe in slides or a blog post. It shows the program (read-only), the
//! lane diagram of the last step and the step controls, with a link that
//! opens the same state in the full playground in a new tab.
//!
//! The link's `font=N` sets the program's text size and `grid=1` adds the
//! warp state under the diagram.
//!
//! Nothing is autosaved in this mode: an embedded page must not replace
//! the viewer's own work in warpscope.

use super::editor::Editor;
use super::follow_exec::FollowExec;
use crate::components::banner::BannerView;
use crate::components::callbacks::Callbacks;
use crate::components::diagram::Diagram;
use crate::components::grid::Grid;
use crate::components::run_controls::{run_controls, run_status};
use crate::components::tabs::event_text;
use crate::i18n::tr;
use crate::share;
use crate::state::{Dispatch, Ptr, State};
use warpscope_core::link::try_encode_link;
use yew::prelude::*;

/// The URL of the same state in the full playground.
pub fn full_url(st: &State) -> String {
    let base = share::page_url();
    match try_encode_link(&st.link_state()) {
        Ok(f) => format!("{base}#{f}"),
        Err(_) => base,
    }
}

/// The compact view; `exec_line` is the line of the next instruction.
#[inline(never)] // only in its mode: out of the playground's start-up (docs/perf.md)
pub fn view(st: &State, d: &Dispatch, cbs: &Callbacks, exec_line: Option<usize>) -> Html {
    let (title, _) = crate::examples::header_shown(&st.doc.source);
    let title = title.to_string();
    let href = full_url(st);
    let doc = &st.doc;
    let opts = st.share.embed_opts;
    // the program's text size, and a line height that keeps its proportion
    let style = opts
        .font
        .map(|px| format!("--embed-font: {px}px; --lh: {}px", (px * 19 + 6) / 13));
    html! {
        <div id="app-root" class="app embed" data-mounted="true" data-embed="true" data-core="" {style}>
            <header class="embed-bar">
                <span class="brand">{ "warpscope" }</span>
                if title.is_empty() { <span class="spacer"></span> }
                else { <span class="embed-title" id="embed-title" title={title.clone()}>{ title }</span> }
                { run_controls(st, d, false) }
                { run_status(st) }
                <a class="open-full" id="open-full" href={href} target="_blank" rel="noopener"
                    title={tr("open this program in the full playground, in a new tab")}>
                    <span class="long">{ tr("Open in warpscope") }</span><span class="short">{ tr("Open") }</span>{ " ↗" }</a>
            </header>
            if let Some(b) = &st.share.banner {
                <BannerView banner={b.clone()} dispatch={d.clone()} current={std::rc::Rc::new(st.link_state())} />
            }
            <FollowExec line={exec_line} />
            <main class="embed-main">
                <div class="embed-editor">
                    <Editor isa={doc.isa} source={doc.source.clone()} source_rev={doc.source_rev}
                        diags={st.build.diags.clone()} {exec_line} cursor_line={st.view.cursor_line}
                        breakpoints={st.run.breakpoints.clone()} caret={st.view.caret} readonly=true
                        on_edit={Callback::noop()} on_cursor={cbs.cursor.clone()}
                        on_breakpoint={cbs.breakpoint.clone()} on_goto={cbs.goto.clone()} />
                </div>
                <div class="embed-diagram">
                    <Diagram event={st.run.last_event().map(Ptr)} text={event_text(st)} fmt={st.view.fmt} />
                    if opts.grid {
                        <Grid isa={doc.isa} run={st.run.view.clone()} rev={st.run.rev} fmt={st.view.fmt}
                            stale={st.build.stale} on_lane={Callback::noop()} on_fmt={cbs.fmt.clone()} />
                    }
                </div>
            </main>
            if let Some((_, n)) = &st.view.note { <footer class="statusbar"><span class="note" id="note">{ n }</span></footer> }
        </div>
    }
}
