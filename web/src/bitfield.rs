//! The bitfield view: the selected instruction's word drawn bit by bit,
//! its opcode's fields as coloured spans, and an editor for the word.
//!
//! Every change (a clicked bit, a typed field value) re-runs core's
//! decoder on the edited word at once: the view shows the new disassembly
//! and fields, or the decoder's error. While the word does not decode, the
//! spans of the opcode it came from stay drawn so the bits keep their
//! names.

use crate::state::group_hex;
use warpscope_core::asm::layout::Layout;
use warpscope_core::decode::{self, FieldRole};
use warpscope_core::disasm;
use warpscope_core::spec::model::Word;
use yew::prelude::*;

/// Bitfield props.
#[derive(Properties, PartialEq)]
pub struct BitfieldProps {
    /// ISA name.
    pub isa_name: &'static str,
    /// Selected instruction and its assembled word.
    pub selected: Option<(usize, Word)>,
    /// The edited word, when it differs.
    pub edited: Option<Word>,
    /// True when the listing is stale.
    pub stale: bool,
    /// New edited word.
    pub on_word: Callback<Word>,
    /// Write the edit into the source.
    pub on_apply: Callback<()>,
    /// Drop the edit.
    pub on_revert: Callback<()>,
}

struct FieldView {
    name: String,
    lo: u32,
    width: u32,
    raw: u64,
    meaning: String,
    role: FieldRole,
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

/// The bitfield view.
#[function_component(Bitfield)]
pub fn bitfield(p: &BitfieldProps) -> Html {
    let isa = warpscope_core::isas::by_name(p.isa_name).unwrap_or_else(warpscope_core::isas::w128);
    let Some((index, orig)) = p.selected else {
        return html! {
            <section class="pane bitfield-pane" aria-label="bitfield">
                <div class="pane-head"><h2>{ "Encoding" }</h2></div>
                <p class="empty">{ "Select an instruction in the listing or put the caret on one." }</p>
            </section>
        };
    };
    let word = p.edited.unwrap_or(orig);
    let bits = isa.word_bits.min(128);
    let decoded = decode::decode(isa, word);
    let (fields, text, error): (Vec<FieldView>, Option<String>, Option<String>) = match &decoded {
        Ok((inst, notes)) => (
            notes
                .iter()
                .map(|n| FieldView {
                    name: n.name.clone(),
                    lo: n.lo,
                    width: n.width,
                    raw: n.raw,
                    meaning: n.meaning.clone(),
                    role: n.role,
                })
                .collect(),
            Some(disasm::disasm(isa, inst)),
            None,
        ),
        Err(e) => {
            // Keep the spans of the instruction the word came from.
            let fields = match decode::decode_inst(isa, orig) {
                Ok(inst) => {
                    let layout = Layout::of(isa, inst.opcode);
                    inst.def(isa)
                        .fields
                        .iter()
                        .enumerate()
                        .map(|(i, f)| FieldView {
                            name: f.name.clone(),
                            lo: f.lo,
                            width: f.width,
                            raw: f.extract(word),
                            meaning: String::new(),
                            role: layout.roles[i],
                        })
                        .collect()
                }
                Err(_) => Vec::new(),
            };
            (fields, None, Some(e.to_string()))
        }
    };
    let mut owner: Vec<Option<usize>> = vec![None; bits as usize];
    for (k, f) in fields.iter().enumerate() {
        for b in f.lo..(f.lo + f.width).min(bits) {
            owner[b as usize] = Some(k);
        }
    }

    let row_bits = 32u32.min(bits);
    let rows = bits.div_ceil(row_bits);
    let row_html = (0..rows).rev().map(|r| {
        let lo = r * row_bits;
        let hi = (lo + row_bits).min(bits) - 1;
        let col = |b: u32| (hi - b + 1) as usize; // grid column of bit b
        // Field spans (and unused runs) in this row, most significant first.
        let mut spans: Vec<Html> = Vec::new();
        let mut b = hi as i64;
        while b >= lo as i64 {
            let bit = b as u32;
            let who = owner[bit as usize];
            let mut low = bit;
            while low > lo && owner[(low - 1) as usize] == who {
                low -= 1;
            }
            let style = format!("grid-column: {} / {}", col(bit), col(low) + 1);
            match who {
                Some(k) => {
                    let f = &fields[k];
                    let title = format!(
                        "{}: bits {}..{} ({} bit{}), raw {:#x} = {}{}",
                        f.name,
                        f.lo + f.width - 1,
                        f.lo,
                        f.width,
                        if f.width == 1 { "" } else { "s" },
                        f.raw,
                        f.raw,
                        if f.meaning.is_empty() { String::new() } else { format!(", {}", f.meaning) },
                    ) + &format!(" [{}]", role_name(f.role));
                    let label = if bit - low + 1 >= 2 || f.width == 1 { f.name.clone() } else { String::new() };
                    spans.push(html! {
                        <div class={classes!("fld", format!("role-{}", role_name(f.role)), (k % 2 == 1).then_some("alt"))}
                             {style} {title}
                             data-field={f.name.clone()} data-lo={f.lo.to_string()} data-width={f.width.to_string()}
                             data-role={role_name(f.role)} data-raw={f.raw.to_string()}>
                            <span class="fld-name">{ label }</span>
                        </div>
                    });
                }
                None => spans.push(html! {
                    <div class="fld unused" {style} title={format!("bits {bit}..{low}: not used by this instruction (must be 0)")}
                         data-unused-hi={bit.to_string()} data-unused-lo={low.to_string()}></div>
                }),
            }
            b = low as i64 - 1;
        }
        let cells = (lo..=hi).rev().map(|bit| {
            let v = (word >> bit) & 1;
            let changed = (word ^ orig) >> bit & 1 == 1;
            let who = owner[bit as usize];
            let cb = p.on_word.clone();
            let class = classes!(
                "bit",
                if v == 1 { "one" } else { "zero" },
                who.is_none().then_some("unused"),
                who.map(|k| format!("role-{}", role_name(fields[k].role))),
                changed.then_some("changed"),
            );
            let title = match who {
                Some(k) => format!("bit {bit} of {} (click to flip)", fields[k].name),
                None => format!("bit {bit}: unused (click to flip)"),
            };
            html! {
                <div {class} data-bit={bit.to_string()} data-value={v.to_string()} {title}
                     onclick={Callback::from(move |_| cb.emit(word ^ (1u128 << bit)))}>{ v }</div>
            }
        });
        let nums = (lo..=hi).rev().map(|bit| {
            let edge = owner[bit as usize] != owner.get(bit as usize + 1).copied().flatten()
                || bit == hi
                || bit % 8 == 0;
            html! { <div class={classes!("bitnum", edge.then_some("edge"))}>{ bit }</div> }
        });
        html! {
            <div class="bitrow" style={format!("--cols: {}", hi - lo + 1)}>
                <div class="bitgrid fields">{ for spans }</div>
                <div class="bitgrid bits">{ for cells }</div>
                <div class="bitgrid nums">{ for nums }</div>
            </div>
        }
    });

    let table = fields.iter().map(|f| {
        let cb = p.on_word.clone();
        let (flo, fw) = (f.lo, f.width);
        let onchange = Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(v) = parse_value(&input.value()) {
                let mask: Word = if fw >= 128 { Word::MAX } else { ((1u128 << fw) - 1) << flo };
                let v = (v as Word) << flo & mask;
                cb.emit((word & !mask) | v);
            }
        });
        html! {
            <tr data-field={f.name.clone()}>
                <td class="fname"><span class={classes!("swatch", format!("role-{}", role_name(f.role)))}></span>{ &f.name }</td>
                <td class="fbits">{ if f.width == 1 { f.lo.to_string() } else { format!("{}..{}", f.lo + f.width - 1, f.lo) } }</td>
                <td class="frole">{ role_name(f.role) }</td>
                <td class="fraw"><input type="text" class="field-input" value={format!("{:#x}", f.raw)}
                    data-field={f.name.clone()} aria-label={format!("value of {}", f.name)} {onchange} /></td>
                <td class="fmeaning">{ &f.meaning }</td>
            </tr>
        }
    });

    let edited = p.edited.is_some();
    let apply = p.on_apply.reform(|_: MouseEvent| ());
    let revert = p.on_revert.reform(|_: MouseEvent| ());
    html! {
        <section class={classes!("pane", "bitfield-pane", p.stale.then_some("stale"))} aria-label="bitfield"
                 id="bitfield" data-index={index.to_string()} data-word={format!("{word:#x}")}>
            <div class="pane-head">
                <h2>{ "Encoding" }</h2>
                if p.stale { <span class="stale-badge">{ "stale" }</span> }
                <span class="pane-info">{ format!("instruction {index} · bits {}..0, most significant left · click a bit to flip it", bits - 1) }</span>
            </div>
            <div class="bf-result">
                <code class="bf-hex">{ group_hex(&disasm::format_hex(isa, word)) }</code>
                if let Some(t) = &text {
                    <code id="bf-disasm" class={classes!("bf-disasm", edited.then_some("edited"))}>{ t }</code>
                }
                if let Some(e) = &error {
                    <span id="bf-error" class="bf-error">{ e }</span>
                }
                if edited {
                    <button class="btn primary" id="bf-apply" onclick={apply} disabled={error.is_some() || p.stale}
                        title="write this instruction into the source">{ "Apply" }</button>
                    <button class="btn" id="bf-revert" onclick={revert}>{ "Revert" }</button>
                }
            </div>
            <div class="bitrows">{ for row_html }</div>
            <div class="legend">
                { for ["opcode", "guard", "operand", "modifier", "control"].iter().map(|r| html!{
                    <span class="legend-item"><span class={classes!("swatch", format!("role-{r}"))}></span>{ *r }</span>
                }) }
                <span class="legend-item"><span class="swatch unused"></span>{ "unused" }</span>
            </div>
            <table class="fields-table">
                <thead><tr><th>{ "field" }</th><th>{ "bits" }</th><th>{ "role" }</th><th>{ "raw" }</th><th>{ "meaning" }</th></tr></thead>
                <tbody>{ for table }</tbody>
            </table>
        </section>
    }
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
}
