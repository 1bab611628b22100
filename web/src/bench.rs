//! The simulator's throughput inside the browser, for the benchmark that
//! compares it with the native build (`tests/tests/browser_sim_bench.rs`).
//!
//! The page's module exports `measure_sim(source, reps, undo)`; it runs a
//! w128 program (the harness passes a core workload's source, see
//! `warpscope_core::workloads`, so the page carries none) `reps` times,
//! with the undo log as the playground's Run keeps it or without, and
//! returns warp instructions per second, timed with `performance.now()`.
//! `measure_cuda(source, reps)` times the CUDA C compiler the same way
//! (`tests/tests/browser_sim_bench.rs`).

use warpscope_core::workloads;
use wasm_bindgen::prelude::*;

/// Runs the w128 program `source` `reps` times, keeping the undo log when
/// `undo`; returns steps per second. Errors say that the program does not
/// assemble, or that there is no clock.
#[wasm_bindgen]
pub fn measure_sim(source: &str, reps: u32, undo: bool) -> Result<f64, JsValue> {
    let mut sim = workloads::sim_of(source, undo)
        .ok_or_else(|| JsValue::from_str("the program does not assemble"))?;
    let perf = web_sys::window()
        .and_then(|w| w.performance())
        .ok_or_else(|| JsValue::from_str("performance.now() is unavailable"))?;
    let reps = reps.max(1);
    let start = perf.now();
    let mut steps = 0u64;
    for _ in 0..reps {
        sim.reset();
        sim.run(u64::MAX);
        steps += sim.steps();
    }
    let secs = (perf.now() - start) / 1000.0;
    Ok(steps as f64 / secs.max(1e-9))
}

/// Compiles the CUDA C kernel `source` (the harness passes
/// `workloads::cuda_kernel_100`) `reps` times; returns milliseconds per
/// compilation. An error says that the kernel does not compile, or that
/// there is no clock.
#[wasm_bindgen]
pub fn measure_cuda(source: &str, reps: u32) -> Result<f64, JsValue> {
    let perf = web_sys::window()
        .and_then(|w| w.performance())
        .ok_or_else(|| JsValue::from_str("performance.now() is unavailable"))?;
    let reps = reps.max(1);
    let start = perf.now();
    for _ in 0..reps {
        warpscope_core::cuda::compile(source)
            .map_err(|_| JsValue::from_str("the kernel does not compile"))?;
    }
    Ok((perf.now() - start) / f64::from(reps))
}
