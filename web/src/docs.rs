//! The ISA documentation's prose, fetched the first time the reference
//! pane shows an ISA. The bundle carries each ISA without it (core's
//! `docs` feature is off here: most of a description is prose that only
//! the reference pane reads); `cargo xtask build` writes each ISA's part
//! next to the bundle, as `static/pkg/` + [`Id::docs_file_name`].

use std::cell::RefCell;
use std::rc::Rc;
use warpscope_core::isas::Id;
use warpscope_core::spec::model::Isa;
use yew::prelude::*;

/// Where an ISA's documentation stands.
#[derive(Clone)]
pub enum Docs {
    /// Being fetched; the model without prose is shown meanwhile.
    Loading,
    /// The whole model.
    Ready(Rc<Isa>),
    /// The fetch failed (why, for the reader).
    Failed(String),
}

thread_local! {
    /// The models with their documentation, once fetched.
    static LOADED: RefCell<[Option<Rc<Isa>>; 3]> = const { RefCell::new([None, None, None]) };
}

/// The documentation of `id`, fetched on first use; the callback fetches
/// it again after a failure.
#[hook]
pub fn use_docs(id: Id) -> (Docs, Callback<()>) {
    let cached = LOADED.with(|l| l.borrow()[id as usize].clone());
    // The last failure: which ISA, and why.
    let failed = use_state(|| None::<(Id, String)>);
    let tries = use_state(|| 0u32);
    {
        let failed = failed.clone();
        let wanted = cached.is_none();
        use_effect_with((id, *tries, wanted), move |&(id, _, wanted)| {
            if wanted {
                wasm_bindgen_futures::spawn_local(async move {
                    match fetch(id).await {
                        Ok(isa) => {
                            LOADED.with(|l| l.borrow_mut()[id as usize] = Some(Rc::new(isa)));
                            failed.set(None);
                        }
                        Err(why) => failed.set(Some((id, why))),
                    }
                });
            }
        });
    }
    let retry = {
        let tries = tries.clone();
        Callback::from(move |()| tries.set(*tries + 1))
    };
    let docs = match (cached, &*failed) {
        (Some(isa), _) => Docs::Ready(isa),
        (None, Some((at, why))) if *at == id => Docs::Failed(why.clone()),
        _ => Docs::Loading,
    };
    (docs, retry)
}

/// Fetches and opens the documentation part of `id`.
async fn fetch(id: Id) -> Result<Isa, String> {
    let url = crate::fetch::url(id.docs_file_name());
    let bytes = crate::fetch::bytes(&url)
        .await
        .map_err(|e| format!("{url}: {e}"))?;
    id.with_docs(id.isa(), &bytes).ok_or_else(|| {
        format!("{url} does not belong to this version of the page; reload the page to update it")
    })
}
