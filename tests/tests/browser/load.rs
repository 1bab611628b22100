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

/// The fonts of the page's text at start, as `family | size | weight |
/// style` (the first family named): visible text outside `#font-probe`,
/// or, with a probe id, all text inside that element.
const FONTS_IN_USE: &str = r#"
const probe = arguments[0];
const root = probe ? document.getElementById(probe) : document.body;
const seen = new Set();
for (const el of root.querySelectorAll('*')) {
  if (!probe && el.closest('#font-probe')) continue;
  const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  if (!text && !['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(el.tagName)) continue;
  if (!probe && el.getClientRects().length === 0) continue;
  const cs = getComputedStyle(el);
  seen.add([cs.fontFamily.split(',')[0], cs.fontSize, cs.fontWeight, cs.fontStyle].join(' | '));
}
return [...seen].sort();
"#;

/// While the bundle loads, the page lays out a word in each font its
/// text will use (`window.__fontSpecimens` in index.html), so that the
/// app's first layout does not look them up. A font the style sheet gives
/// some text at start without a specimen would be looked up there again:
/// every font in use must have one, and the specimens are gone once the
/// app has mounted.
#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn the_fonts_warmed_while_loading_are_those_the_page_shows() {
    let root = xtask::built_root();
    let server = Server::start(&root, 0).expect("static server starts");
    let browser = Browser::start(1280, 800).expect("chromium starts");
    browser.open_app(&server.url()).expect("the app mounts");
    browser
        .wait_for(READY, READY_WITHIN)
        .expect("the page becomes ready");
    let gone = browser
        .eval(
            "return document.getElementById('font-warm') === null;",
            vec![],
        )
        .unwrap();
    assert_eq!(
        gone,
        serde_json::json!(true),
        "the specimens stay after the app mounted"
    );
    let fonts = |probe: serde_json::Value| -> Vec<String> {
        serde_json::from_value(browser.eval(FONTS_IN_USE, vec![probe]).unwrap()).unwrap()
    };
    let shown = fonts(serde_json::Value::Null);
    browser
        .eval(
            "const d = document.createElement('div'); d.id = 'font-probe';
             d.style.cssText = 'position:absolute;left:-9999px;top:0;width:60rem;visibility:hidden';
             d.innerHTML = window.__fontSpecimens.join(''); document.body.appendChild(d); return 1;",
            vec![],
        )
        .unwrap();
    let warmed = fonts(serde_json::json!("font-probe"));
    assert!(shown.len() > 10, "few fonts found: {shown:?}");
    let missing: Vec<&String> = shown.iter().filter(|f| !warmed.contains(f)).collect();
    assert!(
        missing.is_empty(),
        "fonts the page shows at start without a specimen in index.html: {missing:?}"
    );
}
