//! Views as files, for slides and posts: the lane diagram as a standalone
//! SVG (every style it is drawn with written on its own elements, the
//! fonts declared, a title naming the instruction and the step), the
//! bitfield view drawn as SVG from the decoder's field notes
//! ([`bitfield::svg`]), either one as a PNG at twice its size, and copying
//! that PNG where the browser's clipboard takes images.
//!
//! The last file made stays in the page as the hidden link
//! `#export-file` (its `download` name and its `data:` URL), which is what
//! a download is and what tests read back.

pub mod bitfield;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlCanvasElement, HtmlElement, HtmlImageElement};

/// A drawing ready to save: the SVG text and its size in CSS pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// File name without extension (`warpscope-step3-SHFL`).
    pub stem: String,
    /// Standalone SVG text.
    pub svg: String,
    /// Width in CSS pixels.
    pub width: u32,
    /// Height in CSS pixels.
    pub height: u32,
}

/// The style properties copied from the page onto each exported element:
/// what the diagrams are drawn with.
const STYLE_PROPS: &[&str] = &[
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-opacity",
    "opacity",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "dominant-baseline",
    "letter-spacing",
    "visibility",
];

/// The fonts an exported drawing names: the page's monospace stack, so a
/// drawing opened elsewhere falls back to a monospace font.
pub const FONTS: &str =
    "ui-monospace, 'SFMono-Regular', 'DejaVu Sans Mono', Menlo, Consolas, monospace";

fn document() -> Result<web_sys::Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str(crate::i18n::tr("no document")))
}

/// Escapes text for XML (and HTML) content and attribute values, in one
/// pass: the exported SVGs and the iframe snippet both use it.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The `<svg>` under the element with id `container`, made standalone:
/// each element carries the computed values of the style properties the
/// export keeps (`STYLE_PROPS`) in its
/// `style`, the root gets a size, a background and `title` as its
/// `<title>`, and a `<style>` block declares [`FONTS`].
pub fn standalone_svg(container: &str, title: &str, stem: &str) -> Result<Drawing, JsValue> {
    let doc = document()?;
    let svg = doc
        .query_selector(&format!("#{container} svg"))?
        .ok_or_else(|| JsValue::from_str("nothing is drawn"))?;
    let win = web_sys::window().ok_or("no window")?;
    let copy: Element = svg.clone_node_with_deep(true)?.dyn_into()?;
    let originals = svg.query_selector_all("*")?;
    let copies = copy.query_selector_all("*")?;
    for i in 0..originals.length().min(copies.length()) {
        let (Some(o), Some(c)) = (originals.item(i), copies.item(i)) else {
            continue;
        };
        let (Ok(o), Ok(c)) = (o.dyn_into::<Element>(), c.dyn_into::<Element>()) else {
            continue;
        };
        if matches!(o.local_name().as_str(), "title" | "defs" | "marker") {
            continue;
        }
        let style = own_style(&win, &o, o.parent_element().as_ref())?;
        c.set_attribute("style", &style)?;
    }
    let (width, height) = view_box_size(&svg).ok_or("the diagram has no size")?;
    let background = win
        .get_computed_style(
            &doc.query_selector(&format!("#{container}"))?
                .unwrap_or_else(|| svg.clone()),
        )?
        .map(|cs| effective_background(&cs))
        .unwrap_or_else(|| "#ffffff".into());
    copy.set_attribute("xmlns", "http://www.w3.org/2000/svg")?;
    copy.remove_attribute("aria-hidden")?;
    copy.set_attribute("role", "img")?;
    copy.set_attribute("width", &width.to_string())?;
    copy.set_attribute("height", &height.to_string())?;
    copy.set_attribute("style", &own_style(&win, &svg, None)?)?;
    let ns = Some("http://www.w3.org/2000/svg");
    let bg = doc.create_element_ns(ns, "rect")?;
    for (k, v) in [
        ("x", "0".to_string()),
        ("y", "0".into()),
        ("width", "100%".into()),
        ("height", "100%".into()),
        ("fill", background),
    ] {
        bg.set_attribute(k, &v)?;
    }
    copy.prepend_with_node_1(&bg)?;
    let style = doc.create_element_ns(ns, "style")?;
    style.set_text_content(Some(&format!("svg, text {{ font-family: {FONTS}; }}")));
    copy.prepend_with_node_1(&style)?;
    let t = doc.create_element_ns(ns, "title")?;
    t.set_text_content(Some(title));
    copy.prepend_with_node_1(&t)?;
    let text = web_sys::XmlSerializer::new()?.serialize_to_string(&copy)?;
    Ok(Drawing {
        stem: stem.into(),
        svg: text,
        width,
        height,
    })
}

/// The values of [`STYLE_PROPS`] of `e`, as a `style` attribute; with
/// `parent`, only those it does not simply inherit from it.
fn own_style(
    win: &web_sys::Window,
    e: &Element,
    parent: Option<&Element>,
) -> Result<String, JsValue> {
    let Some(cs) = win.get_computed_style(e)? else {
        return Ok(String::new());
    };
    let parent = match parent {
        Some(p) => win.get_computed_style(p)?,
        None => None,
    };
    let mut style = String::new();
    for p in STYLE_PROPS {
        let v = cs.get_property_value(p)?;
        let inherited = match &parent {
            Some(ps) => ps.get_property_value(p)? == v,
            None => false,
        };
        if !v.is_empty() && !inherited {
            style.push_str(&format!("{p}:{v};"));
        }
    }
    Ok(style)
}

/// The background a reader sees behind the element: its own colour, or
/// the page's when it is transparent.
fn effective_background(cs: &web_sys::CssStyleDeclaration) -> String {
    let own = cs
        .get_property_value("background-color")
        .unwrap_or_default();
    if !own.is_empty() && own != "rgba(0, 0, 0, 0)" && own != "transparent" {
        return own;
    }
    let body = document()
        .ok()
        .and_then(|d| d.body())
        .and_then(|b| web_sys::window()?.get_computed_style(&b).ok().flatten())
        .and_then(|cs| cs.get_property_value("background-color").ok());
    body.filter(|c| !c.is_empty() && c != "rgba(0, 0, 0, 0)")
        .unwrap_or_else(|| "#ffffff".into())
}

/// Width and height from an element's `viewBox` (the diagrams' are whole
/// numbers: `0 0 W H`).
fn view_box_size(svg: &Element) -> Option<(u32, u32)> {
    let vb = svg.get_attribute("viewBox")?;
    let mut nums = vb.split(' ').skip(2).map(|s| s.parse::<u32>().ok());
    match (nums.next()??, nums.next()??) {
        (w, h) if w > 0 && h > 0 => Some((w, h)),
        _ => None,
    }
}

/// `data:` URL of an SVG text.
pub fn svg_url(svg: &str) -> String {
    format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(svg)
    )
}

/// Saves `url` as a file called `name`, through the hidden link
/// `#export-file` (kept, so the last file stays readable).
pub fn save(name: &str, url: &str) -> Result<(), JsValue> {
    let doc = document()?;
    let a = match doc.get_element_by_id("export-file") {
        Some(a) => a,
        None => {
            let a = doc.create_element("a")?;
            a.set_id("export-file");
            a.set_attribute("hidden", "")?;
            doc.body()
                .ok_or(crate::i18n::tr("no body"))?
                .append_child(&a)?;
            a
        }
    };
    a.set_attribute("href", url)?;
    a.set_attribute("download", name)?;
    a.dyn_ref::<HtmlElement>()
        .ok_or(crate::i18n::tr("not an element"))?
        .click();
    Ok(())
}

/// Saves `text` as a plain-text file called `name`.
pub fn save_text(name: &str, text: &str) -> Result<(), JsValue> {
    save(
        name,
        &format!(
            "data:text/plain;charset=utf-8,{}",
            js_sys::encode_uri_component(text)
        ),
    )
}

/// A canvas with `d` drawn at `scale` times its size, once the SVG image
/// has loaded.
async fn canvas_of(d: &Drawing, scale: u32) -> Result<HtmlCanvasElement, JsValue> {
    let img = HtmlImageElement::new()?;
    let loaded = js_sys::Promise::new(&mut |resolve, reject| {
        img.set_onload(Some(&resolve));
        img.set_onerror(Some(&reject));
    });
    img.set_src(&svg_url(&d.svg));
    wasm_bindgen_futures::JsFuture::from(loaded).await?;
    let canvas: HtmlCanvasElement = document()?.create_element("canvas")?.dyn_into()?;
    canvas.set_width(d.width * scale);
    canvas.set_height(d.height * scale);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or(crate::i18n::tr("no 2d context"))?
        .dyn_into()?;
    let (k, w, h) = (f64::from(scale), f64::from(d.width), f64::from(d.height));
    ctx.scale(k, k)?;
    ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, w, h)?;
    Ok(canvas)
}

/// Saves `d` as SVG.
pub fn save_svg(d: &Drawing) -> Result<(), JsValue> {
    save(&format!("{}.svg", d.stem), &svg_url(&d.svg))
}

/// Saves `d` as a PNG at twice its size; `done` gets the outcome.
pub fn save_png(d: Drawing, done: impl FnOnce(Result<(), String>) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        let r = async {
            let canvas = canvas_of(&d, 2).await?;
            save(&format!("{}.png", d.stem), &canvas.to_data_url()?)
        }
        .await;
        done(r.map_err(|e| {
            e.as_string()
                .unwrap_or_else(|| crate::i18n::tr("the image could not be made").into())
        }));
    });
}

/// True when the browser can put images on the clipboard.
pub fn can_copy_image() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let has =
        |o: &JsValue, k: &str| js_sys::Reflect::has(o, &JsValue::from_str(k)).unwrap_or(false);
    has(&w, "ClipboardItem") && has(&w.navigator(), "clipboard")
}

/// Copies `d` as a PNG at twice its size. The clipboard item is made at
/// once (inside the click that asked for it), holding the promise of the
/// image; `done` gets the outcome.
pub fn copy_png(d: Drawing, done: impl FnOnce(Result<(), String>) + 'static) {
    let blob = wasm_bindgen_futures::future_to_promise(async move {
        let canvas = canvas_of(&d, 2).await?;
        let made = js_sys::Promise::new(&mut |resolve, _| {
            let _ = canvas.to_blob(&resolve);
        });
        wasm_bindgen_futures::JsFuture::from(made).await
    });
    let written = (|| -> Result<js_sys::Promise, JsValue> {
        let record = js_sys::Object::new();
        js_sys::Reflect::set(&record, &JsValue::from_str("image/png"), &blob)?;
        let item = web_sys::ClipboardItem::new_with_record_from_str_to_blob_promise(&record)?;
        let clipboard = web_sys::window()
            .ok_or("no window")?
            .navigator()
            .clipboard();
        Ok(clipboard.write(&js_sys::Array::of1(&item)))
    })();
    wasm_bindgen_futures::spawn_local(async move {
        let r = match written {
            Ok(p) => wasm_bindgen_futures::JsFuture::from(p).await.map(|_| ()),
            Err(e) => Err(e),
        };
        done(r.map_err(|_| crate::i18n::tr("the browser did not allow copying the image").into()));
    });
}
