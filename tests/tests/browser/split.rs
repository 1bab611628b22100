//! The bundle's wasm in two parts (docs/perf.md, "The bundle in two
//! parts"): the page starts with the first alone, and runs programs of
//! every ISA with it, and fetches the rest once it is shown. What happens
//! when the rest is late or cannot be had is `faults.rs`'s.

use crate::browser_util::Page;
use serde_json::{json, Value};
use std::time::Duration;
use xtask::server::Server;
use xtask::webdriver::Browser;

const WAIT: Duration = Duration::from_secs(30);

/// How the rest came, as the glue notes it: `fetched`, or `null` not yet.
const HOW: &str = "return window.__warpscopeRest || null;";

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn every_recorded_start_works_without_the_rest() {
    // With the second part unreachable, each recorded way a page starts
    // (the playground, a phone, a w128 link, an embed), and links of the
    // other ISAs, and their reloads, become ready and take a visitor's
    // first steps, edits and a run. A page that needed a moved function
    // would throw.
    let root = xtask::built_root();
    let server = Server::start(&root, 0).expect("static server starts");
    let starts = xtask::profile::starts().expect("the starts");
    let engine = xtask::profile::engine_starts().expect("the starts");
    for start in starts.into_iter().chain(engine) {
        let b = Browser::start(start.size.0, start.size.1).expect("chromium starts");
        b.block(xtask::split::REST_FILE).expect("blocking");
        let stale = "record the list again with `cargo xtask profile` (docs/perf.md)";
        xtask::profile::go_through(&b, &server.url(), &start, &mut |b| {
            let errors = b.eval("return window.__warpscopeErrors;", vec![])?;
            if errors != json!([]) {
                return Err(format!(
                    "starting the page used a function moved to {}; {stale}: {errors}",
                    xtask::split::REST_FILE
                ));
            }
            // The background fetch was tried, and failed without a word:
            // the feature that needs the rest says so when it is asked for.
            match b.eval(HOW, vec![])? {
                Value::Null => Ok(()),
                how => Err(format!("the rest came ({how}) though it was blocked")),
            }
        })
        .unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn the_rest_arrives_after_start_and_serves_the_puzzles() {
    let page = Page::open(1280, 800);
    page.wait("return window.__warpscopeRest === 'fetched';");
    page.click("#btn-puzzles");
    page.wait("return document.querySelectorAll('.pz-list li').length > 3;");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn other_starts_fetch_the_rest_before_they_show() {
    // The Chinese interface runs functions the recording moves: it fetches
    // the rest before it first renders (`start_needs_rest` in
    // `web/src/lib.rs`), and then works as any page does, without fetching
    // it a second time.
    let root = xtask::built_root();
    let server = Server::start(&root, 0).expect("static server starts");
    for start in xtask::profile::other_starts().expect("the starts") {
        let b = Browser::start(start.size.0, start.size.1).expect("chromium starts");
        b.open_app(&format!("{}/{}", server.url(), start.at))
            .expect("the app mounts");
        b.wait_for(start.ready, WAIT)
            .unwrap_or_else(|e| panic!("{}: not ready ({e})", start.what));
        assert_eq!(
            b.eval(HOW, vec![]).unwrap(),
            json!("fetched"),
            "{}",
            start.what
        );
        xtask::profile::interact(&b).unwrap_or_else(|e| panic!("{}: {e}", start.what));
        let fetched = b
            .eval(
                "return performance.getEntriesByType('resource')
                   .filter(e => e.name.includes(arguments[0])).length;",
                vec![json!(xtask::split::REST_FILE)],
            )
            .unwrap();
        assert_eq!(fetched, json!(1), "{}: the rest fetched once", start.what);
        let errors = b.eval("return window.__warpscopeErrors;", vec![]).unwrap();
        assert_eq!(errors, json!([]), "{}", start.what);
    }
}
