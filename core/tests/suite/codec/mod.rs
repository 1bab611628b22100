//! Encoding and decoding: golden words for every dialect, and gfx9 against llvm-mc.

mod gfx9_golden;
mod gfx9_llvm;
mod sm50_golden;
mod w128_golden;
