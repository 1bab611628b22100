//! Benchmark (not a timed test): simulator throughput natively and in the
//! browser's wasm build, for the same workloads in one run, and their
//! ratio; and the CUDA C compiler's time on one kernel, the same way.
//!
//! Run with `cargo xtask bench` (or, after `cargo xtask build`,
//! `cargo test -p warpscope-e2e --test browser_sim_bench -- --ignored --nocapture`).
//! It prints a table and writes `target/e2e/bench-sim.json`; nothing here
//! fails on a slow machine. The two sides are timed in alternating
//! rounds, and the table gives the ratio of the best rounds and the
//! median of the rounds' ratios. The native figure is this test binary's, built
//! with the test profile's optimisation level, so for the README the xtask
//! bench builds it in release mode.

use serde_json::json;
use std::time::{Duration, Instant};
use warpscope_core::cuda;
use warpscope_core::workloads::{self, Workload};
use xtask::asmbench::median_ratio;
use xtask::server::Server;
use xtask::webdriver::Browser;

const REPS: u32 = 40;

/// Rounds per workload; each times the native side, then the browser's.
const ROUNDS: usize = 12;

/// Steps per second of `REPS` native runs of `sim`.
fn native_round(w: Workload, sim: &mut warpscope_core::sim::Sim) -> f64 {
    let t = Instant::now();
    for _ in 0..REPS {
        sim.reset();
        sim.run(u64::MAX);
    }
    (w.steps() * REPS as u64) as f64 / t.elapsed().as_secs_f64()
}

/// The served playground in Chromium with its module imported as
/// `window.__simBench`, once `ready` (a script) holds.
fn open_bench_module(ready: &str) -> (std::path::PathBuf, Server, Browser) {
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
            &format!("return window.__simBench !== null && ({ready});"),
            Duration::from_secs(20),
        )
        .expect("module import");
    (root, srv, browser)
}

#[test]
#[ignore = "benchmark: needs the wasm bundle and Chromium; run by `cargo xtask bench`"]
fn measure_sim_native_and_wasm() {
    let (root, _srv, browser) = open_bench_module("true");
    let mut rows = Vec::new();
    println!(
        "\nworkload     native steps/s   wasm steps/s   native/wasm (best; median of {ROUNDS} rounds)"
    );
    // Each workload without the undo log, then with it, as the
    // playground's Run keeps it (so that Back works after a run).
    let cases = Workload::ALL
        .into_iter()
        .flat_map(|w| [(w, false), (w, true)]);
    for (w, undo) in cases {
        let name = format!("{}{}", w.name(), if undo { "+undo" } else { "" });
        let wasm_round = || {
            browser
                .eval(
                    "return window.__simBench.measure_sim(arguments[0], arguments[1], arguments[2]);",
                    vec![json!(w.source()), json!(REPS), json!(undo)],
                )
                .expect("measure_sim runs")
                .as_f64()
                .expect("a number")
        };
        // Warm-up calls first, for a second: the browser compiles a hot
        // wasm function with its optimising tier in the background, and a
        // call already running keeps the baseline code. The fast loop
        // compiles in about 15 ms, but it may wait behind functions made
        // hot before it (in Node on this machine `asm::assemble` and
        // `Sim::step_inner` took 120 to 140 ms each), so three short
        // warm-up calls could still measure its baseline code.
        let mut sim = workloads::sim(w, undo);
        sim.run(u64::MAX);
        let warm = Instant::now();
        while warm.elapsed() < Duration::from_secs(1) {
            wasm_round();
        }
        // Then rounds that time the two sides in turn, so that a busy
        // moment of this shared machine falls on both: the best of each
        // side, and the median of the rounds' ratios beside their ratio.
        let (mut natives, mut wasms) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            let n = native_round(w, &mut sim);
            let m = wasm_round();
            assert!(n > 0.0 && m > 0.0);
            natives.push(n);
            wasms.push(m);
        }
        let native = natives.iter().copied().fold(0.0, f64::max);
        let wasm = wasms.iter().copied().fold(0.0, f64::max);
        let ratio = native / wasm;
        let median_ratio = median_ratio(&natives, &wasms);
        println!(
            "{:<12} {:>14.0} {:>14.0} {:>13.2}; {:.2}",
            name, native, wasm, ratio, median_ratio
        );
        rows.push(json!({
            "workload": name,
            "native": native,
            "wasm": wasm,
            "ratio": ratio,
            "median_ratio": median_ratio,
            "rounds": ROUNDS,
            "native_rounds": natives,
            "wasm_rounds": wasms,
        }));
    }
    let dir = root.join("target/e2e");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bench-sim.json"),
        serde_json::to_string_pretty(&rows).unwrap(),
    )
    .unwrap();
}

/// Compilations per round, and rounds, of the CUDA C benchmark.
const CUDA_REPS: u32 = 50;
const CUDA_ROUNDS: usize = 10;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// The CUDA C compiler on the same 100-line kernel
/// (`workloads::cuda_kernel_100`), natively and in the wasm build: the
/// milliseconds per compilation, best and median of alternating rounds,
/// to `target/e2e/bench-cuda.json`.
#[test]
#[ignore = "benchmark: needs the wasm bundle and Chromium; run by `cargo xtask bench`"]
fn measure_cuda_compile_native_and_wasm() {
    let src = workloads::cuda_kernel_100();
    // the compiler is in the second part of the wasm: wait for it
    let (root, _srv, browser) = open_bench_module("window.__warpscopeRestState === 'ready'");
    let wasm_round = || {
        browser
            .eval(
                "return window.__simBench.measure_cuda(arguments[0], arguments[1]);",
                vec![json!(src), json!(CUDA_REPS)],
            )
            .expect("measure_cuda runs")
            .as_f64()
            .expect("a number")
    };
    // warm up both sides (the browser's optimising tier compiles later)
    for _ in 0..3 {
        wasm_round();
        cuda::compile(&src).expect("compiles");
    }
    let (mut native, mut wasm) = (Vec::new(), Vec::new());
    for _ in 0..CUDA_ROUNDS {
        let t = Instant::now();
        for _ in 0..CUDA_REPS {
            cuda::compile(&src).expect("compiles");
        }
        native.push(t.elapsed().as_secs_f64() * 1000.0 / f64::from(CUDA_REPS));
        wasm.push(wasm_round());
    }
    let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "\n100-line kernel: native {:.3} ms (median {:.3}), wasm {:.3} ms (median {:.3}), wasm/native {:.2}",
        best(&native),
        median(native.clone()),
        best(&wasm),
        median(wasm.clone()),
        median(wasm.clone()) / median(native.clone())
    );
    let out = json!({
        "kernel_lines": src.lines().count(),
        "native_ms": { "best": best(&native), "median": median(native.clone()) },
        "wasm_ms": { "best": best(&wasm), "median": median(wasm.clone()) },
    });
    let dir = root.join("target/e2e");
    std::fs::create_dir_all(&dir).expect("target/e2e");
    std::fs::write(
        dir.join("bench-cuda.json"),
        serde_json::to_string_pretty(&out).unwrap(),
    )
    .expect("write the results");
}
