//! Round trips between text, instructions and words.

pub mod checks;
mod every_isa;
mod w128;
