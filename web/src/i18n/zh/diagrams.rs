//! Chinese for the diagrams texts.

/// `(English, 中文)` pairs.
pub(super) const ENTRIES: &[(&str, &str)] = &[];
