//! Browser tests: the real playground bundle in headless Chromium, as
//! one test binary with a module per area of the page.
//!
//! They need `static/pkg` (built by `cargo xtask build`) and Debian's
//! `chromium` + `chromium-driver`, so they are `#[ignore]`d in a plain
//! `cargo test`; `cargo xtask test` builds the bundle and runs them with
//! `--ignored`. Run one by hand with
//! `cargo test -p warpscope-e2e --test browser -- --ignored page_mounts`.

mod a11y;
#[path = "../browser_util/mod.rs"]
mod browser_util;
mod cuda;
mod dialects;
mod editor;
mod export;
mod faults;
mod history;
mod keyboard;
mod lanes;
mod lang;
mod load;
mod long;
mod present;
mod puzzles;
mod screens;
mod share;
mod split;

use xtask::server::Server;
use xtask::webdriver::Browser;

fn bundle_ready() -> std::path::PathBuf {
    let root = xtask::root();
    assert!(
        root.join("static/pkg/warpscope_bg.wasm").exists(),
        "static/pkg is missing: run `cargo xtask build` first"
    );
    root
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn page_mounts_without_console_errors() {
    let root = bundle_ready();
    let srv = Server::start(&root, 0).expect("static server starts");
    let browser = Browser::start(1280, 800).expect("chromium starts");
    browser.open_app(&srv.url()).expect("the app mounts");
    let title = browser
        .eval(
            "return document.querySelector('.topbar h1').textContent;",
            vec![],
        )
        .unwrap();
    assert_eq!(title, "warpscope");
    let shot = browser.save_screenshot("mount").expect("screenshot saved");
    assert!(std::fs::metadata(&shot).unwrap().len() > 1000);
    let errors = browser
        .eval("return window.__warpscopeErrors;", vec![])
        .unwrap();
    assert_eq!(
        errors,
        serde_json::json!([]),
        "errors while loading the page"
    );
    let severe: Vec<_> = browser
        .console_log()
        .into_iter()
        .filter(|(level, _)| level == "SEVERE")
        .collect();
    assert!(severe.is_empty(), "console errors: {severe:?}");
}
