//! Criterion benchmarks of the warp simulator: warp instructions (steps)
//! per second for an integer ALU loop and for a SHFL reduction loop, with
//! and without the undo log, and with full step events.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use warpscope_core::sim::{LaunchConfig, RunStatus, Sim};
use warpscope_core::{asm, isas};

/// 1000 iterations of six ALU/control instructions.
const ALU_LOOP: &str = "
.init R0 = lane
    MOV R1, 0x0
loop:
    IADD3 R0, R0, 0x1, RZ
    LOP3.LUT R2, R0, R1, RZ, 0x96
    IMAD R3, R2, 0x3, R0
    IADD3 R1, R1, 0x1, RZ
    ISETP.LT.AND P0, PT, R1, 0x3e8, PT
@P0 BRA loop
    EXIT
";

/// 500 warp-wide butterfly sums (5 SHFL + 5 IADD3 each) plus loop control.
const SHFL_LOOP: &str = "
.init R0 = lane
    MOV R5, 0x0
loop:
    SHFL.BFLY P0, R1, R0, 0x10, 0x1f
    IADD3 R0, R0, R1, RZ
    SHFL.BFLY P0, R1, R0, 0x8, 0x1f
    IADD3 R0, R0, R1, RZ
    SHFL.BFLY P0, R1, R0, 0x4, 0x1f
    IADD3 R0, R0, R1, RZ
    SHFL.BFLY P0, R1, R0, 0x2, 0x1f
    IADD3 R0, R0, R1, RZ
    SHFL.BFLY P0, R1, R0, 0x1, 0x1f
    IADD3 R0, R0, R1, RZ
    IADD3 R5, R5, 0x1, RZ
    ISETP.LT.AND P1, PT, R5, 0x1f4, PT
@P1 BRA loop
    EXIT
";

fn sim(src: &str, undo: bool) -> Sim {
    let isa = isas::w128();
    let program = asm::assemble(isa, src).expect("benchmark program assembles");
    let config = LaunchConfig {
        undo,
        ..LaunchConfig::default()
    };
    Sim::new(isa, &program, config)
}

/// Steps the program takes to finish.
fn steps_of(src: &str) -> u64 {
    let mut s = sim(src, false);
    assert_eq!(s.run(u64::MAX), RunStatus::Exited);
    s.steps()
}

fn bench_program(c: &mut Criterion, name: &str, src: &str) {
    let steps = steps_of(src);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(steps));
    for (label, undo) in [("run", false), ("run_with_undo", true)] {
        let mut s = sim(src, undo);
        group.bench_function(label, |b| {
            b.iter(|| {
                s.reset();
                black_box(s.run(u64::MAX))
            })
        });
    }
    let mut s = sim(src, true);
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
    bench_program(c, "alu_loop", ALU_LOOP);
    bench_program(c, "shfl_loop", SHFL_LOOP);
}

criterion_group!(sim_benches, benches);
criterion_main!(sim_benches);
