//! The syntax of one statement: guard, mnemonic and modifiers, operands
//! in every form (registers, pairs, numbers, floats, constants,
//! `hwreg(...)`, AMDGPU expressions) and controls, before any of it is
//! matched to an opcode.
//!
//! ```
//! use warpscope_core::{asm, isas};
//! let errs = asm::assemble_line(isas::w128(), "IADD3 R0, R1 R2").unwrap_err();
//! assert_eq!(errs[0].message(), "unexpected `R2`");
//! let errs = asm::assemble_line(isas::w128(), "MOV R1, c[0x3").unwrap_err();
//! assert!(errs[0].message().starts_with("expected `]` to close the constant bank"));
//! ```

use super::expr;
use super::lexer::{Punct, Tok, Token};
use super::Ctx;
use crate::codec::layout::Prefix;
use crate::diag::{Diagnostic, Span};
use crate::msg::Text;
use crate::operand::reg::RegName;

/// An instruction statement, parsed but not yet matched to an opcode.
#[derive(Debug)]
pub(super) struct ParsedInst {
    pub(super) span: Span,
    pub(super) guard: Option<(bool, Span)>,
    pub(super) mnemonic: Span,
    /// The optype the mnemonic names, if any.
    pub(super) optype: Option<usize>,
    pub(super) mods: Vec<Span>,
    pub(super) operands: Vec<Operand>,
    pub(super) controls: Vec<Control>,
}

impl ParsedInst {
    /// A copy in vectors no larger than their contents, to keep while
    /// the original's vectors, grown for the longest statement so far,
    /// are used again.
    pub(super) fn compact(&self) -> ParsedInst {
        ParsedInst {
            mods: self.mods.clone(),
            operands: self.operands.clone(),
            controls: self.controls.clone(),
            ..*self
        }
    }

    /// Whether an operand or control is a name that is neither a register
    /// nor anything else the text alone can tell: it may be a label, whose
    /// address is known only once the whole text is read.
    pub(super) fn may_name_label(&self) -> bool {
        self.label_names().next().is_some()
    }

    /// Where the names that may be labels are (operands and controls, in
    /// order): the only text that building the instruction looks up in
    /// the labels.
    pub(super) fn label_names(&self) -> impl Iterator<Item = Span> + '_ {
        let controls = self.controls.iter().map(|c| &c.value);
        self.operands
            .iter()
            .chain(controls)
            .filter(|o| matches!(o.form, Form::Ident(RegName::NotReg)))
            .map(Operand::ident_span)
    }
}

/// One written operand: an optional `!`/`~` prefix and its form.
#[derive(Debug, Clone)]
pub(super) struct Operand {
    pub(super) prefix: Option<(Prefix, Span)>,
    pub(super) form: Form,
    pub(super) span: Span,
}

/// The shape of a written operand.
#[derive(Debug, Clone)]
pub(super) enum Form {
    /// Register, enum value name, `True`/`False` or label, with what it
    /// is as a register name (read once, here).
    Ident(RegName),
    /// `R[2:3]`: the class identifier's span and the two numbers.
    Pair(Span, u128, u128),
    /// Integer, possibly negated.
    Int(bool, u128),
    /// Decimal float text (its span), possibly negated.
    Float(bool, Span),
    /// `0f...` bits, possibly negated.
    FloatBits(bool, u32),
    /// `c[bank][offset]` with the spans of both numbers.
    CMem((u128, Span), (u128, Span)),
    /// `hwreg(a)` or `hwreg(a, b, c)` (AMDGPU).
    HwReg(HwArgs),
}

/// The arguments of `hwreg(...)`: how many were written, and the first
/// three (a valid operand has one or three) held in place.
#[derive(Debug, Clone)]
pub(super) struct HwArgs {
    pub(super) count: usize,
    pub(super) first: [HwArg; 3],
}

impl HwArgs {
    /// The arguments kept: all of them when there are at most three.
    pub(super) fn kept(&self) -> &[HwArg] {
        &self.first[..self.count.min(3)]
    }
}

/// One argument of `hwreg(...)`.
#[derive(Debug, Clone, Copy)]
pub(super) enum HwArg {
    /// A register name (`HW_REG_MODE`).
    Name(Span),
    /// A number or absolute expression.
    Num(u32, Span),
}

/// Empty vectors for a statement to fill, kept from one already built.
#[derive(Default)]
pub(super) struct Spare {
    pub(super) mods: Vec<Span>,
    pub(super) operands: Vec<Operand>,
    pub(super) controls: Vec<Control>,
}

/// A control `$name=value`.
#[derive(Debug, Clone)]
pub(super) struct Control {
    pub(super) name: Span,
    pub(super) value: Operand,
    pub(super) span: Span,
}

/// Reads the tokens of one statement.
pub(super) struct Parser<'c, 't> {
    pub(super) ctx: &'c Ctx<'c>,
    pub(super) toks: &'t [Token],
    pub(super) pos: usize,
    pub(super) diags: Vec<Diagnostic>,
}

impl Operand {
    /// The identifier part of the operand (after any `!`/`~` prefix).
    pub(super) fn ident_span(&self) -> Span {
        match self.prefix {
            Some((_, p)) => Span::new(p.end, self.span.end),
            None => self.span,
        }
    }
}

impl<'c, 't> Parser<'c, 't> {
    pub(super) fn new(ctx: &'c Ctx<'c>, toks: &'t [Token]) -> Parser<'c, 't> {
        Parser {
            ctx,
            toks,
            pos: 0,
            diags: Vec::new(),
        }
    }

    pub(super) fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    pub(super) fn peek_at(&self, k: usize) -> Option<Token> {
        self.toks.get(self.pos + k).copied()
    }

    pub(super) fn eat(&mut self, p: Punct) -> Option<Span> {
        match self.peek() {
            Some(t) if t.kind == Tok::P(p) => {
                self.pos += 1;
                Some(t.span)
            }
            _ => None,
        }
    }

    /// The current token's span, or an empty span after the last token.
    pub(super) fn here(&self) -> Span {
        match self.peek() {
            Some(t) => t.span,
            None => {
                let end = self.toks.last().map_or(0, |t| t.span.end);
                Span::new(end, end)
            }
        }
    }

    /// What is at the current token, for messages: the token in
    /// backticks, or what stands there instead.
    pub(super) fn found_text(&self) -> Text {
        match self.peek() {
            Some(t) if t.kind == Tok::Error => crate::msg!("an invalid token"),
            Some(t) => crate::msg!("`{0}`", self.ctx.text(t.span)),
            None => crate::msg!("the end of the statement"),
        }
    }

    /// Reports `msg` at the current token unless that token was already
    /// reported by the lexer.
    pub(super) fn error_here(&mut self, msg: Text) {
        if self.peek().is_some_and(|t| t.kind == Tok::Error) {
            return;
        }
        let span = self.here();
        self.diags.push(Diagnostic::error(span, msg));
    }

    /// True when the identifier at `span` starts with a known mnemonic.
    pub(super) fn is_mnemonic(&self, span: Span) -> bool {
        let text = self.ctx.text(span);
        let head = text.find('.').map_or(text, |dot| &text[..dot]);
        self.ctx.optype(head).is_some()
    }

    pub(super) fn instruction(&mut self) -> Option<ParsedInst> {
        let start = self.here();
        let mut guard = None;
        if let Some(at) = self.eat(Punct::At) {
            let neg = self.eat(Punct::Bang).is_some();
            match self.peek() {
                Some(t)
                    if t.kind == Tok::Ident
                        && !(matches!(self.ctx.reg(self.ctx.text(t.span)), RegName::NotReg)
                            && self.is_mnemonic(t.span)) =>
                {
                    self.pos += 1;
                    guard = Some((neg, t.span));
                }
                _ => {
                    let msg = crate::msg!(
                        "expected a predicate after `@`, found {0}",
                        self.found_text()
                    );
                    self.error_here(msg);
                    let _ = at;
                    return None;
                }
            }
        }
        let mnemonic_tok = match self.peek() {
            Some(t) if t.kind == Tok::Ident => {
                self.pos += 1;
                t
            }
            _ => {
                let found = self.found_text();
                let msg = if guard.is_some() {
                    crate::msg!("expected a mnemonic after the guard, found {0}", found)
                } else {
                    crate::msg!("expected an instruction, found {0}", found)
                };
                self.error_here(msg);
                return None;
            }
        };
        // Split `SHFL.BFLY` into the mnemonic and modifier spans.
        let text = self.ctx.text(mnemonic_tok.span);
        let base = mnemonic_tok.span.start;
        let mut off = 0;
        // (Split as bytes: a search per dot costs more than this short
        // walk, and every statement has a mnemonic.)
        let mut parts = text.as_bytes().split(|&b| b == b'.').map(|part| {
            let span = Span::new(base + off, base + off + part.len());
            off += part.len() + 1;
            span
        });
        let mnemonic = parts.next().unwrap_or(mnemonic_tok.span);
        // (The vectors of an instruction already built, when there is one.)
        let Spare {
            mut mods,
            mut operands,
            mut controls,
        } = self.ctx.spare.take();
        mods.extend(parts);
        let mut ok = true;
        for m in &mods {
            if m.is_empty() {
                self.diags.push(
                    Diagnostic::error(
                        Span::new(m.start - 1, m.start),
                        crate::msg!("empty modifier after `.`"),
                    )
                    .with_help(crate::msg!(
                        "write a modifier name after the dot, or remove the dot"
                    )),
                );
                ok = false;
            }
        }
        if self.peek().is_some() && self.peek().map(|t| t.kind) != Some(Tok::P(Punct::Dollar)) {
            loop {
                match self.operand() {
                    Some(o) => operands.push(o),
                    None => return None,
                }
                if self.eat(Punct::Comma).is_none() {
                    break;
                }
            }
        }
        while let Some(dollar) = self.eat(Punct::Dollar) {
            let name = match self.peek() {
                Some(t) if t.kind == Tok::Ident => {
                    self.pos += 1;
                    t.span
                }
                _ => {
                    let msg = crate::msg!(
                        "expected a control name after `$`, found {0}",
                        self.found_text()
                    );
                    self.error_here(msg);
                    return None;
                }
            };
            if self.eat(Punct::Assign).is_none() {
                let msg = crate::msg!(
                    "expected `=` after `${0}`, found {1}",
                    self.ctx.text(name),
                    self.found_text()
                );
                self.error_here(msg);
                return None;
            }
            let value = self.operand()?;
            let span = dollar.to(value.span);
            controls.push(Control { name, value, span });
        }
        if let Some(t) = self.peek() {
            if t.kind != Tok::Error {
                let help = if operands.is_empty() {
                    crate::msg!("operands are separated by `,`")
                } else {
                    crate::msg!("operands are separated by `,`; controls are written `$name=value`")
                };
                let msg = crate::msg!("unexpected `{0}`", self.ctx.text(t.span));
                self.diags
                    .push(Diagnostic::error(t.span, msg).with_help(help));
            }
            return None;
        }
        if !ok {
            return None;
        }
        let end = self.toks.last().map_or(start, |t| t.span);
        Some(ParsedInst {
            span: start.to(end),
            guard,
            mnemonic,
            optype: self.ctx.optype(self.ctx.text(mnemonic)),
            mods,
            operands,
            controls,
        })
    }

    pub(super) fn number(&mut self, neg: Option<Span>) -> Option<(Form, Span)> {
        let t = self.peek()?;
        let negated = neg.is_some();
        let form = match t.kind {
            Tok::Int(v) => Form::Int(negated, v),
            Tok::Float => Form::Float(negated, t.span),
            Tok::FloatBits(b) => Form::FloatBits(negated, b),
            _ => return None,
        };
        self.pos += 1;
        Some((form, neg.map_or(t.span, |n| n.to(t.span))))
    }

    pub(super) fn operand(&mut self) -> Option<Operand> {
        if self.ctx.amdgpu() {
            return self.amdgpu_operand();
        }
        let start = self.here();
        if self.peek().map(|t| t.kind) == Some(Tok::P(Punct::LParen)) {
            // `(1 << 3)`: a parenthesised integer expression.
            let (v, span) = self.abs_expr()?;
            return Some(Operand {
                prefix: None,
                form: Form::Int(false, u128::from(v)),
                span: start.to(span),
            });
        }
        let prefix = if let Some(s) = self.eat(Punct::Bang) {
            Some((Prefix::Not, s))
        } else {
            self.eat(Punct::Tilde).map(|s| (Prefix::BitNot, s))
        };
        let neg = self.eat(Punct::Minus);
        if let Some((form, span)) = self.number(neg) {
            return Some(Operand {
                prefix,
                form,
                span: start.to(span),
            });
        }
        if neg.is_some() {
            let msg = crate::msg!("expected a number after `-`, found {0}", self.found_text());
            self.error_here(msg);
            return None;
        }
        let Some(t) = self.peek() else {
            self.error_here(crate::msg!("expected an operand"));
            return None;
        };
        if t.kind != Tok::Ident {
            let msg = crate::msg!("expected an operand, found {0}", self.found_text());
            self.error_here(msg);
            return None;
        }
        self.pos += 1;
        if self.eat(Punct::LBracket).is_none() {
            return Some(Operand {
                prefix,
                form: Form::Ident(self.ctx.reg(self.ctx.text(t.span))),
                span: start.to(t.span),
            });
        }
        let is_const = self.ctx.text(t.span).eq_ignore_ascii_case("c");
        let first = self.bracket_int()?;
        if is_const {
            self.expect(Punct::RBracket, crate::msg!("to close the constant bank"))?;
            self.expect(Punct::LBracket, crate::msg!("before the constant offset"))?;
            let second = self.bracket_int()?;
            let end = self.expect(Punct::RBracket, crate::msg!("to close the constant offset"))?;
            Some(Operand {
                prefix,
                form: Form::CMem(first, second),
                span: start.to(end),
            })
        } else {
            self.expect(Punct::Colon, crate::msg!("between the registers of a pair"))?;
            let second = self.bracket_int()?;
            let end = self.expect(Punct::RBracket, crate::msg!("to close the register pair"))?;
            Some(Operand {
                prefix,
                form: Form::Pair(t.span, first.0, second.0),
                span: start.to(end),
            })
        }
    }

    /// An operand in AMDGPU syntax: `hwreg(...)`, a register or name, or
    /// an absolute expression (numbers, operators, symbols).
    pub(super) fn amdgpu_operand(&mut self) -> Option<Operand> {
        let start = self.here();
        if let Some(t) = self.peek() {
            if t.kind == Tok::Ident {
                let text = self.ctx.text(t.span);
                let next = self.peek_at(1).map(|n| n.kind);
                if text.eq_ignore_ascii_case("hwreg") && next == Some(Tok::P(Punct::LParen)) {
                    return self.hwreg_operand();
                }
                if !self.ctx.syms.borrow().contains_key(text) {
                    self.pos += 1;
                    return Some(Operand {
                        prefix: None,
                        form: Form::Ident(self.ctx.reg(text)),
                        span: t.span,
                    });
                }
            }
        }
        let (v, span) = self.abs_expr()?;
        Some(Operand {
            prefix: None,
            form: Form::Int(false, u128::from(v)),
            span: start.to(span),
        })
    }

    /// An absolute expression (symbols allowed) and its span.
    pub(super) fn abs_expr(&mut self) -> Option<(u32, Span)> {
        // A lone 32-bit number, the usual operand, needs no expression
        // tree: what parsing and evaluating one gives.
        if let (Some(Tok::Int(v)), None | Some(Tok::P(Punct::Comma | Punct::RParen))) =
            (self.peek().map(|t| t.kind), self.peek_at(1).map(|t| t.kind))
        {
            if let Ok(v) = u32::try_from(v) {
                let span = self.here();
                self.pos += 1;
                return Some((v, span));
            }
        }
        let mut pos = self.pos;
        let ctx = self.ctx;
        let syms = ctx.syms.borrow();
        let e = expr::parse_with(ctx.src, self.toks, &mut pos, &mut self.diags, Some(&syms))?;
        self.pos = pos;
        let v = self.eval_uniform(
            &e,
            crate::msg!("`lane` cannot be used in an instruction operand"),
            crate::msg!("operands are absolute expressions: numbers and symbols"),
        )?;
        Some((v, e.span))
    }

    /// The value of `e`, which may not use `lane`: where it does, an
    /// error (`message` and `help` say why) and `None`, as where it does
    /// not evaluate.
    pub(super) fn eval_uniform(
        &mut self,
        e: &expr::Expr,
        message: Text,
        help: Text,
    ) -> Option<u32> {
        if let Some(l) = e.lane_use() {
            self.diags
                .push(Diagnostic::error(l, message).with_help(help));
            return None;
        }
        e.eval(0).map_err(|d| self.diags.push(d)).ok()
    }

    /// `hwreg(` args `)`, the name at the current token.
    pub(super) fn hwreg_operand(&mut self) -> Option<Operand> {
        let start = self.here();
        self.pos += 2;
        let unset = HwArg::Num(0, Span::new(0, 0));
        let mut args = HwArgs {
            count: 0,
            first: [unset; 3],
        };
        loop {
            let arg = match self.peek() {
                Some(t)
                    if t.kind == Tok::Ident
                        && !self.ctx.syms.borrow().contains_key(self.ctx.text(t.span))
                        && self.peek_at(1).map(|n| n.kind) != Some(Tok::P(Punct::LParen)) =>
                {
                    self.pos += 1;
                    HwArg::Name(t.span)
                }
                _ => {
                    let (v, span) = self.abs_expr()?;
                    HwArg::Num(v, span)
                }
            };
            if let Some(slot) = args.first.get_mut(args.count) {
                *slot = arg;
            }
            args.count += 1;
            if self.eat(Punct::Comma).is_some() {
                continue;
            }
            let end = self.expect(Punct::RParen, crate::msg!("to close `hwreg(`"))?;
            return Some(Operand {
                prefix: None,
                form: Form::HwReg(args),
                span: start.to(end),
            });
        }
    }

    pub(super) fn bracket_int(&mut self) -> Option<(u128, Span)> {
        match self.peek() {
            Some(Token {
                kind: Tok::Int(v),
                span,
            }) => {
                self.pos += 1;
                Some((v, span))
            }
            _ => {
                let msg = crate::msg!("expected a number, found {0}", self.found_text());
                self.error_here(msg);
                None
            }
        }
    }

    /// Reads punctuation `p`, or reports it missing (`why` says what it
    /// is for).
    pub(super) fn expect(&mut self, p: Punct, why: Text) -> Option<Span> {
        if let Some(s) = self.eat(p) {
            return Some(s);
        }
        let msg = crate::msg!(
            "expected `{0}` {1}, found {2}",
            p.text(),
            why,
            self.found_text()
        );
        self.error_here(msg);
        None
    }
}
