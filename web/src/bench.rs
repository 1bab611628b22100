//! The simulator's throughput inside the browser, for the benchmark that
//! compares it with the native build (`tests/tests/browser_sim_bench.rs`).
//!
//! The page's module exports `measure_sim(name, reps, undo)`; it runs the
//! core workload `name` (see `warpscope_core::workloads`) `reps` times, with
//! the undo log as the playground's Run keeps it or without, and returns
//! warp instructions per second, timed with `performance.now()`.

use warpscope_core::workloads::{self, Workload};
use wasm_bindgen::prelude::*;

/// Runs workload `name` `reps` times, keeping the undo log when `undo`;
/// returns steps per second. Errors name the unknown workload or a missing
/// clock.
#[wasm_bindgen]
pub fn measure_sim(name: &str, reps: u32, undo: bool) -> Result<f64, JsValue> {
    let w = Workload::by_name(name)
        .ok_or_else(|| JsValue::from_str(&format!("unknown workload `{name}`")))?;
    let perf = web_sys::window()
        .and_then(|w| w.performance())
        .ok_or_else(|| JsValue::from_str("performance.now() is unavailable"))?;
    let mut sim = workloads::sim(w, undo);
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
