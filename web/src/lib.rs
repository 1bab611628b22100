//! warpscope-web: the playground, a thin Yew view over warpscope-core.
//!
//! One root component owns the [`state::State`] (through `use_reducer`)
//! and the simulator's [`state::Runtime`] (outside that state, in a
//! `use_mut_ref`), and lays out the panes: the header (ISA, examples, run controls), the
//! editor and the listing on the left, and beside them the lanes (diagram
//! and warp state), the encoding (bitfield view) and the reference. Each
//! pane is a function component in its own module that draws what core
//! returned and sends [`state::Action`]s up.

pub mod bench;
pub mod components;
pub mod docs;
pub mod effects;
pub mod examples;
pub mod export;
pub mod fetch;
pub mod highlight;
pub mod highlight_cuda;
pub mod i18n;
pub mod lazy;
pub mod markdown;
pub mod markup;
pub mod persist;
pub mod ptr;
pub mod puzzle;
pub mod share;
pub mod state;
pub mod store;

use components::callbacks::Callbacks;
use components::{editor, embed, explain, listing, present};
use i18n::{tr, trf};
use state::{Dispatch, Runtime, State};
use wasm_bindgen::prelude::*;
use yew::prelude::*;

pub use effects::DEBOUNCE_MS;

#[function_component(App)]
fn app() -> Html {
    // Before the link in the address bar is opened (and taken out of it).
    let puzzles = use_state(|| lazy::start_failure().is_none() && PUZZLES_AT_START.get());
    // The simulator, outside the reducible state.
    let rt = use_mut_ref(Runtime::default);
    let st = {
        let rt = rt.clone();
        use_reducer(move || share::initial_state(&mut rt.borrow_mut()))
    };
    let d = Dispatch::new(st.dispatcher(), rt);
    puzzle::use_follow_links(&st.share.extra_view, puzzles.clone());
    let toggle_puzzles = {
        let puzzles = puzzles.clone();
        Callback::from(move |_: ()| {
            puzzle::remember_open(!*puzzles);
            puzzles.set(!*puzzles);
        })
    };
    share::use_sharing(&st, &d);
    effects::use_timers(&st, &d);
    effects::use_run_keys(&d);
    effects::use_present_keys(&d, st.view.present);
    let cbs = {
        let d = d.clone();
        use_memo((), move |_| Callbacks::new(&d))
    };
    let lang = st.view.lang;
    i18n::set(lang);
    // Counts the catalogues fetched while the page runs (a change draws
    // the page again).
    let fetched = use_state(|| 0u32);
    {
        // A language whose texts are not here yet (a link that opened in
        // Chinese while the page ran, or a failed fetch at start): fetch
        // them, then draw again; say so when that fails.
        let (d, fetched) = (d.clone(), fetched.clone());
        use_effect_with(lang, move |&l| {
            if !i18n::ready(l) {
                wasm_bindgen_futures::spawn_local(async move {
                    match i18n::load(l).await {
                        Ok(()) => fetched.set(*fetched + 1),
                        Err(e) => d.send(state::Action::View(state::ViewAction::Note(trf(
                            "The Chinese interface could not be loaded ({0}); the page stays in English.",
                            &[&e],
                        )))),
                    }
                });
            }
        });
    }
    let shown = i18n::Shown {
        lang,
        ready: i18n::ready(lang),
    };
    // The language the page's texts are in: English until Chinese ones
    // have arrived.
    use_effect_with(shown, |s| {
        let root = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element());
        let shown = if s.ready { s.lang } else { i18n::Lang::En };
        if let Some(root) = root {
            let _ = root.set_attribute("lang", shown.html_lang());
        }
    });
    let page = page(&st, &d, &cbs, (*puzzles, &toggle_puzzles));
    html! {
        <ContextProvider<i18n::Shown> context={shown}>{ page }</ContextProvider<i18n::Shown>>
    }
}

/// The page in its mode: embedded, presenting, or the full playground.
fn page(
    st: &State,
    d: &Dispatch,
    cbs: &Callbacks,
    (puzzles, toggle_puzzles): (bool, &Callback<()>),
) -> Html {
    let exec_line = st
        .run
        .next_index()
        .and_then(|i| st.build.rows().get(i))
        .map(|r| r.line);
    if st.share.embed {
        return embed::view(st, d, cbs, exec_line);
    }
    if st.view.present {
        return present::view(st, d, cbs, exec_line);
    }
    let (doc, view) = (&st.doc, &st.view);
    html! {
        <div id="app-root" class="app" data-mounted="true">
            { components::header::header(st, d, puzzles, toggle_puzzles) }
            if let Some(url) = &st.share.popover {
                <components::share_popover::SharePopover url={url.clone()} dispatch={d.clone()} />
            }
            if let Some(b) = &st.share.banner {
                <components::banner::BannerView banner={b.clone()} dispatch={d.clone()} current={std::rc::Rc::new(st.link_state())} />
            }
            if st.share.storage_failed {
                { components::storage_notice::storage_notice(doc.isa, &doc.source, &st.share.storage_error) }
            }
            // With the puzzles open, they and the explanation take a column
            // of their own, so that the editor and the listing keep theirs.
            <main class={classes!("layout", format!("tab-{}", view.tab.label().to_ascii_lowercase()), puzzles.then_some("with-puzzles"))}>
                if puzzles {
                    <div class="col side">
                        <puzzle::Panel source={doc.source.clone()} isa={doc.isa} on_load={cbs.load.clone()} on_close={toggle_puzzles.clone()}
                            link_view={st.share.extra_view.clone()} fmt={view.fmt} />
                        <explain::Explain source={doc.source.clone()} />
                    </div>
                }
                <div class="col left">
                    if !puzzles { <explain::Explain source={doc.source.clone()} /> }
                    { editor::editable(st, cbs, exec_line) }
                    <listing::Listing asm={st.build.asm.clone()} stale={st.build.stale} selected={view.selected} exec={st.run.next_index()}
                        breakpoints={st.run.breakpoints.clone()} on_select={cbs.select.clone()} />
                </div>
                { components::tabs::tabs(st, d, cbs) }
            </main>
            <footer class="statusbar" id="statusbar">
                if let Some((_, n)) = &view.note { <span class="note" id="note">{ n }</span> }
                else { <span class="hint">{ tr("F10 step · Shift+F10 back · F5 run · click the gutter for a breakpoint · click a lane number to toggle it") }</span> }
                <span class="fmt-now">{ tr("values: ") }{ fmt_name(view.fmt) }</span>
            </footer>
        </div>
    }
}

/// The value format as the status bar names it.
fn fmt_name(f: state::Fmt) -> &'static str {
    match f {
        state::Fmt::Hex => tr("hex"),
        state::Fmt::Unsigned => tr("unsigned"),
        state::Fmt::Signed => tr("signed"),
        state::Fmt::Float => tr("float"),
    }
}

/// Entry point called by the generated JS glue.
///
/// A page that opens in Chinese fetches its catalogue first, so that it is
/// drawn in Chinese from the start; if that fails it opens all the same
/// (the App says why it stays in English). The rest of the wasm
/// (docs/perf.md, "Loading the rest") is fetched once the page is shown,
/// or before it is drawn when its first render needs it; when that
/// fails, the page opens without what needed it and says why
/// ([`lazy::start_failure`]). Every start takes this one path, so that
/// what it runs is recorded with the start-up.
#[wasm_bindgen(start)]
pub fn start() {
    warpscope_core::puzzle::set_bundled_loader(puzzle::read_bundled);
    warpscope_core::examples::set_loader(examples::read_fetched);
    let lang = share::lang_at_start();
    wasm_bindgen_futures::spawn_local(async move {
        // The work's store first: the saved work decides the rest. Where
        // IndexedDB cannot be opened, the work goes to local storage
        // (`persist::work`).
        let _ = store::open().await;
        let rest_first = start_needs_rest(lang);
        if rest_first {
            // first: reading the catalogue is code of the rest too
            if let Err(why) = lazy::load().await {
                lazy::set_start_failure(why);
            }
        }
        if lazy::ready() && !i18n::ready(lang) {
            let _ = i18n::load(lang).await;
        }
        mount();
        if !rest_first {
            // In the background; a failure is said by the feature that
            // needs the part, when it is asked for.
            let _ = lazy::load().await;
        }
    });
}

/// Whether the page's first render runs code that stays out of the first
/// part of the wasm (docs/perf.md, "Loading the rest"): the interface in
/// Chinese, a link's view that needs it (another tab, presentation mode),
/// the puzzles open, or a CUDA C kernel (its compiler is the rest's).
/// Such a start fetches the rest before it mounts. Every program of
/// every ISA runs on the first part alone.
fn start_needs_rest(lang: i18n::Lang) -> bool {
    let frag = share::current_fragment();
    let link = (!frag.is_empty())
        .then(|| warpscope_core::link::decode_link(&frag).ok())
        .flatten();
    // Puzzle mode: a puzzle link (known by its keys alone: reading the
    // puzzle is the rest's), or puzzle mode open before a reload.
    let puzzles = puzzle::was_open()
        || link.as_ref().is_some_and(|ls| {
            use warpscope_core::puzzle::link::{PUZZLE_ID_KEY, PUZZLE_KEY};
            ls.view_value(PUZZLE_KEY).is_some() || ls.view_value(PUZZLE_ID_KEY).is_some()
        });
    PUZZLES_AT_START.set(puzzles);
    // The view comes from the link, else from the saved work.
    let view = link.or_else(|| {
        let saved = persist::tab_draft().or_else(|| persist::load_autosave().ok().flatten());
        warpscope_core::link::decode_link(&saved?).ok()
    });
    // A CUDA C kernel is compiled by the second part.
    let cuda = view
        .as_ref()
        .is_some_and(|ls| ls.isa == warpscope_core::isas::Id::Cuda.name());
    let view_needs = view.is_some_and(|ls| state::share::read_view(&ls.view).needs_rest());
    lang == i18n::Lang::Zh || view_needs || puzzles || cuda
}

thread_local! {
    /// Whether puzzle mode opens with the page, as [`start_needs_rest`]
    /// found it.
    static PUZZLES_AT_START: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn mount() {
    if let Some(root) = app_root() {
        yew::Renderer::<App>::with_root(root).render();
    }
}

fn app_root() -> Option<web_sys::Element> {
    let doc = web_sys::window()?.document()?;
    if let Some(l) = doc.get_element_by_id("loading") {
        l.remove();
    }
    doc.get_element_by_id("app")
        .or_else(|| doc.body().map(Into::into))
}
