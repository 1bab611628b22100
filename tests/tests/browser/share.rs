//! Browser tests of permalinks, autosave and embed mode. Links are made and
//! read here with warpscope-core's codec, and expected machine states come
//! from core's simulator: the page must restore what core says the link
//! holds.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored share::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::{json, Value};
use warpscope_core::examples::{example_header, w128_example};
use warpscope_core::link::{decode_link, encode_link, LinkState};
use warpscope_core::sim::{LaunchConfig, Sim};
use warpscope_core::{asm, disasm, isas};

/// The page's origin (`http://127.0.0.1:PORT`).
fn origin(page: &Page) -> String {
    page.js("return location.origin;", vec![])
        .as_str()
        .unwrap()
        .to_string()
}

/// Loads the page afresh (a new document, not a fragment change) at
/// `/?QUERY#FRAGMENT`, and waits for the app.
fn load(page: &Page, query: &str, fragment: &str) {
    let url = if fragment.is_empty() {
        format!("{}/?{query}", origin(page))
    } else {
        format!("{}/?{query}#{fragment}", origin(page))
    };
    page.browser.open_app(&url).expect("the app mounts");
}

/// The autosaved state, read back with core's decoder.
fn autosaved(page: &Page) -> Option<LinkState> {
    let stored = page.stored();
    stored
        .get("warpscope.autosave")
        .and_then(|v| v.as_str())
        .map(|f| decode_link(f).expect("autosave is a valid link"))
}

/// Waits until the autosave holds `source`.
fn wait_autosaved(page: &Page, source: &str) {
    let t = std::time::Instant::now();
    loop {
        if autosaved(page).is_some_and(|s| s.source == source) {
            return;
        }
        assert!(
            t.elapsed() < crate::browser_util::WAIT,
            "autosave never held the text"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

fn selected_row(page: &Page) -> Value {
    page.js(
        "const r = document.querySelector('#listing tr.selected'); return r ? Number(r.dataset.index) : null;",
        vec![],
    )
}

fn banner(page: &Page) -> (String, String) {
    let v = page.js(
        "const b = document.querySelector('#link-banner');
         return b ? [b.dataset.kind, b.querySelector('.banner-text').textContent] : null;",
        vec![],
    );
    let a = v.as_array().expect("a banner is shown");
    (
        a[0].as_str().unwrap().to_string(),
        a[1].as_str().unwrap().to_string(),
    )
}

/// A register's value in every lane after `steps` steps, from core's simulator.
fn core_reg_after(source: &str, steps: u64, reg: u8) -> Vec<u64> {
    let isa = isas::w128();
    let prog = asm::assemble(isa, source).expect("assembles");
    let mut sim = Sim::new(isa, &prog, LaunchConfig::default());
    for _ in 0..steps {
        sim.step().expect("a step runs");
    }
    sim.state().reg(reg).iter().map(|&v| v as u64).collect()
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn a_link_restores_source_selection_step_and_view() {
    let ex = w128_example("butterfly_sum").unwrap();
    let mut state = LinkState::new("w128", ex.source);
    state.step = Some(4);
    state.selected = Some(2);
    state.view = vec![
        ("fmt".into(), "hex".into()),
        ("theme".into(), "dark".into()),
        ("bp".into(), "20".into()),
    ];
    let frag = encode_link(&state);
    println!(
        "butterfly_sum at step 4: link fragment of {} characters",
        frag.len()
    );

    let page = Page::open(1366, 900);
    load(&page, "open", &frag);
    page.wait("return document.querySelector('#run-status').dataset.steps === '4';");

    assert_eq!(page.source(), ex.source);
    assert_eq!(selected_row(&page), json!(2));
    assert_eq!(
        page.js("return document.documentElement.dataset.theme;", vec![]),
        json!("dark")
    );
    assert_eq!(
        page.js(
            "return document.querySelector('.fmt-now').textContent;",
            vec![]
        ),
        json!("values: hex")
    );
    assert_eq!(
        page.js(
            "return document.querySelector('.gutter-line[data-line=\"20\"]').dataset.breakpoint;",
            vec![]
        ),
        json!("true")
    );
    // The machine is where core's simulator is after four steps.
    assert_eq!(page.grid_reg("R0"), core_reg_after(ex.source, 4, 0));
    assert_eq!(page.grid_reg("R1"), core_reg_after(ex.source, 4, 1));
    // The diagram shows the fourth step (numbered from 0).
    assert_eq!(
        page.js(
            "return document.querySelector('#diagram').dataset.step;",
            vec![]
        ),
        json!("3")
    );
    // The example's explanation panel, from its header.
    let (title, _) = example_header(ex.source);
    assert_eq!(
        page.js(
            "return document.querySelector('#explain-title').textContent;",
            vec![]
        ),
        json!(title)
    );
    // The link stays in the address bar while the program matches it.
    assert_eq!(
        page.js("return location.hash;", vec![]),
        json!(format!("#{frag}"))
    );
    // A fresh profile had no work of its own: nothing to offer back.
    assert!(page
        .js(
            "return document.querySelector('#btn-restore') === null;",
            vec![]
        )
        .as_bool()
        .unwrap());
    page.shot("link_opened");

    // A second link pasted into the same page (hashchange): it replaces the
    // work, and the banner offers it back.
    wait_autosaved(&page, ex.source);
    let mut other = LinkState::new("w128", "S2R R1, SR_LANEID\nEXIT\n");
    other.step = Some(1);
    let frag2 = encode_link(&other);
    page.js(
        "location.hash = arguments[0]; return true;",
        vec![json!(frag2)],
    );
    page.wait("return document.querySelector('#run-status').dataset.steps === '1';");
    assert_eq!(page.source(), other.source);
    let (kind, text) = banner(&page);
    assert_eq!(kind, "info");
    assert!(text.contains("shared link"), "{text}");
    assert_eq!(page.grid_reg("R1"), core_reg_after(&other.source, 1, 1));
    page.shot("link_replaced_work");
    page.click("#btn-restore");
    page.wait("return document.querySelector('#run-status').dataset.steps === '4';");
    assert_eq!(page.source(), ex.source);
    assert!(page
        .js(
            "return document.querySelector('#link-banner') === null;",
            vec![]
        )
        .as_bool()
        .unwrap());
    // Both programs are in the history of earlier work.
    let stored = page.stored();
    let hist = &stored["warpscope.previous"];
    let hist: Vec<LinkState> = hist
        .as_str()
        .unwrap()
        .lines()
        .map(|f| decode_link(f).unwrap())
        .collect();
    assert!(hist.iter().any(|s| s.source == ex.source));
    assert!(hist.iter().any(|s| s.source == other.source));
    // Restoring edits the program: the address bar no longer holds a link.
    page.wait("return location.hash === '';");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn bad_links_show_a_message_and_keep_autosaved_work() {
    let page = Page::open(1366, 900);
    let typed = "// my own work\n.init R0 = lane\n    SHFL.UP P0, R1, R0, 0x1, 0x0\n    EXIT\n";
    page.set_source(typed);
    wait_autosaved(&page, typed);

    // A reload brings the work back.
    load(&page, "reload", "");
    assert_eq!(page.source(), typed);

    let good = encode_link(&LinkState::new(
        "w128",
        w128_example("broadcast").unwrap().source,
    ));
    let mid = good.len() / 2;
    let flip = if &good[mid..mid + 1] == "A" { "B" } else { "A" };
    let cases = [
        ("truncated", good[..good.len() - 7].to_string()),
        (
            "corrupted",
            format!("{}{flip}{}", &good[..mid], &good[mid + 1..]),
        ),
        ("version", format!("v9{}", &good[2..])),
        ("not-a-link", "hello-world".to_string()),
        ("bad-char", format!("{}*{}", &good[..10], &good[11..])),
        ("oversized", format!("v1.{}", "A".repeat(400_000))),
    ];
    for (name, bad) in &cases {
        load(&page, name, bad);
        page.wait("return document.querySelector('#link-banner') !== null;");
        assert_eq!(page.source(), typed, "{name}: the work is kept");
        // The message is core's, for the fragment as the page read it.
        let seen = page.js("return location.hash.slice(1);", vec![]);
        let err = decode_link(seen.as_str().unwrap()).expect_err(name);
        let (kind, text) = banner(&page);
        assert_eq!(kind, "error", "{name}");
        assert!(text.contains(&err.to_string()), "{name}: {text}");
        assert_eq!(
            autosaved(&page).map(|s| s.source),
            Some(typed.to_string()),
            "{name}: the autosave is untouched"
        );
        if *name == "corrupted" {
            page.shot("link_corrupted");
        }
        assert_eq!(page.page_errors(), json!([]), "{name}");
    }

    // An ISA this version does not know: a warning, the text as written.
    load(&page, "unknown-isa", "v1.Y2AuNzNhAZURE94BAA");
    page.wait("return document.querySelector('#link-banner') !== null;");
    assert_eq!(page.source(), "NOP\n");
    let (kind, text) = banner(&page);
    assert_eq!(kind, "warning");
    assert!(text.contains("`w64`"), "{text}");
    assert!(page
        .js(
            "return document.querySelector('#btn-restore') !== null;",
            vec![]
        )
        .as_bool()
        .unwrap());
    page.click("#btn-restore");
    page.wait(
        "return document.querySelector('#editor textarea').value.startsWith('// my own work');",
    );
    assert_eq!(page.source(), typed);

    // Hostile text is only text.
    let hostile =
        "<img src=x onerror=\"window.__pwned=1\"><script>window.__pwned=2</script>\nEXIT\n";
    load(
        &page,
        "hostile",
        &encode_link(&LinkState::new("w128", hostile)),
    );
    page.wait("return document.querySelector('#editor textarea').value.startsWith('<img');");
    assert_eq!(page.source(), hostile);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(
        page.js(
            "return [typeof window.__pwned, document.querySelectorAll('img[src=x], .app script').length];",
            vec![]
        ),
        json!(["undefined", 0])
    );
    let shown = page.js(
        "return document.querySelector('.hl-line[data-line=\"1\"]').textContent;",
        vec![],
    );
    assert!(shown.as_str().unwrap().starts_with("<img src=x"));
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn share_puts_the_state_in_the_address_bar() {
    let page = Page::open(1366, 900);
    let src = w128_example("inclusive_scan").unwrap().source;
    page.set_source(src);
    // Wait for this program's listing (the default one has as many rows).
    let prog = asm::assemble(isas::w128(), src).unwrap();
    let first = disasm::disasm(isas::w128(), &prog.lines[0].inst);
    page.wait(&format!(
        "const r = document.querySelectorAll('#listing tbody tr');
         return document.querySelector('#listing').dataset.stale === 'false'
             && r.length === {} && r[0].querySelector('.dis').textContent === {};",
        prog.lines.len(),
        json!(first)
    ));
    page.step();
    page.step();
    page.step();
    page.click(".fmt-toggle [data-fmt=\"hex\"]");
    page.wait("return document.querySelector('.fmt-now').textContent === 'values: hex';");
    page.click("#btn-share");
    page.wait("const n = document.querySelector('#note'); const p = document.querySelector('#share-popover');
               return (n && n.textContent.includes('characters')) || p !== null;");
    let hash = page.js("return location.hash.slice(1);", vec![]);
    let got = decode_link(hash.as_str().unwrap()).expect("the address bar holds a link");
    let sel = selected_row(&page).as_u64().map(|i| i as u32);
    let mut want = LinkState::new("w128", src);
    want.step = Some(3);
    want.selected = sel;
    want.view = vec![("fmt".into(), "hex".into())];
    assert_eq!(got, want);
    let href_len = page
        .js("return location.href.length;", vec![])
        .as_u64()
        .unwrap();
    let said = page.js(
        "const n = document.querySelector('#note'); const u = document.querySelector('#share-url');
         return n && n.textContent.includes('characters') ? n.textContent : document.querySelector('#share-popover').textContent + ' ' + u.value;",
        vec![],
    );
    assert!(
        said.as_str()
            .unwrap()
            .contains(&format!("{href_len} characters")),
        "{said}"
    );
    println!(
        "inclusive_scan shared at step 3: {} characters of fragment, {href_len} of URL",
        hash.as_str().unwrap().len()
    );

    // Without a clipboard the link is shown, selected, for copying by hand.
    page.js(
        "Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true});
         history.replaceState(null, '', location.pathname + location.search); return true;",
        vec![],
    );
    page.key("S", true, true);
    page.wait("return document.querySelector('#share-popover') !== null;");
    let url = page.js("return document.querySelector('#share-url').value;", vec![]);
    assert_eq!(url, page.js("return location.href;", vec![]));
    assert_eq!(
        decode_link(url.as_str().unwrap()).unwrap(),
        want,
        "Ctrl+Shift+S shares the same state"
    );
    assert_eq!(
        page.js("return document.activeElement.id;", vec![]),
        json!("share-url")
    );
    page.shot("share_popover");

    // Shift+click: an iframe snippet of the same state in embed mode.
    page.js(
        "document.querySelector('#btn-share').dispatchEvent(new MouseEvent('click', {bubbles: true, shiftKey: true}));
         return true;",
        vec![],
    );
    page.wait("return document.querySelector('#share-url').value.startsWith('<iframe');");
    let snippet = page.js("return document.querySelector('#share-url').value;", vec![]);
    let snippet = snippet.as_str().unwrap();
    let src_attr = snippet
        .split("src=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let mut embedded = want.clone();
    embedded.view.push(("embed".into(), "1".into()));
    assert_eq!(decode_link(src_attr).unwrap(), embedded);
    assert!(
        snippet.contains("title=\"warpscope: Inclusive prefix sum"),
        "{snippet}"
    );

    // Editing takes the stale link out of the address bar.
    page.set_source(&format!("{src}// edited\n"));
    page.wait("return location.hash === '';");

    // Ctrl+S says what really happens.
    page.key("s", false, true);
    page.wait("const n = document.querySelector('#note'); return n && n.textContent.includes('autosaved');");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn embed_mode_is_compact_and_links_to_the_full_view() {
    let ex = w128_example("ballot_popc").unwrap();
    let (state, frag) = embed_link("ballot_popc", 2);

    // About 800×480 of page: the window has room for the browser's bars.
    let page = Page::open(800, 623);
    load(&page, "embed", &frag);
    page.wait("return document.querySelector('#run-status').dataset.steps === '2';");
    assert_eq!(
        page.js(
            "return [document.querySelector('#app-root').dataset.embed,
                     document.querySelector('#editor textarea').readOnly,
                     document.querySelector('#diagram') !== null,
                     document.querySelector('#listing') === null,
                     document.querySelector('#grid') === null,
                     document.querySelector('#btn-share') === null];",
            vec![]
        ),
        json!(["true", true, true, true, true, true])
    );
    assert_eq!(page.source(), ex.source);
    let (title, _) = example_header(ex.source);
    assert_eq!(
        page.js(
            "return document.querySelector('#embed-title').textContent;",
            vec![]
        ),
        json!(title)
    );
    page.shot("embed");
    // The page fills its frame exactly, without a scroll bar, and the
    // editor gets the room the diagram leaves.
    assert_eq!(
        page.js(
            "return [document.documentElement.scrollHeight <= window.innerHeight,
                     Math.abs(document.querySelector('.app').getBoundingClientRect().height - window.innerHeight) < 1,
                     document.querySelector('.embed-editor').getBoundingClientRect().height > 100];",
            vec![]
        ),
        json!([true, true, true])
    );

    // Open in warpscope: the same state without embed, in a new tab.
    let open = page.js(
        "const a = document.querySelector('#open-full'); return [a.textContent, a.target, a.href];",
        vec![],
    );
    assert!(open[0].as_str().unwrap().contains("Open in warpscope"));
    assert_eq!(open[1], json!("_blank"));
    let mut full = state.clone();
    full.view.clear();
    assert_eq!(decode_link(open[2].as_str().unwrap()).unwrap(), full);

    // The step controls work, and the link follows the step.
    page.click("#btn-step");
    page.wait("return document.querySelector('#run-status').dataset.steps === '3';");
    let href = page.js("return document.querySelector('#open-full').href;", vec![]);
    assert_eq!(decode_link(href.as_str().unwrap()).unwrap().step, Some(3));

    // Nothing of an embedded view is saved over the viewer's own work.
    std::thread::sleep(std::time::Duration::from_millis(600));
    assert_eq!(autosaved(&page), None);

    // In an iframe, as a blog post would show it.
    let src = format!("{}/?framed#{frag}", origin(&page));
    page.js(
        "document.body.innerHTML = '';
         const f = document.createElement('iframe');
         f.src = arguments[0]; f.width = 760; f.height = 420; f.style.border = '1px solid #888';
         f.title = 'warpscope';
         document.body.appendChild(f); return true;",
        vec![json!(src)],
    );
    page.wait(
        "const f = document.querySelector('iframe');
         return f && f.contentDocument && f.contentDocument.querySelector('#run-status[data-steps=\"2\"]') !== null;",
    );
    page.shot("embed_iframe");
    assert_eq!(page.page_errors(), json!([]));
}

/// The state and the link of bundled example `id` at step `step` in embed
/// mode.
fn embed_link(id: &str, step: u64) -> (LinkState, String) {
    let ex = w128_example(id).unwrap_or_else(|| panic!("example {id}"));
    let mut state = LinkState::new("w128", ex.source);
    state.step = Some(step);
    state.view = vec![("embed".into(), "1".into())];
    let frag = encode_link(&state);
    (state, frag)
}

/// Puts an iframe of `w`×`h` showing `/?framed#FRAG` on the page and waits
/// for it to reach step `steps`.
fn frame(page: &Page, frag: &str, (w, h): (u32, u32), steps: u64) {
    let src = format!("{}/?framed#{frag}", origin(page));
    page.js(
        "document.body.innerHTML = '';
         document.body.style.margin = '0';
         const f = document.createElement('iframe');
         f.src = arguments[0]; f.width = arguments[1]; f.height = arguments[2]; f.style.border = '0';
         f.title = 'warpscope';
         document.body.appendChild(f); return true;",
        vec![json!(src), json!(w), json!(h)],
    );
    page.wait(&format!(
        "const f = document.querySelector('iframe');
         return f && f.contentDocument && f.contentDocument.querySelector('#run-status[data-steps=\"{steps}\"]') !== null;"
    ));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn embeds_fit_a_small_frame_follow_the_readers_theme_and_take_options() {
    let (state, frag) = embed_link("butterfly_sum", 3);

    let page = Page::open(1000, 700);
    // A reader whose system prefers dark gets dark, unless the link fixes
    // a theme.
    page.browser
        .cdp(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": "dark"}]}),
        )
        .expect("media emulated");
    load(&page, "embed-dark", &frag);
    page.wait("return document.querySelector('#run-status').dataset.steps === '3';");
    assert_eq!(
        page.js("return document.documentElement.dataset.theme;", vec![]),
        json!("dark")
    );
    let mut light = state.clone();
    light.view.push(("theme".into(), "light".into()));
    load(&page, "embed-light", &encode_link(&light));
    page.wait("return document.querySelector('#run-status').dataset.steps === '3';");
    assert_eq!(
        page.js("return document.documentElement.dataset.theme;", vec![]),
        json!("light")
    );

    // In a 560×315 frame (a 16:9 video-sized slot): nothing scrolls
    // sideways, the page itself does not scroll, and the controls and the
    // way out are inside the frame.
    frame(&page, &frag, (560, 315), 3);
    let fit = page.js(
        "const d = document.querySelector('iframe').contentDocument;
         const w = d.defaultView;
         const inside = sel => { const r = d.querySelector(sel).getBoundingClientRect();
             return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= w.innerWidth + 0.5 && r.bottom <= w.innerHeight + 0.5; };
         return [d.documentElement.scrollWidth <= w.innerWidth,
                 d.documentElement.scrollHeight <= w.innerHeight,
                 inside('#open-full'), inside('#btn-step'), inside('#btn-back'), inside('#run-status'),
                 d.querySelector('.embed-diagram').getBoundingClientRect().height >= 60,
                 d.querySelector('.embed-editor').getBoundingClientRect().height >= 60];",
        vec![],
    );
    // The diagram's text is never under 9 CSS px: too wide for the frame,
    // the diagram scrolls inside its pane instead of shrinking.
    let text = page.js(
        "const d = document.querySelector('iframe').contentDocument;
         const svg = d.querySelector('#diagram svg');
         const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
         const sizes = Array.from(svg.querySelectorAll('text')).filter(t => t.textContent.trim() !== '')
             .map(t => parseFloat(d.defaultView.getComputedStyle(t).fontSize) * k);
         const scrolls = ['#diagram', '.embed-diagram'].map(q => d.querySelector(q)).some(e => e.scrollWidth > e.clientWidth + 1);
         return [Math.min(...sizes), sizes.length, scrolls];",
        vec![],
    );
    assert!(
        text[0].as_f64().unwrap_or(0.0) >= 8.95 && text[1].as_u64().unwrap_or(0) > 32,
        "{text}"
    );
    assert_eq!(
        text[2],
        json!(true),
        "the diagram scrolls in its pane: {text}"
    );
    page.shot("embed_560x315");
    assert_eq!(
        fit,
        json!([true, true, true, true, true, true, true, true]),
        "{fit}"
    );

    // font=18 sets the program's text size; grid=1 adds the warp state.
    let mut opts = state.clone();
    opts.view.push(("font".into(), "18".into()));
    opts.view.push(("grid".into(), "1".into()));
    frame(&page, &encode_link(&opts), (800, 450), 3);
    let shown = page.js(
        "const d = document.querySelector('iframe').contentDocument;
         return [d.defaultView.getComputedStyle(d.querySelector('.code textarea')).fontSize,
                 d.querySelector('#grid') !== null,
                 d.querySelector('#open-full').href.includes('#v1.')];",
        vec![],
    );
    assert_eq!(shown, json!(["18px", true, true]));
    let href = page.js(
        "return document.querySelector('iframe').contentDocument.querySelector('#open-full').href;",
        vec![],
    );
    let full = decode_link(href.as_str().unwrap()).unwrap();
    assert!(
        full.view
            .iter()
            .all(|(k, _)| k != "font" && k != "grid" && k != "embed"),
        "the full view drops the embed's keys: {:?}",
        full.view
    );
    page.shot("embed_font_grid");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn autosave_survives_a_reload_with_the_view() {
    let page = Page::open(1366, 900);
    page.choose("#examples", "vote_modes");
    let src = w128_example("vote_modes").unwrap().source;
    page.wait(
        "return document.querySelector('#editor textarea').value.startsWith('// Title: VOTE');",
    );
    page.click("#btn-theme");
    page.step();
    page.step();
    page.tab("Reference");
    let steps_src = page.source();
    assert_eq!(steps_src, src);
    std::thread::sleep(std::time::Duration::from_millis(500));
    load(&page, "again", "");
    page.wait("return document.querySelector('#run-status').dataset.steps === '2';");
    assert_eq!(page.source(), src);
    assert_eq!(
        page.js(
            "return [document.documentElement.dataset.theme, document.querySelector('.tab-body').dataset.tab];",
            vec![]
        ),
        json!(["dark", "Reference"])
    );
    assert!(page
        .js(
            "return document.querySelector('#explain') !== null;",
            vec![]
        )
        .as_bool()
        .unwrap());
    page.click("#btn-explain-close");
    page.wait("return document.querySelector('#explain') === null;");
    assert_eq!(page.page_errors(), json!([]));
}
