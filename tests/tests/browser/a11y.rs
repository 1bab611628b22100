//! The page checked with axe-core, an accessibility checker run inside the
//! page (installed by `cargo xtask setup --browser` from npm): no finding
//! rated serious or critical, on each tab, in both themes, in presentation
//! mode, at desktop and phone sizes, in English and in Chinese.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored a11y::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::{json, Value};

/// Runs axe-core on the page as it is; returns the serious and critical
/// findings as `id (impact): help [where]` lines.
fn serious_findings(page: &Page) -> Vec<String> {
    let (path, _) = xtask::setup::axe_core().expect("axe-core is installed by setup");
    let path = path.expect("npm is needed for axe-core (cargo xtask setup --browser)");
    let source = std::fs::read_to_string(&path).expect("axe.min.js readable");
    page.js(
        "if (!window.axe) { const s = document.createElement('script'); s.textContent = arguments[0]; document.head.appendChild(s); }
         window.__axe = null;
         window.axe.run(document, { resultTypes: ['violations'] }).then(r => {
             window.__axe = r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help,
                 targets: v.nodes.slice(0, 4).map(n => n.target.join(' ')) }));
         }, e => { window.__axe = [{ id: 'axe-error', impact: 'critical', help: String(e), targets: [] }]; });
         return true;",
        vec![json!(source)],
    );
    let found = page.wait("return window.__axe;");
    found
        .as_array()
        .expect("a list of findings")
        .iter()
        .filter(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")))
        .map(|v: &Value| {
            format!(
                "{} ({}): {} [{}]",
                v["id"].as_str().unwrap_or("?"),
                v["impact"].as_str().unwrap_or("?"),
                v["help"].as_str().unwrap_or("?"),
                v["targets"]
                    .as_array()
                    .map(|t| t
                        .iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(", "))
                    .unwrap_or_default()
            )
        })
        .collect()
}

/// Something done on the page, and what is then shown.
type Move<'a> = (&'a dyn Fn(&Page), &'a str);

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn no_serious_accessibility_findings() {
    let mut all = Vec::new();
    let mut check = |page: &Page, what: &str| {
        for f in serious_findings(page) {
            all.push(format!("{what}: {f}"));
        }
    };
    let page = Page::open(1366, 900);
    page.choose("#examples", "butterfly_sum");
    page.wait("return document.querySelector('#listing').dataset.stale === 'false';");
    page.step();
    page.step();
    check(&page, "lanes, light");
    page.click("#listing tbody tr[data-index=\"1\"]");
    let moves: [Move; 6] = [
        (&|p| p.tab("Encoding"), "encoding, light"),
        (&|p| p.tab("Reference"), "reference, light"),
        (
            &|p| {
                p.tab("Lanes");
                p.click("#btn-theme");
                p.wait("return document.documentElement.dataset.theme === 'dark';");
            },
            "lanes, dark",
        ),
        (&|p| p.tab("Encoding"), "encoding, dark"),
        (
            &|p| {
                p.click("#btn-lang");
                p.wait("return document.documentElement.lang === 'zh-CN';");
                p.tab("Reference");
            },
            "reference, dark, Chinese",
        ),
        (
            &|p| {
                p.click("#btn-present");
                p.wait("return document.querySelector('#btn-present').getAttribute('aria-pressed') === 'true';");
            },
            "presentation mode, dark, Chinese",
        ),
    ];
    for (go, what) in moves {
        go(&page);
        check(&page, what);
    }
    drop(page);
    let phone = Page::open(390, 844);
    phone.step();
    check(&phone, "phone, lanes");
    phone.click("#btn-lang");
    phone.wait("return document.documentElement.lang === 'zh-CN';");
    check(&phone, "phone, lanes, Chinese");
    phone.tab("Encoding");
    check(&phone, "phone, encoding, Chinese");
    assert!(
        all.is_empty(),
        "accessibility findings:\n{}",
        all.join("\n")
    );
}
