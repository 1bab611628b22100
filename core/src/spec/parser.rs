//! The description-file parser: lines → [`crate::spec::ast::File`].
//!
//! A file is read line by line. A line whose first non-blank text is a
//! `__DefBitFieldType`, `__DefGroup`, `__DefOptype` or `__DefOpcode` header
//! starts a definition; a line that is just `__Name` (optionally followed by
//! a `//` comment) starts a section of the current definition. `__Encoding`
//! holds `field<...>` declarations; `__OperandInfo` of an opcode holds
//! `InList<>`/`OutList<>`/`Order<>`/`Bitwidth<> = e` statements (or prose);
//! every other section is documentation kept verbatim up to the next header.
//! Lines between a `__DefBitFieldType` header and its first section hold the
//! type's values.
//!
//! Errors never stop the parser: it reports them and goes on with the next
//! line (or, after a broken header, with the next definition).
//!
//! ```
//! use warpscope_core::spec::parse;
//! let (file, diags) = parse(0, "__DefGroup G\n  __Encoding\n    field<0, 8> Reg rd\n");
//! assert_eq!(file.items.len(), 1);
//! assert_eq!(diags.len(), 1);
//! assert!(diags[0].message().contains("expected `;`"));
//! ```

use super::ast::*;
use super::lexer::{lex_line, Tok, Token};
use crate::diag::{Diagnostic, Span};
use crate::msg;
use crate::msg::ToArg;

/// Deepest parenthesis nesting accepted in a `Bitwidth` expression.
const MAX_DEPTH: usize = 64;

/// One line of the source, without its `\n`.
#[derive(Clone, Copy)]
struct RawLine<'a> {
    text: &'a str,
    start: usize,
}

impl<'a> RawLine<'a> {
    /// The line without a trailing `\r`.
    fn body(&self) -> &'a str {
        self.text.strip_suffix('\r').unwrap_or(self.text)
    }
    fn end(&self) -> usize {
        self.start + self.body().len()
    }
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

fn split_lines(src: &str) -> Vec<RawLine<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in src.split('\n') {
        out.push(RawLine { text: piece, start });
        start += piece.len() + 1;
    }
    out
}

/// What a line is, judged by its first non-blank text.
enum Header<'a> {
    /// A definition header: kind (None = bit-field type), the rest of the
    /// line and its offset, the keyword's span.
    Def(Option<DefKind>, &'a str, usize, Span),
    /// `__DefSomething` that is not a known definition.
    UnknownDef(String, Span),
    /// `__Name` alone on its line.
    Section(String, Span),
    /// Anything else.
    Plain,
}

fn classify<'a>(line: &RawLine<'a>) -> Header<'a> {
    let body = line.body();
    let trimmed = body.trim_start_matches([' ', '\t']);
    let indent = body.len() - trimmed.len();
    let Some(after) = trimmed.strip_prefix("__") else {
        return Header::Plain;
    };
    let name_len = after
        .bytes()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
        .count();
    if name_len == 0 || !after.as_bytes()[0].is_ascii_alphabetic() {
        return Header::Plain;
    }
    let name = &after[..name_len];
    let rest = &after[name_len..];
    let kw_start = line.start + indent;
    let kw_span = Span::new(kw_start, kw_start + 2 + name_len);
    let rest_off = kw_start + 2 + name_len;
    let kind = match name {
        "DefBitFieldType" => Some(None),
        "DefGroup" => Some(Some(DefKind::Group)),
        "DefOptype" => Some(Some(DefKind::Optype)),
        "DefOpcode" => Some(Some(DefKind::Opcode)),
        _ => None,
    };
    if let Some(kind) = kind {
        return Header::Def(kind, rest, rest_off, kw_span);
    }
    let rest_trim = rest.trim();
    let alone = rest_trim.is_empty() || rest_trim.starts_with("//");
    if name.starts_with("Def") && (alone || rest.starts_with([' ', '\t'])) {
        return Header::UnknownDef(name.to_string(), kw_span);
    }
    if alone {
        Header::Section(name.to_string(), kw_span)
    } else {
        Header::Plain
    }
}

/// A cursor over the tokens of one line.
struct Cursor<'t> {
    toks: &'t [Token],
    pos: usize,
    /// Where "end of line" errors point.
    eol: Span,
}

impl<'t> Cursor<'t> {
    fn new(toks: &'t [Token], eol: usize) -> Self {
        Cursor {
            toks,
            pos: 0,
            eol: Span::new(eol, eol),
        }
    }
    fn peek(&self) -> Option<&'t Token> {
        self.toks.get(self.pos)
    }
    fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }
    fn bump(&mut self) -> Option<&'t Token> {
        let t = self.toks.get(self.pos);
        if t.is_some() {
            self.pos += 1;
        }
        t
    }
    fn eat(&mut self, tok: &Tok) -> Option<Span> {
        match self.peek() {
            Some(t) if &t.tok == tok => {
                self.pos += 1;
                Some(t.span)
            }
            _ => None,
        }
    }
    fn here(&self) -> Span {
        self.peek().map_or(self.eol, |t| t.span)
    }
    /// "expected `what`": a piece of the description (`` "`;`" ``) or a
    /// message (`msg!("a type name")`).
    fn error(&self, what: impl ToArg) -> Diagnostic {
        match self.peek() {
            Some(t) => Diagnostic::error(
                t.span,
                msg!("expected {0}, found {1}", what, t.tok.describe()),
            ),
            None => Diagnostic::error(
                self.eol,
                msg!("expected {0} before the end of the line", what),
            ),
        }
    }
    fn expect(&mut self, tok: &Tok, what: impl ToArg) -> Result<Span, Diagnostic> {
        self.eat(tok).ok_or_else(|| self.error(what))
    }
    fn ident(&mut self, what: impl ToArg) -> Result<Ident, Diagnostic> {
        match self.peek() {
            Some(Token {
                tok: Tok::Ident(s),
                span,
            }) => {
                self.pos += 1;
                Ok(Ident {
                    name: s.clone(),
                    span: *span,
                })
            }
            _ => Err(self.error(what)),
        }
    }
    fn int(&mut self, what: impl ToArg) -> Result<(u64, Span), Diagnostic> {
        match self.peek() {
            Some(Token {
                tok: Tok::Int(v),
                span,
            }) => {
                self.pos += 1;
                Ok((*v, *span))
            }
            _ => Err(self.error(what)),
        }
    }
    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            self.eol.start
        } else {
            self.toks[self.pos - 1].span.end
        }
    }
}

/// What definition is being read.
enum Cur {
    /// Nothing yet (top of the file).
    Nothing,
    /// A broken header: skip to the next definition.
    Skip,
    /// A bit-field type.
    Bft(BitFieldType, Option<u64>),
    /// A group, optype or opcode.
    Def(Def),
}

/// Which part of a definition is being read.
enum Sec {
    /// Between the header and the first section.
    Body,
    /// `__Encoding`.
    Encoding,
    /// Free text (or `__OperandInfo`) starting at line index `first`.
    Text {
        name: String,
        span: Span,
        first: usize,
    },
    /// A section that is not allowed here (already reported).
    Ignore,
}

struct Parser<'a> {
    lines: Vec<RawLine<'a>>,
    src: &'a str,
    diags: Vec<Diagnostic>,
    items: Vec<Item>,
    cur: Cur,
    sec: Sec,
    /// A stray line was already reported in the current region.
    junk_reported: bool,
}

/// Parses one file; see [`crate::spec::parse`].
pub fn parse_file(file: usize, src: &str) -> (File, Vec<Diagnostic>) {
    let mut p = Parser {
        lines: split_lines(src),
        src,
        diags: Vec::new(),
        items: Vec::new(),
        cur: Cur::Nothing,
        sec: Sec::Body,
        junk_reported: false,
    };
    p.run();
    let diags = p.diags.into_iter().map(|d| d.in_file(file)).collect();
    (File { items: p.items }, diags)
}

impl<'a> Parser<'a> {
    fn run(&mut self) {
        for idx in 0..self.lines.len() {
            let line = self.lines[idx];
            match classify(&line) {
                Header::Def(kind, rest, off, kw) => {
                    self.finish_section(idx);
                    self.finish_item();
                    self.junk_reported = false;
                    self.sec = Sec::Body;
                    self.cur = self.def_header(kind, rest, off, kw);
                }
                Header::UnknownDef(name, span) => {
                    self.finish_section(idx);
                    self.finish_item();
                    self.diags.push(
                        Diagnostic::error(span, msg!("unknown definition kind `__{0}`", name))
                            .with_help(msg!(
                                "definitions are __DefBitFieldType, __DefGroup, __DefOptype and __DefOpcode"
                            )),
                    );
                    self.cur = Cur::Skip;
                    self.sec = Sec::Body;
                }
                Header::Section(name, span) => {
                    match self.cur {
                        Cur::Skip => continue,
                        Cur::Nothing => {
                            self.diags.push(Diagnostic::error(
                                span,
                                msg!("section `__{0}` outside a definition", name),
                            ));
                            self.cur = Cur::Skip;
                            continue;
                        }
                        _ => {}
                    }
                    self.finish_section(idx);
                    self.sec = if name == "Encoding" {
                        if matches!(self.cur, Cur::Bft(..)) {
                            self.diags.push(Diagnostic::error(
                                span,
                                msg!("a bit-field type has no `__Encoding` section"),
                            ));
                            Sec::Ignore
                        } else {
                            Sec::Encoding
                        }
                    } else {
                        Sec::Text {
                            name,
                            span,
                            first: idx + 1,
                        }
                    };
                }
                Header::Plain => match self.sec {
                    Sec::Text { .. } | Sec::Ignore => {}
                    Sec::Encoding => self.field_line(line),
                    Sec::Body => match self.cur {
                        Cur::Bft(..) => self.value_line(line),
                        Cur::Skip => {}
                        Cur::Nothing | Cur::Def(_) => self.junk(line),
                    },
                },
            }
        }
        let n = self.lines.len();
        self.finish_section(n);
        self.finish_item();
    }

    /// Reports a stray line once per region.
    fn junk(&mut self, line: RawLine<'_>) {
        let body = line.body();
        let t = body.trim();
        if t.is_empty() || t.starts_with("//") || self.junk_reported {
            return;
        }
        self.junk_reported = true;
        let lead = body.len() - body.trim_start().len();
        let span = Span::new(line.start + lead, line.start + lead + body.trim().len());
        let d = if matches!(self.cur, Cur::Def(_)) {
            Diagnostic::error(span, msg!("expected a section header such as `__Encoding`"))
        } else {
            Diagnostic::error(
                span,
                msg!("expected a definition (`__DefBitFieldType`, `__DefGroup`, `__DefOptype` or `__DefOpcode`)"),
            )
        };
        self.diags.push(d);
    }

    fn finish_item(&mut self) {
        match std::mem::replace(&mut self.cur, Cur::Nothing) {
            Cur::Bft(t, _) => self.items.push(Item::BitFieldType(t)),
            Cur::Def(d) => self.items.push(Item::Def(d)),
            Cur::Nothing | Cur::Skip => {}
        }
    }

    /// Reads a definition header; `Cur::Skip` when it is broken.
    fn def_header(&mut self, kind: Option<DefKind>, rest: &str, off: usize, kw: Span) -> Cur {
        let lexed = lex_line(rest, off);
        let had_lex_errors = !lexed.errors.is_empty();
        self.diags.extend(lexed.errors);
        let eol = off + rest.trim_end().len();
        let mut c = Cursor::new(&lexed.tokens, eol);
        let res = match kind {
            None => (|| {
                let name = c.ident(msg!("a type name"))?;
                c.expect(&Tok::Lt, msg!("`<` and the width in bits"))?;
                let (width, _) = c.int(msg!("the width in bits"))?;
                let end = c.expect(&Tok::Gt, "`>`")?;
                Ok(Cur::Bft(
                    BitFieldType {
                        name,
                        width,
                        values: Vec::new(),
                        docs: Vec::new(),
                        span: kw.to(end),
                    },
                    Some(0),
                ))
            })(),
            Some(kind) => (|| {
                let name = c.ident(msg!("a name"))?;
                let mut end = name.span;
                let mut parents = Vec::new();
                if c.eat(&Tok::Colon).is_some() {
                    c.expect(&Tok::LBracket, msg!("`[` starting the parent list"))?;
                    if let Some(s) = c.eat(&Tok::RBracket) {
                        end = s;
                    } else {
                        loop {
                            parents.push(c.ident(msg!("a parent name"))?);
                            if c.eat(&Tok::Comma).is_some() {
                                continue;
                            }
                            end = c.expect(&Tok::RBracket, msg!("`,` or `]`"))?;
                            break;
                        }
                    }
                }
                Ok(Cur::Def(Def {
                    kind,
                    name,
                    parents,
                    fields: Vec::new(),
                    docs: Vec::new(),
                    operand_info: Vec::new(),
                    span: kw.to(end),
                }))
            })(),
        };
        match res {
            Ok(cur) => {
                if !c.at_end() {
                    let d = Diagnostic::error(
                        c.here(),
                        msg!(
                            "unexpected {0} after the definition header",
                            c.peek().map_or(String::new(), |t| t.tok.describe())
                        ),
                    );
                    self.diags.push(d);
                }
                cur
            }
            Err(d) => {
                if !had_lex_errors || !c.at_end() {
                    self.diags.push(d);
                }
                Cur::Skip
            }
        }
    }

    /// Values of a bit-field type: `A; B = 3; // doc`.
    fn value_line(&mut self, line: RawLine<'_>) {
        let lexed = lex_line(line.body(), line.start);
        if !lexed.errors.is_empty() {
            // One report per line: parsing a damaged line only adds noise.
            self.diags.extend(lexed.errors);
            return;
        }
        let Cur::Bft(ty, next) = &mut self.cur else {
            return;
        };
        let mut c = Cursor::new(&lexed.tokens, line.start + line.body().trim_end().len());
        let first_new = ty.values.len();
        while !c.at_end() {
            let r = (|| {
                let name = c.ident(msg!("a value name"))?;
                let mut explicit = None;
                if c.eat(&Tok::Assign).is_some() {
                    explicit = Some(c.int(msg!("a number"))?);
                }
                let semi = c.eat(&Tok::Semi);
                Ok::<_, Diagnostic>((name, explicit, semi))
            })();
            match r {
                Ok((name, explicit, semi)) => {
                    let value = match explicit {
                        Some((v, _)) => Some(v),
                        None => *next,
                    };
                    match value {
                        Some(v) => {
                            ty.values.push(EnumValueDecl {
                                name: name.name,
                                value: v,
                                explicit: explicit.is_some(),
                                doc: None,
                                span: name.span,
                            });
                            *next = v.checked_add(1);
                        }
                        None => self.diags.push(Diagnostic::error(
                            name.span,
                            msg!("implicit value after 0xffffffffffffffff does not fit in 64 bits"),
                        )),
                    }
                    if semi.is_none() {
                        let at = c.prev_end();
                        self.diags.push(Diagnostic::error(
                            Span::new(at, at),
                            msg!("expected `;` after the value"),
                        ));
                        break;
                    }
                }
                Err(d) => {
                    self.diags.push(d);
                    break;
                }
            }
        }
        if let Some((text, _)) = lexed.comment {
            if ty.values.len() > first_new && !text.is_empty() {
                if let Some(v) = ty.values.last_mut() {
                    v.doc = Some(text);
                }
            }
        }
    }

    /// `field<lo, width> Type name [==|= VALUE];` (several per line allowed).
    fn field_line(&mut self, line: RawLine<'_>) {
        let lexed = lex_line(line.body(), line.start);
        if !lexed.errors.is_empty() {
            // One report per line: parsing a damaged line only adds noise.
            self.diags.extend(lexed.errors);
            return;
        }
        let Cur::Def(def) = &mut self.cur else {
            return;
        };
        let mut c = Cursor::new(&lexed.tokens, line.start + line.body().trim_end().len());
        while !c.at_end() {
            let r = (|| {
                let kw = c.ident("`field<lo, width> Type name;`")?;
                if kw.name != "field" {
                    return Err(Diagnostic::error(
                        kw.span,
                        msg!(
                            "expected `field<lo, width> Type name;`, found `{0}`",
                            kw.name
                        ),
                    ));
                }
                c.expect(&Tok::Lt, "`<`")?;
                let (lo, _) = c.int(msg!("the lowest bit number"))?;
                c.expect(&Tok::Comma, "`,`")?;
                let (width, _) = c.int(msg!("the width in bits"))?;
                let high = if c.eat(&Tok::Comma).is_some() {
                    let (hlo, _) = c.int(msg!("the lowest bit of the high part"))?;
                    c.expect(&Tok::Comma, "`,`")?;
                    let (hw, _) = c.int(msg!("the width of the high part"))?;
                    Some((hlo, hw))
                } else {
                    None
                };
                c.expect(&Tok::Gt, "`>`")?;
                let ty = c.ident(msg!("a type name"))?;
                let name = c.ident(msg!("a field name"))?;
                let constraint = if c.eat(&Tok::EqEq).is_some() {
                    Constraint::Fixed(value(&mut c)?)
                } else if c.eat(&Tok::Assign).is_some() {
                    Constraint::Default(value(&mut c)?)
                } else {
                    Constraint::None
                };
                let end = c.expect(&Tok::Semi, "`;`")?;
                Ok(FieldDecl {
                    name,
                    lo,
                    width,
                    high,
                    ty,
                    constraint,
                    span: kw.span.to(end),
                })
            })();
            match r {
                Ok(f) => def.fields.push(f),
                Err(d) => {
                    self.diags.push(d);
                    break;
                }
            }
        }
    }

    /// Closes the open text section (lines `first..end`).
    fn finish_section(&mut self, end: usize) {
        let Sec::Text { name, span, first } = std::mem::replace(&mut self.sec, Sec::Body) else {
            return;
        };
        let end = end.min(self.lines.len());
        let first = first.min(end);
        let lines = &self.lines[first..end];
        if name == "OperandInfo" {
            if let Cur::Def(_) = self.cur {
                let is_stmt = |l: &RawLine<'_>| {
                    let t = l.body().trim_start();
                    ["InList", "OutList", "Order", "Bitwidth"].iter().any(|k| {
                        t.strip_prefix(k)
                            .is_some_and(|r| r.trim_start().starts_with('<'))
                    })
                };
                let neutral = |l: &RawLine<'_>| {
                    let t = l.body().trim();
                    t.is_empty() || t.starts_with("//")
                };
                let stmts: Vec<RawLine<'_>> = lines.iter().copied().filter(is_stmt).collect();
                let prose = lines.iter().find(|l| !neutral(l) && !is_stmt(l)).copied();
                let is_opcode = matches!(&self.cur, Cur::Def(d) if d.kind == DefKind::Opcode);
                if !stmts.is_empty() && (prose.is_none() || is_opcode) {
                    if let Some(p) = prose {
                        let body = p.body();
                        let lead = body.len() - body.trim_start().len();
                        self.diags.push(Diagnostic::error(
                            Span::new(p.start + lead, p.end()),
                            msg!("`__OperandInfo` mixes operand statements with prose"),
                        ).with_help(msg!("an opcode's operand info holds only InList<>, OutList<>, Order<> and Bitwidth<> statements")));
                    }
                    for l in stmts {
                        self.operand_line(l);
                    }
                    return;
                }
                if stmts.is_empty() && prose.is_none() {
                    return;
                }
            }
        }
        let nb: Vec<&RawLine<'_>> = lines.iter().filter(|l| !l.is_blank()).collect();
        let (text, text_span) = match (nb.first(), nb.last()) {
            (Some(a), Some(b)) => {
                let s = Span::new(a.start, b.end());
                (self.src[s.start..s.end].to_string(), s)
            }
            _ => (String::new(), Span::new(span.end, span.end)),
        };
        let doc = DocSection {
            name,
            text,
            span,
            text_span,
        };
        match &mut self.cur {
            Cur::Bft(t, _) => t.docs.push(doc),
            Cur::Def(d) => d.docs.push(doc),
            Cur::Nothing | Cur::Skip => {}
        }
    }

    /// `InList<a, b>; OutList<>; Order<...>; Bitwidth<x> = expr;`
    fn operand_line(&mut self, line: RawLine<'_>) {
        let lexed = lex_line(line.body(), line.start);
        if !lexed.errors.is_empty() {
            // One report per line: parsing a damaged line only adds noise.
            self.diags.extend(lexed.errors);
            return;
        }
        let mut c = Cursor::new(&lexed.tokens, line.start + line.body().trim_end().len());
        let mut out = Vec::new();
        while !c.at_end() {
            let r = (|| {
                let kw = c.ident(msg!("`InList`, `OutList`, `Order` or `Bitwidth`"))?;
                c.expect(&Tok::Lt, "`<`")?;
                let mut names = Vec::new();
                if c.eat(&Tok::Gt).is_none() {
                    loop {
                        names.push(c.ident(msg!("a field name"))?);
                        if c.eat(&Tok::Comma).is_some() {
                            continue;
                        }
                        c.expect(&Tok::Gt, msg!("`,` or `>`"))?;
                        break;
                    }
                }
                let kind = match kw.name.as_str() {
                    "InList" => OperandKind::InList(names),
                    "OutList" => OperandKind::OutList(names),
                    "Order" => OperandKind::Order(names),
                    "Bitwidth" => {
                        if names.len() != 1 {
                            return Err(Diagnostic::error(
                                kw.span,
                                msg!(
                                    "`Bitwidth` takes exactly one operand name, found {0}",
                                    names.len()
                                ),
                            ));
                        }
                        let name = names.remove(0);
                        c.expect(&Tok::Assign, msg!("`=` and the width expression"))?;
                        let e = expr(&mut c, 0)?;
                        OperandKind::Bitwidth(name, e)
                    }
                    other => {
                        return Err(Diagnostic::error(
                            kw.span,
                            msg!("unknown operand statement `{0}`", other),
                        ))
                    }
                };
                let end = c.expect(&Tok::Semi, "`;`")?;
                Ok(OperandStmt {
                    kind,
                    span: kw.span.to(end),
                })
            })();
            match r {
                Ok(s) => out.push(s),
                Err(d) => {
                    self.diags.push(d);
                    break;
                }
            }
        }
        if let Cur::Def(def) = &mut self.cur {
            def.operand_info.extend(out);
        }
    }
}

fn value(c: &mut Cursor<'_>) -> Result<Value, Diagnostic> {
    let v = match c.peek() {
        Some(Token {
            tok: Tok::Ident(s),
            span,
        }) => Value {
            kind: ValueKind::Ident(s.clone()),
            span: *span,
        },
        Some(Token {
            tok: Tok::Int(v),
            span,
        }) => Value {
            kind: ValueKind::Int(*v),
            span: *span,
        },
        _ => return Err(c.error(msg!("a value (a name or a number)"))),
    };
    c.bump();
    Ok(v)
}

/// expr := term (('+' | '-') term)*
fn expr(c: &mut Cursor<'_>, depth: usize) -> Result<Expr, Diagnostic> {
    let mut lhs = term(c, depth)?;
    loop {
        let op = if c.eat(&Tok::Plus).is_some() {
            true
        } else if c.eat(&Tok::Minus).is_some() {
            false
        } else {
            return Ok(lhs);
        };
        let rhs = term(c, depth)?;
        let span = lhs.span.to(rhs.span);
        let kind = if op {
            ExprKind::Add(Box::new(lhs), Box::new(rhs))
        } else {
            ExprKind::Sub(Box::new(lhs), Box::new(rhs))
        };
        lhs = Expr { kind, span };
    }
}

/// term := atom ('*' atom)*
fn term(c: &mut Cursor<'_>, depth: usize) -> Result<Expr, Diagnostic> {
    let mut lhs = atom(c, depth)?;
    while c.eat(&Tok::Star).is_some() {
        let rhs = atom(c, depth)?;
        let span = lhs.span.to(rhs.span);
        lhs = Expr {
            kind: ExprKind::Mul(Box::new(lhs), Box::new(rhs)),
            span,
        };
    }
    Ok(lhs)
}

/// atom := INT | '(' expr ')' | IDENT '==' (STRING | IDENT)
fn atom(c: &mut Cursor<'_>, depth: usize) -> Result<Expr, Diagnostic> {
    let Some(t) = c.peek() else {
        return Err(c.error(msg!("a number, `(` or `field == \"VALUE\"`")));
    };
    match &t.tok {
        Tok::Int(v) => {
            c.pos += 1;
            let v = i64::try_from(*v).map_err(|_| {
                Diagnostic::error(t.span, msg!("number too large for an expression"))
            })?;
            Ok(Expr {
                kind: ExprKind::Int(v),
                span: t.span,
            })
        }
        Tok::LParen => {
            if depth >= MAX_DEPTH {
                return Err(Diagnostic::error(
                    t.span,
                    msg!("expression nested too deeply"),
                ));
            }
            c.pos += 1;
            let inner = expr(c, depth + 1)?;
            let end = c.expect(&Tok::RParen, "`)`")?;
            Ok(Expr {
                kind: inner.kind,
                span: t.span.to(end),
            })
        }
        Tok::Ident(name) => {
            c.pos += 1;
            let field = Ident {
                name: name.clone(),
                span: t.span,
            };
            c.expect(
                &Tok::EqEq,
                msg!("`==` (a field can only be compared with a value)"),
            )?;
            let v = match c.peek() {
                Some(Token {
                    tok: Tok::Str(s) | Tok::Ident(s),
                    span,
                }) => Ident {
                    name: s.clone(),
                    span: *span,
                },
                _ => return Err(c.error(msg!("a value name such as \"U64\""))),
            };
            c.bump();
            let span = field.span.to(v.span);
            Ok(Expr {
                kind: ExprKind::Eq(field, v),
                span,
            })
        }
        _ => Err(c.error(msg!("a number, `(` or `field == \"VALUE\"`"))),
    }
}
