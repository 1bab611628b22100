//! The header's History menu: every program written here (the work
//! history of `warpscope_core::history`), newest first, to open or delete.
//! A plain view function: whether it is open lives in the state
//! ([`crate::state::View::history_menu`]), the entries in storage.
//!
//! By keyboard it is a WAI-ARIA menu: opening it puts the focus on the
//! newest entry; Up, Down, Home and End move between entries, Delete
//! deletes the focused one, Esc closes the menu, and the focus goes back
//! to the History button when it closes.

use std::rc::Rc;

use warpscope_core::history;
use warpscope_core::link::decode_link;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::{tr, trf};
use crate::persist;
use crate::state::share::{link_error, ShareAction};
use crate::state::{Action, Dispatch, ViewAction};

/// The menu's entries (their open buttons), in order.
fn entries() -> Vec<web_sys::HtmlElement> {
    let Some(list) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|doc| doc.query_selector_all("#history-menu .history-open").ok())
    else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.get(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

/// Focuses the element `css` once the page has drawn what was just sent
/// (an action may wait for the second part of the page: a look every
/// 50 ms, for at most a second).
fn focus_soon(css: &'static str) {
    fn look(css: &'static str, tries: u32) {
        gloo_timers::callback::Timeout::new(if tries == 0 { 0 } else { 50 }, move || {
            let el = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|doc| doc.query_selector(css).ok().flatten())
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            match el {
                Some(el) => drop(el.focus()),
                None if tries < 20 => look(css, tries + 1),
                None => {}
            }
        })
        .forget();
    }
    look(css, 0);
}

/// The menu's keys (see the module's docs).
fn on_key(e: KeyboardEvent, d: &Dispatch) {
    let items = entries();
    let at = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|doc| doc.active_element())
        .and_then(|a| items.iter().position(|i| **i == a));
    let last = items.len().saturating_sub(1);
    let to = match e.key().as_str() {
        "ArrowDown" => Some(at.map_or(0, |i| if i >= last { 0 } else { i + 1 })),
        "ArrowUp" => Some(at.map_or(last, |i| if i == 0 { last } else { i - 1 })),
        "Home" => Some(0),
        "End" => Some(last),
        "Escape" => {
            e.prevent_default();
            d.send(Action::View(ViewAction::HistoryMenu(false)));
            focus_soon("#btn-history");
            return;
        }
        "Delete" => {
            if let Some(id) = at.and_then(|i| items[i].get_attribute("data-id")) {
                e.prevent_default();
                act(&id, false, d);
            }
            return;
        }
        _ => return,
    };
    if let Some(item) = to.and_then(|i| items.get(i)) {
        e.prevent_default();
        let _ = item.focus();
    }
}

/// Opens (`open`) or deletes entry `id`.
fn act(id: &str, open: bool, d: &Dispatch) {
    let r = persist::work().and_then(|kv| {
        if !open {
            return history::delete(&kv, id);
        }
        let frag = history::read(&kv, id)?.ok_or(tr("this entry is gone"))?;
        let ls = decode_link(&frag)
            .map_err(|e| trf("this entry cannot be read: {0}", &[&link_error(&e)]))?;
        d.send(Action::Share(ShareAction::Restore(Rc::new(ls))));
        Ok(())
    });
    if let Err(e) = r {
        d.send(Action::View(ViewAction::Note(trf("History: {0}", &[&e]))));
    }
    d.send(Action::View(ViewAction::HistoryMenu(!open)));
    // Where the focus was is gone: the first entry after a deletion, the
    // History button once the menu has closed.
    focus_soon(if open {
        "#btn-history"
    } else {
        "#history-menu .history-open"
    });
}

/// The History button and, when `open`, its list.
pub fn history_menu(open: bool, d: &Dispatch) -> Html {
    let toggle = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            if open {
                return d.send(Action::View(ViewAction::HistoryMenu(false)));
            }
            // What other tabs wrote since this one started, then the menu.
            let d = d.clone();
            wasm_bindgen_futures::spawn_local(async move {
                crate::store::refresh().await;
                d.send(Action::View(ViewAction::HistoryMenu(true)));
                focus_soon("#history-menu .history-open");
            });
        })
    };
    let onkeydown = {
        let d = d.clone();
        Callback::from(move |e: KeyboardEvent| on_key(e, &d))
    };
    // One handler for every entry's buttons (they carry the entry's id).
    let onclick = {
        let d = d.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(btn) = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|t| t.closest("button[data-id]").ok().flatten())
            {
                let id = btn.get_attribute("data-id").unwrap_or_default();
                act(&id, btn.class_name() == "history-open", &d);
            }
        })
    };
    let listing = if open {
        persist::work().map(|kv| history::list(&kv))
    } else {
        Ok(Vec::new())
    };
    let current = persist::current_draft();
    let message = match &listing {
        Err(e) => Some(trf("The history cannot be used: {0}", &[e])),
        Ok(l) if l.is_empty() => {
            Some(tr("Nothing yet: programs you write here are kept in this list.").into())
        }
        Ok(_) => None,
    };
    html! {
        <div class="history" id="history">
            <button class="btn" id="btn-history" onclick={toggle} aria-haspopup="menu" aria-expanded={open.to_string()}
                title={tr("every program written here, newest first")}>{ tr("History") }</button>
            if open {
            <div id="history-menu" class="history-menu" role="menu" {onclick} {onkeydown}>
                if let Some(m) = message {
                    <p class="history-empty">{ m }</p>
                }
                <ul>
                { for listing.unwrap_or_default().iter().map(|e| {
                    let mine = current.as_deref() == Some(e.id.as_str());
                    let date = js_sys::Date::new(&(e.time_ms as f64).into());
                    let when = String::from(date.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED));
                    html! {
                        <li class="history-entry" data-id={e.id.clone()} data-isa={e.isa.clone()} data-current={mine.to_string()}>
                            <button class="history-open" role="menuitem" data-id={e.id.clone()}
                                title={tr("open this program (what the editor holds now is kept in this list)")}>
                                <span class="history-first">{ e.first_line.clone() }</span>
                                <span class="history-meta">{ format!("{} · {when}{}", e.isa, if mine { tr(" · this tab") } else { "" }) }</span>
                            </button>
                            <button class="history-delete" data-id={e.id.clone()} title={tr("delete this entry")} aria-label={tr("delete")}>{ "×" }</button>
                        </li>
                    }
                }) }
                </ul>
            </div>
            }
        </div>
    }
}
