//! warpscope-web: the playground, a thin Yew view over warpscope-core.
//!
//! One root component owns the [`state::State`] (through `use_reducer`)
//! and lays out the panes: the header (ISA, examples, run controls), the
//! editor and the listing on the left, and beside them the lanes (diagram
//! and warp state), the encoding (bitfield view) and the reference. Each
//! pane is a function component in its own module that draws what core
//! returned and sends [`state::Action`]s up.

pub mod bench;
pub mod bitfield;
pub mod components;
pub mod diagram;
pub mod document;
pub mod editor;
pub mod embed;
pub mod examples;
pub mod explain;
pub mod grid;
pub mod highlight;
pub mod listing;
pub mod markdown;
pub mod persist;
pub mod puzzle;
pub mod reference;
pub mod share;
pub mod state;

use state::{Action, Fmt, Ptr, State, Tab, Theme};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Milliseconds between the last keystroke and assembling.
pub const DEBOUNCE_MS: u32 = 60;

/// Animation speeds offered: (label, milliseconds per step).
const SPEEDS: &[(&str, u32)] = &[("1/s", 1000), ("4/s", 250), ("10/s", 100), ("30/s", 33)];

/// A callback that dispatches the action `f` makes of its argument.
fn cbk<T: 'static>(
    d: &UseReducerDispatcher<State>,
    f: impl Fn(T) -> Action + 'static,
) -> Callback<T> {
    let d = d.clone();
    Callback::from(move |v: T| d.dispatch(f(v)))
}

/// Callbacks handed to the panes, made once so that props compare equal
/// and a pane redraws only when its data changed.
struct Callbacks {
    lane: Callback<u8>,
    fmt: Callback<Fmt>,
    apply: Callback<()>,
    revert: Callback<()>,
    pin: Callback<Option<usize>>,
    edit: Callback<String>,
    cursor: Callback<usize>,
    breakpoint: Callback<usize>,
    goto: Callback<usize>,
    select: Callback<usize>,
    load: Callback<(String, String)>,
}

#[function_component(App)]
fn app() -> Html {
    // Before the link in the address bar is opened (and taken out of it).
    let puzzles = use_state(puzzle::open_at_start);
    let st = use_reducer(share::initial_state);
    puzzle::use_follow_links(&st.share.extra_view, puzzles.clone());
    let toggle_puzzles = {
        let puzzles = puzzles.clone();
        Callback::from(move |_: ()| {
            puzzle::remember_open(!*puzzles);
            puzzles.set(!*puzzles);
        })
    };
    share::use_sharing(&st);
    let dispatch = st.dispatcher();
    let cbs = {
        let d = dispatch.clone();
        use_memo((), move |_| Callbacks {
            lane: cbk(&d, Action::ToggleLane),
            fmt: cbk(&d, Action::SetFmt),
            apply: cbk(&d, |_| Action::ApplyWord),
            revert: cbk(&d, |_| Action::RevertWord),
            pin: cbk(&d, Action::PinReference),
            edit: cbk(&d, Action::Edit),
            cursor: cbk(&d, Action::Cursor),
            breakpoint: cbk(&d, Action::ToggleBreakpoint),
            goto: cbk(&d, Action::GoTo),
            select: cbk(&d, Action::SelectRow),
            load: cbk(&d, |(isa, text)| Action::LoadText(isa, text)),
        })
    };

    // Assemble a short while after the last keystroke.
    {
        let d = dispatch.clone();
        use_effect_with(st.edit_rev, move |&rev| {
            let t = gloo_timers::callback::Timeout::new(DEBOUNCE_MS, move || {
                d.dispatch(Action::Assemble(rev))
            });
            move || drop(t)
        });
    }
    // Animated play.
    {
        let d = dispatch.clone();
        use_effect_with(
            (st.playing, st.sim_rev, st.speed_ms),
            move |&(playing, _, ms)| {
                let t = playing.then(|| {
                    gloo_timers::callback::Timeout::new(ms, move || d.dispatch(Action::PlayTick))
                });
                move || drop(t)
            },
        );
    }
    // Notes disappear after a few seconds.
    {
        let d = dispatch.clone();
        use_effect_with(st.note.as_ref().map(|n| n.0), move |id| {
            let t = id.map(|id| {
                gloo_timers::callback::Timeout::new(4000, move || d.dispatch(Action::ClearNote(id)))
            });
            move || drop(t)
        });
    }
    // Theme on the document element, so the page background follows.
    use_effect_with(st.theme, |&theme| {
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = el.set_attribute(
                "data-theme",
                if theme == Theme::Dark {
                    "dark"
                } else {
                    "light"
                },
            );
        }
    });
    // Keyboard shortcuts.
    {
        let d = dispatch.clone();
        use_effect_with((), move |_| {
            let cb =
                Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                    let ctrl = e.ctrl_key() || e.meta_key();
                    let action = match (e.key().as_str(), ctrl, e.shift_key()) {
                        ("F10", _, false) => Some(Action::Step),
                        ("F10", _, true) => Some(Action::Back),
                        ("F5", false, _) => Some(Action::Run),
                        ("F8", _, _) => Some(Action::RunToCursor),
                        ("Enter", true, _) => {
                            d.dispatch(Action::AssembleNow);
                            Some(Action::Run)
                        }
                        _ => None,
                    };
                    if let Some(a) = action {
                        e.prevent_default();
                        d.dispatch(a);
                    }
                });
            crate::listen_window("keydown", cb)
        });
    }

    let isa = st.isa();
    let cb = |a: fn() -> Action| {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(a()))
    };
    let on_example = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if !s.value().is_empty() {
                d.dispatch(Action::LoadExample(s.value()));
            }
            s.set_value("");
        })
    };
    let on_isa = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            d.dispatch(Action::SetIsa(s.value()));
        })
    };
    let on_speed = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(ms) = s.value().parse() {
                d.dispatch(Action::Speed(ms));
            }
        })
    };

    let steps = st.steps();
    let next = st.next_index();
    let can_step = next.is_some();
    let asm_ok = st.asm.clone();
    let exec_line = next.and_then(|i| asm_ok.as_ref().and_then(|a| a.rows.get(i)).map(|r| r.line));
    let selected_word = st.selected.and_then(|i| {
        asm_ok
            .as_ref()
            .and_then(|a| a.rows.get(i))
            .map(|r| (i, r.word))
    });
    let edited = match (st.edited, st.selected) {
        (Some((i, w)), Some(s)) if i == s => Some(w),
        _ => None,
    };
    let current_optype = st.selected.and_then(|i| {
        asm_ok
            .as_ref()
            .and_then(|a| a.program.lines.get(i))
            .map(|l| l.inst.def(isa).optype)
    });
    let event = st.last_event().map(Ptr);
    let event_text = event.as_ref().and_then(|e| {
        asm_ok
            .as_ref()
            .and_then(|a| a.rows.get(e.index))
            .map(|r| r.text.clone())
    });

    if st.share.embed {
        let parts = embed::Parts {
            event,
            event_text,
            exec_line,
            on_cursor: cbs.cursor.clone(),
            on_breakpoint: cbs.breakpoint.clone(),
            on_goto: cbs.goto.clone(),
        };
        return embed::view(&st, &dispatch, parts);
    }
    let tabs = Tab::ALL.iter().map(|&t| {
        let d = dispatch.clone();
        html! {
            <button role="tab" class={classes!("tab", (st.tab == t).then_some("on"))} data-tab={t.label()}
                aria-selected={(st.tab == t).to_string()} onclick={Callback::from(move |_| d.dispatch(Action::SetTab(t)))}>
                { t.label() }
            </button>
        }
    });

    let d = dispatch.clone();
    let tab_body = match st.tab {
        Tab::Lanes => html! {
            <>
                <diagram::Diagram event={event.clone()} text={event_text} fmt={st.fmt} />
                <grid::Grid isa_name={st.isa_name} sim={st.sim.clone()} sim_rev={st.sim_rev} event={event} fmt={st.fmt} stale={st.stale}
                    on_lane={cbs.lane.clone()} on_fmt={cbs.fmt.clone()} />
            </>
        },
        Tab::Encoding => html! {
            <bitfield::Bitfield isa_name={st.isa_name} selected={selected_word} {edited} stale={st.stale} asm={st.asm.clone()}
                on_word={let d = d.clone(); let i = st.selected.unwrap_or(0); Callback::from(move |w| d.dispatch(Action::EditWord(i, w)))}
                on_apply={cbs.apply.clone()} on_revert={cbs.revert.clone()} />
        },
        Tab::Reference => html! {
            <reference::Reference isa_name={st.isa_name} current={current_optype} pinned={st.ref_pinned}
                on_pin={cbs.pin.clone()} />
        },
    };

    let on_share = {
        let st = st.clone();
        let d = dispatch.clone();
        Callback::from(move |e: MouseEvent| {
            if e.shift_key() {
                share::share_embed(&st, &d)
            } else {
                share::share(&st, &d)
            }
        })
    };

    html! {
        <div id="app-root" class="app" data-mounted="true">
            <header class="topbar">
                <h1>{ "warpscope" }</h1>
                <label class="field">
                    <span>{ "ISA" }</span>
                    <select id="isa" aria-label="instruction set" onchange={on_isa}>
                        { for warpscope_core::isas::NAMES.iter().map(|n| html!{ <option value={*n} selected={*n == st.isa_name}>{ *n }</option> }) }
                    </select>
                </label>
                <select id="examples" aria-label="load an example" onchange={on_example}>
                    <option value="" selected=true>{ "Examples…" }</option>
                    { for examples::for_isa(st.isa_name).iter().map(|e| html!{ <option value={e.id}>{ e.title }</option> }) }
                </select>
                <div class="run-controls" role="group" aria-label="run controls">
                    <button class="btn" id="btn-reset" onclick={cb(|| Action::Reset)} title="back to the initial state" disabled={steps == 0}>{ "⟲ Reset" }</button>
                    <button class="btn" id="btn-back" onclick={cb(|| Action::Back)} title="undo one step (Shift+F10)" disabled={steps == 0}>{ "◀ Back" }</button>
                    <button class="btn primary" id="btn-step" onclick={cb(|| Action::Step)} title="execute one instruction (F10)" disabled={!can_step}>{ "Step ▶" }</button>
                    <button class="btn" id="btn-run" onclick={cb(|| Action::Run)} title="run to a breakpoint or the end (F5)" disabled={!can_step}>{ "Run" }</button>
                    <button class="btn" id="btn-cursor" onclick={cb(|| Action::RunToCursor)} title="run until the caret's line is next (F8)" disabled={!can_step}>{ "To caret" }</button>
                    <button class={classes!("btn", st.playing.then_some("on"))} id="btn-play" onclick={cb(|| Action::TogglePlay)}
                        title="animate: one step at the chosen speed" disabled={!can_step && !st.playing}>{ if st.playing { "Pause" } else { "Play" } }</button>
                    <select id="speed" aria-label="play speed" onchange={on_speed} title="play speed">
                        { for SPEEDS.iter().map(|(l, ms)| html!{ <option value={ms.to_string()} selected={*ms == st.speed_ms}>{ *l }</option> }) }
                    </select>
                </div>
                <div class="run-status" id="run-status" data-steps={steps.to_string()} data-status={st.status_text()}>
                    <span class="steps">{ format!("step {steps}") }</span>
                    <span class={classes!("status", format!("st-{}", st.status_text().replace(' ', "-")))}>{ st.status_text() }</span>
                </div>
                <span class="spacer"></span>
                <button class={classes!("btn", (*puzzles).then_some("on"))} id="btn-puzzles" onclick={toggle_puzzles.reform(|_: MouseEvent| ())}
                    title="graded exercises on warp-level operations">{ "Puzzles" }</button>
                { components::history_menu::history_menu(st.history_menu.is_some(), &dispatch) }
                <button class="btn" id="btn-share" onclick={on_share} title="copy a link to exactly this state (Ctrl+Shift+S); Shift+click: copy an iframe for embedding">{ "Share" }</button>
                <button class="btn" id="btn-theme" onclick={cb(|| Action::ToggleTheme)} title="switch light/dark">
                    { if st.theme == Theme::Dark { "☀ Light" } else { "☾ Dark" } }
                </button>
                <details class="keys">
                    <summary title="keyboard shortcuts">{ "Keys" }</summary>
                    <dl>
                        <dt>{ "F10" }</dt><dd>{ "step" }</dd>
                        <dt>{ "Shift+F10" }</dt><dd>{ "step back" }</dd>
                        <dt>{ "F5" }</dt><dd>{ "run to a breakpoint or the end" }</dd>
                        <dt>{ "F8" }</dt><dd>{ "run to the caret" }</dd>
                        <dt>{ "Ctrl+Enter" }</dt><dd>{ "assemble now and run" }</dd>
                        <dt>{ "Ctrl+Shift+S" }</dt><dd>{ "copy a link to this state" }</dd>
                        <dt>{ "Shift+click Share" }</dt><dd>{ "copy an iframe for embedding" }</dd>
                        <dt>{ "Ctrl+S" }</dt><dd>{ "save now (work is autosaved anyway)" }</dd>
                        <dt>{ "Tab / Shift+Tab" }</dt><dd>{ "indent / dedent" }</dd>
                        <dt>{ "gutter click" }</dt><dd>{ "toggle a breakpoint" }</dd>
                    </dl>
                </details>
            </header>
            if let Some(url) = &st.share.popover {
                <share::SharePopover url={url.clone()} dispatch={dispatch.clone()} />
            }
            if let Some(b) = &st.share.banner {
                <share::BannerView banner={b.clone()} dispatch={dispatch.clone()} current={std::rc::Rc::new(share::link_state(&st))} />
            }
            if st.share.storage_failed {
                { components::storage_notice::storage_notice(st.isa_name, &st.source, &st.share.storage_error) }
            }
            <main class={classes!("layout", format!("tab-{}", st.tab.label().to_ascii_lowercase()))}>
                <div class="col left">
                    if *puzzles {
                        <puzzle::Panel source={st.source.clone()} on_load={cbs.load.clone()} on_close={toggle_puzzles.clone()}
                            link_view={st.share.extra_view.clone()} />
                    }
                    <explain::Explain source={st.source.clone()} />
                    <editor::Editor isa_name={st.isa_name} source={st.source.clone()} source_rev={st.source_rev}
                        diags={st.diags.clone()} {exec_line} cursor_line={st.cursor_line}
                        breakpoints={st.breakpoints.clone()} caret={st.caret}
                        on_edit={cbs.edit.clone()} on_cursor={cbs.cursor.clone()}
                        on_breakpoint={cbs.breakpoint.clone()} on_goto={cbs.goto.clone()}
                        replaced_to={st.doc.replaced.last().map(|r| r.after.clone())}
                        on_undo_replace={cbk(&dispatch, |()| Action::UndoReplace)} />
                    <listing::Listing asm={st.asm.clone()} stale={st.stale} selected={st.selected} exec={next}
                        breakpoints={st.breakpoints.clone()} on_select={cbs.select.clone()} />
                </div>
                <div class="col right">
                    <nav class="tabs" role="tablist">{ for tabs }</nav>
                    <div class="tab-body" data-tab={st.tab.label()}>{ tab_body }</div>
                </div>
            </main>
            <footer class="statusbar" id="statusbar">
                if let Some((_, n)) = &st.note { <span class="note" id="note">{ n }</span> }
                else { <span class="hint">{ "F10 step · Shift+F10 back · F5 run · click the gutter for a breakpoint · click a lane number to toggle it" }</span> }
                <span class="fmt-now">{ format!("values: {}", match st.fmt { Fmt::Hex => "hex", Fmt::Unsigned => "unsigned", Fmt::Signed => "signed", Fmt::Float => "float" }) }</span>
            </footer>
        </div>
    }
}

/// Adds `cb` as a listener for `event` on the window; the returned function
/// removes it (an effect's cleanup).
pub(crate) fn listen_window<T: ?Sized>(event: &'static str, cb: Closure<T>) -> impl FnOnce() {
    let win = web_sys::window();
    if let Some(w) = &win {
        let _ = w.add_event_listener_with_callback(event, cb.as_ref().unchecked_ref());
    }
    move || {
        if let Some(w) = win {
            let _ = w.remove_event_listener_with_callback(event, cb.as_ref().unchecked_ref());
        }
    }
}

/// Entry point called by the generated JS glue.
#[wasm_bindgen(start)]
pub fn start() {
    if let Some(root) = app_root() {
        yew::Renderer::<App>::with_root(root).render();
    }
}

fn app_root() -> Option<web_sys::Element> {
    let doc = web_sys::window()?.document()?;
    if let Some(l) = doc.get_element_by_id("loading") {
        l.remove();
    }
    doc.get_element_by_id("app")
        .or_else(|| doc.body().map(Into::into))
}
