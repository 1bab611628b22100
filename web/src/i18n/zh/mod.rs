//! The Chinese catalogue: `(English, 中文)` pairs, one file per area of
//! the page. A text used in several areas needs an entry in one of them
//! only. Placeholders `{0}`, `{1}`, … must all appear in the translation.

mod chrome;
mod diagrams;
mod panes;
mod state;

use std::cell::OnceCell;

/// Every area's entries.
pub(super) const PARTS: &[&[(&str, &str)]] = &[
    chrome::ENTRIES,
    diagrams::ENTRIES,
    panes::ENTRIES,
    state::ENTRIES,
];

thread_local! {
    static SORTED: OnceCell<Vec<(&'static str, &'static str)>> = const { OnceCell::new() };
}

/// The Chinese for `en`, if the catalogue has it.
pub(super) fn lookup(en: &str) -> Option<&'static str> {
    SORTED.with(|s| {
        let all = s.get_or_init(|| {
            let mut v: Vec<_> = PARTS.iter().flat_map(|p| p.iter().copied()).collect();
            v.sort_unstable_by(|a, b| a.0.cmp(b.0));
            v
        });
        all.binary_search_by(|(k, _)| (*k).cmp(en))
            .ok()
            .map(|i| all[i].1)
    })
}
