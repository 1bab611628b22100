//! The rows of bits of the encoding pane, written as text (see
//! [`crate::markup`]): field spans above the bits, bit numbers below and
//! the parts of packed operands; a click on a bit is read by the row's
//! container ([`flip_bit`]).

use super::{role_label, role_name, FieldView};
use crate::i18n::{tr, trf};
use crate::markup::Markup;
use warpscope_core::spec::model::Word;
use yew::prelude::*;

/// Who a drawn bit belongs to.
#[derive(Clone, PartialEq)]
pub(super) enum Owner {
    /// A field of the instruction (index into the field list).
    Field(usize),
    /// Another instruction's control slot, or an empty one: label, title.
    Slot(String, String),
    /// No field.
    Unused,
}

/// One drawn bit.
pub(super) struct Cell {
    /// The number shown under the bit.
    pub(super) num: u32,
    /// The instruction word's bit a click flips (None: read only).
    pub(super) word_bit: Option<u32>,
    pub(super) value: u8,
    pub(super) owner: Owner,
    pub(super) changed: bool,
    /// The bit the keyboard is on (`#bit-cursor`).
    pub(super) cursor: bool,
}

/// A field's name as its span shows it: on one line where it fits (about
/// three characters a bit), else in two short lines (`pg.` over `not`),
/// so that a 1-bit field's name is never cut.
fn field_label(m: &mut Markup, name: &str, bits: usize) {
    let chars = name.chars().count();
    if chars <= 3 * bits {
        m.el("span")
            .class(&["fld-name"])
            .open()
            .text(name)
            .close("span");
        return;
    }
    let mid = name
        .char_indices()
        .filter(|&(_, c)| c == '.' || c == '_')
        .map(|(i, _)| i + 1)
        .min_by_key(|&i| i.abs_diff(name.len() / 2))
        .unwrap_or_else(|| {
            name.char_indices()
                .nth(chars.div_ceil(2))
                .map_or(name.len(), |(i, _)| i)
        });
    let (a, b) = name.split_at(mid);
    m.el("span")
        .class(&["fld-name", "tight"])
        .open()
        .text(a)
        .raw("<br>");
    m.text(b).close("span");
}

fn fld_title(f: &FieldView) -> String {
    let meaning = if f.meaning.is_empty() {
        String::new()
    } else {
        format!(", {}", f.meaning)
    };
    let args: [&dyn std::fmt::Display; 7] = [
        &f.name,
        &f.bits_text(),
        &f.width,
        &format!("{:#x}", f.raw),
        &f.raw,
        &meaning,
        &role_label(f.role),
    ];
    if f.width == 1 {
        trf("{0}: bits {1} ({2} bit), raw {3} = {4}{5} [{6}]", &args)
    } else {
        trf("{0}: bits {1} ({2} bits), raw {3} = {4}{5} [{6}]", &args)
    }
}

/// One row of bits, most significant first, with field spans above, bit
/// numbers below and, for packed operands, their parts. `row` names the
/// row for tools (`data-row`), `label` is what the reader sees. A bit of
/// the instruction word carries `data-bit`: a click on it flips it (see
/// [`flip_bit`]).
pub(super) fn bit_row(
    m: &mut Markup,
    (row, label): (&str, &str),
    cells: &[Cell],
    fields: &[FieldView],
    ctl_base: Option<u32>,
) {
    let n = cells.len();
    m.el("div")
        .class(&["bitrow"])
        .attr("style", &format!("--cols: {n}"));
    m.attr("data-row", row).open();
    if !label.is_empty() {
        m.el("div")
            .class(&["row-label"])
            .open()
            .text(label)
            .close("div");
    }
    m.raw("<div class=\"bitgrid fields\">");
    let (parts, has_parts) = spans_and_parts(m, cells, fields, ctl_base);
    m.raw("</div><div class=\"bitgrid bits\">");
    for c in cells {
        let (role, what) = match &c.owner {
            Owner::Field(k) => (
                format!("role-{}", role_name(fields[*k].role)),
                trf("of {0}", &[&fields[*k].name]),
            ),
            Owner::Slot(l, _) => (String::new(), trf("of {0} (read only here)", &[l])),
            Owner::Unused => (String::new(), tr("unused").to_string()),
        };
        m.el("div").class(&[
            if c.word_bit.is_some() { "bit" } else { "cbit" },
            if c.value == 1 { "one" } else { "zero" },
            if matches!(c.owner, Owner::Unused) {
                "unused"
            } else {
                ""
            },
            if matches!(c.owner, Owner::Slot(..)) {
                "other-slot"
            } else {
                ""
            },
            &role,
            if c.changed { "changed" } else { "" },
            if c.cursor { "kbd" } else { "" },
        ]);
        if c.cursor {
            m.attr("id", "bit-cursor");
        }
        let title = match c.word_bit {
            Some(bit) => {
                m.num("data-bit", bit);
                trf("bit {0} {1} (click to flip)", &[&c.num, &what])
            }
            None => trf("bit {0} {1}", &[&c.num, &what]),
        };
        if ctl_base.is_some() {
            m.num("data-cbit", c.num);
        }
        m.num("data-value", c.value).attr("title", &title).open();
        m.text(if c.value == 1 { "1" } else { "0" }).close("div");
    }
    m.raw("</div><div class=\"bitgrid nums\">");
    for (i, c) in cells.iter().enumerate() {
        let edge = i == 0 || cells[i - 1].owner != c.owner || c.num % 8 == 0;
        m.el("div")
            .class(&["bitnum", if edge { "edge" } else { "" }]);
        m.open().text(&c.num.to_string()).close("div");
    }
    m.raw("</div>");
    if has_parts {
        m.raw("<div class=\"bitgrid parts\">");
        m.raw(parts.as_str());
        m.raw("</div>");
    }
    m.close("div");
}

/// Writes the field spans of a row of bits into `spans`; returns, for
/// packed operands, the parts under them (and whether there are any),
/// which the row draws after its bits.
fn spans_and_parts(
    spans: &mut Markup,
    cells: &[Cell],
    fields: &[FieldView],
    ctl_base: Option<u32>,
) -> (Markup, bool) {
    let n = cells.len();
    let mut parts = Markup::default();
    let mut has_parts = false;
    // An empty cell of the parts row over columns a..=b.
    let no_part = |parts: &mut Markup, a: usize, b: usize| {
        parts.el("div").class(&["part", "none"]);
        parts.attr("style", &columns(a, b)).open().close("div");
    };
    let mut i = 0;
    while i < n {
        let who = &cells[i].owner;
        let mut j = i;
        while j + 1 < n && cells[j + 1].owner == *who {
            j += 1;
        }
        let (hi_num, lo_num) = (cells[i].num, cells[j].num);
        match who {
            Owner::Field(k) => {
                let f = &fields[*k];
                let role = format!("role-{}", role_name(f.role));
                let alt = if k % 2 == 1 { "alt" } else { "" };
                let ctl = if f.in_control { "in-control" } else { "" };
                spans
                    .el("div")
                    .class(&["fld", &role, alt, ctl])
                    .attr("style", &columns(i, j));
                spans
                    .attr("title", &fld_title(f))
                    .attr("data-field", &f.name);
                spans.num("data-lo", f.lo).num("data-width", f.width);
                spans
                    .attr("data-role", role_name(f.role))
                    .attr("data-raw", &f.raw.to_string());
                if let Some(b) = ctl_base {
                    spans.num("data-ctl-lo", b.wrapping_add(f.lo));
                }
                spans.open();
                if j > i || f.width == 1 {
                    field_label(spans, &f.name, j - i + 1);
                }
                spans.close("div");
                // Parts of a packed operand, drawn under its span.
                if !f.parts.is_empty() && f.high.is_none() {
                    let mut a = i;
                    while a <= j {
                        let part_of = |c: &Cell| {
                            let b = c.word_bit.unwrap_or(c.num).wrapping_sub(f.lo);
                            f.parts.iter().position(|p| b >= p.lo && b < p.lo + p.width)
                        };
                        let pa = part_of(&cells[a]);
                        let mut b = a;
                        while b < j && part_of(&cells[b + 1]) == pa {
                            b += 1;
                        }
                        match pa {
                            Some(pi) => {
                                has_parts = true;
                                part(&mut parts, f, pi, columns(a, b));
                            }
                            None => no_part(&mut parts, a, b),
                        }
                        a = b + 1;
                    }
                } else {
                    no_part(&mut parts, i, j);
                }
            }
            Owner::Slot(label, title) => {
                spans
                    .el("div")
                    .class(&["fld", "slot-other"])
                    .attr("style", &columns(i, j));
                spans
                    .attr("title", title)
                    .num("data-slot-hi", hi_num)
                    .num("data-slot-lo", lo_num);
                spans
                    .open()
                    .el("span")
                    .class(&["fld-name"])
                    .open()
                    .text(label)
                    .close("span");
                spans.close("div");
                no_part(&mut parts, i, j);
            }
            Owner::Unused => {
                let title = trf(
                    "bits {0}..{1}: not used by this instruction (must be 0)",
                    &[&hi_num, &lo_num],
                );
                spans
                    .el("div")
                    .class(&["fld", "unused"])
                    .attr("style", &columns(i, j));
                spans
                    .attr("title", &title)
                    .num("data-unused-hi", hi_num)
                    .num("data-unused-lo", lo_num);
                spans.open().close("div");
                no_part(&mut parts, i, j);
            }
        }
        i = j + 1;
    }
    (parts, has_parts)
}

/// The CSS grid columns of cells `a..=b` of a row.
fn columns(a: usize, b: usize) -> String {
    format!("grid-column: {} / {}", a + 1, b + 2)
}

/// Part `pi` of packed field `f`, over the grid columns `style`.
fn part(m: &mut Markup, f: &FieldView, pi: usize, style: String) {
    let part = f.parts[pi];
    let raw = (f.raw >> part.lo) & ((1u64 << part.width) - 1);
    let val = raw + part.bias;
    let name = part.name.trim_end_matches("-1").trim_end_matches("/4");
    let shown = if part.name.ends_with("/4") {
        val * 4
    } else {
        val
    };
    let (hi, lo) = (f.lo + part.lo + part.width - 1, f.lo + part.lo);
    let title = trf(
        "{0} of {1}: bits {2}..{3}, raw {4}, {5} = {6}",
        &[
            &part.name,
            &f.name,
            &hi,
            &lo,
            &format!("{raw:#x}"),
            &name,
            &shown,
        ],
    );
    m.el("div")
        .class(&["part"])
        .attr("style", &style)
        .attr("data-part", part.name);
    m.attr("data-field", &f.name)
        .num("data-lo", lo)
        .num("data-width", part.width);
    m.attr("data-value", &shown.to_string())
        .attr("title", &title)
        .open();
    m.text(&format!("{name} {shown}")).close("div");
}

/// Flips the bit of `word` whose cell was clicked.
/// The instruction's bits by keyboard: Left and Right move the cursor
/// one bit (the most significant bit is on the left), Up and Down one row
/// of 32, Home and End to the highest and lowest bit, Space or Enter flips
/// the bit under it.
pub(super) fn bit_keys(
    word: Word,
    bits: u32,
    cursor: &UseStateHandle<u32>,
    on_word: &Callback<Word>,
) -> Callback<KeyboardEvent> {
    let (on_word, cursor) = (on_word.clone(), cursor.clone());
    Callback::from(move |e: KeyboardEvent| {
        let at = (*cursor).min(bits - 1);
        let to = match e.key().as_str() {
            "ArrowLeft" => at + 1,
            "ArrowRight" => at.saturating_sub(1),
            "ArrowUp" => at + 32,
            "ArrowDown" => at.saturating_sub(32),
            "Home" => bits - 1,
            "End" => 0,
            " " | "Enter" => {
                e.prevent_default();
                on_word.emit(word ^ (1u128 << at));
                return;
            }
            _ => return,
        };
        e.prevent_default();
        cursor.set(to.min(bits - 1));
    })
}

pub(super) fn flip_bit(word: Word, on_word: &Callback<Word>) -> Callback<MouseEvent> {
    let on_word = on_word.clone();
    Callback::from(move |e: MouseEvent| {
        let bit = crate::markup::hit::<u32>(&e, ".bit[data-bit]", "data-bit");
        if let Some(bit) = bit.filter(|&b| b < 128) {
            on_word.emit(word ^ (1u128 << bit));
        }
    })
}
