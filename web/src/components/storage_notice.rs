//! The notice shown once when the browser does not keep the work (local
//! storage missing, disabled or full), with a way to download it.

use yew::prelude::*;

/// Saves `text` as a file named `name` (a link with a `data:` URL).
fn download(name: &str, text: &str) -> Result<(), wasm_bindgen::JsValue> {
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a = doc.create_element("a")?;
    let url = format!(
        "data:text/plain;charset=utf-8,{}",
        js_sys::encode_uri_component(text)
    );
    a.set_attribute("href", &url)?;
    a.set_attribute("download", name)?;
    let body = doc.body().ok_or("no body")?;
    body.append_child(&a)?;
    if let Some(h) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&a) {
        h.click();
    }
    body.remove_child(&a)?;
    Ok(())
}

/// "Your work is not being saved" (`reason`), with "Download program"
/// for `source`, written for `isa`.
pub fn storage_notice(
    isa: warpscope_core::isas::Id,
    source: &std::rc::Rc<String>,
    reason: &str,
) -> Html {
    let onclick = {
        let source = source.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = download(&format!("program-{isa}.s"), &source);
        })
    };
    html! {
        <div id="storage-notice" class="banner banner-warning" role="alert">
            <div class="banner-text">
                <p>{ format!("Your work is not being saved: {reason}. Download the program to keep it.") }</p>
            </div>
            <button class="btn small" id="btn-download" {onclick}>{ "Download program" }</button>
        </div>
    }
}
