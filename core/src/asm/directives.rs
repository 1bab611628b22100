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
//! assert_eq!(errs[0].message, "`RZ` always reads 0 and cannot be initialised");
//! ```

use super::expr;
use super::lexer::{Punct, Tok, Token};
use super::parser::Parser;
use super::{Init, Setup};
use crate::codec::layout;
use crate::diag::{Diagnostic, Span};
use crate::loc::{Loc, Value};
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
fn maxwell_init_regs() -> String {
    format!("{}, {}, PR or CC", RegClass::R.range(), RegClass::P.range())
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
                    Diagnostic::error(a.span, format!("`{name}` is a register name, not a label"))
                        .with_help("choose another label name"),
                );
                continue;
            }
            if let Some(&k) = defs.label_index.get(&name) {
                let first = self.ctx.line_of(defs.labels[k].2.start);
                self.diags.push(
                    Diagnostic::error(a.span, format!("label `{name}` is defined twice"))
                        .with_help(format!("it is first defined on line {first}")),
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
                Diagnostic::error(t.span, format!("`{name}` is a register name, not a symbol"))
                    .with_help("choose another symbol name"),
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
                Diagnostic::error(d.span, format!("unknown directive `{name}`"))
                    .with_help("the directives are `.active MASK` and `.init REG = VALUE`"),
            );
        }
    }

    /// `.active EXPR`, after the directive name.
    fn active(&mut self, whole: Span, defs: &mut Definitions) {
        let Some(e) = self.expr_to_end() else { return };
        let Some(v) = self.eval_uniform(
            &e,
            "`lane` cannot be used in `.active`",
            "`.active` takes one 32-bit mask: bit l set = lane l active",
        ) else {
            return;
        };
        if let Some(prev) = defs.setup.active_span {
            defs.warnings.push(
                Diagnostic::warning(whole, "`.active` is given twice; this one wins").with_help(
                    format!("the other one is on line {}", self.ctx.line_of(prev.start)),
                ),
            );
        }
        if v == 0 {
            defs.warnings.push(Diagnostic::warning(
                e.span,
                "no lane is active: the program does nothing",
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
                format!(
                    "unexpected `{}` after the expression",
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
                let msg = format!("expected a register after `.init`, found {}", self.found());
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
            let msg = format!("expected `=` after `{reg_text}`, found {}", self.found());
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
            defs.warnings.push(
                Diagnostic::warning(
                    whole,
                    format!("{target} is initialised twice; this value wins"),
                )
                .with_help(format!(
                    "the other `.init {target}` is on line {}",
                    self.ctx.line_of(prev.start)
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
                        format!(
                            "`{reg_text}` always reads {} and cannot be initialised",
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
                        Machine::Warp => format!(
                            "{}, {}, {} or {}",
                            RegClass::R.range(),
                            RegClass::P.range(),
                            RegClass::UR.range(),
                            RegClass::UP.range()
                        ),
                        Machine::Maxwell => maxwell_init_regs(),
                        Machine::ScalarWave => format!(
                            "{} or a hardware register name (HW_REG_MODE, ...)",
                            RegClass::S.range()
                        ),
                    };
                    self.diags.push(
                        Diagnostic::error(t.span, format!("`{reg_text}` is not a register"))
                            .with_help(format!("`.init` takes {takes}")),
                    );
                    return None;
                }
            },
        };
        if machine == Machine::Maxwell && matches!(target, Loc::UR(_) | Loc::UP(_)) {
            self.diags.push(
                Diagnostic::error(
                    t.span,
                    format!("{} has no uniform registers", self.ctx.isa.name),
                )
                .with_help(format!("`.init` takes {}", maxwell_init_regs())),
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
                        format!("{target} holds one value for the whole warp, not a list"),
                    )
                    .with_help("write a single expression"),
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
                    Diagnostic::error(l, format!("`lane` cannot be used for {target}"))
                        .with_help("a uniform register holds one value for the whole warp"),
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
                "CC holds 4 flags: ZF (bit 0), SF (1), CF (2), OF (3)".to_string()
            } else {
                format!("PR holds {} in bits 0..{last_pred}", RegClass::P.range())
            };
            self.diags.push(
                Diagnostic::error(
                    whole,
                    format!(
                        "{target} of lane {l} would be {:#x}, more than {max:#x}",
                        v[l]
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
                            format!(
                                "a lane list needs exactly 32 values, found {}",
                                values.len()
                            ),
                        )
                        .with_help(
                            "one value per lane, lane 0 first; or write an expression over `lane`",
                        ),
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
                "`lane` cannot be used inside a lane list",
                "the list gives each lane's value directly",
            )?);
            spans.push(e.span);
            if self.eat(Punct::Comma).is_some() {
                continue;
            }
            if self.peek().map(|t| t.kind) != Some(Tok::P(Punct::RBrace)) {
                let msg = format!(
                    "expected `,` or `}}` in the lane list, found {}",
                    self.found()
                );
                self.error_here(msg);
                return None;
            }
        }
        if let Some(t) = self.peek() {
            self.diags.push(Diagnostic::error(
                t.span,
                format!("unexpected `{}` after the lane list", self.ctx.text(t.span)),
            ));
            return None;
        }
        let mut out = [0u32; 32];
        out.copy_from_slice(&values);
        Some(out)
    }
}
