//! A timing harness (not a timed test) for opening the playground cold, as
//! a new user following a shared link does: each load in a fresh browser
//! profile, nothing cached. Over several loads it records, from the start
//! of navigation,
//!
//! - the first paint;
//! - ready: the first frame in which the editor, the listing (with rows)
//!   and the register grid are shown and Step is enabled;
//! - the longest task the main thread ran until then (a `longtask`
//!   PerformanceObserver installed before the page's own scripts; the
//!   browser reports only tasks over 50 ms, so 0 means none that long);
//! - first Step: from the click on Step to the first frame after the grid
//!   shows the step;
//! - the rest of the wasm installed: the second part of the bundle
//!   (docs/perf.md, "The bundle in two parts"), fetched once the page is
//!   shown. A load whose first Step had to request it fails the harness.
//!
//! Once over loopback as fast as the server answers, once over an emulated
//! slow 4G line (1.6 Mbit/s down, 750 kbit/s up, 150 ms latency, through
//! the DevTools protocol). It prints median and p95 and writes them to
//! `target/e2e/bench-startup.json`. Run by `cargo xtask bench`, or with
//! `cargo test --release -p warpscope-e2e --test browser_startup_bench --
//! --ignored --nocapture --test-threads=1` after `cargo xtask build`.
//! Figures depend on the machine; nothing here fails on a slow one.

mod browser_util;

use browser_util::{stats, update_results, READY};
use serde_json::{json, Value};
use std::time::Duration;
use xtask::server::Server;
use xtask::webdriver::Browser;

/// Runs before any script of the page: collects long tasks and notes the
/// frame in which the playground first becomes ready.
fn probe() -> String {
    format!(
        "(() => {{
           window.__longtasks = [];
           try {{
             new PerformanceObserver((l) => {{
               for (const e of l.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
             }}).observe({{ type: 'longtask', buffered: true }});
           }} catch (e) {{}}
           const ready = new Function({ready});
           window.__readyAt = null;
           const check = () => {{
             if (window.__readyAt !== null || !document.body || !ready()) return;
             obs.disconnect();
             window.__readyDom = performance.now();
             requestAnimationFrame(() => {{ window.__readyAt = performance.now(); }});
           }};
           const obs = new MutationObserver(check);
           obs.observe(document, {{ subtree: true, childList: true, attributes: true }});
         }})();",
        ready = serde_json::to_string(READY).unwrap()
    )
}

/// One cold load; returns (first paint, ready, longest task until ready,
/// first Step to repaint, the rest of the wasm installed, the longest
/// task in the 10 s after ready while a visitor opens the reference and
/// types), all in ms.
fn one_load(url: &str, slow_4g: bool, how: &str) -> [f64; 6] {
    let browser = Browser::start(1366, 900).expect("chromium starts");
    browser
        .cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": probe() }),
        )
        .expect("probe installed");
    if slow_4g {
        browser.cdp("Network.enable", json!({})).expect("network");
        browser
            .cdp(
                "Network.emulateNetworkConditions",
                json!({
                    "offline": false,
                    "latency": 150,
                    "downloadThroughput": 1_600_000 / 8,
                    "uploadThroughput": 750_000 / 8,
                }),
            )
            .expect("throttling");
    }
    browser.goto(url).expect("page loads");
    let ready = browser
        .wait_for("return window.__readyAt;", Duration::from_secs(60))
        .unwrap_or_else(|e| panic!("{e}: {:?}", browser.load_state()));
    let ready = ready.as_f64().unwrap();
    let v = browser
        .eval(
            "const fp = performance.getEntriesByName('first-paint')[0];
             const until = window.__readyAt;
             const long = window.__longtasks.filter(([s]) => s <= until).map(([, d]) => d);
             return [fp ? fp.startTime : null, Math.max(0, ...long)];",
            vec![],
        )
        .unwrap();
    let first_paint = v[0].as_f64().unwrap_or(f64::NAN);
    let longest = v[1].as_f64().unwrap();
    browser
        .eval(
            "const grid = () => document.querySelector('#grid');
             const before = grid().dataset.step;
             window.__step = null;
             const t0 = performance.now();
             const obs = new MutationObserver(() => {
               if (grid().dataset.step !== before) {
                 obs.disconnect();
                 requestAnimationFrame(() => { window.__step = performance.now() - t0; });
               }
             });
             obs.observe(document.querySelector('#app-root'), {subtree: true, attributes: true, attributeFilter: ['data-step']});
             document.querySelector('#btn-step').click();
             return true;",
            vec![],
        )
        .unwrap();
    let step = browser
        .wait_for("return window.__step;", Duration::from_secs(10))
        .expect("the first step repaints")
        .as_f64()
        .unwrap();
    let rest = browser
        .wait_for(
            "return window.__warpscopeRest && [window.__warpscopeRest, window.__warpscopeRestAt];",
            Duration::from_secs(30),
        )
        .expect("the rest of the wasm arrives");
    assert_eq!(
        rest[0], how,
        "the rest of the wasm came otherwise than this start should have it"
    );
    [
        first_paint,
        ready,
        longest,
        step,
        rest[1].as_f64().unwrap(),
        // (over a slow line only, where the rest comes late)
        if slow_4g {
            first_clicks(&browser, ready)
        } else {
            f64::NAN
        },
    ]
}

/// The longest task in the 10 s after ready (`ready`, ms) while the
/// visitor does what first clicks do: opens the reference pane (code of
/// the rest and a file fetched then) and types in the editor.
fn first_clicks(browser: &Browser, ready: f64) -> f64 {
    browser
        .eval(
            "document.querySelector('#tab-reference').click();
             const t = document.querySelector('#editor textarea');
             t.focus();
             t.value += '\\n// a line';
             t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText'}));
             return true;",
            vec![],
        )
        .unwrap();
    browser
        .wait_for(
            "return document.querySelector('.ref-list .ref-item') !== null;",
            Duration::from_secs(30),
        )
        .expect("the reference pane opens");
    let end = ready + 10_000.0;
    while browser
        .eval("return performance.now();", vec![])
        .unwrap()
        .as_f64()
        .unwrap()
        < end
    {
        std::thread::sleep(Duration::from_millis(250));
    }
    browser
        .eval(
            "const [a, b] = arguments;
             return Math.max(0, ...window.__longtasks.filter(([s]) => s > a && s < b).map(([, d]) => d));",
            vec![json!(ready), json!(end)],
        )
        .unwrap()
        .as_f64()
        .unwrap()
}

/// `loads` cold loads of the page at `at` (after the site's address),
/// whose rest of the wasm must come `how` (`fetched`: by a request of its
/// own, not by a call that needed it at once).
fn run(name: &str, loads: usize, slow_4g: bool, (at, how): (&str, &str)) -> Value {
    let root = xtask::built_root();
    let server = Server::start(&root, 0).expect("static server starts");
    let samples: Vec<[f64; 6]> = (0..loads)
        .map(|_| one_load(&format!("{}/{at}", server.url()), slow_4g, how))
        .collect();
    let col = |i: usize| stats(samples.iter().map(|s| s[i]).collect());
    let out = json!({
        "loads": loads,
        "first_paint_ms": col(0),
        "ready_ms": col(1),
        "longest_task_ms": col(2),
        "first_step_ms": col(3),
        "rest_ms": col(4),
        "longest_task_after_ready_ms": col(5),
    });
    for (label, key) in [
        ("navigation -> first paint", "first_paint_ms"),
        ("navigation -> ready", "ready_ms"),
        ("longest task until ready", "longest_task_ms"),
        ("first Step -> repaint", "first_step_ms"),
        ("navigation -> rest of the wasm installed", "rest_ms"),
        (
            "longest task in the 10 s after ready (reference opened, typing)",
            "longest_task_after_ready_ms",
        ),
    ] {
        if out[key]["median"].as_f64().is_none_or(f64::is_nan) {
            continue;
        }
        println!(
            "{name}: {label}: median {:.0} ms, p95 {:.0} ms ({loads} cold loads)",
            out[key]["median"].as_f64().unwrap(),
            out[key]["p95"].as_f64().unwrap()
        );
    }
    update_results("bench-startup.json", |all| all[name] = out.clone());
    out
}

#[test]
#[ignore = "timing harness: needs the wasm bundle and Chromium"]
fn measure_startup() {
    let out = run("loopback", 12, false, ("", "fetched"));
    assert!(out["ready_ms"]["median"].as_f64().unwrap() > 0.0);
}

#[test]
#[ignore = "timing harness: needs the wasm bundle and Chromium"]
fn measure_startup_slow_4g() {
    let out = run("slow 4G", 10, true, ("", "fetched"));
    assert!(out["ready_ms"]["median"].as_f64().unwrap() > 0.0);
}

#[test]
#[ignore = "timing harness: needs the wasm bundle and Chromium"]
fn measure_startup_slow_4g_sm50_link() {
    // A start the split's recording leaves out, which needs no more than
    // the first part all the same (web/first-part.txt).
    let starts = xtask::profile::engine_starts().expect("the starts");
    let sm50 = starts.iter().find(|s| s.what == "sm50 link").unwrap();
    let out = run("slow 4G, sm50 link", 6, true, (&sm50.at, "fetched"));
    assert!(out["ready_ms"]["median"].as_f64().unwrap() > 0.0);
}
