//! The build slice: the last program that assembled, its listing rows and
//! control words, and the diagnostics of the current text. A text that
//! does not assemble keeps the last good program, marked stale.

use std::rc::Rc;
use warpscope_core::asm::{self, Program};
use warpscope_core::cuda::Compiled;
use warpscope_core::diag::{Diagnostic, Lines, Severity};
use warpscope_core::isas::Id;
use warpscope_core::listing::{self, RowKind};
use warpscope_core::spec::model::{Isa, Word};

use crate::i18n::{tr, tr_text};
use crate::ptr::Ptr;
use warpscope_core::msg::Text;

/// One row of the listing.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Byte address.
    pub addr: u64,
    /// The machine word.
    pub word: Word,
    /// Hex digits grouped by 8, most significant first.
    pub hex: Rc<str>,
    /// Canonical disassembly.
    pub text: Rc<str>,
    /// 1-based source line.
    pub line: usize,
    /// Byte span of the statement in the source.
    pub start: usize,
    /// End of that span.
    pub end: usize,
}

/// A scheduling control word of the code stream (Maxwell), shown in the
/// listing before the instructions it controls.
#[derive(Debug, Clone, PartialEq)]
pub struct ControlRow {
    /// Index of the first instruction it controls.
    pub first: usize,
    /// Byte address.
    pub addr: u64,
    /// The control word.
    pub word: u64,
    /// Its slots in maxas' notation.
    pub text: String,
}

/// The last program that assembled, and what the panes draw from it.
#[derive(Debug)]
pub struct Assembled {
    /// The source it came from.
    pub source: Rc<String>,
    /// The assembler's result.
    pub program: Program,
    /// Listing rows, one per instruction.
    pub rows: Vec<Row>,
    /// The ISA it was assembled for.
    pub isa: Id,
    /// Control words of the code stream, in address order (empty for
    /// dialects without them).
    pub controls: Vec<ControlRow>,
    /// For a CUDA C kernel, what its compilation kept beside the program:
    /// the `printf` calls and the variables' registers.
    pub cuda: Option<Rc<Compiled>>,
}

/// An instruction's hex digits as the listing shows them: core's listing
/// text (16 digits for a 64-bit word, 8 per dword, a second group for a
/// literal), 128-bit words in groups of 8 digits.
fn listing_hex(isa: &Isa, hex: String) -> String {
    if isa.word_bits > 64 {
        group_hex(&hex.replace(' ', ""))
    } else {
        hex
    }
}

/// `0123abcd 0123abcd ...`: hex digits in groups of 8.
pub fn group_hex(hex: &str) -> String {
    let mut out = String::with_capacity(hex.len() + hex.len() / 8);
    for (i, c) in hex.chars().enumerate() {
        if i > 0 && i % 8 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Byte offset of the start of 1-based line `line`.
pub fn line_start(src: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    src.match_indices('\n')
        .nth(line - 2)
        .map_or(src.len(), |(i, _)| i + 1)
}

/// A diagnostic placed in the editor.
#[derive(Debug, Clone, PartialEq)]
pub struct DiagView {
    /// True for errors, false for warnings.
    pub error: bool,
    /// 1-based line and column (in characters) of the start.
    pub line: usize,
    /// Column of the start.
    pub col: usize,
    /// Length in characters on its first line (at least 1).
    pub len: usize,
    /// Byte offset of the start.
    pub start: usize,
    /// The message.
    pub text: Text,
    /// The advice under it, if any.
    pub help: Option<Text>,
}

impl DiagView {
    /// The view of `d` in the text whose lines are `lines` (found once
    /// for all of a text's messages).
    fn of(lines: &Lines, d: &Diagnostic) -> DiagView {
        let src = lines.src();
        let lc = lines.line_col(d.span.start);
        let end = d.span.end.max(d.span.start).min(src.len());
        let line_end = src
            .get(d.span.start.min(src.len())..)
            .and_then(|rest| rest.find('\n'))
            .map_or(src.len(), |i| i + d.span.start);
        let end_lc = lines.line_col(end.min(line_end));
        DiagView {
            error: d.severity == Severity::Error,
            line: lc.line,
            col: lc.col,
            len: end_lc.col.saturating_sub(lc.col).max(1),
            start: d.span.start,
            text: d.text.clone(),
            help: d.help.clone(),
        }
    }
}

impl DiagView {
    /// The message in the page's language.
    pub fn message(&self) -> String {
        tr_text(&self.text)
    }

    /// The advice in the page's language.
    pub fn help(&self) -> Option<String> {
        self.help.as_ref().map(tr_text)
    }

    /// The message and its advice, for a tooltip.
    pub fn tooltip(&self) -> String {
        match self.help() {
            Some(h) => format!("{}\n{}{h}", self.message(), tr("help: ")),
            None => self.message(),
        }
    }
}

/// True when two programs run identically (same instructions, addresses
/// and setup values): the simulator can keep its position.
pub fn same_run(a: &Program, b: &Program) -> bool {
    a.lines.len() == b.lines.len()
        && a.lines
            .iter()
            .zip(&b.lines)
            .all(|(x, y)| x.inst == y.inst && x.addr == y.addr)
        && a.setup.active == b.setup.active
        && a.setup.inits.len() == b.setup.inits.len()
        && a.setup
            .inits
            .iter()
            .zip(&b.setup.inits)
            .all(|(x, y)| x.target == y.target && x.value == y.value)
}

/// The listing rows and the control words of a program, from core's
/// listing.
fn listing_of(isa: &Isa, program: &Program) -> (Vec<Row>, Vec<ControlRow>) {
    let mut rows = Vec::new();
    let mut controls = Vec::new();
    for r in listing::rows(isa, program) {
        match r.kind {
            RowKind::Inst {
                line, span, word, ..
            } => rows.push(Row {
                addr: r.addr,
                word,
                hex: listing_hex(isa, r.hex).into(),
                text: r.text.into(),
                line,
                start: span.start,
                end: span.end,
            }),
            RowKind::Control { first } => controls.push(ControlRow {
                first,
                addr: r.addr,
                word: r.bits as u64,
                text: r.text,
            }),
        }
    }
    (rows, controls)
}

/// Texts from this many bytes on (about a thousand lines) are assembled
/// through [`ASSEMBLER`], once the second part of the wasm, which holds
/// it, is here (docs/perf.md, "Loading the rest"); shorter ones, and
/// every text before then, whole: a few milliseconds at most.
const LONG: usize = 32 * 1024;

/// Assembles `src` as `asm::assemble` does; a long text re-reading only
/// what its last edit changed (see [`LONG`]).
fn assemble_text(isa: &Isa, src: &str) -> Result<Program, Vec<Diagnostic>> {
    if src.len() >= LONG && crate::lazy::ready() {
        ASSEMBLER.with(|a| a.borrow_mut().assemble(isa, src))
    } else {
        asm::assemble(isa, src)
    }
}

thread_local! {
    /// What the last assembly read, so that the next, after an edit,
    /// re-reads only what changed (a cache: its result is always what
    /// `asm::assemble` gives, so the state does not hold it).
    static ASSEMBLER: std::cell::RefCell<asm::incremental::Incremental> = Default::default();
}

/// The build slice.
#[derive(Debug, Clone, PartialEq)]
pub struct Build {
    /// The last program that assembled.
    pub asm: Option<Ptr<Assembled>>,
    /// Errors and warnings of the current source.
    pub diags: Ptr<Vec<DiagView>>,
    /// True when the current source does not assemble (panes show the last
    /// good program).
    pub stale: bool,
}

impl Default for Build {
    fn default() -> Self {
        Build {
            asm: None,
            diags: Ptr::new(Vec::new()),
            stale: false,
        }
    }
}

impl Build {
    /// The listing rows of the last good program.
    pub fn rows(&self) -> &[Row] {
        self.asm.as_ref().map_or(&[], |a| &a.rows)
    }

    /// Whether the last good program was assembled from `source` itself.
    pub fn is_of(&self, source: &Rc<String>) -> bool {
        self.asm
            .as_ref()
            .is_some_and(|a| Rc::ptr_eq(&a.source, source))
    }

    /// Assembles `src` for `isa` (compiles it, for CUDA C): true when it
    /// assembled (the panes move to it); on failure the last good
    /// program stays, marked stale.
    fn assemble(&mut self, id: Id, src: &Rc<String>) -> bool {
        let isa = id.isa();
        let result = match id {
            Id::Cuda => compile(src).map(|c| (c.program.clone(), Some(Rc::new(c)))),
            _ => assemble_text(isa, src).map(|p| (p, None)),
        };
        let lines = Lines::new(src);
        match result {
            Ok((program, cuda)) => {
                let diags = program.warnings.iter().map(|d| DiagView::of(&lines, d));
                self.diags = Ptr::new(diags.collect());
                let (rows, controls) = listing_of(isa, &program);
                self.asm = Some(Ptr::new(Assembled {
                    source: src.clone(),
                    rows,
                    controls,
                    program,
                    isa: id,
                    cuda,
                }));
                self.stale = false;
                true
            }
            Err(diags) => {
                self.diags = Ptr::new(diags.iter().map(|d| DiagView::of(&lines, d)).collect());
                self.stale = true;
                false
            }
        }
    }
}

/// Compiles a CUDA C kernel. The compiler is in the second part of the
/// wasm (docs/perf.md, "Loading the rest"): until that is installed the
/// kernel is not compiled, and the message says why.
fn compile(src: &str) -> Result<Compiled, Vec<Diagnostic>> {
    if !crate::lazy::ready() {
        use warpscope_core::msg;
        let text = match crate::lazy::failure() {
            Some(why) => msg!(
                "CUDA C is compiled by the part of warpscope that loads after the page, which could not be loaded: {0}",
                why
            ),
            None => msg!("CUDA C is compiled by the part of warpscope that loads after the page, which is still loading"),
        };
        let span = warpscope_core::diag::Span::new(0, 0);
        let help = msg!("your kernel is kept: type, or reload the page, to try again");
        return Err(vec![Diagnostic::error(span, text).with_help(help)]);
    }
    warpscope_core::cuda::compile(src)
}

/// What asks for assembly.
#[derive(Debug, Clone, PartialEq)]
pub enum BuildAction {
    /// The debounce after this edit revision expired.
    Assemble(u64),
    /// Assemble the current text now.
    AssembleNow,
}

/// What a build action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Built {
    /// Nothing to do (an old revision, or the program is current).
    Nothing,
    /// The text does not assemble; the last good program stays.
    Failed,
    /// A new program assembled.
    Program,
}

impl Build {
    /// Assembles the document when `a` asks for it.
    pub fn reduce(&mut self, a: BuildAction, doc: &super::document::Document) -> Built {
        if let BuildAction::Assemble(rev) = a {
            if rev != doc.edit_rev || self.is_of(&doc.source) {
                return Built::Nothing;
            }
        }
        self.build(doc)
    }

    /// Assembles the document's text for its ISA.
    pub fn build(&mut self, doc: &super::document::Document) -> Built {
        if self.assemble(doc.isa, &doc.source) {
            Built::Program
        } else {
            Built::Failed
        }
    }
}
