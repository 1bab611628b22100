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
//! # Stages
//!
//! [`assemble`] strings them together: the lexer splits the text into
//! tokens and statements; each statement is read as an instruction's
//! syntax (`parser`) or as a definition (`directives`: labels, symbols,
//! `.active`, `.init`); the instructions' sizes give the addresses and
//! the labels' values; then each instruction's opcode is selected and its
//! fields filled (`select`), every operand checked and packed (`values`),
//! and every failure explained (`suggest`).
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
//! assert!(errs[0].message().contains("out of range"));
//! ```

mod directives;
mod expr;
pub mod incremental;
/// Where the layout of an opcode now lives.
pub use crate::codec::layout;
mod lexer;
mod parser;
mod select;
mod suggest;
mod values;

use crate::codec::Layouts;
use crate::diag::{self, Diagnostic, Span};
use crate::inst::Inst;
use crate::loc::{Loc, Value};
use crate::operand::reg::{self, RegClass, RegName};
use crate::spec::model::{Isa, Syntax};
use directives::Definitions;
use lexer::{Punct, Tok, Token};
use parser::{ParsedInst, Parser};
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

impl AsmLine {
    /// The listing line of an instruction built from `p` on line `line`,
    /// with `addr` standing for the statement's number until the
    /// addresses are known.
    fn at(inst: Inst, p: &ParsedInst, line: usize, addr: u64) -> AsmLine {
        AsmLine {
            inst,
            addr,
            span: p.span,
            line,
        }
    }
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
    pub target: Loc,
    /// Its value.
    pub value: Value,
    /// The directive's text.
    pub span: Span,
}

/// Assembles a whole source text. On failure returns every error found
/// (and the warnings), in source order.
pub fn assemble(isa: &Isa, src: &str) -> Result<Program, Vec<Diagnostic>> {
    let Part {
        ctx,
        mut lines,
        later,
        mut words,
        mut defs,
        mut diags,
        ..
    } = Part::read(isa, src, 0..src.len(), None);
    words.push(1);
    let addrs = isa.addresses(&words);
    defs.place_labels(&addrs);
    let labels = defs.label_values();
    let mut failed = false;
    for (at, p) in later {
        match ctx.build(&p, &labels, &mut diags) {
            Some(inst) => lines[at].inst = inst,
            // Line 0, which no statement has, marks it for removal.
            None => (lines[at].line, failed) = (0, true),
        }
    }
    if failed {
        lines.retain(|l| l.line != 0);
    }
    for l in &mut lines {
        l.addr = addrs[l.addr as usize];
    }
    finish(diags, lines, defs)
}

/// One piece of work for a [`Runner`].
pub type Job<'j> = Box<dyn FnOnce() + Send + 'j>;

/// Runs every job it is given before it returns, in any order, possibly
/// several at once on other threads (core starts none itself).
pub type Runner<'r> = &'r (dyn for<'j> Fn(Vec<Job<'j>>) + Sync);

/// Writes the listing line of one instruction (the same for every
/// instruction: no line depends on another's).
pub type LineWriter<'w> = &'w (dyn Fn(&mut String, &Inst) + Sync);

/// A listing written while assembling (see [`write_parts`]): each
/// part's lines, with a gap wherever an instruction waited for the
/// labels, and those instructions' lines written afterwards.
pub struct Written {
    /// Each part's text, the offsets of its gaps in it, the waiting
    /// instructions' lines and where each of them ends.
    parts: Vec<(String, Vec<usize>, String, Vec<usize>)>,
}

impl Written {
    /// The listing's text, in order, in pieces.
    pub fn pieces(&self) -> impl Iterator<Item = &str> + '_ {
        self.parts.iter().flat_map(|(text, gaps, filled, ends)| {
            let starts = std::iter::once(0).chain(gaps.iter().copied());
            let ends_in_text = gaps.iter().copied().chain(std::iter::once(text.len()));
            let runs = starts.zip(ends_in_text).map(|(a, b)| &text[a..b]);
            let fills = std::iter::once(0).chain(ends.iter().copied());
            let lines = fills.zip(ends.iter().copied()).map(|(a, b)| &filled[a..b]);
            // a run, then a waiting line, ..., then the last run
            let lines = lines.map(Some).chain(std::iter::once(None));
            runs.zip(lines)
                .flat_map(|(run, line)| std::iter::once(run).chain(line))
        })
    }
}

/// Assembles `src` as [`assemble`] does, in up to `parts` parts that
/// `run` may work on at once, and writes with `write` the line of every
/// instruction as soon as it is built instead of holding the
/// instructions: the listing of a long text in less time and memory.
///
/// The text is cut at line ends; each part is read, selected and encoded
/// on its own, with statements and lines counted from its start, and an
/// instruction that may name a label leaves a gap in its part's lines;
/// then the parts' labels are joined, the addresses worked out, and the
/// instructions in the gaps built and written. `None` (and nothing
/// written) wherever reading a part on its own could differ from
/// reading the whole: a setup directive outside the first part, an AMDGPU
/// symbol, a label defined in two parts, or any message at all (a block
/// comment that crosses a cut is one: the part before the cut ends inside
/// it); [`assemble`] then gives the program or the messages.
pub fn write_parts(
    isa: &Isa,
    src: &str,
    parts: usize,
    run: Runner,
    write: LineWriter,
) -> Option<Written> {
    let cuts = cut(src, parts);
    let mut read: Vec<Option<Part>> = cuts.iter().map(|_| None).collect();
    run(read
        .iter_mut()
        .zip(&cuts)
        .map(|(slot, r)| {
            let r = r.clone();
            Box::new(move || *slot = Some(Part::read(isa, src, r, Some(write)))) as Job
        })
        .collect());
    let mut read = read.into_iter().collect::<Option<Vec<Part>>>()?;
    // A part knows no other part's symbols, and the setup directives of
    // a later part would lose their place among the first part's: so
    // symbols only in a text read as one part, setup directives only in
    // the first part.
    let clean = read.iter().enumerate().all(|(k, p)| {
        p.diags.is_empty()
            && p.defs.warnings.is_empty()
            && (read.len() == 1 || p.ctx.syms.borrow().is_empty())
            && (k == 0 || p.defs.setup == Setup::default())
    });
    if !clean {
        return None;
    }
    // Each part's first statement number.
    let mut firsts = Vec::with_capacity(read.len());
    let mut statements = 0;
    for p in &read {
        firsts.push(statements);
        statements += p.words.len();
    }
    let mut words = Vec::with_capacity(statements + 1);
    let mut defs = std::mem::take(&mut read[0].defs);
    for (k, (p, &first)) in read.iter_mut().zip(&firsts).enumerate() {
        words.append(&mut p.words);
        // (a part's first statement may be number 0: the parts before it
        // may have none)
        if k > 0 && !defs.take_labels(&mut p.defs, first as u64) {
            return None;
        }
    }
    words.push(1);
    defs.place_labels(&isa.addresses(&words));
    let labels = &defs.label_values();
    run(read
        .iter_mut()
        .map(|p| Box::new(move || p.fill_gaps(labels)) as Job)
        .collect());
    if read.iter().any(|p| !p.diags.is_empty()) {
        return None;
    }
    let parts = read
        .into_iter()
        .map(|p| (p.text, p.gaps, p.filled, p.ends))
        .collect();
    Some(Written { parts })
}

/// The most memory a part reserves ahead for its listing, and again for
/// its waiting statements.
const RESERVE_MAX: usize = 256 << 20;

/// Where `src` is cut into up to `parts` parts of about the same length,
/// each ending just after a line end (or at the end of the text).
fn cut(src: &str, parts: usize) -> Vec<std::ops::Range<usize>> {
    let b = src.as_bytes();
    let whole = 0..b.len();
    if parts < 2 || b.is_empty() {
        return std::iter::once(whole).collect();
    }
    let mut cuts = Vec::with_capacity(parts);
    let mut start = 0;
    for k in 1..=parts {
        let aim = (b.len() * k / parts).max(start);
        let end = match b[aim..].iter().position(|&c| c == b'\n') {
            Some(at) if k < parts => aim + at + 1,
            _ => b.len(),
        };
        if end > start {
            cuts.push(start..end);
        }
        start = end;
    }
    cuts
}

/// A stretch of a text read on its own: its statements' definitions and
/// instructions, with statements counted from its start (spans are the
/// whole text's), and the instructions either held or written as lines.
struct Part<'a> {
    ctx: Ctx<'a>,
    /// Instructions built, each with its statement's number in `addr`
    /// until the addresses are known (only without `write`).
    lines: Vec<AsmLine>,
    /// Instructions that may name a label, with their places in `lines`
    /// (or their gaps' numbers in `text`).
    later: Vec<(usize, ParsedInst)>,
    /// The words of each statement.
    words: Vec<u32>,
    defs: Definitions,
    diags: Vec<Diagnostic>,
    /// Where instructions' lines go instead of `lines`, when they do.
    write: Option<LineWriter<'a>>,
    /// The lines written; where those of the instructions in `later` go
    /// in them; those lines, once written, and where each ends.
    text: String,
    gaps: Vec<usize>,
    filled: String,
    ends: Vec<usize>,
}

impl<'a> Part<'a> {
    /// Reads the statements in `range` of `src` (which starts at a line
    /// start), building every instruction that cannot name a label. With
    /// `write`, each instruction's line is written as soon as it is
    /// built, and the instruction dropped.
    fn read(
        isa: &'a Isa,
        src: &'a str,
        range: std::ops::Range<usize>,
        write: Option<LineWriter<'a>>,
    ) -> Part<'a> {
        let mut diags = Vec::new();
        let ctx = Ctx::new(isa, src);
        let mut defs = Definitions::default();
        let no_labels = HashMap::new();
        let (mut lines, mut later, mut words) = (Vec::new(), Vec::new(), Vec::new());
        // One statement's tokens at a time: a long text never holds them all.
        let amdgpu = isa.dialect.syntax == Syntax::Amdgpu;
        let mut lexer = lexer::Lexer::from(&src[..range.end], amdgpu, range.start);
        let mut stmt = Vec::new();
        let (mut text, mut gaps) = (String::new(), Vec::new());
        if write.is_some() {
            // A listing line takes two to three times its statement's
            // text, and a statement that waits at least 8 bytes (memory
            // reserved but never written to costs nothing but addresses;
            // a vector grown step by step leaves every smaller copy
            // behind). Capped, so that a huge text asks for no more than
            // the system will give at once; beyond, they grow.
            text.reserve((range.len() * 3 + 64).min(RESERVE_MAX));
            later.reserve((range.len() / 8).min(RESERVE_MAX / size_of::<(usize, ParsedInst)>()));
        }
        while lexer.statement(&mut stmt, &mut diags) {
            let Some(parsed) = read_statement(&ctx, &stmt, &mut defs, words.len(), &mut diags)
            else {
                continue;
            };
            let number = words.len() as u64;
            words.push(ctx.words(parsed.as_ref()));
            let Some(p) = parsed else {
                continue;
            };
            if !p.may_name_label() {
                // Nothing in it can name a label: build it now, while its
                // memory is warm, rather than hold every statement.
                let line = lexer.statement_line();
                match (ctx.build(&p, &no_labels, &mut diags), write) {
                    (Some(inst), Some(write)) => {
                        write(&mut text, &inst);
                        ctx.spare_values.set(inst.values);
                    }
                    (Some(inst), None) => lines.push(AsmLine::at(inst, &p, line, number)),
                    (None, _) => {}
                }
                // Its vectors serve the next statement.
                ctx.recycle(p);
            } else if write.is_some() {
                // It waits in a copy of its own size; its vectors, grown
                // for the longest statement so far, serve the next one.
                gaps.push(text.len());
                later.push((gaps.len() - 1, p.compact()));
                ctx.recycle(p);
            } else {
                // A place for it, filled once it is built.
                let empty = Inst {
                    opcode: 0,
                    values: Vec::new(),
                };
                lines.push(AsmLine::at(empty, &p, lexer.statement_line(), number));
                later.push((lines.len() - 1, p));
            }
        }
        Part {
            ctx,
            lines,
            later,
            words,
            defs,
            diags,
            write,
            text,
            gaps,
            filled: String::new(),
            ends: Vec::new(),
        }
    }

    /// Builds the instructions that waited for the labels and writes
    /// their lines (a part read with `write`); messages go into the
    /// part's, the first ending the work.
    fn fill_gaps(&mut self, labels: &HashMap<&str, u64>) {
        let Some(write) = self.write else {
            return;
        };
        for (_, p) in self.later.drain(..) {
            let Some(inst) = self.ctx.build(&p, labels, &mut self.diags) else {
                return;
            };
            write(&mut self.filled, &inst);
            self.ends.push(self.filled.len());
            self.ctx.spare_values.set(inst.values);
        }
    }
}

/// Assembles exactly one instruction statement (no labels, no directives;
/// a trailing `;` is optional). Used by the bitfield view and by tests.
pub fn assemble_line(isa: &Isa, text: &str) -> Result<Inst, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let ctx = Ctx::new(isa, text);
    // The first two statements; the rest are lexed only for their errors.
    let mut lexer = lexer::Lexer::new(text, isa.dialect.syntax == Syntax::Amdgpu);
    let (mut first, mut extra, mut rest) = (Vec::new(), Vec::new(), Vec::new());
    let one = lexer.statement(&mut first, &mut diags);
    let two = one && lexer.statement(&mut extra, &mut diags);
    while lexer.statement(&mut rest, &mut diags) {}
    if !one {
        diags.push(Diagnostic::error(
            Span::new(text.len(), text.len()),
            crate::msg!("expected an instruction"),
        ));
        return Err(diags);
    }
    if two {
        let span = extra[0].span.to(extra[extra.len() - 1].span);
        diags.push(Diagnostic::error(
            span,
            crate::msg!("expected only one instruction"),
        ));
    }
    let parsed = read_instruction_only(&ctx, &first, &mut diags);
    let inst = parsed.and_then(|pi| ctx.build(&pi, &HashMap::new(), &mut diags));
    match inst {
        Some(i) if !diags.iter().any(Diagnostic::is_error) => Ok(i),
        _ => Err(diags),
    }
}

/// Reads one statement: its labels (naming instruction `next`), then a
/// directive, a symbol or an instruction. Returns the instruction's
/// syntax (`None` inside when it has errors) if it is one.
fn read_statement(
    ctx: &Ctx,
    stmt: &[Token],
    defs: &mut Definitions,
    next: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<Option<ParsedInst>> {
    let mut p = Parser::new(ctx, stmt);
    p.labels(defs, next);
    let inst = match p.peek() {
        None => None,
        Some(t) if t.kind == Tok::Directive => {
            p.directive(defs);
            None
        }
        Some(_) if p.at_symbol() => {
            p.symbol();
            None
        }
        Some(_) => Some(p.instruction()),
    };
    diags.append(&mut p.diags);
    inst
}

/// Reads the one statement `assemble_line` takes, which must be an
/// instruction.
fn read_instruction_only(
    ctx: &Ctx,
    stmt: &[Token],
    diags: &mut Vec<Diagnostic>,
) -> Option<ParsedInst> {
    let mut p = Parser::new(ctx, stmt);
    let first = stmt[0];
    let parsed = match (first.kind, p.peek_at(1).map(|t| t.kind)) {
        (Tok::Directive, _) => {
            p.diags.push(Diagnostic::error(
                first.span,
                crate::msg!("directives are not allowed here; expected an instruction"),
            ));
            None
        }
        (Tok::Ident, Some(Tok::P(Punct::Colon))) => {
            p.diags.push(Diagnostic::error(
                first.span,
                crate::msg!("labels are not allowed here; expected an instruction"),
            ));
            None
        }
        _ => p.instruction(),
    };
    diags.append(&mut p.diags);
    parsed
}

/// The program, or every error with the warnings, in source order.
fn finish(
    mut diags: Vec<Diagnostic>,
    lines: Vec<AsmLine>,
    defs: Definitions,
) -> Result<Program, Vec<Diagnostic>> {
    let mut warnings = defs.warnings;
    // in source order; messages at one place keep the order they were found
    let in_order = |mut all: Vec<Diagnostic>| {
        all.sort_by_key(|d| (d.span.start, d.span.end));
        all
    };
    if diags.iter().any(Diagnostic::is_error) {
        diags.extend(warnings);
        return Err(in_order(diags));
    }
    warnings.extend(diags);
    let warnings = in_order(warnings);
    Ok(Program {
        lines,
        setup: defs.setup,
        labels: defs.labels.into_iter().map(|(n, a, _)| (n, a)).collect(),
        warnings,
    })
}

// ---------------------------------------------------------------------------
// Context shared by all statements.

/// What every stage reads: the ISA, the source, the opcode layouts, the
/// mnemonics and the symbols defined so far.
struct Ctx<'a> {
    isa: &'a Isa,
    src: &'a str,
    layouts: Arc<Layouts>,
    mnemonics: Arc<Mnemonics>,
    /// Where each line starts, worked out when a message first names a
    /// line (statements know their own line from the lexer).
    line_starts: std::cell::OnceCell<Vec<usize>>,
    /// Symbols `name = value` defined so far (AMDGPU syntax).
    syms: std::cell::RefCell<expr::Symbols>,
    /// The vectors of the last instruction built, emptied, for the next
    /// one to fill.
    spare: std::cell::Cell<parser::Spare>,
    /// The values of an instruction whose line is written, for the next
    /// instruction built to fill.
    spare_values: std::cell::Cell<Vec<u64>>,
    /// "Did you mean" searches left: each compares a name with every
    /// label, so a text with thousands of undefined labels stops
    /// suggesting after the first [`SUGGESTIONS`].
    suggestions_left: std::cell::Cell<u32>,
}

/// An ISA's mnemonics in upper case with their optypes, in an
/// open-addressed hash table (a statement's mnemonic is looked up once
/// per statement): worked out once per ISA and kept with it
/// (`Isa::derived`).
struct Mnemonics {
    /// A power of two of slots, each empty or a name and its optype.
    slots: Vec<Option<(Box<[u8]>, usize)>>,
}

impl Mnemonics {
    fn of(isa: &Isa) -> Mnemonics {
        let size = (isa.optypes.len() * 2).next_power_of_two().max(8);
        let mut m = Mnemonics {
            slots: vec![None; size],
        };
        for (i, o) in isa.optypes.iter().enumerate() {
            let name = o.name.to_ascii_uppercase().into_bytes().into_boxed_slice();
            let k = m.slot(&name);
            // Where two names differ only in case, the later optype is
            // the one a mnemonic names.
            m.slots[k] = Some((name, i));
        }
        m
    }

    /// The slot holding `key`, or the empty one where it would go.
    fn slot(&self, key: &[u8]) -> usize {
        let mask = self.slots.len() - 1;
        // FNV-1a: short keys, few of them.
        let hash = key.iter().fold(0x811c_9dc5_u32, |h, &b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        });
        let mut k = hash as usize & mask;
        while let Some((name, _)) = &self.slots[k] {
            if **name == *key {
                break;
            }
            k = (k + 1) & mask;
        }
        k
    }

    /// The optype of an upper-case mnemonic.
    fn get(&self, key: &[u8]) -> Option<usize> {
        self.slots[self.slot(key)].as_ref().map(|&(_, i)| i)
    }
}

/// Undefined labels that get "did you mean" suggestions in one text.
const SUGGESTIONS: u32 = 100;

impl<'a> Ctx<'a> {
    fn new(isa: &'a Isa, src: &'a str) -> Ctx<'a> {
        Ctx {
            isa,
            src,
            layouts: crate::codec::layouts(isa),
            mnemonics: isa.derived.get_or_init(|| Mnemonics::of(isa)),
            line_starts: std::cell::OnceCell::new(),
            syms: std::cell::RefCell::new(expr::Symbols::new()),
            suggestions_left: std::cell::Cell::new(SUGGESTIONS),
            spare: std::cell::Cell::default(),
            spare_values: std::cell::Cell::default(),
        }
    }

    /// Keeps the vectors of an instruction read and built, for the next
    /// instruction to reuse.
    fn recycle(&self, p: ParsedInst) {
        let (mut mods, mut operands, mut controls) = (p.mods, p.operands, p.controls);
        mods.clear();
        operands.clear();
        controls.clear();
        self.spare.set(parser::Spare {
            mods,
            operands,
            controls,
        });
    }

    fn text(&self, span: Span) -> &'a str {
        self.src.get(span.start..span.end).unwrap_or("")
    }

    /// The optype whose mnemonic `text` is, in any case: `text`
    /// upper-cased (on the stack when it is short, as mnemonics are) and
    /// looked up.
    fn optype(&self, text: &str) -> Option<usize> {
        let mut buf = [0u8; 32];
        let long;
        let key: &[u8] = match buf.get_mut(..text.len()) {
            Some(key) => {
                key.copy_from_slice(text.as_bytes());
                key.make_ascii_uppercase();
                key
            }
            None => {
                long = text.to_ascii_uppercase();
                long.as_bytes()
            }
        };
        self.mnemonics.get(key)
    }

    /// The words instruction `p` takes: those of its mnemonic's opcodes (an
    /// unknown mnemonic, or a statement with errors, counts one word).
    fn words(&self, p: Option<&ParsedInst>) -> u32 {
        let isa = self.isa;
        p.and_then(|p| p.optype)
            .and_then(|ot| isa.optypes[ot].opcodes.first())
            .map_or(1, |&oi| self.layouts[oi].words)
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
        let starts = self.line_starts.get_or_init(|| diag::line_starts(self.src));
        diag::line_at(starts, offset)
    }
}

/// The register classes of a syntax, longest prefix first.
fn classes(syntax: Syntax) -> &'static [RegClass] {
    match syntax {
        Syntax::Sass => RegClass::SASS,
        Syntax::Amdgpu => RegClass::AMDGPU,
    }
}

#[cfg(test)]
mod tests {
    use super::cut;

    /// The cuts cover the text in order, each part but the last ending
    /// just after a line end, none empty and no more than asked.
    #[test]
    fn cuts_fall_after_line_ends() {
        let texts = [
            String::new(),
            "EXIT".to_string(),
            "a\n".repeat(1000),
            "a long line without an end ".repeat(100),
            (0..500)
                .map(|i| format!("{}\n", "x".repeat(i % 37)))
                .collect(),
            "\n\n\nEXIT\n\n".to_string(),
        ];
        for src in &texts {
            for parts in 1..=9 {
                let cuts = cut(src, parts);
                assert!(!cuts.is_empty() && cuts.len() <= parts);
                assert_eq!(cuts[0].start, 0);
                assert_eq!(cuts[cuts.len() - 1].end, src.len());
                for w in cuts.windows(2) {
                    assert_eq!(w[0].end, w[1].start);
                    assert_eq!(src.as_bytes()[w[0].end - 1], b'\n');
                }
                assert!(cuts.len() == 1 || cuts.iter().all(|c| !c.is_empty()));
            }
        }
    }
}
