//! Browser tests of running a warp: step, step back, breakpoints, the
//! lane grid and the lane diagrams. The page is driven step by step next to
//! a `warpscope_core::sim::Sim` of the same program (what `warpscope run
//! --json` reports), and every arrow, ballot bit and grid cell is compared
//! with it from the DOM's data attributes.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored lanes::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::{json, Value};
use warpscope_core::asm;
use warpscope_core::examples::w128_example;
use warpscope_core::isas;
use warpscope_core::sim::{EventDetail, LaunchConfig, Loc, Sim, StepEvent};

fn load(page: &Page, id: &str) -> Sim {
    let ex = w128_example(id).unwrap_or_else(|| panic!("example {id}"));
    page.choose("#examples", id);
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {} && document.querySelector('#listing').dataset.stale === 'false' && Number(document.querySelector('#run-status').dataset.steps) === 0;",
        json!(ex.source)
    ));
    let isa = isas::w128();
    let prog = asm::assemble(isa, ex.source).expect("example assembles");
    Sim::new(isa, &prog, LaunchConfig::default())
}

/// Every per-lane register row of the grid equals the simulator's state.
fn assert_grid(page: &Page, sim: &Sim) {
    for loc in sim.touched_registers() {
        match *loc {
            Loc::R(n) => {
                let want: Vec<u64> = sim.state().reg(n).iter().map(|&v| v as u64).collect();
                assert_eq!(
                    page.grid_reg(&format!("R{n}")),
                    want,
                    "R{n} at step {}",
                    sim.steps()
                );
            }
            Loc::P(n) => {
                let m = sim.state().pred(n);
                let want: Vec<u64> = (0..32).map(|l| (m >> l & 1) as u64).collect();
                assert_eq!(
                    page.grid_reg(&format!("P{n}")),
                    want,
                    "P{n} at step {}",
                    sim.steps()
                );
            }
            _ => {}
        }
    }
}

/// Arrows drawn for a SHFL: (src, dst, valid, undef), sorted by dst.
fn arrows(page: &Page) -> Vec<(u64, u64, bool, bool)> {
    let v = page.js(
        "return Array.from(document.querySelectorAll('#diagram [data-dst]')).map(a =>
            [Number(a.dataset.src), Number(a.dataset.dst), a.dataset.valid === 'true', a.dataset.undef === 'true']);",
        vec![],
    );
    let mut out: Vec<_> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a[0].as_u64().unwrap(),
                a[1].as_u64().unwrap(),
                a[2].as_bool().unwrap(),
                a[3].as_bool().unwrap(),
            )
        })
        .collect();
    out.sort_by_key(|a| a.1);
    out
}

fn expected_arrows(ev: &StepEvent) -> Vec<(u64, u64, bool, bool)> {
    let EventDetail::Shfl {
        src_lane,
        valid,
        reads_inactive,
        ..
    } = &ev.detail
    else {
        panic!("not a SHFL");
    };
    (0..32)
        .filter(|l| ev.lanes >> l & 1 == 1)
        .map(|l| {
            (
                src_lane[l] as u64,
                l as u64,
                valid >> l & 1 == 1,
                reads_inactive >> l & 1 == 1,
            )
        })
        .collect()
}

fn diagram_kind(page: &Page) -> Value {
    page.js(
        "const d = document.querySelector('#diagram'); return d && d.dataset.kind;",
        vec![],
    )
}

/// Steps the page and the simulator together to the end, checking every
/// SHFL's arrows and the grid after each step. Returns the SHFL count.
fn walk_shuffles(page: &Page, sim: &mut Sim, shot: &str) -> usize {
    let mut shfls = 0;
    while let Some(ev) = sim.step() {
        page.step();
        page.wait(&format!(
            "const d = document.querySelector('#diagram'); return d && d.dataset.step === '{}';",
            ev.step
        ));
        assert_grid(page, sim);
        if matches!(ev.detail, EventDetail::Shfl { .. }) {
            assert_eq!(diagram_kind(page), json!("shfl"));
            let got = arrows(page);
            assert_eq!(got, expected_arrows(&ev), "SHFL arrows at step {}", ev.step);
            if shfls == 0 {
                page.shot(shot);
            }
            shfls += 1;
        }
    }
    shfls
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn shuffles_match_the_simulator_step_by_step() {
    let page = Page::open(1366, 900);

    // Butterfly sum: five SHFL.BFLY, every arrow as the simulator says.
    let mut sim = load(&page, "butterfly_sum");
    assert_grid(&page, &sim);
    let n = walk_shuffles(&page, &mut sim, "diagram_shfl_butterfly");
    assert_eq!(n, 5);
    page.wait("return document.querySelector('#run-status').dataset.status === 'exited';");
    page.shot("lanes_exited");

    // Step back restores the previous grid, step by step.
    for _ in 0..3 {
        assert!(sim.back());
        page.back();
        assert_grid(&page, &sim);
    }
    page.shot("lanes_after_back");

    // Segmented shuffles: invalid lanes (pu = false) keep their value.
    let mut sim = load(&page, "segmented");
    let n = walk_shuffles(&page, &mut sim, "diagram_shfl_segmented");
    assert_eq!(n, 5);
    // Back to the last SHFL.DOWN (width 16, b = 1): some lanes are invalid.
    while !matches!(diagram_kind(&page).as_str(), Some("shfl")) {
        page.back();
    }
    let got = arrows(&page);
    assert!(got.iter().any(|a| !a.2), "some lanes fail the segment test");
    assert!(got.iter().any(|a| a.2));
    // An invalid lane is drawn reading itself.
    assert!(got.iter().filter(|a| !a.2).all(|a| a.0 == a.1));
    page.shot("diagram_shfl_invalid");

    // Pointing at a lane of Rd highlights its arrow and the arrows that
    // read it, dims the others, and leaving the diagram clears both.
    let dst = got
        .iter()
        .find(|a| a.2 && a.0 != a.1)
        .expect("a valid arrow")
        .1;
    hover(
        &page,
        &format!("#diagram g.cell[data-row=\"dst\"][data-lane=\"{dst}\"] text"),
    );
    let lit = page.wait(
        "const hl = Array.from(document.querySelectorAll('#diagram path.arrow.hl'));
         return hl.length > 0 && hl.map(a => [Number(a.dataset.src), Number(a.dataset.dst)]);",
    );
    let want: Vec<[u64; 2]> = got
        .iter()
        .filter(|a| a.1 == dst || a.0 == dst)
        .map(|a| [a.0, a.1])
        .collect();
    assert_eq!(lit, json!(want));
    let cell = "#diagram g.cell[data-row=\"dst\"][data-lane]";
    let marked = page.js(
        &format!("return Array.from(document.querySelectorAll('{cell}.hl')).map(c => Number(c.dataset.lane));"),
        vec![],
    );
    assert_eq!(marked, json!([dst]));
    let dim = page.js(
        "return document.querySelectorAll('#diagram path.arrow.dim').length;",
        vec![],
    );
    assert_eq!(dim, json!(got.len() - want.len()));
    page.js(
        "document.querySelector('#diagram').dispatchEvent(new MouseEvent('mouseleave', {view: window}));",
        vec![],
    );
    page.wait("return document.querySelectorAll('#diagram .hl, #diagram .dim').length === 0;");
    assert_eq!(page.page_errors(), json!([]));
}

/// Moves the pointer onto the first element matching `css` (the
/// `mouseover` a real pointer sends, bubbling from that element).
fn hover(page: &Page, css: &str) {
    let ok = page.js(
        "const e = document.querySelector(arguments[0]);
         if (!e) return false;
         e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true, view: window}));
         return true;",
        vec![json!(css)],
    );
    assert_eq!(ok, json!(true), "nothing matches {css}");
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn vote_redux_match_elect_movm_diagrams() {
    let page = Page::open(1366, 900);

    // VOTE: the ballot bits drawn are the simulator's.
    let mut seen_vote = false;
    let sim = step_along(&page, "ballot_popc", |ev| {
        if let EventDetail::Vote { ballot, result, .. } = ev.detail {
            wait_diagram(&page, "vote");
            let bits = page.js(
                "return Array.from(document.querySelectorAll('#diagram [data-row=\"ballot\"][data-lane]')).map(c => Number(c.dataset.value));",
                vec![],
            );
            let want: Vec<u32> = (0..32).map(|l| ballot >> l & 1).collect();
            assert_eq!(bits, json!(want));
            let shown = diagram_data(&page, "ballot");
            assert_eq!(shown, json!(ballot.to_string()));
            let res = diagram_data(&page, "result");
            assert_eq!(res, json!(result.to_string()));
            shot_once(&page, &mut seen_vote, "diagram_vote");
        }
    });
    assert!(seen_vote);
    assert_grid(&page, &sim);

    // REDUX and ELECT.
    let (mut redux, mut elect) = (false, false);
    step_along(&page, "elect_redux", |ev| match &ev.detail {
        EventDetail::Redux { result, inputs, .. } => {
            wait_diagram(&page, "redux");
            let r = diagram_data(&page, "result");
            assert_eq!(r, json!(result.to_string()));
            let inputs_drawn = "#diagram [data-row=\"input\"][data-lane]";
            assert_lane_values(&page, inputs_drawn, "value", ev.lanes, inputs);
            shot_once(&page, &mut redux, "diagram_redux");
        }
        EventDetail::Elect { leader, .. } => {
            wait_diagram(&page, "elect");
            let l = diagram_data(&page, "leader");
            assert_eq!(
                l,
                json!(leader.map_or("none".to_string(), |l| l.to_string()))
            );
            shot_once(&page, &mut elect, "diagram_elect");
        }
        _ => {}
    });
    assert!(redux && elect);

    // MATCH: lanes grouped by their mask.
    let mut matched = false;
    step_along(&page, "match_any", |ev| {
        if let EventDetail::Match { masks, .. } = &ev.detail {
            wait_diagram(&page, "match");
            assert_lane_values(&page, "#diagram [data-mask]", "mask", ev.lanes, masks);
            shot_once(&page, &mut matched, "diagram_match");
        }
    });
    assert!(matched);

    // MOVM: every result element names the lane and half it came from.
    if w128_example("movm_transpose").is_some() {
        let mut seen = false;
        step_along(&page, "movm_transpose", |ev| {
            if let EventDetail::Movm {
                src_lane, src_half, ..
            } = &ev.detail
            {
                wait_diagram(&page, "movm");
                let got = page.js(
                    "return Array.from(document.querySelectorAll('#diagram [data-src-lane]')).map(c =>
                        [Number(c.dataset.lane), Number(c.dataset.half), Number(c.dataset.srcLane), Number(c.dataset.srcHalf)]);",
                    vec![],
                );
                let want: Vec<(usize, usize, u8, u8)> = (0..32)
                    .flat_map(|l| (0..2).map(move |h| (l, h)))
                    .map(|(l, h)| (l, h, src_lane[l][h], src_half[l][h]))
                    .collect();
                assert_eq!(got, json!(want));
                shot_once(&page, &mut seen, "diagram_movm");
            }
        });
        assert!(seen);
    }
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn breakpoints_run_to_cursor_reset_and_lane_toggle() {
    let page = Page::open(1366, 900);
    let mut sim = load(&page, "butterfly_sum");
    let isa = isas::w128();
    let prog = asm::assemble(isa, &page.source()).unwrap();

    // A breakpoint on the fourth instruction: F5 stops there.
    let line = prog.lines[3].line;
    page.click(&format!(".gutter-line[data-line=\"{line}\"]"));
    page.wait(&format!(
        "return document.querySelector('.gutter-line[data-line=\"{line}\"]').dataset.breakpoint === 'true';"
    ));
    page.key("F5", false, false);
    page.wait("return Number(document.querySelector('#run-status').dataset.steps) === 3;");
    for _ in 0..3 {
        sim.step();
    }
    assert_grid(&page, &sim);
    let exec = page.js(
        "return document.querySelector('#listing tr.exec').dataset.index;",
        vec![],
    );
    assert_eq!(exec, json!("3"));
    let exec_line = page.js(
        "return document.querySelector('.code .line-bg.exec').dataset.line;",
        vec![],
    );
    assert_eq!(exec_line, json!(line.to_string()));
    page.shot("breakpoint");

    // Run to the caret: put it on the last instruction's line.
    let last = prog.lines.last().unwrap();
    page.js(
        "const t = document.querySelector('#editor textarea'); t.focus();
         t.setSelectionRange(arguments[0], arguments[0]);
         t.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true;",
        vec![json!(page.source()[..last.span.start]
            .encode_utf16()
            .count())],
    );
    page.click("#btn-cursor");
    page.wait(&format!(
        "return Number(document.querySelector('#run-status').dataset.steps) === {};",
        prog.lines.len() - 1
    ));

    // Reset, then run to the end.
    page.click("#btn-reset");
    page.wait("return Number(document.querySelector('#run-status').dataset.steps) === 0;");
    page.click(&format!(".gutter-line[data-line=\"{line}\"]"));
    page.key("F5", false, false);
    page.wait("return document.querySelector('#run-status').dataset.status === 'exited';");
    let mut end = Sim::new(isa, &prog, LaunchConfig::default());
    end.run(1000);
    assert_grid(&page, &end);

    // Format toggle: hex shows the same values.
    page.click("[data-fmt=\"hex\"]");
    let cell = page.js("return document.querySelector('#grid tr[data-reg=\"R0\"] td[data-lane=\"0\"]').textContent;", vec![]);
    assert_eq!(cell, json!(format!("{:x}", end.state().reg(0)[0])));

    // Clicking lane 5 takes it out of `.active` in the source.
    page.click("#grid th[data-lane=\"5\"]");
    page.wait(
        "return document.querySelector('#editor textarea').value.includes('.active 0xffffffdf');",
    );
    page.wait(
        "return document.querySelector('#grid th[data-lane=\"5\"]').dataset.state === 'off';",
    );
    page.shot("lane_toggled");

    // Animated play runs to the end on its own.
    page.choose("#speed", "33");
    page.click("#btn-play");
    page.wait("return document.querySelector('#run-status').dataset.status === 'exited';");
    assert_eq!(page.page_errors(), json!([]));
}

/// Takes the screenshot `name` unless `seen` says it was taken; marks it
/// taken.
fn shot_once(page: &Page, seen: &mut bool, name: &str) {
    if !*seen {
        page.shot(name);
    }
    *seen = true;
}

/// Checks that the elements `selector` picks are, in order, the lanes set
/// in `lanes`, each showing its entry of `values` as `data-KEY`.
fn assert_lane_values(page: &Page, selector: &str, key: &str, lanes: u32, values: &[u32]) {
    let drawn = page.js(
        &format!(
            "return Array.from(document.querySelectorAll('{selector}')).map(c => [Number(c.dataset.lane), Number(c.dataset.{key})]);"
        ),
        vec![],
    );
    let want: Vec<(usize, u32)> = (0..32)
        .filter(|l| lanes >> l & 1 == 1)
        .map(|l| (l, values[l]))
        .collect();
    assert_eq!(drawn, json!(want), "{selector}");
}

/// The diagram's `data-NAME` attribute, from the element that has it.
fn diagram_data(page: &Page, name: &str) -> Value {
    page.js(
        &format!("return document.querySelector('#diagram [data-{name}]').dataset.{name};"),
        vec![],
    )
}

/// Loads the example `id` and steps the page with its simulator, calling
/// `each` with every event once the page took that step; returns the
/// simulator at the end.
fn step_along(page: &Page, id: &str, mut each: impl FnMut(&StepEvent)) -> Sim {
    let mut sim = load(page, id);
    while let Some(ev) = sim.step() {
        page.step();
        each(&ev);
    }
    sim
}

/// Waits for the diagram of the kind `kind`.
fn wait_diagram(page: &Page, kind: &str) {
    page.wait(&format!(
        "return document.querySelector('#diagram').dataset.kind === '{kind}';"
    ));
}

/// The texts of a diagram row's cells (a cell's lines joined), lane by lane.
fn cell_texts(page: &Page, row: &str) -> Vec<String> {
    let v = page.js(
        "return Array.from(document.querySelectorAll('#diagram g.cell[data-row=\"' + arguments[0] + '\"]'))
             .map(g => Array.from(g.querySelectorAll('text')).map(t => t.textContent).join(''));",
        vec![json!(row)],
    );
    v.as_array()
        .unwrap_or_else(|| panic!("no row {row}"))
        .iter()
        .map(|t| t.as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn diagram_values_are_whole_signed_and_named() {
    let page = Page::open(1440, 900);
    let sim = load(&page, "redux_signed");
    let EventDetail::Redux { inputs, .. } = redux_inputs(sim) else {
        panic!("the first step is a REDUX");
    };
    // REDUX.MIN (.U32): unsigned inputs, in full.
    page.step();
    let want: Vec<String> = inputs.iter().map(|v| v.to_string()).collect();
    assert_eq!(cell_texts(&page, "input"), want);
    page.shot("diagram_redux_unsigned_whole");
    // REDUX.S32.MIN: the same inputs as signed numbers.
    page.step();
    page.step();
    let want: Vec<String> = inputs.iter().map(|&v| (v as i32).to_string()).collect();
    assert_eq!(cell_texts(&page, "input"), want);
    page.shot("diagram_redux_signed");

    // f32 infinities and NaN by name.
    let mut vals = vec!["0x7f800000", "0xff800000", "0x7fc00000", "0x3fc00000"];
    vals.resize(32, "0");
    page.set_source(&format!(
        ".init R0 = {{{}}}\nIADD3 R1, R0, RZ, RZ\nEXIT\n",
        vals.join(", ")
    ));
    page.wait("return document.querySelector('#listing').dataset.stale === 'false' && document.querySelectorAll('#listing tbody tr').length === 2;");
    page.click("[data-fmt=\"f32\"]");
    page.step();
    let cells = cell_texts(&page, "written");
    page.shot("diagram_f32_named");
    assert_eq!(cells[..4], ["inf", "-inf", "nan", "1.5"]);
    let grid = page.js(
        "return Array.from(document.querySelectorAll('#grid tr[data-reg=\"R1\"] td[data-lane]')).slice(0, 4).map(td => td.textContent);",
        vec![],
    );
    assert_eq!(grid, json!(["inf", "-inf", "nan", "1.5"]));
    let no_ellipsis = page.js(
        "return !document.querySelector('#diagram').textContent.includes('…');",
        vec![],
    );
    assert_eq!(no_ellipsis, json!(true));
    assert_eq!(page.page_errors(), json!([]));
}

/// The event of the first step of `sim`.
fn redux_inputs(mut sim: Sim) -> EventDetail {
    sim.step().expect("a first step").detail
}
