//! Instructions → canonical assembly text, and machine words ↔ hex text.
//!
//! The canonical form of an instruction is
//!
//! ```text
//! [@P0 | @!P0 ] MNEMONIC[.MOD...] [op, op, ...] [$ctl=N ...] ;
//! ```
//!
//! - the guard is left out when it is `PT` and not negated;
//! - mnemonic and modifiers are upper case; a modifier equal to its
//!   default is left out;
//! - operands are joined by `", "`: registers `R5`, `RZ`, `UR3`, `P0`,
//!   `UPT`; 64-bit register pairs `R[2:3]` (`RZ` stays `RZ`); prefixes
//!   `!P1`, `~UR4`; unsigned and non-negative signed immediates in lower-case
//!   hex (`0x1f`), negative signed immediates in decimal (`-1`); floats in
//!   the shortest decimal form that reads back to the same bits (`1.5`),
//!   or `0f7fc00000` for infinities and NaNs; constants `c[0x0][0x160]`;
//!   enum operands by their declared name (`SR_LANEID`);
//! - control fields that differ from their default follow as `$name=N`
//!   in decimal;
//! - the statement ends with `" ;"`.
//!
//! Assembling the canonical text gives back the same instruction.
//!
//! ```
//! use warpscope_core::{asm, disasm, isas};
//! let isa = isas::w128();
//! let inst = asm::assemble_line(isa, "@!p0 shfl.bfly p1, r3, r2, 1, 31 $sched=4").unwrap();
//! let text = disasm::disasm(isa, &inst);
//! assert_eq!(text, "@!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f $sched=4 ;");
//! assert_eq!(asm::assemble_line(isa, &text).unwrap(), inst);
//!
//! let word = warpscope_core::codec::encode::encode(isa, &inst);
//! let hex = disasm::format_hex(isa, word);
//! assert_eq!(hex.len(), 32);
//! assert_eq!(disasm::parse_hex(isa, &format!("0x{hex}")).unwrap(), word);
//! ```

use crate::codec::text::write_field;
use crate::codec::{self, Layout};
use crate::diag::{Diagnostic, Span};
use crate::inst::Inst;
use crate::operand;
use crate::spec::model::{Builtin, Isa, Syntax, TypeRef, Word};

/// The canonical assembly text of an instruction (see the module docs).
///
/// Values that no valid instruction holds (an enum value without a name)
/// print as `?0x..`, which does not assemble.
pub fn disasm(isa: &Isa, inst: &Inst) -> String {
    disasm_with(isa, &codec::layouts(isa)[inst.opcode], inst)
}

/// Like [`disasm`], with the opcode's [`Layout`] already worked out.
pub fn disasm_with(isa: &Isa, layout: &Layout, inst: &Inst) -> String {
    let mut out = String::with_capacity(48);
    write_disasm(&mut out, isa, layout, inst);
    out
}

/// Appends [`disasm_with`]'s text to `out`: a listing writes every line
/// into one buffer.
pub fn write_disasm(out: &mut String, isa: &Isa, layout: &Layout, inst: &Inst) {
    let op = inst.def(isa);
    let get = |i: usize| inst.values.get(i).copied().unwrap_or(0);
    if let Some(g) = layout.guard {
        let neg = layout.guard_not.is_some_and(|n| get(n) != 0);
        let pred = get(g);
        if neg
            || Some(pred)
                != op.fields[g]
                    .default
                    .or_else(|| op.fields[g].zero_register())
        {
            out.push('@');
            if neg {
                out.push('!');
            }
            write_field(out, isa, layout, inst, g);
            out.push(' ');
        }
    }
    let mnemonic = isa
        .optypes
        .get(op.optype)
        .map_or(op.name.as_str(), |o| o.name.as_str());
    let amdgpu = isa.dialect.syntax == Syntax::Amdgpu;
    let at = out.len();
    out.push_str(mnemonic);
    if !amdgpu {
        upper_from(out, at);
    }
    for &m in &layout.modifiers {
        let f = &op.fields[m];
        let v = get(m);
        if f.default == Some(v) {
            continue;
        }
        out.push('.');
        let at = out.len();
        write_field(out, isa, layout, inst, m);
        upper_from(out, at);
    }
    for (k, slot) in layout.operands.iter().enumerate() {
        out.push_str(if k == 0 { " " } else { ", " });
        if let Some((prefix, c)) = slot.companion {
            if get(c) != 0 {
                out.push(prefix.symbol());
            }
        }
        write_field(out, isa, layout, inst, slot.field);
    }
    for &c in &layout.controls {
        let f = &op.fields[c];
        let v = get(c);
        if f.default.unwrap_or(0) == v {
            continue;
        }
        out.push_str(" $");
        out.push_str(&f.name);
        out.push('=');
        match f.ty {
            TypeRef::Builtin(Builtin::UImm(_)) => crate::operand::push_decimal(out, v),
            _ => write_field(out, isa, layout, inst, c),
        }
    }
    if !amdgpu {
        out.push_str(" ;");
    }
}

/// Upper-cases what `out` holds from byte `at` on (ASCII only).
fn upper_from(out: &mut str, at: usize) {
    if let Some(tail) = out.get_mut(at..) {
        tail.make_ascii_uppercase();
    }
}

/// Hex digits of a word, most significant first, `word_bits / 4` digits
/// (32 for w128), lower case, no `0x`. For a dialect whose instructions
/// may take several words (an AMDGPU literal), each word that holds a set
/// bit beyond the first prints as a further group, separated by a space,
/// in memory order (use [`format_words`] to print an exact word count).
/// Bits of a Maxwell control slot are not printed.
pub fn format_hex(isa: &Isa, word: Word) -> String {
    let bits = word & isa.inst_mask();
    let wb = isa.word_bits.max(1);
    let used = 128 - bits.leading_zeros();
    format_words(isa, bits, used.div_ceil(wb).max(1))
}

/// `words` groups of `word_bits / 4` hex digits, word 0 (the lowest bits)
/// first, separated by single spaces.
pub fn format_words(isa: &Isa, bits: Word, words: u32) -> String {
    let mut out = String::with_capacity(words.max(1) as usize * 33);
    write_words(&mut out, isa, bits, words);
    out
}

/// Appends [`format_words`]'s text to `out`.
pub fn write_words(out: &mut String, isa: &Isa, bits: Word, words: u32) {
    let wb = isa.word_bits.clamp(1, 128);
    let digits = wb.div_ceil(4).clamp(1, 32) as usize;
    let mask: Word = if wb >= 128 { !0 } else { (1 << wb) - 1 };
    let n = words.max(1) as usize;
    for k in 0..n as u32 {
        let w = if k * wb >= 128 {
            0
        } else {
            (bits >> (k * wb)) & mask
        };
        if k > 0 {
            out.push(' ');
        }
        // All 32 digits, most significant first, two per byte of the
        // word from a table; then the last `digits` of them.
        let mut group = [0u8; 32];
        for (k, pair) in group.chunks_exact_mut(2).enumerate() {
            let byte = (w >> (120 - 8 * k)) as u8;
            pair.copy_from_slice(&operand::HEX_PAIRS[usize::from(byte)]);
        }
        operand::push_digit_bytes(out, &group[32 - digits..]);
    }
}

/// The hex text of an instruction's encoding: as many groups as its
/// opcode takes words (`b9800001 12345678` for an AMDGPU instruction with
/// a literal), without a control slot.
pub fn format_inst(isa: &Isa, inst: &Inst) -> String {
    let word = codec::encode::encode(isa, inst);
    format_words(isa, word & isa.inst_mask(), isa.opcode_words(inst.def(isa)))
}

/// Reads a word written in hex: optional `0x`, `_` separators, surrounding
/// white space ignored. The value must fit in the ISA's word. Spans in the
/// error are byte offsets into `text`.
pub fn parse_hex(isa: &Isa, text: &str) -> Result<Word, Diagnostic> {
    if isa.dialect.max_words > 1 {
        // Several groups, word 0 first: `b9800001 12345678`.
        let mut value: Word = 0;
        let mut k = 0u32;
        let mut at = 0usize;
        for part in text.split_whitespace() {
            let off = text[at..].find(part).map_or(at, |i| at + i);
            at = off + part.len();
            if k >= isa.dialect.max_words {
                return Err(Diagnostic::error(
                    Span::new(off, at),
                    crate::msg!(
                        "{0} instructions have at most {1} words",
                        &isa.name,
                        isa.dialect.max_words
                    ),
                )
                .with_help(crate::msg!("write one instruction per line")));
            }
            let w = parse_one(isa, part).map_err(|mut d| {
                d.span = Span::new(d.span.start + off, d.span.end + off);
                d
            })?;
            value |= w << (k * isa.word_bits);
            k += 1;
        }
        if k == 0 {
            return parse_one(isa, text);
        }
        return Ok(value);
    }
    parse_one(isa, text)
}

fn parse_one(isa: &Isa, text: &str) -> Result<Word, Diagnostic> {
    let lead = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    let whole = Span::new(lead, lead + trimmed.len());
    let (body, body_start) = match trimmed
        .strip_prefix("0x")
        .or_else(|| trimmed.strip_prefix("0X"))
    {
        Some(b) => (b, lead + 2),
        None => (trimmed, lead),
    };
    let mut value: Word = 0;
    let mut significant = 0u32;
    let mut any = false;
    for (i, c) in body.char_indices() {
        if c == '_' {
            continue;
        }
        let Some(d) = c.to_digit(16) else {
            let at = body_start + i;
            return Err(Diagnostic::error(
                Span::new(at, at + c.len_utf8()),
                crate::msg!("`{0}` is not a hex digit", crate::msg::visible_char(c)),
            )
            .with_help(crate::msg!(
                "write the word as hex digits, optionally with `0x` and `_` separators"
            )));
        };
        any = true;
        if significant > 0 || d != 0 {
            significant += 1;
        }
        if significant > 32 {
            return Err(too_wide(isa, whole));
        }
        value = (value << 4) | d as Word;
    }
    if !any {
        return Err(
            Diagnostic::error(whole, crate::msg!("expected a hex word")).with_help(crate::msg!(
                "write {0} hex digits, e.g. `{1}`",
                isa.word_bits.div_ceil(4),
                "0".repeat(isa.word_bits.div_ceil(4) as usize)
            )),
        );
    }
    if isa.word_bits < 128 && value >> isa.word_bits != 0 {
        return Err(too_wide(isa, whole));
    }
    Ok(value)
}

fn too_wide(isa: &Isa, span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        crate::msg!("the value does not fit in a {0}-bit word", isa.word_bits),
    )
    .with_help(crate::msg!(
        "{0} words have at most {1} hex digits",
        &isa.name,
        isa.word_bits.div_ceil(4)
    ))
}
