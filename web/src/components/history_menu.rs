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

/// What the open menu shows.
#[derive(Clone, PartialEq)]
enum Listing {
    Closed,
    Entries(Rc<Vec<Entry>>),
    Failed(String),
}

fn read_list() -> Listing {
    match persist::local() {
        Ok(kv) => Listing::Entries(Rc::new(history::list(&kv))),
        Err(e) => Listing::Failed(format!("The history cannot be read: {e}")),
    }
}

fn when(ms: u64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    String::from(d.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
}

/// The History button and its list.
#[function_component(HistoryMenu)]
pub fn history_menu(p: &HistoryMenuProps) -> Html {
    let listing = use_state(|| Listing::Closed);
    let toggle = {
        let listing = listing.clone();
        Callback::from(move |_: MouseEvent| {
            listing.set(match *listing {
                Listing::Closed => read_list(),
                _ => Listing::Closed,
            })
        })
    };
    let open = {
        let listing = listing.clone();
        let d = p.dispatch.clone();
        move |id: String| {
            let listing = listing.clone();
            let d = d.clone();
            Callback::from(move |_: MouseEvent| {
                let got = persist::local().and_then(|kv| history::read(&kv, &id));
                match got.map(|f| f.map(|f| decode_link(&f))) {
                    Ok(Some(Ok(ls))) => {
                        d.dispatch(Action::Share(ShareAction::Restore(Rc::new(ls))));
                        listing.set(Listing::Closed);
                    }
                    Ok(Some(Err(e))) => {
                        listing.set(Listing::Failed(format!("This entry cannot be read: {e}")))
                    }
                    Ok(None) => listing.set(read_list()),
                    Err(e) => listing.set(Listing::Failed(e)),
                }
            })
        }
    };
    let delete = {
        let listing = listing.clone();
        move |id: String| {
            let listing = listing.clone();
            Callback::from(move |_: MouseEvent| {
                match persist::local().and_then(|kv| history::delete(&kv, &id)) {
                    Ok(()) => listing.set(read_list()),
                    Err(e) => listing.set(Listing::Failed(e)),
                }
            })
        }
    };
    let current = persist::current_draft();
    let body = match &*listing {
        Listing::Closed => html! {},
        Listing::Failed(msg) => html! {
            <div id="history-menu" class="history-menu" role="menu"><p class="history-empty">{ msg.clone() }</p></div>
        },
        Listing::Entries(list) if list.is_empty() => html! {
            <div id="history-menu" class="history-menu" role="menu">
                <p class="history-empty">{ "Nothing yet: programs you write here are kept in this list." }</p>
            </div>
        },
        Listing::Entries(list) => html! {
            <div id="history-menu" class="history-menu" role="menu">
                <ul>
                { for list.iter().map(|e| {
                    let mine = current.as_deref() == Some(e.id.as_str());
                    html! {
                        <li class="history-entry" data-id={e.id.clone()} data-isa={e.isa.clone()} data-current={mine.to_string()}>
                            <button class="history-open" role="menuitem" onclick={open(e.id.clone())}
                                title="open this program (what the editor holds now is kept in this list)">
                                <span class="history-first">{ e.first_line.clone() }</span>
                                <span class="history-meta">{ format!("{} · {}{}", e.isa, when(e.time_ms), if mine { " · this tab" } else { "" }) }</span>
                            </button>
                            <button class="history-delete" onclick={delete(e.id.clone())} title="delete this entry" aria-label="delete">{ "×" }</button>
                        </li>
                    }
                }) }
                </ul>
            </div>
        },
    };
    html! {
        <div class="history" id="history">
            <button class="btn" id="btn-history" onclick={toggle} aria-haspopup="menu"
                aria-expanded={(*listing != Listing::Closed).to_string()}
                title="every program written here, newest first">{ "History" }</button>
            { body }
        </div>
    }
}
