//! Files the page fetches when it first needs them (next to the bundle,
//! in `static/pkg/`; `cargo xtask build` writes them): the ISA
//! documentation's prose ([`crate::docs`]) and the Chinese catalogue
//! ([`crate::i18n`]); the rest of the wasm is loaded by [`crate::lazy`].

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
        .map_err(|_| "the network could not be reached (offline?)".to_string())?;
    let resp: web_sys::Response = resp.dyn_into().map_err(reason)?;
    if !resp.ok() {
        return Err(format!("the server answered {}", resp.status()));
    }
    let buf = JsFuture::from(resp.array_buffer().map_err(reason)?)
        .await
        .map_err(reason)?;
    let bytes = js_sys::Uint8Array::new(&buf);
    if !of_this_build(url, &bytes) {
        return Err(not_this_build());
    }
    Ok(bytes.to_vec())
}

/// Why a file that arrived cannot be read: it is not this build's.
pub fn not_this_build() -> String {
    "the file is not this version's (damaged, or from a newer version): reload the page (your work is saved)".into()
}

/// Whether `bytes` are this build's copy of the file at `url`, as the
/// split glue's digests say (`window.__warpscopeIsOurs`; a build without
/// them checks nothing): a tab left open across a deploy never reads
/// another build's descriptions or catalogue.
fn of_this_build(url: &str, bytes: &js_sys::Uint8Array) -> bool {
    let name = url.rsplit('/').next().unwrap_or(url);
    let check = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"__warpscopeIsOurs".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    check.is_none_or(|f| {
        f.call2(&wasm_bindgen::JsValue::NULL, &name.into(), bytes)
            .map_or(true, |v| v.as_bool() != Some(false))
    })
}

/// The text of `url` as it was read with the rest of the wasm
/// (`window.__warpscopeFiles`, filled by the glue once the second part is
/// installed: `xtask/src/split/glue.rs`): for what a caller needs at once
/// and cannot wait for, such as the bundled puzzles asked for by the
/// puzzle panel, which only opens once that part is here. Never a request
/// of its own: a page that has not read the file says so.
pub fn text_now(url: &str) -> Result<String, String> {
    let name = url.rsplit('/').next().unwrap_or(url);
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"__warpscopeFiles".into()).ok())
        .and_then(|files| js_sys::Reflect::get(&files, &name.into()).ok())
        .and_then(|t| t.as_string())
        .ok_or_else(|| format!("{name} could not be read (offline, or the server did not send it)"))
}
