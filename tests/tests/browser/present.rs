//! Browser tests of presentation mode on a 1280×720 projector: a link
//! with `present=1` opens it, the keys a presentation clicker sends step
//! and step back with real key presses, the line that runs next stays in
//! the editor's view, the diagram's lane labels and values are drawn at
//! least 18 px high and the code at least 22 px, the page never scrolls
//! sideways, and the Present button, Alt+P and Esc turn the mode off
//! and on.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored present::`
//! after `cargo xtask build`; the screenshot goes to
//! `target/e2e/present_1280.png`.

use crate::browser_util::Page;
use serde_json::json;
use warpscope_core::examples::w128_example;
use warpscope_core::link::{encode_link, LinkState};

/// Opens a 1280×720 screen on a fresh page at a link to `example` with
/// `present=1`.
fn open_presenting(example: &str) -> Page {
    let page = Page::open(1280, 800);
    page.emulate(1280, 720, 1.0, false);
    let ex = w128_example(example).unwrap_or_else(|| panic!("example {example}"));
    let mut state = LinkState::new("w128", ex.source);
    state.view = vec![("present".into(), "1".into())];
    let url = format!("{}/?present#{}", page.url(), encode_link(&state));
    page.browser.open_app(&url).expect("the app mounts");
    page.wait(
        "return document.querySelector('#app-root[data-present=\"true\"] .diagram-pane') !== null;",
    );
    page
}

fn press(page: &Page, chords: &[&[&str]]) {
    page.browser.press(chords).expect("keys pressed");
}

/// Waits until the step counter says `n`.
fn wait_steps(page: &Page, n: u64) {
    page.wait(&format!(
        "return document.querySelector('#run-status .steps').textContent === 'step {n}';"
    ));
}

/// Whether the page is in presentation mode.
fn presenting(page: &Page) -> bool {
    page.js(
        "return document.querySelector('#app-root').dataset.present === 'true';",
        vec![],
    ) == json!(true)
}

/// The smallest height, in screen pixels, at which the diagram draws a
/// lane label or a lane's value (one-line cell texts and lane numbers):
/// the text's computed size in drawing units times the drawing's scale.
fn smallest_diagram_text(page: &Page) -> f64 {
    page.js(
        "const svg = document.querySelector('#diagram svg');
         const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
         const texts = Array.from(svg.querySelectorAll('.cell text, .lane-numbers text'))
             .filter(t => t.querySelector('tspan') === null);
         if (texts.length < 32) return -texts.length;
         return Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale));",
        vec![],
    )
    .as_f64()
    .expect("a size")
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_clicker_steps_through_a_presentation_at_1280x720() {
    let page = open_presenting("butterfly_sum");
    assert_eq!(page.steps(), 0);
    // What a clicker sends: → and PageDown, ten times.
    for _ in 0..5 {
        press(&page, &[&["ArrowRight"]]);
        press(&page, &[&["PageDown"]]);
    }
    wait_steps(&page, 10);
    assert_eq!(
        page.js(
            "return document.querySelector('#run-status .steps').textContent;",
            vec![]
        ),
        json!("step 10")
    );
    // The next instruction's line is inside the editor's visible box.
    page.wait(
        "const bx = document.querySelector('#editor').getBoundingClientRect();
         const l = document.querySelector('#editor .code .line-bg.exec');
         if (!l) return false;
         const r = l.getBoundingClientRect();
         return r.height > 0 && r.top >= bx.top && r.bottom <= bx.bottom;",
    );
    let exec_line = page.js(
        "return Number(document.querySelector('#editor .code .line-bg.exec').dataset.line);",
        vec![],
    );
    assert_eq!(exec_line, json!(23), "EXIT runs next, on the last line");

    // Step 10 is an IADD3 whose values have four digits (1520).
    page.wait("return document.querySelector('#diagram[data-kind=\"plain\"]') !== null;");
    let plain = smallest_diagram_text(&page);
    assert!(plain >= 18.0, "diagram text drawn at {plain} px");
    let code = page.js(
        "return [document.querySelector('#editor .hl'), document.querySelector('#editor textarea')]
             .map(e => parseFloat(getComputedStyle(e).fontSize));",
        vec![],
    );
    for size in code.as_array().unwrap() {
        assert!(size.as_f64().unwrap() >= 22.0, "code at {size} px");
    }
    let sideways = page.js(
        "return [document.scrollingElement.scrollWidth, window.innerWidth];",
        vec![],
    );
    assert!(
        sideways[0].as_f64() <= sideways[1].as_f64(),
        "the page scrolls sideways: {sideways}"
    );
    page.shot("present_1280");

    // ← goes back to the last shuffle, drawn as large.
    press(&page, &[&["ArrowLeft"]]);
    wait_steps(&page, 9);
    page.wait("return document.querySelector('#diagram[data-kind=\"shfl\"]') !== null;");
    let shfl = smallest_diagram_text(&page);
    assert!(shfl >= 18.0, "shuffle diagram text drawn at {shfl} px");
    page.shot("present_1280_shfl");
    // Space steps, PageUp and Shift+Space step back.
    press(&page, &[&[" "]]);
    wait_steps(&page, 10);
    press(&page, &[&["PageUp"]]);
    wait_steps(&page, 9);
    press(&page, &[&["Shift", " "]]);
    wait_steps(&page, 8);
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn present_in_a_link_turns_the_mode_on_and_the_toggle_off() {
    let page = open_presenting("butterfly_sum");
    assert!(presenting(&page));
    assert_eq!(
        page.js(
            "return [document.querySelector('#btn-present').getAttribute('aria-pressed'),
                     document.querySelector('#listing') === null,
                     document.querySelector('#grid') === null,
                     document.querySelector('[role=tablist]') === null,
                     document.querySelector('#btn-puzzles') === null];",
            vec![]
        ),
        json!(["true", true, true, true, true])
    );
    // Keys typed in the editor stay the editor's: no step, no way out.
    page.js(
        "document.querySelector('#editor textarea').focus(); return true;",
        vec![],
    );
    press(&page, &[&["ArrowRight"], &["PageDown"], &["Escape"]]);
    assert_eq!(page.steps(), 0);
    assert!(presenting(&page));

    // The toggle turns it off: the full page is back, with its panes.
    page.click("#btn-present");
    page.wait("return document.querySelector('#app-root').dataset.present === undefined && document.querySelector('#listing') !== null;");
    assert_eq!(
        page.js(
            "return document.querySelector('#btn-present').getAttribute('aria-pressed');",
            vec![]
        ),
        json!("false")
    );
    // Outside presentation mode → does not step.
    page.js("document.activeElement.blur(); return true;", vec![]);
    press(&page, &[&["ArrowRight"]]);
    assert_eq!(page.steps(), 0);

    // Alt+P turns it on, Esc turns it off.
    press(&page, &[&["Alt", "p"]]);
    page.wait("return document.querySelector('#app-root').dataset.present === 'true';");
    press(&page, &[&["Escape"]]);
    page.wait("return document.querySelector('#app-root').dataset.present === undefined;");
    // The focus is on the Present button, not lost to the page.
    page.wait("return document.activeElement && document.activeElement.id === 'btn-present';");
    assert_eq!(page.page_errors(), json!([]));
}
