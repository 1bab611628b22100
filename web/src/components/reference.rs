//! The reference pane: the documentation of the instruction under the
//! caret, straight from the ISA description, and a searchable list of
//! every instruction. The descriptions' prose is fetched when the pane is
//! first shown ([`crate::docs`]); names, operands and syntax are there
//! at once.

use crate::docs::{use_docs, Docs as Fetched};
use crate::i18n::{tr, trf, use_lang, Lang};
use crate::markdown;
use warpscope_core::isas::Id;
use warpscope_core::spec::model::{Docs, Isa};
use yew::prelude::*;

/// Reference props.
#[derive(Properties, PartialEq)]
pub struct ReferenceProps {
    /// ISA name.
    pub isa: Id,
    /// Optype of the selected instruction.
    pub current: Option<usize>,
    /// Optype pinned from the list (shown instead of `current`).
    pub pinned: Option<usize>,
    /// Pin an optype, or `None` to follow the caret again.
    pub on_pin: Callback<Option<usize>>,
}

/// Section headers as shown.
fn section_title(name: &str) -> String {
    match name {
        "OperandInfo" => tr("Operands").into(),
        "ModifierInfo" => tr("Modifiers").into(),
        "Syntax" => tr("Syntax").into(),
        "Description" => tr("Description").into(),
        "Semantics" => tr("Semantics").into(),
        "Examples" => tr("Examples").into(),
        "Notes" => tr("Notes").into(),
        other => other.to_string(),
    }
}

/// The w128 mnemonics whose Chinese is the ISA documents' own text; the
/// others' Chinese is a translation of their English.
const FROM_DOCUMENTS: [&str; 11] = [
    "S2R", "CS2R", "S2UR", "SETREG", "GETREG", "SHFL", "VOTE", "VOTEU", "REDUX", "REDUXU", "MATCH",
];

/// The sections of `docs` as shown: the English ones in order; in
/// Chinese, a section with a Chinese text has it beside it, labelled as
/// the documents' original where `from_documents` says so.
fn sections(docs: &Docs, lang: Lang, from_documents: bool, heading: fn(String) -> Html) -> Html {
    docs.sections
        .iter()
        .filter(|(n, _)| n != "Encoding" && !Docs::is_original(n))
        .map(|(name, text)| {
            let original = (lang == Lang::Zh)
                .then(|| docs.original(name))
                .flatten();
            let body = match original {
                None => markdown::render(text),
                Some(zh) => html! {
                    <div class="ref-two">
                        <div class="ref-en" lang="en">{ markdown::render(text) }</div>
                        <div class="ref-zh" lang="zh-CN">
                            if from_documents {
                                <p class="ref-origin">{ tr("Original text of the ISA document:") }</p>
                            }
                            { markdown::render(zh) }
                        </div>
                    </div>
                },
            };
            html! {
                <div class={classes!("ref-section", original.map(|_| "ref-bilingual"))} data-section={name.clone()}>
                    { heading(section_title(name)) }
                    { body }
                </div>
            }
        })
        .collect()
}

/// The first sentence of the description, in the list: the
/// Chinese one where there is one and the interface is in Chinese.
fn summary(docs: &Docs, lang: Lang) -> String {
    let zh = (lang == Lang::Zh)
        .then(|| docs.original("Description"))
        .flatten()
        .and_then(|d| d.split_inclusive('。').next());
    let en = || docs.get("Description").and_then(|d| d.split(". ").next());
    zh.or_else(en).unwrap_or("").replace('\n', " ")
}

/// The reference pane.
#[function_component(Reference)]
pub fn reference(p: &ReferenceProps) -> Html {
    let lang = use_lang();
    // The model without its prose until the prose has been fetched.
    let (docs, retry) = use_docs(p.isa);
    let full = match &docs {
        Fetched::Ready(isa) => Some(isa.clone()),
        _ => None,
    };
    let isa: &Isa = full.as_deref().unwrap_or(p.isa.isa());
    let (state, status) = match docs {
        Fetched::Ready(_) => ("ready", html! {}),
        Fetched::Loading => (
            "loading",
            html! { <p class="ref-status" role="status">{ tr("Loading the descriptions…") }</p> },
        ),
        Fetched::Failed(why) => (
            "failed",
            html! {
                <p class="ref-status error" role="alert">
                    { trf("The descriptions could not be loaded: {0}", &[&why]) }
                    <button class="btn small" onclick={retry.reform(|_: MouseEvent| ())}>{ tr("Retry") }</button>
                </p>
            },
        ),
    };
    let query = use_state(String::new);
    let shown = p
        .pinned
        .or(p.current)
        .and_then(|i| isa.optypes.get(i).map(|o| (i, o)));

    let oninput = {
        let query = query.clone();
        Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            query.set(i.value());
        })
    };
    let q = query.to_ascii_lowercase();
    let list = isa
        .optypes
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            q.is_empty()
                || o.name.to_ascii_lowercase().contains(&q)
                || [o.docs.get("Description"), o.docs.original("Description")]
                    .into_iter()
                    .flatten()
                    .any(|d| d.to_ascii_lowercase().contains(&q))
        })
        .map(|(i, o)| {
            let cb = p.on_pin.clone();
            let summary = summary(&o.docs, lang);
            let active = shown.is_some_and(|(k, _)| k == i);
            html! {
                <li class={classes!("ref-item", active.then_some("active"))} data-optype={o.name.clone()}
                    onclick={Callback::from(move |_| cb.emit(Some(i)))}>
                    <span class="ref-name">{ &o.name }</span>
                    <span class="ref-summary">{ summary }</span>
                </li>
            }
        })
        .collect::<Html>();

    let doc = match shown {
        None => {
            html! { <p class="empty">{ tr("Put the caret on an instruction to see its reference.") }</p> }
        }
        Some((_, o)) => {
            let from_documents = p.isa == Id::W128 && FROM_DOCUMENTS.contains(&o.name.as_str());
            let own = sections(&o.docs, lang, from_documents, |t| html! { <h4>{ t }</h4> });
            let opcodes = o.opcodes.iter().filter_map(|&k| isa.opcodes.get(k)).map(|op| {
                html! {
                    <details class="ref-opcode">
                        <summary><code>{ &op.name }</code>{ trf(" · operands {0}", &[&op.order.join(", ")]) }</summary>
                        { sections(&op.docs, lang, from_documents, |t| html! { <h5>{ t }</h5> }) }
                    </details>
                }
            });
            let unpin = p.on_pin.reform(|_: MouseEvent| None);
            html! {
                <article class="ref-doc" id="ref-doc" data-optype={o.name.clone()}>
                    <h3>
                        { &o.name }
                        <span class="ref-group">{ format!(" ({})", o.group) }</span>
                        if p.pinned.is_some() {
                            <button class="btn small" onclick={unpin} title={tr("show the instruction under the caret again")}>{ tr("follow caret") }</button>
                        }
                    </h3>
                    { own }
                    { for opcodes }
                </article>
            }
        }
    };

    html! {
        <section class="pane reference-pane" aria-label={tr("instruction reference")} data-docs={state}>
            <div class="pane-head"><h2>{ tr("Reference") }</h2></div>
            <div class="ref-body">
                <div class="ref-main">
                    { status }
                    { doc }
                </div>
                <div class="ref-list">
                    <input type="search" id="ref-search" placeholder={tr("search instructions…")}
                        value={(*query).clone()} {oninput} aria-label={tr("search instructions")} />
                    <ul tabindex="0" aria-label={tr("instructions")}>{ list }</ul>
                </div>
            </div>
        </section>
    }
}
