//! Statements that define rather than assemble: labels `name:`, AMDGPU
//! symbols `name = EXPR`, and the setup directives `.active MASK` and
//! `.init REG = VALUE` that give the warp its initial state.
//!
//! ```
//! use warpscope_core::asm;
//! use warpscope_core::loc::{Loc, Value};
//! use warpscope_core::isas;
//! let prog = asm::assemble(isas::w128(), ".init P0 = lane % 2 == 0\n.active 0xff").unwrap();
//! assert_eq!(prog.setup.active, 0xff);
//! assert_eq!(prog.setup.inits[0].target, Loc::P(0));
//! assert_eq!(prog.setup.inits[0].value, Value::Mask(0x5555_5555));
//! let errs = asm::assemble(isas::w128(), ".init RZ = 1").unwrap_err();
//! assert_eq!(errs[0].message(), "`RZ` always reads 0 and cannot be initialised");
//! ```

use super::expr;
use super::lexer::{Punct, Tok, Token};
use super::parser::Parser;
use super::{Init, Setup};
use crate::codec::layout;
use crate::diag::{Diagnostic, Span};
use crate::loc::{Loc, Value};
use crate::msg::Text;
use crate::operand::reg::{RegClass, RegName};
use crate::spec::model::Machine;
use std::collections::HashMap;

/// What the defining statements of a source have set so far.
#[derive(Default)]
pub(super) struct Definitions {
    /// Labels in definition order: name, the index of the instruction
    /// they name (its byte address once [`Definitions::place_labels`] has
    /// run) and where they are defined.
    pub(super) labels: Vec<(String, u64, Span)>,
    label_index: HashMap<String, usize>,
    /// The initial warp state.
    pub(super) setup: Setup,
    init_spans: HashMap<Loc, Span>,
    /// Warnings of the directives.
    pub(super) warnings: Vec<Diagnostic>,
}

impl Definitions {
    /// Turns every label's instruction index into that instruction's
    /// address (`addrs` has one more entry, for a label at the end).
    pub(super) fn place_labels(&mut self, addrs: &[u64]) {
        for l in self.labels.iter_mut() {
            l.1 = addrs[l.1 as usize];
        }
    }

    /// Takes the labels of `other`, a later part of the text whose first
    /// statement is number `first`; false (with none taken) where one of
    /// them is defined here too.
    pub(super) fn take_labels(&mut self, other: &mut Definitions, first: u64) -> bool {
        if other
            .labels
            .iter()
            .any(|l| self.label_index.contains_key(&l.0))
        {
            return false;
        }
        for (name, next, span) in other.labels.drain(..) {
            self.label_index.insert(name.clone(), self.labels.len());
            self.labels.push((name, next + first, span));
        }
        true
    }

    /// Each label's value.
    pub(super) fn label_values(&self) -> HashMap<&str, u64> {
        self.labels
            .iter()
            .map(|(n, a, _)| (n.as_str(), *a))
            .collect()
    }
}

/// The registers `.init` takes on Maxwell.
fn maxwell_init_help() -> Text {
    let (r, p) = (RegClass::R.range(), RegClass::P.range());
    crate::msg!("`.init` takes {0}, {1}, PR or CC", r, p)
}

/// Bit `l` set when lane `l`'s value is not zero.
fn lane_mask(values: &[u32; 32]) -> u32 {
    values
        .iter()
        .enumerate()
        .fold(0, |m, (l, &v)| m | (u32::from(v != 0) << l))
}

impl Parser<'_, '_> {
    /// The labels `name:` that start the statement; `next` is the index of
    /// the instruction they name.
    pub(super) fn labels(&mut self, defs: &mut Definitions, next: usize) {
        while let (Some(a), Some(b)) = (self.peek(), self.peek_at(1)) {
            if a.kind != Tok::Ident || b.kind != Tok::P(Punct::Colon) {
                break;
            }
            self.pos += 2;
            let name = self.ctx.text(a.span).to_string();
            if !matches!(self.ctx.reg(&name), RegName::NotReg) {
                self.diags.push(
                    Diagnostic::error(
                        a.span,
                        crate::msg!("`{0}` is a register name, not a label", name),
                    )
                    .with_help(crate::msg!("choose another label name")),
                );
                continue;
            }
            if let Some(&k) = defs.label_index.get(&name) {
                let first = self.ctx.line_of(defs.labels[k].2.start);
                self.diags.push(
                    Diagnostic::error(a.span, crate::msg!("label `{0}` is defined twice", name))
                        .with_help(crate::msg!("it is first defined on line {0}", first)),
                );
                continue;
            }
            defs.label_index.insert(name.clone(), defs.labels.len());
            defs.labels.push((name, next as u64, a.span));
        }
    }

    /// True when the statement (after its labels) is `name = ...`.
    pub(super) fn at_symbol(&self) -> bool {
        self.ctx.amdgpu()
            && self.peek().is_some_and(|t| t.kind == Tok::Ident)
            && self.peek_at(1).map(|n| n.kind) == Some(Tok::P(Punct::Assign))
    }

    /// `name = expression` (AMDGPU syntax): defines a symbol for the
    /// expressions that follow.
    pub(super) fn symbol(&mut self) {
        let Some(t) = self.peek() else { return };
        let name = self.ctx.text(t.span).to_string();
        self.pos += 2;
        if !matches!(self.ctx.reg(&name), RegName::NotReg) {
            self.diags.push(
                Diagnostic::error(
                    t.span,
                    crate::msg!("`{0}` is a register name, not a symbol", name),
                )
                .with_help(crate::msg!("choose another symbol name")),
            );
            return;
        }
        let Some((v, _)) = self.abs_expr() else {
            return;
        };
        if self.ends_after_expr() {
            self.ctx.syms.borrow_mut().insert(name, v);
        }
    }

    /// A directive statement (the current token is the directive).
    pub(super) fn directive(&mut self, defs: &mut Definitions) {
        let Some(d) = self.peek() else { return };
        self.pos += 1;
        let name = self.ctx.text(d.span);
        let whole = d.span.to(self.toks.last().map_or(d.span, |t| t.span));
        if name.eq_ignore_ascii_case(".active") {
            self.active(whole, defs);
        } else if name.eq_ignore_ascii_case(".init") {
            self.init(whole, defs);
        } else {
            self.diags.push(
                Diagnostic::error(d.span, crate::msg!("unknown directive `{0}`", name)).with_help(
                    crate::msg!("the directives are `.active MASK` and `.init REG = VALUE`"),
                ),
            );
        }
    }

    /// `.active EXPR`, after the directive name.
    fn active(&mut self, whole: Span, defs: &mut Definitions) {
        let Some(e) = self.expr_to_end() else { return };
        let Some(v) = self.eval_uniform(
            &e,
            crate::msg!("`lane` cannot be used in `.active`"),
            crate::msg!("`.active` takes one 32-bit mask: bit l set = lane l active"),
        ) else {
            return;
        };
        if let Some(prev) = defs.setup.active_span {
            let line = self.ctx.line_of(prev.start);
            defs.warnings.push(
                Diagnostic::warning(
                    whole,
                    crate::msg!("`.active` is given twice; this one wins"),
                )
                .with_help(crate::msg!("the other one is on line {0}", line)),
            );
        }
        if v == 0 {
            defs.warnings.push(Diagnostic::warning(
                e.span,
                crate::msg!("no lane is active: the program does nothing"),
            ));
        }
        defs.setup.active = v;
        defs.setup.active_span = Some(whole);
    }

    /// Parses an expression that must run to the end of the statement.
    fn expr_to_end(&mut self) -> Option<expr::Expr> {
        let mut pos = self.pos;
        let e = expr::parse(self.ctx.src, self.toks, &mut pos, &mut self.diags)?;
        self.pos = pos;
        self.ends_after_expr().then_some(e)
    }

    /// True at the end of the statement; else reports the token that
    /// follows an expression (unless the lexer already reported it).
    fn ends_after_expr(&mut self) -> bool {
        let Some(t) = self.peek() else {
            return true;
        };
        if t.kind != Tok::Error {
            self.diags.push(Diagnostic::error(
                t.span,
                crate::msg!(
                    "unexpected `{0}` after the expression",
                    self.ctx.text(t.span)
                ),
            ));
        }
        false
    }

    /// `.init REG = VALUE`, after the directive name.
    fn init(&mut self, whole: Span, defs: &mut Definitions) {
        let t = match self.peek() {
            Some(t) if t.kind == Tok::Ident => t,
            _ => {
                let msg = crate::msg!(
                    "expected a register after `.init`, found {0}",
                    self.found_text()
                );
                self.error_here(msg);
                return;
            }
        };
        self.pos += 1;
        let reg_text = self.ctx.text(t.span);
        let Some(target) = self.init_target(t) else {
            return;
        };
        if self.eat(Punct::Assign).is_none() {
            let msg = crate::msg!(
                "expected `=` after `{0}`, found {1}",
                reg_text,
                self.found_text()
            );
            self.error_here(msg);
            return;
        }
        let Some(value) = self.init_value(target) else {
            return;
        };
        if !self.flags_fit(whole, target, &value) {
            return;
        }
        if let Some(prev) = defs.init_spans.insert(target, whole) {
            let line = self.ctx.line_of(prev.start);
            defs.warnings.push(
                Diagnostic::warning(
                    whole,
                    crate::msg!("{0} is initialised twice; this value wins", target),
                )
                .with_help(crate::msg!(
                    "the other `.init {0}` is on line {1}",
                    target,
                    line
                )),
            );
            defs.setup.inits.retain(|i| i.target != target);
        }
        defs.setup.inits.push(Init {
            target,
            value,
            span: whole,
        });
    }

    /// The register `.init` names at token `t`, if the machine has it.
    fn init_target(&mut self, t: Token) -> Option<Loc> {
        let reg_text = self.ctx.text(t.span);
        let machine = self.ctx.isa.dialect.machine;
        let target = match self.ctx.reg(reg_text) {
            RegName::Reg(class, n) => {
                if Some(n) == class.zero() {
                    self.diags.push(Diagnostic::error(
                        t.span,
                        crate::msg!(
                            "`{0}` always reads {1} and cannot be initialised",
                            reg_text,
                            class.zero_meaning()
                        ),
                    ));
                    return None;
                }
                let n = n as u8;
                match class {
                    RegClass::R => Loc::R(n),
                    RegClass::UR => Loc::UR(n),
                    RegClass::P => Loc::P(n),
                    RegClass::UP => Loc::UP(n),
                    RegClass::S => Loc::S(n),
                }
            }
            RegName::Bad(_, msg, help) => {
                self.diags
                    .push(Diagnostic::error(t.span, msg).with_help(help));
                return None;
            }
            RegName::NotReg => match (machine, reg_text.to_ascii_uppercase().as_str()) {
                (Machine::Maxwell, "CC") => Loc::CC,
                (Machine::Maxwell, "PR") => Loc::PR,
                (Machine::ScalarWave, _) if layout::hwreg_id(self.ctx.isa, reg_text).is_some() => {
                    Loc::HwReg(layout::hwreg_id(self.ctx.isa, reg_text).unwrap_or(0) as u8)
                }
                (machine, _) => {
                    let takes = match machine {
                        Machine::Warp => crate::msg!(
                            "`.init` takes {0}, {1}, {2} or {3}",
                            RegClass::R.range(),
                            RegClass::P.range(),
                            RegClass::UR.range(),
                            RegClass::UP.range()
                        ),
                        Machine::Maxwell => maxwell_init_help(),
                        Machine::ScalarWave => crate::msg!(
                            "`.init` takes {0} or a hardware register name (HW_REG_MODE, ...)",
                            RegClass::S.range()
                        ),
                    };
                    self.diags.push(
                        Diagnostic::error(t.span, crate::msg!("`{0}` is not a register", reg_text))
                            .with_help(takes),
                    );
                    return None;
                }
            },
        };
        if machine == Machine::Maxwell && matches!(target, Loc::UR(_) | Loc::UP(_)) {
            self.diags.push(
                Diagnostic::error(
                    t.span,
                    crate::msg!("{0} has no uniform registers", &self.ctx.isa.name),
                )
                .with_help(maxwell_init_help()),
            );
            return None;
        }
        Some(target)
    }

    /// The value after `.init REG =`: a lane list or an expression.
    fn init_value(&mut self, target: Loc) -> Option<Value> {
        let per_lane = matches!(target, Loc::R(_) | Loc::P(_) | Loc::CC | Loc::PR);
        if let Some(open) = self.eat(Punct::LBrace) {
            if !per_lane {
                self.diags.push(
                    Diagnostic::error(
                        open,
                        crate::msg!("{0} holds one value for the whole warp, not a list", target),
                    )
                    .with_help(crate::msg!("write a single expression")),
                );
                return None;
            }
            let values = self.lane_list(open)?;
            return Some(match target {
                Loc::P(_) => Value::Mask(lane_mask(&values)),
                _ => Value::Lanes(values),
            });
        }
        let e = self.expr_to_end()?;
        if !per_lane {
            if let Some(l) = e.lane_use() {
                self.diags.push(
                    Diagnostic::error(l, crate::msg!("`lane` cannot be used for {0}", target))
                        .with_help(crate::msg!(
                            "a uniform register holds one value for the whole warp"
                        )),
                );
                return None;
            }
        }
        let mut lanes = [0u32; 32];
        let count = if per_lane { 32 } else { 1 };
        for (l, slot) in lanes.iter_mut().enumerate().take(count) {
            match e.eval(l as u32) {
                Ok(v) => *slot = v,
                Err(d) => {
                    self.diags.push(d);
                    return None;
                }
            }
        }
        Some(match target {
            Loc::R(_) => Value::Lanes(lanes),
            Loc::P(_) | Loc::B(_) => Value::Mask(lane_mask(&lanes)),
            Loc::UR(_) | Loc::S(_) | Loc::HwReg(_) | Loc::SR(_) => Value::Scalar(lanes[0]),
            Loc::UP(_) => Value::Bool(lanes[0] != 0),
            Loc::CC | Loc::PR => Value::Lanes(lanes),
        })
    }

    /// False (with an error) when a lane's `CC` or `PR` value has bits
    /// the register does not hold.
    fn flags_fit(&mut self, whole: Span, target: Loc, value: &Value) -> bool {
        let (Loc::CC | Loc::PR, Value::Lanes(v)) = (target, value) else {
            return true;
        };
        // PR holds one bit per numbered predicate.
        let last_pred = RegClass::P.last();
        let max = if target == Loc::CC {
            0xf
        } else {
            (1u32 << (last_pred + 1)) - 1
        };
        if let Some(l) = v.iter().position(|&x| x > max) {
            let what = if target == Loc::CC {
                crate::msg!("CC holds 4 flags: ZF (bit 0), SF (1), CF (2), OF (3)")
            } else {
                crate::msg!(
                    "PR holds {0} in bits 0..{1}",
                    RegClass::P.range(),
                    last_pred
                )
            };
            let (value, max) = (format!("{:#x}", v[l]), format!("{max:#x}"));
            self.diags.push(
                Diagnostic::error(
                    whole,
                    crate::msg!(
                        "{0} of lane {1} would be {2}, more than {3}",
                        target,
                        l,
                        value,
                        max
                    ),
                )
                .with_help(what),
            );
            return false;
        }
        true
    }

    /// `{v0, ..., v31}` after the `{`: exactly 32 scalar expressions.
    fn lane_list(&mut self, open: Span) -> Option<[u32; 32]> {
        let mut values = Vec::new();
        let mut spans = Vec::new();
        loop {
            if let Some(close) = self.eat(Punct::RBrace) {
                if values.len() != 32 {
                    let list = open.to(close);
                    self.diags.push(
                        Diagnostic::error(
                            list,
                            crate::msg!(
                                "a lane list needs exactly 32 values, found {0}",
                                values.len()
                            ),
                        )
                        .with_help(crate::msg!(
                            "one value per lane, lane 0 first; or write an expression over `lane`"
                        )),
                    );
                    return None;
                }
                break;
            }
            let mut pos = self.pos;
            let e = expr::parse(self.ctx.src, self.toks, &mut pos, &mut self.diags)?;
            self.pos = pos;
            values.push(self.eval_uniform(
                &e,
                crate::msg!("`lane` cannot be used inside a lane list"),
                crate::msg!("the list gives each lane's value directly"),
            )?);
            spans.push(e.span);
            if self.eat(Punct::Comma).is_some() {
                continue;
            }
            if self.peek().map(|t| t.kind) != Some(Tok::P(Punct::RBrace)) {
                let msg = crate::msg!(
                    "expected `,` or `}` in the lane list, found {0}",
                    self.found_text()
                );
                self.error_here(msg);
                return None;
            }
        }
        if let Some(t) = self.peek() {
            self.diags.push(Diagnostic::error(
                t.span,
                crate::msg!(
                    "unexpected `{0}` after the lane list",
                    self.ctx.text(t.span)
                ),
            ));
            return None;
        }
        let mut out = [0u32; 32];
        out.copy_from_slice(&values);
        Some(out)
    }
}
