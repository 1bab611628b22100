//! The editor's text layer: the source highlighted as core's lexer sees
//! it, with error and warning underlines, drawn under the text area.

use std::rc::Rc;
use warpscope_core::isas::Id;
use yew::prelude::*;

use super::highlighted_line::{HighlightedLine, Underline};
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
/// or its diagnostics change, and then only the lines that changed.
#[function_component(Highlighted)]
pub fn highlighted(p: &HighlightedProps) -> Html {
    let isa = p.isa.isa();
    let src: &str = &p.source;
    let pieces = match p.isa {
        // (a CUDA kernel's highlighter waits with its compiler in the
        // second part; until it is in, the text is plain)
        Id::Cuda if crate::lazy::ready() => crate::highlight_cuda::highlight(src),
        Id::Cuda => src
            .split('\n')
            .map(|l| vec![(highlight::Class::Plain, 0, l.len())])
            .collect(),
        _ => highlight::highlight(isa, src),
    };
    let mut by_line: std::collections::HashMap<usize, Vec<&DiagView>> = Default::default();
    for d in p.diags.iter() {
        by_line.entry(d.line).or_default().push(d);
    }
    src.split('\n')
        .zip(pieces)
        .enumerate()
        .map(|(i, (line, pieces))| {
            let n = i + 1;
            let underlines: Vec<Underline> = by_line
                .get(&n)
                .into_iter()
                .flatten()
                .map(|d| Underline {
                    error: d.error,
                    col: d.col,
                    left: visual_col(line, d.col),
                    len: d.len.max(1),
                    message: AttrValue::from(d.tooltip()),
                })
                .collect();
            html! {
                <HighlightedLine key={n} {n} text={AttrValue::from(line.to_string())} {pieces} {underlines} />
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
