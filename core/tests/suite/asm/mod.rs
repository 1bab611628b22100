//! The assembler: diagnostics for bad input, and a small ISA of its own.

mod errors;
mod tiny_isa;
