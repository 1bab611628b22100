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

use crate::i18n::{tr, tr_text, trf};
use crate::markup::Markup;
use crate::state::{group_hex, Assembled, Ptr};
use bits::{bit_row, flip_bit, Cell, Owner};
use warpscope_core::codec::{decode, FieldRole};
use warpscope_core::disasm;
use warpscope_core::isas::Id;
use warpscope_core::operand::{self as builtin, Part};
use warpscope_core::spec::model::{Isa, TypeRef, Word};
use yew::prelude::*;

mod bits;

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
            tr("this 1-bit field holds 0 or 1").to_string()
        } else {
            let hex = format!("{max:#x}");
            trf(
                "this {0}-bit field holds 0 to {1} ({2})",
                &[&width, &max, &hex],
            )
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
            "{0} is not a number: write decimal, 0x hex or 0b binary; {1}",
            &[&t, &range()],
        );
        return Err(why);
    };
    if width < 64 && v >> width != 0 {
        return Err(trf("{0} is too large: {1}", &[&t, &range()]));
    }
    Ok(v)
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
                    (fields, None, Some(tr_text(&e.text())), Some(inst.opcode))
                }
                Err(_) => (Vec::new(), None, Some(tr_text(&e.text())), None),
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
                    cursor: false,
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
                Cell { num: cb, word_bit: None, value, owner: Owner::Slot(label, title), changed: false, cursor: false }
            } else {
                Cell { num: cb, word_bit: None, value, owner: Owner::Unused, changed: false, cursor: false }
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
    // The bit the keyboard is on (clamped to the instruction's top bit).
    let cursor = use_state(|| u32::MAX);
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
    let at = (*cursor).min(inst_bits - 1);
    let cell = |b: u32, num: u32| Cell {
        num,
        word_bit: Some(b),
        value: ((word >> b) & 1) as u8,
        owner: owner[b as usize].clone(),
        changed: (word ^ orig) >> b & 1 == 1,
        cursor: b == at,
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
    // A refused value in a field box holds Apply back, so that the
    // instruction written is never one the reader did not finish.
    let refused = bad_field.as_ref().is_some_and(|b| b.0 == index);
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
                    <button class="btn primary" id="bf-apply" onclick={apply} disabled={error.is_some() || p.stale || refused}
                        title={tr("write this instruction into the source")}>{ tr("Apply") }</button>
                    <button class="btn" id="bf-revert" onclick={revert}>{ tr("Revert") }</button>
                }
            </div>
            <div class="bitrows" id="inst-bits" tabindex="0" role="region"
                 aria-label={trf("bit {0}: {1} (arrow keys, Space flips)", &[&at, &(word >> at & 1)])}
                 onclick={flip_bit(word, &p.on_word)} onkeydown={bits::bit_keys(word, inst_bits, &cursor, &p.on_word)}>{ rows.into_html() }</div>
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
            Err("0x1ff is too large: this 8-bit field holds 0 to 255 (0xff)".into())
        );
        assert_eq!(
            check_value("2", 1),
            Err("2 is too large: this 1-bit field holds 0 or 1".into())
        );
        let e = check_value("abc", 8).unwrap_err();
        assert!(e.contains("not a number") && e.contains("0 to 255"), "{e}");
        let e = check_value("-1", 8).unwrap_err();
        assert!(e.contains("negative") && e.contains("0 to 255"), "{e}");
        assert!(check_value("  ", 4).unwrap_err().contains("0 to 15"));
    }
}
