//! Criterion benchmarks (asm).
fn main() {}
