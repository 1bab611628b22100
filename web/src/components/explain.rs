//! The explanation panel above the editor: the title and explanation of a
//! program that opens with a `// Title:` header (every bundled example
//! does, and so can a shared link's program), read by core's
//! `examples::example_header` (in Chinese for a bundled example whose
//! header is unchanged, `crate::examples::header_shown`). Plain text only; dismissing it hides it
//! until a program with another title is loaded.

use crate::i18n::tr;
use std::rc::Rc;
use yew::prelude::*;

/// Panel props.
#[derive(Properties, PartialEq)]
pub struct ExplainProps {
    /// The program text.
    pub source: Rc<String>,
}

/// The panel.
#[function_component(Explain)]
pub fn explain(p: &ExplainProps) -> Html {
    let lang = crate::i18n::use_lang();
    let dismissed = use_state(|| None::<String>);
    let header = {
        let src = p.source.clone();
        use_memo((src, lang), |(src, _)| {
            let (title, text) = crate::examples::header_shown(src);
            (title, crate::examples::paragraphs(&text))
        })
    };
    let (title, paras) = &*header;
    if title.is_empty() || dismissed.as_deref() == Some(title.as_str()) {
        return html! {};
    }
    let close = {
        let dismissed = dismissed.clone();
        let title = title.clone();
        Callback::from(move |_: MouseEvent| dismissed.set(Some(title.clone())))
    };
    html! {
        <section class="explain" id="explain" aria-label={tr("about this program")}>
            <div class="explain-head">
                <h2 id="explain-title">{ title.clone() }</h2>
                <button class="btn small" id="btn-explain-close" onclick={close} title={tr("hide the explanation")} aria-label={tr("hide the explanation")}>{ "×" }</button>
            </div>
            <div class="explain-body" id="explain-body" tabindex="0" role="region" aria-label={tr("explanation")}>
                { for paras.iter().map(|(pre, t)| if *pre {
                    html!{ <pre>{ t.clone() }</pre> }
                } else {
                    html!{ <p>{ t.clone() }</p> }
                }) }
            </div>
        </section>
    }
}
