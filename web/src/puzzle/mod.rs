//! Puzzle mode: the bundled puzzles (or one opened from a puzzle link),
//! the statement beside the editor, Check with the wrong lanes of the first
//! failing case, one click to load that case into the simulator, hints one
//! at a time and the reference solution behind a confirmation.
//!
//! The panel keeps its own state; the app gives it the editor's text and a
//! callback that replaces it (ISA and text). Grading is core's
//! (`warpscope_core::puzzle::check`); this module only draws the report.

mod grade;
mod store;

use std::rc::Rc;
use warpscope_core::diag;
use warpscope_core::isas::Id;
use warpscope_core::puzzle::check::Lang as SubmissionLang;
use warpscope_core::puzzle::{self, check, link, Puzzle};
use yew::prelude::*;

use crate::i18n::{tr, tr_text, trf, Lang};
use warpscope_core::msg::Text;

/// The open puzzle.
#[derive(Clone, PartialEq)]
struct Open {
    puzzle: Rc<Puzzle>,
    /// The puzzle file, for links.
    text: Rc<String>,
    /// One of the bundled puzzles (its link can name it by id).
    bundled: bool,
}

/// The id of the puzzle that view settings of a link carry.
fn link_puzzle(view: &[(String, String)]) -> Option<(Puzzle, String)> {
    let mut ls = warpscope_core::link::LinkState::new("w128", "");
    ls.view = view.to_vec();
    let opened = link::puzzle_of_state(&ls).ok()??;
    Some((opened.puzzle, opened.text))
}

/// Opens puzzle mode when a puzzle link is opened while the page runs
/// (the app then holds the link's view settings in `view`).
#[hook]
pub fn use_follow_links(view: &[(String, String)], open: UseStateHandle<bool>) {
    let first = use_mut_ref(|| true);
    use_effect_with(view.to_vec(), move |v| {
        if std::mem::replace(&mut *first.borrow_mut(), false) {
            return;
        }
        if let Some((p, _)) = link_puzzle(v) {
            store::set_current(&p.id);
            open.set(true);
        }
    });
}

/// Whether puzzle mode was open before a reload.
pub fn was_open() -> bool {
    store::current().is_some()
}

/// Remembers that puzzle mode was opened (`true`) or closed.
pub fn remember_open(open: bool) {
    match (open, store::current()) {
        (true, None) => store::set_current(""),
        (false, _) => store::clear_current(),
        _ => {}
    }
}

type FromLink = Option<(Open, Option<String>)>;

thread_local! {
    /// The puzzle of the address the page was opened with, read once:
    /// opening the link takes the fragment out of the address bar.
    static AT_START: std::cell::RefCell<Option<FromLink>> = const { std::cell::RefCell::new(None) };
}

/// The puzzle of the page's link, with the attempt it carries. Call it
/// before the app opens the link (the first time reads the address bar).
fn from_link() -> FromLink {
    AT_START.with(|c| {
        c.borrow_mut()
            .get_or_insert_with(|| {
                let frag = crate::share::current_fragment();
                let opened = link::decode_puzzle_link(&frag).ok()??;
                Some((open_of(opened.puzzle, opened.text), opened.attempt))
            })
            .clone()
    })
}

fn open_of(puzzle: Puzzle, text: String) -> Open {
    let bundled = puzzle::bundled_texts().iter().any(|b| b.1 == text);
    Open {
        puzzle: Rc::new(puzzle),
        text: Rc::new(text),
        bundled,
    }
}

/// The puzzle kept in the view settings of the saved work (a puzzle link
/// opened before a reload), when it is the one that was open.
fn from_saved_view(view: &[(String, String)], id: &str) -> Option<Open> {
    let (p, text) = link_puzzle(view)?;
    (p.id == id).then(|| open_of(p, text))
}

fn bundled_open(id: &str) -> Option<Open> {
    let (_, text) = puzzle::bundled_texts().iter().find(|b| b.0 == id)?;
    let p = puzzle::parse(text).ok()?;
    Some(Open {
        puzzle: Rc::new(p),
        text: Rc::new(text.to_string()),
        bundled: true,
    })
}

/// What the last Check said.
#[derive(PartialEq)]
enum Shown {
    Report(check::Report),
    /// Stopped before it finished.
    Stopped,
    /// The text does not assemble: where each error is, and what.
    Errors(Vec<(diag::LineCol, Text)>),
    /// Not graded, and why (the editor is set to another ISA).
    NotChecked(String),
}

/// What a Check said, and about which text and ISA: a result shown while
/// the editor holds something else says so.
#[derive(PartialEq)]
struct Graded {
    shown: Shown,
    source: Rc<String>,
    isa: Id,
}

/// Properties of [`Panel`].
#[derive(Properties, PartialEq)]
pub struct PanelProps {
    /// The editor's text.
    pub source: Rc<String>,
    /// The editor's ISA: Check grades only a text for the puzzle's.
    pub isa: Id,
    /// Replaces the editor's text: (ISA name, text).
    pub on_load: Callback<(String, String)>,
    /// Closes puzzle mode.
    pub on_close: Callback<()>,
    /// View settings kept from the link the work came from (they hold a
    /// puzzle opened from a link).
    pub link_view: Vec<(String, String)>,
    /// The value format of every view: a failed case's values are shown
    /// in it, as the lanes show them.
    pub fmt: crate::state::Fmt,
}

thread_local! {
    /// Why the bundled puzzles could not be read, if they could not.
    static LOAD_ERROR: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Reads the bundled puzzles' file next to the bundle (the playground's
/// build leaves them out of its wasm; `puzzle::bundled_texts`), keeping
/// the reason when it cannot. Given to core at start.
pub fn read_bundled() -> Option<String> {
    let read = crate::fetch::text_now(&crate::fetch::url(puzzle::BUNDLED_FILE));
    let reason = read.as_ref().err().cloned();
    LOAD_ERROR.with(|e| *e.borrow_mut() = reason);
    read.ok()
}

/// A puzzle's title in the current language (its `title.zh` in Chinese,
/// where it has one).
fn title_of(p: &Puzzle) -> String {
    if crate::i18n::current() == crate::i18n::Lang::Zh && !p.title_zh.is_empty() {
        p.title_zh.clone()
    } else {
        p.title.clone()
    }
}

/// Reading the bundled puzzles again after they could not be read: the
/// button's handler, and whether a read is under way.
struct Retry {
    click: Callback<MouseEvent>,
    busy: bool,
}

/// A [`Retry`] that fetches [`puzzle::BUNDLED_FILE`] (checked as this
/// build's by `fetch::bytes`) and installs it, or keeps why it failed.
#[hook]
fn use_retry() -> Retry {
    let busy = use_state(|| false);
    let click = {
        let busy = busy.clone();
        Callback::from(move |_: MouseEvent| {
            let busy = busy.clone();
            busy.set(true);
            wasm_bindgen_futures::spawn_local(async move {
                let url = crate::fetch::url(puzzle::BUNDLED_FILE);
                let why = match crate::fetch::bytes(&url).await {
                    Ok(b) => match String::from_utf8(b) {
                        Ok(t) if puzzle::install_bundled(&t) => None,
                        _ => Some(tr("the file arrived damaged").to_string()),
                    },
                    Err(e) => Some(e),
                };
                LOAD_ERROR.with(|e| *e.borrow_mut() = why);
                busy.set(false);
            });
        })
    };
    Retry { click, busy: *busy }
}

/// The bundled puzzles, each with its mark; a click opens one (with the
/// last attempt, else its starter code).
fn puzzle_list(
    solved: &[String],
    open: &UseStateHandle<Option<Open>>,
    on_load: &Callback<(String, String)>,
    reset: impl Fn() + Clone + 'static,
    close: Callback<MouseEvent>,
    retry: &Retry,
) -> Html {
    // The list.
    let items = puzzle::bundled_all().into_iter().map(|p| {
        let done = solved.contains(&p.id);
        let onclick = {
            let (open, on_load, reset) = (open.clone(), on_load.clone(), reset.clone());
            let id = p.id.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(o) = bundled_open(&id) {
                    let text = store::attempt(&id).unwrap_or_else(|| o.puzzle.starter.clone());
                    store::set_current(&id);
                    on_load.emit((o.puzzle.isa.clone(), text));
                    reset();
                    open.set(Some(o));
                }
            })
        };
        html! {
            <li>
                <button class={classes!("pz-item", done.then_some("solved"))} data-id={p.id.clone()}
                    data-solved={done.to_string()} {onclick}>
                    <span class="pz-mark">{ if done { "✓" } else { "·" } }</span>
                    <span class="pz-title">{ title_of(&p) }</span>
                    <small>{ trf("level {0} · {1} · {2}", &[&p.level, &p.isa, &p.teaches]) }</small>
                </button>
            </li>
        }
    });
    html! {
        <section id="puzzles" class="puzzles" data-view="list">
            <div class="pz-head">
                <h2>{ tr("Warp puzzles") }</h2>
                if !puzzle::bundled_texts().is_empty() {
                    <span class="pz-progress" id="pz-progress">
                        { trf("{0} of {1} solved", &[&puzzle::bundled_texts().iter().filter(|b| solved.iter().any(|s| s == b.0)).count(), &puzzle::bundled_texts().len()]) }
                    </span>
                }
                <span class="spacer"></span>
                <button class="btn" id="pz-close" onclick={close}>{ tr("Close") }</button>
            </div>
            if let Some(why) = LOAD_ERROR.with(|e| e.borrow().clone()).filter(|_| puzzle::bundled_texts().is_empty()) {
                <p class="pz-error" role="alert">
                    { trf("The puzzles could not be loaded: {0}", &[&why]) }
                    <button class="btn small" id="pz-retry" onclick={retry.click.clone()} disabled={retry.busy} aria-busy={retry.busy.then_some("true")}>
                        { if retry.busy { tr("Loading…") } else { tr("Retry") } }
                    </button>
                </p>
            }
            <ol class="pz-list">{ for items }</ol>
        </section>
    }
}

/// What Check uses: a Check under way (cases begun and in all, and how
/// to stop it), and where its result and the solved puzzles go.
#[derive(Clone)]
struct Checking {
    progress: UseStateHandle<Option<(usize, usize)>>,
    stop: Rc<std::cell::Cell<bool>>,
    shown: UseStateHandle<Option<Rc<Graded>>>,
    solved: UseStateHandle<Rc<Vec<String>>>,
}

/// Check: grades the editor's text with core's checker, a slice at a time
/// ([`grade`]), and keeps the attempt. A text in the editor for another
/// ISA is not graded: the puzzle's ISA would read a text the editor shows
/// with errors.
fn check_callback(
    p: &Rc<Puzzle>,
    (source, isa): (&Rc<String>, Id),
    checking: &Checking,
) -> Callback<MouseEvent> {
    let (p, source) = (p.clone(), source.clone());
    let checking = checking.clone();
    Callback::from(move |_: MouseEvent| {
        if checking.progress.is_some() {
            return;
        }
        store::save_attempt(&p.id, &source);
        // a CUDA C kernel is graded as a w128 submission
        let cuda = isa == Id::Cuda && p.isa == Id::W128.name();
        if isa.name() != p.isa && !cuda {
            let why = trf(
                "Not checked: this puzzle is for {1}, the editor for {0}. Switch the ISA to {1} (the text stays).",
                &[&isa.name(), &p.isa],
            );
            checking.shown.set(Some(Rc::new(Graded {
                shown: Shown::NotChecked(why),
                source: source.clone(),
                isa,
            })));
            return;
        }
        checking.stop.set(false);
        checking.progress.set(Some((0, 0)));
        let (p, source) = (p.clone(), source.clone());
        let checking = checking.clone();
        let (shown, solved) = (checking.shown.clone(), checking.solved.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let progress = checking.progress.clone();
            let tell = move |run, total| progress.set(Some((run, total)));
            let lang = if cuda {
                SubmissionLang::Cuda
            } else {
                SubmissionLang::Asm
            };
            let graded = grade::in_slices(&p, (&source, lang), tell, checking.stop.clone()).await;
            checking.progress.set(None);
            let result = match graded {
                None => Shown::Stopped,
                Some(Ok(r)) => {
                    if r.passed() {
                        solved.set(Rc::new(store::mark_solved(&p.id)));
                    }
                    Shown::Report(r)
                }
                Some(Err(diags)) => Shown::Errors(
                    diags
                        .iter()
                        .filter(|d| d.is_error())
                        .map(|d| (diag::line_col(&source, d.span.start), d.text.clone()))
                        .collect(),
                ),
            };
            shown.set(Some(Rc::new(Graded {
                shown: result,
                source,
                isa,
            })));
        });
    })
}

/// The line under way while a Check runs, with Stop.
fn checking_view(checking: &Checking) -> Html {
    let Some((run, total)) = *checking.progress else {
        return Html::default();
    };
    let stop = {
        let stop = checking.stop.clone();
        Callback::from(move |_: MouseEvent| stop.set(true))
    };
    html! {
        <p class="pz-checking" id="pz-checking" role="status">
            { if total == 0 { tr("Checking…").to_string() } else { trf("Checking: case {0} of {1}…", &[&run, &total]) } }
            <button class="btn small" id="pz-stop" onclick={stop}>{ tr("Stop") }</button>
        </p>
    }
}

/// Link: a link to the puzzle and the attempt, shown for copying.
fn link_callback(
    cur: &Open,
    source: &Rc<String>,
    link_url: &UseStateHandle<Option<String>>,
) -> Callback<MouseEvent> {
    let (cur, source, link_url) = (cur.clone(), source.clone(), link_url.clone());
    Callback::from(move |_: MouseEvent| {
        let attempt = Some(source.as_str()).filter(|s| !s.trim().is_empty());
        let frag = if cur.bundled {
            link::encode_bundled_link(&cur.puzzle.id, attempt)
        } else {
            None
        }
        .unwrap_or_else(|| link::encode_puzzle_link(&cur.text, attempt));
        link_url.set(Some(format!("{}#{frag}", crate::share::page_url())));
    })
}

/// The puzzle's limits, in a line.
fn limits_text(p: &Puzzle) -> String {
    let mut parts = Vec::new();
    if let Some(n) = p.limits.instructions {
        parts.push(trf("at most {0} instructions", &[&n]));
    }
    parts.push(trf("{0} steps per case", &[&p.limits.steps]));
    if !p.limits.forbid.is_empty() {
        parts.push(trf("not allowed: {0}", &[&p.limits.forbid.join(", ")]));
    }
    parts.join(" · ")
}

/// The effect that opens the puzzle of a link opened while the panel is
/// shown (not on the first run: the panel opened with its puzzle).
fn follow_links(
    open: &UseStateHandle<Option<Open>>,
    first: Rc<std::cell::RefCell<bool>>,
    reset: impl Fn() + 'static,
) -> impl FnOnce(&Vec<(String, String)>) + 'static {
    let open = open.clone();
    move |v| {
        if std::mem::replace(&mut *first.borrow_mut(), false) {
            return;
        }
        if let Some((p, text)) = link_puzzle(v) {
            store::set_current(&p.id);
            reset();
            open.set(Some(open_of(p, text)));
        }
    }
}

/// Scrolls a new result (`Some`) into view.
fn show_result(key: &Option<usize>) {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("pz-result"));
    if let (Some(_), Some(el)) = (key, el) {
        el.scroll_into_view_with_bool(false);
    }
}

/// Whether the statement is shown in Chinese: so in the Chinese
/// interface, until the puzzle's own language button says otherwise; a
/// switch of the interface's language switches it too. (Calling it also
/// draws the panel again when the language changes.)
#[hook]
fn use_statement_zh() -> UseStateHandle<bool> {
    let lang = crate::i18n::use_lang();
    let zh = use_state(|| lang == Lang::Zh);
    {
        let zh = zh.clone();
        use_effect_with(lang, move |l| {
            if *zh != (*l == Lang::Zh) {
                zh.set(*l == Lang::Zh);
            }
        });
    }
    zh
}

/// The statement and hints to show: the Chinese ones when `zh` and the
/// puzzle has them.
fn prose(p: &Puzzle, zh: bool) -> (&String, &Vec<String>) {
    let statement = if zh && !p.statement_zh.is_empty() {
        &p.statement_zh
    } else {
        &p.statement
    };
    let hints = if zh && !p.hints_zh.is_empty() {
        &p.hints_zh
    } else {
        &p.hints
    };
    (statement, hints)
}

/// The puzzle panel, shown above the editor.
#[function_component(Panel)]
pub fn panel(props: &PanelProps) -> Html {
    let start = use_memo((), |_| from_link());
    let open = {
        let start = start.clone();
        let view = props.link_view.clone();
        use_state(move || match &*start {
            Some((o, _)) => {
                store::set_current(&o.puzzle.id);
                Some(o.clone())
            }
            None => store::current()
                .and_then(|id| from_saved_view(&view, &id).or_else(|| bundled_open(&id))),
        })
    };
    let shown = use_state(|| None::<Rc<Graded>>);
    let hints = use_state(|| 0usize);
    let (confirm, solution) = (use_state(|| false), use_state(|| false));
    let zh = use_statement_zh();
    let solved = use_state(|| Rc::new(store::solved()));
    let link_url = use_state(|| None::<String>);
    let checking = Checking {
        progress: use_state(|| None),
        stop: (*use_mut_ref(|| Rc::new(std::cell::Cell::new(false))).borrow()).clone(),
        shown: shown.clone(),
        solved: solved.clone(),
    };

    // A new result scrolls into view (the panel scrolls on its own).
    use_effect_with(shown.as_ref().map(|r| Rc::as_ptr(r) as usize), show_result);
    // A puzzle link opened while the panel is shown replaces the puzzle.
    let first = use_mut_ref(|| true);
    let reset = reset_handles(&shown, &hints, &confirm, &solution, &link_url);
    use_effect_with(props.link_view.clone(), follow_links(&open, first, reset));
    // A puzzle link without an attempt starts from the starter code.
    {
        let (on_load, start) = (props.on_load.clone(), start.clone());
        use_effect_with((), move |_| {
            if let Some((o, None)) = &*start {
                on_load.emit((o.puzzle.isa.clone(), o.puzzle.starter.clone()));
            }
        });
    }

    let reset = reset_handles(&shown, &hints, &confirm, &solution, &link_url);

    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };

    let (retry, cur) = (use_retry(), (*open).clone());
    let Some(cur) = cur else {
        return puzzle_list(&solved, &open, &props.on_load, reset, close, &retry);
    };

    let p = cur.puzzle.clone();
    let id = p.id.clone();
    let done = solved.contains(&id);

    let on_back = {
        let (open, reset) = (open.clone(), reset.clone());
        Callback::from(move |_: MouseEvent| {
            store::set_current("");
            reset();
            open.set(None);
        })
    };
    let on_check = check_callback(&p, (&props.source, props.isa), &checking);
    let on_hint = {
        let (hints, n) = (hints.clone(), p.hints.len());
        Callback::from(move |_: MouseEvent| hints.set((*hints + 1).min(n)))
    };
    let on_solution = {
        let confirm = confirm.clone();
        Callback::from(move |_: MouseEvent| confirm.set(true))
    };
    let on_confirm = {
        let (confirm, solution) = (confirm.clone(), solution.clone());
        Callback::from(move |_: MouseEvent| {
            confirm.set(false);
            solution.set(true);
        })
    };
    let on_cancel = {
        let confirm = confirm.clone();
        Callback::from(move |_: MouseEvent| confirm.set(false))
    };
    let on_link = link_callback(&cur, &props.source, &link_url);
    let on_lang = {
        let zh = zh.clone();
        Callback::from(move |_: MouseEvent| zh.set(!*zh))
    };

    let (statement, shown_hints) = prose(&p, *zh);
    let limits = limits_text(&p);

    html! {
        <section id="puzzles" class="puzzles" data-view="puzzle" data-puzzle={id.clone()} data-solved={done.to_string()}>
            <div class="pz-head">
                <button class="btn" id="pz-back" onclick={on_back} title={tr("all puzzles")}>{ tr("← Puzzles") }</button>
                <h2>{ title_of(&p) }{ if done { " ✓" } else { "" } }</h2>
                <span class="spacer"></span>
                if !p.statement_zh.is_empty() {
                    <button class="btn" id="pz-lang" onclick={on_lang}>{ if *zh { "English" } else { "中文" } }</button>
                }
                <button class="btn" id="pz-close" onclick={close}>{ tr("Close") }</button>
            </div>
            <p class="pz-meta">{ trf("teaches {0} · level {1} · {2}", &[&p.teaches, &p.level, &p.isa]) }</p>
            <div class="pz-statement">{ crate::markdown::render(statement) }</div>
            <p class="pz-meta">{ limits }</p>
            <div class="pz-actions">
                <button class="btn primary" id="pz-check" onclick={on_check} disabled={checking.progress.is_some()}>{ tr("Check") }</button>
                <button class="btn" id="pz-hint" onclick={on_hint} disabled={*hints >= p.hints.len()}>
                    { trf("Hint ({0}/{1})", &[&*hints, &p.hints.len()]) }
                </button>
                <button class="btn" id="pz-solution" onclick={on_solution}>{ tr("Reference solution…") }</button>
                <button class="btn" id="pz-link" onclick={on_link} title={tr("a link to this puzzle and your attempt")}>{ tr("Link") }</button>
            </div>
            { checking_view(&checking) }
            { graded_view(shown.as_deref(), &p, (&props.source, props.isa, props.fmt), &props.on_load) }
            if let Some(url) = &*link_url {
                <input class="pz-url" id="pz-url" readonly=true value={url.clone()} />
            }
            <ol class="pz-hints" id="pz-hints">
                { for shown_hints.iter().take(*hints).map(|h| html! { <li>{ crate::markdown::render(h) }</li> }) }
            </ol>
            if *confirm {
                <div class="pz-confirm" id="pz-confirm" role="alertdialog">
                    <span>{ tr("Show the reference solution? Solving it yourself teaches more.") }</span>
                    <button class="btn" id="pz-confirm-yes" onclick={on_confirm}>{ tr("Show it") }</button>
                    <button class="btn" id="pz-confirm-no" onclick={on_cancel}>{ tr("Not yet") }</button>
                </div>
            }
            if *solution {
                { solution_view(&p, &props.on_load) }
            }
        </section>
    }
}

/// The reference solution, shown after the confirmation: the assembly
/// and, for a w128 puzzle, the CUDA C one, each with a button that puts
/// it in the editor.
fn solution_view(p: &Rc<Puzzle>, on_load: &Callback<(String, String)>) -> Html {
    let use_asm = {
        let (p, on_load) = (p.clone(), on_load.clone());
        Callback::from(move |_: MouseEvent| on_load.emit((p.isa.clone(), p.solution.clone())))
    };
    let use_cuda = {
        let (p, on_load) = (p.clone(), on_load.clone());
        Callback::from(move |_: MouseEvent| {
            on_load.emit((Id::Cuda.name().to_string(), p.solution_cuda.clone()))
        })
    };
    html! {
        <div class="pz-solution" id="pz-solution-text">
            <pre>{ p.solution.clone() }</pre>
            <button class="btn" id="pz-use-solution" onclick={use_asm}>{ tr("Put it in the editor") }</button>
            if !p.solution_cuda.is_empty() {
                <pre id="pz-solution-cuda">{ p.solution_cuda.clone() }</pre>
                <button class="btn" id="pz-use-cuda" onclick={use_cuda}>{ tr("Put the CUDA C one in the editor") }</button>
            }
        </div>
    }
}

/// A function that forgets what was shown for the previous puzzle.
fn reset_handles(
    shown: &UseStateHandle<Option<Rc<Graded>>>,
    hints: &UseStateHandle<usize>,
    confirm: &UseStateHandle<bool>,
    solution: &UseStateHandle<bool>,
    link_url: &UseStateHandle<Option<String>>,
) -> impl Fn() + Clone + 'static {
    let (shown, hints, confirm, solution, link_url) = (
        shown.clone(),
        hints.clone(),
        confirm.clone(),
        solution.clone(),
        link_url.clone(),
    );
    move || {
        shown.set(None);
        hints.set(0);
        confirm.set(false);
        solution.set(false);
        link_url.set(None);
    }
}

/// The last Check's result, marked as about an earlier text when the
/// editor has changed since (or its ISA has).
fn graded_view(
    graded: Option<&Graded>,
    p: &Puzzle,
    (source, isa, fmt): (&Rc<String>, Id, crate::state::Fmt),
    on_load: &Callback<(String, String)>,
) -> Html {
    let Some(g) = graded else {
        return Html::default();
    };
    if *g.source == **source && g.isa == isa {
        return result_view(Some(&g.shown), p, (source, fmt, g.isa), on_load);
    }
    html! {
        <div class="pz-stale" id="pz-stale">
            <p class="pz-stale-note">{ tr("For an earlier version of the program: Check again.") }</p>
            { result_view(Some(&g.shown), p, (&g.source, fmt, g.isa), on_load) }
        </div>
    }
}

/// The last Check's result.
fn result_view(
    shown: Option<&Shown>,
    p: &Puzzle,
    (source, fmt, isa): (&Rc<String>, crate::state::Fmt, Id),
    on_load: &Callback<(String, String)>,
) -> Html {
    let Some(shown) = shown else {
        return Html::default();
    };
    let r = match shown {
        Shown::Errors(lines) => {
            return html! {
                <div class="pz-result fail" id="pz-result" data-pass="false">
                    <p>{ tr("✗ The program does not assemble:") }</p>
                    <ul>{ for lines.iter().map(|(at, t)| html! {
                        <li><code>{ format!("{}:{}", at.line, at.col) }</code>{ " " }{ tr_text(t) }</li>
                    }) }</ul>
                </div>
            };
        }
        Shown::NotChecked(why) => {
            return html! {
                <div class="pz-result fail" id="pz-result" data-pass="false" data-checked="false"><p>{ why.clone() }</p></div>
            };
        }
        Shown::Stopped => {
            return html! {
                <div class="pz-result" id="pz-result" data-pass="false"><p>{ tr("The Check was stopped before it finished.") }</p></div>
            };
        }
        Shown::Report(r) => r,
    };
    match &r.outcome {
        check::Outcome::Pass => html! {
            <div class="pz-result pass" id="pz-result" data-pass="true">
                { trf("✓ Passed all {0} cases: {1} instructions, at most {2} steps.", &[&r.cases_total, &r.instructions, &r.max_steps]) }
            </div>
        },
        check::Outcome::Rule { diagnostic } => html! {
            <div class="pz-result fail" id="pz-result" data-pass="false">
                { trf("✗ Line {0}: {1}", &[&diag::line_col(source, diagnostic.span.start).line, &tr_text(&diagnostic.text)]) }
            </div>
        },
        check::Outcome::Fail { failure } => {
            let c = &failure.case;
            let wrong = failure.wrong_lanes();
            let checked = failure
                .outputs
                .iter()
                .filter(|o| o.expected.len() == 32)
                .fold(0u32, |m, o| m | o.checked);
            let lanes = (0..32).map(|l| {
                let bit = 1u32 << l;
                let class = if wrong & bit != 0 {
                    "wrong"
                } else if checked & bit != 0 {
                    "ok"
                } else {
                    "off"
                };
                html! { <span class={classes!("pz-lane", class)} data-lane={l.to_string()} title={trf("lane {0}", &[&l])}>{ l }</span> }
            });
            let rows = failure
                .outputs
                .iter()
                .filter(|o| o.wrong != 0)
                .flat_map(|o| {
                    let per_lane = o.expected.len() == 32;
                    let lanes: Vec<usize> = if per_lane {
                        (0..32).filter(|l| o.wrong >> l & 1 == 1).take(8).collect()
                    } else {
                        vec![0]
                    };
                    lanes.into_iter().map(move |l| {
                    html! {
                        <tr>
                            <td>{ o.name.clone() }</td>
                            <td>{ if per_lane { l.to_string() } else { tr("all").to_string() } }</td>
                            <td>{ fmt.show(o.expected[l]) }</td>
                            <td>{ fmt.show(o.actual[l]) }</td>
                        </tr>
                    }
                })
                });
            let on_case = {
                let (on_load, isa, text) = (on_load.clone(), p.isa.clone(), c.program_text(source));
                Callback::from(move |_: MouseEvent| on_load.emit((isa.clone(), text.clone())))
            };
            let what = match failure.step_limit {
                Some(n) => trf("did not finish within {0} steps", &[&n]),
                None => trf("{0} wrong lane(s)", &[&wrong.count_ones()]),
            };
            html! {
                <div class="pz-result fail" id="pz-result" data-pass="false" data-case={c.number.to_string()}
                    data-wrong={format!("{wrong:#010x}")}>
                    <p>{ trf("✗ Case {0} of {1} ({2}), active lanes {3}: {4}.", &[&c.number, &r.cases_total, &tr_text(&c.text), &format!("{:#010x}", c.active), &what]) }</p>
                    <div class="pz-lanes" id="pz-lanes">{ for lanes }</div>
                    <table class="pz-diff">
                        <tr><th>{ tr("register") }</th><th>{ tr("lane") }</th><th>{ tr("expected") }</th><th>{ tr("got") }</th></tr>
                        { for rows }
                    </table>
                    if isa != Id::Cuda {
                        <button class="btn" id="pz-load-case" onclick={on_case}
                            title={tr("replace the editor's text with this case's inputs and your code, to step through it")}>
                            { tr("Load this case into the simulator") }
                        </button>
                    }
                </div>
            }
        }
    }
}
