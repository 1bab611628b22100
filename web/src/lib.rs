//! warpscope-web: the playground, a thin Yew view over warpscope-core.
use wasm_bindgen::prelude::*;
use yew::prelude::*;

#[function_component(App)]
fn app() -> Html {
    html! {
        <div id="app-root" class="app" data-mounted="true">
            <header class="topbar"><h1>{ "warpscope" }</h1></header>
        </div>
    }
}

/// Entry point called by the generated JS glue.
#[wasm_bindgen(start)]
pub fn start() {
    let root = gloo_root();
    yew::Renderer::<App>::with_root(root).render();
}

fn gloo_root() -> web_sys::Element {
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .expect("a document");
    doc.get_element_by_id("app")
        .unwrap_or_else(|| doc.body().expect("a body").into())
}
