//! The assembler: diagnostics for bad input, and a small ISA of its own.

mod errors;
mod incremental;
mod tiny_isa;
