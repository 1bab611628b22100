//! Criterion benchmarks of the warp simulator: warp instructions (steps)
//! per second for an integer ALU loop and for a SHFL reduction loop, with
//! and without the undo log, and with full step events.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use warpscope_core::sim::Sim;
use warpscope_core::workloads::{self, Workload};

fn sim(w: Workload, undo: bool) -> Sim {
    workloads::sim(w, undo)
}

fn bench_program(c: &mut Criterion, w: Workload) {
    let steps = w.steps();
    let name = w.name();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(steps));
    for (label, undo) in [("run", false), ("run_with_undo", true)] {
        let mut s = sim(w, undo);
        group.bench_function(label, |b| {
            b.iter(|| {
                s.reset();
                black_box(s.run(u64::MAX))
            })
        });
    }
    let mut s = sim(w, true);
    group.bench_function("step_events", |b| {
        b.iter(|| {
            s.reset();
            let mut n = 0u64;
            while let Some(ev) = s.step() {
                n += ev.writes.len() as u64;
            }
            black_box(n)
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    for w in Workload::ALL {
        bench_program(c, w);
    }
}

criterion_group!(sim_benches, benches);
criterion_main!(sim_benches);
