//! Browser tests of puzzle mode: solving a puzzle from the list (a wrong
//! attempt, stepping its failing case, the fix), progress that survives a
//! reload, hints, the guarded reference solution and puzzle links. The
//! expected cases come from warpscope-core's checker.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored puzzles::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::json;
use warpscope_core::puzzle::{self, check, link};

const ID: &str = "aggregated_atomic";
/// Takes lane 0 for the leader: wrong when lane 0 is inactive.
const WRONG: &str = "    S2R R4, SR_LANEID\n    ISETP.EQ.AND P0, PT, R4, RZ, PT\n    REDUX.SUM R2, R0\n@P0 MOV R1, R2\n    EXIT\n";

fn origin(page: &Page) -> String {
    page.js("return location.origin;", vec![])
        .as_str()
        .unwrap()
        .to_string()
}

fn count(page: &Page, css: &str) -> u64 {
    page.js(
        "return document.querySelectorAll(arguments[0]).length;",
        vec![json!(css)],
    )
    .as_u64()
    .unwrap()
}

fn attr(page: &Page, css: &str, name: &str) -> String {
    page.js(
        "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;",
        vec![json!(css), json!(name)],
    )
    .as_str()
    .unwrap_or_else(|| panic!("no {css}[{name}]"))
    .to_string()
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn check_grades_what_the_editor_holds_for_the_puzzles_isa() {
    let p = puzzle::bundled(ID).unwrap();
    assert_eq!(p.isa, "w128");
    let page = Page::open(1400, 950);
    page.click("#btn-puzzles");
    page.wait("return document.querySelector('#puzzles[data-view=\"list\"]') !== null;");
    page.click(&format!(".pz-item[data-id=\"{ID}\"]"));
    page.wait(&format!(
        "return document.querySelector('#puzzles[data-puzzle=\"{ID}\"]') !== null;"
    ));
    page.set_source(&p.solution);
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result[data-pass=\"true\"]') !== null;");
    assert_eq!(count(&page, "#pz-stale"), 0);

    // The editor switched to gfx9: the pass is marked as about an earlier
    // program, and Check does not grade the text as w128.
    page.choose("#isa", "gfx9");
    page.wait(
        "return document.querySelector('#pz-stale #pz-result[data-pass=\"true\"]') !== null;",
    );
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result[data-checked=\"false\"]') !== null;");
    assert_eq!(attr(&page, "#pz-result", "data-pass"), "false");
    assert_eq!(count(&page, "#pz-stale"), 0);
    let said = page
        .js(
            "return document.querySelector('#pz-result').textContent;",
            vec![],
        )
        .as_str()
        .unwrap()
        .to_string();
    assert!(said.contains("gfx9") && said.contains("w128"), "{said}");
    assert_eq!(page.source(), p.solution, "the text stays");

    // Back on w128 the same text passes again; an edit marks it earlier.
    page.choose("#isa", "w128");
    page.wait("return document.querySelector('#pz-stale') !== null;");
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result[data-pass=\"true\"]') !== null && !document.querySelector('#pz-stale');");
    page.set_source(WRONG);
    page.wait(
        "return document.querySelector('#pz-stale #pz-result[data-pass=\"true\"]') !== null;",
    );
    page.shot("puzzle_result_for_an_earlier_program");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn solve_a_puzzle_step_its_failing_case_and_keep_the_progress() {
    let p = puzzle::bundled(ID).unwrap();
    let page = Page::open(1400, 950);
    page.click("#btn-puzzles");
    page.wait("return document.querySelector('#puzzles[data-view=\"list\"]') !== null;");
    assert_eq!(
        count(&page, ".pz-item"),
        puzzle::bundled_texts().len() as u64
    );
    page.click(&format!(".pz-item[data-id=\"{ID}\"]"));
    page.wait(&format!(
        "return document.querySelector('#puzzles[data-puzzle=\"{ID}\"]') !== null;"
    ));
    assert_eq!(page.source(), p.starter, "the starter code is loaded");

    // Hints come one at a time; the solution needs a confirmation.
    page.click("#pz-hint");
    page.wait("return document.querySelectorAll('#pz-hints li').length === 1;");
    page.click("#pz-solution");
    page.wait("return document.querySelector('#pz-confirm') !== null;");
    assert_eq!(count(&page, "#pz-solution-text"), 0);
    page.click("#pz-confirm-no");
    page.wait("return document.querySelector('#pz-confirm') === null;");
    assert_eq!(count(&page, "#pz-solution-text"), 0);

    // A wrong attempt fails on the case core says, with its wrong lanes.
    let expected = check::check(&p, WRONG).unwrap();
    let failure = expected.failure().expect("the attempt is wrong");
    page.set_source(WRONG);
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result[data-pass=\"false\"]') !== null;");
    assert_eq!(
        attr(&page, "#pz-result", "data-case"),
        failure.case.number.to_string()
    );
    let wrong = failure.wrong_lanes();
    assert_eq!(
        attr(&page, "#pz-result", "data-wrong"),
        format!("{wrong:#010x}")
    );
    assert_eq!(
        count(&page, ".pz-lane.wrong"),
        u64::from(wrong.count_ones())
    );
    assert_eq!(
        attr(&page, ".pz-lane.wrong", "data-lane"),
        wrong.trailing_zeros().to_string()
    );
    page.shot("puzzle_failing_case");
    // The wrong values are shown in the format the lanes use, and follow
    // it when it changes.
    let o = failure
        .outputs
        .iter()
        .find(|o| o.wrong != 0)
        .expect("a wrong output");
    let l = if o.expected.len() == 32 {
        o.wrong.trailing_zeros() as usize
    } else {
        0
    };
    let cells = "return Array.from(document.querySelectorAll('.pz-diff tr:nth-child(2) td')).slice(2).map(td => td.textContent);";
    assert_eq!(
        page.js(cells, vec![]),
        json!([o.expected[l].to_string(), o.actual[l].to_string()])
    );
    page.click(".grid-pane .fmt-toggle [data-fmt=\"hex\"]");
    page.wait(&format!(
        "return document.querySelector('.pz-diff tr:nth-child(2) td:nth-child(3)').textContent === {};",
        json!(format!("{:x}", o.expected[l]))
    ));
    page.click(".grid-pane .fmt-toggle [data-fmt=\"u32\"]");

    // One click loads the case; stepping it shows its input in the lanes.
    page.click("#pz-load-case");
    let case_text = failure.case.program_text(WRONG);
    page.wait("return document.querySelector('#editor textarea').value.startsWith('// case ');");
    assert_eq!(page.source(), case_text);
    page.tab("Lanes");
    page.step();
    page.step();
    page.step();
    let lane = wrong.trailing_zeros() as usize;
    let r0 = page.grid_reg("R0");
    assert_eq!(r0[lane], u64::from(failure.case.inputs[0].values[lane]));

    // The fix, typed under the case's setup lines, passes.
    let fixed = case_text.replace(
        "    S2R R4, SR_LANEID\n    ISETP.EQ.AND P0, PT, R4, RZ, PT\n",
        "    ELECT P0, R4, PT\n",
    );
    assert!(check::check(&p, &fixed).unwrap().passed());
    page.set_source(&fixed);
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result[data-pass=\"true\"]') !== null;");
    page.wait("return document.querySelector('#puzzles[data-solved=\"true\"]') !== null;");
    page.shot("puzzle_passed");

    // A reload keeps puzzle mode, the puzzle and its progress.
    page.browser
        .open_app(&format!("{}/", origin(&page)))
        .expect("the app mounts again");
    page.wait(&format!(
        "return document.querySelector('#puzzles[data-puzzle=\"{ID}\"][data-solved=\"true\"]') !== null;"
    ));
    page.click("#pz-back");
    page.wait("return document.querySelector('#puzzles[data-view=\"list\"]') !== null;");
    assert_eq!(
        attr(&page, &format!(".pz-item[data-id=\"{ID}\"]"), "data-solved"),
        "true"
    );
    let progress = page.js(
        "return document.querySelector('#pz-progress').textContent;",
        vec![],
    );
    assert_eq!(
        progress,
        json!(format!("1 of {} solved", puzzle::bundled_texts().len()))
    );
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn a_link_carries_a_lecturers_puzzle_and_an_attempt() {
    let text = "\
id = copy_lane
title = Copy R0 to R1
teaches = MOV
isa = w128

[statement]
Copy `R0` into `R1`.

[input R0]
special = 1, 2

[output R1]

[hint]
`MOV`.

[solution]
    MOV R1, R0
    EXIT
";
    let attempt = "    MOV R1, RZ\n    EXIT\n";
    let fragment = link::encode_puzzle_link(text, Some(attempt));
    let page = Page::open(1400, 950);
    // Opened while the page runs (a fragment change)...
    page.js(
        "location.hash = arguments[0]; return true;",
        vec![json!(fragment)],
    );
    page.wait("return document.querySelector('#puzzles[data-puzzle=\"copy_lane\"]') !== null;");
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {};",
        json!(attempt)
    ));
    // ... and as a new page.
    page.browser
        .open_app(&format!("{}/?fresh#{fragment}", origin(&page)))
        .expect("the app mounts");
    page.wait("return document.querySelector('#puzzles[data-puzzle=\"copy_lane\"]') !== null;");
    assert_eq!(page.source(), attempt);
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result[data-pass=\"false\"]') !== null;");
    page.click("#pz-solution");
    page.click("#pz-confirm-yes");
    page.wait("return document.querySelector('#pz-use-solution') !== null;");
    page.click("#pz-use-solution");
    page.wait("return document.querySelector('#editor textarea').value.includes('MOV R1, R0');");
    page.click("#pz-check");
    page.wait("return document.querySelector('#pz-result[data-pass=\"true\"]') !== null;");
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn puzzles_that_cannot_be_read_say_why() {
    // The playground reads the bundled puzzles from a file next to the
    // bundle (fetched with the rest of the wasm, or at once when the panel
    // needs them first); when that file cannot be read, the panel says so
    // instead of showing an empty list.
    let root = xtask::built_root();
    let server = xtask::server::Server::start(&root, 0).expect("static server starts");
    let b = xtask::webdriver::Browser::start(1280, 800).expect("chromium starts");
    b.block(puzzle::BUNDLED_FILE).expect("blocking");
    b.open_app(&server.url()).expect("the app mounts");
    let wait = std::time::Duration::from_secs(20);
    b.wait_for("return window.__warpscopeRest === 'fetched';", wait)
        .expect("the rest arrives");
    b.eval(
        "document.querySelector('#btn-puzzles').click(); return 1;",
        vec![],
    )
    .unwrap();
    b.wait_for(
        "return document.querySelector('#puzzles .pz-error') !== null;",
        wait,
    )
    .expect("the panel says why");
    let said = b
        .eval(
            "return document.querySelector('#puzzles .pz-error').textContent;",
            vec![],
        )
        .unwrap();
    assert!(
        said.as_str()
            .unwrap()
            .starts_with("The puzzles could not be loaded: "),
        "{said}"
    );
    let items = b
        .eval(
            "return [document.querySelectorAll('.pz-item').length, document.querySelector('#pz-progress') === null];",
            vec![],
        )
        .unwrap();
    assert_eq!(items, json!([0, true]), "no list, and no \"0 of 0 solved\"");
    // Retry reads the file again: still blocked, it says why again; once
    // the file can be had, the list appears.
    b.eval(
        "document.querySelector('#pz-retry').click(); return 1;",
        vec![],
    )
    .unwrap();
    b.wait_for(
        "const r = document.querySelector('#pz-retry'); return r !== null && !r.disabled;",
        wait,
    )
    .expect("a failed retry offers Retry again");
    b.cdp("Network.setBlockedURLs", json!({ "urls": [] }))
        .expect("unblocking");
    b.eval(
        "document.querySelector('#pz-retry').click(); return 1;",
        vec![],
    )
    .unwrap();
    b.wait_for(
        "return document.querySelectorAll('.pz-item').length > 5 && document.querySelector('.pz-error') === null && /^0 of \\d+ solved$/.test(document.querySelector('#pz-progress').textContent.trim());",
        wait,
    )
    .expect("the list after a retry");
}
