//! Cold page loads: a new user's browser, nothing cached, opens the
//! playground. Every load must become usable (editor, listing, grid, Step
//! enabled) within 5 s, each one tried once.

use crate::browser_util::READY;
use std::time::{Duration, Instant};
use xtask::server::Server;
use xtask::webdriver::Browser;

/// Loads tried in a row, each in a fresh browser profile.
const LOADS: usize = 50;

/// The most one cold load may take to become usable.
const READY_WITHIN: Duration = Duration::from_secs(5);

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn fifty_cold_loads_each_become_ready_within_5s() {
    let root = xtask::built_root();
    let mut times = Vec::with_capacity(LOADS);
    for i in 0..LOADS {
        // A fresh server too, as every browser test starts one.
        let server = Server::start(&root, 0).expect("static server starts");
        let browser = Browser::start(1280, 800).expect("chromium starts");
        browser
            .set_page_load_timeout(READY_WITHIN)
            .expect("page load timeout");
        let t0 = Instant::now();
        let loaded = browser.goto(&server.url());
        let left = READY_WITHIN.saturating_sub(t0.elapsed());
        let ready = loaded.and_then(|()| browser.wait_for(READY, left));
        let took = t0.elapsed();
        if let Err(e) = ready {
            let state = browser.load_state().unwrap_or_else(|e| e.into());
            panic!(
                "cold load {} of {LOADS} was not ready within {READY_WITHIN:?} ({took:?}): {e}\npage: {state}",
                i + 1
            );
        }
        times.push(took.as_millis());
    }
    times.sort_unstable();
    println!(
        "{LOADS} cold loads ready: median {} ms, slowest {} ms",
        times[LOADS / 2],
        times[LOADS - 1]
    );
}
