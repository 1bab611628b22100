//! Puzzle checker: time to grade a reference solution on all of a puzzle's
//! cases (each case assembles and runs both the reference solution and the
//! submission), and time to read a puzzle file.
//!
//! Before the timings, the bench prints the number of cases of each
//! bundled puzzle.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use warpscope_core::puzzle::{self, bundled_texts, check};

fn bench(c: &mut Criterion) {
    println!("\n| puzzle             | cases |");
    for (id, _) in bundled_texts() {
        if let Some(p) = puzzle::bundled(id) {
            println!("| {id:<18} | {:>5} |", check::cases(&p).len());
        }
    }
    let mut g = c.benchmark_group("puzzle");
    for id in ["broadcast", "ballot_count", "divergent_join", "mode_fields"] {
        let Some(p) = puzzle::bundled(id) else {
            continue;
        };
        g.bench_function(format!("check/{id}"), |b| {
            b.iter(|| check::check(black_box(&p), black_box(&p.solution)))
        });
    }
    g.bench_function("check/all_bundled", |b| {
        let all = puzzle::bundled_all();
        b.iter(|| {
            for p in &all {
                let _ = check::check(black_box(p), black_box(&p.solution));
            }
        })
    });
    g.bench_function("parse/all_bundled", |b| {
        b.iter(|| {
            for (_, text) in bundled_texts() {
                let _ = puzzle::parse(black_box(text));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
