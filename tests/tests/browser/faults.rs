//! Faults of the files the page fetches after it starts (docs/reliability.md,
//! "Never a dead page"): the second part of the wasm blocked, missing,
//! cut short, damaged, from another build, late, or the network gone; the
//! on-demand texts missing. Whatever happens, the page answers (Step
//! moves, typing lands in the editor and in storage), the feature that
//! needs the missing file says why with Retry, nothing throws, and the
//! typed program is there after a reload. And a tab left open across a
//! deploy, with two real builds.

use crate::browser_util::{Page, READY};
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;
use warpscope_core::link::{encode_link, LinkState};
use xtask::bundle::FEATURES_FILE;
use xtask::server::Server;
use xtask::split::{digest, Mode, REST_FILE};
use xtask::webdriver::Browser;

/// A script, run before the page's own, that answers every request for a
/// file whose address contains `part` as `kind` says: `404`, `truncated`
/// (the first half of the real file), `garbage` (bytes that are no wasm),
/// `other` (a valid wasm module that is not this build's), `late` (the
/// real file, 5 s late), `network` (the request fails) or `glue-new`
/// (for `warpscope.js`: the glue of a build with another second part).
fn fault(part: &str, kind: &str) -> String {
    format!(
        "(() => {{
          const f = window.fetch;
          window.fetch = function (u, o) {{
            const url = String(u instanceof Request ? u.url : u);
            if (!url.includes({part:?})) return f.call(this, u, o);
            switch ({kind:?}) {{
              case '404': return Promise.resolve(new Response('not here', {{ status: 404 }}));
              case 'truncated': return f.call(this, u, o).then((r) => r.arrayBuffer())
                .then((b) => new Response(b.slice(0, b.byteLength >> 1), {{ status: 200 }}));
              case 'garbage': return Promise.resolve(new Response(
                new Uint8Array(5000).map((_, i) => (i * 7919 + 13) & 255), {{ status: 200 }}));
              case 'other': return Promise.resolve(new Response(
                new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]), {{ status: 200 }}));
              case 'late': return new Promise((res) => setTimeout(() => res(f.call(this, u, o)), 5000));
              case 'network': return Promise.reject(new TypeError('Failed to fetch'));
              case 'glue-new': return f.call(this, u, o).then((r) => r.text())
                .then((t) => new Response(t.replace(/(['\"])[0-9a-f]{{8}}\\1/g, \"'00000000'\"), {{ status: 200 }}));
            }}
          }};
        }})();"
    )
}

/// The line the loader writes (`#ws-rest`), once it says more than
/// "Loading…".
const SAID: &str = "const l = document.getElementById('ws-rest');
    return l && !l.hidden && !/^Loading/.test(l.textContent) ? l.textContent : null;";

/// The program typed in every case.
const TYPED: &str =
    "// typed while the rest was missing\nS2R R0, SR_LANEID\nIADD3 R1, R0, 0x7, RZ\nEXIT\n";

/// Types [`TYPED`] and waits until the listing shows it (a step before
/// the assembly that follows typing would be undone by it).
fn type_program(page: &Page) {
    page.set_source(TYPED);
    page.wait("return [...document.querySelectorAll('#listing tbody tr')].some((r) => r.textContent.includes('IADD3'));");
    page.wait("return document.getElementById('listing').dataset.stale === 'false';");
    std::thread::sleep(Duration::from_millis(300));
}

/// Clicks `css` and waits for the loader's line to say why it cannot; the
/// line's text.
fn refused(page: &Page, css: &str) -> String {
    page.click(css);
    let said = page.wait(SAID);
    said.as_str().unwrap_or_default().to_string()
}

/// What a page whose second part cannot be had still does: step, type,
/// refuse each feature with a reason and Retry, keep the select on its
/// value, and keep the typed program across a reload.
fn still_answers(page: &Page, reason: &str) {
    page.step();
    page.back();
    page.step();
    page.wait("return document.getElementById('diagram-export-svg') !== null;");
    for css in [
        "#btn-puzzles",
        "#tab-reference",
        "#tab-encoding",
        "#btn-lang",
        "#btn-history",
        "#btn-present",
        "#btn-share",
        "#diagram-export-svg",
    ] {
        let said = refused(page, css);
        assert!(said.contains(reason), "{css}: {said}");
        assert!(
            said.contains("Retry") || said.contains("Reload"),
            "{css}: no way to try again: {said}"
        );
        // the next click tries again
        page.js(
            "document.getElementById('ws-rest').hidden = true; return 1;",
            vec![],
        );
    }
    // The ISA box goes back to the ISA the editor holds.
    page.choose("#isa", "sm50");
    page.wait(SAID);
    page.wait("return document.getElementById('isa').value === 'w128';");
    // Typing lands in the editor, the listing and (after the autosave's
    // moment) in storage; stepping goes on.
    type_program(page);
    page.step();
    page.step();
    assert_eq!(page.grid_reg("R1")[5], 12);
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(page.page_errors(), json!([]), "no error escaped");
    page.js("location.reload(); return 1;", vec![]);
    page.wait(READY);
    assert_eq!(
        page.source(),
        TYPED,
        "the typed program is back after a reload"
    );
    page.step();
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn every_fault_of_the_rest_leaves_the_page_answering() {
    for (kind, reason) in [
        ("404", "the server answered 404"),
        ("truncated", "damaged"),
        ("garbage", "damaged"),
        ("other", "damaged"),
        ("network", "offline"),
    ] {
        let page = Page::open_with(1280, 800, Some(&fault(REST_FILE, kind)));
        page.wait("return window.__warpscopeRestState === 'failed';");
        still_answers(&page, reason);
        eprintln!("{kind}: ok");
    }
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn every_fault_of_the_features_style_sheet_is_a_fault_of_the_rest() {
    // The features' styles come with their code: a sheet that cannot be
    // had holds the features back as the code would, with the reason.
    for (kind, reason) in [
        ("404", "the server answered 404"),
        ("garbage", "damaged"),
        ("network", "offline"),
    ] {
        let page = Page::open_with(1280, 800, Some(&fault(FEATURES_FILE, kind)));
        page.wait("return window.__warpscopeRestState === 'failed';");
        assert_eq!(
            page.js(
                "return document.getElementById('ws-features') === null;",
                vec![]
            ),
            json!(true)
        );
        still_answers(&page, reason);
        eprintln!("{kind}: ok");
    }
    // Once it can be had, Retry brings it: the reference pane is styled.
    let page = Page::open_with(
        1280,
        800,
        Some(&format!(
            "window.brokenSheet = true; {}",
            fault(FEATURES_FILE, "network").replace(
                "if (!url.includes(",
                "if (!window.brokenSheet || !url.includes("
            )
        )),
    );
    page.wait("return window.__warpscopeRestState === 'failed';");
    let said = refused(&page, "#tab-reference");
    assert!(said.contains("offline") && said.contains("Retry"), "{said}");
    page.js("window.brokenSheet = false; return 1;", vec![]);
    page.click("#ws-retry");
    page.wait("return window.__warpscopeRestState === 'ready';");
    page.tab("Reference");
    page.wait("return document.getElementById('ws-features') !== null && getComputedStyle(document.querySelector('.ref-body')).display === 'grid';");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_blocked_rest_and_a_network_gone_after_ready() {
    let page = Page::open_blocking(1280, 800, None, Some(REST_FILE));
    page.wait("return window.__warpscopeRestState === 'failed';");
    still_answers(&page, "offline");

    // The network goes away right after ready, before the rest arrives.
    let page = Page::open_with(1280, 800, Some(&fault(REST_FILE, "late")));
    page.browser
        .cdp("Network.enable", json!({}))
        .expect("network events");
    page.browser
        .cdp(
            "Network.emulateNetworkConditions",
            json!({ "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 }),
        )
        .expect("offline");
    page.wait("return window.__warpscopeRestState === 'failed';");
    page.step();
    let said = refused(&page, "#tab-reference");
    assert!(said.contains("offline") && said.contains("Retry"), "{said}");
    // Back online, Retry brings the part and the tab opens.
    page.browser
        .cdp(
            "Network.emulateNetworkConditions",
            json!({ "offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 }),
        )
        .expect("online");
    page.click("#ws-retry");
    page.wait("return window.__warpscopeRestState === 'ready';");
    page.tab("Reference");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_late_rest_is_waited_for_while_the_page_goes_on() {
    let page = Page::open_with(1280, 800, Some(&fault(REST_FILE, "late")));
    // Clicked before the part is here: the button waits, the page goes on.
    page.click("#btn-puzzles");
    let busy = page.js(
        "return [document.getElementById('btn-puzzles').getAttribute('aria-busy'),
                 document.getElementById('ws-rest').textContent];",
        vec![],
    );
    assert_eq!(busy, json!(["true", "Loading…"]));
    page.step();
    page.set_source("S2R R0, SR_LANEID\nEXIT\n");
    page.wait("return document.querySelectorAll('#listing tbody tr[data-index]').length === 2;");
    std::thread::sleep(Duration::from_millis(300));
    page.step();
    // Then it arrives, and the click is carried out.
    page.wait("return document.querySelectorAll('.pz-list li').length > 3;");
    let after = page.js(
        "return [document.getElementById('btn-puzzles').getAttribute('aria-busy'),
                 document.getElementById('ws-rest').hidden];",
        vec![],
    );
    assert_eq!(after, json!([Value::Null, true]));
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_rest_of_another_build_asks_for_a_reload() {
    // The server has a new build: its glue names another second part, and
    // the part this page fetches is not its own. The page says so and
    // offers a reload, which keeps the work.
    let script = format!(
        "{}\n{}",
        fault(REST_FILE, "other"),
        fault("warpscope.js", "glue-new")
    );
    let page = Page::open_with(1280, 800, Some(&script));
    page.wait("return window.__warpscopeRestState === 'failed';");
    type_program(&page);
    let said = refused(&page, "#tab-encoding");
    assert!(said.contains("new version"), "{said}");
    assert!(
        page.js(
            "return document.getElementById('ws-reload') !== null;",
            vec![]
        ) == json!(true)
    );
    page.step();
    std::thread::sleep(Duration::from_millis(800));
    page.click("#ws-reload");
    page.wait(READY);
    assert_eq!(page.source(), TYPED);
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_start_that_needs_the_rest_opens_without_it() {
    // A link to the Encoding tab, presentation mode and the Chinese
    // interface, and the rest cannot be had: the page opens on the lanes,
    // in English, says why, and runs the link's program.
    let page = Page::open_with(1280, 800, Some(&fault(REST_FILE, "404")));
    let mut state = LinkState::new("w128", TYPED);
    state.view = vec![
        ("lang".into(), "zh".into()),
        ("present".into(), "1".into()),
        ("tab".into(), "encoding".into()),
    ];
    let url = format!("{}/?open#{}", page.url(), encode_link(&state));
    page.browser.open_app(&url).expect("the app mounts");
    page.wait(READY);
    let shown = page.js(
        "return [document.documentElement.lang, document.querySelector('.tab-body').dataset.tab,
                 (document.querySelector('.banner') || {}).textContent || ''];",
        vec![],
    );
    assert_eq!(shown[0], json!("en"), "{shown}");
    assert_eq!(shown[1], json!("Lanes"), "{shown}");
    assert!(
        shown[2].as_str().unwrap().contains("could not be loaded"),
        "{shown}"
    );
    page.step();
    assert_eq!(page.page_errors(), json!([]));
}

/// Copies the served site (`index.html`, `static/`) into `to`.
fn copy_site(from: &Path, to: &Path) {
    fn copy_dir(a: &Path, b: &Path) {
        std::fs::create_dir_all(b).unwrap();
        for e in std::fs::read_dir(a).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                copy_dir(&p, &b.join(e.file_name()));
            } else {
                std::fs::copy(&p, b.join(e.file_name())).unwrap();
            }
        }
    }
    std::fs::copy(from.join("index.html"), to.join("index.html")).unwrap();
    copy_dir(&from.join("static"), &to.join("static"));
}

/// A second build of the same code, made as `cargo xtask build` makes
/// one, from the inputs it keeps (`bundle::split_inputs`), split another
/// way (50 functions fewer move): its parts do not fit the first build's.
/// Written over the site in `site` (the files and their precompressed
/// copies), as a deploy does.
fn deploy_another_build(root: &Path, site: &Path) {
    let inputs = xtask::bundle::split_inputs(root);
    let named = std::fs::read(inputs.join("named.wasm")).expect("run `cargo xtask build` first");
    let glue = std::fs::read_to_string(inputs.join("glue.js")).unwrap();
    let mut list: Vec<String> = xtask::profile::read_list(root).into_iter().collect();
    list.sort();
    let list = list.into_iter().skip(50).collect();
    let keep = xtask::profile::read_keep(root);
    let parts = xtask::split::split_keeping(&named, &list, &keep).expect("the second build splits");
    let files = xtask::bundle::on_demand_digests(root);
    let glue =
        xtask::split::patch_glue(&glue, Mode::Split(digest(&parts.secondary)), &files).unwrap();
    let pkg = site.join("static/pkg");
    for (name, bytes) in [
        ("warpscope_bg.wasm", parts.primary),
        (REST_FILE, parts.secondary),
        ("warpscope.js", glue.into_bytes()),
    ] {
        for ext in [".gz", ".br"] {
            let _ = std::fs::remove_file(pkg.join(format!("{name}{ext}")));
        }
        std::fs::write(pkg.join(name), bytes).unwrap();
    }
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_tab_open_across_a_deploy_keeps_its_work_and_asks_for_a_reload() {
    // Two real builds: the page starts on the first; its second part is
    // late, and meanwhile the server gets the second build. The part it
    // then fetches is the new build's: never installed (it would end in
    // "function signature mismatch"), the page says a new version is out,
    // and Reload opens the new build with the typed program.
    let root = xtask::root();
    let site = std::env::temp_dir().join(format!("warpscope-deploy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&site);
    std::fs::create_dir_all(&site).unwrap();
    copy_site(&root, &site);
    let server = Server::start(&site, 0).expect("static server starts");
    let b = Browser::start(1280, 800).expect("chromium starts");
    b.before_load(&fault(REST_FILE, "late")).unwrap();
    b.open_app(&server.url()).expect("the app mounts");
    b.wait_for(READY, Duration::from_secs(20)).unwrap();
    deploy_another_build(&root, &site);
    b.eval(
        "const t = document.querySelector('#editor textarea'); t.focus(); t.value = arguments[0];
         t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText'})); return 1;",
        vec![json!(TYPED)],
    )
    .unwrap();
    b.eval(
        "document.getElementById('tab-reference').click(); return 1;",
        vec![],
    )
    .unwrap();
    let said = b.wait_for(SAID, Duration::from_secs(20)).unwrap();
    assert!(said.as_str().unwrap().contains("new version"), "{said}");
    assert_eq!(
        b.eval("return window.__warpscopeErrors;", vec![]).unwrap(),
        json!([])
    );
    std::thread::sleep(Duration::from_millis(800));
    b.eval(
        "document.getElementById('ws-reload').click(); return 1;",
        vec![],
    )
    .unwrap();
    b.wait_for(READY, Duration::from_secs(20)).unwrap();
    b.wait_for(
        "return window.__warpscopeRestState === 'ready';",
        Duration::from_secs(20),
    )
    .unwrap();
    let source = b
        .eval(
            "return document.querySelector('#editor textarea').value;",
            vec![],
        )
        .unwrap();
    assert_eq!(source, json!(TYPED));
    b.eval(
        "document.getElementById('tab-reference').click(); return 1;",
        vec![],
    )
    .unwrap();
    b.wait_for(
        "return document.querySelector('.tab-body[data-tab=\"Reference\"]') !== null;",
        Duration::from_secs(20),
    )
    .unwrap();
    assert_eq!(
        b.eval("return window.__warpscopeErrors;", vec![]).unwrap(),
        json!([])
    );
    drop(b);
    drop(server);
    let _ = std::fs::remove_dir_all(&site);
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_puzzle_link_asking_for_the_most_work_never_holds_the_page() {
    // A lecturer's puzzle at the bound: about 1000 cases, each allowed as
    // many steps as the bound leaves, and an attempt that passes every
    // case using nearly all of them: the most work a Check may do. The
    // page grades in slices: no task over 50 ms, progress shown, and Stop
    // stops.
    use warpscope_core::puzzle::{self, check, link};
    let base = puzzle::bundled_texts()
        .iter()
        .find(|b| b.0 == "reverse")
        .unwrap()
        .1;
    let with = |random: u32, steps: u64| {
        base.replace("random = 16", &format!("random = {random}"))
            .replace("steps = 10", &format!("steps = {steps}"))
            .replace("instructions = 3", "instructions = 30")
    };
    let cases = check::cases(&puzzle::parse(&with(1000, 10)).unwrap()).len() as u64;
    let steps = check::MAX_CHECK_STEPS / cases;
    let text = with(1000, steps);
    // 3 steps an iteration, 4 more around: just under the limit
    let loops = (steps - 4) / 3;
    let attempt = format!(
        "    MOV R2, {loops:#x}\nspin:\n    IADD3 R2, R2, -0x1, RZ\n    ISETP.NE.AND P0, PT, R2, RZ, PT\n@P0 BRA spin\n    SHFL.BFLY PT, R1, R0, 0x1f, 0x1f\n    EXIT\n"
    );
    let p = puzzle::parse(&text).unwrap();
    let report = check::check(&p, &attempt).unwrap();
    assert!(report.passed(), "{report:?}");
    assert!(
        report.total_steps * 10 > check::MAX_CHECK_STEPS * 9,
        "{}",
        report.total_steps
    );
    let fragment = link::encode_puzzle_link(&text, Some(&attempt));
    let page = Page::open(1400, 950);
    page.js(
        "window.__long = [];
         new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); })
           .observe({ type: 'longtask' });
         return 1;",
        vec![],
    );
    page.js(
        "location.hash = arguments[0]; return true;",
        vec![json!(fragment)],
    );
    page.wait("return document.querySelector('#puzzles[data-puzzle=\"reverse\"]') !== null;");
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {};",
        json!(attempt)
    ));
    std::thread::sleep(Duration::from_millis(500));
    page.js("window.__long = []; window.__sawProgress = false;
             new MutationObserver(() => { if (document.getElementById('pz-checking')) window.__sawProgress = true; })
               .observe(document.body, { childList: true, subtree: true });
             return 1;", vec![]);
    page.js(
        "window.__t0 = performance.now();
         document.getElementById('pz-check').click();
         return 1;",
        vec![],
    );
    page.wait("return document.querySelector('#pz-result[data-pass=\"true\"]') !== null;");
    let took = page.js("return performance.now() - window.__t0;", vec![]);
    // Long enough that one task holding it would be a long task.
    assert!(took.as_f64().unwrap() > 50.0, "the Check took {took} ms");
    let long = page.js("return [window.__long, window.__sawProgress];", vec![]);
    assert_eq!(long[0], json!([]), "tasks over 50 ms while checking");
    assert_eq!(long[1], json!(true), "the progress line was shown");
    // Stop: a second Check, stopped as soon as its progress shows.
    page.js(
        "const o = new MutationObserver(() => {
           const stop = document.getElementById('pz-stop');
           if (stop) { o.disconnect(); stop.click(); }
         });
         o.observe(document.body, { childList: true, subtree: true });
         document.getElementById('pz-check').click();
         return 1;",
        vec![],
    );
    page.wait("return (document.getElementById('pz-result') || {}).textContent === 'The Check was stopped before it finished.';");
    page.step();
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn every_fault_of_the_texts_fetched_later_is_said_where_they_appear() {
    // The reference pane's prose, the Chinese catalogue and the bundled
    // puzzles, each missing, damaged, from another build or late: the
    // feature says why (or opens, late), the page steps, nothing throws.
    let cases: [(&str, &str, &str, &str); 3] = [
        (
            "w128.wsd",
            "#tab-reference",
            "const e = document.querySelector('.ref-status.error'); return e && e.textContent;",
            "return document.querySelector('.ref-list .ref-item') !== null;",
        ),
        (
            "zh.txt",
            "#btn-lang",
            "const n = document.getElementById('note'); return n && /Chinese interface could not be loaded/.test(n.textContent) && n.textContent;",
            "return document.documentElement.lang === 'zh-CN';",
        ),
        (
            "puzzles.txt",
            "#btn-puzzles",
            "const e = document.querySelector('.pz-error'); return e && e.textContent;",
            "return document.querySelectorAll('.pz-list li').length > 3;",
        ),
    ];
    for (file, css, says, works) in cases {
        for kind in ["404", "garbage", "network", "late"] {
            let page = Page::open_with(1280, 800, Some(&fault(file, kind)));
            page.wait("return window.__warpscopeRestState === 'ready';");
            page.click(css);
            if kind == "late" {
                // Step goes on meanwhile (and shows the lanes: the tab is
                // opened again).
                page.step();
                if css.starts_with("#tab-") {
                    page.click(css);
                }
                page.wait(works);
            } else {
                let said = page.wait(says);
                eprintln!("{file} {kind}: {said}");
            }
            page.step();
            assert_eq!(page.page_errors(), json!([]), "{file} {kind}");
        }
    }
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn examples_that_cannot_be_read_are_said_and_the_work_stays() {
    // The example programs other than the start one come in a file read
    // with the second part. Missing, damaged or unreachable: choosing an
    // example says why and leaves the editor's text as it was, a new ISA
    // is chosen all the same, the menu still lists every title, and the
    // page steps. Late: the example opens once the file is here.
    let said = "const n = document.getElementById('note'); return n && /example programs could not be read/.test(n.textContent) && n.textContent;";
    let titles = "return document.querySelectorAll('#examples option').length;";
    for kind in ["404", "garbage", "network", "late"] {
        let page = Page::open_with(1280, 800, Some(&fault("examples.txt", kind)));
        assert_eq!(
            page.js(titles, vec![]),
            json!(1 + warpscope_core::examples::index_for("w128").count()),
            "{kind}: the menu lists every title from the start"
        );
        let start = page.source();
        page.choose("#examples", "vote_modes");
        if kind == "late" {
            page.wait("return document.querySelector('#editor textarea').value.includes('VOTE');");
            assert_eq!(
                page.source(),
                warpscope_core::examples::w128_example("vote_modes")
                    .unwrap()
                    .source
            );
        } else {
            let note = page.wait(said);
            eprintln!("examples.txt {kind}: {note}");
            assert_eq!(page.source(), start, "{kind}: the text stays");
            // The menu lists the new ISA's titles once it is chosen.
            let listed = |isa: &str| {
                format!(
                    "return document.querySelectorAll('#examples option').length === {};",
                    1 + warpscope_core::examples::index_for(isa).count()
                )
            };
            page.choose("#isa", "sm50");
            page.wait(&listed("sm50"));
            page.wait(said);
            assert_eq!(
                page.source(),
                start,
                "{kind}: the text stays under the new ISA"
            );
            page.choose("#isa", "w128");
            page.wait(&listed("w128"));
        }
        page.step();
        assert_eq!(page.page_errors(), json!([]), "{kind}");
    }
}
