//! The bitfield view: the selected instruction's word drawn bit by bit,
//! its opcode's fields as coloured spans, and an editor for the word.
//!
//! Every change (a clicked bit, a typed field value) re-runs core's
//! decoder on the edited word at once: the view shows the new disassembly
//! and fields, or the decoder's error. While the word does not decode, the
//! spans of the opcode it came from stay drawn so the bits keep their
//! names.
//!
//! The layout follows the ISA: one block per machine word the instruction
//! takes (an AMDGPU literal is a second block), 32 bits per row, and for a
//! dialect with scheduling control words (Maxwell) the control word of the
//! instruction's group, where the instruction's own slot holds its control
//! fields (editable like any other field) and the other slots belong to
//! the neighbouring instructions. Operands that pack several numbers
//! (`hwreg(id, offset, size)`, constant addresses) show their parts, as
//! `warpscope_core::spec::builtin::parts` names them, under the field.

use crate::i18n::{tr, trf};
use crate::markup::Markup;
use crate::state::{group_hex, Assembled, Ptr};
use warpscope_core::codec::{decode, FieldRole};
use warpscope_core::disasm;
use warpscope_core::isas::Id;
use warpscope_core::operand::{self as builtin, Part};
use warpscope_core::spec::model::{Isa, TypeRef, Word};
use yew::prelude::*;

/// Bitfield props.
#[derive(Properties, PartialEq)]
pub struct BitfieldProps {
    /// ISA name.
    pub isa: Id,
    /// Selected instruction and its assembled word.
    pub selected: Option<(usize, Word)>,
    /// The edited word, when it differs.
    pub edited: Option<Word>,
    /// True when the listing is stale.
    pub stale: bool,
    /// The program shown (for the neighbours' control slots).
    #[prop_or_default]
    pub asm: Option<Ptr<Assembled>>,
    /// New edited word.
    pub on_word: Callback<Word>,
    /// Write the edit into the source.
    pub on_apply: Callback<()>,
    /// Drop the edit.
    pub on_revert: Callback<()>,
}

#[derive(Clone)]
struct FieldView {
    name: String,
    lo: u32,
    width: u32,
    high: Option<(u32, u32)>,
    in_control: bool,
    raw: u64,
    meaning: String,
    role: FieldRole,
    parts: &'static [Part],
}

impl FieldView {
    /// The `(lo, width)` runs of bits the field occupies in the word.
    fn runs(&self) -> Vec<(u32, u32)> {
        match self.high {
            Some((hlo, hw)) => vec![(self.lo, self.width.saturating_sub(hw)), (hlo, hw)],
            None => vec![(self.lo, self.width)],
        }
    }
    /// The word with this field set to `v`.
    fn insert(&self, word: Word, v: u64) -> Word {
        let mut w = word;
        let mut v = v;
        for (lo, width) in self.runs() {
            let ones: Word = if width >= 128 {
                Word::MAX
            } else {
                (1u128 << width) - 1
            };
            w = (w & !(ones << lo)) | ((Word::from(v) & ones) << lo);
            v = if width >= 64 { 0 } else { v >> width };
        }
        w
    }
    fn bits_text(&self) -> String {
        self.runs()
            .iter()
            .filter(|r| r.1 > 0)
            .rev()
            .map(|&(lo, w)| {
                if w == 1 {
                    lo.to_string()
                } else {
                    format!("{}..{}", lo + w - 1, lo)
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn role_name(r: FieldRole) -> &'static str {
    match r {
        FieldRole::Opcode => "opcode",
        FieldRole::Guard => "guard",
        FieldRole::Operand => "operand",
        FieldRole::Modifier => "modifier",
        FieldRole::Control => "control",
    }
}

/// The roles in the legend's order.
const ROLES: [FieldRole; 5] = [
    FieldRole::Opcode,
    FieldRole::Guard,
    FieldRole::Operand,
    FieldRole::Modifier,
    FieldRole::Control,
];

/// A role's name as shown.
fn role_label(r: FieldRole) -> &'static str {
    match r {
        FieldRole::Opcode => tr("opcode"),
        FieldRole::Guard => tr("guard"),
        FieldRole::Operand => tr("operand"),
        FieldRole::Modifier => tr("modifier"),
        FieldRole::Control => tr("control"),
    }
}

/// Parses a typed field value: decimal, `0x` hex or `0b` binary.
pub fn parse_value(text: &str) -> Option<u64> {
    let t = text.trim().replace('_', "");
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if let Some(b) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        u64::from_str_radix(b, 2).ok()
    } else {
        t.parse().ok()
    }
}

/// Checks a typed value for a field `width` bits wide (core's width of
/// the field): the value, or why it is refused (expected form, range).
pub fn check_value(text: &str, width: u32) -> Result<u64, String> {
    let t = text.trim();
    let range = || {
        let max = if width >= 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        if width == 1 {
            tr("1 bit: 0 or 1").to_string()
        } else {
            let hex = format!("{max:#x}");
            trf("{0} bits: 0..={1} ({2})", &[&width, &max, &hex])
        }
    };
    if t.is_empty() {
        return Err(trf("type a number; {0}", &[&range()]));
    }
    if t.starts_with('-') {
        return Err(trf("no negative values here; {0}", &[&range()]));
    }
    let Some(v) = parse_value(t) else {
        let why = trf(
            "`{0}` is not a number: write decimal, 0x hex or 0b binary; {1}",
            &[&t, &range()],
        );
        return Err(why);
    };
    if width < 64 && v >> width != 0 {
        return Err(trf("`{0}` does not fit: {1}", &[&t, &range()]));
    }
    Ok(v)
}

/// Who a drawn bit belongs to.
#[derive(Clone, PartialEq)]
enum Owner {
    /// A field of the instruction (index into the field list).
    Field(usize),
    /// Another instruction's control slot, or an empty one: label, title.
    Slot(String, String),
    /// No field.
    Unused,
}

/// One drawn bit.
struct Cell {
    /// The number shown under the bit.
    num: u32,
    /// The instruction word's bit a click flips (None: read only).
    word_bit: Option<u32>,
    value: u8,
    owner: Owner,
    changed: bool,
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

/// A field's value as the decoder writes it, with its default mark in
/// the interface's language.
fn shown_meaning(n: &decode::FieldNote) -> String {
    if n.is_default() {
        format!("{}{}", n.value_text(), tr(" (default)"))
    } else {
        n.meaning.clone()
    }
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
/// [`bit_clicked`]).
fn bit_row(
    m: &mut Markup,
    (row, label): (&str, &str),
    cells: &[Cell],
    fields: &[FieldView],
    ctl_base: Option<u32>,
) {
    let n = cells.len();
    let (spans, parts, has_parts) = spans_and_parts(cells, fields, ctl_base);
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
    m.raw(spans.as_str());
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
        ]);
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

/// The field spans of a row of bits and, for packed operands, the parts
/// under them (and whether there are any).
fn spans_and_parts(
    cells: &[Cell],
    fields: &[FieldView],
    ctl_base: Option<u32>,
) -> (Markup, Markup, bool) {
    let n = cells.len();
    let (mut spans, mut parts) = (Markup::default(), Markup::default());
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
                    field_label(&mut spans, &f.name, j - i + 1);
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
    (spans, parts, has_parts)
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
fn flip_bit(word: Word, on_word: &Callback<Word>) -> Callback<MouseEvent> {
    let on_word = on_word.clone();
    Callback::from(move |e: MouseEvent| {
        if let Some(bit) = bit_clicked(&e).filter(|&b| b < 128) {
            on_word.emit(word ^ (1u128 << bit));
        }
    })
}

/// The instruction bit a click on a bit cell asks to flip.
fn bit_clicked(e: &MouseEvent) -> Option<u32> {
    let target: web_sys::Element = e.target_dyn_into()?;
    let cell = target.closest(".bit[data-bit]").ok()??;
    cell.get_attribute("data-bit")?.parse().ok()
}

/// The fields of `word` as decoded, its text or the decoder's error, and
/// its opcode. A word that does not decode keeps the spans of the
/// instruction it came from (`orig`).
fn decoded_fields(
    isa: &Isa,
    word: Word,
    orig: Word,
) -> (
    Vec<FieldView>,
    Option<String>,
    Option<String>,
    Option<usize>,
) {
    let decoded = decode::decode(isa, word);
    let parts_of = |opcode: usize, i: usize| -> &'static [Part] {
        match isa
            .opcodes
            .get(opcode)
            .and_then(|o| o.fields.get(i))
            .map(|f| f.ty)
        {
            Some(TypeRef::Builtin(b)) => builtin::parts(b),
            _ => &[],
        }
    };
    let control_mask = isa.control_mask();
    match &decoded {
        Ok((inst, notes)) => (
            notes
                .iter()
                .enumerate()
                .map(|(i, n)| FieldView {
                    name: n.name.clone(),
                    lo: n.lo,
                    width: n.width,
                    high: n.high,
                    in_control: n.in_control,
                    raw: n.raw,
                    meaning: shown_meaning(n),
                    role: n.role,
                    parts: parts_of(inst.opcode, i),
                })
                .collect(),
            Some(disasm::disasm(isa, inst)),
            None,
            Some(inst.opcode),
        ),
        Err(e) => {
            // Keep the spans of the instruction the word came from.
            match decode::decode_inst(isa, orig) {
                Ok(inst) => {
                    let layouts = warpscope_core::codec::layouts(isa);
                    let layout = &layouts[inst.opcode];
                    let fields = inst
                        .def(isa)
                        .fields
                        .iter()
                        .enumerate()
                        .map(|(i, f)| FieldView {
                            name: f.name.clone(),
                            lo: f.lo,
                            width: f.width,
                            high: f.high,
                            in_control: f.mask() & control_mask != 0,
                            raw: f.extract(word),
                            meaning: String::new(),
                            role: layout.roles[i],
                            parts: parts_of(inst.opcode, i),
                        })
                        .collect();
                    (fields, None, Some(e.to_string()), Some(inst.opcode))
                }
                Err(_) => (Vec::new(), None, Some(e.to_string()), None),
            }
        }
    }
}

/// The control word of the instruction's group (Maxwell), with this
/// instruction's slot editable.
fn control_view(
    p: &BitfieldProps,
    isa: &Isa,
    index: usize,
    word: Word,
    orig: Word,
    owner: &[Owner],
    fields: &[FieldView],
) -> Option<Html> {
    let wb = isa.word_bits.clamp(1, 128);
    isa.dialect.control.map(|c| {
        let per = c.per_word.max(1) as usize;
        let k = index % per;
        let first = index - k;
        let sb = c.slot_bits;
        let slots: Vec<u64> = (0..per)
            .map(|j| {
                if j == k {
                    warpscope_core::codec::control::control_slot(isa, word)
                } else {
                    p.asm
                        .as_ref()
                        .and_then(|a| a.rows.get(first + j))
                        .map_or(c.empty_slot, |r| warpscope_core::codec::control::control_slot(isa, r.word))
                }
            })
            .collect();
        let orig_slot = warpscope_core::codec::control::control_slot(isa, orig);
        let cword = warpscope_core::codec::control::control_word(isa, &slots);
        let total = 64u32;
        let ccell = |cb: u32| -> Cell {
            let j = (cb / sb) as usize;
            let value = ((cword >> cb) & 1) as u8;
            if j == k && cb < sb * c.per_word {
                let b = wb + (cb - j as u32 * sb);
                Cell {
                    num: cb,
                    word_bit: Some(b),
                    value,
                    owner: owner[b as usize].clone(),
                    changed: (orig_slot ^ slots[k]) >> (cb - j as u32 * sb) & 1 == 1,
                }
            } else if j < per {
                let who = first + j;
                let exists = p.asm.as_ref().is_some_and(|a| who < a.rows.len());
                let (label, title) = if exists {
                    (
                        trf("slot {0}: instruction {1}", &[&j, &who]),
                        trf("slot {0} (bits {1}..{2}) holds the controls of instruction {3}; select it to edit them",
                            &[&j, &((j as u32 + 1) * sb - 1), &(j as u32 * sb), &who]),
                    )
                } else {
                    (
                        trf("slot {0}: empty", &[&j]),
                        trf("slot {0} (bits {1}..{2}): no instruction, the default controls {3}",
                            &[&j, &((j as u32 + 1) * sb - 1), &(j as u32 * sb), &format!("{:#x}", c.empty_slot)]),
                    )
                };
                Cell { num: cb, word_bit: None, value, owner: Owner::Slot(label, title), changed: false }
            } else {
                Cell { num: cb, word_bit: None, value, owner: Owner::Unused, changed: false }
            }
        };
        // A control field's `lo` is wb + offset in the instruction's Word
        // and k * sb + offset in the control word.
        let ctl_base = Some((k as u32 * sb).wrapping_sub(wb));

        let mut crow = Markup::default();
        for r in (0..total / 32).rev() {
            let cells: Vec<Cell> = (r * 32..r * 32 + 32).rev().map(ccell).collect();
            let label = if r == total / 32 - 1 { ("control", tr("control")) } else { ("", "") };
            bit_row(&mut crow, label, &cells, fields, ctl_base);
        }
        html! {
            <div class="control-word" id="control-word" data-word={format!("{cword:#018x}")} data-slot={k.to_string()}
                 data-first={first.to_string()} data-slot-bits={sb.to_string()}>
                <div class="cw-head">
                    <span class="cw-title">{ trf("control word of instructions {0}..{1}", &[&first, &(first + per - 1)]) }</span>
                    <code class="cw-hex">{ format!("{cword:016x}") }</code>
                    <code class="cw-text" id="cw-text">{ warpscope_core::codec::control::control_text(isa, cword) }</code>
                    <span class="cw-note">{ trf("this instruction's controls are slot {0} (bits {1}..{2})", &[&k, &((k as u32 + 1) * sb - 1), &(k as u32 * sb)]) }</span>
                </div>
                <div class="bitrows" tabindex="0" role="region" aria-label={tr("the control word's bits")}
                     onclick={flip_bit(word, &p.on_word)}>{ crow.into_html() }</div>
            </div>
        }
    })
}

/// The fields table: bits, role, the value (typed values that do not fit
/// are refused with the reason) and the meaning.
fn field_rows(
    p: &BitfieldProps,
    fields: &[FieldView],
    index: usize,
    word: Word,
    bad_field: &UseStateHandle<Option<(usize, String, String, String)>>,
) -> Html {
    let rows = fields.iter().map(|f| {
        let cb = p.on_word.clone();
        let fv = f.clone();
        let bad = (*bad_field).clone();
        let onchange = Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            match check_value(&input.value(), fv.width) {
                Ok(v) => {
                    bad.set(None);
                    cb.emit(fv.insert(word, v));
                }
                Err(msg) => bad.set(Some((index, fv.name.clone(), input.value(), msg))),
            }
        });
        let refused = bad_field
            .as_ref()
            .filter(|(i, name, _, _)| *i == index && *name == f.name);
        let value = refused.map_or_else(|| format!("{:#x}", f.raw), |r| r.2.clone());
        let why = refused.map(|r| r.3.clone());
        html! {
            <tr data-field={f.name.clone()}>
                <td class="fname"><span class={classes!("swatch", format!("role-{}", role_name(f.role)))}></span>{ &f.name }</td>
                <td class="fbits">{ if f.in_control { trf("{0} (control slot)", &[&f.bits_text()]) } else { f.bits_text() } }</td>
                <td class="frole">{ role_label(f.role) }</td>
                <td class="fraw"><input type="text" class="field-input" {value}
                    data-field={f.name.clone()} aria-label={trf("value of {0}", &[&f.name])}
                    aria-invalid={why.is_some().then_some("true")} {onchange} />
                    if let Some(msg) = why {
                        <span class="field-error" role="alert" data-field={f.name.clone()}>{ msg }</span>
                    }</td>
                <td class="fmeaning">{ &f.meaning }</td>
            </tr>
        }
    });
    rows.collect()
}

/// The bitfield view.
#[function_component(Bitfield)]
pub fn bitfield(p: &BitfieldProps) -> Html {
    let _lang = crate::i18n::use_lang();
    // A typed value that was refused: instruction, field, the text (kept
    // in the box) and why.
    let bad_field = use_state(|| None::<(usize, String, String, String)>);
    let isa = p.isa.isa();
    let Some((index, orig)) = p.selected else {
        return html! {
            <section class="pane bitfield-pane" aria-label={tr("bitfield")}>
                <div class="pane-head"><h2>{ tr("Encoding") }</h2></div>
                <p class="empty">{ tr("Select an instruction in the listing or put the caret on one.") }</p>
            </section>
        };
    };
    let word = p.edited.unwrap_or(orig);
    let (fields, text, error, opcode) = decoded_fields(isa, word, orig);
    let wb = isa.word_bits.clamp(1, 128);
    let nwords = opcode
        .and_then(|o| isa.opcodes.get(o))
        .map_or(1, |o| isa.opcode_words(o))
        .clamp(1, (128 / wb).max(1));
    let inst_bits = wb * nwords;
    let mut owner: Vec<Owner> = vec![Owner::Unused; 128];
    for (k, f) in fields.iter().enumerate() {
        for (lo, w) in f.runs() {
            for b in lo..(lo + w).min(128) {
                owner[b as usize] = Owner::Field(k);
            }
        }
    }
    let cell = |b: u32, num: u32| Cell {
        num,
        word_bit: Some(b),
        value: ((word >> b) & 1) as u8,
        owner: owner[b as usize].clone(),
        changed: (word ^ orig) >> b & 1 == 1,
    };

    // The instruction's words: word 0 first, 32 bits per row, most
    // significant bit left.
    let row_bits = 32u32.min(wb);
    let mut rows = Markup::default();
    for w in 0..nwords {
        let base = w * wb;
        let nrows = wb.div_ceil(row_bits);
        for r in (0..nrows).rev() {
            let lo = base + r * row_bits;
            let hi = (lo + row_bits).min(base + wb) - 1;
            let cells: Vec<Cell> = (lo..=hi).rev().map(|b| cell(b, b)).collect();
            let (row, label) = if nwords > 1 && r == nrows - 1 {
                (format!("word {w}"), trf("word {0}", &[&w]))
            } else {
                (String::new(), String::new())
            };
            bit_row(&mut rows, (&row, &label), &cells, &fields, None);
        }
    }

    let control = control_view(p, isa, index, word, orig, &owner, &fields);
    let table = field_rows(p, &fields, index, word, &bad_field);

    let edited = p.edited.is_some();
    let apply = p.on_apply.reform(|_: MouseEvent| ());
    let revert = p.on_revert.reform(|_: MouseEvent| ());
    let hex = if wb > 64 {
        group_hex(&disasm::format_hex(isa, word))
    } else {
        disasm::format_words(isa, word & isa.inst_mask(), nwords)
    };
    let info = if nwords > 1 {
        trf("instruction {0} · {1} words of {2} bits, word 0 first, most significant bit left · click a bit to flip it", &[&index, &nwords, &wb])
    } else {
        trf(
            "instruction {0} · bits {1}..0, most significant left · click a bit to flip it",
            &[&index, &(inst_bits - 1)],
        )
    };
    html! {
        <section class={classes!("pane", "bitfield-pane", p.stale.then_some("stale"))} aria-label={tr("bitfield")}
                 id="bitfield" data-index={index.to_string()} data-word={format!("{word:#x}")}
                 data-word-bits={wb.to_string()} data-words={nwords.to_string()}>
            <div class="pane-head">
                <h2>{ tr("Encoding") }</h2>
                if p.stale { <span class="stale-badge">{ tr("stale") }</span> }
                <span class="pane-info">{ info }</span>
                <super::export_menu::ExportMenu id="bitfield" what={tr("encoding")} make={export_maker(p.isa, word, text.clone(), hex.clone())} />
            </div>
            <div class="bf-result">
                <code class="bf-hex" id="bf-hex">{ hex }</code>
                if let Some(t) = &text {
                    <code id="bf-disasm" class={classes!("bf-disasm", edited.then_some("edited"))}>{ t }</code>
                }
                if let Some(e) = &error {
                    <span id="bf-error" class="bf-error">{ e }</span>
                }
                if edited {
                    <button class="btn primary" id="bf-apply" onclick={apply} disabled={error.is_some() || p.stale}
                        title={tr("write this instruction into the source")}>{ tr("Apply") }</button>
                    <button class="btn" id="bf-revert" onclick={revert}>{ tr("Revert") }</button>
                }
            </div>
            <div class="bitrows" id="inst-bits" tabindex="0" role="region" aria-label={tr("the instruction's bits")}
                 onclick={flip_bit(word, &p.on_word)}>{ rows.into_html() }</div>
            { control.unwrap_or_default() }
            <div class="legend">
                { for ROLES.iter().map(|&r| html!{
                    <span class="legend-item"><span class={classes!("swatch", format!("role-{}", role_name(r)))}></span>{ role_label(r) }</span>
                }) }
                <span class="legend-item"><span class="swatch unused"></span>{ tr("unused") }</span>
            </div>
            <table class="fields-table">
                <thead><tr><th>{ tr("field") }</th><th>{ tr("bits") }</th><th>{ tr("role") }</th><th>{ tr("raw") }</th><th>{ tr("meaning") }</th></tr></thead>
                <tbody>{ table }</tbody>
            </table>
        </section>
    }
}

/// Makes the bitfield drawing of `word`, titled with its text and hex.
fn export_maker(
    isa: Id,
    word: Word,
    text: Option<String>,
    hex: String,
) -> Callback<(), Result<crate::export::Drawing, String>> {
    use crate::export::bitfield::{svg, Palette};
    Callback::from(move |()| {
        let text = text.clone().unwrap_or_default();
        let title = format!("{text}  ·  {hex}");
        let none = tr("this word does not decode, so there is no encoding to draw");
        let (svg, width, height) = svg(isa.isa(), word, &title, &Palette::of_page()).ok_or(none)?;
        let mnemonic = text.split([' ', '.']).next().unwrap_or("word");
        Ok(crate::export::Drawing {
            stem: format!("warpscope-encoding-{mnemonic}"),
            svg,
            width,
            height,
        })
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn parses_values() {
        assert_eq!(super::parse_value("0x1f"), Some(31));
        assert_eq!(super::parse_value(" 12 "), Some(12));
        assert_eq!(super::parse_value("0b101"), Some(5));
        assert_eq!(super::parse_value("1_000"), Some(1000));
        assert_eq!(super::parse_value("zz"), None);
    }

    #[test]
    fn values_that_do_not_fit_say_why() {
        use super::check_value;
        assert_eq!(check_value("0xff", 8), Ok(255));
        assert_eq!(check_value(" 0b1 ", 1), Ok(1));
        assert_eq!(check_value("0xffffffffffffffff", 64), Ok(u64::MAX));
        assert_eq!(
            check_value("0x1ff", 8),
            Err("`0x1ff` does not fit: 8 bits: 0..=255 (0xff)".into())
        );
        assert_eq!(
            check_value("2", 1),
            Err("`2` does not fit: 1 bit: 0 or 1".into())
        );
        let e = check_value("abc", 8).unwrap_err();
        assert!(e.contains("not a number") && e.contains("0..=255"), "{e}");
        let e = check_value("-1", 8).unwrap_err();
        assert!(e.contains("negative") && e.contains("0..=255"), "{e}");
        assert!(check_value("  ", 4).unwrap_err().contains("0..=15"));
    }
}
