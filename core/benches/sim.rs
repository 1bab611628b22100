//! Criterion benchmarks (sim).
fn main() {}
