//! The CUDA C compiler: a kernel of 100 lines compiled (checked, lowered
//! to w128 and assembled), and the six examples, each from its text.
//! `cargo bench -p warpscope-core --bench cuda`; docs/cuda.md records the
//! figures.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use warpscope_core::cuda;
use warpscope_core::examples::examples_for;
use warpscope_core::workloads;

fn bench(c: &mut Criterion) {
    let src = workloads::cuda_kernel_100();
    assert_eq!(src.lines().count(), 100);
    let compiled = cuda::compile(&src).expect("the 100-line kernel compiles");
    println!(
        "100-line kernel: {} instructions",
        compiled.program.lines.len()
    );
    c.bench_function("compile a 100-line kernel", |b| {
        b.iter(|| cuda::compile(black_box(&src)).expect("compiles"))
    });
    let examples = examples_for("cuda");
    c.bench_function("compile the six examples", |b| {
        b.iter(|| {
            for e in examples {
                cuda::compile(black_box(e.source)).expect("compiles");
            }
        })
    });
    c.bench_function("run the 100-line kernel", |b| {
        b.iter(|| cuda::run(black_box(&compiled), 100_000))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
