//! Opcode selection: the opcode of a mnemonic is chosen by the number
//! and the kinds of the operands written, then by its modifiers; the
//! chosen opcode's fields are then filled from the guard, modifiers,
//! operands and controls. When no opcode fits, the error names what the
//! closest candidates expected.
//!
//! ```
//! use warpscope_core::{asm, isas};
//! let isa = isas::w128();
//! let imm = asm::assemble_line(isa, "SHFL.UP P0, R1, R0, 0x4, 0x5").unwrap();
//! let reg = asm::assemble_line(isa, "SHFL.UP P0, R1, R0, R4, R5").unwrap();
//! assert_ne!(imm.opcode, reg.opcode);
//! assert!(isa.opcodes[reg.opcode].name.starts_with("SHFL_"));
//! let errs = asm::assemble_line(isa, "SHFL.IDX P0, R1").unwrap_err();
//! assert!(errs[0].message().starts_with("SHFL takes 5 operands, found 2"), "{}", errs[0].message());
//! ```

use super::parser::{Control, Form, Operand, ParsedInst};
use super::suggest::{did_you_mean, one_of, operand_text, suggest, type_text};
use super::values::builtin_of;
use super::Ctx;
use crate::codec::layout::{self, Prefix};
use crate::diag::{Diagnostic, Span};
use crate::inst::Inst;
use crate::msg::Text;
use crate::operand;
use crate::operand::reg::{self, RegName};
use crate::spec::model::{Builtin, Field, Opcode, TypeRef};
use std::collections::HashMap;

/// An instruction being filled in: its opcode, its field values so far,
/// the labels its operands may name and where problems go.
struct Fill<'f, 'l> {
    oi: usize,
    values: Vec<u64>,
    labels: &'f HashMap<&'l str, u64>,
    diags: &'f mut Vec<Diagnostic>,
}

/// How a written operand relates to a field type.
fn fits(ctx: &Ctx, o: &Operand, f: &Field) -> bool {
    let TypeRef::Builtin(b) = f.ty else {
        let TypeRef::Enum(_) = f.ty else { return false };
        return matches!(o.form, Form::Ident(_))
            && layout::value_of_name(ctx.isa, f.ty, ctx.text(o.ident_span())).is_some();
    };
    match &o.form {
        Form::Ident(reg) => match reg {
            RegName::Reg(c, _) | RegName::Bad(c, ..) => c.builtin() == b,
            RegName::NotReg => match b {
                Builtin::UImm(_) | Builtin::SImm(_) => true,
                Builtin::PModi | Builtin::SignModi => {
                    operand::value_of(b, ctx.text(o.ident_span())).is_some()
                }
                _ => false,
            },
        },
        Form::Pair(class, _, _) => {
            let c = ctx.text(*class).to_ascii_uppercase();
            (c == "R" && b == Builtin::Reg) || (c == "UR" && b == Builtin::UReg)
        }
        Form::Int(..) => matches!(
            b,
            Builtin::UImm(_) | Builtin::SImm(_) | Builtin::F32Imm | Builtin::HwReg
        ),
        Form::Float(..) | Form::FloatBits(..) => b == Builtin::F32Imm,
        Form::CMem(..) => matches!(b, Builtin::CMem | Builtin::CBank),
        Form::HwReg(..) => b == Builtin::HwReg,
    }
}

impl Ctx<'_> {
    /// Matches a parsed instruction to an opcode and computes its field
    /// values; reports every problem into `diags`.
    pub(super) fn build(
        &self,
        p: &ParsedInst,
        labels: &HashMap<&str, u64>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Inst> {
        let isa = self.isa;
        let mn_text = self.text(p.mnemonic);
        let Some(ot_idx) = p.optype else {
            let mut d =
                Diagnostic::error(p.mnemonic, crate::msg!("unknown mnemonic `{0}`", mn_text));
            let close = suggest(mn_text, isa.optypes.iter().map(|o| o.name.as_str()));
            if !close.is_empty() {
                d = d.with_help(did_you_mean(&close));
            }
            diags.push(d);
            return None;
        };
        let ot = &isa.optypes[ot_idx];
        let n = p.operands.len();
        // The opcodes that take this many operands, then those whose
        // operand kinds fit, then the first whose modifiers resolve. Nothing
        // is collected on the way: the lists are built only to explain a
        // failure.
        let fits_count = |oi: usize| {
            let (_, lo, hi) = self.operand_counts(oi);
            (lo..=hi).contains(&n)
        };
        let fits_kinds = |oi: usize| {
            let slots = self.layouts[oi].operands.len();
            self.fitting_operands(p, oi) == n.min(slots)
        };
        let (mut counted, mut kinded) = (false, false);
        let mut first_err = None;
        // The field values, refilled for each candidate that gets this far
        // (in the vector of an instruction already written, if any).
        let mut values = self.spare_values.take();
        for &oi in &ot.opcodes {
            if !fits_count(oi) {
                continue;
            }
            counted = true;
            if !fits_kinds(oi) {
                continue;
            }
            kinded = true;
            let fields = &isa.opcodes[oi].fields;
            values.clear();
            values.extend(fields.iter().map(|f| f.fixed.or(f.default).unwrap_or(0)));
            match self.resolve_modifiers(p, oi, &mut values) {
                Ok(()) => return self.fill(p, oi, values, labels, diags),
                Err(e) => {
                    if first_err.is_none() {
                        first_err = Some(e);
                    }
                }
            }
        }
        if !counted {
            let counts: Vec<_> = ot
                .opcodes
                .iter()
                .map(|&oi| self.operand_counts(oi))
                .collect();
            diags.push(self.count_error(p, ot.name.as_str(), &counts));
        } else if !kinded {
            let by_count: Vec<usize> = ot
                .opcodes
                .iter()
                .copied()
                .filter(|&oi| fits_count(oi))
                .collect();
            diags.push(self.kind_error(p, &by_count));
        } else {
            diags.extend(first_err.unwrap_or_default());
        }
        None
    }

    /// How many of the written operands, from the first, fit the kinds of
    /// opcode `oi`'s operand slots.
    fn fitting_operands(&self, p: &ParsedInst, oi: usize) -> usize {
        let op = &self.isa.opcodes[oi];
        p.operands
            .iter()
            .zip(&self.layouts[oi].operands)
            .take_while(|(o, s)| fits(self, o, &op.fields[s.field]))
            .count()
    }

    /// An opcode with the fewest and most operands it takes.
    fn operand_counts(&self, oi: usize) -> (usize, usize, usize) {
        let l = &self.layouts[oi];
        (oi, l.required, l.operands.len())
    }

    fn count_error(
        &self,
        p: &ParsedInst,
        mnemonic: &str,
        counts: &[(usize, usize, usize)],
    ) -> Diagnostic {
        let n = p.operands.len();
        let mut allowed: Vec<usize> = counts.iter().flat_map(|&(_, lo, hi)| lo..=hi).collect();
        allowed.sort_unstable();
        allowed.dedup();
        let takes = one_of(allowed.iter().map(Text::value).collect());
        let max = allowed.iter().copied().max().unwrap_or(0);
        let span = if n > max {
            p.operands[max].span.to(p.operands[n - 1].span)
        } else if let Some(last) = p.operands.last() {
            Span::new(last.span.end, last.span.end)
        } else {
            p.mnemonic.to(*p.mods.last().unwrap_or(&p.mnemonic))
        };
        let message = if allowed == [1] {
            crate::msg!("{0} takes {1} operand, found {2}", mnemonic, takes, n)
        } else {
            crate::msg!("{0} takes {1} operands, found {2}", mnemonic, takes, n)
        };
        let mut d = Diagnostic::error(span, message);
        if let Some(syntax) = self.syntax_line(mnemonic) {
            d = d.with_help(crate::msg!("the syntax is `{0}`", syntax));
        }
        d
    }

    /// The first line of an optype's `__Syntax` code block, if any.
    fn syntax_line(&self, mnemonic: &str) -> Option<String> {
        let ot = self.isa.optype(mnemonic)?;
        let text = ot.docs.get("Syntax")?;
        text.lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("```"))
            .map(|l| {
                l.split('$')
                    .next()
                    .unwrap_or(l)
                    .trim()
                    .trim_end_matches(';')
                    .trim()
                    .to_string()
            })
    }

    fn kind_error(&self, p: &ParsedInst, candidates: &[usize]) -> Diagnostic {
        let isa = self.isa;
        // The candidate that matches the longest prefix of operands.
        let prefix_len = |oi: usize| self.fitting_operands(p, oi);
        let best = candidates
            .iter()
            .map(|&oi| prefix_len(oi))
            .max()
            .unwrap_or(0);
        let at = best.min(p.operands.len().saturating_sub(1));
        let o = &p.operands[at];
        let mut expected: Vec<Text> = Vec::new();
        let mut enum_field: Option<&Field> = None;
        let mut field_names: Vec<&str> = Vec::new();
        for &oi in candidates {
            if prefix_len(oi) < at {
                continue;
            }
            let op = &isa.opcodes[oi];
            let Some(slot) = self.layouts[oi].operands.get(at) else {
                continue;
            };
            let f = &op.fields[slot.field];
            let d = type_text(isa, f);
            if !expected.contains(&d) {
                expected.push(d);
            }
            if !field_names.contains(&f.name.as_str()) {
                field_names.push(&f.name);
            }
            if matches!(f.ty, TypeRef::Enum(_)) {
                enum_field = Some(f);
            }
        }
        let ordinal = at + 1;
        let mnemonic = self.text(p.mnemonic).to_ascii_uppercase();
        if let (Some(f), Form::Ident(_)) = (enum_field, &o.form) {
            if let TypeRef::Enum(t) = f.ty {
                if let Some(et) = isa.types.get(t) {
                    let word = self.text(o.span);
                    let mut d = Diagnostic::error(
                        o.span,
                        crate::msg!(
                            "`{0}` is not a {1} value (operand {2} of {3})",
                            word,
                            &et.name,
                            ordinal,
                            mnemonic
                        ),
                    );
                    let close = suggest(word, et.values.iter().map(|v| v.name.as_str()));
                    if !close.is_empty() {
                        d = d.with_help(did_you_mean(&close));
                    } else {
                        d = d.with_help(crate::msg!("expected {0}", one_of(expected)));
                    }
                    return d;
                }
            }
        }
        Diagnostic::error(
            o.span,
            crate::msg!(
                "operand {0} of {1} ({2}) must be {3}, found {4}",
                ordinal,
                mnemonic,
                field_names.join("/"),
                one_of(expected),
                operand_text(self, o)
            ),
        )
    }

    /// Assigns written modifiers to the opcode's modifier fields, writing
    /// their values into `values`.
    fn resolve_modifiers(
        &self,
        p: &ParsedInst,
        oi: usize,
        values: &mut [u64],
    ) -> Result<(), Vec<Diagnostic>> {
        let isa = self.isa;
        let op = &isa.opcodes[oi];
        let slots = &self.layouts[oi].modifiers;
        let mut assigned = Marks::new(slots.len());
        let mut errs = Vec::new();
        let mut next = 0;
        // Only messages need the upper-case mnemonic.
        let upper = || self.text(p.mnemonic).to_ascii_uppercase();
        let value_in = |k: usize, name: &str| -> Option<u64> {
            layout::value_of_name(isa, op.fields[slots[k]].ty, name)
        };
        for &m in &p.mods {
            let name = self.text(m);
            let dot = Span::new(m.start.saturating_sub(1), m.end);
            if let Some((k, v)) = (next..slots.len()).find_map(|k| Some((k, value_in(k, name)?))) {
                values[slots[k]] = v;
                assigned.set(k);
                next = k + 1;
                continue;
            }
            let mnemonic = upper();
            if let Some(k) = (0..next).find(|&k| value_in(k, name).is_some()) {
                let field = &op.fields[slots[k]].name;
                let msg = if assigned.get(k) {
                    crate::msg!("`.{0}` of {1} is given twice", field, &mnemonic)
                } else {
                    crate::msg!("modifier `.{0}` is out of order", name.to_ascii_uppercase())
                };
                errs.push(
                    Diagnostic::error(dot, msg).with_help(self.modifier_help(&mnemonic, op, slots)),
                );
                continue;
            }
            let mut d = Diagnostic::error(
                dot,
                crate::msg!("unknown modifier `.{0}` for {1}", name, &mnemonic),
            );
            d = d.with_help(if slots.is_empty() {
                crate::msg!("{0} takes no modifiers", mnemonic)
            } else {
                self.modifier_help(&mnemonic, op, slots)
            });
            errs.push(d);
        }
        if errs.is_empty() {
            for (k, &slot) in slots.iter().enumerate() {
                let f = &op.fields[slot];
                if !assigned.get(k) && f.default.is_none() {
                    let mnemonic = upper();
                    let span = p.mnemonic.to(*p.mods.last().unwrap_or(&p.mnemonic));
                    errs.push(
                        Diagnostic::error(
                            span,
                            crate::msg!("{0} needs a `.{1}` modifier", &mnemonic, &f.name),
                        )
                        .with_help(self.modifier_help(&mnemonic, op, slots)),
                    );
                }
            }
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        Ok(())
    }

    fn modifier_help(&self, mnemonic: &str, op: &Opcode, slots: &[usize]) -> Text {
        let mut form = mnemonic.to_string();
        let mut lists = Vec::new();
        for &s in slots {
            let f = &op.fields[s];
            if f.default.is_some() {
                form.push_str(&format!("{{.{}}}", f.name));
            } else {
                form.push_str(&format!(".{}", f.name));
            }
            if let TypeRef::Enum(t) = f.ty {
                if let Some(et) = self.isa.types.get(t) {
                    let vals: Vec<String> = et
                        .values
                        .iter()
                        .map(|v| {
                            let d = if f.default == Some(v.value) {
                                crate::codec::decode::DEFAULT_MARK
                            } else {
                                ""
                            };
                            format!(".{}{d}", v.name.to_ascii_uppercase())
                        })
                        .collect();
                    lists.push(format!(".{} = {}", f.name, vals.join(" | ")));
                }
            }
        }
        crate::msg!("write {0}: {1}", form, lists.join("; "))
    }

    /// Computes the remaining field values of opcode `oi` for the parsed
    /// statement: `values` holds the defaults and the modifiers.
    fn fill(
        &self,
        p: &ParsedInst,
        oi: usize,
        values: Vec<u64>,
        labels: &HashMap<&str, u64>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Inst> {
        let before = diags.len();
        let mut fill = Fill {
            oi,
            values,
            labels,
            diags,
        };
        self.fill_guard(p, &mut fill);
        self.fill_operands(p, &mut fill);
        self.fill_controls(p, &mut fill);
        if fill.diags.len() > before {
            return None;
        }
        Some(Inst {
            opcode: oi,
            values: fill.values,
        })
    }

    /// The guard `@P0` / `@!P0`, or the guard field's true predicate.
    fn fill_guard(&self, p: &ParsedInst, fill: &mut Fill) {
        let op = &self.isa.opcodes[fill.oi];
        let layout = &self.layouts[fill.oi];
        if let Some(g) = layout.guard {
            if op.fields[g].default.is_none() {
                fill.values[g] = op.fields[g].zero_register().unwrap_or(reg::PT);
            }
        }
        let Some((neg, span)) = p.guard else {
            return;
        };
        let mnemonic = self.text(p.mnemonic).to_ascii_uppercase();
        let Some(g) = layout.guard else {
            fill.diags.push(Diagnostic::error(
                span,
                crate::msg!("{0} cannot be guarded by a predicate", mnemonic),
            ));
            return;
        };
        let f = &op.fields[g];
        let text = self.text(span);
        match self.reg(text) {
            RegName::Reg(c, v) if c.builtin() == builtin_of(f) => fill.values[g] = v,
            RegName::Bad(_, msg, help) => fill
                .diags
                .push(Diagnostic::error(span, msg).with_help(help)),
            _ => fill.diags.push(Diagnostic::error(
                span,
                crate::msg!(
                    "the guard must be {0}, found `{1}`",
                    type_text(self.isa, f),
                    text
                ),
            )),
        }
        if neg {
            match layout.guard_not {
                Some(n) => fill.values[n] = 1,
                None => fill.diags.push(Diagnostic::error(
                    Span::new(span.start.saturating_sub(1), span.end),
                    crate::msg!("the guard of {0} cannot be negated", mnemonic),
                )),
            }
        }
    }

    /// The operands in `Order<...>`, with their `!`/`~` companions; then
    /// the register pairs, once every modifier is known.
    fn fill_operands(&self, p: &ParsedInst, fill: &mut Fill) {
        let op = &self.isa.opcodes[fill.oi];
        let slots = &self.layouts[fill.oi].operands;
        for (o, slot) in p.operands.iter().zip(slots) {
            let f = &op.fields[slot.field];
            if let Some((prefix, pspan)) = o.prefix {
                match slot.companion {
                    Some((want, c)) if want == prefix => fill.values[c] = 1,
                    _ => fill.diags.push(
                        Diagnostic::error(
                            pspan,
                            crate::msg!(
                                "`{0}` cannot be applied to operand `{1}`",
                                prefix.symbol(),
                                &f.name
                            ),
                        )
                        .with_help(match prefix {
                            Prefix::Not => {
                                crate::msg!("only predicate operands with a `.not` field take `!`")
                            }
                            Prefix::BitNot => {
                                crate::msg!(
                                    "only register operands with a `.bitnot` field take `~`"
                                )
                            }
                        }),
                    ),
                }
            }
            if let Some(v) = self.operand_value(o, f, fill.labels, fill.diags) {
                fill.values[slot.field] = v;
            }
        }
        for (o, slot) in p.operands.iter().zip(slots) {
            let fi = slot.field;
            if matches!(
                op.fields[fi].ty,
                TypeRef::Builtin(Builtin::Reg | Builtin::UReg)
            ) {
                if let Some(d) = self.pair_problem((fill.oi, fi), o, &fill.values) {
                    fill.diags.push(d);
                }
            }
        }
    }

    /// The controls `$name=value`.
    fn fill_controls(&self, p: &ParsedInst, fill: &mut Fill) {
        let op = &self.isa.opcodes[fill.oi];
        let layout = &self.layouts[fill.oi];
        let field_of = |c: &Control| {
            let name = self.text(c.name);
            layout
                .controls
                .iter()
                .copied()
                .find(|&i| op.fields[i].name.eq_ignore_ascii_case(name))
        };
        for (j, c) in p.controls.iter().enumerate() {
            let name = self.text(c.name);
            let Some(fi) = field_of(c) else {
                let names: Vec<String> = layout
                    .controls
                    .iter()
                    .map(|&i| format!("${}", op.fields[i].name))
                    .collect();
                let mnemonic = self.text(p.mnemonic).to_ascii_uppercase();
                fill.diags.push(
                    Diagnostic::error(c.name, crate::msg!("unknown control `${0}`", name))
                        .with_help(if names.is_empty() {
                            crate::msg!("{0} has no controls", mnemonic)
                        } else {
                            crate::msg!("the controls are {0}", names.join(" "))
                        }),
                );
                continue;
            };
            // The first control before this one that names the same field.
            if let Some(prev) = p.controls[..j].iter().find(|e| field_of(e) == Some(fi)) {
                fill.diags.push(
                    Diagnostic::error(c.span, crate::msg!("`${0}` is given twice", name))
                        .with_help(crate::msg!(
                            "the first is at column {0}",
                            crate::diag::line_col(self.src, prev.span.start).col
                        )),
                );
                continue;
            }
            if let Some(v) = self.operand_value(&c.value, &op.fields[fi], fill.labels, fill.diags) {
                fill.values[fi] = v;
            }
        }
    }
}

/// Which of an opcode's modifier slots a statement has filled: a word of
/// bits, or a vector for an opcode with more slots than that.
struct Marks {
    bits: u64,
    more: Vec<bool>,
}

impl Marks {
    fn new(n: usize) -> Marks {
        Marks {
            bits: 0,
            more: if n > 64 { vec![false; n] } else { Vec::new() },
        }
    }

    fn set(&mut self, k: usize) {
        match self.more.get_mut(k) {
            Some(m) => *m = true,
            None => self.bits |= 1 << k,
        }
    }

    fn get(&self, k: usize) -> bool {
        match self.more.get(k) {
            Some(&m) => m,
            None => self.bits >> k & 1 != 0,
        }
    }
}
