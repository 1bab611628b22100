//! The header: ISA, examples, run controls and status, Puzzles, History,
//! Present, Share, the theme switch and the Keys dialog.

use yew::prelude::*;

use super::run_controls::{announce, run_controls, run_status};
use crate::examples;
use crate::i18n::{tr, Lang};
use crate::state::{Action, Dispatch, State, Theme, ViewAction};

/// A `<select>`'s change as the action `f` makes of its value (None: no
/// action); `clear` empties the select afterwards.
fn on_select(d: &Dispatch, clear: bool, f: fn(String) -> Option<Action>) -> Callback<Event> {
    let d = d.clone();
    Callback::from(move |e: Event| {
        let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(a) = f(s.value()) {
            d.send(a);
        }
        if clear {
            s.set_value("");
        }
    })
}

/// The examples menu's keys. A closed `<select>` would take the next
/// option on Down (and on a letter) and load it at once; here Up, Down,
/// Home and End only move the choice, and Enter loads it. Space or
/// Alt+Down open the list as usual, where Enter chooses.
fn on_example_key(d: &Dispatch) -> Callback<KeyboardEvent> {
    let d = d.clone();
    Callback::from(move |e: KeyboardEvent| {
        if e.alt_key() || e.ctrl_key() || e.meta_key() {
            return;
        }
        let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let (at, last) = (s.selected_index(), s.length() as i32 - 1);
        let to = match e.key().as_str() {
            "ArrowDown" => (at + 1).min(last),
            "ArrowUp" => (at - 1).max(1),
            "Home" | "PageUp" => 1,
            "End" | "PageDown" => last,
            "Enter" if at > 0 => {
                e.prevent_default();
                d.send(Action::LoadExample(s.value()));
                s.set_value("");
                return;
            }
            k if k.chars().count() == 1 && k != " " => at,
            _ => return,
        };
        e.prevent_default();
        s.set_selected_index(to);
    })
}

/// The header of the full page.
pub fn header(st: &State, d: &Dispatch, puzzles: bool, toggle_puzzles: &Callback<()>) -> Html {
    let isa = st.doc.isa;
    let on_isa = on_select(d, false, |v| Some(Action::SetIsa(v)));
    let on_example = on_select(d, true, |v| {
        (!v.is_empty()).then_some(Action::LoadExample(v))
    });
    let on_share = {
        let st = st.clone();
        let d = d.clone();
        Callback::from(move |e: MouseEvent| {
            if e.shift_key() {
                crate::share::share_embed(&st, &d)
            } else {
                crate::share::share(&st, &d)
            }
        })
    };
    let on_theme = d.callback(|_: MouseEvent| Action::View(ViewAction::ToggleTheme));
    let other = if st.view.lang == Lang::Zh {
        Lang::En
    } else {
        Lang::Zh
    };
    let on_lang = d.callback(move |_: MouseEvent| {
        crate::persist::choose_lang(other);
        Action::View(ViewAction::SetLang(other))
    });
    html! {
        <header class="topbar">
            <div class="tb-group tb-doc">
                <h1>{ "warpscope" }</h1>
                <label class="field">
                    <span>{ "ISA" }</span>
                    <select id="isa" aria-label={tr("instruction set")} onchange={on_isa}>
                        { for warpscope_core::isas::Id::CHOICES.iter().map(|n| html!{ <option value={n.name()} selected={*n == isa}>{ n.name() }</option> }) }
                    </select>
                </label>
                <select id="examples" aria-label={tr("load an example")} onchange={on_example} onkeydown={on_example_key(d)}>
                    <option value="" selected=true>{ tr("Examples…") }</option>
                    { for examples::titles(isa).map(|e| html!{ <option value={e.id}>{ examples::title_shown(e) }</option> }) }
                </select>
            </div>
            <div class="tb-group runbar">
                { run_controls(st, d, true) }
                { run_status(st) }
                <div class="sr-only" id="run-announce" role="status" aria-live="polite">{ announce(st) }</div>
            </div>
            <div class="tb-group tb-tools">
                <button class={classes!("btn", puzzles.then_some("on"))} id="btn-puzzles" onclick={toggle_puzzles.reform(|_: MouseEvent| ())}
                    title={tr("graded exercises on warp-level operations")}>{ tr("Puzzles") }</button>
                { super::present::present_button(false, d) }
                { super::history_menu::history_menu(st.view.history_menu.is_some(), d) }
                <button class="btn" id="btn-share" onclick={on_share} title={tr("copy a link to exactly this state (Ctrl+Shift+S); Shift+click: copy an iframe for embedding")}>{ tr("Share") }</button>
                <button class="btn" id="btn-theme" data-core="" onclick={on_theme} title={tr("switch light/dark")}>
                    { if st.view.theme == Theme::Dark { tr("☀ Light") } else { tr("☾ Dark") } }
                </button>
                <button class="btn" id="btn-lang" onclick={on_lang} lang={other.html_lang()}
                    title={tr("interface language: English or Chinese")}>{ other.own_name() }</button>
                { super::keys::keys() }
            </div>
        </header>
    }
}
