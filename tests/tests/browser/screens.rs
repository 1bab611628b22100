//! Browser tests of the layout at the screen sizes the playground is used
//! on: a phone opening a shared link (390×844 at three device pixels per
//! CSS pixel), a small laptop (1024×768), a projector (1280×720) and a
//! desktop (1440×900), and the projector at 150% browser zoom. At each size, with a shuffle example stepped a few
//! times: the page never scrolls sideways, every header and run control
//! lies inside the viewport's width and stays where it was while stepping,
//! and the lane diagram is at least 300 px wide and never drawn smaller
//! than its own size.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored screens::`
//! after `cargo xtask build`; screenshots go to `target/e2e/screen_*.png`.

use crate::browser_util::Page;
use serde_json::{json, Value};
use warpscope_core::examples::w128_example;

/// (name, width, height, device pixels per CSS pixel, mobile).
const SIZES: &[(&str, u32, u32, f64, bool)] = &[
    ("phone", 390, 844, 3.0, true),
    ("1024", 1024, 768, 1.0, false),
    ("1280", 1280, 720, 1.0, false),
    ("1440", 1440, 900, 1.0, false),
    // 1280×720 at 150% browser zoom: fewer, larger CSS pixels.
    ("1280_zoom150", 853, 480, 1.5, false),
];

/// Every header and run control: the elements a user must reach.
const CONTROLS: &str = "#isa, #examples, .run-controls button, #speed, #run-status, #btn-puzzles, \
     .history > button, #btn-share, #btn-theme, .keys > button, .keys summary";

/// Loads a w128 example through the examples menu and waits for it.
fn load(page: &Page, id: &str) {
    let ex = w128_example(id).unwrap_or_else(|| panic!("example {id}"));
    page.choose("#examples", id);
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {} && document.querySelector('#listing').dataset.stale === 'false' && Number(document.querySelector('#run-status').dataset.steps) === 0;",
        json!(ex.source)
    ));
}

/// The controls' boxes: (what, left, top, right, bottom).
fn control_boxes(page: &Page) -> Vec<(String, f64, f64, f64, f64)> {
    let v = page.js(
        "return Array.from(document.querySelectorAll(arguments[0])).map(e => {
             const r = e.getBoundingClientRect();
             const bar = e.closest('.runbar');
             const dy = bar && getComputedStyle(bar).position === 'fixed' ? 0 : window.scrollY;
             return [e.id || e.className || e.tagName, r.left, r.top + dy, r.right, r.bottom + dy];
         });",
        vec![json!(CONTROLS)],
    );
    v.as_array()
        .expect("a list")
        .iter()
        .map(|b| {
            let n = |i: usize| b[i].as_f64().unwrap_or(f64::NAN);
            (
                b[0].as_str().unwrap_or("?").to_string(),
                n(1),
                n(2),
                n(3),
                n(4),
            )
        })
        .collect()
}

fn check_size(page: &Page, name: &str, w: u32) {
    let before = control_boxes(page);
    for _ in 0..4 {
        page.step();
    }
    page.wait("return document.querySelector('#diagram[data-kind=\"shfl\"]') !== null;");
    let layout: Value = page.js(
        "const s = document.scrollingElement;
         const svg = document.querySelector('#diagram svg');
         const d = svg.getBoundingClientRect();
         return [s.scrollWidth, window.innerWidth, d.width, d.width / svg.viewBox.baseVal.width];",
        vec![],
    );
    let (scroll_w, inner_w, diagram_w) = (
        layout[0].as_f64().unwrap(),
        layout[1].as_f64().unwrap(),
        layout[2].as_f64().unwrap(),
    );
    // A phone widens its layout viewport to the page's width: compare
    // with the screen's width, not the viewport's.
    let inner_w = inner_w.min(f64::from(w));
    assert!(
        scroll_w <= inner_w,
        "{name}: the page scrolls sideways to {scroll_w} px in {inner_w}"
    );
    assert!(
        diagram_w >= 300.0,
        "{name}: the lane diagram is {diagram_w} px wide"
    );
    // The drawing is never shrunk below its own size (its text below
    // 11 CSS px): zoom enlarges it.
    let scale = layout[3].as_f64().unwrap();
    assert!(
        scale >= 0.99,
        "{name}: the lane diagram is drawn at {scale}"
    );
    let after = control_boxes(page);
    assert!(after.len() >= 12, "{name}: controls found: {after:?}");
    for (what, l, t, r, b) in &after {
        assert!(
            *l >= 0.0 && *r <= inner_w && r > l && b > t,
            "{name}: {what} lies at {l}..{r} px, outside 0..{inner_w}"
        );
    }
    // Stepping moves no control (the counter and the status have room).
    let moved: Vec<_> = before
        .iter()
        .zip(&after)
        .filter(|(a, b)| (a.1 - b.1).abs() > 0.5 || (a.2 - b.2).abs() > 0.5)
        .map(|(a, b)| format!("{} {:?} -> {:?}", a.0, (a.1, a.2), (b.1, b.2)))
        .collect();
    assert!(moved.is_empty(), "{name}: controls moved: {moved:?}");
    page.shot(&format!("screen_{name}"));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn every_screen_size_fits_in_chinese_too() {
    let page = Page::open(1280, 800);
    page.click("#btn-lang");
    page.wait("return document.documentElement.lang === 'zh-CN';");
    for &(name, w, h, scale, mobile) in SIZES {
        page.emulate(w, h, scale, mobile);
        load(&page, "segmented");
        check_size(&page, &format!("{name}_zh"), w);
    }
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn every_screen_size_fits_without_sideways_scroll() {
    let page = Page::open(1280, 800);
    for &(name, w, h, scale, mobile) in SIZES {
        page.emulate(w, h, scale, mobile);
        load(&page, "segmented");
        check_size(&page, name, w);
    }
    assert_eq!(page.page_errors(), json!([]));
}

/// Names of the encoding's fields whose text does not fit in their span,
/// as `name: text width > span width` (in CSS pixels).
fn cut_field_names(page: &Page) -> Vec<String> {
    let cut = page.js(
        "return Array.from(document.querySelectorAll('.bitgrid .fld[data-field]'))
           .map(f => [f, f.querySelector('.fld-name')])
           .filter(([f, n]) => n && n.textContent !== '')
           .map(([f, n]) => {
             const a = f.getBoundingClientRect(), b = n.getBoundingClientRect();
             return b.left < a.left - 0.5 || b.right > a.right + 0.5 || b.top < a.top - 0.5 || b.bottom > a.bottom + 0.5
               ? f.dataset.field + ': ' + b.width.toFixed(1) + 'x' + b.height.toFixed(1) + ' in ' + a.width.toFixed(1) + 'x' + a.height.toFixed(1)
               : null;
           })
           .filter(x => x !== null);",
        vec![],
    );
    cut.as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn the_encodings_field_names_are_never_cut() {
    let page = Page::open(1280, 800);
    let mut cut = Vec::new();
    for &(name, w, h, scale, mobile) in SIZES {
        page.emulate(w, h, scale, mobile);
        load(&page, "segmented");
        page.tab("Encoding");
        page.click("#listing tbody tr[data-index=\"1\"]");
        page.wait(
            "return document.querySelector('.bitgrid .fld[data-field=\"pg.not\"]') !== null;",
        );
        cut.extend(
            cut_field_names(&page)
                .into_iter()
                .map(|c| format!("{name}: {c}")),
        );
    }
    assert!(cut.is_empty(), "field names cut:\n{}", cut.join("\n"));
}

/// The box of the first element `css` matches: [left, top, right, bottom].
fn rect(page: &Page, css: &str) -> Vec<f64> {
    let r = page.js(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();
         return [r.left, r.top, r.right, r.bottom];",
        vec![json!(css)],
    );
    r.as_array()
        .expect("a box")
        .iter()
        .map(|v| v.as_f64().unwrap_or(f64::NAN))
        .collect()
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn the_history_menu_and_the_keys_dialog_fit_a_phone() {
    let page = Page::open(1280, 800);
    page.emulate(390, 844, 3.0, true);
    page.click("#btn-history");
    page.wait("return document.querySelector('.history-menu') !== null;");
    let menu = rect(&page, ".history-menu");
    assert!(
        menu[0] >= 0.0 && menu[2] <= 390.0 && menu[1] >= 0.0,
        "History menu at {menu:?}"
    );
    page.click("#btn-history");
    page.click("#btn-keys");
    page.wait("return document.querySelector('#keys-dialog').open;");
    let dialog = rect(&page, "#keys-dialog");
    assert!(
        dialog[0] >= 0.0 && dialog[2] <= 390.0,
        "Keys dialog at {dialog:?}"
    );
}

/// The controls shown now that are smaller than `min` CSS pixels either
/// way (WCAG 2.2's target size), as "what w×h".
fn small_targets(page: &Page, within: &str, min: f64) -> Vec<String> {
    let v = page.js(
        "const [within, min] = arguments;
         return Array.from(document.querySelectorAll(within + ' :is(button, select, input, summary, [role=tab], [role=button])'))
             .filter(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
             .map(e => [e.id || e.dataset.fmt || e.textContent.trim().slice(0, 16) || e.className, e.getBoundingClientRect()])
             .filter(([, r]) => r.width < min || r.height < min)
             .map(([what, r]) => what + ' ' + r.width.toFixed(1) + '×' + r.height.toFixed(1));",
        vec![json!(within), json!(min)],
    );
    serde_json::from_value(v).expect("a list")
}

/// On a phone every control a person can use is at least 24×24 CSS
/// pixels, and the run controls at the bottom at least 44 pixels tall:
/// the header, the explanation, the lanes with their export and format
/// buttons, the listing, and the Encoding tab.
#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn every_control_fits_a_thumb_on_a_phone() {
    let page = Page::open(1280, 800);
    page.emulate(390, 844, 3.0, true);
    load(&page, "broadcast");
    page.step();
    page.wait("return document.querySelector('#diagram') !== null;");
    let small = small_targets(&page, "body", 24.0);
    assert!(small.is_empty(), "under 24 px: {small:?}");
    let run = small_targets(&page, ".runbar", 44.0)
        .into_iter()
        .filter(|s| !s.starts_with("run-status"))
        .collect::<Vec<_>>();
    assert!(run.is_empty(), "run controls under 44 px: {run:?}");
    page.tab("Encoding");
    page.wait("return document.querySelector('#bitfield') !== null;");
    page.click("#listing tbody tr[data-index=\"0\"]");
    let small = small_targets(&page, "#tab-panel", 24.0);
    assert!(
        small.is_empty(),
        "under 24 px in the Encoding tab: {small:?}"
    );
    page.shot("screen_phone_targets");
}

/// Rows of `css` (an editor's lines or a listing's rows) that can be seen
/// whole in its scrolling box.
fn visible_rows(page: &Page, scroller: &str, row: &str) -> f64 {
    page.js(
        "const box = document.querySelector(arguments[0]).getBoundingClientRect();
         const h = document.querySelector(arguments[1]).getBoundingClientRect().height;
         return Math.floor(box.height / h);",
        vec![json!(scroller), json!(row)],
    )
    .as_f64()
    .unwrap_or(0.0)
}

/// At 1440×900 with every pane open (a puzzle, an example's explanation,
/// the Lanes tab) the editor and the listing each show at least 12 rows,
/// and what does not fit scrolls rather than being cut.
#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_desktop_with_every_pane_open_keeps_twelve_rows_of_program() {
    let page = Page::open(1440, 900);
    page.click("#btn-puzzles");
    page.wait("return document.querySelector('.pz-item') !== null;");
    page.click(".pz-item");
    page.wait("return document.querySelector('#pz-check') !== null;");
    load(&page, "butterfly_sum");
    page.wait("return document.querySelector('.explain') !== null && document.querySelector('#puzzles') !== null;");
    let editor = visible_rows(&page, "#editor", "#editor .gutter-line");
    let listing = visible_rows(&page, ".listing-pane .scroll", "#listing tbody tr");
    assert!(
        editor >= 12.0 && listing >= 12.0,
        "editor {editor} rows, listing {listing} rows"
    );
    // Text wider than its pane scrolls sideways inside the pane.
    let scrolls = page.js(
        "return ['#editor', '.listing-pane .scroll', '#puzzles'].map(s => getComputedStyle(document.querySelector(s)).overflowX);",
        vec![],
    );
    for o in scrolls.as_array().expect("a list") {
        assert!(o == "auto" || o == "scroll", "{scrolls}");
    }
    // The puzzle's own controls wrap within its column.
    let cut = page.js(
        "const p = document.querySelector('#puzzles').getBoundingClientRect();
         return Array.from(document.querySelectorAll('#puzzles button')).filter(b => b.getBoundingClientRect().right > p.right).map(b => b.id || b.textContent);",
        vec![],
    );
    assert_eq!(cut, json!([]), "puzzle controls past the column's edge");
    page.shot("screen_1440_every_pane");
}
