//! The header's History menu: every program written here (the work
//! history of `warpscope_core::history`), newest first, to open or delete.

use std::rc::Rc;

use warpscope_core::history::{self, Entry};
use warpscope_core::link::decode_link;
use yew::prelude::*;

use crate::persist;
use crate::share::ShareAction;
use crate::state::{Action, State};

/// History menu props.
#[derive(Properties, PartialEq)]
pub struct HistoryMenuProps {
    /// Dispatcher for opening an entry.
    pub dispatch: UseReducerDispatcher<State>,
}

/// Entries when open, or why the history cannot be shown.
type Listing = Option<Result<Rc<Vec<Entry>>, String>>;

fn read_list() -> Listing {
    Some(persist::local().map(|kv| Rc::new(history::list(&kv))))
}

/// Opens (`open`) or deletes entry `id`; the menu's new listing.
fn act(id: &str, open: bool, d: &UseReducerDispatcher<State>) -> Listing {
    let kv = match persist::local() {
        Ok(kv) => kv,
        Err(e) => return Some(Err(e)),
    };
    if !open {
        return match history::delete(&kv, id) {
            Ok(()) => read_list(),
            Err(e) => Some(Err(e)),
        };
    }
    match history::read(&kv, id).map(|f| f.map(|f| decode_link(&f))) {
        Ok(Some(Ok(ls))) => {
            d.dispatch(Action::Share(ShareAction::Restore(Rc::new(ls))));
            None
        }
        Ok(Some(Err(e))) => Some(Err(format!("This entry cannot be read: {e}"))),
        Ok(None) => read_list(),
        Err(e) => Some(Err(e)),
    }
}

/// The History button and its list.
#[function_component(HistoryMenu)]
pub fn history_menu(p: &HistoryMenuProps) -> Html {
    let listing = use_state(|| None as Listing);
    let toggle = {
        let listing = listing.clone();
        Callback::from(move |_: MouseEvent| {
            listing.set(if listing.is_none() { read_list() } else { None })
        })
    };
    // One handler for every entry's buttons (they carry the entry's id).
    let onclick = {
        let (listing, d) = (listing.clone(), p.dispatch.clone());
        Callback::from(move |e: MouseEvent| {
            let Some(btn) = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|t| t.closest("button[data-id]").ok().flatten())
            else {
                return;
            };
            let id = btn.get_attribute("data-id").unwrap_or_default();
            listing.set(act(&id, btn.class_name() == "history-open", &d));
        })
    };
    let current = persist::current_draft();
    let open = listing.is_some();
    let entries = match &*listing {
        Some(Ok(list)) => list.clone(),
        _ => Rc::new(Vec::new()),
    };
    let message = match &*listing {
        Some(Err(e)) => Some(format!("The history cannot be used: {e}")),
        Some(_) if entries.is_empty() => {
            Some("Nothing yet: programs you write here are kept in this list.".into())
        }
        _ => None,
    };
    html! {
        <div class="history" id="history">
            <button class="btn" id="btn-history" onclick={toggle} aria-haspopup="menu" aria-expanded={open.to_string()}
                title="every program written here, newest first">{ "History" }</button>
            if open {
            <div id="history-menu" class="history-menu" role="menu" {onclick}>
                if let Some(m) = message {
                    <p class="history-empty">{ m }</p>
                }
                <ul>
                { for entries.iter().map(|e| {
                    let mine = current.as_deref() == Some(e.id.as_str());
                    let date = js_sys::Date::new(&(e.time_ms as f64).into());
                    let when = String::from(date.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED));
                    html! {
                        <li class="history-entry" data-id={e.id.clone()} data-isa={e.isa.clone()} data-current={mine.to_string()}>
                            <button class="history-open" role="menuitem" data-id={e.id.clone()}
                                title="open this program (what the editor holds now is kept in this list)">
                                <span class="history-first">{ e.first_line.clone() }</span>
                                <span class="history-meta">{ format!("{} · {when}{}", e.isa, if mine { " · this tab" } else { "" }) }</span>
                            </button>
                            <button class="history-delete" data-id={e.id.clone()} title="delete this entry" aria-label="delete">{ "×" }</button>
                        </li>
                    }
                }) }
                </ul>
            </div>
            }
        </div>
    }
}
