//! The Chinese catalogue: `(English, 中文)` pairs, one file per area of
//! the page (and four for the engine's messages, keyed by their
//! templates: `assembler`, `instructions`, `engine`, `cuda`), fetched by the page when Chinese is first shown. A text used in several areas needs an entry in one of them
//! only. Placeholders `{0}`, `{1}`, … must all appear in the translation.

#[cfg(not(target_arch = "wasm32"))]
mod assembler;
#[cfg(not(target_arch = "wasm32"))]
mod chrome;
#[cfg(not(target_arch = "wasm32"))]
mod cuda;
#[cfg(not(target_arch = "wasm32"))]
mod diagrams;
#[cfg(not(target_arch = "wasm32"))]
mod engine;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod examples;
pub mod format;
#[cfg(not(target_arch = "wasm32"))]
mod instructions;
#[cfg(not(target_arch = "wasm32"))]
mod panes;
#[cfg(not(target_arch = "wasm32"))]
mod state;

use std::cell::OnceCell;

/// Every area's entries. The page's build leaves them out and fetches
/// them, written as one file ([`mod@format`]), when Chinese is first shown
/// ([`install`]); native builds (tests, `cargo xtask`) have them here.
#[cfg(not(target_arch = "wasm32"))]
pub const PARTS: &[&[(&str, &str)]] = &[
    assembler::ENTRIES,
    chrome::ENTRIES,
    cuda::ENTRIES,
    diagrams::ENTRIES,
    engine::ENTRIES,
    examples::ENTRIES,
    instructions::ENTRIES,
    panes::ENTRIES,
    state::ENTRIES,
];

thread_local! {
    static SORTED: OnceCell<Vec<(&'static str, &'static str)>> = const { OnceCell::new() };
}

/// The catalogue, once there is one.
fn sorted<T>(f: impl FnOnce(&[(&'static str, &'static str)]) -> T) -> Option<T> {
    SORTED.with(|s| {
        #[cfg(not(target_arch = "wasm32"))]
        let all = s.get_or_init(|| {
            let mut v: Vec<_> = PARTS.iter().flat_map(|p| p.iter().copied()).collect();
            v.sort_unstable_by(|a, b| a.0.cmp(b.0));
            v
        });
        #[cfg(target_arch = "wasm32")]
        let all = s.get()?;
        Some(f(all))
    })
}

/// The Chinese for `en`, if the catalogue has it (none before it is
/// installed).
pub(super) fn lookup(en: &str) -> Option<&'static str> {
    sorted(|all| {
        all.binary_search_by(|(k, _)| (*k).cmp(en))
            .ok()
            .map(|i| all[i].1)
    })
    .flatten()
}

/// Whether the catalogue is there.
pub fn loaded() -> bool {
    sorted(|_| ()).is_some()
}

/// Installs the catalogue from its file's text; false if the text is
/// damaged (the catalogue is then still missing).
pub fn install(text: String) -> bool {
    // Kept for the page's lifetime, as compiled-in texts would be.
    let text: &'static str = Box::leak(text.into_boxed_str());
    match format::read(text) {
        Some(entries) => SORTED.with(|s| s.set(entries).is_ok() || loaded()),
        None => false,
    }
}
