//! Operand values: the number a written operand puts in its field.
//! Registers, constants and `hwreg(...)` are checked and packed by
//! [`crate::operand`]; immediates are range-checked against the field's
//! width (a signed field also takes its bit pattern); labels stand for
//! their addresses.
//!
//! ```
//! use warpscope_core::{asm, isas};
//! let errs = asm::assemble_line(isas::w128(), "SWITCH c[0x40][0x0]").unwrap_err();
//! assert_eq!(errs[0].message(), "constant bank 0x40 is out of range");
//! assert_eq!(errs[0].help().as_deref(), Some("banks are 0x0..0x3f"));
//! let errs = asm::assemble_line(isas::w128(), "IADD3 R4, R4, -1, R255").unwrap_err();
//! assert_eq!(errs[0].message(), "`R255` is not a register: they are R0..R254");
//! ```

use super::parser::{Form, HwArg, HwArgs, Operand};
use super::suggest::{did_you_mean, suggest, type_text};
use super::Ctx;
use crate::codec::layout;
use crate::diag::{Diagnostic, Span};
use crate::msg::Text;
use crate::operand;
use crate::operand::cmem::{self, Problem};
use crate::operand::hwreg::{self, HwReg};
use crate::operand::reg::{RegClass, RegName};
use crate::spec::model::{Builtin, Field, TypeRef};
use std::collections::HashMap;

impl Ctx<'_> {
    /// The value of one written operand for field `f`, or an error.
    pub(super) fn operand_value(
        &self,
        o: &Operand,
        f: &Field,
        labels: &HashMap<&str, u64>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<u64> {
        let isa = self.isa;
        let span = o.span;
        match (&o.form, f.ty) {
            (Form::Ident(_), TypeRef::Enum(_)) => {
                let text = self.text(o.ident_span());
                match layout::value_of_name(isa, f.ty, text) {
                    Some(v) => Some(v),
                    None => fail(
                        diags,
                        Diagnostic::error(
                            span,
                            crate::msg!("`{0}` is not {1}", text, type_text(isa, f)),
                        ),
                    ),
                }
            }
            (Form::Ident(reg), TypeRef::Builtin(b)) => self.name_value(o, reg, f, b, labels, diags),
            (Form::Pair(_, lo, hi), TypeRef::Builtin(b @ (Builtin::Reg | Builtin::UReg))) => {
                let class = if b == Builtin::Reg {
                    RegClass::R
                } else {
                    RegClass::UR
                };
                let (prefix, last) = (class.prefix(), u128::from(class.last()));
                // The last pair starts at the last even register; its high
                // half is the zero register (the decoder accepts it too).
                if *hi != lo + 1 || lo % 2 == 1 || *lo > last {
                    fail(diags, Diagnostic::error(
                        span,
                        crate::msg!("invalid register pair `{0}`", self.text(span)),
                    )
                    .with_help(crate::msg!(
                        "a pair is an even register and the next one, e.g. `{0}[2:3]`, up to `{0}[{1}:{2}]`",
                        prefix,
                        last,
                        last + 1
                    )))
                } else {
                    Some(*lo as u64)
                }
            }
            (Form::Int(neg, v), TypeRef::Builtin(Builtin::F32Imm)) => {
                let x = *v as f32;
                let x = if *neg { -x } else { x };
                Some(u64::from(x.to_bits()))
            }
            (Form::Int(neg, v), _) => self.check_int(*neg, *v, f, span, diags),
            (Form::Float(..) | Form::FloatBits(..), _) if !holds_f32(f) => fail(
                diags,
                Diagnostic::error(
                    span,
                    crate::msg!(
                        "`{0}` is a 32-bit float, but `{1}` is {2}",
                        self.text(span),
                        &f.name,
                        type_text(isa, f)
                    ),
                )
                .with_help(crate::msg!(
                    "write the value as an integer: decimal, 0x hex or 0b binary"
                )),
            ),
            (Form::Float(neg, text_span), _) => {
                let text = self.text(*text_span).replace('_', "");
                match crate::operand::float::parse_f32(&text) {
                    Some(x) if x.is_finite() => {
                        let x = if *neg { -x } else { x };
                        Some(u64::from(x.to_bits()))
                    }
                    _ => fail(
                        diags,
                        Diagnostic::error(
                            span,
                            crate::msg!(
                                "`{0}` is out of range for a 32-bit float",
                                self.text(span)
                            ),
                        )
                        .with_help(crate::msg!(
                            "write infinities and NaNs as raw bits, e.g. `0f7f800000`"
                        )),
                    ),
                }
            }
            (Form::FloatBits(neg, bits), _) => {
                Some(u64::from(if *neg { bits ^ 0x8000_0000 } else { *bits }))
            }
            (Form::HwReg(args), TypeRef::Builtin(Builtin::HwReg)) => {
                self.hwreg_value(args, span, diags)
            }
            (Form::CMem(bank, offset), _) => {
                let form = match f.ty {
                    TypeRef::Builtin(Builtin::CBank) => cmem::Form::CBank,
                    _ => cmem::Form::CMem,
                };
                match const_value(form, *bank, *offset) {
                    Ok(v) => Some(v),
                    Err(d) => fail(diags, d),
                }
            }
            _ => fail(
                diags,
                Diagnostic::error(
                    span,
                    crate::msg!("`{0}` must be {1}", &f.name, type_text(isa, f)),
                ),
            ),
        }
    }

    /// The value of a name written for a built-in field: a register,
    /// `True`/`False`, or a label standing for its address.
    fn name_value(
        &self,
        o: &Operand,
        reg: &RegName,
        f: &Field,
        b: Builtin,
        labels: &HashMap<&str, u64>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<u64> {
        let span = o.span;
        let ispan = o.ident_span();
        let text = self.text(ispan);
        match reg {
            RegName::Reg(c, v) if c.builtin() == b => Some(*v),
            RegName::Bad(_, msg, help) => fail(
                diags,
                Diagnostic::error(ispan, msg.clone()).with_help(help.clone()),
            ),
            RegName::Reg(..) => fail(
                diags,
                Diagnostic::error(
                    span,
                    crate::msg!("`{0}` must be {1}", &f.name, type_text(self.isa, f)),
                ),
            ),
            RegName::NotReg => match b {
                Builtin::UImm(_) | Builtin::SImm(_) => match labels.get(text) {
                    Some(&addr) => self.check_int(false, u128::from(addr), f, span, diags),
                    None => fail(diags, self.undefined_label(text, span, labels)),
                },
                Builtin::PModi | Builtin::SignModi => operand::value_of(b, text).or_else(|| {
                    let msg = crate::msg!("expected `True` or `False`");
                    fail(diags, Diagnostic::error(span, msg))
                }),
                _ => fail(
                    diags,
                    Diagnostic::error(
                        span,
                        crate::msg!(
                            "`{0}` must be {1}, found `{2}`",
                            &f.name,
                            type_text(self.isa, f),
                            text
                        ),
                    ),
                ),
            },
        }
    }

    /// `undefined label`, with close label names or the number of an
    /// enum value of that name.
    fn undefined_label(&self, text: &str, span: Span, labels: &HashMap<&str, u64>) -> Diagnostic {
        let mut d = Diagnostic::error(span, crate::msg!("undefined label `{0}`", text));
        let left = self.suggestions_left.get();
        self.suggestions_left.set(left.saturating_sub(1));
        let close = if left > 0 {
            suggest(text, labels.keys().copied())
        } else {
            Vec::new()
        };
        let named = self.isa.types.iter().find_map(|t| {
            t.values
                .iter()
                .find(|v| v.name.eq_ignore_ascii_case(text))
                .map(|v| (t.name.as_str(), v.value))
        });
        if !close.is_empty() {
            d = d.with_help(did_you_mean(&close));
        } else if let Some((ty, v)) = named {
            d = d.with_help(crate::msg!(
                "`{0}` is a {1} value; here write its number, {2}",
                text,
                ty,
                format!("{v:#x}")
            ));
        }
        d
    }

    /// A register operand's problem as a 64-bit pair: a pair where the
    /// operand is 32 bits wide, or an odd first register where it is 64.
    pub(super) fn pair_problem(
        &self,
        (oi, fi): (usize, usize),
        o: &Operand,
        values: &[u64],
    ) -> Option<Diagnostic> {
        let f = &self.isa.opcodes[oi].fields[fi];
        let wide = self.layouts[oi].width(fi, values) == Some(64);
        let class = f.reg_class().unwrap_or(RegClass::UR);
        let prefix = class.prefix();
        match (&o.form, wide) {
            (Form::Pair(..), false) => Some(
                Diagnostic::error(
                    o.span,
                    crate::msg!(
                        "operand `{0}` is 32 bits wide here, not a register pair",
                        &f.name
                    ),
                )
                .with_help(crate::msg!(
                    "write a single register such as `{0}2`",
                    prefix
                )),
            ),
            (Form::Ident(_), true) => {
                let v = values[fi];
                (Some(v) != class.zero() && v % 2 == 1).then(|| {
                    Diagnostic::error(
                        o.span,
                        crate::msg!("operand `{0}` is a 64-bit register pair and must start at an even register", &f.name),
                    )
                    .with_help(crate::msg!(
                        "write `{0}[{1}:{2}]` or `{0}[{3}:{4}]`",
                        prefix,
                        v - 1,
                        v,
                        v + 1,
                        v + 2
                    ))
                })
            }
            _ => None,
        }
    }

    /// The 16-bit encoding of `hwreg(id)` / `hwreg(id, offset, size)`.
    fn hwreg_value(&self, args: &HwArgs, span: Span, diags: &mut Vec<Diagnostic>) -> Option<u64> {
        let before = diags.len();
        if args.count != 1 && args.count != 3 {
            diags.push(
                Diagnostic::error(
                    span,
                    crate::msg!("`hwreg` takes 1 or 3 arguments, found {0}", args.count),
                )
                .with_help(crate::msg!("write hwreg(id) or hwreg(id, offset, size)")),
            );
            return None;
        }
        let num = |a: &HwArg, what: Text, lo: u32, hi: u32, diags: &mut Vec<Diagnostic>| -> u32 {
            match a {
                HwArg::Num(v, _) if (lo..=hi).contains(v) => *v,
                HwArg::Num(v, s) => {
                    let msg = crate::msg!(
                        "invalid {0} {1}: it must be {2}..{3}",
                        what.clone(),
                        v,
                        lo,
                        hi
                    );
                    let help = crate::msg!("the {0} is {1}..{2}", what, lo, hi);
                    diags.push(Diagnostic::error(*s, msg).with_help(help));
                    0
                }
                HwArg::Name(s) => {
                    diags.push(Diagnostic::error(
                        *s,
                        crate::msg!("the {0} must be a number, found `{1}`", what, self.text(*s)),
                    ));
                    0
                }
            }
        };
        let args = args.kept();
        let id = match &args[0] {
            HwArg::Name(s) => {
                let name = self.text(*s);
                match layout::hwreg_id(self.isa, name) {
                    Some(id) => id as u32,
                    None => {
                        let mut d = Diagnostic::error(
                            *s,
                            crate::msg!("unknown hardware register `{0}`", name),
                        );
                        if let Some(t) = self.isa.enum_type(layout::HWREG_TYPE) {
                            let close = suggest(name, t.values.iter().map(|v| v.name.as_str()));
                            d = d.with_help(if close.is_empty() {
                                crate::msg!(
                                    "write a register name such as HW_REG_MODE, or its id 0..{0}",
                                    hwreg::LAST_ID
                                )
                            } else {
                                did_you_mean(&close)
                            });
                        }
                        diags.push(d);
                        0
                    }
                }
            }
            a => num(a, crate::msg!("register id"), 0, hwreg::LAST_ID, diags),
        };
        let (off, size) = if args.len() == 3 {
            (
                num(
                    &args[1],
                    crate::msg!("bit offset"),
                    0,
                    hwreg::LAST_OFFSET,
                    diags,
                ),
                num(
                    &args[2],
                    crate::msg!("bit field size"),
                    1,
                    hwreg::MAX_SIZE,
                    diags,
                ),
            )
        } else {
            (0, hwreg::MAX_SIZE)
        };
        if diags.len() > before {
            return None;
        }
        Some(
            HwReg {
                id,
                offset: off,
                size,
            }
            .pack(),
        )
    }

    /// Range-checks an integer for field `f`; returns its encoding.
    fn check_int(
        &self,
        neg: bool,
        v: u128,
        f: &Field,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<u64> {
        let width = f.width.min(64);
        let text = self.text(span);
        match f.ty {
            TypeRef::Builtin(Builtin::SImm(_)) => {
                let min = -(1i128 << (width - 1));
                let max = (1i128 << (width - 1)) - 1;
                // Non-negative values up to 2^width - 1 are accepted as the
                // bit pattern (`0xffffffff` for -1 in a SImm32 field).
                let bits = (1i128 << width) - 1;
                let x = if neg { -(v as i128) } else { v as i128 };
                if v > u64::MAX as u128 || x < min || x > bits {
                    let kind = crate::msg!("a signed {0}-bit immediate", width);
                    diags.push(
                        Diagnostic::error(
                            span,
                            crate::msg!(
                                "`{0}` is out of range for `{1}` ({2})",
                                text,
                                &f.name,
                                kind
                            ),
                        )
                        .with_help(crate::msg!(
                            "the range is {0} ..= {1}; a bit pattern 0x0 ..= {2} is also accepted",
                            min,
                            max,
                            format!("{bits:#x}")
                        )),
                    );
                    return None;
                }
                Some((x as u64) & (bits as u64))
            }
            _ => {
                let max: u128 = if width == 64 {
                    u64::MAX as u128
                } else {
                    (1u128 << width) - 1
                };
                if !(neg && v != 0) && v <= max {
                    return Some(v as u64);
                }
                // Only a message needs the words.
                let kind = match f.ty {
                    TypeRef::Builtin(Builtin::UImm(_)) => {
                        crate::msg!("an unsigned {0}-bit immediate", width)
                    }
                    _ => crate::msg!("a {0}-bit field", width),
                };
                let problem = if neg && v != 0 {
                    crate::msg!("`{0}` is negative, but `{1}` is {2}", text, &f.name, kind)
                } else {
                    crate::msg!("`{0}` is out of range for `{1}` ({2})", text, &f.name, kind)
                };
                let help = crate::msg!("the range is 0 ..= {0} ({1})", max, format!("{max:#x}"));
                diags.push(Diagnostic::error(span, problem).with_help(help));
                None
            }
        }
    }
}

/// The field value of a written `c[bank][offset]` in `form`, or what is
/// wrong with it.
fn const_value(
    form: cmem::Form,
    (bank, bspan): (u128, Span),
    (off, ospan): (u128, Span),
) -> Result<u64, Diagnostic> {
    let align = u128::from(cmem::ALIGN);
    let problem = match form.check(bank, off) {
        Ok(v) => return Ok(v),
        Err(p) => p,
    };
    // Numbers in messages are hex, written before they go in.
    let hex = |v: u128| format!("{v:#x}");
    let last = format!("{:#x}", cmem::LAST_OFFSET);
    Err(match (problem, form) {
        (Problem::Bank, _) => Diagnostic::error(
            bspan,
            crate::msg!("constant bank {0} is out of range", hex(bank)),
        )
        .with_help(crate::msg!(
            "banks are 0x0..{0}",
            format!("{:#x}", form.last_bank())
        )),
        (_, cmem::Form::CBank) => Diagnostic::error(
            ospan,
            crate::msg!(
                "constant offset {0} is not a multiple of {1} in 0x0..{2}",
                hex(off),
                align,
                &last
            ),
        )
        .with_help(crate::msg!(
            "offsets are byte addresses 0x0..{0}, multiples of {1}",
            last,
            align
        )),
        (Problem::OffsetRange, _) => Diagnostic::error(
            ospan,
            crate::msg!("constant offset {0} is out of range", hex(off)),
        )
        .with_help(crate::msg!("offsets are 0x0..{0}", last)),
        (Problem::Misaligned, _) => Diagnostic::error(
            ospan,
            crate::msg!(
                "constant offset {0} is not a multiple of {1}",
                hex(off),
                align
            ),
        )
        .with_help(crate::msg!(
            "use {0} or {1}",
            hex(off - off % align),
            hex(off - off % align + align)
        )),
    })
}

/// Records `d` and gives no value.
fn fail(diags: &mut Vec<Diagnostic>, d: Diagnostic) -> Option<u64> {
    diags.push(d);
    None
}

/// The built-in class of a field; an enum field counts as an unsigned
/// immediate of its width.
pub(super) fn builtin_of(f: &Field) -> Builtin {
    match f.ty {
        TypeRef::Builtin(b) => b,
        TypeRef::Enum(_) => Builtin::UImm(f.width),
    }
}

/// Whether a float (`1.5`, `0f3fc00000`) can be written to `f`: only a
/// float immediate, as operand selection decides too (`select.rs`).
fn holds_f32(f: &Field) -> bool {
    matches!(f.ty, TypeRef::Builtin(Builtin::F32Imm))
}
