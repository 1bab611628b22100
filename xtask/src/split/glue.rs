//! What the wasm-bindgen glue gains for a split or recording build: the
//! `s` imports, the loader of the second part and `loadRest`.

use super::HOST_MODULE;

/// What the glue provides to the wasm's `s` imports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// `s.m`: collect the functions that ran in `window.__wsMarks`.
    Record,
    /// `s.l`: load the second part, and the `loadRest` export.
    Split,
}

/// The file name of the second part, next to the first.
pub const REST_FILE: &str = "warpscope_rest.wasm";

/// The glue for a recording build. Its `__warpscopeLoadRest` stands in
/// for the split's, so that the page runs the same code as it will when
/// split.
const RECORD_GLUE: &str = "
const __wsHost = { m(i) { (window.__wsMarks ||= new Set()).add(i); } };
window.__warpscopeLoadRest = async function () {};
";

/// The glue for a split build. `l` runs inside a wasm call the first time a
/// moved function is called, so it cannot wait: it uses the module that
/// `loadRest` compiled if there is one and otherwise fetches it
/// synchronously (the bytes as x-user-defined text, the only binary form a
/// synchronous request gives a window). `window.__warpscopeRest` says how
/// the second part came: `fetched` in the background, or `requested` at
/// once; `window.__warpscopeRestAt` when (the start-up bench reads both).
/// `window.__warpscopeLoadRest` is `loadRest` for the page's own code (a
/// start that needs the rest before it can show, `web/src/fetch.rs`).
/// Once the rest is in, `loadRest` also reads the files the page reads at
/// once when it needs them (the bundled puzzles) into
/// `window.__warpscopeFiles`, where `fetch::text_now` looks first.
const SPLIT_GLUE: &str = "
const __wsRestUrl = new URL('{REST_FILE}', import.meta.url);
let __wsRest;
function __wsInstall(m, how) {
    if (!wasm.$loaded.value) {
        new WebAssembly.Instance(m, { p: wasm });
        wasm.$loaded.value = 1;
        window.__warpscopeRest = how;
        window.__warpscopeRestAt = performance.now();
    }
}
const __wsHost = { l() {
    if (wasm.$loaded.value) return;
    if (!__wsRest) {
        const x = new XMLHttpRequest();
        x.open('GET', __wsRestUrl, false);
        x.overrideMimeType('text/plain; charset=x-user-defined');
        x.send();
        if (x.status !== 200) throw new Error('cannot load ' + __wsRestUrl + ': ' + x.status);
        const t = x.responseText, b = new Uint8Array(t.length);
        for (let i = 0; i < t.length; i++) b[i] = t.charCodeAt(i);
        __wsRest = new WebAssembly.Module(b);
        __wsInstall(__wsRest, 'requested');
    }
    __wsInstall(__wsRest, 'fetched');
} };
/** Fetches, compiles and installs the part of the wasm that starting the page does not run. */
window.__warpscopeLoadRest = loadRest;
export async function loadRest() {
    if (wasm === undefined || wasm.$loaded.value) return;
    const r = await fetch(__wsRestUrl);
    if (!r.ok) throw new Error('cannot load ' + __wsRestUrl + ': ' + r.status);
    const m = await WebAssembly.compile(await r.arrayBuffer());
    __wsRest = __wsRest || m;
    __wsInstall(__wsRest, 'fetched');
    // The files the page reads at once when it needs them, read now: a
    // synchronous request does not reach the service worker, so offline
    // it would fail where this finds the stored copy.
    const files = window.__warpscopeFiles ||= {};
    for (const name of {PREFETCH}) {
        fetch(new URL(name, import.meta.url))
            .then((r) => (r.ok ? r.text() : null))
            .then((t) => { if (t !== null) files[name] = t; }, () => {});
    }
}
";

/// `glue` (wasm-bindgen's, for `--target web`) with the `s` imports added;
/// `None` when it is not of the expected shape.
pub fn patch_glue(glue: &str, mode: Mode) -> Option<String> {
    let prefetch = format!("[\"{}\"]", warpscope_core::puzzle::BUNDLED_FILE);
    const AT: &str = "\"./warpscope_bg.js\": import0,";
    if glue.matches(AT).count() != 1 || !glue.contains("let wasmModule, wasmInstance, wasm;") {
        return None;
    }
    let mut out = glue.replace(AT, &format!("{AT} {HOST_MODULE}: __wsHost,"));
    out.push_str(&match mode {
        Mode::Record => RECORD_GLUE.to_string(),
        Mode::Split => SPLIT_GLUE
            .replace("{REST_FILE}", REST_FILE)
            .replace("{PREFETCH}", &prefetch),
    });
    Some(out)
}
