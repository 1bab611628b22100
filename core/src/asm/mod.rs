//! Assembly text → instructions.
//!
//! The assembler is driven entirely by the loaded [`Isa`]: the mnemonics,
//! operand shapes, modifiers and controls all come from the description
//! files (see [`layout`] for how an opcode's fields map onto the text).
//!
//! # Syntax
//!
//! ```text
//! // comment                      /* block comment */
//! .active 0x0000ffff              // initial active lanes (default: all 32)
//! .init R1 = lane * 4             // per-lane value of R1
//! .init P0 = lane % 2 == 0        // per-lane predicate (non-zero = true)
//! .init UR5 = 0x100               // warp-wide value
//! .init R2 = {0, 1, 2, ..., 31}   // exactly 32 values, lane 0 first
//! start:                          // label = byte address of the next instruction
//!     @!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f $sched=4 ;
//!     MATCH.U64.ALL R0, P0, R[2:3] ; BRA start
//! ```
//!
//! - **Statements** end at `;` or at the end of a line; several may share a
//!   line. A statement is `labels* [guard] MNEMONIC[.MOD...] [operands]
//!   [$control=value ...]` or a directive.
//! - **Labels** `name:` start a statement and name the byte address of the
//!   next instruction (the first instruction is at 0x0, then one word
//!   (16 bytes for w128) per instruction). A label may be used before it
//!   is defined, wherever an immediate is expected. A register name cannot
//!   be a label; defining a label twice is an error.
//! - **Guard** `@P3` / `@!P3` (`@PT` is the same as no guard).
//! - **Mnemonics and modifiers** are case-insensitive and printed in upper
//!   case. Modifiers follow the mnemonic in the order of the optype's
//!   `__Syntax` line (`REDUX{.dtype}.reduxop`); one with a default may be
//!   left out. An unknown, repeated, misplaced or missing modifier is an
//!   error whose help lists the valid ones.
//! - **Operands** follow the opcode's `Order<...>`, separated by commas.
//!   The opcode of a mnemonic is chosen by the kinds of the operands written:
//!   `SHFL` with a register SrcB and an immediate SrcC is `SHFL_RRI`.
//!   Trailing operands whose field has a default may be left out.
//!   - Registers `R0`..`R254`, `RZ`; `UR0`..`UR62`, `URZ`; predicates
//!     `P0`..`P6`, `PT`; `UP0`..`UP6`, `UPT` (case-insensitive).
//!   - A 64-bit register operand (its `Bitwidth<>` is 64 for the
//!     instruction's modifiers) is written `R[2:3]`, or by its first
//!     register `R2`; the first register must be even.
//!   - `!P3` sets the operand's `.not` companion, `~UR4` its `.bitnot`.
//!   - Immediates: decimal, `0x` hex or `0b` binary, `_` separators
//!     allowed; `-` only for signed fields. Values are range-checked
//!     against the field width; a signed N-bit field also takes a bit
//!     pattern up to 2^N - 1 (`0xffffffff` = -1 in a SImm32 field). A label
//!     stands for its byte address.
//!   - Float immediates: `1.5`, `-2.0`, `1e-3`, integers, or the raw bits
//!     `0f3fc00000`.
//!   - Constants `c[bank][offset]`: bank 0..63, byte offset 0..0xfffc, a
//!     multiple of 4.
//!   - Enum operands by value name (`SR_LANEID`, `SR_CTAID.X`, `B0`).
//! - **Controls** `$name=value` (`$sched=4 $req=0x3 $wsb=1`) after the
//!   operands; those left out take their defaults.
//! - **Directives** `.active EXPR` and `.init REG = EXPR` or
//!   `.init REG = {v0, ..., v31}`; see [`Setup`]. Expressions are 32-bit
//!   unsigned and wrap; operators and precedence follow C (`+ - * / % & |
//!   ^ ~ << >> == != < <= > >= && || !`, parentheses); `lane` (0..31) is
//!   the lane being initialised and is only allowed for `R` and `P`
//!   registers; division by zero is an error.
//!
//! Every problem is a [`Diagnostic`] with the span of the offending text,
//! and all of them are reported at once.
//!
//! # Dialects
//!
//! The ISA's [`crate::spec::model::Dialect`] adapts the above. sm50 uses
//! it as is, with Maxwell addresses (instructions at 0x8, 0x10, 0x18, 0x28,
//! ...: every fourth word is a control word), `.init CC = EXPR` and
//! `.init PR = EXPR` (per lane), and parenthesised expressions as
//! immediates (`(1<<3)`). The AMDGPU syntax (gfx9) differs: `;` starts a
//! comment (statements end at line ends), registers are `s0`..`s101`,
//! operands are absolute expressions over numbers and symbols defined by
//! `name = EXPR`, `hwreg(...)` is an operand form, instructions with a
//! literal take two words, and `.init` takes `sN` and hardware register
//! names.
//!
//! ```
//! use warpscope_core::{asm, isas};
//! let isa = isas::w128();
//! let prog = asm::assemble(isa, "
//!     .init R0 = lane
//!     loop: IADD3 R0, R0, 0x1, RZ
//!     @P0 BRA loop
//! ").unwrap();
//! assert_eq!(prog.lines.len(), 2);
//! assert_eq!(prog.labels, vec![("loop".to_string(), 0)]);
//! assert_eq!(prog.lines[1].addr, 0x10);
//! assert_eq!(prog.lines[1].line, 4);
//!
//! let errs = asm::assemble(isa, "SHFL.BFLY P1, R3, R2, 0x1, 0x2000").unwrap_err();
//! assert_eq!(errs[0].span.start, 27);
//! assert!(errs[0].message.contains("out of range"));
//! ```

mod expr;
/// Where the layout of an opcode now lives.
pub use crate::codec::layout;
mod lexer;

use crate::codec::layout::Prefix;
use crate::codec::Layouts;
use crate::diag::{Diagnostic, Span};
use crate::inst::Inst;
use crate::operand;
use crate::operand::cmem::{self, Problem};
use crate::operand::hwreg::{self, HwReg};
use crate::operand::reg::{self, RegClass, RegName};
use crate::spec::model::{Builtin, Field, Isa, Machine, Opcode, Syntax, TypeRef};
use lexer::{Punct, Tok, Token};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

/// An assembled program.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Program {
    /// The instructions in address order.
    pub lines: Vec<AsmLine>,
    /// The initial warp state from `.active` and `.init`.
    pub setup: Setup,
    /// Labels and their byte addresses, in definition order.
    pub labels: Vec<(String, u64)>,
    /// Warnings (the program is usable).
    pub warnings: Vec<Diagnostic>,
}

/// One assembled instruction and where it came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AsmLine {
    /// The instruction.
    pub inst: Inst,
    /// Its byte address.
    pub addr: u64,
    /// The statement's text (guard through last control, without labels
    /// and `;`).
    pub span: Span,
    /// 1-based line of the statement.
    pub line: usize,
}

/// The initial state of the warp, from the setup directives.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Setup {
    /// Initially active lanes, bit per lane (default all 32).
    pub active: u32,
    /// Where `.active` was written, if it was.
    pub active_span: Option<Span>,
    /// Register initialisations in source order (a later one for the same
    /// register replaces an earlier one, with a warning).
    pub inits: Vec<Init>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            active: u32::MAX,
            active_span: None,
            inits: Vec::new(),
        }
    }
}

/// One `.init` directive.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Init {
    /// The register initialised.
    pub target: RegRef,
    /// Its value.
    pub value: InitValue,
    /// The directive's text.
    pub span: Span,
}

/// A register named by `.init`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum RegRef {
    /// General register `R0`..`R254`.
    R(u8),
    /// Predicate `P0`..`P6`.
    P(u8),
    /// Uniform register `UR0`..`UR62`.
    UR(u8),
    /// Uniform predicate `UP0`..`UP6`.
    UP(u8),
    /// Maxwell condition code `CC` of each lane (ZF, SF, CF, OF in bits
    /// 0..3).
    CC,
    /// Maxwell predicate register `PR` of each lane: P0..P6 in bits 0..6.
    PR,
    /// AMDGPU scalar register `s0`..`s101`.
    S(u8),
    /// AMDGPU hardware register by id (`HW_REG_MODE` = 1).
    HwReg(u8),
}

impl std::fmt::Display for RegRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegRef::R(n) => write!(f, "R{n}"),
            RegRef::P(n) => write!(f, "P{n}"),
            RegRef::UR(n) => write!(f, "UR{n}"),
            RegRef::UP(n) => write!(f, "UP{n}"),
            RegRef::CC => write!(f, "CC"),
            RegRef::PR => write!(f, "PR"),
            RegRef::S(n) => write!(f, "s{n}"),
            RegRef::HwReg(n) => write!(f, "hwreg({n})"),
        }
    }
}

/// The value given by `.init`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum InitValue {
    /// Per-lane values of an `R` register (or of `CC`, `PR`), lane 0 first.
    Lanes([u32; 32]),
    /// Per-lane values of a `P` predicate: bit `l` = lane `l`.
    Mask(u32),
    /// The value of a `UR` register.
    Scalar(u32),
    /// The value of a `UP` predicate.
    Bool(bool),
}

/// Assembles a whole source text. On failure returns every error found
/// (and the warnings), in source order.
pub fn assemble(isa: &Isa, src: &str) -> Result<Program, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let toks = lexer::lex_with(src, isa.dialect.syntax == Syntax::Amdgpu, &mut diags);
    let ctx = Ctx::new(isa, src);
    // Labels hold the index of the instruction they name until every
    // instruction's size is known.
    let mut labels: Vec<(String, u64, Span)> = Vec::new();
    let mut label_index: HashMap<String, usize> = HashMap::new();
    let mut parsed: Vec<Option<ParsedInst>> = Vec::new();
    let mut setup = Setup::default();
    let mut init_spans: HashMap<RegRef, Span> = HashMap::new();
    let mut warnings = Vec::new();

    for stmt in statements(&toks) {
        let mut p = Parser::new(&ctx, stmt);
        // Labels.
        while let (Some(a), Some(b)) = (p.peek(), p.peek_at(1)) {
            if a.kind != Tok::Ident || b.kind != Tok::P(Punct::Colon) {
                break;
            }
            p.pos += 2;
            let name = ctx.text(a.span).to_string();
            if !matches!(ctx.reg(&name), RegName::NotReg) {
                p.diags.push(
                    Diagnostic::error(a.span, format!("`{name}` is a register name, not a label"))
                        .with_help("choose another label name"),
                );
                continue;
            }
            let addr = parsed.len() as u64;
            if let Some(&k) = label_index.get(&name) {
                let first = ctx.line_of(labels[k].2.start);
                p.diags.push(
                    Diagnostic::error(a.span, format!("label `{name}` is defined twice"))
                        .with_help(format!("it is first defined on line {first}")),
                );
                continue;
            }
            label_index.insert(name.clone(), labels.len());
            labels.push((name, addr, a.span));
        }
        match p.peek() {
            None => {}
            Some(t) if t.kind == Tok::Directive => {
                p.directive(&mut setup, &mut init_spans, &mut warnings);
            }
            Some(t)
                if ctx.amdgpu()
                    && t.kind == Tok::Ident
                    && p.peek_at(1).map(|n| n.kind) == Some(Tok::P(Punct::Assign)) =>
            {
                p.symbol();
            }
            Some(_) => parsed.push(p.instruction()),
        }
        diags.append(&mut p.diags);
    }

    // Addresses: each instruction takes the words of its mnemonic's
    // opcodes (an unknown mnemonic counts one word).
    let words: Vec<u32> = parsed
        .iter()
        .map(|p| {
            p.as_ref()
                .and_then(|p| {
                    ctx.mnemonics
                        .get(&ctx.text(p.mnemonic).to_ascii_uppercase())
                })
                .and_then(|&ot| isa.optypes[ot].opcodes.first())
                .map_or(1, |&oi| isa.opcode_words(&isa.opcodes[oi]))
        })
        .chain(std::iter::once(1))
        .collect();
    let addrs = isa.addresses(&words);
    for l in labels.iter_mut() {
        l.1 = addrs[l.1 as usize];
    }
    let label_values: HashMap<&str, u64> =
        labels.iter().map(|(n, a, _)| (n.as_str(), *a)).collect();
    let mut lines = Vec::with_capacity(parsed.len());
    for (i, p) in parsed.iter().enumerate() {
        let Some(p) = p else { continue };
        if let Some(inst) = ctx.build(p, &label_values, &mut diags) {
            lines.push(AsmLine {
                inst,
                addr: addrs[i],
                span: p.span,
                line: ctx.line_of(p.span.start),
            });
        }
    }
    if diags.iter().any(Diagnostic::is_error) {
        diags.extend(warnings);
        diags.sort_by_key(|d| (d.span.start, d.span.end));
        return Err(diags);
    }
    warnings.extend(diags);
    warnings.sort_by_key(|d| (d.span.start, d.span.end));
    Ok(Program {
        lines,
        setup,
        labels: labels.into_iter().map(|(n, a, _)| (n, a)).collect(),
        warnings,
    })
}

/// Assembles exactly one instruction statement (no labels, no directives;
/// a trailing `;` is optional). Used by the bitfield view and by tests.
pub fn assemble_line(isa: &Isa, text: &str) -> Result<Inst, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let toks = lexer::lex_with(text, isa.dialect.syntax == Syntax::Amdgpu, &mut diags);
    let ctx = Ctx::new(isa, text);
    let stmts: Vec<&[Token]> = statements(&toks).collect();
    if stmts.is_empty() {
        diags.push(Diagnostic::error(
            Span::new(text.len(), text.len()),
            "expected an instruction",
        ));
        return Err(diags);
    }
    if let Some(extra) = stmts.get(1) {
        let span = extra[0].span.to(extra[extra.len() - 1].span);
        diags.push(Diagnostic::error(span, "expected only one instruction"));
    }
    let mut p = Parser::new(&ctx, stmts[0]);
    let first = stmts[0][0];
    let parsed = match (first.kind, p.peek_at(1).map(|t| t.kind)) {
        (Tok::Directive, _) => {
            p.diags.push(Diagnostic::error(
                first.span,
                "directives are not allowed here; expected an instruction",
            ));
            None
        }
        (Tok::Ident, Some(Tok::P(Punct::Colon))) => {
            p.diags.push(Diagnostic::error(
                first.span,
                "labels are not allowed here; expected an instruction",
            ));
            None
        }
        _ => p.instruction(),
    };
    diags.append(&mut p.diags);
    let inst = parsed.and_then(|pi| ctx.build(&pi, &HashMap::new(), &mut diags));
    match inst {
        Some(i) if !diags.iter().any(Diagnostic::is_error) => Ok(i),
        _ => Err(diags),
    }
}

/// Splits tokens into statements at `;` and line ends, dropping empty ones.
fn statements(toks: &[Token]) -> impl Iterator<Item = &[Token]> {
    toks.split(|t| matches!(t.kind, Tok::Semi | Tok::Newline))
        .filter(|s| !s.is_empty())
}

// ---------------------------------------------------------------------------
// Context shared by all statements.

struct Ctx<'a> {
    isa: &'a Isa,
    src: &'a str,
    layouts: Arc<Layouts>,
    mnemonics: HashMap<String, usize>,
    line_starts: Vec<usize>,
    /// Symbols `name = value` defined so far (AMDGPU syntax).
    syms: std::cell::RefCell<expr::Symbols>,
}

impl<'a> Ctx<'a> {
    fn new(isa: &'a Isa, src: &'a str) -> Ctx<'a> {
        let mut line_starts = vec![0];
        line_starts.extend(src.match_indices('\n').map(|(i, _)| i + 1));
        Ctx {
            isa,
            src,
            layouts: crate::codec::layouts(isa),
            mnemonics: isa
                .optypes
                .iter()
                .enumerate()
                .map(|(i, o)| (o.name.to_ascii_uppercase(), i))
                .collect(),
            line_starts,
            syms: std::cell::RefCell::new(expr::Symbols::new()),
        }
    }

    fn text(&self, span: Span) -> &'a str {
        self.src.get(span.start..span.end).unwrap_or("")
    }

    /// Classifies a name as a register of this dialect.
    fn reg(&self, text: &str) -> RegName {
        reg::parse(text, classes(self.isa.dialect.syntax))
    }

    fn amdgpu(&self) -> bool {
        self.isa.dialect.syntax == Syntax::Amdgpu
    }

    /// 1-based line of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= offset)
    }
}

// ---------------------------------------------------------------------------
// Syntax of one statement.

/// An instruction statement, parsed but not yet matched to an opcode.
#[derive(Debug)]
struct ParsedInst {
    span: Span,
    guard: Option<(bool, Span)>,
    mnemonic: Span,
    mods: Vec<Span>,
    operands: Vec<Operand>,
    controls: Vec<Control>,
}

#[derive(Debug)]
struct Operand {
    prefix: Option<(Prefix, Span)>,
    form: Form,
    span: Span,
}

#[derive(Debug)]
enum Form {
    /// Register, enum value name, `True`/`False` or label.
    Ident,
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
    HwReg(Vec<HwArg>),
}

/// One argument of `hwreg(...)`.
#[derive(Debug)]
enum HwArg {
    /// A register name (`HW_REG_MODE`).
    Name(Span),
    /// A number or absolute expression.
    Num(u32, Span),
}

#[derive(Debug)]
struct Control {
    name: Span,
    value: Operand,
    span: Span,
}

struct Parser<'c, 't> {
    ctx: &'c Ctx<'c>,
    toks: &'t [Token],
    pos: usize,
    diags: Vec<Diagnostic>,
}

impl<'c, 't> Parser<'c, 't> {
    fn new(ctx: &'c Ctx<'c>, toks: &'t [Token]) -> Parser<'c, 't> {
        Parser {
            ctx,
            toks,
            pos: 0,
            diags: Vec::new(),
        }
    }

    fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    fn peek_at(&self, k: usize) -> Option<Token> {
        self.toks.get(self.pos + k).copied()
    }

    fn eat(&mut self, p: Punct) -> Option<Span> {
        match self.peek() {
            Some(t) if t.kind == Tok::P(p) => {
                self.pos += 1;
                Some(t.span)
            }
            _ => None,
        }
    }

    /// The current token's span, or an empty span after the last token.
    fn here(&self) -> Span {
        match self.peek() {
            Some(t) => t.span,
            None => {
                let end = self.toks.last().map_or(0, |t| t.span.end);
                Span::new(end, end)
            }
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(t) if t.kind == Tok::Error => "an invalid token".into(),
            Some(t) => format!("`{}`", self.ctx.text(t.span)),
            None => "the end of the statement".into(),
        }
    }

    /// Reports `msg` at the current token unless that token was already
    /// reported by the lexer.
    fn error_here(&mut self, msg: impl Into<String>) {
        if self.peek().is_some_and(|t| t.kind == Tok::Error) {
            return;
        }
        let span = self.here();
        self.diags.push(Diagnostic::error(span, msg));
    }

    /// True when the identifier at `span` starts with a known mnemonic.
    fn is_mnemonic(&self, span: Span) -> bool {
        let text = self.ctx.text(span);
        let head = text.split('.').next().unwrap_or(text);
        self.ctx.mnemonics.contains_key(&head.to_ascii_uppercase())
    }

    fn instruction(&mut self) -> Option<ParsedInst> {
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
                    let msg = format!("expected a predicate after `@`, found {}", self.found());
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
                let msg = if guard.is_some() {
                    format!(
                        "expected a mnemonic after the guard, found {}",
                        self.found()
                    )
                } else {
                    format!("expected an instruction, found {}", self.found())
                };
                self.error_here(msg);
                return None;
            }
        };
        // Split `SHFL.BFLY` into the mnemonic and modifier spans.
        let text = self.ctx.text(mnemonic_tok.span);
        let base = mnemonic_tok.span.start;
        let mut parts = Vec::new();
        let mut off = 0;
        for part in text.split('.') {
            parts.push(Span::new(base + off, base + off + part.len()));
            off += part.len() + 1;
        }
        let mnemonic = parts[0];
        let mods = parts[1..].to_vec();
        let mut ok = true;
        for m in &mods {
            if m.is_empty() {
                self.diags.push(
                    Diagnostic::error(Span::new(m.start - 1, m.start), "empty modifier after `.`")
                        .with_help("write a modifier name after the dot, or remove the dot"),
                );
                ok = false;
            }
        }
        let mut operands = Vec::new();
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
        let mut controls = Vec::new();
        while let Some(dollar) = self.eat(Punct::Dollar) {
            let name = match self.peek() {
                Some(t) if t.kind == Tok::Ident => {
                    self.pos += 1;
                    t.span
                }
                _ => {
                    let msg = format!("expected a control name after `$`, found {}", self.found());
                    self.error_here(msg);
                    return None;
                }
            };
            if self.eat(Punct::Assign).is_none() {
                let msg = format!(
                    "expected `=` after `${}`, found {}",
                    self.ctx.text(name),
                    self.found()
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
                    "operands are separated by `,`"
                } else {
                    "operands are separated by `,`; controls are written `$name=value`"
                };
                self.diags.push(
                    Diagnostic::error(t.span, format!("unexpected `{}`", self.ctx.text(t.span)))
                        .with_help(help),
                );
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
            mods,
            operands,
            controls,
        })
    }

    fn number(&mut self, neg: Option<Span>) -> Option<(Form, Span)> {
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

    fn operand(&mut self) -> Option<Operand> {
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
            let msg = format!("expected a number after `-`, found {}", self.found());
            self.error_here(msg);
            return None;
        }
        let Some(t) = self.peek() else {
            self.error_here("expected an operand");
            return None;
        };
        if t.kind != Tok::Ident {
            let msg = format!("expected an operand, found {}", self.found());
            self.error_here(msg);
            return None;
        }
        self.pos += 1;
        if self.eat(Punct::LBracket).is_none() {
            return Some(Operand {
                prefix,
                form: Form::Ident,
                span: start.to(t.span),
            });
        }
        let is_const = self.ctx.text(t.span).eq_ignore_ascii_case("c");
        let first = self.bracket_int()?;
        if is_const {
            self.expect(Punct::RBracket, "to close the constant bank")?;
            self.expect(Punct::LBracket, "before the constant offset")?;
            let second = self.bracket_int()?;
            let end = self.expect(Punct::RBracket, "to close the constant offset")?;
            Some(Operand {
                prefix,
                form: Form::CMem(first, second),
                span: start.to(end),
            })
        } else {
            self.expect(Punct::Colon, "between the registers of a pair")?;
            let second = self.bracket_int()?;
            let end = self.expect(Punct::RBracket, "to close the register pair")?;
            Some(Operand {
                prefix,
                form: Form::Pair(t.span, first.0, second.0),
                span: start.to(end),
            })
        }
    }

    /// An operand in AMDGPU syntax: `hwreg(...)`, a register or name, or
    /// an absolute expression (numbers, operators, symbols).
    fn amdgpu_operand(&mut self) -> Option<Operand> {
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
                        form: Form::Ident,
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
    fn abs_expr(&mut self) -> Option<(u32, Span)> {
        let mut pos = self.pos;
        let syms = self.ctx.syms.borrow().clone();
        let e = expr::parse_with(
            self.ctx.src,
            self.toks,
            &mut pos,
            &mut self.diags,
            Some(&syms),
        )?;
        self.pos = pos;
        if let Some(l) = e.lane_use() {
            self.diags.push(
                Diagnostic::error(l, "`lane` cannot be used in an instruction operand")
                    .with_help("operands are absolute expressions: numbers and symbols"),
            );
            return None;
        }
        match e.eval(0) {
            Ok(v) => Some((v, e.span)),
            Err(d) => {
                self.diags.push(d);
                None
            }
        }
    }

    /// `hwreg(` args `)`, the name at the current token.
    fn hwreg_operand(&mut self) -> Option<Operand> {
        let start = self.here();
        self.pos += 2;
        let mut args = Vec::new();
        loop {
            match self.peek() {
                Some(t)
                    if t.kind == Tok::Ident
                        && !self.ctx.syms.borrow().contains_key(self.ctx.text(t.span))
                        && self.peek_at(1).map(|n| n.kind) != Some(Tok::P(Punct::LParen)) =>
                {
                    self.pos += 1;
                    args.push(HwArg::Name(t.span));
                }
                _ => {
                    let (v, span) = self.abs_expr()?;
                    args.push(HwArg::Num(v, span));
                }
            }
            if self.eat(Punct::Comma).is_some() {
                continue;
            }
            let end = self.expect(Punct::RParen, "to close `hwreg(`")?;
            return Some(Operand {
                prefix: None,
                form: Form::HwReg(args),
                span: start.to(end),
            });
        }
    }

    /// `name = expression` (AMDGPU syntax): defines a symbol for the
    /// expressions that follow.
    fn symbol(&mut self) {
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
        if let Some(extra) = self.peek() {
            if extra.kind != Tok::Error {
                self.diags.push(Diagnostic::error(
                    extra.span,
                    format!(
                        "unexpected `{}` after the expression",
                        self.ctx.text(extra.span)
                    ),
                ));
            }
            return;
        }
        self.ctx.syms.borrow_mut().insert(name, v);
    }

    fn bracket_int(&mut self) -> Option<(u128, Span)> {
        match self.peek() {
            Some(Token {
                kind: Tok::Int(v),
                span,
            }) => {
                self.pos += 1;
                Some((v, span))
            }
            _ => {
                let msg = format!("expected a number, found {}", self.found());
                self.error_here(msg);
                None
            }
        }
    }

    fn expect(&mut self, p: Punct, why: &str) -> Option<Span> {
        if let Some(s) = self.eat(p) {
            return Some(s);
        }
        let msg = format!("expected `{}` {why}, found {}", p.text(), self.found());
        self.error_here(msg);
        None
    }

    // -- directives --------------------------------------------------------

    fn directive(
        &mut self,
        setup: &mut Setup,
        init_spans: &mut HashMap<RegRef, Span>,
        warnings: &mut Vec<Diagnostic>,
    ) {
        let Some(d) = self.peek() else { return };
        self.pos += 1;
        let name = self.ctx.text(d.span);
        let whole = d.span.to(self.toks.last().map_or(d.span, |t| t.span));
        if name.eq_ignore_ascii_case(".active") {
            let Some(e) = self.expr_to_end() else { return };
            if let Some(l) = e.lane_use() {
                self.diags.push(
                    Diagnostic::error(l, "`lane` cannot be used in `.active`")
                        .with_help("`.active` takes one 32-bit mask: bit l set = lane l active"),
                );
                return;
            }
            match e.eval(0) {
                Ok(v) => {
                    if let Some(prev) = setup.active_span {
                        warnings.push(
                            Diagnostic::warning(whole, "`.active` is given twice; this one wins")
                                .with_help(format!(
                                    "the other one is on line {}",
                                    self.ctx.line_of(prev.start)
                                )),
                        );
                    }
                    if v == 0 {
                        warnings.push(Diagnostic::warning(
                            e.span,
                            "no lane is active: the program does nothing",
                        ));
                    }
                    setup.active = v;
                    setup.active_span = Some(whole);
                }
                Err(d) => self.diags.push(d),
            }
        } else if name.eq_ignore_ascii_case(".init") {
            self.init(whole, setup, init_spans, warnings);
        } else {
            self.diags.push(
                Diagnostic::error(d.span, format!("unknown directive `{name}`"))
                    .with_help("the directives are `.active MASK` and `.init REG = VALUE`"),
            );
        }
    }

    /// Parses an expression that must run to the end of the statement.
    fn expr_to_end(&mut self) -> Option<expr::Expr> {
        let mut pos = self.pos;
        let e = expr::parse(self.ctx.src, self.toks, &mut pos, &mut self.diags)?;
        self.pos = pos;
        if let Some(t) = self.peek() {
            if t.kind != Tok::Error {
                self.diags.push(Diagnostic::error(
                    t.span,
                    format!(
                        "unexpected `{}` after the expression",
                        self.ctx.text(t.span)
                    ),
                ));
            }
            return None;
        }
        Some(e)
    }

    fn init(
        &mut self,
        whole: Span,
        setup: &mut Setup,
        init_spans: &mut HashMap<RegRef, Span>,
        warnings: &mut Vec<Diagnostic>,
    ) {
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
                    return;
                }
                let n = n as u8;
                match class {
                    RegClass::R => RegRef::R(n),
                    RegClass::UR => RegRef::UR(n),
                    RegClass::P => RegRef::P(n),
                    RegClass::UP => RegRef::UP(n),
                    RegClass::S => RegRef::S(n),
                }
            }
            RegName::Bad(_, msg, help) => {
                self.diags
                    .push(Diagnostic::error(t.span, msg).with_help(help));
                return;
            }
            RegName::NotReg => match (
                self.ctx.isa.dialect.machine,
                reg_text.to_ascii_uppercase().as_str(),
            ) {
                (Machine::Maxwell, "CC") => RegRef::CC,
                (Machine::Maxwell, "PR") => RegRef::PR,
                (Machine::ScalarWave, _) if layout::hwreg_id(self.ctx.isa, reg_text).is_some() => {
                    RegRef::HwReg(layout::hwreg_id(self.ctx.isa, reg_text).unwrap_or(0) as u8)
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
                    return;
                }
            },
        };
        if self.ctx.isa.dialect.machine == Machine::Maxwell
            && matches!(target, RegRef::UR(_) | RegRef::UP(_))
        {
            self.diags.push(
                Diagnostic::error(
                    t.span,
                    format!("{} has no uniform registers", self.ctx.isa.name),
                )
                .with_help(format!("`.init` takes {}", maxwell_init_regs())),
            );
            return;
        }
        if self.eat(Punct::Assign).is_none() {
            let msg = format!("expected `=` after `{reg_text}`, found {}", self.found());
            self.error_here(msg);
            return;
        }
        let per_lane = matches!(
            target,
            RegRef::R(_) | RegRef::P(_) | RegRef::CC | RegRef::PR
        );
        let value = if let Some(open) = self.eat(Punct::LBrace) {
            if !per_lane {
                self.diags.push(
                    Diagnostic::error(
                        open,
                        format!("{target} holds one value for the whole warp, not a list"),
                    )
                    .with_help("write a single expression"),
                );
                return;
            }
            let Some(values) = self.lane_list(open) else {
                return;
            };
            match target {
                RegRef::P(_) => InitValue::Mask(
                    values
                        .iter()
                        .enumerate()
                        .fold(0, |m, (l, &v)| m | (u32::from(v != 0) << l)),
                ),
                _ => InitValue::Lanes(values),
            }
        } else {
            let Some(e) = self.expr_to_end() else { return };
            if !per_lane {
                if let Some(l) = e.lane_use() {
                    self.diags.push(
                        Diagnostic::error(l, format!("`lane` cannot be used for {target}"))
                            .with_help("a uniform register holds one value for the whole warp"),
                    );
                    return;
                }
            }
            let mut lanes = [0u32; 32];
            let count = if per_lane { 32 } else { 1 };
            for (l, slot) in lanes.iter_mut().enumerate().take(count) {
                match e.eval(l as u32) {
                    Ok(v) => *slot = v,
                    Err(d) => {
                        self.diags.push(d);
                        return;
                    }
                }
            }
            match target {
                RegRef::R(_) => InitValue::Lanes(lanes),
                RegRef::P(_) => InitValue::Mask(
                    lanes
                        .iter()
                        .enumerate()
                        .fold(0, |m, (l, &v)| m | (u32::from(v != 0) << l)),
                ),
                RegRef::UR(_) | RegRef::S(_) | RegRef::HwReg(_) => InitValue::Scalar(lanes[0]),
                RegRef::UP(_) => InitValue::Bool(lanes[0] != 0),
                RegRef::CC | RegRef::PR => InitValue::Lanes(lanes),
            }
        };
        if let (RegRef::CC | RegRef::PR, InitValue::Lanes(v)) = (target, &value) {
            // PR holds one bit per numbered predicate.
            let last_pred = RegClass::P.last();
            let max = if target == RegRef::CC {
                0xf
            } else {
                (1u32 << (last_pred + 1)) - 1
            };
            if let Some(l) = v.iter().position(|&x| x > max) {
                let what = if target == RegRef::CC {
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
                return;
            }
        }
        if let Some(prev) = init_spans.insert(target, whole) {
            warnings.push(
                Diagnostic::warning(
                    whole,
                    format!("{target} is initialised twice; this value wins"),
                )
                .with_help(format!(
                    "the other `.init {target}` is on line {}",
                    self.ctx.line_of(prev.start)
                )),
            );
            setup.inits.retain(|i| i.target != target);
        }
        setup.inits.push(Init {
            target,
            value,
            span: whole,
        });
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
            if let Some(l) = e.lane_use() {
                self.diags.push(
                    Diagnostic::error(l, "`lane` cannot be used inside a lane list")
                        .with_help("the list gives each lane's value directly"),
                );
                return None;
            }
            match e.eval(0) {
                Ok(v) => values.push(v),
                Err(d) => {
                    self.diags.push(d);
                    return None;
                }
            }
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

// ---------------------------------------------------------------------------
// Register names.

/// The registers `.init` takes on Maxwell.
fn maxwell_init_regs() -> String {
    format!("{}, {}, PR or CC", RegClass::R.range(), RegClass::P.range())
}

/// The register classes of a syntax, longest prefix first.
fn classes(syntax: Syntax) -> &'static [RegClass] {
    match syntax {
        Syntax::Sass => RegClass::SASS,
        Syntax::Amdgpu => RegClass::AMDGPU,
    }
}

// ---------------------------------------------------------------------------
// Matching a parsed instruction to an opcode and building the Inst.

/// How a written operand relates to a field type.
fn fits(ctx: &Ctx, o: &Operand, f: &Field) -> bool {
    let TypeRef::Builtin(b) = f.ty else {
        let TypeRef::Enum(_) = f.ty else { return false };
        return matches!(o.form, Form::Ident)
            && layout::value_of_name(ctx.isa, f.ty, ctx.text(ident_span(o))).is_some();
    };
    match &o.form {
        Form::Ident => {
            let text = ctx.text(ident_span(o));
            match ctx.reg(text) {
                RegName::Reg(c, _) => c.builtin() == b,
                RegName::Bad(c, ..) => c.builtin() == b,
                RegName::NotReg => match b {
                    Builtin::UImm(_) | Builtin::SImm(_) => true,
                    Builtin::PModi | Builtin::SignModi => operand::value_of(b, text).is_some(),
                    _ => false,
                },
            }
        }
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

/// The identifier part of an operand (after any `!`/`~` prefix).
fn ident_span(o: &Operand) -> Span {
    match o.prefix {
        Some((_, p)) => Span::new(p.end, o.span.end),
        None => o.span,
    }
}

fn describe_type(isa: &Isa, f: &Field) -> String {
    match f.ty {
        TypeRef::Enum(t) => match isa.types.get(t) {
            Some(et) => {
                let names: Vec<&str> = et.values.iter().take(4).map(|v| v.name.as_str()).collect();
                let more = if et.values.len() > 4 { ", ..." } else { "" };
                format!("a {} name ({}{more})", et.name, names.join(", "))
            }
            None => "a name".into(),
        },
        TypeRef::Builtin(b) => match b {
            Builtin::Reg | Builtin::UReg | Builtin::Pred | Builtin::UPred | Builtin::SGpr => {
                RegClass::of(b).map_or_else(String::new, |c| {
                    format!("a {} ({})", c.describe(), c.names())
                })
            }
            Builtin::PModi | Builtin::SignModi => "`True` or `False`".into(),
            Builtin::UImm(n) => format!("an unsigned {n}-bit immediate"),
            Builtin::SImm(n) => format!("a signed {n}-bit immediate"),
            Builtin::F32Imm => "a float immediate".into(),
            Builtin::CMem | Builtin::CBank => "a constant `c[bank][offset]`".into(),
            Builtin::HwReg => format!(
                "a hardware register `hwreg(...)` or a {}-bit value",
                hwreg::WIDTH
            ),
        },
    }
}

fn describe_operand(ctx: &Ctx, o: &Operand) -> String {
    let text = ctx.text(o.span);
    match &o.form {
        Form::Ident => match ctx.reg(ctx.text(ident_span(o))) {
            RegName::Reg(c, _) => format!("{} `{text}`", c.describe()),
            _ => format!("the name `{text}`"),
        },
        Form::Pair(..) => format!("the register pair `{text}`"),
        Form::Int(..) => format!("the immediate `{text}`"),
        Form::Float(..) | Form::FloatBits(..) => format!("the float `{text}`"),
        Form::CMem(..) => format!("the constant `{text}`"),
        Form::HwReg(..) => format!("the hardware register `{text}`"),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Edit distance (insertions, deletions, substitutions and swaps of two
/// neighbouring characters), case-insensitive.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<u8> = a.bytes().map(|c| c.to_ascii_uppercase()).collect();
    let b: Vec<u8> = b.bytes().map(|c| c.to_ascii_uppercase()).collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            d[i * w + j] = if i == 0 {
                j
            } else if j == 0 {
                i
            } else {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (d[(i - 1) * w + j - 1] + cost)
                    .min(d[(i - 1) * w + j] + 1)
                    .min(d[i * w + j - 1] + 1);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(d[(i - 2) * w + j - 2] + 1);
                }
                best
            };
        }
    }
    d[a.len() * w + b.len()]
}

/// Up to three names close to `word` (by edit distance or prefix).
fn suggest<'n>(word: &str, names: impl Iterator<Item = &'n str>) -> Vec<String> {
    let upper = word.to_ascii_uppercase();
    let limit = (word.len() / 3).max(1);
    let mut scored: Vec<(usize, &str)> = names
        .filter_map(|n| {
            let d = distance(word, n);
            let nu = n.to_ascii_uppercase();
            let prefix = upper.len() >= 2 && (nu.starts_with(&upper) || upper.starts_with(&nu));
            (d <= limit || prefix).then_some((if prefix { d.min(limit) } else { d }, n))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(3)
        .map(|(_, n)| format!("`{n}`"))
        .collect()
}

impl Ctx<'_> {
    /// Matches a parsed instruction to an opcode and computes its field
    /// values; reports every problem into `diags`.
    fn build(
        &self,
        p: &ParsedInst,
        labels: &HashMap<&str, u64>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Inst> {
        let isa = self.isa;
        let mn_text = self.text(p.mnemonic);
        let Some(&ot_idx) = self.mnemonics.get(&mn_text.to_ascii_uppercase()) else {
            let mut d = Diagnostic::error(p.mnemonic, format!("unknown mnemonic `{mn_text}`"));
            let close = suggest(mn_text, isa.optypes.iter().map(|o| o.name.as_str()));
            if !close.is_empty() {
                d = d.with_help(format!("did you mean {}?", one_of(&close)));
            }
            diags.push(d);
            return None;
        };
        let ot = &isa.optypes[ot_idx];
        let n = p.operands.len();
        // Candidates by operand count.
        let counts: Vec<(usize, usize, usize)> = ot
            .opcodes
            .iter()
            .map(|&oi| {
                let l = &self.layouts[oi];
                let op = &isa.opcodes[oi];
                let max = l.operands.len();
                let optional = l
                    .operands
                    .iter()
                    .rev()
                    .take_while(|s| op.fields[s.field].default.is_some())
                    .count();
                (oi, max - optional, max)
            })
            .collect();
        let by_count: Vec<usize> = counts
            .iter()
            .filter(|(_, lo, hi)| (*lo..=*hi).contains(&n))
            .map(|(oi, _, _)| *oi)
            .collect();
        if by_count.is_empty() {
            diags.push(self.count_error(p, ot.name.as_str(), &counts));
            return None;
        }
        // Candidates by operand kinds.
        let by_kind: Vec<usize> = by_count
            .iter()
            .copied()
            .filter(|&oi| {
                let op = &isa.opcodes[oi];
                p.operands
                    .iter()
                    .zip(&self.layouts[oi].operands)
                    .all(|(o, s)| fits(self, o, &op.fields[s.field]))
            })
            .collect();
        if by_kind.is_empty() {
            diags.push(self.kind_error(p, &by_count));
            return None;
        }
        // The first candidate whose modifiers resolve; else report the first.
        let mut first_err = None;
        for &oi in &by_kind {
            match self.resolve_modifiers(p, oi) {
                Ok(mods) => return self.fill(p, oi, &mods, labels, diags),
                Err(e) => {
                    if first_err.is_none() {
                        first_err = Some(e);
                    }
                }
            }
        }
        diags.extend(first_err.unwrap_or_default());
        None
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
        let list: Vec<String> = allowed.iter().map(|c| c.to_string()).collect();
        let takes = one_of(&list);
        let plural = if allowed == [1] { "" } else { "s" };
        let max = allowed.iter().copied().max().unwrap_or(0);
        let span = if n > max {
            p.operands[max].span.to(p.operands[n - 1].span)
        } else if let Some(last) = p.operands.last() {
            Span::new(last.span.end, last.span.end)
        } else {
            p.mnemonic.to(*p.mods.last().unwrap_or(&p.mnemonic))
        };
        let mut d = Diagnostic::error(
            span,
            format!("{mnemonic} takes {takes} operand{plural}, found {n}"),
        );
        if let Some(syntax) = self.syntax_line(mnemonic) {
            d = d.with_help(format!("the syntax is `{syntax}`"));
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
        let prefix_len = |oi: usize| {
            let op = &isa.opcodes[oi];
            p.operands
                .iter()
                .zip(&self.layouts[oi].operands)
                .take_while(|(o, s)| fits(self, o, &op.fields[s.field]))
                .count()
        };
        let best = candidates
            .iter()
            .map(|&oi| prefix_len(oi))
            .max()
            .unwrap_or(0);
        let at = best.min(p.operands.len().saturating_sub(1));
        let o = &p.operands[at];
        let mut expected: Vec<String> = Vec::new();
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
            let d = describe_type(isa, f);
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
        if let (Some(f), Form::Ident) = (enum_field, &o.form) {
            if let TypeRef::Enum(t) = f.ty {
                if let Some(et) = isa.types.get(t) {
                    let word = self.text(o.span);
                    let mut d = Diagnostic::error(
                        o.span,
                        format!(
                            "`{word}` is not a {} value (operand {ordinal} of {mnemonic})",
                            et.name
                        ),
                    );
                    let close = suggest(word, et.values.iter().map(|v| v.name.as_str()));
                    if !close.is_empty() {
                        d = d.with_help(format!("did you mean {}?", one_of(&close)));
                    } else {
                        d = d.with_help(format!("expected {}", one_of(&expected)));
                    }
                    return d;
                }
            }
        }
        Diagnostic::error(
            o.span,
            format!(
                "operand {ordinal} of {mnemonic} ({}) must be {}, found {}",
                field_names.join("/"),
                one_of(&expected),
                describe_operand(self, o)
            ),
        )
    }

    /// Assigns written modifiers to the opcode's modifier fields.
    fn resolve_modifiers(
        &self,
        p: &ParsedInst,
        oi: usize,
    ) -> Result<Vec<(usize, u64)>, Vec<Diagnostic>> {
        let isa = self.isa;
        let op = &isa.opcodes[oi];
        let slots = &self.layouts[oi].modifiers;
        let mut assigned: Vec<Option<(u64, Span)>> = vec![None; slots.len()];
        let mut errs = Vec::new();
        let mut next = 0;
        let mnemonic = self.text(p.mnemonic).to_ascii_uppercase();
        let value_in = |k: usize, name: &str| -> Option<u64> {
            layout::value_of_name(isa, op.fields[slots[k]].ty, name)
        };
        for &m in &p.mods {
            let name = self.text(m);
            let dot = Span::new(m.start.saturating_sub(1), m.end);
            if let Some(k) = (next..slots.len()).find(|&k| value_in(k, name).is_some()) {
                assigned[k] = value_in(k, name).map(|v| (v, dot));
                next = k + 1;
                continue;
            }
            if let Some(k) = (0..next).find(|&k| value_in(k, name).is_some()) {
                let field = &op.fields[slots[k]].name;
                let msg = if assigned[k].is_some() {
                    format!("`.{field}` of {mnemonic} is given twice")
                } else {
                    format!("modifier `.{}` is out of order", name.to_ascii_uppercase())
                };
                errs.push(
                    Diagnostic::error(dot, msg).with_help(self.modifier_help(&mnemonic, op, slots)),
                );
                continue;
            }
            let mut d =
                Diagnostic::error(dot, format!("unknown modifier `.{name}` for {mnemonic}"));
            d = d.with_help(if slots.is_empty() {
                format!("{mnemonic} takes no modifiers")
            } else {
                self.modifier_help(&mnemonic, op, slots)
            });
            errs.push(d);
        }
        if errs.is_empty() {
            for (k, a) in assigned.iter().enumerate() {
                let f = &op.fields[slots[k]];
                if a.is_none() && f.default.is_none() {
                    let span = p.mnemonic.to(*p.mods.last().unwrap_or(&p.mnemonic));
                    errs.push(
                        Diagnostic::error(
                            span,
                            format!("{mnemonic} needs a `.{}` modifier", f.name),
                        )
                        .with_help(self.modifier_help(&mnemonic, op, slots)),
                    );
                }
            }
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        Ok(slots
            .iter()
            .zip(assigned)
            .filter_map(|(&f, a)| a.map(|(v, _)| (f, v)))
            .collect())
    }

    fn modifier_help(&self, mnemonic: &str, op: &Opcode, slots: &[usize]) -> String {
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
                                " (default)"
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
        format!("write {form}: {}", lists.join("; "))
    }

    /// Computes all field values of opcode `oi` for the parsed statement.
    fn fill(
        &self,
        p: &ParsedInst,
        oi: usize,
        mods: &[(usize, u64)],
        labels: &HashMap<&str, u64>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Inst> {
        let isa = self.isa;
        let op = &isa.opcodes[oi];
        let layout = &self.layouts[oi];
        let mnemonic = self.text(p.mnemonic).to_ascii_uppercase();
        let before = diags.len();
        let mut values: Vec<u64> = op
            .fields
            .iter()
            .map(|f| f.fixed.or(f.default).unwrap_or(0))
            .collect();
        if let Some(g) = layout.guard {
            if op.fields[g].default.is_none() {
                values[g] = op.fields[g].zero_register().unwrap_or(reg::PT);
            }
        }
        // Guard.
        if let Some((neg, span)) = p.guard {
            match layout.guard {
                None => diags.push(Diagnostic::error(
                    span,
                    format!("{mnemonic} cannot be guarded by a predicate"),
                )),
                Some(g) => {
                    let f = &op.fields[g];
                    let text = self.text(span);
                    match self.reg(text) {
                        RegName::Reg(c, v) if c.builtin() == builtin_of(f) => values[g] = v,
                        RegName::Bad(_, msg, help) => {
                            diags.push(Diagnostic::error(span, msg).with_help(help))
                        }
                        _ => diags.push(Diagnostic::error(
                            span,
                            format!(
                                "the guard must be {}, found `{text}`",
                                describe_type(isa, f)
                            ),
                        )),
                    }
                    if neg {
                        match layout.guard_not {
                            Some(n) => values[n] = 1,
                            None => diags.push(Diagnostic::error(
                                Span::new(span.start.saturating_sub(1), span.end),
                                format!("the guard of {mnemonic} cannot be negated"),
                            )),
                        }
                    }
                }
            }
        }
        for &(f, v) in mods {
            values[f] = v;
        }
        // Operands.
        let mut pairs: Vec<(usize, &Operand)> = Vec::new();
        for (o, slot) in p.operands.iter().zip(&layout.operands) {
            let f = &op.fields[slot.field];
            if let Some((prefix, pspan)) = o.prefix {
                match slot.companion {
                    Some((want, c)) if want == prefix => values[c] = 1,
                    _ => diags.push(
                        Diagnostic::error(
                            pspan,
                            format!(
                                "`{}` cannot be applied to operand `{}`",
                                prefix.symbol(),
                                f.name
                            ),
                        )
                        .with_help(match prefix {
                            Prefix::Not => "only predicate operands with a `.not` field take `!`",
                            Prefix::BitNot => {
                                "only register operands with a `.bitnot` field take `~`"
                            }
                        }),
                    ),
                }
            }
            if let Some(v) = self.operand_value(o, f, labels, diags) {
                values[slot.field] = v;
            }
            if matches!(f.ty, TypeRef::Builtin(Builtin::Reg | Builtin::UReg)) {
                pairs.push((slot.field, o));
            }
        }
        // Register pairs, now that the modifiers are known.
        for (fi, o) in pairs {
            let f = &op.fields[fi];
            let wide = layout::bitwidth(isa, op, &values, &f.name) == Some(64);
            let class = f.reg_class().unwrap_or(RegClass::UR);
            let prefix = class.prefix();
            match (&o.form, wide) {
                (Form::Pair(..), false) => diags.push(
                    Diagnostic::error(
                        o.span,
                        format!(
                            "operand `{}` is 32 bits wide here, not a register pair",
                            f.name
                        ),
                    )
                    .with_help(format!("write a single register such as `{prefix}2`")),
                ),
                (Form::Ident, true) => {
                    let v = values[fi];
                    if Some(v) != class.zero() && v % 2 == 1 {
                        diags.push(
                            Diagnostic::error(
                                o.span,
                                format!("operand `{}` is a 64-bit register pair and must start at an even register", f.name),
                            )
                            .with_help(format!(
                                "write `{prefix}[{}:{}]` or `{prefix}[{}:{}]`",
                                v - 1,
                                v,
                                v + 1,
                                v + 2
                            )),
                        );
                    }
                }
                _ => {}
            }
        }
        // Controls.
        let mut seen: Vec<(usize, Span)> = Vec::new();
        for c in &p.controls {
            let name = self.text(c.name);
            let Some(&fi) = layout
                .controls
                .iter()
                .find(|&&i| op.fields[i].name.eq_ignore_ascii_case(name))
            else {
                let names: Vec<String> = layout
                    .controls
                    .iter()
                    .map(|&i| format!("${}", op.fields[i].name))
                    .collect();
                diags.push(
                    Diagnostic::error(c.name, format!("unknown control `${name}`")).with_help(
                        if names.is_empty() {
                            format!("{mnemonic} has no controls")
                        } else {
                            format!("the controls are {}", names.join(" "))
                        },
                    ),
                );
                continue;
            };
            if let Some((_, prev)) = seen.iter().find(|(i, _)| *i == fi) {
                diags.push(
                    Diagnostic::error(c.span, format!("`${name}` is given twice")).with_help(
                        format!(
                            "the first is at column {}",
                            crate::diag::line_col(self.src, prev.start).col
                        ),
                    ),
                );
                continue;
            }
            seen.push((fi, c.span));
            if let Some(v) = self.operand_value(&c.value, &op.fields[fi], labels, diags) {
                values[fi] = v;
            }
        }
        if diags.len() > before {
            return None;
        }
        Some(Inst { opcode: oi, values })
    }

    /// The value of one written operand for field `f`, or an error.
    fn operand_value(
        &self,
        o: &Operand,
        f: &Field,
        labels: &HashMap<&str, u64>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<u64> {
        let isa = self.isa;
        let span = o.span;
        let mut err = |d: Diagnostic| {
            diags.push(d);
            None
        };
        match (&o.form, f.ty) {
            (Form::Ident, TypeRef::Enum(_)) => {
                let text = self.text(ident_span(o));
                match layout::value_of_name(isa, f.ty, text) {
                    Some(v) => Some(v),
                    None => err(Diagnostic::error(
                        span,
                        format!("`{text}` is not {}", describe_type(isa, f)),
                    )),
                }
            }
            (Form::Ident, TypeRef::Builtin(b)) => {
                let ispan = ident_span(o);
                let text = self.text(ispan);
                match self.reg(text) {
                    RegName::Reg(c, v) if c.builtin() == b => Some(v),
                    RegName::Bad(_, msg, help) => {
                        err(Diagnostic::error(ispan, msg).with_help(help))
                    }
                    RegName::Reg(..) => err(Diagnostic::error(
                        span,
                        format!("`{}` must be {}", f.name, describe_type(isa, f)),
                    )),
                    RegName::NotReg => match b {
                        Builtin::UImm(_) | Builtin::SImm(_) => match labels.get(text) {
                            Some(&addr) => self.check_int(false, u128::from(addr), f, span, diags),
                            None => {
                                let mut d =
                                    Diagnostic::error(span, format!("undefined label `{text}`"));
                                let close = suggest(text, labels.keys().copied());
                                let named = isa.types.iter().find_map(|t| {
                                    t.values
                                        .iter()
                                        .find(|v| v.name.eq_ignore_ascii_case(text))
                                        .map(|v| (t.name.as_str(), v.value))
                                });
                                if !close.is_empty() {
                                    d = d.with_help(format!("did you mean {}?", one_of(&close)));
                                } else if let Some((ty, v)) = named {
                                    d = d.with_help(format!(
                                        "`{text}` is a {ty} value; here write its number, {v:#x}"
                                    ));
                                }
                                err(d)
                            }
                        },
                        Builtin::PModi | Builtin::SignModi => operand::value_of(b, text)
                            .or_else(|| err(Diagnostic::error(span, "expected `True` or `False`"))),
                        _ => err(Diagnostic::error(
                            span,
                            format!(
                                "`{}` must be {}, found `{text}`",
                                f.name,
                                describe_type(isa, f)
                            ),
                        )),
                    },
                }
            }
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
                    err(Diagnostic::error(
                        span,
                        format!("invalid register pair `{}`", self.text(span)),
                    )
                    .with_help(format!(
                        "a pair is an even register and the next one, e.g. `{prefix}[2:3]`, up to `{prefix}[{}:{}]`",
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
            (Form::Float(neg, text_span), _) => {
                let text = self.text(*text_span).replace('_', "");
                match text.parse::<f32>() {
                    Ok(x) if x.is_finite() => {
                        let x = if *neg { -x } else { x };
                        Some(u64::from(x.to_bits()))
                    }
                    _ => err(Diagnostic::error(
                        span,
                        format!("`{}` is out of range for a 32-bit float", self.text(span)),
                    )
                    .with_help("write infinities and NaNs as raw bits, e.g. `0f7f800000`")),
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
                    Err(d) => err(d),
                }
            }
            _ => err(Diagnostic::error(
                span,
                format!("`{}` must be {}", f.name, describe_type(isa, f)),
            )),
        }
    }

    /// The 16-bit encoding of `hwreg(id)` / `hwreg(id, offset, size)`.
    fn hwreg_value(&self, args: &[HwArg], span: Span, diags: &mut Vec<Diagnostic>) -> Option<u64> {
        let before = diags.len();
        if args.len() != 1 && args.len() != 3 {
            diags.push(
                Diagnostic::error(
                    span,
                    format!("`hwreg` takes 1 or 3 arguments, found {}", args.len()),
                )
                .with_help("write hwreg(id) or hwreg(id, offset, size)"),
            );
            return None;
        }
        let num = |a: &HwArg, what: &str, lo: u32, hi: u32, diags: &mut Vec<Diagnostic>| -> u32 {
            match a {
                HwArg::Num(v, _) if (lo..=hi).contains(v) => *v,
                HwArg::Num(v, s) => {
                    diags.push(
                        Diagnostic::error(*s, format!("invalid {what} {v}: it must be {lo}..{hi}"))
                            .with_help(format!("the {what} is {lo}..{hi}")),
                    );
                    0
                }
                HwArg::Name(s) => {
                    diags.push(Diagnostic::error(
                        *s,
                        format!("the {what} must be a number, found `{}`", self.text(*s)),
                    ));
                    0
                }
            }
        };
        let id = match &args[0] {
            HwArg::Name(s) => {
                let name = self.text(*s);
                match layout::hwreg_id(self.isa, name) {
                    Some(id) => id as u32,
                    None => {
                        let mut d =
                            Diagnostic::error(*s, format!("unknown hardware register `{name}`"));
                        if let Some(t) = self.isa.enum_type(layout::HWREG_TYPE) {
                            let close = suggest(name, t.values.iter().map(|v| v.name.as_str()));
                            d = d.with_help(if close.is_empty() {
                                format!(
                                    "write a register name such as HW_REG_MODE, or its id 0..{}",
                                    hwreg::LAST_ID
                                )
                            } else {
                                format!("did you mean {}?", one_of(&close))
                            });
                        }
                        diags.push(d);
                        0
                    }
                }
            }
            a => num(a, "register id", 0, hwreg::LAST_ID, diags),
        };
        let (off, size) = if args.len() == 3 {
            (
                num(&args[1], "bit offset", 0, hwreg::LAST_OFFSET, diags),
                num(&args[2], "bit field size", 1, hwreg::MAX_SIZE, diags),
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
                    diags.push(
                        Diagnostic::error(
                            span,
                            format!("`{text}` is out of range for `{}` (a signed {width}-bit immediate)", f.name),
                        )
                        .with_help(format!(
                            "the range is {min} ..= {max}; a bit pattern 0x0 ..= {bits:#x} is also accepted"
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
                let kind = match f.ty {
                    TypeRef::Builtin(Builtin::UImm(_)) => {
                        format!("an unsigned {width}-bit immediate")
                    }
                    _ => format!("a {width}-bit field"),
                };
                if neg && v != 0 {
                    diags.push(
                        Diagnostic::error(
                            span,
                            format!("`{text}` is negative, but `{}` is {kind}", f.name),
                        )
                        .with_help(format!("the range is 0 ..= {max} ({max:#x})")),
                    );
                    return None;
                }
                if v > max {
                    diags.push(
                        Diagnostic::error(
                            span,
                            format!("`{text}` is out of range for `{}` ({kind})", f.name),
                        )
                        .with_help(format!("the range is 0 ..= {max} ({max:#x})")),
                    );
                    return None;
                }
                Some(v as u64)
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
    let last = cmem::LAST_OFFSET;
    let align = u128::from(cmem::ALIGN);
    let problem = match form.check(bank, off) {
        Ok(v) => return Ok(v),
        Err(p) => p,
    };
    Err(match (problem, form) {
        (Problem::Bank, _) => {
            Diagnostic::error(bspan, format!("constant bank {bank:#x} is out of range"))
                .with_help(format!("banks are 0x0..{:#x}", form.last_bank()))
        }
        (_, cmem::Form::CBank) => Diagnostic::error(
            ospan,
            format!("constant offset {off:#x} is not a multiple of {align} in 0x0..{last:#x}"),
        )
        .with_help(format!(
            "offsets are byte addresses 0x0..{last:#x}, multiples of {align}"
        )),
        (Problem::OffsetRange, _) => {
            Diagnostic::error(ospan, format!("constant offset {off:#x} is out of range"))
                .with_help(format!("offsets are 0x0..{last:#x}"))
        }
        (Problem::Misaligned, _) => Diagnostic::error(
            ospan,
            format!("constant offset {off:#x} is not a multiple of {align}"),
        )
        .with_help(format!(
            "use {:#x} or {:#x}",
            off - off % align,
            off - off % align + align
        )),
    })
}

fn builtin_of(f: &Field) -> Builtin {
    match f.ty {
        TypeRef::Builtin(b) => b,
        TypeRef::Enum(_) => Builtin::UImm(f.width),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        let names = ["SHFL", "S2R", "S2UR", "SETREG", "MOV"];
        assert_eq!(suggest("SHFLL", names.iter().copied()), vec!["`SHFL`"]);
        assert_eq!(suggest("shfl", names.iter().copied())[0], "`SHFL`");
        assert!(suggest("XYZZY", names.iter().copied()).is_empty());
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(one_of(&["a".into(), "b".into(), "c".into()]), "a, b or c");
    }
}
