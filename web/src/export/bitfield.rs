//! The bitfield view as a standalone SVG: the instruction's words in rows
//! of 32 bits, most significant bit left, each field a coloured box over
//! its bits with its name and meaning, the bits below with their numbers.
//! Drawn from the decoder's field notes, so it shows what the decoder
//! reads, like the view itself.

use super::{xml_escape, FONTS};
use warpscope_core::codec::{decode, FieldRole};
use warpscope_core::spec::model::{Isa, Word};

/// Colours of a drawing: the field roles' fills, the text and the page.
pub struct Palette {
    /// Fill of a field of each role, in the order of [`ROLES`].
    pub roles: [String; 5],
    /// Text and lines.
    pub fg: String,
    /// Background.
    pub bg: String,
    /// Bits that belong to no field.
    pub unused: String,
}

/// The field roles, with the names of the page's CSS colour variables.
pub const ROLES: [(FieldRole, &str); 5] = [
    (FieldRole::Opcode, "--r-opcode"),
    (FieldRole::Guard, "--r-guard"),
    (FieldRole::Operand, "--r-operand"),
    (FieldRole::Modifier, "--r-modifier"),
    (FieldRole::Control, "--r-control"),
];

impl Palette {
    fn fill(&self, r: FieldRole) -> &str {
        let i = ROLES.iter().position(|&(x, _)| x == r).unwrap_or(0);
        &self.roles[i]
    }

    /// The page's colours now (light or dark theme), read from its CSS
    /// variables.
    pub fn of_page() -> Palette {
        let var = |name: &str, or: &str| {
            web_sys::window()
                .and_then(|w| {
                    let root = w.document()?.document_element()?;
                    w.get_computed_style(&root).ok().flatten()
                })
                .and_then(|cs| cs.get_property_value(name).ok())
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| or.to_string())
        };
        Palette {
            roles: ROLES.map(|(_, v)| var(v, "#dddddd")),
            fg: var("--fg", "#1b1f24"),
            bg: var("--panel", "#ffffff"),
            unused: var("--border", "#cccccc"),
        }
    }
}

const CELL: u32 = 24;
const LEFT: u32 = 16;
const TOP: u32 = 44;
const ROW: u32 = 84;

/// The bits `(lo, width)` of a field in the instruction word (both parts
/// of a split field).
fn pieces(f: &decode::FieldNote) -> Vec<(u32, u32)> {
    match f.high {
        None => vec![(f.lo, f.width)],
        Some((hlo, hw)) => vec![(f.lo, f.width - hw), (hlo, hw)],
    }
}

/// The SVG of `word` decoded in `isa`, titled `title`, with its width and
/// height; `None` when the word does not decode.
pub fn svg(isa: &Isa, word: Word, title: &str, pal: &Palette) -> Option<(String, u32, u32)> {
    let (inst, notes) = decode::decode(isa, word).ok()?;
    let wb = isa.word_bits;
    let nwords = isa.opcode_words(inst.def(isa));
    let row_bits = 32u32.min(wb);
    let rows: Vec<(u32, u32)> = (0..nwords)
        .flat_map(|w| {
            let base = w * wb;
            (0..wb.div_ceil(row_bits)).rev().map(move |r| {
                (
                    base + r * row_bits,
                    (base + (r + 1) * row_bits).min(base + wb),
                )
            })
        })
        .collect();
    let width = LEFT * 2 + row_bits * CELL;
    let height = TOP + rows.len() as u32 * ROW + 8;
    let mut s = String::new();
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\
         <title>{t}</title><style>svg, text {{ font-family: {FONTS}; }}</style>\
         <rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"{bg}\"/>\
         <text x=\"{LEFT}\" y=\"24\" font-size=\"15\" fill=\"{fg}\">{t}</text>",
        t = xml_escape(title),
        bg = pal.bg,
        fg = pal.fg,
    ));
    let x_of = |hi_bit: u32, b: u32| LEFT + (hi_bit - 1 - b) * CELL;
    for (k, &(lo, hi)) in rows.iter().enumerate() {
        let y = TOP + k as u32 * ROW;
        let mut owned = vec![false; (hi - lo) as usize];
        for f in notes.iter().filter(|f| !f.in_control) {
            for (plo, pw) in pieces(f) {
                let (a, b) = (plo.max(lo), (plo + pw).min(hi));
                if a >= b {
                    continue;
                }
                for bit in a..b {
                    owned[(bit - lo) as usize] = true;
                }
                let (x, w) = (x_of(hi, b - 1), (b - a) * CELL);
                let cx = x + w / 2;
                s.push_str(&format!(
                    "<g><rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"40\" rx=\"3\" fill=\"{fill}\" stroke=\"{fg}\" stroke-width=\"0.5\"/>\
                     <text x=\"{cx}\" y=\"{ny}\" font-size=\"11\" text-anchor=\"middle\" fill=\"{fg}\">{name}</text>\
                     <text x=\"{cx}\" y=\"{my}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{fg}\">{meaning}</text></g>",
                    fill = pal.fill(f.role),
                    fg = pal.fg,
                    ny = y + 16,
                    my = y + 32,
                    name = xml_escape(&fit(&f.name, w)),
                    meaning = xml_escape(&fit(f.value_text(), w)),
                ));
            }
        }
        for bit in lo..hi {
            let x = x_of(hi, bit);
            let fill = if owned[(bit - lo) as usize] {
                &pal.bg
            } else {
                &pal.unused
            };
            s.push_str(&format!(
                "<rect x=\"{x}\" y=\"{by}\" width=\"{CELL}\" height=\"20\" fill=\"{fill}\" stroke=\"{fg}\" stroke-width=\"0.5\"/>\
                 <text x=\"{tx}\" y=\"{ty}\" font-size=\"12\" text-anchor=\"middle\" fill=\"{fg}\">{v}</text>\
                 <text x=\"{tx}\" y=\"{ny}\" font-size=\"8\" text-anchor=\"middle\" fill=\"{fg}\">{bit}</text>",
                by = y + 44,
                tx = x + CELL / 2,
                ty = y + 58,
                ny = y + 74,
                fg = pal.fg,
                v = (word >> bit) & 1,
            ));
        }
    }
    s.push_str("</svg>");
    Some((s, width, height))
}

/// `text` cut to what fits in `width` pixels at about 6.6 px a character,
/// with `…` when cut.
fn fit(text: &str, width: u32) -> String {
    let max = (width as usize * 10 / 66).max(1);
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warpscope_core::{asm, codec::encode, isas};

    fn palette() -> Palette {
        Palette {
            roles: ["#a00", "#0a0", "#00a", "#aa0", "#0aa"].map(String::from),
            fg: "#000".into(),
            bg: "#fff".into(),
            unused: "#ccc".into(),
        }
    }

    #[test]
    fn draws_every_field_of_an_instruction_with_its_title() {
        let isa = isas::w128();
        let inst = asm::assemble_line(isa, "SHFL.BFLY P1, R3, R2, 0x1, 0x1f").unwrap();
        let word = encode::encode(isa, &inst);
        let (svg, w, h) = svg(isa, word, "SHFL.BFLY P1 <step 3>", &palette()).unwrap();
        assert_eq!((w, h), (32 + 32 * 24, 44 + 4 * 84 + 8));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("<title>SHFL.BFLY P1 &lt;step 3&gt;</title>"));
        let (_, notes) = decode::decode(isa, word).unwrap();
        for f in notes.iter().filter(|f| !f.in_control && f.width >= 4) {
            assert!(
                svg.contains(&format!(">{}</text>", xml_escape(&f.name))),
                "{}",
                f.name
            );
        }
        // 128 bits, one cell and one number each
        assert_eq!(svg.matches("font-size=\"12\"").count(), 128);
        assert!(svg.ends_with("</svg>"));
    }

    #[test]
    fn a_word_that_does_not_decode_draws_nothing() {
        let isa = isas::w128();
        assert!(
            (0..64u32).any(|k| svg(isa, Word::from(k) << 120 | 0xfff, "x", &palette()).is_none())
        );
    }

    #[test]
    fn long_text_is_cut_to_its_box() {
        assert_eq!(fit("pg.not", 24), "pg…");
        assert_eq!(fit("R5", 48), "R5");
        assert_eq!(fit("abcdefghij", 48), "abcdef…");
    }
}
