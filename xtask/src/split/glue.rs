//! What the wasm-bindgen glue gains for a split or recording build: the
//! `s` imports, the loader of the second part and `loadRest`.

use super::HOST_MODULE;

/// What the glue provides to the wasm's `s` imports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// `s.m`: collect the functions that ran in `window.__wsMarks`.
    Record,
    /// `s.l`: install the second part, and the `loadRest` export; the
    /// second part's digest ([`digest`]).
    Split(u32),
}

/// The file name of the second part, next to the first.
pub const REST_FILE: &str = "warpscope_rest.wasm";

/// The name of the features' style sheet next to the bundle: the rules
/// of the views that wait for the second part, which the glue fetches
/// with it (docs/perf.md, "The features' style sheet").
pub const FEATURES_FILE: &str = "features.css";

/// The glue for a recording build. Its `__warpscopeLoadRest` stands in
/// for the split's, so that the page runs the same code as it will when
/// split.
const RECORD_GLUE: &str = "
const __wsHost = { m(i) { (window.__wsMarks ||= new Set()).add(i); } };
window.__warpscopeLoadRest = async function () {};
";

/// The glue for a split build (docs/perf.md, "Loading the rest"). Nothing
/// here ever waits on the network inside a wasm call:
///
/// - `loadRest` fetches the second part, checks that its bytes are the
///   ones this build wrote (an FNV-1a digest, so a tab left open across a
///   deploy never installs another build's part), compiles and installs
///   it, puts the features' style sheet (checked the same way) in the
///   page, and reads the files the page reads at once when it needs them
///   (the bundled puzzles). One load at a time; a failed one can be tried
///   again. Its failure says why in words: offline, the server's answer,
///   damaged, or another version.
/// - `s.l` (the stubs' loader) installs the part if it has been compiled;
///   if not, it throws, and the page's last-resort handler (index.html)
///   says so. The gate below keeps that from happening.
/// - The gate: until the part is installed, a person's click, change or
///   key outside the parts of the page marked `data-core` (the editor, the
///   listing, the run controls, the lanes: everything the first part runs
///   by itself, `web/first-part.txt`), or inside one marked
///   `data-needs-rest` within them (the export buttons), or a key in one
///   marked `data-keys-need-rest` (the listing's and the lane numbers' arrow
///   keys, whose handlers wait in the part), is held, the control marked busy, and the part loaded;
///   then the event is given again. If it cannot be loaded, the
///   `#ws-rest` line says why, with Retry (or Reload, for a new version).
///
/// `window.__warpscopeRest` says how the part came (`fetched`) and
/// `window.__warpscopeRestAt` when; `window.__warpscopeRestState` is
/// `loading`, `ready` or `failed` (the Rust side reads it, `web/src/lazy.rs`).
const SPLIT_GLUE: &str = r#"
const __wsRestUrl = new URL('{REST_FILE}', import.meta.url);
const __wsDigest = {DIGEST};
// The digests of this build's files fetched when first needed (the page
// refuses another build's: `web/src/fetch.rs`).
window.__warpscopeDigests = {FILES};
let __wsRest, __wsLoading;
const __wsHex = (b) => __wsFnv(b).toString(16).padStart(8, '0');
/** Whether `bytes` are this build's file `name` (true for a file it does not list). */
window.__warpscopeIsOurs = (name, bytes) => !(name in window.__warpscopeDigests) || __wsHex(bytes) === window.__warpscopeDigests[name];
function __wsFnv(b) {
    let h = 0x811c9dc5;
    for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i], 0x01000193);
    return h >>> 0;
}
function __wsInstall(m) {
    if (!wasm.$loaded.value) {
        new WebAssembly.Instance(m, { p: wasm });
        wasm.$loaded.value = 1;
        window.__warpscopeRest = 'fetched';
        window.__warpscopeRestAt = performance.now();
        window.__warpscopeRestState = 'ready';
    }
}
const __wsHost = { l() {
    if (wasm.$loaded.value) return;
    if (__wsRest) return __wsInstall(__wsRest);
    throw new Error('warpscope: a part of the page is not loaded (' + __wsRestUrl.pathname + ')');
} };
function __wsFail(kind, text) {
    const e = new Error(text);
    e.kind = kind;
    return e;
}
async function __wsNewVersion() {
    try {
        const r = await fetch(new URL('warpscope.js', import.meta.url), { cache: 'no-store' });
        return r.ok && !(await r.text()).includes(__wsDigest);
    } catch (e) {
        return false;
    }
}
/** The bytes at `url` once `ours(bytes)`; else a failure that says why. */
async function __wsGet(url, ours) {
    let r, bytes;
    try {
        r = await fetch(url);
    } catch (e) {
        throw __wsFail('offline', 'the network could not be reached (offline?)');
    }
    if (!r.ok) {
        if (await __wsNewVersion()) throw __wsFail('version', 'a new version of warpscope is available');
        throw __wsFail('server', 'the server answered ' + r.status);
    }
    try {
        bytes = new Uint8Array(await r.arrayBuffer());
    } catch (e) {
        throw __wsFail('offline', 'the download broke off');
    }
    if (!ours(bytes)) {
        if (await __wsNewVersion()) throw __wsFail('version', 'a new version of warpscope is available');
        throw __wsFail('damaged', 'the file arrived damaged');
    }
    return bytes;
}
/** Puts the features' style sheet in the page, once. */
async function __wsStyle() {
    if (document.getElementById('ws-features')) return;
    const name = '{FEATURES}';
    const bytes = await __wsGet(new URL(name, import.meta.url), (b) => window.__warpscopeIsOurs(name, b));
    if (document.getElementById('ws-features')) return;
    const style = document.createElement('style');
    style.id = 'ws-features';
    style.textContent = new TextDecoder().decode(bytes);
    document.head.appendChild(style);
}
async function __wsLoad() {
    let bytes, m;
    // The files the page reads at once when it needs them (the bundled
    // puzzles, the examples), read beside the part and before it is installed: a
    // feature that waited for the part finds them (or their absence).
    const files = window.__warpscopeFiles ||= {};
    const reading = Promise.all({PREFETCH}.filter((n) => !(n in files)).map((name) =>
        fetch(new URL(name, import.meta.url))
            .then((r) => (r.ok ? r.arrayBuffer() : null))
            .then((b) => {
                if (b !== null && window.__warpscopeIsOurs(name, new Uint8Array(b))) {
                    files[name] = new TextDecoder().decode(b);
                }
            }, () => {})));
    // The features' styles come with their code, checked the same way;
    // either failing fails the load, which Retry tries again.
    const styled = __wsStyle();
    styled.catch(() => {});
    bytes = await __wsGet(__wsRestUrl, (b) => __wsHex(b) === __wsDigest);
    try {
        m = await WebAssembly.compile(bytes);
    } catch (e) {
        throw __wsFail('damaged', 'the file arrived damaged');
    }
    await styled;
    await reading;
    __wsRest = __wsRest || m;
    __wsInstall(__wsRest);
}
/** Fetches, checks, compiles and installs the part of the wasm that starting the page does not run; one load at a time. */
export function loadRest() {
    if (wasm === undefined) return Promise.reject(__wsFail('early', 'the page has not started'));
    if (wasm.$loaded.value) return Promise.resolve();
    if (!__wsLoading) {
        window.__warpscopeRestState = 'loading';
        __wsLoading = __wsLoad().catch((e) => {
            __wsLoading = undefined;
            window.__warpscopeRestState = 'failed';
            window.__warpscopeRestError = e.kind ? e.message : 'it could not be started (' + e + ')';
            throw window.__warpscopeRestError;
        });
    }
    return __wsLoading;
}
window.__warpscopeLoadRest = loadRest;
const __wsHeld = [];
function __wsLine(html) {
    let el = document.getElementById('ws-rest');
    if (!el) {
        el = document.createElement('div');
        el.id = 'ws-rest';
        el.className = 'ws-rest';
        el.setAttribute('role', 'status');
        document.body.appendChild(el);
    }
    el.innerHTML = html;
    el.hidden = html === '';
    return el;
}
function __wsName(t) {
    const c = t.closest('button,select,a,[role=tab],[role=menuitem]') || t;
    const s = (c.getAttribute('aria-label') || c.title || c.textContent || '').trim().replace(/\s+/g, ' ');
    return s.length > 40 ? s.slice(0, 40) + '…' : s;
}
let __wsGiving = false;
function __wsHolds(e) {
    if (wasm === undefined || wasm.$loaded.value || __wsGiving) return false;
    const t = e.target;
    if (!(t instanceof Element) || !t.closest('#app') ) return false;
    if (e.type === 'keydown') {
        const mod = e.ctrlKey || e.altKey || e.metaKey;
        if (mod) return !['Enter', 'z', 'Z', 'y', 'Y', 'a', 'A', 'c', 'C', 'v', 'V', 'x', 'X', 'Control', 'Alt', 'Meta', 'Shift'].includes(e.key);
        if (__wsCore(t) && !t.closest('[data-keys-need-rest]')) return false;
        return !(e.key === 'Tab' || e.key === 'Shift' || /^F\d+$/.test(e.key));
    }
    return !__wsCore(t);
}
function __wsCore(t) {
    return !t.closest('[data-needs-rest]') && t.closest('[data-core]') !== null;
}
function __wsGive(e) {
    const t = e.target;
    if (!t.isConnected) return;
    if (e.type === 'click') return t.click();
    if (e.type === 'keydown') {
        const k = { key: e.key, code: e.code, ctrlKey: e.ctrlKey, altKey: e.altKey, shiftKey: e.shiftKey, metaKey: e.metaKey, bubbles: true, cancelable: true };
        return t.dispatchEvent(new KeyboardEvent('keydown', k));
    }
    t.dispatchEvent(new Event(e.type, { bubbles: true }));
}
function __wsSettle(err) {
    const held = __wsHeld.splice(0);
    for (const { e } of held) {
        const c = e.target instanceof Element && e.target.closest('button,select,[role=tab]');
        if (c) { c.removeAttribute('aria-busy'); c.classList.remove('ws-waiting'); }
    }
    if (!err) {
        __wsLine('');
        __wsGiving = true;
        try {
            for (const { e } of held) __wsGive(e);
        } finally {
            __wsGiving = false;
        }
        return;
    }
    // A select goes back to the option the page drew as chosen.
    for (const { e } of held) {
        if (e.target instanceof HTMLSelectElement) {
            const drawn = [...e.target.options].find((o) => o.defaultSelected);
            if (drawn) e.target.value = drawn.value;
        }
    }
    const what = held.map(({ e }) => e.target instanceof Element && __wsName(e.target)).filter((n) => n).pop();
    const esc = (s) => s.replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
    const lead = what ? '“' + esc(what) + '” needs a part of warpscope that could not be loaded: ' : 'A part of warpscope could not be loaded: ';
    const version = window.__warpscopeRestState === 'failed' && /new version/.test(err);
    const el = __wsLine(version
        ? esc(err) + '. <button type="button" class="btn small" id="ws-reload">Reload</button> (your work is saved)'
        : lead + esc(String(err)) + '. Everything else keeps working. <button type="button" class="btn small" id="ws-retry">Retry</button>');
    const b = el.querySelector('button');
    b.onclick = version ? () => location.reload() : () => { __wsLine('Loading…'); loadRest().then(() => __wsLine(''), (e2) => __wsSettle(e2)); };
}
for (const type of ['click', 'change', 'keydown', 'input', 'keyup', 'mousedown', 'dblclick']) {
    window.addEventListener(type, (e) => {
        if (!__wsHolds(e)) return;
        e.stopImmediatePropagation();
        if (!['click', 'change', 'keydown'].includes(e.type)) return;
        if (e.cancelable) e.preventDefault();
        const t = e.target;
        const c = t instanceof Element && t.closest('button,select,[role=tab]');
        if (c) { c.setAttribute('aria-busy', 'true'); c.classList.add('ws-waiting'); }
        __wsHeld.push({ e });
        __wsLine('Loading…');
        loadRest().then(() => __wsSettle(), (err) => __wsSettle(err));
    }, true);
}
"#;

/// `files` as a JavaScript object literal of name to 8 hex digits.
fn digests_object(files: &[(String, u32)]) -> String {
    let pairs: Vec<String> = files
        .iter()
        .map(|(name, d)| format!("{name:?}: '{d:08x}'"))
        .collect();
    format!("{{ {} }}", pairs.join(", "))
}

/// The FNV-1a digest (32 bits) of `bytes`, as the split glue computes it
/// before it installs the second part: one build's part is never taken
/// for another's.
pub fn digest(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// `glue` (wasm-bindgen's, for `--target web`) with the `s` imports added;
/// `None` when it is not of the expected shape. A split build's glue also
/// carries `files`, the on-demand files' names and [`digest`]s.
pub fn patch_glue(glue: &str, mode: Mode, files: &[(String, u32)]) -> Option<String> {
    let prefetch = format!(
        "[\"{}\",\"{}\"]",
        warpscope_core::puzzle::BUNDLED_FILE,
        warpscope_core::examples::FILE_NAME
    );
    const AT: &str = "\"./warpscope_bg.js\": import0,";
    if glue.matches(AT).count() != 1 || !glue.contains("let wasmModule, wasmInstance, wasm;") {
        return None;
    }
    let mut out = glue.replace(AT, &format!("{AT} {HOST_MODULE}: __wsHost,"));
    out.push_str(&match mode {
        Mode::Record => RECORD_GLUE.to_string(),
        Mode::Split(digest) => SPLIT_GLUE
            .replace("{REST_FILE}", REST_FILE)
            .replace("{DIGEST}", &format!("'{digest:08x}'"))
            .replace("{FILES}", &digests_object(files))
            .replace("{PREFETCH}", &prefetch)
            .replace("{FEATURES}", FEATURES_FILE),
    });
    Some(out)
}
