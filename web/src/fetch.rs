//! Files the page fetches when it first needs them (next to the bundle,
//! in `static/pkg/`; `cargo xtask build` writes them): the ISA
//! documentation's prose ([`crate::docs`]) and the Chinese catalogue
//! ([`crate::i18n`]); and the rest of the wasm, for a start that needs it
//! at once ([`rest_of_wasm`]).

use wasm_bindgen::JsCast;

/// The address of the on-demand file `name`, relative to the page.
pub fn url(name: &str) -> String {
    format!("static/pkg/{name}")
}

/// Why a request failed, from what the browser threw.
fn reason(e: wasm_bindgen::JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| "the request failed".into())
}

/// The body of `url`, or why there is none.
pub async fn bytes(url: &str) -> Result<Vec<u8>, String> {
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or("no window")?;
    let resp = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(reason)?;
    let resp: web_sys::Response = resp.dyn_into().map_err(reason)?;
    if !resp.ok() {
        return Err(format!("the server answered {}", resp.status()));
    }
    let buf = JsFuture::from(resp.array_buffer().map_err(reason)?)
        .await
        .map_err(reason)?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}

/// Fetches and installs the rest of the wasm (docs/perf.md, "The bundle in
/// two parts") through the loader the build adds to the glue
/// (`window.__warpscopeLoadRest`); does nothing in a build that is not
/// split. A failure is left to the page: a function of the rest called
/// later requests it again, and says so if it cannot.
pub async fn rest_of_wasm() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let load = js_sys::Reflect::get(&window, &"__warpscopeLoadRest".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(promise) = load
        .and_then(|f| f.call0(&wasm_bindgen::JsValue::NULL).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
    else {
        return;
    };
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The text of `url`, read before this returns: the copy read with the
/// rest of the wasm (`window.__warpscopeFiles`), else a synchronous
/// request. For what a caller needs at once and cannot wait for, such as
/// the bundled puzzles asked for by the puzzle panel; the browser blocks
/// the page while it waits, so only small files are read this way.
pub fn text_now(url: &str) -> Result<String, String> {
    // Read already, with the rest of the wasm (a synchronous request does
    // not reach the service worker, so this is what works offline).
    let name = url.rsplit('/').next().unwrap_or(url);
    let early = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"__warpscopeFiles".into()).ok())
        .and_then(|files| js_sys::Reflect::get(&files, &name.into()).ok())
        .and_then(|t| t.as_string());
    if let Some(text) = early {
        return Ok(text);
    }
    let x = web_sys::XmlHttpRequest::new().map_err(reason)?;
    x.open_with_async("GET", url, false).map_err(reason)?;
    x.send().map_err(reason)?;
    match x.status().map_err(reason)? {
        200 => x
            .response_text()
            .map_err(reason)?
            .ok_or_else(|| "the answer was empty".into()),
        status => Err(format!("the server answered {status}")),
    }
}
