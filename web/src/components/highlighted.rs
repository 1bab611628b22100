//! The editor's text layer: the source highlighted as core's lexer sees
//! it, with error and warning underlines, drawn under the text area.

use std::rc::Rc;
use warpscope_core::isas::Id;
use yew::prelude::*;

use super::highlighted_line::{HighlightedLine, Underline};
use super::window;
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
    /// The lines drawn, 0-based (see [`super::window`]); spacers stand
    /// for the others.
    pub first: usize,
    /// The end of the lines drawn.
    pub end: usize,
}

/// The highlighted text with error underlines; redrawn only when the text,
/// its diagnostics or the lines in view change, and then only the lines
/// that changed.
#[function_component(Highlighted)]
pub fn highlighted(p: &HighlightedProps) -> Html {
    let isa = p.isa.isa();
    let src: &str = &p.source;
    let (total, widest) = measure(src);
    let (first, end) = (p.first.min(total), p.end.min(total));
    let pieces = match p.isa {
        // (a CUDA kernel's highlighter waits with its compiler in the
        // second part; until it is in, the text is plain)
        Id::Cuda if crate::lazy::ready() => {
            let mut all = crate::highlight_cuda::highlight(src);
            all.truncate(end);
            all.drain(..first);
            all
        }
        Id::Cuda => src
            .split('\n')
            .skip(first)
            .take(end - first)
            .map(|l| vec![(highlight::Class::Plain, 0, l.len())])
            .collect(),
        _ => highlight::highlight_lines(isa, src, first, end),
    };
    let mut by_line: std::collections::HashMap<usize, Vec<&DiagView>> = Default::default();
    for d in p.diags.iter().filter(|d| d.line > first && d.line <= end) {
        by_line.entry(d.line).or_default().push(d);
    }
    let lines = src
        .split('\n')
        .skip(first)
        .zip(pieces)
        .enumerate()
        .map(|(i, (line, pieces))| {
            let n = first + i + 1;
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
        });
    // The widest line sets the text's width even when it is not drawn,
    // so that the text area, as wide as this layer, never cuts it off.
    let style = format!("height: calc({first} * var(--lh)); width: {widest}ch");
    html! {
        <>
            <div key="above" class="v-gap" aria-hidden="true" {style}></div>
            { for lines }
            { for window::spacer("below", total - end, "var(--lh)") }
        </>
    }
}

/// The lines of `src` and the widest one's width in visual columns (as
/// [`visual_col`] counts them), in one pass over its bytes: it runs on
/// every keystroke, over every line of a long text.
fn measure(src: &str) -> (usize, usize) {
    let (mut lines, mut widest, mut v) = (1, 0, 0);
    for &b in src.as_bytes() {
        match b {
            b'\n' => {
                lines += 1;
                widest = widest.max(v);
                v = 0;
            }
            b'\t' => v = (v / 4 + 1) * 4,
            // (a UTF-8 continuation byte: the character is counted)
            0x80..=0xbf => {}
            _ => v += 1,
        }
    }
    (lines, widest.max(v))
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

#[cfg(test)]
mod tests {
    use super::{measure, visual_col};

    #[test]
    fn lines_and_the_widest_are_measured_as_visual_columns() {
        for src in [
            "",
            "a",
            "ab\n\tc\n",
            "x\ty→z\n\n",
            "EXIT\r\nNOP    // ünïcödé\n",
        ] {
            let want = src
                .split('\n')
                .map(|l| visual_col(l, l.len() + 1))
                .max()
                .unwrap_or(0);
            assert_eq!(measure(src), (src.split('\n').count(), want), "{src:?}");
        }
    }
}
