//! Browser tests of the work history: whatever replaces the editor's
//! text (an example, an ISA switch, a link, Reset, Apply in the Encoding
//! tab), the program a person typed comes back from the History menu
//! after a reload; two tabs keep their own work; a storage that refuses
//! to work (disabled, full) is said so and the work can be downloaded.
//!
//! Run with `cargo xtask test` (or `cargo test -p warpscope-e2e --test
//! browser -- --ignored --test-threads=1 history::` after `cargo xtask build`).

use crate::browser_util::Page;
use serde_json::{json, Value};
use warpscope_core::codec::FieldRole;
use warpscope_core::examples::w128_example;
use warpscope_core::history;
use warpscope_core::link::{decode_link, encode_link, LinkState};
use warpscope_core::{asm, disasm, isas};

/// A program of the person's own, recognisable by `marker`.
fn mine(marker: &str) -> String {
    format!(
        "// {marker}\n.init R0 = lane\n    S2R R1, SR_LANEID\n    IADD3 R3, R0, R1, RZ\n    EXIT\n"
    )
}

/// Waits until the listing shows `text` assembled (the panes follow the
/// editor a moment after typing).
fn wait_assembled(page: &Page, text: &str) {
    let prog = asm::assemble(isas::w128(), text).expect("the test program assembles");
    let first = disasm::disasm(isas::w128(), &prog.lines[0].inst);
    page.wait(&format!(
        "const r = document.querySelectorAll('#listing tbody tr[data-index]');
         return r.length === {} && r[0].textContent.includes({});",
        prog.lines.len(),
        json!(first.trim_end_matches([';', ' ']))
    ));
}

/// Reloads the page (a new document) at the bare address.
fn reload(page: &Page) {
    page.browser
        .open_app(&page.url())
        .expect("the app mounts again");
}

/// Every program the history holds, read back with core's decoder.
fn stored_programs(page: &Page) -> Vec<String> {
    let prefix = format!("{}.", history::INDEX_KEY);
    page.stored()
        .iter()
        .filter(|(k, _)| k.starts_with(&prefix))
        .filter_map(|(_, f)| decode_link(f.as_str()?).ok())
        .map(|ls| ls.source)
        .collect()
}

/// Types `text` and waits until the history holds it (what a person who
/// stops typing for a moment gets).
fn type_and_wait_saved(page: &Page, text: &str) {
    page.set_source(text);
    let t = std::time::Instant::now();
    while !stored_programs(page).iter().any(|p| p == text) {
        assert!(
            t.elapsed() < crate::browser_util::WAIT,
            "the history never held {text:?}; the page says {}",
            page.js(
                "const n = document.querySelector('#storage-notice');
                 return [n && n.textContent,
                         Array.from(document.querySelectorAll('.note, #note, .status-note')).map(e => e.textContent).join(' | ')];",
                vec![]
            )
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// Opens the History menu and returns its entries' first lines.
fn history_lines(page: &Page) -> Vec<String> {
    if page.js(
        "return document.querySelector('#history-menu') === null;",
        vec![],
    ) == json!(true)
    {
        page.click("#btn-history");
    }
    page.wait("return document.querySelector('#history-menu') !== null;");
    let v = page.js(
        "return Array.from(document.querySelectorAll('#history-menu .history-entry .history-first')).map(e => e.textContent);",
        vec![],
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Opens the entry whose first line is `text`'s from the History menu and
/// checks the editor holds `text` again.
fn open_from_history(page: &Page, text: &str) {
    let first = history::first_line(text);
    let lines = history_lines(page);
    assert!(
        lines.contains(&first),
        "the History menu lacks {first:?}: {lines:?}"
    );
    let ok = page.js(
        "const e = Array.from(document.querySelectorAll('#history-menu .history-entry'))
            .find(li => li.querySelector('.history-first').textContent === arguments[0]);
         if (!e) return false;
         e.querySelector('.history-open').click();
         return true;",
        vec![json!(first)],
    );
    assert_eq!(ok, json!(true));
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {};",
        json!(text)
    ));
}

/// Reloads the page and brings `text` back from the History menu.
fn recover_after_reload(page: &Page, text: &str) {
    reload(page);
    open_from_history(page, text);
}

/// Ctrl+Z in the editor.
fn undo(page: &Page) {
    page.js(
        "document.querySelector('#editor textarea').focus(); return true;",
        vec![],
    );
    page.key("z", false, true);
}

fn wait_source(page: &Page, text: &str) {
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {};",
        json!(text)
    ));
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn picking_an_example_keeps_the_typed_program() {
    let page = Page::open(1280, 720);
    let own = mine("homework 1: picking an example");
    page.set_source(&own);
    page.choose("#examples", "vote_modes");
    let ex = w128_example("vote_modes").unwrap().source;
    wait_source(&page, ex);
    // The editor's own undo steps back over the replacement...
    undo(&page);
    wait_source(&page, &own);
    // ... and the program is in the history, also after a reload.
    page.choose("#examples", "broadcast");
    wait_source(&page, w128_example("broadcast").unwrap().source);
    recover_after_reload(&page, &own);
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn switching_isa_keeps_the_typed_program() {
    let page = Page::open(1280, 720);
    let own = mine("homework 2: switching ISA");
    // No pause after typing: leaving the page saves what is pending.
    page.set_source(&own);
    page.choose("#isa", "sm50");
    page.wait("return document.querySelector('#isa').value === 'sm50';");
    // An example of the new ISA, then back: nothing typed is lost.
    page.choose("#isa", "gfx9");
    page.wait("return document.querySelector('#isa').value === 'gfx9';");
    recover_after_reload(&page, &own);
}

/// Stands in for a browser that drops the store's transactions still
/// running as the page is left: once `window.dropWrites` is set, a `put`
/// stores nothing and no transaction says it completed.
const DROPPED_WRITES: &str = r#"(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (v, k) {
    return window.dropWrites ? this.get(k) : put.call(this, v, k);
  };
  const d = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, 'oncomplete');
  Object.defineProperty(IDBTransaction.prototype, 'oncomplete', {
    configurable: true,
    get() { return d.get.call(this); },
    set(f) {
      d.set.call(this, f && function (e) { if (!window.dropWrites) return f.call(this, e); });
    },
  });
})();"#;

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn a_save_the_browser_drops_on_leaving_is_back_after_a_reload() {
    let page = Page::open_with(1280, 720, Some(DROPPED_WRITES));
    let own = mine("homework 8: leaving while the save runs");
    page.js("window.dropWrites = true; return true;", vec![]);
    page.set_source(&own);
    reload(&page);
    wait_source(&page, &own);
    // The copy in local storage is used once and removed.
    let left = page.js(
        "return Object.keys(localStorage).filter(k => k.startsWith('warpscope.unfinished'));",
        vec![],
    );
    assert_eq!(left, json!([]));
    // It reached the store: a second reload, with nothing dropped, still
    // has it.
    reload(&page);
    wait_source(&page, &own);
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn closing_and_reopening_the_browser_keeps_the_typed_programs() {
    let profile = std::env::temp_dir().join(format!("warpscope-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let page = Page::open_in_profile(1280, 720, &profile);
    let own = mine("homework 7: closing the browser");
    type_and_wait_saved(&page, &own);
    page.choose("#examples", "vote_modes");
    let page = page.reopen(1280, 720, &profile);
    open_from_history(&page, &own);
    drop(page);
    let _ = std::fs::remove_dir_all(&profile);
}

/// Opens a link to `source` (a new document, as a clicked link does).
fn open_link(page: &Page, source: &str) {
    let frag = encode_link(&LinkState::new("w128", source));
    page.browser
        .open_app(&format!("{}/#{frag}", page.url()))
        .expect("the app mounts");
    wait_source(page, source);
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn opening_a_link_keeps_the_typed_program() {
    let page = Page::open(1280, 720);
    let own = mine("homework 3: opening a link");
    type_and_wait_saved(&page, &own);
    open_link(&page, w128_example("inclusive_scan").unwrap().source);
    page.wait("return document.querySelector('#link-banner') !== null;");
    recover_after_reload(&page, &own);
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn two_links_then_restore_keeps_the_typed_program() {
    let page = Page::open(1280, 720);
    let own = mine("homework 4: two links");
    type_and_wait_saved(&page, &own);
    open_link(&page, w128_example("inclusive_scan").unwrap().source);
    open_link(&page, w128_example("ballot_popc").unwrap().source);
    page.wait("return document.querySelector('#btn-restore') !== null;");
    page.click("#btn-restore");
    page.wait("return document.querySelector('#btn-restore') === null;");
    // Whatever the banner restored, the own work is one menu away.
    open_from_history(&page, &own);
    recover_after_reload(&page, &own);
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn reset_keeps_the_typed_program() {
    let page = Page::open(1280, 720);
    let own = mine("homework 5: reset");
    type_and_wait_saved(&page, &own);
    wait_assembled(&page, &own);
    page.click("#btn-step");
    page.click("#btn-step");
    page.wait("return document.querySelector('#run-status[data-steps=\"2\"]') !== null;");
    page.click("#btn-reset");
    page.wait("return document.querySelector('#run-status[data-steps=\"0\"]') !== null;");
    assert_eq!(page.source(), own);
    recover_after_reload(&page, &own);
}

/// Types `value` into the Encoding tab's field `field` (a change event).
fn set_field(page: &Page, field: &str, value: &str) {
    let ok = page.js(
        "const i = document.querySelector(`#bitfield input.field-input[data-field=\"${arguments[0]}\"]`);
         if (!i) return false;
         i.value = arguments[1]; i.dispatchEvent(new Event('change', {bubbles: true})); return true;",
        vec![json!(field), json!(value)],
    );
    assert_eq!(ok, json!(true), "no field {field}");
}

fn field_error(page: &Page, field: &str) -> Value {
    page.js(
        "const e = document.querySelector(`#bitfield .field-error[data-field=\"${arguments[0]}\"]`);
         return e ? e.textContent : null;",
        vec![json!(field)],
    )
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn apply_refuses_values_that_do_not_fit_and_can_be_undone() {
    let page = Page::open(1280, 720);
    let own = mine("homework 6: apply");
    page.set_source(&own);
    let isa = isas::w128();
    let prog = asm::assemble(isa, &own).expect("the test program assembles");
    wait_assembled(&page, &own);
    page.click("#listing tbody tr[data-index=\"1\"]");
    page.tab("Encoding");
    page.wait("return document.querySelector('#bitfield[data-index=\"1\"]') !== null;");
    let notes = page.check_bitfield(isa, &prog.lines[1].inst);
    // The destination register: IADD3's first operand field.
    let rd = notes
        .iter()
        .find(|n| n.role == FieldRole::Operand)
        .expect("IADD3 has operands");
    let rd_name = rd.name.clone();
    let range = format!("0 to {}", (1u64 << rd.width) - 1);
    // A flipped bit waits for Apply (bit 112 is a scheduling control).
    page.click("#inst-bits .bit[data-bit=\"112\"]");
    page.wait("const b = document.querySelector('#bf-apply'); return b !== null && !b.disabled;");
    let word = page.bitfield_word();
    // Values that do not fit rd are refused, with why and the range.
    let too_big = format!("{:#x}", 1u64 << rd.width | 0xff);
    for (bad, why) in [
        (too_big.as_str(), "is too large"),
        ("abc", "not a number"),
        ("-1", "negative"),
    ] {
        set_field(&page, &rd_name, bad);
        let e = field_error(&page, &rd_name);
        let e = e
            .as_str()
            .unwrap_or_else(|| panic!("no reason shown for {bad}"));
        assert!(e.contains(why) && e.contains(&range), "{bad}: {e}");
        assert_eq!(page.bitfield_word(), word, "{bad} was applied");
        // While a value is refused, Apply cannot write the flipped bit.
        let apply = page.js(
            "return document.querySelector('#bf-apply').disabled;",
            vec![],
        );
        assert_eq!(apply, json!(true), "{bad}: Apply is enabled");
        // The refused text stays in the box, to be corrected.
        let typed = page.js(
            "return document.querySelector(`#bitfield input.field-input[data-field=\"${arguments[0]}\"]`).value;",
            vec![json!(rd_name)],
        );
        assert_eq!(typed, json!(bad));
    }
    page.js(
        "document.querySelector('#bitfield .field-error').scrollIntoView({block: 'center'}); return true;",
        vec![],
    );
    page.shot("history_field_refused");
    set_field(&page, &rd_name, "7");
    page.wait(
        "const e = document.querySelector('#bf-disasm'); return e && e.textContent.includes('R7');",
    );
    assert_eq!(field_error(&page, &rd_name), Value::Null);
    page.click("#bf-apply");
    page.wait("return document.querySelector('#editor textarea').value.includes('R7');");
    undo(&page);
    wait_source(&page, &own);
    recover_after_reload(&page, &own);
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn two_tabs_keep_their_own_work() {
    let page = Page::open(1280, 720);
    let b = &page.browser;
    let first = b.window().unwrap();
    let own_a = mine("tab A's program");
    type_and_wait_saved(&page, &own_a);
    let second = b.new_window().unwrap();
    b.open_app(&page.url())
        .expect("the app mounts in the second tab");
    let own_b = mine("tab B's program");
    type_and_wait_saved(&page, &own_b);
    // Tab A types on after tab B saved: neither overwrites the other.
    b.switch_to(&first).unwrap();
    let own_a2 = format!("{own_a}// more\n");
    type_and_wait_saved(&page, &own_a2);
    // Both tabs close; a new one finds both programs.
    let third = b.new_window().unwrap();
    for h in [&first, &second] {
        b.switch_to(h).unwrap();
        b.close_window().unwrap();
    }
    b.switch_to(&third).unwrap();
    b.open_app(&page.url())
        .expect("the app mounts in a new tab");
    open_from_history(&page, &own_b);
    open_from_history(&page, &own_a2);
}

/// Captures downloads (`a[download]` clicks) instead of saving files.
const CAPTURE_DOWNLOADS: &str = "
window.__downloads = [];
HTMLAnchorElement.prototype.click = function () {
    if (this.hasAttribute('download')) {
        window.__downloads.push({ name: this.getAttribute('download'), href: this.href });
    }
};";

/// Clicks "Download program" and returns the file's name and text.
fn download(page: &Page) -> (String, String) {
    page.click("#btn-download");
    let v = page.wait(
        "const d = window.__downloads; if (!d.length) return null;
         const x = d[d.length - 1];
         const text = x.href.startsWith('data:')
             ? decodeURIComponent(x.href.slice(x.href.indexOf(',') + 1)) : null;
         return [x.name, text];",
    );
    (
        v[0].as_str().unwrap().to_string(),
        v[1].as_str().unwrap_or_default().to_string(),
    )
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn disabled_storage_says_so_once_and_offers_the_program() {
    let script = format!(
        "{CAPTURE_DOWNLOADS}
        Object.defineProperty(window, 'localStorage', {{ get() {{
            throw new DOMException('The operation is insecure.', 'SecurityError');
        }} }});
        Object.defineProperty(window, 'indexedDB', {{ get() {{
            throw new DOMException('The operation is insecure.', 'SecurityError');
        }} }});"
    );
    let page = Page::open_with(1280, 720, Some(&script));
    page.wait("return document.querySelector('#storage-notice') !== null;");
    let own = mine("homework 8: no storage");
    page.set_source(&own);
    // Typing goes on: the listing follows the text.
    wait_assembled(&page, &own);
    page.choose("#examples", "vote_modes");
    undo(&page);
    wait_source(&page, &own);
    let notices = page.js(
        "return document.querySelectorAll('#storage-notice').length;",
        vec![],
    );
    assert_eq!(notices, json!(1));
    let (name, text) = download(&page);
    assert!(name.ends_with(".s"), "{name}");
    assert_eq!(text, own);
    page.shot("history_storage_disabled");
    assert_eq!(page.page_errors(), json!([]));
}

/// The history of `n` old programs, as the playground stores it.
fn old_history(n: usize) -> Vec<(String, String)> {
    let m = history::Memory::default();
    for i in 0..n {
        let src = format!("// old program {i}\n{}", "    MOV R1, R2\n".repeat(20 + i));
        history::save(
            &m,
            &format!("old{i}"),
            1_600_000_000_000 + i as u64,
            "w128",
            &src,
        )
        .unwrap();
    }
    m.0.into_inner().into_iter().collect()
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn a_local_storage_full_of_something_else_loses_nothing() {
    // 49 programs written by an earlier version (in local storage), then
    // another script of the site fills local storage to its quota. The
    // work moves to the page's own store on the next start, and there a
    // typed program survives an example switch and a reload, beside every
    // old entry.
    let old = old_history(49);
    let own = mine("homework 9: local storage full");
    let page = Page::open_with(1280, 720, Some(CAPTURE_DOWNLOADS));
    page.js(
        "indexedDB.deleteDatabase('warpscope');
         localStorage.clear();
         for (const [k, v] of arguments[0]) localStorage.setItem(k, v);
         return true;",
        vec![json!(old)],
    );
    reload(&page);
    let filled = page.js(
        "let n = 0;
         const chunk = 'x'.repeat(1 << 16);
         try { for (; n < 2000; n++) localStorage.setItem('someone.else.' + n, chunk); }
         catch (e) { return [n, e.name]; }
         return [n, 'never full'];",
        vec![],
    );
    assert_eq!(filled[1], json!("QuotaExceededError"), "{filled}");
    // What earlier versions kept in local storage has moved (and made
    // room that the junk then took).
    let left = page.js(
        "return Object.keys(localStorage).filter((k) => k.startsWith('warpscope.history')).length;",
        vec![],
    );
    assert_eq!(left, json!(0));
    type_and_wait_saved(&page, &own);
    page.choose("#examples", "broadcast");
    recover_after_reload(&page, &own);
    let lines = history_lines(&page);
    assert_eq!(lines.len(), 50, "{lines:?}");
    for i in 0..49 {
        assert!(
            lines.contains(&format!("// old program {i}")),
            "{i}: {lines:?}"
        );
    }
    let notice = page.js(
        "const n = document.querySelector('#storage-notice'); return n && n.textContent;",
        vec![],
    );
    assert_eq!(notice, Value::Null);
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "needs Chromium; run by `cargo xtask test`"]
fn an_unreadable_autosave_is_kept_aside() {
    let page = Page::open(1280, 720);
    page.set_source("// before\nEXIT\n");
    std::thread::sleep(std::time::Duration::from_millis(800));
    // Damage the autosave where it is kept, then start again.
    page.js(
        "const r = indexedDB.open('warpscope');
         r.onsuccess = () => {
           const t = r.result.transaction('kv', 'readwrite');
           t.objectStore('kv').put('v9.this-is-not-a-link', 'warpscope.autosave');
           t.oncomplete = () => { r.result.close(); window.__damaged = true; };
         };
         return 1;",
        vec![],
    );
    page.wait("return window.__damaged === true;");
    page.js("sessionStorage.clear(); return 1;", vec![]);
    reload(&page);
    let banner =
        page.wait("const b = document.getElementById('link-banner'); return b && b.textContent;");
    assert!(
        banner
            .as_str()
            .unwrap()
            .contains("kept in the browser's storage as warpscope.autosave.unreadable."),
        "{banner}"
    );
    // The damaged text is kept under its own key, and stays after the
    // next autosave.
    page.set_source("// after\nEXIT\n");
    std::thread::sleep(std::time::Duration::from_millis(800));
    let stored = page.stored();
    let aside: Vec<_> = stored
        .iter()
        .filter(|(k, _)| k.starts_with("warpscope.autosave.unreadable."))
        .map(|(_, v)| v.clone())
        .collect();
    assert_eq!(aside, [json!("v9.this-is-not-a-link")]);
    assert_ne!(stored["warpscope.autosave"], json!("v9.this-is-not-a-link"));
    assert_eq!(page.page_errors(), json!([]));
}
