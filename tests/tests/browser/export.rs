//! Browser tests of exporting views as files: the lane diagram and the
//! bitfield view as standalone SVG (well-formed XML, titled with the
//! instruction, styles written on the elements, nothing fetched from
//! elsewhere) and as PNG at twice the size.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored export::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::{json, Value};

/// What the last exported file is, read back in the page: its name, its
/// `data:` URL's type and, for SVG, the parsed document's facts.
fn last_file(page: &Page, ext: &str) -> Value {
    page.wait(&format!(
        "const a = document.getElementById('export-file'); return a !== null && a.download.endsWith('.{ext}');"
    ));
    page.js(
        "const a = document.getElementById('export-file');
         const url = a.getAttribute('href');
         const out = { name: a.download, type: url.slice(5, url.search(/[;,]/)) };
         if (out.type === 'image/svg+xml') {
             const text = decodeURIComponent(url.slice(url.indexOf(',') + 1));
             const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
             const root = doc.documentElement;
             out.error = doc.getElementsByTagName('parsererror').length > 0;
             out.root = root.localName;
             out.ns = root.namespaceURI;
             out.title = root.querySelector('title') ? root.querySelector('title').textContent : null;
             out.width = Number(root.getAttribute('width'));
             out.height = Number(root.getAttribute('height'));
             out.texts = root.querySelectorAll('text').length;
             out.styled = Array.from(root.querySelectorAll('text')).every(t =>
                 /font-size/.test(t.getAttribute('style') || '') || t.hasAttribute('font-size'));
             out.fonts = /font-family/.test(root.querySelector('style').textContent);
             out.external = /<link|@import|url\\(['\"]?http|href=\"http/.test(text);
         }
         return out;",
        vec![],
    )
}

/// Writes the last exported SVG to target/e2e/NAME, to look at.
fn save_last_svg(page: &Page, name: &str) {
    let text = page.js(
        "const u = document.getElementById('export-file').getAttribute('href');
         return decodeURIComponent(u.slice(u.indexOf(',') + 1));",
        vec![],
    );
    let dir = xtask::root().join("target/e2e");
    std::fs::create_dir_all(&dir).expect("target/e2e");
    std::fs::write(dir.join(name), text.as_str().unwrap_or_default()).expect("written");
}

#[test]
#[ignore = "needs the wasm bundle and Chromium; run by `cargo xtask test`"]
fn diagram_and_bitfield_export_as_svg_and_png() {
    let page = Page::open(1366, 900);
    page.choose("#examples", "butterfly_sum");
    page.wait("return document.querySelector('#listing').dataset.stale === 'false';");
    // step until a shuffle is drawn
    for _ in 0..40 {
        page.step();
        let kind = page.js(
            "const d = document.querySelector('#diagram'); return d ? d.dataset.kind : null;",
            vec![],
        );
        if kind == json!("shfl") {
            break;
        }
    }
    let shown = page.js(
        "return [document.querySelector('.diagram-pane .pane-info code').textContent, document.querySelector('#diagram').dataset.step];",
        vec![],
    );
    let text = shown[0].as_str().unwrap().to_string();
    let step: u64 = shown[1].as_str().unwrap().parse().unwrap();
    assert!(text.starts_with("SHFL"), "{text}");

    page.click("#diagram-export-svg");
    let svg = last_file(&page, "svg");
    assert_eq!(svg["type"], json!("image/svg+xml"), "{svg}");
    assert_eq!(svg["error"], json!(false), "the SVG parses as XML: {svg}");
    assert_eq!(svg["root"], json!("svg"));
    assert_eq!(svg["ns"], json!("http://www.w3.org/2000/svg"));
    assert_eq!(svg["title"], json!(format!("{text} · step {}", step + 1)));
    assert!(svg["name"]
        .as_str()
        .unwrap()
        .starts_with(&format!("warpscope-step{}-SHFL", step + 1)));
    assert!(
        svg["texts"].as_u64().unwrap() > 64,
        "lane labels and values: {svg}"
    );
    assert_eq!(svg["styled"], json!(true), "every text carries its style");
    assert_eq!(svg["fonts"], json!(true), "fonts declared");
    assert_eq!(
        svg["external"],
        json!(false),
        "nothing fetched from elsewhere"
    );
    let (w, h) = (
        svg["width"].as_u64().unwrap(),
        svg["height"].as_u64().unwrap(),
    );
    save_last_svg(&page, "export-diagram.svg");

    page.click("#diagram-export-png");
    let png = last_file(&page, "png");
    assert_eq!(png["type"], json!("image/png"), "{png}");
    let dims = page.wait(
        "const a = document.getElementById('export-file');
         if (!window.__pngSize) { const i = new Image(); i.onload = () => window.__pngSize = [i.naturalWidth, i.naturalHeight]; i.src = a.getAttribute('href'); return false; }
         return window.__pngSize;",
    );
    assert_eq!(dims, json!([w * 2, h * 2]), "PNG at twice the size");

    // the bitfield view of the selected instruction
    page.click("#listing tbody tr[data-index=\"1\"]");
    page.tab("Encoding");
    page.wait("return document.querySelector('#bitfield[data-index=\"1\"]') !== null;");
    let disasm = page.js(
        "return document.querySelector('#bf-disasm').textContent;",
        vec![],
    );
    page.click("#bitfield-export-svg");
    let bf = last_file(&page, "svg");
    assert_eq!(bf["error"], json!(false), "{bf}");
    let title = bf["title"].as_str().unwrap();
    assert!(
        title.starts_with(disasm.as_str().unwrap()),
        "{title} / {disasm}"
    );
    assert_eq!(bf["fonts"], json!(true));
    assert_eq!(bf["external"], json!(false));
    assert!(
        bf["texts"].as_u64().unwrap() >= 128 * 2,
        "a value and a number per bit"
    );
    save_last_svg(&page, "export-bitfield.svg");
    assert_eq!(page.page_errors(), json!([]));
}
