//! The part of a long text that the editor's text area holds.
//!
//! A browser lays out a text area's whole value after every keystroke:
//! about 100 ms for ten thousand lines, whatever the page does. So a
//! text of more than [`WHOLE`] lines is held in part, [`SPAN`] lines
//! around the view; the text before and after them is kept here, and
//! every edit is the text before, the text area's value and the text
//! after. The part moves when the view or the caret comes near its edge
//! (scrolling, the arrow keys, Ctrl+Home and Ctrl+End, a caret put
//! somewhere by a click in the listing or in the error list), when
//! Ctrl+A selects all (the whole text is held until the next edit), and
//! after an edit that made it too long or too short.
//!
//! Moving it sets the text area's value, which empties the browser's
//! undo history; Ctrl+Z and Ctrl+Y of a long text are the document's own
//! (`state/typed.rs`). A short text is held whole, and everything stays
//! the browser's.

use web_sys::HtmlTextAreaElement;

/// Texts of up to this many lines are held whole.
pub const WHOLE: usize = 1500;

/// Lines held of a longer text.
pub const SPAN: usize = 1000;

/// How near the held part's edge the view or the caret may come (in
/// lines) before the part moves.
pub const EDGE: usize = 150;

/// What the text area holds of the text: lines `first..first + lines`
/// (0-based), with the text before and after them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Held {
    /// First line held.
    pub first: usize,
    /// Lines held.
    pub lines: usize,
    /// The text before the lines held.
    pub head: String,
    /// The text after them (from the line break that ends the last).
    pub tail: String,
    /// Lines of the whole text when it was cut.
    pub total: usize,
    /// The selection in the whole text (byte offsets) when it does not
    /// lie in the part held, as after scrolling away from the caret: the
    /// next key that types puts the part back around it.
    pub parked: Option<(usize, usize)>,
}

/// Byte offset of UTF-16 index `u16_idx` in `s`.
pub fn byte_of_utf16(s: &str, u16_idx: u32) -> usize {
    let mut n = 0u32;
    for (b, c) in s.char_indices() {
        if n >= u16_idx {
            return b;
        }
        n += c.len_utf16() as u32;
    }
    s.len()
}

/// UTF-16 index of byte offset `byte` in `s`.
pub fn utf16_of_byte(s: &str, byte: usize) -> u32 {
    let mut b = byte.min(s.len());
    while !s.is_char_boundary(b) {
        b -= 1;
    }
    s[..b].encode_utf16().count() as u32
}

/// Lines of a text.
pub fn count_lines(text: &str) -> usize {
    text.bytes().filter(|&b| b == b'\n').count() + 1
}

/// Byte offset of the start of 0-based line `line` (the text's end past
/// its last line).
fn line_start(text: &str, line: usize) -> usize {
    crate::state::line_start(text, line + 1)
}

/// 0-based line of byte offset `at`.
pub fn line_of(text: &str, at: usize) -> usize {
    crate::state::line_of(text, at) - 1
}

impl Held {
    /// Holds `text` around 0-based line `line`: all of it when it is
    /// short, else [`SPAN`] lines with `line` in the middle (as far as
    /// the text's ends allow). Returns the part held and what is held.
    pub fn around(text: &str, line: usize) -> (Held, &str) {
        let total = count_lines(text);
        if total <= WHOLE {
            let held = Held {
                lines: total,
                total,
                ..Held::default()
            };
            return (held, text);
        }
        let first = line.saturating_sub(SPAN / 2).min(total - SPAN);
        let start = line_start(text, first);
        // up to the line break that ends the last line held
        let end = if first + SPAN >= total {
            text.len()
        } else {
            line_start(text, first + SPAN) - 1
        };
        let held = Held {
            first,
            lines: SPAN,
            head: text[..start].to_string(),
            tail: text[end..].to_string(),
            total,
            parked: None,
        };
        (held, &text[start..end])
    }

    /// The whole text, the text area holding `value`.
    pub fn join(&self, value: &str) -> String {
        let mut s = String::with_capacity(self.head.len() + value.len() + self.tail.len());
        s.push_str(&self.head);
        s.push_str(value);
        s.push_str(&self.tail);
        s
    }

    /// Whether all of the text is held.
    pub fn is_whole(&self) -> bool {
        self.head.is_empty() && self.tail.is_empty()
    }

    /// Whether the part held should be cut again for a text of `total`
    /// lines of which the text area holds `held_lines`: a long text held
    /// whole or in too long a part (after a paste, or Ctrl+A), or a
    /// short one held in part.
    pub fn out_of_shape(&self, total: usize, held_lines: usize) -> bool {
        if total <= WHOLE {
            !self.is_whole()
        } else {
            held_lines > 2 * SPAN
        }
    }

    /// Whether lines `top..top + shown` (0-based) lie inside the part
    /// held, [`EDGE`] lines from its ends (except where those are the
    /// text's own ends).
    pub fn shows(&self, top: usize, shown: usize) -> bool {
        let end = self.first + self.lines;
        let lo = if self.first == 0 {
            0
        } else {
            self.first + EDGE
        };
        let hi = if end >= self.total {
            usize::MAX
        } else {
            end.saturating_sub(EDGE)
        };
        top >= lo && top + shown <= hi
    }

    /// A byte offset of the whole text as an offset in the part held,
    /// if it lies there (`held_len`: the length of the part).
    pub fn inside(&self, at: usize, held_len: usize) -> Option<usize> {
        at.checked_sub(self.head.len()).filter(|&k| k <= held_len)
    }
}

// ---------------------------------------------------------------------------
// The text area.

/// Places the text area over the lines it holds (all of the box for a
/// text held whole).
fn place(ta: &HtmlTextAreaElement, held: &Held) {
    let _ = ta.set_attribute("data-first-line", &held.first.to_string());
    let style = ta.style();
    if held.is_whole() {
        let _ = style.remove_property("top");
        let _ = style.remove_property("height");
        let _ = style.remove_property("bottom");
    } else {
        let _ = style.set_property("top", &format!("calc({} * var(--lh))", held.first));
        let height = format!("calc({} * var(--lh) + 2 * var(--pad))", held.lines);
        let _ = style.set_property("height", &height);
        let _ = style.set_property("bottom", "auto");
    }
}

/// The selection as byte offsets of the whole text: the one parked, or
/// the text area's.
pub fn selection(ta: &HtmlTextAreaElement, held: &Held) -> (usize, usize) {
    if let Some(sel) = held.parked {
        return sel;
    }
    let v = ta.value();
    let start = ta.selection_start().ok().flatten().unwrap_or(0);
    let end = ta.selection_end().ok().flatten().unwrap_or(start);
    let at = |u| held.head.len() + byte_of_utf16(&v, u);
    (at(start), at(end))
}

/// Puts the lines of `text` around 0-based line `line` into the text
/// area, and the selection `sel` (byte offsets of `text`) back where it
/// lies in them; a selection elsewhere is parked.
pub fn hold(
    ta: &HtmlTextAreaElement,
    held: &mut Held,
    text: &str,
    line: usize,
    sel: (usize, usize),
) {
    let (h, part) = Held::around(text, line);
    if ta.value() != part {
        ta.set_value(part);
    }
    *held = h;
    place(ta, held);
    match (
        held.inside(sel.0, part.len()),
        held.inside(sel.1, part.len()),
    ) {
        (Some(a), Some(b)) => {
            let (a, b) = (utf16_of_byte(part, a), utf16_of_byte(part, b));
            let _ = ta.set_selection_range(a, b);
        }
        _ => held.parked = Some(sel),
    }
}

/// Holds all of a long text (Ctrl+A, whose selection is all of it).
pub fn hold_whole(ta: &HtmlTextAreaElement, held: &mut Held) {
    let text = held.join(&ta.value());
    let total = count_lines(&text);
    ta.set_value(&text);
    *held = Held {
        lines: total,
        total,
        ..Held::default()
    };
    place(ta, held);
    let _ = ta.set_selection_range(0, text.encode_utf16().count() as u32);
}

/// After the text area's value changed by typing into `text` (the whole
/// text): keeps the counts, and cuts the part again when it is out of
/// shape (a paste, an edit after Ctrl+A, a text grown long or short).
/// Returns the caret's 0-based line when the part moved (the view goes
/// there, as it does after an edit).
pub fn typed(ta: &HtmlTextAreaElement, held: &mut Held, text: &str) -> Option<usize> {
    held.parked = None;
    let total = count_lines(text);
    let lines = count_lines(&ta.value());
    if held.out_of_shape(total, lines) {
        let sel = selection(ta, held);
        let line = line_of(text, sel.1);
        hold(ta, held, text, line, sel);
        return Some(line);
    }
    held.total = total;
    held.lines = lines;
    None
}

/// Whether the text is held in part (or a long one whole, after Ctrl+A):
/// Ctrl+Z is then the document's own.
pub fn in_part(held: &Held) -> bool {
    !held.is_whole() || held.total > WHOLE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: usize) -> String {
        (0..lines)
            .map(|i| format!("line {i}"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_short_text_is_held_whole() {
        let t = text(WHOLE);
        let (h, held) = Held::around(&t, 700);
        assert_eq!(held, t);
        assert!(h.is_whole());
        assert_eq!(h.join(held), t);
        assert!(h.shows(0, 40) && h.shows(WHOLE - 40, 40));
    }

    #[test]
    fn a_long_text_is_held_around_a_line_and_joins_back() {
        let t = text(10_000);
        for line in [0, 1, 499, 500, 5_000, 9_999, 20_000] {
            let (h, held) = Held::around(&t, line);
            assert_eq!(h.lines, SPAN);
            assert_eq!(count_lines(held), SPAN);
            assert_eq!(h.join(held), t, "around {line}");
            assert!(held.starts_with(&format!("line {}\n", h.first)));
            assert!(h.first <= line.min(9_999) && line.min(9_999) < h.first + SPAN);
            // an edit of what is held is an edit of the whole
            let edited = h.join(&held.replacen("line", "LINE", 1));
            assert_eq!(edited.len(), t.len());
            assert_eq!(h.inside(h.head.len(), held.len()), Some(0));
            assert_eq!(h.inside(h.head.len() + held.len() + 1, held.len()), None);
        }
        // at the ends the text's own ends are no edge
        let (h, _) = Held::around(&t, 0);
        assert!(h.shows(0, 40) && !h.shows(SPAN - EDGE, 40));
        let (h, _) = Held::around(&t, 9_999);
        assert!(h.shows(9_960, 40) && !h.shows(h.first, 40));
        let (h, _) = Held::around(&t, 5_000);
        assert!(h.shows(5_000, 40) && !h.shows(h.first + 10, 40));
    }

    #[test]
    fn a_part_out_of_shape_is_cut_again() {
        let (long, _) = Held::around(&text(10_000), 5_000);
        assert!(!long.out_of_shape(10_000, SPAN + 3));
        assert!(long.out_of_shape(10_000, 3 * SPAN));
        assert!(long.out_of_shape(WHOLE, SPAN));
        let (short, _) = Held::around(&text(100), 0);
        assert!(short.out_of_shape(10_000, 10_000));
        assert!(!short.out_of_shape(120, 120));
    }

    #[test]
    fn lines_are_counted_and_found() {
        assert_eq!(count_lines(""), 1);
        assert_eq!(count_lines("a\nb\n"), 3);
        assert_eq!(line_of("a\nb\nc", 4), 2);
        assert_eq!(line_of("a\nb", 99), 1);
        assert_eq!(line_start("a\nbb\nc", 2), 5);
        assert_eq!(line_start("a\nbb\nc", 7), 6);
    }
}
