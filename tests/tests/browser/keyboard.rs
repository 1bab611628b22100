//! The playground driven by the keyboard alone, with real (trusted) key
//! presses: load an example from the menu, indent in the editor, leave it
//! with Esc and Tab, set a breakpoint with F9, run to it, step back, switch
//! tabs with the arrow keys, and open and close the Keys dialog. The run
//! status is checked in the live region a screen reader announces.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored keyboard::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::json;
use warpscope_core::examples::w128_examples;

fn press(page: &Page, chords: &[&[&str]]) {
    page.browser.press(chords).expect("keys pressed");
}

/// Whether the focused element matches `css`.
fn focused(page: &Page, css: &str) -> bool {
    page.js(
        "return document.activeElement !== null && document.activeElement.matches(arguments[0]);",
        vec![json!(css)],
    ) == json!(true)
}

/// Presses Tab (or Shift+Tab) until the focus is on `css`, passing
/// through the editor as a user does (Esc first).
fn tab_to(page: &Page, css: &str, back: bool) {
    for _ in 0..60 {
        if focused(page, css) {
            return;
        }
        if focused(page, "#editor textarea") {
            // Tab indents in the editor; Esc lets it move the focus.
            press(page, &[&["Escape"]]);
        }
        if back {
            press(page, &[&["Shift", "Tab"]]);
        } else {
            press(page, &[&["Tab"]]);
        }
    }
    let at = page.js(
        "const e = document.activeElement; return e ? e.outerHTML.slice(0, 120) : null;",
        vec![],
    );
    panic!("Tab never reached {css}; the focus is on {at}");
}

/// The live region's text.
fn announced(page: &Page) -> String {
    page.js(
        "return document.querySelector('#run-announce[aria-live=\"polite\"]').textContent;",
        vec![],
    )
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// The selected tab: (its label, the panel's tab, whether it has the focus,
/// the tabs' tabindex values).
fn tab_state(page: &Page) -> serde_json::Value {
    page.js(
        "const sel = Array.from(document.querySelectorAll('[role=tablist] [role=tab]'));
         const on = sel.filter(t => t.getAttribute('aria-selected') === 'true');
         const panel = document.querySelector('[role=tabpanel]');
         return [on.map(t => t.dataset.tab).join(','), panel.dataset.tab,
                 on.length === 1 && document.activeElement === on[0],
                 sel.map(t => t.tabIndex).join(','),
                 panel.id === on[0].getAttribute('aria-controls') && panel.getAttribute('aria-labelledby') === on[0].id];",
        vec![],
    )
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn the_playground_works_by_keyboard_alone() {
    let page = Page::open(1280, 800);
    let ex = &w128_examples()[0];
    assert_eq!(ex.id, "special_registers");

    // The examples menu: Tab to it; Down only moves the choice (nothing
    // is loaded on an arrow key), Enter loads the example chosen.
    let before = page.source();
    tab_to(&page, "#examples", false);
    press(&page, &[&["ArrowDown"]]);
    press(&page, &[&["ArrowDown"]]);
    press(&page, &[&["ArrowUp"]]);
    press(&page, &[&["s"]]);
    std::thread::sleep(std::time::Duration::from_millis(400));
    assert_eq!(page.source(), before, "an arrow key loaded an example");
    assert_eq!(
        page.js("return document.querySelector('#examples').value;", vec![]),
        json!(ex.id)
    );
    press(&page, &[&["Enter"]]);
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {} && document.querySelector('#listing').dataset.stale === 'false';",
        json!(ex.source)
    ));
    assert!(announced(&page).starts_with("step 0"));

    // Into the editor; Tab indents there.
    tab_to(&page, "#editor textarea", false);
    let mut to_line_25: Vec<&[&str]> = vec![&["Control", "Home"]];
    to_line_25.extend(std::iter::repeat_n(&["ArrowDown"][..], 24));
    press(&page, &to_line_25);
    press(&page, &[&["Tab"]]);
    assert!(
        focused(&page, "#editor textarea"),
        "Tab stays in the editor"
    );
    page.wait("return document.querySelector('#editor textarea').value.split('\\n')[24].startsWith('        VOTE.ANY');");

    // F9 toggles a breakpoint on the caret's line, Ctrl+B too.
    press(&page, &[&["F9"]]);
    page.wait("return document.querySelector('.gutter-line[data-line=\"25\"]').dataset.breakpoint === 'true';");
    press(&page, &[&["Control", "b"]]);
    page.wait("return document.querySelector('.gutter-line[data-line=\"25\"]').dataset.breakpoint === 'false';");
    press(&page, &[&["F9"]]);
    page.wait("return document.querySelector('.gutter-line[data-line=\"25\"]').dataset.breakpoint === 'true' && document.querySelector('#listing').dataset.stale === 'false';");

    // F5 runs to the breakpoint: six instructions ran, VOTE.ANY is next.
    press(&page, &[&["F5"]]);
    page.wait("return document.querySelector('#run-status').dataset.steps === '6';");
    page.wait(
        "return document.querySelector('#editor .code .line-bg.exec[data-line=\"25\"]') !== null;",
    );
    assert_eq!(
        announced(&page),
        "step 6, line 24, ISETP.NE.AND, 32 lanes took part"
    );
    press(&page, &[&["Shift", "F10"]]);
    page.wait("return document.querySelector('#run-status').dataset.steps === '5';");
    assert_eq!(
        announced(&page),
        "step 5, line 23, LOP3.LUT, 32 lanes took part"
    );
    press(&page, &[&["F10"], &["F10"]]);
    page.wait("return document.querySelector('#run-status').dataset.steps === '7';");
    assert_eq!(
        announced(&page),
        "step 7, line 25, VOTE.ANY, 32 lanes took part"
    );

    // Esc, then Tab leaves the editor, and the text is as it was.
    let text = page.source();
    press(&page, &[&["Escape"], &["Tab"]]);
    assert!(!focused(&page, "#editor textarea"), "Tab left the editor");
    assert_eq!(page.source(), text);

    // The tabs: one Tab stop, the arrows, Home and End move between them.
    tab_to(&page, "[role=tab][aria-selected=true]", false);
    assert_eq!(
        tab_state(&page),
        json!(["Lanes", "Lanes", true, "0,-1,-1", true])
    );
    press(&page, &[&["ArrowRight"]]);
    page.wait("return document.querySelector('[role=tabpanel]').dataset.tab === 'Encoding';");
    assert_eq!(
        tab_state(&page),
        json!(["Encoding", "Encoding", true, "-1,0,-1", true])
    );
    press(&page, &[&["End"]]);
    page.wait("return document.querySelector('[role=tabpanel]').dataset.tab === 'Reference';");
    assert_eq!(
        tab_state(&page),
        json!(["Reference", "Reference", true, "-1,-1,0", true])
    );
    press(&page, &[&["ArrowRight"]]);
    page.wait("return document.querySelector('[role=tabpanel]').dataset.tab === 'Lanes';");
    press(&page, &[&["ArrowLeft"]]);
    page.wait("return document.querySelector('[role=tabpanel]').dataset.tab === 'Reference';");
    press(&page, &[&["Home"]]);
    page.wait("return document.querySelector('[role=tabpanel]').dataset.tab === 'Lanes';");
    assert_eq!(
        tab_state(&page),
        json!(["Lanes", "Lanes", true, "0,-1,-1", true])
    );

    // The Keys dialog: Enter opens it with the focus inside, Tab keeps
    // the focus inside, Esc closes it and the focus goes back.
    tab_to(&page, "#btn-keys", true);
    press(&page, &[&["Enter"]]);
    page.wait("const d = document.querySelector('#keys-dialog[role=dialog][aria-modal=true]'); return d.open && d.contains(document.activeElement);");
    assert!(page
        .js(
            "return document.querySelector('#keys-dialog').textContent;",
            vec![]
        )
        .as_str()
        .unwrap()
        .contains("F9 / Ctrl+B"));
    page.shot("keys_dialog");
    press(&page, &[&["Tab"], &["Tab"], &["Shift", "Tab"]]);
    assert!(
        focused(&page, "#keys-dialog, #keys-dialog *"),
        "focus trapped"
    );
    press(&page, &[&["Escape"]]);
    page.wait("return !document.querySelector('#keys-dialog').open;");
    assert!(focused(&page, "#btn-keys"), "focus back on Keys");
    // A click outside closes it too.
    press(&page, &[&["Enter"]]);
    page.wait("return document.querySelector('#keys-dialog').open;");
    page.click("#keys-dialog");
    page.wait("return !document.querySelector('#keys-dialog').open;");
    assert_eq!(page.steps(), 7, "no key reached the run controls");
    assert_eq!(page.page_errors(), json!([]));
}

/// The History menu's entries (first lines) and which has the focus.
fn history_state(page: &Page) -> (Vec<String>, Option<usize>) {
    let v = page.js(
        "const items = Array.from(document.querySelectorAll('#history-menu .history-open'));
         return [items.map(i => i.querySelector('.history-first').textContent),
                 items.indexOf(document.activeElement)];",
        vec![],
    );
    let lines = v[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().to_string())
        .collect();
    let at = v[1].as_i64().unwrap();
    (lines, usize::try_from(at).ok())
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn the_history_menu_works_by_keyboard() {
    let page = Page::open(1280, 720);
    page.set_source("// mine: first\n    EXIT\n");
    page.choose("#examples", "broadcast");
    page.wait("return document.querySelector('#editor textarea').value.startsWith('// Title');");
    page.set_source("// mine: second\n    EXIT\n");
    std::thread::sleep(std::time::Duration::from_millis(600));

    // Enter opens it with the focus on the newest entry.
    tab_to(&page, "#btn-history", false);
    press(&page, &[&["Enter"]]);
    page.wait("return document.querySelectorAll('#history-menu .history-open').length >= 2 && document.activeElement.matches('#history-menu .history-open');");
    let (lines, at) = history_state(&page);
    assert_eq!(at, Some(0), "{lines:?}");
    assert!(lines.iter().any(|l| l == "// mine: first"), "{lines:?}");
    let n = lines.len();

    // Down, Up (wrapping), End, Home.
    press(&page, &[&["ArrowDown"]]);
    assert_eq!(history_state(&page).1, Some(1));
    press(&page, &[&["ArrowUp"]]);
    press(&page, &[&["ArrowUp"]]);
    assert_eq!(history_state(&page).1, Some(n - 1));
    press(&page, &[&["Home"]]);
    assert_eq!(history_state(&page).1, Some(0));
    press(&page, &[&["End"]]);
    assert_eq!(history_state(&page).1, Some(n - 1));

    // Esc closes it and gives the focus back to the button.
    press(&page, &[&["Escape"]]);
    page.wait("return document.querySelector('#history-menu') === null;");
    page.wait("return document.activeElement && document.activeElement.id === 'btn-history';");

    // Delete deletes the focused entry; the focus stays in the menu.
    press(&page, &[&["Enter"]]);
    page.wait("return document.activeElement.matches('#history-menu .history-open');");
    press(&page, &[&["End"]]);
    let (before, _) = history_state(&page);
    press(&page, &[&["Delete"]]);
    page.wait(&format!(
        "return document.querySelectorAll('#history-menu .history-open').length === {};",
        n - 1
    ));
    page.wait("return document.activeElement.matches('#history-menu .history-open');");
    let (after, _) = history_state(&page);
    assert_eq!(after[..], before[..n - 1]);

    // Opening an entry closes the menu; the focus is on the button again.
    press(&page, &[&["Enter"]]);
    page.wait("return document.querySelector('#history-menu') === null;");
    page.wait("return document.activeElement && document.activeElement.id === 'btn-history';");
    assert_eq!(page.page_errors(), json!([]));
}

/// The listing's rows, the lane numbers and the instruction's bits by
/// keyboard alone: the arrow keys move the row selection (and the editor's
/// caret), Space toggles a lane in `.active`, and in the Encoding tab the
/// arrow keys move along the bits and Space flips one.
#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn rows_lanes_and_bits_work_by_keyboard() {
    let page = Page::open(1280, 800);
    page.set_source(".init R0 = lane\n    MOV R1, R0\n    IADD3 R2, R0, R1, RZ\n    EXIT\n");
    page.wait("return document.querySelectorAll('#listing tbody tr[data-index]').length === 3;");
    // The listing: Home selects the first row, Down the next ones.
    tab_to(&page, ".listing-pane .scroll", false);
    press(&page, &[&["Home"]]);
    page.wait("const r = document.querySelector('#listing tr.selected'); return r !== null && r.dataset.index === '0';");
    press(&page, &[&["ArrowDown"]]);
    press(&page, &[&["ArrowDown"]]);
    page.wait("const r = document.querySelector('#listing tr.selected'); return r !== null && r.dataset.index === '2';");
    press(&page, &[&["ArrowUp"]]);
    page.wait("const r = document.querySelector('#listing tr.selected'); return r !== null && r.dataset.index === '1';");
    press(&page, &[&["End"]]);
    page.wait("const r = document.querySelector('#listing tr.selected'); return r !== null && r.dataset.index === '2';");
    assert!(
        focused(&page, ".listing-pane .scroll"),
        "the focus stays on the listing"
    );
    // The lane numbers: one Tab stop; Right moves, Space toggles.
    tab_to(&page, "#grid th.lane-head[data-lane=\"0\"]", false);
    press(&page, &[&["ArrowRight"], &["ArrowRight"], &["ArrowRight"]]);
    assert!(focused(&page, "#grid th.lane-head[data-lane=\"3\"]"));
    press(&page, &[&[" "]]);
    page.wait(
        "return document.querySelector('#editor textarea').value.includes('.active 0xfffffff7');",
    );
    page.wait("return document.querySelector('#grid th.lane-head[data-lane=\"3\"]').dataset.state === 'off';");
    // The instruction's bits: the cursor starts on the top bit; Right
    // moves it down to bit 124, Space flips it, Apply appears.
    page.click("#listing tbody tr[data-index=\"1\"]");
    page.tab("Encoding");
    page.wait("return document.querySelector('#inst-bits') !== null;");
    let word = page.bitfield_word();
    tab_to(&page, "#inst-bits", false);
    assert_eq!(
        page.js(
            "return document.querySelector('#bit-cursor').dataset.bit;",
            vec![]
        ),
        json!("127")
    );
    press(&page, &[&["ArrowRight"], &["ArrowRight"], &["ArrowRight"]]);
    assert_eq!(
        page.js(
            "return document.querySelector('#bit-cursor').dataset.bit;",
            vec![]
        ),
        json!("124")
    );
    press(&page, &[&[" "]]);
    page.wait("return document.querySelector('#bf-apply') !== null;");
    assert_eq!(page.bitfield_word(), word ^ (1u128 << 124));
    page.shot("keyboard_bits");
}
