//! The bundle's wasm in two parts (docs/perf.md, "The bundle in two
//! parts"): the page starts with the first alone, fetches the rest once it
//! is shown, and a function of the rest called before it has arrived
//! loads it at once.

use crate::browser_util::Page;
use serde_json::{json, Value};
use std::time::Duration;
use xtask::server::Server;
use xtask::webdriver::Browser;

const WAIT: Duration = Duration::from_secs(30);

/// How the rest came, as the glue notes it: `fetched` in the background,
/// `requested` at once by a call that needed it, `null` not yet.
const HOW: &str = "return window.__warpscopeRest || null;";

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn every_recorded_start_works_without_the_rest() {
    // With the second part unreachable, each recorded way a page starts
    // (the playground, a phone, a w128 link, an embed), and its reload,
    // becomes ready and takes a visitor's first steps, edits and a run. A
    // page that needed a moved function would fail to load it and say so.
    let root = xtask::built_root();
    let server = Server::start(&root, 0).expect("static server starts");
    for start in xtask::profile::starts().expect("the starts") {
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
            // The background fetch was tried, and failed without a word: a
            // function of the rest would request it again and say so.
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
fn a_function_of_the_rest_called_before_it_arrives_loads_it_at_once() {
    // The background fetch never answers; opening the puzzles (code of the
    // rest) requests the second part there and then, and they open.
    let hold = format!(
        "const f = window.fetch;
         window.fetch = function (u, o) {{
           if (String(u).includes('{}')) return new Promise(() => {{}});
           return f.call(this, u, o);
         }};",
        xtask::split::REST_FILE
    );
    let page = Page::open_with(1280, 800, Some(&hold));
    page.step();
    assert_eq!(page.js(HOW, vec![]), json!(null));
    page.click("#btn-puzzles");
    page.wait("return document.querySelectorAll('.pz-list li').length > 3;");
    assert_eq!(page.js(HOW, vec![]), json!("requested"));
    page.step();
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn other_starts_fetch_the_rest_before_they_show() {
    // Links of sm50 and gfx9 and the Chinese interface run functions the
    // recording moves: they fetch the rest before they first render
    // (`start_needs_rest` in `web/src/lib.rs`), and then work as any page
    // does, without fetching it a second time.
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
