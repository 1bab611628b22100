//! The header's History menu: every program written here (the work
//! history of `warpscope_core::history`), newest first, to open or delete.
//! A plain view function: whether it is open lives in the state
//! ([`crate::state::View::history_menu`]), the entries in storage.

use std::rc::Rc;

use warpscope_core::history;
use warpscope_core::link::decode_link;
use yew::prelude::*;

use crate::i18n::{tr, trf};
use crate::persist;
use crate::state::share::ShareAction;
use crate::state::{Action, Dispatch, ViewAction};

/// Opens (`open`) or deletes entry `id`.
fn act(id: &str, open: bool, d: &Dispatch) {
    let r = persist::work().and_then(|kv| {
        if !open {
            return history::delete(&kv, id);
        }
        let frag = history::read(&kv, id)?.ok_or(tr("this entry is gone"))?;
        let ls = decode_link(&frag).map_err(|e| trf("this entry cannot be read: {0}", &[&e]))?;
        d.send(Action::Share(ShareAction::Restore(Rc::new(ls))));
        Ok(())
    });
    if let Err(e) = r {
        d.send(Action::View(ViewAction::Note(trf("History: {0}", &[&e]))));
    }
    d.send(Action::View(ViewAction::HistoryMenu(!open)));
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
            });
        })
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
            <div id="history-menu" class="history-menu" role="menu" {onclick}>
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
