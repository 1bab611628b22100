//! Chinese for the state texts.

/// `(English, 中文)` pairs.
pub(super) const ENTRIES: &[(&str, &str)] = &[];
