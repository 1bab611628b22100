//! Helpers shared by the playground's browser tests: open the page, type
//! into the editor, click, press keys and read the DOM through small
//! scripts. Everything waits with a bound.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::Duration;
use warpscope_core::codec::decode::{self, FieldNote};
use warpscope_core::codec::encode;
use warpscope_core::disasm;
use warpscope_core::inst::Inst;
use warpscope_core::spec::model::Isa;
use xtask::server::Server;
use xtask::webdriver::Browser;

/// A served playground in a headless browser.
pub struct Page {
    pub browser: Browser,
    server: Server,
}

/// Bounded wait for every poll.
pub const WAIT: Duration = Duration::from_secs(20);

/// (name, lo, width) of every field the decoder notes: the spans the
/// bitfield view must draw.
fn field_spans(notes: &[FieldNote]) -> BTreeSet<(String, u32, u32)> {
    notes
        .iter()
        .map(|n| (n.name.clone(), n.lo, n.width))
        .collect()
}

impl Page {
    /// Serves the workspace and opens the playground at `w`×`h`.
    pub fn open(w: u32, h: u32) -> Page {
        Page::open_with(w, h, None)
    }

    /// Like [`Page::open`], with `script` run in every page before the
    /// app's own scripts (see [`Browser::before_load`]).
    pub fn open_with(w: u32, h: u32, script: Option<&str>) -> Page {
        Page::open_blocking(w, h, script, None)
    }

    /// Like [`Page::open_with`], with the requests for addresses holding
    /// `blocked` failing at the network from the start.
    pub fn open_blocking(w: u32, h: u32, script: Option<&str>, blocked: Option<&str>) -> Page {
        let root = xtask::root();
        assert!(
            root.join("static/pkg/warpscope_bg.wasm").exists(),
            "static/pkg is missing: run `cargo xtask build` first"
        );
        let server = Server::start(&root, 0).expect("static server starts");
        let browser = Browser::start(w, h).expect("chromium starts");
        if let Some(script) = script {
            browser
                .before_load(script)
                .expect("a script before the page");
        }
        if let Some(part) = blocked {
            browser.block(part).expect("blocking");
        }
        browser.open_app(&server.url()).expect("the app mounts");
        Page { browser, server }
    }

    /// Serves the workspace and opens the playground in a browser whose
    /// profile (storage included) lives in `profile` and outlives it.
    pub fn open_in_profile(w: u32, h: u32, profile: &std::path::Path) -> Page {
        let server = Server::start(&xtask::root(), 0).expect("static server starts");
        Page::browse(w, h, profile, server)
    }

    fn browse(w: u32, h: u32, profile: &std::path::Path, server: Server) -> Page {
        let browser =
            Browser::start_with_profile(w, h, profile.to_path_buf()).expect("chromium starts");
        browser.open_app(&server.url()).expect("the app mounts");
        Page { browser, server }
    }

    /// Closes the browser and opens it again on the same profile and
    /// address (the same origin, so the same storage).
    pub fn reopen(self, w: u32, h: u32, profile: &std::path::Path) -> Page {
        let Page { browser, server } = self;
        drop(browser);
        Page::browse(w, h, profile, server)
    }

    /// The served playground's address.
    pub fn url(&self) -> String {
        self.server.url()
    }

    /// Runs a script (`return ...;`) with arguments.
    pub fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.browser
            .eval(script, args)
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Polls a script until it returns something truthy.
    pub fn wait(&self, script: &str) -> Value {
        self.browser
            .wait_for(script, WAIT)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// Replaces the editor's text as select-all and typing would: Ctrl+A
    /// (a long text's text area holds only the lines around the view
    /// until Ctrl+A puts all of it there), then an `input` event.
    pub fn set_source(&self, text: &str) {
        self.js(
            "const t = document.querySelector('#editor textarea');
             t.focus();
             t.dispatchEvent(new KeyboardEvent('keydown', {key: 'a', ctrlKey: true, bubbles: true, cancelable: true}));
             t.value = arguments[0];
             t.setSelectionRange(0, 0);
             t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertText'}));
             return true;",
            vec![json!(text)],
        );
    }

    /// The editor's text.
    pub fn source(&self) -> String {
        self.js(
            "return document.querySelector('#editor textarea').value;",
            vec![],
        )
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// Clicks the first element matching `css` (a real click event, so it
    /// also works on SVG elements).
    pub fn click(&self, css: &str) {
        let ok = self.js(
            "const e = document.querySelector(arguments[0]);
             if (!e) return false;
             e.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
             return true;",
            vec![json!(css)],
        );
        assert_eq!(ok, json!(true), "nothing matches {css}");
    }

    /// Presses a key (keydown on the focused element, bubbling to the window).
    pub fn key(&self, key: &str, shift: bool, ctrl: bool) {
        self.js(
            "const t = document.activeElement || document.body;
             t.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], shiftKey: arguments[1], ctrlKey: arguments[2], bubbles: true, cancelable: true}));
             return true;",
            vec![json!(key), json!(shift), json!(ctrl)],
        );
    }

    /// Chooses an option of a `<select>` as a user would.
    pub fn choose(&self, css: &str, value: &str) {
        let ok = self.js(
            "const s = document.querySelector(arguments[0]);
             if (!s) return false;
             s.value = arguments[1];
             s.dispatchEvent(new Event('change', {bubbles: true}));
             return true;",
            vec![json!(css), json!(value)],
        );
        assert_eq!(ok, json!(true), "no select {css}");
    }

    /// Shows a tab beside the editor.
    pub fn tab(&self, name: &str) {
        self.click(&format!(".tabs [data-tab=\"{name}\"]"));
        self.wait(&format!(
            "return document.querySelector('.tab-body[data-tab=\"{name}\"]') !== null;"
        ));
    }

    /// Steps executed, as the header shows them.
    pub fn steps(&self) -> u64 {
        self.js(
            "return Number(document.querySelector('#run-status').dataset.steps);",
            vec![],
        )
        .as_u64()
        .expect("a step count")
    }

    /// Presses F10 and waits for the step counter to move.
    pub fn step(&self) {
        let before = self.steps();
        self.key("F10", false, false);
        self.wait(&format!(
            "return Number(document.querySelector('#run-status').dataset.steps) === {};",
            before + 1
        ));
    }

    /// Presses Shift+F10 and waits for the step counter to go back.
    pub fn back(&self) {
        let before = self.steps();
        self.key("F10", true, false);
        self.wait(&format!(
            "return Number(document.querySelector('#run-status').dataset.steps) === {};",
            before - 1
        ));
    }

    /// The grid's values of a per-lane register, lane 0 first.
    pub fn grid_reg(&self, reg: &str) -> Vec<u64> {
        let v = self.js(
            "return Array.from(document.querySelectorAll('#grid tr[data-reg=\"' + arguments[0] + '\"] td[data-lane]'))
                 .map(td => Number(td.dataset.value));",
            vec![json!(reg)],
        );
        v.as_array()
            .unwrap_or_else(|| panic!("no grid row {reg}"))
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect()
    }

    /// Saves a screenshot as target/e2e/NAME.png.
    pub fn shot(&self, name: &str) {
        let p = self
            .browser
            .save_screenshot(name)
            .expect("screenshot saved");
        assert!(std::fs::metadata(&p).unwrap().len() > 1000);
    }

    /// (name, lo, width) of every field span drawn in the bitfield view.
    pub fn drawn_fields(&self) -> BTreeSet<(String, u32, u32)> {
        let v = self.js(
            "return Array.from(document.querySelectorAll('#bitfield .fld[data-field]')).map(f =>
                [f.dataset.field, Number(f.dataset.lo), Number(f.dataset.width)]);",
            vec![],
        );
        v.as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f[0].as_str().unwrap().to_string(),
                    f[1].as_u64().unwrap() as u32,
                    f[2].as_u64().unwrap() as u32,
                )
            })
            .collect()
    }

    /// The word the bitfield view shows.
    pub fn bitfield_word(&self) -> u128 {
        let s = self.js(
            "return document.querySelector('#bitfield').dataset.word;",
            vec![],
        );
        u128::from_str_radix(s.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
    }

    /// Checks that the bitfield view shows `inst`: its word and the field
    /// spans core's decoder finds in it, which it returns.
    pub fn check_bitfield(&self, isa: &Isa, inst: &Inst) -> Vec<FieldNote> {
        let word = encode::encode(isa, inst);
        assert_eq!(self.bitfield_word(), word);
        let (_, notes) = decode::decode(isa, word).expect("the shown word decodes");
        assert_eq!(self.drawn_fields(), field_spans(&notes));
        notes
    }

    /// Clicks a bit of the bitfield view and checks the page against
    /// core's decoder for `isa`: the new instruction's text and fields, or
    /// the reason the word does not decode.
    pub fn flip_and_check(&self, isa: &Isa, bit: u32) {
        let before = self.bitfield_word();
        let after = before ^ (1u128 << bit);
        self.click(&format!("#bitfield .bit[data-bit=\"{bit}\"]"));
        self.wait(&format!(
            "return document.querySelector('#bitfield').dataset.word === '{after:#x}';"
        ));
        match decode::decode(isa, after) {
            Ok((inst, notes)) => {
                let shown = self.js(
                    "const e = document.querySelector('#bf-disasm'); return e && e.textContent;",
                    vec![],
                );
                assert_eq!(
                    shown,
                    json!(disasm::disasm(isa, &inst)),
                    "flipping bit {bit}"
                );
                assert_eq!(self.drawn_fields(), field_spans(&notes));
            }
            Err(e) => {
                let shown = self.js(
                    "const e = document.querySelector('#bf-error'); return e && e.textContent;",
                    vec![],
                );
                assert_eq!(shown, json!(e.to_string()), "flipping bit {bit}");
            }
        }
    }

    /// Emulates a screen of `w`×`h` CSS pixels at `scale` device pixels
    /// per CSS pixel (`mobile`: a phone, with touch).
    pub fn emulate(&self, w: u32, h: u32, scale: f64, mobile: bool) {
        self.browser
            .cdp(
                "Emulation.setDeviceMetricsOverride",
                json!({ "width": w, "height": h, "deviceScaleFactor": scale, "mobile": mobile }),
            )
            .expect("device metrics override");
        self.browser
            .cdp(
                "Emulation.setTouchEmulationEnabled",
                json!({ "enabled": mobile, "maxTouchPoints": 5 }),
            )
            .expect("touch emulation");
        // A phone's layout viewport may be wider than its screen.
        let width = if mobile {
            "screen.width"
        } else {
            "window.innerWidth"
        };
        self.wait(&format!("return {width} === {w};"));
    }

    /// Everything the page keeps in its store (IndexedDB `warpscope`,
    /// object store `kv`: `web/src/store.rs`), key by key; local
    /// storage's `warpscope.` keys when the store does not exist.
    pub fn stored(&self) -> serde_json::Map<String, Value> {
        self.js(
            "window.__wsStored = undefined;
             const r = indexedDB.open('warpscope');
             r.onsuccess = () => {
               const db = r.result;
               if (!db.objectStoreNames.contains('kv')) {
                 const o = {};
                 for (let i = 0; i < localStorage.length; i++) {
                   const k = localStorage.key(i);
                   if (k.startsWith('warpscope.')) o[k] = localStorage.getItem(k);
                 }
                 db.close();
                 window.__wsStored = o;
                 return;
               }
               const t = db.transaction('kv');
               const s = t.objectStore('kv');
               const ks = s.getAllKeys(), vs = s.getAll();
               t.oncomplete = () => {
                 const o = {};
                 ks.result.forEach((k, i) => { o[k] = vs.result[i]; });
                 db.close();
                 window.__wsStored = o;
               };
             };
             r.onerror = () => { window.__wsStored = { error: String(r.error) }; };
             return 1;",
            vec![],
        );
        let v = self.wait("return window.__wsStored === undefined ? null : window.__wsStored;");
        v.as_object().cloned().unwrap_or_default()
    }

    /// Errors collected by the page since it loaded.
    pub fn page_errors(&self) -> Value {
        self.js("return window.__warpscopeErrors;", vec![])
    }
}

/// Median, p95, min, max and the number of `xs` (timings, ms), as the
/// timing harnesses record them.
pub fn stats(mut xs: Vec<f64>) -> Value {
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    let p = |q: f64| xs[((n as f64 - 1.0) * q).round() as usize];
    json!({ "median": p(0.5), "p95": p(0.95), "min": xs[0], "max": xs[n - 1], "samples": n })
}

/// Reads `target/e2e/NAME` (a JSON object; empty when missing or not
/// JSON), lets `edit` change it, writes it back and returns its path: so
/// that the harnesses add to their results rather than replace them.
pub fn update_results(name: &str, edit: impl FnOnce(&mut Value)) -> std::path::PathBuf {
    let dir = xtask::root().join("target/e2e");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let mut all: Value = std::fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or(json!({}));
    edit(&mut all);
    std::fs::write(&path, serde_json::to_string_pretty(&all).unwrap()).unwrap();
    path
}

/// True once the playground is usable: the app has mounted, the editor,
/// the listing (with rows) and the register grid are shown, and Step is
/// enabled.
#[allow(unused_imports)]
pub use xtask::profile::READY;
