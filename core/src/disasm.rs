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
//! let word = warpscope_core::encode::encode(isa, &inst);
//! let hex = disasm::format_hex(isa, word);
//! assert_eq!(hex.len(), 32);
//! assert_eq!(disasm::parse_hex(isa, &format!("0x{hex}")).unwrap(), word);
//! ```

use crate::asm::layout::{self, Layout};
use crate::diag::{Diagnostic, Span};
use crate::inst::Inst;
use crate::spec::model::{Builtin, Isa, TypeRef, Word};

/// The canonical assembly text of an instruction (see the module docs).
///
/// Values that no valid instruction holds (an enum value without a name)
/// print as `?0x..`, which does not assemble.
pub fn disasm(isa: &Isa, inst: &Inst) -> String {
    disasm_with(isa, &Layout::of(isa, inst.opcode), inst)
}

/// Like [`disasm`], with the opcode's [`Layout`] already worked out.
pub fn disasm_with(isa: &Isa, layout: &Layout, inst: &Inst) -> String {
    let op = inst.def(isa);
    let get = |i: usize| inst.values.get(i).copied().unwrap_or(0);
    let mut out = String::new();
    if let Some(g) = layout.guard {
        let neg = layout.guard_not.is_some_and(|n| get(n) != 0);
        let pred = get(g);
        if neg || Some(pred) != op.fields[g].default.or(Some(7)) {
            out.push('@');
            if neg {
                out.push('!');
            }
            out.push_str(&field_text(isa, inst, g));
            out.push(' ');
        }
    }
    let mnemonic = isa
        .optypes
        .get(op.optype)
        .map_or(op.name.as_str(), |o| o.name.as_str());
    out.push_str(&mnemonic.to_ascii_uppercase());
    for &m in &layout.modifiers {
        let f = &op.fields[m];
        let v = get(m);
        if f.default == Some(v) {
            continue;
        }
        out.push('.');
        out.push_str(&field_text(isa, inst, m).to_ascii_uppercase());
    }
    for (k, slot) in layout.operands.iter().enumerate() {
        out.push_str(if k == 0 { " " } else { ", " });
        if let Some((prefix, c)) = slot.companion {
            if get(c) != 0 {
                out.push(prefix.symbol());
            }
        }
        out.push_str(&field_text(isa, inst, slot.field));
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
            TypeRef::Builtin(Builtin::UImm(_)) => out.push_str(&v.to_string()),
            _ => out.push_str(&field_text(isa, inst, c)),
        }
    }
    out.push_str(" ;");
    out
}

/// The text of one field's value as an operand: `R5`, `R[2:3]`, `PT`,
/// `0x1f`, `-3`, `1.5`, `c[0x0][0x160]`, `SR_LANEID` (without a `!`/`~`
/// prefix). Used by the disassembler and the bitfield view.
///
/// # Panics
///
/// Panics if `field` is not an index into the opcode's fields.
pub fn field_text(isa: &Isa, inst: &Inst, field: usize) -> String {
    let f = &inst.def(isa).fields[field];
    let v = inst.values.get(field).copied().unwrap_or(0);
    let pair = layout::is_pair(isa, inst, field);
    value_text(isa, f.ty, f.width, v, pair)
}

/// The text of a value of type `ty` (`width` bits); `pair` asks for a
/// register pair `R[n:n+1]`.
pub fn value_text(isa: &Isa, ty: TypeRef, width: u32, v: u64, pair: bool) -> String {
    let reg = |prefix: &str, zero: u64| {
        if v == zero {
            format!("{prefix}Z")
        } else if pair {
            format!("{prefix}[{}:{}]", v, v + 1)
        } else {
            format!("{prefix}{v}")
        }
    };
    match ty {
        TypeRef::Enum(t) => match isa.types.get(t).and_then(|et| et.name_of(v)) {
            Some(name) => name.to_string(),
            None => format!("?{v:#x}"),
        },
        TypeRef::Builtin(b) => match b {
            Builtin::Reg => reg("R", 255),
            Builtin::UReg => reg("UR", 63),
            Builtin::Pred => {
                if v == 7 {
                    "PT".into()
                } else {
                    format!("P{v}")
                }
            }
            Builtin::UPred => {
                if v == 7 {
                    "UPT".into()
                } else {
                    format!("UP{v}")
                }
            }
            Builtin::PModi | Builtin::SignModi => {
                if v == 0 {
                    "False".into()
                } else {
                    "True".into()
                }
            }
            Builtin::UImm(_) => format!("{v:#x}"),
            Builtin::SImm(n) => {
                let n = n.min(width).clamp(1, 64);
                let signed = if n == 64 {
                    v as i64
                } else {
                    let shift = 64 - n;
                    ((v << shift) as i64) >> shift
                };
                if signed < 0 {
                    signed.to_string()
                } else {
                    format!("{signed:#x}")
                }
            }
            Builtin::F32Imm => float_text(v as u32),
            Builtin::CMem => format!("c[{:#x}][{:#x}]", (v >> 16) & 0x3f, v & 0xffff),
        },
    }
}

/// Shortest decimal text that reads back to the same `f32` bits; `0f`
/// plus 8 hex digits for infinities and NaNs.
pub fn float_text(bits: u32) -> String {
    let f = f32::from_bits(bits);
    if f.is_finite() {
        format!("{f:?}")
    } else {
        format!("0f{bits:08x}")
    }
}

/// Hex digits of a word, most significant first, `word_bits / 4` digits
/// (32 for w128), lower case, no `0x`.
pub fn format_hex(isa: &Isa, word: Word) -> String {
    let digits = isa.word_bits.div_ceil(4).clamp(1, 32) as usize;
    format!("{word:0digits$x}")
}

/// Reads a word written in hex: optional `0x`, `_` separators, surrounding
/// white space ignored. The value must fit in the ISA's word. Spans in the
/// error are byte offsets into `text`.
pub fn parse_hex(isa: &Isa, text: &str) -> Result<Word, Diagnostic> {
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
                format!("`{}` is not a hex digit", c.escape_debug()),
            )
            .with_help("write the word as hex digits, optionally with `0x` and `_` separators"));
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
            Diagnostic::error(whole, "expected a hex word").with_help(format!(
                "write {} hex digits, e.g. `{}`",
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
        format!("the value does not fit in a {}-bit word", isa.word_bits),
    )
    .with_help(format!(
        "{} words have at most {} hex digits",
        isa.name,
        isa.word_bits.div_ceil(4)
    ))
}
