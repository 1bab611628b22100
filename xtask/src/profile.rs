//! `cargo xtask profile`: which functions the page runs to start.
//!
//! The bundle's wasm, with names kept, is instrumented
//! ([`crate::split::instrument`]) and served with its glue from a copy of
//! the site; Chromium opens it in the ways most pages start (the
//! playground at desktop and phone size, a w128 link, an embed) and does
//! what a visitor does first (step, back, run by button and by key; pick an
//! instruction; type; leave). Every function that never ran is written to
//! [`LIST`], one stable name a line: the bundle build moves those to the
//! part fetched after start-up ([`crate::split`]). A function missing from
//! the list (new code, another compiler) stays in the first part, so an
//! old list costs bytes, never a stall; the browser test
//! `every_recorded_start_works_without_the_rest` says when the page has
//! started to use a function the list moves. What `web/first-part.txt`
//! keeps whatever the list says (the engine, the views a run draws) lets
//! links of other ISAs start without the rest too ([`engine_starts`]);
//! other starts ([`other_starts`]: the Chinese interface) fetch the rest
//! before they first render.

use crate::server::Server;
use crate::split;
use crate::webdriver::Browser;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;
use warpscope_core::link::{encode_link, LinkState};

pub use crate::split::lists::{read_keep, read_list, KEEP, LIST};

/// The first line of [`LIST`].
const HEADER: &str = "# Functions of the playground's wasm that starting the page does not run; \
the bundle build moves them to warpscope_rest.wasm. Written by `cargo xtask profile`.";

/// True once the playground is usable: the app has mounted, the editor,
/// the listing (with rows) and the register grid are shown, and Step is
/// enabled. The browser tests and the start-up bench wait for it too.
pub const READY: &str = "const q = (s) => document.querySelector(s);
    return q('#app-root[data-mounted=\"true\"]') !== null
        && q('#editor textarea') !== null
        && document.querySelectorAll('#listing tbody tr').length > 0
        && q('#grid') !== null
        && q('#btn-step') !== null && !q('#btn-step').disabled;";

const WAIT: Duration = Duration::from_secs(60);

/// Parts of names of the functions that may run at any moment, however
/// rarely: they never move, whatever a recording saw.
const ANY_MOMENT: &[&str] = &["dlmalloc", "compiler_builtins", "__rust"];

/// `cargo xtask profile`: records which functions starting the page runs
/// ([`record`], in Chromium) from a fresh build, then
/// builds the bundle with the new list.
pub fn run(root: &Path, tc: &crate::setup::Toolchain) -> Result<(), String> {
    crate::bundle::pack(root, tc)?;
    let wasm_path = root.join("static/pkg/warpscope_bg.wasm");
    let how = crate::bundle::optimise(tc, &wasm_path, true)?;
    println!("wasm-opt: {how}; recording in Chromium:");
    let named = std::fs::read(&wasm_path).map_err(|e| format!("{}: {e}", wasm_path.display()))?;
    let glue_path = root.join("static/pkg/warpscope.js");
    let glue =
        std::fs::read_to_string(&glue_path).map_err(|e| format!("{}: {e}", glue_path.display()))?;
    record(root, &named, &glue)?;
    crate::bundle::build(root, tc)
}

/// One way a page starts: its window, the link it opens, and whether the
/// visitor then steps and types.
pub struct Start {
    pub what: &'static str,
    pub size: (u32, u32),
    /// Query and fragment after the site's address.
    pub at: String,
    /// When the page has started (the embed has no editor or Step).
    pub ready: &'static str,
    pub interact: bool,
}

const EMBED_READY: &str = "return document.querySelector('.embed-diagram svg') !== null;";

/// A start at the playground's own address.
fn playground(what: &'static str, size: (u32, u32)) -> Start {
    Start {
        what,
        size,
        at: String::new(),
        ready: READY,
        interact: true,
    }
}

/// A start from a link to an example of `isa` (`file`), three steps in,
/// with the view settings `view` (keys of the web crate's
/// `state::share::KEY_*`).
fn link(what: &'static str, isa: &str, file: &str, view: &[(&str, &str)]) -> Result<Start, String> {
    let path = crate::root().join("examples").join(isa).join(file);
    let source = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut state = LinkState::new(isa, &source);
    state.step = Some(3);
    state.selected = Some(2);
    state.view = view
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut start = playground(what, (1366, 900));
    start.at = format!("#{}", encode_link(&state));
    Ok(start)
}

/// The ways a page starts that the list is recorded from: the playground
/// and the w128 links that most visitors open, each then ready without the
/// rest of the wasm.
pub fn starts() -> Result<Vec<Start>, String> {
    let mut embed = link("embed", "w128", "ballot_popc.s", &[("embed", "1")])?;
    embed.size = (800, 500);
    embed.at = format!("?embed{}", embed.at);
    embed.ready = EMBED_READY;
    embed.interact = false;
    Ok(vec![
        playground("playground", (1366, 900)),
        playground("phone", (390, 844)),
        link("w128 link", "w128", "butterfly_sum.s", &[])?,
        embed,
    ])
}

/// Starts that the recording leaves out and that need no more than the
/// first part all the same: programs of the other ISAs, whose engine and
/// views `web/first-part.txt` keeps there (a browser test runs them with
/// the rest blocked, and the start-up bench times one).
pub fn engine_starts() -> Result<Vec<Start>, String> {
    Ok(vec![
        link("sm50 link", "sm50", "pack_predicates.s", &[])?,
        link("gfx9 link", "gfx9", "lds_alloc.s", &[])?,
    ])
}

/// Starts that the recording leaves out: they fetch the rest of the wasm
/// before their first render (`start_needs_rest` in the web crate's
/// `lib.rs`; a browser test checks that they do).
pub fn other_starts() -> Result<Vec<Start>, String> {
    Ok(vec![link(
        "chinese",
        "w128",
        "vote_modes.s",
        &[("lang", "zh")],
    )?])
}

/// What a visitor does first: Step, Back, Run and Reset by button and by
/// key, an instruction chosen in the listing, an edit that leaves a
/// half-typed line, then the line finished, and leaving the page.
pub fn interact(b: &Browser) -> Result<(), String> {
    let steps = |n: u64| {
        format!("return Number(document.querySelector('#run-status').dataset.steps) === {n};")
    };
    let count = b
        .eval(
            "return Number(document.querySelector('#run-status').dataset.steps);",
            vec![],
        )?
        .as_u64()
        .unwrap_or(0);
    let key = |k: &str, shift: bool| {
        b.eval(
            "const t = document.activeElement || document.body;
             t.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], shiftKey: arguments[1], bubbles: true, cancelable: true}));
             return true;",
            vec![json!(k), json!(shift)],
        )
    };
    let click = |css: &str| {
        b.eval(
            "const e = document.querySelector(arguments[0]);
             if (!e) return false;
             e.click();
             return true;",
            vec![json!(css)],
        )
    };
    let more_than = |n: u64| {
        format!("return Number(document.querySelector('#run-status').dataset.steps) > {n};")
    };
    // Each of Step, Back and Run by its button and by its key, as the
    // visitor may use either first.
    click("#btn-step")?;
    b.wait_for(&steps(count + 1), WAIT)?;
    key("F10", false)?;
    b.wait_for(&steps(count + 2), WAIT)?;
    click("#btn-back")?;
    b.wait_for(&steps(count + 1), WAIT)?;
    key("F10", true)?;
    b.wait_for(&steps(count), WAIT)?;
    click("#btn-run")?;
    b.wait_for(&more_than(count), WAIT)?;
    click("#btn-reset")?;
    b.wait_for(&steps(0), WAIT)?;
    key("F5", false)?;
    b.wait_for(&more_than(0), WAIT)?;
    // The pointer over the lane diagram and off it again: its hover
    // state's functions are reached only through Yew's hooks, and their
    // names are cut short before the diagram's, so `web/first-part.txt`
    // cannot keep them by name.
    b.eval(
        "const d = document.querySelector('#diagram');
         const h = d && d.querySelector('[data-hover]');
         if (h) h.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
         if (d) d.dispatchEvent(new MouseEvent('mouseleave', {bubbles: false}));
         return true;",
        vec![],
    )?;
    // An instruction chosen in the listing.
    click("#listing tbody tr:nth-child(2)")?;
    std::thread::sleep(Duration::from_millis(300));
    let source = b.eval(
        "return document.querySelector('#editor textarea').value;",
        vec![],
    )?;
    let source = source.as_str().unwrap_or_default().to_string();
    for text in [
        format!("{source}\nMOV R9, "),
        format!("{source}\nMOV R9, 0x1"),
        source.clone(),
    ] {
        b.eval(
            "const t = document.querySelector('#editor textarea');
             t.focus();
             t.value = arguments[0];
             t.setSelectionRange(t.value.length, t.value.length);
             t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText'}));
             return true;",
            vec![json!(text)],
        )?;
        std::thread::sleep(Duration::from_millis(400));
    }
    // Leaving the page saves the work in it.
    b.eval(
        "window.dispatchEvent(new Event('pagehide')); return true;",
        vec![],
    )?;
    Ok(())
}

/// Serves `site` and opens each start in it; returns the indices of the
/// functions that ran (the instrumented glue collects them).
fn run_starts(site: &Path) -> Result<BTreeSet<u32>, String> {
    let server = Server::start(site, 0)?;
    let mut seen = BTreeSet::new();
    for start in starts()? {
        let b = Browser::start(start.size.0, start.size.1)?;
        let before = seen.len();
        let mut ran = 0;
        go_through(&b, &server.url(), &start, &mut |b| {
            let marks: Value = b.eval("return Array.from(window.__wsMarks || []);", vec![])?;
            ran = ran.max(marks.as_array().map_or(0, |a| a.len()));
            for m in marks.as_array().into_iter().flatten() {
                seen.insert(m.as_u64().unwrap_or(0) as u32);
            }
            Ok(())
        })?;
        println!(
            "  {:<11} {} functions ran, {} new",
            start.what,
            ran,
            seen.len() - before
        );
    }
    Ok(seen)
}

/// Opens `start` from the site at `base` in `b`, waits until it is ready
/// and does what a visitor does first, then calls `page`; then reloads the
/// page (a reload opens the tab's own draft, another way of starting) and
/// does the same again.
pub fn go_through(
    b: &Browser,
    base: &str,
    start: &Start,
    page: &mut dyn FnMut(&Browser) -> Result<(), String>,
) -> Result<(), String> {
    let url = format!("{base}/{}", start.at);
    b.open_app(&url)?;
    for pass in ["first load", "reload"] {
        if pass == "reload" {
            b.goto(&url)?;
        }
        b.wait_for(start.ready, WAIT).map_err(|e| {
            format!(
                "{} ({pass}): the page did not become ready: {e}",
                start.what
            )
        })?;
        // the frames after ready (fonts, the first paint of every pane)
        std::thread::sleep(Duration::from_millis(800));
        if start.interact {
            interact(b).map_err(|e| format!("{} ({pass}): {e}", start.what))?;
        }
        std::thread::sleep(Duration::from_millis(300));
        page(b).map_err(|e| format!("{} ({pass}): {e}", start.what))?;
    }
    Ok(())
}

/// Copies the site (page, style, icons, service worker, on-demand files)
/// into `dir`, with `wasm` and `glue` as the bundle.
fn site(root: &Path, dir: &Path, wasm: &[u8], glue: &str) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("static/pkg")).map_err(io)?;
    std::fs::copy(root.join("index.html"), dir.join("index.html")).map_err(io)?;
    for entry in std::fs::read_dir(root.join("static")).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.is_file() {
            std::fs::copy(&path, dir.join("static").join(path.file_name().unwrap())).map_err(io)?;
        }
    }
    for (_, path) in crate::bundle::on_demand_files(root) {
        std::fs::copy(
            &path,
            dir.join("static/pkg").join(path.file_name().unwrap()),
        )
        .map_err(io)?;
    }
    std::fs::write(dir.join("static/pkg/warpscope_bg.wasm"), wasm).map_err(io)?;
    std::fs::write(dir.join("static/pkg/warpscope.js"), glue).map_err(io)?;
    Ok(())
}

/// Records the list: `named` is the optimised wasm with its name section,
/// `glue` its (unminified) glue.
pub fn record(root: &Path, named: &[u8], glue: &str) -> Result<PathBuf, String> {
    let instrumented = split::instrument(named)?;
    let glue = split::patch_glue(glue, split::Mode::Record, &[])
        .ok_or("the glue is not of the expected shape")?;
    let dir = root.join("target/profile-site");
    site(root, &dir, &instrumented, &glue)?;
    // the module as recorded, names and all, for a look at what runs
    std::fs::write(dir.join("named.wasm"), named).map_err(|e| e.to_string())?;
    let ran = run_starts(&dir)?;
    let mut rest = BTreeSet::new();
    let mut kept = BTreeSet::new();
    for (f, name, _) in split::function_names(named)? {
        if ran.contains(&f) {
            kept.insert(name);
        } else {
            rest.insert(name);
        }
    }
    // A name that ran under any of its instances stays, and so do the
    // functions that may run at any moment whatever the page does: the
    // allocator's (dlmalloc gives memory back every few thousand frees)
    // and the compiler's built-ins.
    let rest: Vec<String> = rest
        .difference(&kept)
        .filter(|name| !ANY_MOMENT.iter().any(|p| name.contains(p)))
        .cloned()
        .collect();
    let mut text = format!("{HEADER}\n");
    for name in &rest {
        text.push_str(name);
        text.push('\n');
    }
    let out = root.join(LIST);
    std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "{} functions ran to start; {} names written to {LIST}",
        ran.len(),
        rest.len()
    );
    Ok(out)
}
