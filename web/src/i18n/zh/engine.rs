//! Chinese for the engine's messages (core's `msg!` templates): ISA descriptions, puzzles and their checker, and links.

/// `(English template, 中文)` pairs.
pub(super) const ENTRIES: &[(&str, &str)] = &[];
