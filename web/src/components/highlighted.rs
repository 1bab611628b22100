//! The editor's text layer: the source highlighted as core's lexer sees
//! it, with error and warning underlines, drawn under the text area.

use std::rc::Rc;
use warpscope_core::isas::Id;
use yew::prelude::*;

use crate::highlight;
use crate::state::{DiagView, Ptr};

/// Highlighted text props.
#[derive(Properties, PartialEq)]
pub struct HighlightedProps {
    /// ISA name (for its mnemonics and registers).
    pub isa: Id,
    /// The text.
    pub source: Rc<String>,
    /// Diagnostics (underlined).
    pub diags: Ptr<Vec<DiagView>>,
}

/// The highlighted text with error underlines; redrawn only when the text
/// or its diagnostics change.
#[function_component(Highlighted)]
pub fn highlighted(p: &HighlightedProps) -> Html {
    let isa = p.isa.isa();
    let src: &str = &p.source;
    let pieces = highlight::highlight(isa, src);
    let mut by_line: std::collections::HashMap<usize, Vec<&DiagView>> = Default::default();
    for d in p.diags.iter() {
        by_line.entry(d.line).or_default().push(d);
    }
    src.split('\n')
        .zip(pieces.iter())
        .enumerate()
        .map(|(i, (line, ps))| {
            let n = i + 1;
            let markers = by_line.get(&n).into_iter().flatten().map(|d| {
                let left = visual_col(line, d.col);
                let style = format!("left: calc({left}ch + var(--pad)); width: {}ch", d.len.max(1));
                html! {
                    <span class={classes!("err-mark", if d.error { "error" } else { "warning" })}
                          data-line={d.line.to_string()} data-col={d.col.to_string()}
                          title={d.message.clone()} {style}></span>
                }
            });
            html! {
                <div class="hl-line" data-line={n.to_string()}>
                    { for ps.iter().map(|&(c, s, e)| html!{ <span class={c.css()}>{ &line[s..e] }</span> }) }
                    { "\u{200b}" }
                    { for markers }
                </div>
            }
        })
        .collect()
}

/// Visual column (0-based, tabs to multiples of 4) of char column `col`
/// (1-based) in `line`.
fn visual_col(line: &str, col: usize) -> usize {
    let mut v = 0;
    for c in line.chars().take(col.saturating_sub(1)) {
        v = if c == '\t' { (v / 4 + 1) * 4 } else { v + 1 };
    }
    v
}
