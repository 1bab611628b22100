//! The reference pane: the documentation of the instruction under the
//! caret, straight from the ISA description, and a searchable list of
//! every instruction.

use crate::markdown;
use warpscope_core::isas::Id;
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
        "OperandInfo" => "Operands".into(),
        "ModifierInfo" => "Modifiers".into(),
        other => other.to_string(),
    }
}

/// The reference pane.
#[function_component(Reference)]
pub fn reference(p: &ReferenceProps) -> Html {
    let isa = p.isa.isa();
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
                || o.docs.get("Description").is_some_and(|d| d.to_ascii_lowercase().contains(&q))
        })
        .map(|(i, o)| {
            let cb = p.on_pin.clone();
            let summary = o
                .docs
                .get("Description")
                .and_then(|d| d.split(". ").next())
                .unwrap_or("")
                .replace('\n', " ");
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
            html! { <p class="empty">{ "Put the caret on an instruction to see its reference." }</p> }
        }
        Some((_, o)) => {
            let sections =
                o.docs
                    .sections
                    .iter()
                    .filter(|(n, _)| n != "Encoding")
                    .map(|(name, text)| {
                        html! {
                            <div class="ref-section" data-section={name.clone()}>
                                <h4>{ section_title(name) }</h4>
                                { markdown::render(text) }
                            </div>
                        }
                    });
            let opcodes = o.opcodes.iter().filter_map(|&k| isa.opcodes.get(k)).map(|op| {
                html! {
                    <details class="ref-opcode">
                        <summary><code>{ &op.name }</code>{ format!(" · operands {}", op.order.join(", ")) }</summary>
                        { for op.docs.sections.iter().filter(|(n, _)| n != "Encoding").map(|(n, t)| html!{
                            <div class="ref-section"><h5>{ section_title(n) }</h5>{ markdown::render(t) }</div>
                        }) }
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
                            <button class="btn small" onclick={unpin} title="show the instruction under the caret again">{ "follow caret" }</button>
                        }
                    </h3>
                    { for sections }
                    { for opcodes }
                </article>
            }
        }
    };

    html! {
        <section class="pane reference-pane" aria-label="instruction reference">
            <div class="pane-head"><h2>{ "Reference" }</h2></div>
            <div class="ref-body">
                { doc }
                <div class="ref-list">
                    <input type="search" id="ref-search" placeholder="search instructions…"
                        value={(*query).clone()} {oninput} aria-label="search instructions" />
                    <ul tabindex="0" aria-label="instructions">{ list }</ul>
                </div>
            </div>
        </section>
    }
}
