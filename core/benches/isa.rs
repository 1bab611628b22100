//! Opening the bundled ISAs: reading and validating the description texts
//! (what every program start did before the descriptions were compiled
//! with the build) against opening their compiled form (what
//! `isas::w128()` and the others do now).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use warpscope_core::isas;
use warpscope_core::spec::compact;

fn open(c: &mut Criterion) {
    let mut g = c.benchmark_group("open all three ISAs");
    g.bench_function("read the description texts", |b| {
        b.iter(|| {
            for isa in isas::load_from_sources() {
                black_box(isa.expect("bundled descriptions load"));
            }
        })
    });
    let compiled: Vec<Vec<u8>> = isas::NAMES
        .iter()
        .map(|n| compact::write(isas::by_name(n).expect("bundled")))
        .collect();
    g.bench_function("open the compiled forms", |b| {
        b.iter(|| {
            for bytes in &compiled {
                black_box(compact::read(bytes).expect("compiled form reads"));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, open);
criterion_main!(benches);
