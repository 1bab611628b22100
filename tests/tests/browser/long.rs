//! Browser tests of a long program (3,000 lines): the editor's text area
//! holds the lines around the view (web/src/components/editor_window.rs)
//! and the listing, the gutter and the highlighted layer draw only the
//! rows in view (web/src/components/window.rs), while every edit, caret
//! move, Ctrl+Z, Ctrl+A and step works on the whole text.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored long::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::json;

/// Lines of the program.
const LINES: usize = 3000;
/// Lines the text area holds of a long text (`editor_window::SPAN`).
const SPAN: u64 = 1000;

/// A 3,000-line w128 program: a branch over everything to the EXIT on the
/// last line; line `n` in between adds `n` (so each line's listing row
/// shows its own number).
fn program() -> String {
    let mut lines = vec!["    BRA far".to_string()];
    for n in 2..LINES - 1 {
        lines.push(format!("    IADD3 R1, R1, {n:#x}, RZ  // line {n}"));
    }
    lines.push("far:".into());
    lines.push("    EXIT".into());
    lines.join("\n")
}

/// Replaces the whole text as a person does: Ctrl+A, then a paste.
fn paste_all(page: &Page, text: &str) {
    page.js(
        "const t = document.querySelector('#editor textarea');
         t.focus();
         t.dispatchEvent(new KeyboardEvent('keydown', {key: 'a', ctrlKey: true, bubbles: true, cancelable: true}));
         t.setRangeText(arguments[0], 0, t.value.length, 'end');
         t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));
         return true;",
        vec![json!(text)],
    );
}

/// The first line the text area holds (0-based) and how many it holds.
fn held(page: &Page) -> (u64, u64) {
    let v = page.js(
        "const t = document.querySelector('#editor textarea');
         return [Number(t.dataset.firstLine || 0), t.value.split('\\n').length];",
        vec![],
    );
    (v[0].as_u64().unwrap(), v[1].as_u64().unwrap())
}

/// Opens the playground with the long program in it, assembled.
fn open_long() -> Page {
    let page = Page::open(1366, 900);
    paste_all(&page, &program());
    page.wait(&format!(
        "const h = document.querySelector('.listing-pane .pane-info');
         return h && h.textContent.includes('{}') && document.querySelector('#listing').dataset.stale === 'false';",
        LINES - 1
    ));
    page
}

/// Waits until the highlighted layer's line `n` reads `text` (the layer
/// draws the document's text, whatever the text area holds).
fn wait_line(page: &Page, n: usize, text: &str) {
    page.wait(&format!(
        "const l = document.querySelector('#editor .hl-line[data-line=\"{n}\"]');
         return l !== null && l.textContent.replace('\\u200b', '') === {};",
        json!(text)
    ));
}

/// Scrolls the editor so that 1-based line `n` is about at the top.
fn scroll_editor_to(page: &Page, n: usize) {
    page.js(
        "const box = document.querySelector('#editor');
         const l = document.querySelector('#editor .hl-line');
         box.scrollTop = (arguments[0] - 1) * l.getBoundingClientRect().height;
         return true;",
        vec![json!(n)],
    );
}

/// The text area holds the lines around the view, the panes draw only
/// the rows in view, and an edit of a line far down, its Ctrl+Z and its
/// Ctrl+Y change the whole text at that line.
#[test]
#[ignore = "needs the wasm bundle and Chromium"]
fn a_long_text_is_edited_where_it_is_shown() {
    let page = open_long();
    // The paste left the caret at the end: the lines there are held, and
    // the view went there.
    assert_eq!(held(&page), (LINES as u64 - SPAN, SPAN));
    page.wait(
        "const b = document.querySelector('#editor');
               return b.scrollTop + b.clientHeight > b.scrollHeight - 200;",
    );
    let drawn = page.js(
        "return [document.querySelectorAll('#listing tbody tr[data-index]').length,
                 document.querySelectorAll('#editor .hl-line').length,
                 document.querySelectorAll('#editor .gutter-line').length,
                 document.querySelector('#listing').getAttribute('aria-rowcount')];",
        vec![],
    );
    for k in 0..3 {
        let n = drawn[k].as_u64().unwrap();
        assert!(n > 20 && n < 400, "{drawn}");
    }
    assert_eq!(
        drawn[3],
        json!((LINES).to_string()),
        "rows and the head row"
    );

    // Ctrl+Home holds the first lines; scrolled far down again, the
    // text area holds the lines there.
    page.key("Home", false, true);
    assert_eq!(held(&page).0, 0);
    scroll_editor_to(&page, 2000);
    page.wait(
        "const n = Number(document.querySelector('#editor textarea').dataset.firstLine);
               return n > 1000 && n < 2000;",
    );
    let (first, lines) = held(&page);
    assert!(first <= 1999 && 1999 < first + lines, "{first} {lines}");

    // An edit of line 2000 there.
    let at = page.js(
        "const t = document.querySelector('#editor textarea');
         const at = t.value.indexOf('0x7d0,');
         t.focus();
         t.setSelectionRange(at + 2, at + 5);
         t.setRangeText('abcde', at + 2, at + 5, 'end');
         t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: 'e'}));
         return at;",
        vec![],
    );
    assert!(at.as_i64().unwrap() > 0);
    wait_line(&page, 2000, "    IADD3 R1, R1, 0xabcde, RZ  // line 2000");
    wait_line(&page, 2001, "    IADD3 R1, R1, 0x7d1, RZ  // line 2001");
    // the listing's row of that line, once scrolled to it
    page.js(
        "const s = document.querySelector('.listing-pane .scroll');
         s.scrollTop = (1999 / 3000) * s.scrollHeight;
         return true;",
        vec![],
    );
    page.wait(
        "const r = document.querySelector('#listing tr[data-line=\"2000\"] .dis');
         return r !== null && r.textContent.includes('0xabcde');",
    );

    // Scrolled back to the top, the caret's lines are no longer held; a
    // key typed puts them back (and the view with them) before it types.
    scroll_editor_to(&page, 1);
    page.wait("return Number(document.querySelector('#editor textarea').dataset.firstLine) === 0;");
    page.key("x", false, false);
    let (first, lines) = held(&page);
    assert!(first <= 1999 && 1999 < first + lines, "{first} {lines}");
    let caret = page.js(
        "const t = document.querySelector('#editor textarea');
         return Number(t.dataset.firstLine) + t.value.slice(0, t.selectionStart).split('\\n').length;",
        vec![],
    );
    assert_eq!(caret, json!(2000), "the caret is back on its line");

    // Ctrl+Z and Ctrl+Y are the document's own in a long text.
    page.key("z", false, true);
    wait_line(&page, 2000, "    IADD3 R1, R1, 0x7d0, RZ  // line 2000");
    page.key("y", false, true);
    wait_line(&page, 2000, "    IADD3 R1, R1, 0xabcde, RZ  // line 2000");
    assert_eq!(page.page_errors(), json!([]));
}

/// A click on a listing row far from the lines held puts the caret on
/// that row's line; Ctrl+End and Ctrl+Home move the lines held to the
/// text's ends; Ctrl+A holds (and selects) the whole text.
#[test]
#[ignore = "needs the wasm bundle and Chromium"]
fn the_caret_goes_to_lines_not_held() {
    let page = open_long();
    page.key("Home", false, true);
    assert_eq!(held(&page).0, 0);
    page.js(
        "const s = document.querySelector('.listing-pane .scroll');
         s.scrollTop = s.scrollHeight;
         return true;",
        vec![],
    );
    page.wait("return document.querySelector('#listing tr[data-line=\"2990\"]') !== null;");
    page.click("#listing tr[data-line=\"2990\"]");
    page.wait(
        "const t = document.querySelector('#editor textarea');
               return Number(t.dataset.firstLine) === 2000;",
    );
    let caret_line = page.js(
        "const t = document.querySelector('#editor textarea');
         return Number(t.dataset.firstLine) + t.value.slice(0, t.selectionStart).split('\\n').length;",
        vec![],
    );
    assert_eq!(caret_line, json!(2990));

    page.js(
        "document.querySelector('#editor textarea').focus(); return true;",
        vec![],
    );
    page.key("Home", false, true);
    assert_eq!(held(&page).0, 0);
    page.key("End", false, true);
    assert_eq!(held(&page).0, LINES as u64 - SPAN);

    page.key("a", false, true);
    let sel = page.js(
        "const t = document.querySelector('#editor textarea');
         return [t.value.split('\\n').length, t.selectionStart, t.selectionEnd === t.value.length];",
        vec![],
    );
    assert_eq!(sel, json!([LINES, 0, true]));
    page.shot("long_program");
    assert_eq!(page.page_errors(), json!([]));
}

/// A step that branches three thousand lines down shows the next
/// instruction's row, in view, in a listing that draws only the rows in
/// view; and its line in the editor.
#[test]
#[ignore = "needs the wasm bundle and Chromium"]
fn a_step_far_down_shows_its_row() {
    let page = open_long();
    page.step();
    page.wait(
        "const r = document.querySelector('#listing tr.exec');
         if (r === null || r.dataset.line !== '3000') return false;
         const s = document.querySelector('.listing-pane .scroll').getBoundingClientRect();
         const b = r.getBoundingClientRect();
         return b.top >= s.top && b.bottom <= s.bottom;",
    );
    let drawn = page.js(
        "return document.querySelectorAll('#listing tbody tr[data-index]').length;",
        vec![],
    );
    assert!(drawn.as_u64().unwrap() < 400, "{drawn}");
    page.back();
    page.wait(
        "const r = document.querySelector('#listing tr.exec');
         return r !== null && r.dataset.index === '0';",
    );
    assert_eq!(page.page_errors(), json!([]));
}

/// With the second part of the wasm unreachable (offline after the page
/// came, a deploy in between), a long program is still assembled, edited
/// and stepped: it is assembled whole, without the incremental
/// assembler that waits in that part, and nothing throws.
#[test]
#[ignore = "needs the wasm bundle and Chromium"]
fn a_long_text_works_without_the_second_part() {
    let page = Page::open_blocking(1366, 900, None, Some(xtask::split::REST_FILE));
    paste_all(&page, &program());
    page.wait(&format!(
        "const h = document.querySelector('.listing-pane .pane-info');
         return h && h.textContent.includes('{}') && document.querySelector('#listing').dataset.stale === 'false';",
        LINES - 1
    ));
    page.js(
        "const t = document.querySelector('#editor textarea');
         const at = t.value.indexOf('0xbb6,');
         t.setRangeText('0xfff', at, at + 5, 'end');
         t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText', data: 'f'}));
         return true;",
        vec![],
    );
    page.wait(
        "const s = document.querySelector('.listing-pane .scroll');
         s.scrollTop = s.scrollHeight;
         const r = document.querySelector('#listing tr[data-line=\"2998\"] .dis');
         return r !== null && r.textContent.includes('0xfff');",
    );
    page.step();
    page.wait("const r = document.querySelector('#listing tr.exec'); return r !== null && r.dataset.line === '3000';");
    assert_eq!(
        page.js("return window.__warpscopeRest || null;", vec![]),
        json!(null)
    );
    assert_eq!(page.page_errors(), json!([]));
}
