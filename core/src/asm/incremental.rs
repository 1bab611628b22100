//! Assembling a text again after an edit, re-reading only what changed.
//!
//! The playground assembles its text after every keystroke, and an edit
//! touches a line or two of a text that may have thousands. An
//! [`Incremental`] keeps the text it last assembled cut into pieces of
//! whole lines, and for each piece what reading it on its own gave: the
//! instructions built, the words of each statement, the labels defined,
//! the instructions that wait for the labels' addresses, and the setup
//! directives. Given the next text, it compares it with the last one:
//! the pieces before the first changed byte and after the last are kept
//! (those after it only move), and the changed stretch is cut into new
//! pieces and read. Then the pieces are joined as [`super::write_parts`]
//! joins its parts: the statements' words give the addresses, the labels
//! their values, the waiting instructions are built (again only where a
//! label they name has moved), the setup directives are put together,
//! and every instruction gets its address, span and line in the whole
//! text.
//!
//! The result is always what [`super::assemble`] gives for the same text:
//! wherever reading a piece on its own could differ from reading the
//! whole, the whole text is assembled instead (the pieces are kept for
//! the next edit). That is so when any piece has a message (an error or a
//! warning: a block comment left open at a cut is one), when a piece
//! defines an AMDGPU symbol, when two pieces define the same label,
//! initialise the same register or both give `.active` (the whole text
//! has a message for each), and when building a waiting instruction
//! gives a message. Cuts fall after line ends outside block comments, so
//! a comment over many lines is read in one piece. A text assembled for
//! another ISA than the last one is read again whole.
//!
//! ```
//! use warpscope_core::{asm, isas};
//! let isa = isas::w128();
//! let mut text: String = (0..1000).map(|i| format!("l{i}: IADD3 R1, R1, {i}, RZ\n")).collect();
//! text.push_str("BRA l3\n");
//! let mut inc = asm::incremental::Incremental::new();
//! assert_eq!(inc.assemble(isa, &text), asm::assemble(isa, &text));
//! // a line inserted before line 501
//! let at = text.match_indices('\n').nth(499).unwrap().0 + 1;
//! text.insert_str(at, "EXIT\n");
//! let prog = inc.assemble(isa, &text);
//! assert_eq!(prog, asm::assemble(isa, &text));
//! assert_eq!(prog.unwrap().lines[500].line, 501);
//! assert!(inc.last_reread() < text.len() / 10);
//! ```

use super::parser::ParsedInst;
use super::{AsmLine, Ctx, Init, Mnemonics, Part, Program, Setup};
use crate::codec::Layouts;
use crate::diag::{Diagnostic, Span};
use crate::inst::Inst;
use crate::spec::model::{Dialect, Isa, Syntax};
use std::collections::HashMap;
use std::sync::Arc;

/// Lines a piece has unless told otherwise.
const PIECE_LINES: usize = 64;

/// What the last assembly of a text read, kept so that the next text,
/// usually the same with one edit, is read again only where it changed.
///
/// [`Incremental::assemble`] gives exactly what [`super::assemble`] gives.
pub struct Incremental {
    /// Lines a piece aims at; a stretch read again with fewer than half
    /// as many takes in the piece after it.
    piece_lines: usize,
    /// The ISA the pieces were read for.
    isa: Option<IsaKey>,
    /// The text last assembled.
    text: String,
    /// The pieces of `text`, in order, covering it.
    pieces: Vec<Piece>,
    /// Bytes the last call read again.
    reread: usize,
}

/// What tells one ISA from another: its tables of mnemonics and layouts,
/// which a copy of an ISA computes anew (held here, so that no other ISA
/// can be given them), and its dialect.
struct IsaKey {
    mnemonics: Arc<Mnemonics>,
    layouts: Arc<Layouts>,
    dialect: Dialect,
    word_bits: u32,
}

impl IsaKey {
    fn of(isa: &Isa) -> IsaKey {
        IsaKey {
            mnemonics: isa.derived.get_or_init(|| Mnemonics::of(isa)),
            layouts: crate::codec::layouts(isa),
            dialect: isa.dialect,
            word_bits: isa.word_bits,
        }
    }

    fn is(&self, isa: &Isa) -> bool {
        let now = IsaKey::of(isa);
        Arc::ptr_eq(&self.mnemonics, &now.mnemonics)
            && Arc::ptr_eq(&self.layouts, &now.layouts)
            && self.dialect == now.dialect
            && self.word_bits == now.word_bits
    }
}

/// Labels with their addresses in definition order, and the same by
/// name (names in the text).
type Labels<'s> = (Vec<(String, u64)>, HashMap<&'s str, u64>);

/// Whole lines of the text, and what reading them on their own gave.
struct Piece {
    /// Its length in bytes.
    len: usize,
    /// The line ends in it.
    newlines: usize,
    /// What it holds, when reading it gave no message and defined no
    /// symbol (else the whole text is assembled, and this piece read
    /// again with the next text).
    read: Option<Read>,
}

/// An instruction that may name a label, built once the labels are
/// known.
struct Waiting {
    /// Its place in its piece's `lines`.
    at: usize,
    parsed: ParsedInst,
    /// The names in it that may be labels.
    names: Vec<Span>,
    /// What it was last built into, and the values its names had as
    /// labels then: while they keep them, it builds into the same.
    built: Option<(Vec<Option<u64>>, Inst)>,
}

/// What a piece read on its own holds, counted from its start: spans
/// from its first byte, lines from 1 at its first line, statements from
/// 0 at its first statement.
struct Read {
    /// Its instructions, each with its statement's number in `addr`;
    /// those in `later` are empty until built.
    lines: Vec<AsmLine>,
    /// The instructions that may name a label.
    later: Vec<Waiting>,
    /// The words of each statement.
    words: Vec<u32>,
    /// Labels in definition order, with the number of the statement
    /// they name and where they are.
    labels: Vec<(String, u64, Span)>,
    /// What its setup directives set.
    setup: Setup,
}

impl Piece {
    /// Reads `text`, whole lines of a text, on its own.
    fn read(isa: &Isa, text: &str) -> Piece {
        let part = Part::read(isa, text, 0..text.len(), None);
        let clean = part.diags.is_empty()
            && part.defs.warnings.is_empty()
            && part.ctx.syms.borrow().is_empty();
        let read = clean.then(|| Read {
            lines: part.lines,
            later: part
                .later
                .into_iter()
                .map(|(at, p)| Waiting {
                    at,
                    names: p.label_names().collect(),
                    parsed: p.compact(),
                    built: None,
                })
                .collect(),
            words: part.words,
            labels: part.defs.labels,
            setup: part.defs.setup,
        });
        Piece {
            len: text.len(),
            newlines: count_newlines(text.as_bytes()),
            read,
        }
    }
}

fn count_newlines(b: &[u8]) -> usize {
    b.iter().filter(|&&c| c == b'\n').count()
}

impl Default for Incremental {
    fn default() -> Incremental {
        Incremental::new()
    }
}

impl std::fmt::Debug for Incremental {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Incremental")
            .field("bytes", &self.text.len())
            .field("pieces", &self.pieces.len())
            .field("last_reread", &self.reread)
            .finish()
    }
}

impl Incremental {
    /// Nothing kept yet: the first text is read whole (in pieces of 64
    /// lines).
    pub fn new() -> Incremental {
        Incremental::with_piece_lines(PIECE_LINES)
    }

    /// Like [`Incremental::new`], with pieces of about `lines` lines
    /// (at least 1): fewer lines read again after an edit, more pieces
    /// to join.
    pub fn with_piece_lines(lines: usize) -> Incremental {
        Incremental {
            piece_lines: lines.max(1),
            isa: None,
            text: String::new(),
            pieces: Vec::new(),
            reread: 0,
        }
    }

    /// Assembles `src` for `isa`: exactly what [`super::assemble`]
    /// gives (the same program, or the same messages in the same order),
    /// reading again only the pieces of the text that changed since the
    /// last call.
    pub fn assemble(&mut self, isa: &Isa, src: &str) -> Result<Program, Vec<Diagnostic>> {
        if !self.isa.as_ref().is_some_and(|k| k.is(isa)) {
            self.isa = Some(IsaKey::of(isa));
            self.text.clear();
            self.pieces.clear();
        }
        self.reread = 0;
        self.update(isa, src);
        self.text.clear();
        self.text.push_str(src);
        let whole = self.pieces.iter().map(|p| p.len).sum::<usize>() == src.len();
        if !whole {
            // (never so: the pieces cover the text) read all again next time
            self.text.clear();
            self.pieces.clear();
        }
        match whole.then(|| self.join(isa, src)).flatten() {
            Some(prog) => Ok(prog),
            None => {
                self.reread += src.len();
                super::assemble(isa, src)
            }
        }
    }

    /// How many bytes of its text the last [`Incremental::assemble`]
    /// read again: those of the pieces it read, and the whole text's
    /// when it assembled the whole text.
    pub fn last_reread(&self) -> usize {
        self.reread
    }

    /// Replaces the pieces of the last text with those of `src`: the
    /// pieces before and after the change kept, the stretches between
    /// them cut and read.
    fn update(&mut self, isa: &Isa, src: &str) {
        let (old, new) = (self.text.as_bytes(), src.as_bytes());
        let prefix = common_prefix(old, new);
        let room = old.len().min(new.len()) - prefix;
        let suffix = common_suffix(&old[old.len() - room..], &new[new.len() - room..]);
        // The unchanged ends begin here in the old text and in the new.
        let (old_tail, new_tail) = (old.len() - suffix, new.len() - suffix);
        let mut cutter = Cutter {
            src: new,
            semi_comments: isa.dialect.syntax == Syntax::Amdgpu,
            piece_lines: self.piece_lines,
        };
        let mut pieces = Vec::with_capacity(self.pieces.len() + 1);
        let mut stretch: Option<Stretch> = None;
        // What the new pieces cover of the new text, and where the old
        // piece at hand starts in the old text.
        let (mut from, mut at) = (0, 0);
        for piece in std::mem::take(&mut self.pieces) {
            let (a, b) = (at, at + piece.len);
            at = b;
            // Where the piece is in the new text, if it is there whole
            // and still made of whole lines.
            let line_start = |s: usize| s == 0 || new.get(s - 1) == Some(&b'\n');
            let start = if piece.read.is_none() {
                None
            } else if b <= prefix && (line_start(b) || b == new.len()) {
                Some(a)
            } else if a >= old_tail && line_start(a - old_tail + new_tail) {
                Some(a - old_tail + new_tail)
            } else {
                None
            };
            let Some(start) = start.filter(|&s| s >= from) else {
                continue;
            };
            if start > from {
                let s = stretch.get_or_insert_with(|| Stretch::at(from));
                cutter.scan(s, start);
            }
            let end = start + piece.len;
            if let Some(s) = &mut stretch {
                if s.in_block || (s.cuts.is_empty() && s.lines < self.piece_lines.div_ceil(2)) {
                    // Ended here, it would end inside a comment, or be
                    // one short piece: it takes in this piece too.
                    cutter.scan(s, end);
                    from = end;
                    continue;
                }
                self.reread += cutter.read(isa, src, s, start, &mut pieces);
                stretch = None;
            }
            pieces.push(piece);
            from = end;
        }
        if from < new.len() || stretch.is_some() {
            let s = stretch.get_or_insert_with(|| Stretch::at(from));
            cutter.scan(s, new.len());
            self.reread += cutter.read(isa, src, s, new.len(), &mut pieces);
        }
        self.pieces = pieces;
    }

    /// The program the pieces make together, or `None` wherever it could
    /// differ from the whole text's (see the module's documentation).
    fn join(&mut self, isa: &Isa, src: &str) -> Option<Program> {
        let mut firsts = Vec::with_capacity(self.pieces.len());
        let mut words = Vec::new();
        for piece in &self.pieces {
            firsts.push(words.len());
            words.extend_from_slice(&piece.read.as_ref()?.words);
        }
        let setup = self.setup()?;
        words.push(1);
        let addrs = isa.addresses(&words);
        let (labels, values) = self.labels(src, &firsts, &addrs)?;
        let mut lines = Vec::with_capacity(words.len());
        let mut diags = Vec::new();
        let (mut start, mut line0) = (0, 0);
        for (piece, &first) in self.pieces.iter_mut().zip(&firsts) {
            let text = src.get(start..start + piece.len)?;
            let r = piece.read.as_mut()?;
            let base = lines.len();
            for l in &r.lines {
                lines.push(AsmLine {
                    inst: l.inst.clone(),
                    addr: *addrs.get(first + l.addr as usize)?,
                    span: Span::new(l.span.start + start, l.span.end + start),
                    line: l.line + line0,
                });
            }
            let mut ctx = None;
            for w in &mut r.later {
                let value = |s: &Span| text.get(s.start..s.end).and_then(|n| values.get(n));
                let inst = match &w.built {
                    Some((seen, inst))
                        if w.names
                            .iter()
                            .map(value)
                            .eq(seen.iter().map(Option::as_ref)) =>
                    {
                        inst.clone()
                    }
                    _ => {
                        let ctx = ctx.get_or_insert_with(|| Ctx::new(isa, text));
                        let inst = ctx.build(&w.parsed, &values, &mut diags)?;
                        if !diags.is_empty() {
                            return None;
                        }
                        let seen = w.names.iter().map(|s| value(s).copied()).collect();
                        w.built = Some((seen, inst.clone()));
                        inst
                    }
                };
                lines.get_mut(base + w.at)?.inst = inst;
            }
            start += piece.len;
            line0 += piece.newlines;
        }
        Some(Program {
            lines,
            setup,
            labels,
            warnings: Vec::new(),
        })
    }

    /// The labels of the pieces in definition order with their
    /// addresses, and their values by name; `None` where two pieces
    /// define one label (the whole text says where).
    fn labels<'s>(&self, src: &'s str, firsts: &[usize], addrs: &[u64]) -> Option<Labels<'s>> {
        let (mut labels, mut values) = (Vec::new(), HashMap::new());
        let mut start = 0;
        for (piece, &first) in self.pieces.iter().zip(firsts) {
            for (name, next, span) in &piece.read.as_ref()?.labels {
                let addr = *addrs.get(first + *next as usize)?;
                let text = src.get(span.start + start..span.end + start)?;
                if values.insert(text, addr).is_some() {
                    return None;
                }
                labels.push((name.clone(), addr));
            }
            start += piece.len;
        }
        Some((labels, values))
    }

    /// What the pieces' setup directives set together, in text order; `None`
    /// where two pieces set one thing (the whole text warns of it).
    fn setup(&self) -> Option<Setup> {
        let mut setup = Setup::default();
        let mut start = 0;
        for piece in &self.pieces {
            let r = piece.read.as_ref()?;
            let shift = |s: Span| Span::new(s.start + start, s.end + start);
            if let Some(span) = r.setup.active_span {
                if setup.active_span.is_some() {
                    return None;
                }
                (setup.active, setup.active_span) = (r.setup.active, Some(shift(span)));
            }
            for init in &r.setup.inits {
                if setup.inits.iter().any(|i| i.target == init.target) {
                    return None;
                }
                setup.inits.push(Init {
                    span: shift(init.span),
                    ..init.clone()
                });
            }
            start += piece.len;
        }
        Some(setup)
    }
}

/// How many bytes `a` and `b` share at their starts.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const CHUNK: usize = 64;
    let n = a.len().min(b.len());
    let mut i = 0;
    // Whole chunks compared at once, then byte by byte.
    while i + CHUNK <= n && a[i..i + CHUNK] == b[i..i + CHUNK] {
        i += CHUNK;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many bytes `a` and `b` share at their ends.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const CHUNK: usize = 64;
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut k = 0;
    while k + CHUNK <= n && a[n - k - CHUNK..n - k] == b[n - k - CHUNK..n - k] {
        k += CHUNK;
    }
    let (a, b) = (&a[..n - k], &b[..n - k]);
    k + a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Cuts stretches of a new text into pieces and reads them.
struct Cutter<'s> {
    src: &'s [u8],
    /// Whether `;` starts a comment (AMDGPU syntax).
    semi_comments: bool,
    piece_lines: usize,
}

/// A stretch of the new text being cut: where it starts, how far it is
/// scanned, the cuts so far (each just after a line end outside a block
/// comment), and the line ends since the last cut.
struct Stretch {
    start: usize,
    pos: usize,
    cuts: Vec<usize>,
    lines: usize,
    /// Whether `pos` is inside a block comment.
    in_block: bool,
}

impl Stretch {
    fn at(start: usize) -> Stretch {
        Stretch {
            start,
            pos: start,
            cuts: Vec::new(),
            lines: 0,
            in_block: false,
        }
    }
}

impl Cutter<'_> {
    /// Scans `s` on to `end` (a line start, or the end of the text),
    /// cutting after every `piece_lines` line ends outside block
    /// comments. Comments are found as the lexer finds them.
    fn scan(&mut self, s: &mut Stretch, end: usize) {
        let b = self.src;
        let mut i = s.pos;
        while i < end {
            let c = b[i];
            let next = b.get(i + 1).copied();
            if s.in_block {
                if c == b'*' && next == Some(b'/') {
                    s.in_block = false;
                    i += 2;
                    continue;
                }
            } else if c == b'/' && next == Some(b'*') {
                s.in_block = true;
                i += 2;
                continue;
            } else if (c == b'/' && next == Some(b'/')) || (c == b';' && self.semi_comments) {
                // to the line's end, which the loop then counts
                i = b[i..end]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(end, |k| i + k);
                continue;
            }
            if c == b'\n' {
                s.lines += 1;
                if !s.in_block && s.lines >= self.piece_lines {
                    s.cuts.push(i + 1);
                    s.lines = 0;
                }
            }
            i += 1;
        }
        s.pos = i.max(end);
    }

    /// Reads the pieces of stretch `s`, which ends at `end`, into
    /// `pieces`; returns the bytes read. A short last piece is joined to
    /// the one before.
    fn read(
        &mut self,
        isa: &Isa,
        src: &str,
        s: &mut Stretch,
        end: usize,
        pieces: &mut Vec<Piece>,
    ) -> usize {
        // (a cut at the end leaves nothing after it)
        if s.cuts.last() == Some(&end) || s.lines < self.piece_lines.div_ceil(2) {
            s.cuts.pop();
        }
        let mut from = s.start;
        for to in s.cuts.drain(..).chain(std::iter::once(end)) {
            if let Some(text) = src.get(from..to).filter(|t| !t.is_empty()) {
                pieces.push(Piece::read(isa, text));
            }
            from = to;
        }
        end - s.start
    }
}
