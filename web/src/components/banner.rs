//! The message strip: link errors and warnings, with a way back to the
//! work a link replaced.

use std::rc::Rc;
use warpscope_core::link::{try_encode_link, LinkState};
use yew::prelude::*;

use crate::i18n::tr;
use crate::persist;
use crate::state::share::{Banner, BannerKind, ShareAction};
use crate::state::{Action, Dispatch};

/// Banner props.
#[derive(Properties, PartialEq)]
pub struct BannerProps {
    /// What to show.
    pub banner: Banner,
    /// Dispatcher for the buttons.
    pub dispatch: Dispatch,
    /// The current state as a link (kept as earlier work when the
    /// previous work is restored).
    pub current: Rc<LinkState>,
}

/// The message strip: link errors and warnings, with a way back to the
/// work a link replaced.
#[function_component(BannerView)]
pub fn banner_view(p: &BannerProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let b = &p.banner;
    let dismiss = {
        let d = p.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.send(Action::Share(ShareAction::DismissBanner)))
    };
    let restore = b.previous.clone().map(|prev| {
        let d = p.dispatch.clone();
        let cur = p.current.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(frag) = try_encode_link(&cur) {
                let _ = persist::push_previous(&frag);
            }
            d.send(Action::Share(ShareAction::Restore(prev.clone())));
        })
    });
    html! {
        <div id="link-banner" class={classes!("banner", format!("banner-{}", b.kind.as_str()))}
            data-kind={b.kind.as_str()} role={if b.kind == BannerKind::Error { "alert" } else { "status" }}>
            <div class="banner-text">
                { for b.lines.iter().map(|l| html!{ <p>{ l.clone() }</p> }) }
            </div>
            if let Some(onclick) = restore {
                <button class="btn small" id="btn-restore" {onclick}>{ tr("Restore your previous work") }</button>
            }
            <button class="btn small banner-close" id="btn-banner-close" onclick={dismiss} title={tr("hide this message")} aria-label={tr("dismiss")}>{ "×" }</button>
        </div>
    }
}
