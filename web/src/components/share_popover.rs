//! The popover shown when the clipboard cannot be written: the link,
//! selected, to be copied with Ctrl+C.

use yew::prelude::*;

use crate::i18n::{tr, trf};
use crate::state::share::ShareAction;
use crate::state::{Action, Dispatch};

/// Popover props.
#[derive(Properties, PartialEq)]
pub struct PopoverProps {
    /// The URL to copy.
    pub url: String,
    /// Dispatcher for the close button.
    pub dispatch: Dispatch,
}

/// Shown when the clipboard cannot be written: the link, selected, to be
/// copied with Ctrl+C.
#[function_component(SharePopover)]
pub fn share_popover(p: &PopoverProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let input = use_node_ref();
    {
        let input = input.clone();
        use_effect_with(p.url.clone(), move |_| {
            if let Some(i) = input.cast::<web_sys::HtmlInputElement>() {
                let _ = i.focus();
                i.select();
            }
        });
    }
    let close = {
        let d = p.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.send(Action::Share(ShareAction::Popover(None))))
    };
    let n = p.url.chars().count();
    html! {
        <div class="share-popover" id="share-popover" role="dialog" aria-label={tr("link to this state")}>
            <span>{ trf("Press Ctrl+C to copy — {0} characters", &[&n]) }</span>
            <input ref={input} type="text" readonly=true id="share-url" value={p.url.clone()} />
            <button class="btn small" onclick={close}>{ tr("Close") }</button>
        </div>
    }
}
