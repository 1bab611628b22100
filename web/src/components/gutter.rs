//! The editor's gutter: line numbers with breakpoint dots and error
//! markers.

use crate::state::Lines;
use yew::prelude::*;

use crate::i18n::tr;
use crate::state::{DiagView, Ptr};

/// Gutter props.
#[derive(Properties, PartialEq)]
pub struct GutterProps {
    /// Number of lines.
    pub lines: usize,
    /// Diagnostics (marked on their lines).
    pub diags: Ptr<Vec<DiagView>>,
    /// Lines with a breakpoint.
    pub breakpoints: Ptr<Lines>,
    /// A line was clicked.
    pub on_breakpoint: Callback<usize>,
    /// The lines drawn, 0-based (see [`super::window`]); spacers stand
    /// for the others.
    pub first: usize,
    /// The end of the lines drawn.
    pub end: usize,
}

/// Line numbers with breakpoint dots and error markers.
#[function_component(Gutter)]
pub fn gutter(p: &GutterProps) -> Html {
    let _lang = crate::i18n::use_lang();
    let mut by_line: std::collections::HashMap<usize, Vec<&DiagView>> = Default::default();
    let (first, end) = (p.first.min(p.lines), p.end.min(p.lines));
    for d in p.diags.iter().filter(|d| d.line > first && d.line <= end) {
        by_line.entry(d.line).or_default().push(d);
    }
    let lines = (first + 1..=end).map(|n| {
        let ds = by_line.get(&n);
        let err = ds.is_some_and(|v| v.iter().any(|d| d.error));
        let warn = ds.is_some() && !err;
        let bp = p.breakpoints.contains(&n);
        let title = ds
            .map(|v| v.iter().map(|d| d.tooltip()).collect::<Vec<_>>().join("\n"))
            .unwrap_or_else(|| tr("click to toggle a breakpoint").into());
        let class = classes!(
            "gutter-line",
            bp.then_some("bp"),
            err.then_some("has-error"),
            warn.then_some("has-warning"),
        );
        let cb = p.on_breakpoint.clone();
        html! {
            <div key={n} {class} data-line={n.to_string()} data-breakpoint={bp.to_string()} {title}
                 onclick={Callback::from(move |_| cb.emit(n))}>
                <span class="bp-dot"></span>{ n }
            </div>
        }
    });
    html! {
        <>
            { for super::window::spacer("above", first, "var(--lh)") }
            { for lines }
            { for super::window::spacer("below", p.lines - end, "var(--lh)") }
        </>
    }
}
