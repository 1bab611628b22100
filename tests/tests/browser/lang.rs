//! Browser tests of the 中文 interface: the language switch changes every
//! visible string (each pane, the dialogs and menus, presentation mode,
//! the phone layout), the reference pane shows the ISA documents'
//! original Chinese beside the English, the choice is remembered, and a
//! link's `lang` key opens the page in its language.
//!
//! "Every visible string" is checked by listing the untranslated ones:
//! each text node and `title`/`aria-label`/`placeholder`/`alt` of what is
//! shown (screen-reader-only text and the drawings' SVG tooltips included)
//! that holds no Chinese but an English word. Assembly, register names,
//! numbers and key names are not words here (mnemonics and registers are
//! upper case or carry digits), and the few English terms the Chinese
//! interface keeps (lane, warp) are allowed. The examples' titles and
//! explanations, the examples menu, the puzzles' titles, statements and
//! hints, and the engine's messages (the assembler's errors and advice,
//! the checker's verdicts, why a link does not open) are searched too.
//! What stays as written is code: the program and listing, a puzzle's
//! solution and the CUDA line it teaches, and the English description
//! sections of the ISA (shown beside the documents' Chinese).
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored lang::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use warpscope_core::examples::w128_example;
use warpscope_core::link::{encode_link, LinkState};

/// Lists the visible strings that are still English, as `where: text`.
const UNTRANSLATED: &str = r#"
const DATA = [
  '#editor', '.editor', '.listing', 'pre', 'code', '.ref-en', '.ref-name', '.ref-summary',
  '.ref-section > :not(h4):not(h5)', '.fld-name', '.fname',
  '.pz-solution', '.pz-meta',
  '.history-title', '.history-preview', '#isa option', '.pz-url', '.share-url',
].join(',');
const KEEP = new Set(['lane', 'lanes', 'warp', 'warpscope', 'iframe', 'english', 'ctrl',
  'shift', 'alt', 'esc', 'tab', 'home', 'end', 'space', 'enter', 'pgdn', 'pgup', 'wave', 'hex']);
const english = s => {
  if (/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(s)) return false;
  const words = s.replace(/\b0x[0-9a-fA-F_]+\b/g, ' ').match(/[A-Za-z]+/g) || [];
  return words.some(w =>
    w.length >= 3 && /^([a-z]+|[A-Z][a-z]+)$/.test(w) && !KEEP.has(w.toLowerCase()));
};
const shown = el => el.checkVisibility({ visibilityProperty: true }) && !el.closest(DATA);
const where = el => el.id ? '#' + el.id : el.tagName.toLowerCase() +
  (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '');
const out = new Set();
for (const el of document.querySelectorAll('body *')) {
  if (!shown(el) || el.matches('script, style')) continue;
  for (const a of ['title', 'aria-label', 'placeholder', 'alt']) {
    const v = el.getAttribute(a);
    if (v && english(v)) out.add(where(el) + ' [' + a + ']: ' + v);
  }
  for (const n of el.childNodes) {
    if (n.nodeType === 3 && english(n.textContent.trim())) out.add(where(el) + ': ' + n.textContent.trim());
  }
}
// A drawing's tooltips: SVG <title> elements, not drawn themselves.
for (const t of document.querySelectorAll('svg title')) {
  const host = t.parentElement;
  if (host && shown(host) && english(t.textContent.trim())) out.add('svg title: ' + t.textContent.trim());
}
return Array.from(out);
"#;

/// A program with errors and warnings of several kinds.
const BROKEN: &str = "FOO R1, R2 ;
MOV R300, 0x1 ;
IADD3 R1, R2 ;
BRA nowhere ;
.active 0x1ffffffff
S2R R1, SR_NOPE ;
EXIT ;
";

fn untranslated(page: &Page, state: &str, all: &mut BTreeSet<String>) {
    let found = page.js(UNTRANSLATED, vec![]);
    for s in found.as_array().expect("a list") {
        all.insert(format!("{state} · {}", s.as_str().unwrap_or_default()));
    }
}

fn switch_to_chinese(page: &Page) {
    page.click("#btn-lang");
    page.wait("return document.documentElement.lang === 'zh-CN';");
}

fn text(page: &Page, css: &str) -> String {
    page.js(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
        vec![json!(css)],
    )
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn the_chinese_switch_translates_every_visible_string() {
    let page = Page::open(1440, 900);
    assert_eq!(text(&page, "#btn-share"), "Share");
    switch_to_chinese(&page);
    assert_eq!(text(&page, "#btn-share"), "分享");
    assert_eq!(text(&page, "#btn-lang"), "English");
    let mut all = BTreeSet::new();
    // A segmented shuffle, stepped: run status, diagram, its text
    // alternative and the warp state.
    page.choose("#examples", "segmented");
    for _ in 0..4 {
        page.step();
    }
    untranslated(&page, "Lanes", &mut all);
    page.tab("Encoding");
    page.click(".listing tr[data-index=\"1\"]");
    untranslated(&page, "Encoding", &mut all);
    page.shot("lang_zh_encoding");
    page.tab("Reference");
    untranslated(&page, "Reference", &mut all);
    page.click("#btn-keys");
    page.wait("return document.querySelector('#keys-dialog').open;");
    untranslated(&page, "Keys", &mut all);
    page.key("Escape", false, false);
    page.click("#btn-history");
    untranslated(&page, "History", &mut all);
    page.key("Escape", false, false);
    page.click("#btn-puzzles");
    page.wait("return document.querySelector('.pz-list, .pz-head') !== null;");
    untranslated(&page, "Puzzles", &mut all);
    // One puzzle: its starter fails, every hint and the solution prompt
    // shown.
    page.click(".pz-item");
    page.wait("return document.querySelector('#puzzles[data-puzzle]') !== null;");
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result') !== null;");
    while page.js(
        "return !document.querySelector('#pz-hint').disabled;",
        vec![],
    ) == json!(true)
    {
        page.click("#pz-hint");
    }
    page.click("#pz-solution");
    page.wait("return document.querySelector('#pz-confirm') !== null;");
    untranslated(&page, "Puzzle", &mut all);
    page.shot("lang_zh_puzzle");
    // A program with errors of several kinds: the assembler's messages
    // and advice under the editor, in the gutter's tooltips, and the
    // checker's refusal to grade it.
    page.set_source(BROKEN);
    page.wait("return document.querySelectorAll('#diag-list .diag').length >= 5;");
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result') !== null;");
    untranslated(&page, "Errors", &mut all);
    page.shot("lang_zh_errors");
    let shown = page.js(
        "return Array.from(document.querySelectorAll('#diag-list .diag-msg, #pz-result'), e => e.textContent);",
        vec![],
    );
    assert!(
        shown.as_array().is_some_and(|a| a.len() >= 6),
        "the messages are shown: {shown}"
    );
    page.click("#pz-close");
    page.emulate(390, 844, 3.0, true);
    page.tab("Lanes");
    untranslated(&page, "Phone", &mut all);
    page.shot("lang_zh_phone");
    let sideways = page.js(
        "return document.documentElement.scrollWidth - window.innerWidth;",
        vec![],
    );
    assert_eq!(
        sideways,
        json!(0),
        "the Chinese phone layout scrolls sideways"
    );
    page.emulate(1280, 720, 1.0, false);
    page.click("#btn-present");
    page.wait("return document.querySelector('#app-root[data-present=\"true\"]') !== null;");
    untranslated(&page, "Present", &mut all);
    page.shot("lang_zh_present");
    // The embedded view of a link that names the language.
    let ex = w128_example("butterfly_sum").expect("example");
    let mut state = LinkState::new("w128", ex.source);
    state.step = Some(3);
    state.view = vec![("embed".into(), "1".into()), ("lang".into(), "zh".into())];
    page.emulate(560, 315, 1.0, false);
    page.browser
        .open_app(&format!("{}/?embed#{}", page.url(), encode_link(&state)))
        .expect("the app mounts");
    page.wait("return document.querySelector('.embed-diagram') !== null;");
    untranslated(&page, "Embed", &mut all);
    // A damaged link: the banner says why in Chinese (the page was left
    // in Chinese, so it opens in Chinese).
    page.emulate(1280, 720, 1.0, false);
    page.browser
        .open_app(&format!("{}/?damaged#v1.AAA*AA", page.url()))
        .expect("the app mounts");
    page.wait("return document.querySelector('#link-banner') !== null;");
    untranslated(&page, "Damaged link", &mut all);
    assert!(
        all.is_empty(),
        "{} strings are still English in the 中文 interface:\n{}",
        all.len(),
        all.iter().cloned().collect::<Vec<_>>().join("\n")
    );
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn the_reference_shows_the_documents_chinese_beside_the_english() {
    let page = Page::open(1440, 900);
    page.choose("#examples", "segmented");
    page.tab("Reference");
    page.click(".ref-item[data-optype=\"SHFL\"]");
    page.wait("return document.querySelector('#ref-doc[data-optype=\"SHFL\"]') !== null;");
    page.wait("return document.querySelector('.reference-pane[data-docs=\"ready\"]') !== null;");
    // In English, the English alone.
    assert_eq!(
        page.js(
            "return document.querySelectorAll('.ref-zh').length;",
            vec![]
        ),
        json!(0)
    );
    switch_to_chinese(&page);
    page.wait("return document.querySelector('.ref-bilingual .ref-zh') !== null;");
    let pairs = page.js(
        "return Array.from(document.querySelectorAll('#ref-doc > .ref-bilingual')).map(s =>
            [s.dataset.section, s.querySelector('.ref-en').textContent, s.querySelector('.ref-zh').textContent]);",
        vec![],
    );
    let pairs = pairs.as_array().expect("sections");
    let sections: Vec<&str> = pairs.iter().filter_map(|p| p[0].as_str()).collect();
    assert_eq!(sections, ["Description", "OperandInfo", "ModifierInfo"]);
    let description = &pairs[0];
    assert!(
        description[1]
            .as_str()
            .is_some_and(|en| en.contains("lane")),
        "{description}"
    );
    assert!(
        description[2]
            .as_str()
            .is_some_and(|zh| zh.contains("在同一个warp的参与线程之间进行GPR值的交换")),
        "{description}"
    );
    // Side by side at this width.
    let beside: Value = page.js(
        "const s = document.querySelector('.ref-bilingual');
         const a = s.querySelector('.ref-en').getBoundingClientRect();
         const b = s.querySelector('.ref-zh').getBoundingClientRect();
         return b.left >= a.right - 1 && Math.abs(a.top - b.top) < 2;",
        vec![],
    );
    assert_eq!(beside, json!(true));
    // The list's summary is the document's first sentence.
    let summary = text(&page, ".ref-item[data-optype=\"SHFL\"] .ref-summary");
    assert!(summary.starts_with("在同一个warp"), "{summary}");
    page.shot("lang_zh_reference");
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn the_choice_is_remembered_and_a_link_names_its_language() {
    let profile = std::env::temp_dir().join(format!("warpscope-lang-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let page = Page::open_in_profile(1280, 800, &profile);
    switch_to_chinese(&page);
    let page = page.reopen(1280, 800, &profile);
    page.wait("return document.documentElement.lang === 'zh-CN';");
    assert_eq!(text(&page, "#btn-share"), "分享");
    drop(page);
    let _ = std::fs::remove_dir_all(&profile);

    // A link with lang=zh opens a fresh browser in Chinese.
    let page = Page::open(1280, 800);
    let ex = w128_example("butterfly_sum").expect("example");
    let mut state = LinkState::new("w128", ex.source);
    state.view = vec![("lang".into(), "zh".into())];
    page.browser
        .open_app(&format!("{}/?lang#{}", page.url(), encode_link(&state)))
        .expect("the app mounts");
    page.wait("return document.documentElement.lang === 'zh-CN';");
    assert_eq!(text(&page, "#btn-present"), "演示");
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_page_that_cannot_fetch_its_chinese_texts_opens_in_english_and_says_why() {
    // The viewer chose Chinese before; the catalogue's fetch fails (as
    // offline before the service worker stored it).
    let page = Page::open_with(
        1440,
        900,
        Some(
            "localStorage.setItem('warpscope.lang', 'zh');
             const real = window.fetch;
             window.fetch = function (url, ...rest) {
               if (String(url).endsWith('zh.txt')) {
                 return Promise.reject(new TypeError('Failed to fetch'));
               }
               return real.call(this, url, ...rest);
             };",
        ),
    );
    page.wait("const n = document.querySelector('#note'); return n && n.textContent.includes('could not be loaded');");
    let note = text(&page, "#note");
    assert!(
        note.contains("static/pkg/zh.txt") && note.contains("stays in English"),
        "{note}"
    );
    assert_eq!(
        page.js("return document.documentElement.lang;", vec![]),
        json!("en")
    );
    assert_eq!(text(&page, "#btn-share"), "Share");
    page.step();
    assert_eq!(page.steps(), 1);
    assert_eq!(page.page_errors(), json!([]));
}
