//! Chinese for the panes texts.

/// `(English, 中文)` pairs.
pub(super) const ENTRIES: &[(&str, &str)] = &[];
