//! Chinese for the engine's messages (core's `msg!` templates): directives, choosing and disassembling instructions, encoding and decoding fields, and the simulator.

/// `(English template, 中文)` pairs.
pub(super) const ENTRIES: &[(&str, &str)] = &[];
