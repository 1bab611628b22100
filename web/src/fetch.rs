//! Files the page fetches when it first needs them (next to the bundle,
//! in `static/pkg/`; `cargo xtask build` writes them): the ISA
//! documentation's prose ([`crate::docs`]) and the Chinese catalogue
//! ([`crate::i18n`]).

use wasm_bindgen::JsCast;

/// The address of the on-demand file `name`, relative to the page.
pub fn url(name: &str) -> String {
    format!("static/pkg/{name}")
}

/// The body of `url`, or why there is none.
pub async fn bytes(url: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or("no window")?;
    let text = |e: wasm_bindgen::JsValue| {
        e.as_string()
            .or_else(|| {
                e.dyn_ref::<js_sys::Error>()
                    .map(|e| String::from(e.message()))
            })
            .unwrap_or_else(|| "the request failed".into())
    };
    let resp = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(text)?;
    let resp: web_sys::Response = resp.dyn_into().map_err(text)?;
    if !resp.ok() {
        return Err(format!("the server answered {}", resp.status()));
    }
    let buf = JsFuture::from(resp.array_buffer().map_err(text)?)
        .await
        .map_err(text)?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}
