//! One line of the editor's text layer: its highlighted pieces and the
//! underlines of the diagnostics that start on it.

use yew::prelude::*;

use crate::highlight::Piece;

/// An underline, placed in character columns.
#[derive(Clone, PartialEq)]
pub struct Underline {
    /// An error (else a warning).
    pub error: bool,
    /// 1-based column where it starts, as the diagnostic gives it.
    pub col: usize,
    /// Its left edge in visual columns (tabs to multiples of 4).
    pub left: usize,
    /// Its width in columns (at least 1).
    pub len: usize,
    /// The message shown on hover.
    pub message: AttrValue,
}

/// Line props: everything the line shows, so that a line an edit did
/// not touch is not drawn again (in a program of thousands of lines,
/// drawing them all took over 100 ms a keystroke).
#[derive(Properties, PartialEq)]
pub struct LineProps {
    /// 1-based line number.
    pub n: usize,
    /// The line's text.
    pub text: AttrValue,
    /// Its pieces: class and byte range in `text`.
    pub pieces: Vec<Piece>,
    /// The underlines of the diagnostics that start on it.
    pub underlines: Vec<Underline>,
}

/// One highlighted line.
#[function_component(HighlightedLine)]
pub fn highlighted_line(p: &LineProps) -> Html {
    let line: &str = &p.text;
    let marks = p.underlines.iter().map(|u| {
        let style = format!("left: calc({}ch + var(--pad)); width: {}ch", u.left, u.len);
        html! {
            <span class={classes!("err-mark", if u.error { "error" } else { "warning" })}
                  data-line={p.n.to_string()} data-col={u.col.to_string()}
                  title={u.message.clone()} {style}></span>
        }
    });
    html! {
        <div class="hl-line" data-line={p.n.to_string()}>
            { for p.pieces.iter().map(|&(c, s, e)| html!{ <span class={c.css()}>{ line.get(s..e).unwrap_or("") }</span> }) }
            { "\u{200b}" }
            { for marks }
        </div>
    }
}
