//! Chinese for the engine's messages (core's `msg!` templates): the assembler reading a program: its tokens, statements, expressions and values.

/// `(English template, 中文)` pairs.
pub(super) const ENTRIES: &[(&str, &str)] = &[];
