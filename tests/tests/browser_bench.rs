//! A timing harness (not a timed test): measures in the browser
//!
//! - keystroke-to-listing latency for a 200-line and a 2,000-line program:
//!   from the `input` event of an edit to the first animation frame after
//!   the listing shows the edited instruction (this includes the
//!   assembler's debounce);
//! - step-to-repaint time for a 32-lane grid of 16 registers: from the F10
//!   key event to the first animation frame after the grid shows the step.
//!
//! It prints median and p95 and writes them to `target/e2e/bench-ui.json`.
//! Run with
//! `cargo test -p warpscope-e2e --test browser_bench -- --ignored --nocapture`
//! after `cargo xtask build`. Figures depend on the machine; nothing here
//! fails on a slow one.

mod browser_util;

use browser_util::Page;
use serde_json::{json, Value};
use std::time::Duration;

fn program(lines: usize) -> String {
    let mut s = String::from(".init R0 = lane\n");
    for i in 0..lines {
        let r = i % 16;
        s.push_str(&format!(
            "    IADD3 R{r}, R{r}, 0x{:x}, RZ   // line {i}\n",
            i + 1
        ));
    }
    s
}

fn program_16_regs() -> String {
    let mut s = String::new();
    for r in 0..16 {
        s.push_str(&format!(".init R{r} = lane * {} + {r}\n", r + 1));
    }
    for i in 0..200 {
        let r = i % 16;
        s.push_str(&format!("    IADD3 R{r}, R{r}, R{}, RZ\n", (r + 1) % 16));
    }
    s.push_str("    EXIT\n");
    s
}

/// Median, p95 and the number of the timings in `v` (an array, ms).
fn stats(v: &Value) -> (f64, f64, usize) {
    let xs = v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap());
    let s = browser_util::stats(xs.collect());
    let f = |k: &str| s[k].as_f64().unwrap();
    (
        f("median"),
        f("p95"),
        s["samples"].as_u64().unwrap() as usize,
    )
}

/// Keystroke to listing over `edits` edits of a `lines`-line program:
/// median, p95 and the number of samples.
fn keystrokes(page: &Page, lines: usize, edits: usize) -> (f64, f64, usize) {
    let src = program(lines);
    page.set_source(&src);
    // (the listing draws the rows in view; its head counts them all)
    page.wait(&format!(
        "const h = document.querySelector('.listing-pane .pane-info');
         return document.querySelector('#listing').dataset.stale === 'false'
             && h !== null && h.textContent.startsWith('{lines} ');"
    ));
    page.js(
        "const edits = arguments[1];
         const t = document.querySelector('#editor textarea');
         const body = document.querySelector('#listing tbody');
         const out = []; let i = 0; let old = '1'; window.__bench = null;
         function one() {
           const k = (0x1000 + i).toString(16);
           // the first instruction's immediate typed over, in place
           const at = t.value.indexOf('R0, R0, 0x' + old + ',') + 'R0, R0, 0x'.length;
           const want = 'IADD3 R0, R0, 0x' + k + ',';
           const t0 = performance.now();
           const obs = new MutationObserver(() => {
             const row = body.querySelector('tr .dis');
             if (row && row.textContent.startsWith(want)) {
               obs.disconnect();
               requestAnimationFrame(() => {
                 out.push(performance.now() - t0); i++;
                 if (i < edits) setTimeout(one, 20); else window.__bench = out;
               });
             }
           });
           obs.observe(body, {subtree: true, childList: true, characterData: true});
           t.setRangeText(k, at, at + old.length, 'end');
           old = k;
           t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText'}));
         }
         one(); return true;",
        vec![json!(src), json!(edits)],
    );
    let keys = page
        .browser
        .wait_for("return window.__bench;", Duration::from_secs(60))
        .expect("keystroke measurements");
    stats(&keys)
}
#[test]
#[ignore = "timing harness: needs the wasm bundle and Chromium"]
fn measure_keystroke_and_step_latency() {
    let page = Page::open(1366, 900);

    // Keystroke to listing.
    let (k50, k95, kn) = keystrokes(&page, 200, 40);
    let (l50, l95, ln) = keystrokes(&page, 2000, 15);

    // Step to repaint.
    page.set_source(&program_16_regs());
    page.wait("return document.querySelectorAll('#grid tbody tr[data-reg]').length === 16 && document.querySelector('#listing').dataset.stale === 'false' && document.querySelector('.listing-pane .pane-info').textContent.startsWith('201 ');");
    page.js(
        "const grid = () => document.querySelector('#grid');
         const out = []; const dom = []; let i = 0; window.__bench = null; window.__benchDom = null;
         function one() {
           const before = grid().dataset.step;
           const t0 = performance.now();
           const obs = new MutationObserver(() => {
             if (grid().dataset.step !== before) {
               obs.disconnect();
               dom.push(performance.now() - t0);
               requestAnimationFrame(() => {
                 out.push(performance.now() - t0); i++;
                 if (i < 120) setTimeout(one, 10); else { window.__benchDom = dom; window.__bench = out; }
               });
             }
           });
           obs.observe(document.querySelector('#app-root'), {subtree: true, attributes: true, attributeFilter: ['data-step']});
           window.dispatchEvent(new KeyboardEvent('keydown', {key: 'F10', bubbles: true, cancelable: true}));
         }
         one(); return true;",
        vec![],
    );
    let steps = page
        .browser
        .wait_for("return window.__bench;", Duration::from_secs(60))
        .expect("step measurements");
    let (s50, s95, sn) = stats(&steps);
    let (d50, d95, _) = stats(&page.js("return window.__benchDom;", vec![]));
    page.shot("bench_grid_16_regs");

    let debounce = 60.0;
    println!("keystroke-to-listing, 200-line program ({kn} edits): median {k50:.1} ms, p95 {k95:.1} ms (includes the {debounce} ms debounce; work after it: median {:.1} ms)", k50 - debounce);
    println!("keystroke-to-listing, 2,000-line program ({ln} edits): median {l50:.1} ms, p95 {l95:.1} ms (work after the debounce: median {:.1} ms)", l50 - debounce);
    println!("step-to-repaint, 32 lanes x 16 registers ({sn} steps): median {s50:.1} ms, p95 {s95:.1} ms (DOM updated after: median {d50:.1} ms, p95 {d95:.1} ms; the rest is waiting for the next frame)");
    let dir = xtask::root().join("target/e2e");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bench-ui.json"),
        json!({
            "keystroke_to_listing_ms": {"median": k50, "p95": k95, "samples": kn, "debounce_ms": debounce},
            "keystroke_to_listing_2000_lines_ms": {"median": l50, "p95": l95, "samples": ln},
            "step_to_repaint_ms": {"median": s50, "p95": s95, "samples": sn},
            "step_to_dom_ms": {"median": d50, "p95": d95},
        })
        .to_string(),
    )
    .unwrap();
    assert!(k50 > 0.0 && s50 > 0.0);
}
