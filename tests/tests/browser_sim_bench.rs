//! Benchmark (not a timed test): simulator throughput natively and in the
//! browser's wasm build, for the same workloads in one run, and their ratio.
//!
//! Run with `cargo xtask bench` (or, after `cargo xtask build`,
//! `cargo test -p warpscope-e2e --test browser_sim_bench -- --ignored --nocapture`).
//! It prints a table and writes `target/e2e/bench-sim.json`; nothing here
//! fails on a slow machine. The native figure is this test binary's, built
//! with the test profile's optimisation level, so for the README the xtask
//! bench builds it in release mode.

use serde_json::json;
use std::time::{Duration, Instant};
use warpscope_core::workloads::{self, Workload};
use xtask::server::Server;
use xtask::webdriver::Browser;

const REPS: u32 = 40;

fn native_steps_per_sec(w: Workload) -> f64 {
    let mut sim = workloads::sim(w, false);
    // warm up once, then take the best of three rounds
    sim.run(u64::MAX);
    (0..3)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..REPS {
                sim.reset();
                sim.run(u64::MAX);
            }
            (w.steps() * REPS as u64) as f64 / t.elapsed().as_secs_f64()
        })
        .fold(0.0, f64::max)
}

#[test]
#[ignore = "benchmark: needs the wasm bundle and Chromium; run by `cargo xtask bench`"]
fn measure_sim_native_and_wasm() {
    let root = xtask::built_root();
    let srv = Server::start(&root, 0).expect("static server starts");
    let browser = Browser::start(1024, 768).expect("chromium starts");
    browser.open_app(&srv.url()).expect("the app mounts");
    browser
        .eval(
            "window.__simBench = null; import('./static/pkg/warpscope.js').then(m => { window.__simBench = m; }); return 1;",
            vec![],
        )
        .unwrap();
    browser
        .wait_for(
            "return window.__simBench !== null;",
            Duration::from_secs(10),
        )
        .expect("module import");
    let mut rows = Vec::new();
    println!("\nworkload     native steps/s   wasm steps/s   native/wasm");
    for w in Workload::ALL {
        let native = native_steps_per_sec(w);
        // Warm-up calls first: the browser compiles a hot wasm function
        // with its optimising tier in the background, and a call already
        // running keeps the baseline code, so the first calls can be
        // slower (one warm-up call was seen to leave runs 2.5x apart).
        // Then the best of eight, as on the native side.
        let wasm = (0..11)
            .map(|_| {
                browser
                    .eval(
                        "return window.__simBench.measure_sim(arguments[0], arguments[1]);",
                        vec![json!(w.name()), json!(REPS)],
                    )
                    .expect("measure_sim runs")
                    .as_f64()
                    .expect("a number")
            })
            .skip(3)
            .fold(0.0, f64::max);
        assert!(wasm > 0.0 && native > 0.0);
        let ratio = native / wasm;
        println!(
            "{:<12} {:>14.0} {:>14.0} {:>13.2}",
            w.name(),
            native,
            wasm,
            ratio
        );
        rows.push(json!({ "workload": w.name(), "native": native, "wasm": wasm, "ratio": ratio }));
    }
    let dir = root.join("target/e2e");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bench-sim.json"),
        serde_json::to_string_pretty(&rows).unwrap(),
    )
    .unwrap();
}
