//! Expressions, by precedence climbing with C's precedence and
//! associativity: assignment and `?:` to the right, the binary operators
//! to the left.

use super::ast::{BinOp, Ty};
use super::cursor::{Cursor, P};
use super::errors::{self, Outside, Wanted};
use super::lex::Tok;
use super::syntax::{SExpr, SExprKind};
use crate::diag::Span;

/// How tall an expression's tree may be (a long chain `a + b + …` is
/// read without recursion, so its height is bounded apart from depth).
pub const MAX_HEIGHT: usize = 256;

/// The binary operators: text, operator, precedence (tighter is higher).
/// `&&` and `||` are [`SExprKind::Logic`] and have no [`BinOp`].
const BINARY: &[(&str, Option<BinOp>, u8)] = &[
    ("||", None, 0),
    ("&&", None, 1),
    ("|", Some(BinOp::Or), 2),
    ("^", Some(BinOp::Xor), 3),
    ("&", Some(BinOp::And), 4),
    ("==", Some(BinOp::Eq), 5),
    ("!=", Some(BinOp::Ne), 5),
    ("<", Some(BinOp::Lt), 6),
    ("<=", Some(BinOp::Le), 6),
    (">", Some(BinOp::Gt), 6),
    (">=", Some(BinOp::Ge), 6),
    ("<<", Some(BinOp::Shl), 7),
    (">>", Some(BinOp::Shr), 7),
    ("+", Some(BinOp::Add), 8),
    ("-", Some(BinOp::Sub), 8),
    ("*", Some(BinOp::Mul), 9),
    ("/", Some(BinOp::Div), 9),
    ("%", Some(BinOp::Rem), 9),
];

/// The operator of a binary operator's text.
pub(crate) fn bin_op(text: &str) -> Option<BinOp> {
    BINARY.iter().find(|b| b.0 == text).and_then(|b| b.1)
}

/// The words that start a type in the subset.
pub(crate) const TYPE_WORDS: &[&str] = &["int", "unsigned", "bool", "float", "const"];

/// Words that start a type outside the subset (`errors` says why each
/// is left out).
pub(crate) const OTHER_TYPES: &[&str] = &[
    "double",
    "long",
    "short",
    "char",
    "signed",
    "auto",
    "void",
    "__shared__",
    "__device__",
    "__constant__",
    "static",
    "volatile",
    "extern",
    "struct",
    "union",
    "enum",
    "typedef",
];

impl Cursor<'_> {
    /// Whether a type of the subset, or one outside it, starts here.
    pub(crate) fn at_type(&self) -> bool {
        match self.peek() {
            Tok::Ident(s) => TYPE_WORDS.contains(&s.as_str()) || OTHER_TYPES.contains(&s.as_str()),
            _ => false,
        }
    }

    /// A type: `const`s, then `int`, `unsigned [int]`, `bool` or `float`.
    pub(crate) fn ty(&mut self) -> P<Ty> {
        while self.is_word("const") {
            self.bump();
        }
        let start = self.span();
        let ty = match self.peek() {
            Tok::Ident(s) if s == "int" => Ty::Int,
            Tok::Ident(s) if s == "bool" => Ty::Bool,
            Tok::Ident(s) if s == "float" => Ty::Float,
            Tok::Ident(s) if s == "unsigned" => {
                self.bump();
                if self.at_type() && !self.is_word("int") {
                    return self.other_type();
                }
                self.is_word("int").then(|| self.bump());
                return self.no_pointer(Ty::Unsigned, start);
            }
            Tok::Ident(_) if self.at_type() => return self.other_type(),
            _ => return self.expected(Wanted::Type),
        };
        self.bump();
        self.no_pointer(ty, start)
    }

    /// Fails on a type word outside the subset.
    fn other_type<T>(&mut self) -> P<T> {
        let word = match self.peek() {
            Tok::Ident(s) => s.as_str(),
            _ => "",
        };
        let d = errors::outside(self.span(), Outside::TypeWord(word));
        self.fail(d)
    }

    /// `ty`, unless a `*` makes it a pointer.
    fn no_pointer(&mut self, ty: Ty, start: Span) -> P<Ty> {
        while self.is_word("const") {
            self.bump();
        }
        if self.is("*") || self.is("&") {
            let d = errors::outside(start.to(self.span()), Outside::PointerType);
            return self.fail(d);
        }
        Ok(ty)
    }

    /// An expression (the comma operator is not in the subset).
    pub(crate) fn expr(&mut self) -> P<SExpr> {
        self.nested(Self::assign)
    }

    /// `target = value`, `target op= value`, or a conditional.
    fn assign(&mut self) -> P<SExpr> {
        let lhs = self.cond()?;
        let op = match self.peek() {
            Tok::Punct("=") => None,
            Tok::Punct(p) if p.len() >= 2 && p.ends_with('=') && bin_op(p).is_none() => {
                bin_op(&p[..p.len() - 1])
            }
            _ => return Ok(lhs),
        };
        self.bump();
        let rhs = self.expr()?;
        let span = lhs.span.to(rhs.span);
        self.node(span, SExprKind::Assign(op, Box::new(lhs), Box::new(rhs)))
    }

    /// `c ? a : b`, or a binary expression.
    fn cond(&mut self) -> P<SExpr> {
        let c = self.binary(0)?;
        if !self.eat("?") {
            return Ok(c);
        }
        let a = self.expr()?;
        self.expect(":")?;
        let b = self.nested(Self::cond)?;
        let span = c.span.to(b.span);
        self.node(span, SExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)))
    }

    /// Binary operators of precedence `min` or tighter, left to right.
    fn binary(&mut self, min: u8) -> P<SExpr> {
        let mut lhs = self.unary()?;
        loop {
            let found = match self.peek() {
                Tok::Punct(p) => BINARY.iter().find(|b| b.0 == *p && b.2 >= min),
                _ => None,
            };
            let Some(&(text, op, prec)) = found else {
                return Ok(lhs);
            };
            self.bump();
            let rhs = self.nested(|c| c.binary(prec + 1))?;
            let span = lhs.span.to(rhs.span);
            let (a, b) = (Box::new(lhs), Box::new(rhs));
            let kind = match op {
                Some(op) => SExprKind::Binary(op, a, b),
                None => SExprKind::Logic(text == "&&", a, b),
            };
            lhs = self.node(span, kind)?;
        }
    }

    /// A node, unless it makes the tree taller than [`MAX_HEIGHT`].
    pub(crate) fn node(&mut self, span: Span, kind: SExprKind) -> P<SExpr> {
        let e = SExpr::new(span, kind);
        if e.height > MAX_HEIGHT {
            self.abort = true;
            return self.fail(errors::too_deep(span, MAX_HEIGHT));
        }
        Ok(e)
    }

    /// Prefix operators and casts.
    fn unary(&mut self) -> P<SExpr> {
        self.nested(Self::unary_inner)
    }

    fn unary_inner(&mut self) -> P<SExpr> {
        let start = self.span();
        let kind = match self.peek() {
            Tok::Punct(op @ ("-" | "+" | "!" | "~")) => {
                self.bump();
                SExprKind::Unary(op, Box::new(self.unary()?))
            }
            Tok::Punct(op @ ("++" | "--")) => {
                self.bump();
                let target = Box::new(self.unary()?);
                SExprKind::Step {
                    inc: *op == "++",
                    prefix: true,
                    target,
                }
            }
            Tok::Punct("&") => {
                self.bump();
                SExprKind::AddrOf(Box::new(self.unary()?))
            }
            Tok::Punct("*") => {
                let d = errors::outside(start, Outside::Deref);
                return self.fail(d);
            }
            Tok::Punct("(") if self.type_follows() => {
                self.bump();
                let ty = self.ty()?;
                self.expect(")")?;
                SExprKind::Cast(ty, Box::new(self.unary()?))
            }
            _ => return self.postfix(),
        };
        let span = start.to(self.prev_span());
        self.node(span, kind)
    }

    /// Whether a `(` starts a cast.
    fn type_follows(&self) -> bool {
        match self.peek_at(1) {
            Tok::Ident(s) => TYPE_WORDS.contains(&s.as_str()) || OTHER_TYPES.contains(&s.as_str()),
            _ => false,
        }
    }

    /// A primary expression and its postfix `++`/`--`.
    fn postfix(&mut self) -> P<SExpr> {
        let mut e = self.primary()?;
        loop {
            match self.peek() {
                Tok::Punct(op @ ("++" | "--")) => {
                    self.bump();
                    let span = e.span.to(self.prev_span());
                    let kind = SExprKind::Step {
                        inc: *op == "++",
                        prefix: false,
                        target: Box::new(e),
                    };
                    e = self.node(span, kind)?;
                }
                Tok::Punct("[") => {
                    let d = errors::outside(self.span(), Outside::Indexing);
                    return self.fail(d);
                }
                Tok::Punct(p @ ("." | "->")) => {
                    let d = errors::outside(self.span(), Outside::Member(p));
                    return self.fail(d);
                }
                _ => return Ok(e),
            }
        }
    }
}

/// The names whose members are the launch's built-in values.
pub(crate) const BUILTINS: &[&str] = &["threadIdx", "blockIdx", "blockDim", "gridDim"];

impl Cursor<'_> {
    /// A literal, a name, a call, a built-in's member or `( expr )`.
    fn primary(&mut self) -> P<SExpr> {
        let span = self.span();
        let kind = match self.peek() {
            Tok::Int {
                value,
                radix,
                suffix_u,
            } => self.int_literal(*value, *suffix_u, *radix == 16)?,
            Tok::Float(v) => SExprKind::Float(*v),
            Tok::Char(c) => SExprKind::Int(*c, false),
            Tok::Str(_) => return self.strings(),
            Tok::Punct("(") => {
                self.bump();
                let e = self.expr()?;
                self.expect(")")?;
                return Ok(e);
            }
            Tok::Ident(w) if w == "true" || w == "false" => SExprKind::Bool(w == "true"),
            Tok::Ident(w) if w == "sizeof" => {
                let d = errors::outside(span, Outside::Sizeof);
                return self.fail(d);
            }
            Tok::Ident(w) if BUILTINS.contains(&w.as_str()) => return self.member(w),
            Tok::Ident(w) if *self.peek_at(1) == Tok::Punct("(") => return self.call(w),
            Tok::Ident(w) => SExprKind::Name(w.clone()),
            _ => return self.expected(Wanted::Expression),
        };
        self.bump();
        self.node(span, kind)
    }

    /// An integer literal's value and type, as C types it: `int` when it
    /// fits, else (hex only) `unsigned`; a `u` suffix makes it `unsigned`.
    fn int_literal(&mut self, value: u64, unsigned: bool, hex: bool) -> P<SExprKind> {
        let uint = unsigned || (hex && value > i32::MAX as u64);
        let max = if uint {
            u32::MAX as u64
        } else {
            i32::MAX as u64
        };
        if value > max {
            let text = self
                .src
                .get(self.span().start..self.span().end)
                .unwrap_or("");
            let d = errors::wide_literal(self.span(), text);
            return self.fail(d);
        }
        Ok(SExprKind::Int(value as u32, uint))
    }

    /// Adjacent string literals, joined as C joins them.
    fn strings(&mut self) -> P<SExpr> {
        let start = self.span();
        let mut text = String::new();
        while let Tok::Str(s) = self.peek() {
            text.push_str(s);
            self.bump();
        }
        let span = start.to(self.prev_span());
        self.node(span, SExprKind::Str(text))
    }

    /// `threadIdx.x` and its kin.
    fn member(&mut self, base: &str) -> P<SExpr> {
        let start = self.span();
        self.bump();
        if !self.eat(".") {
            return self.fail(errors::bare_builtin(start, base));
        }
        let (field, end) = self.ident()?;
        self.node(start.to(end), SExprKind::Member(base.to_string(), field))
    }

    /// `name(args…)`.
    fn call(&mut self, name: &str) -> P<SExpr> {
        let name_span = self.span();
        self.bump();
        self.expect("(")?;
        let mut args = Vec::new();
        while !self.eat(")") {
            args.push(self.expr()?);
            if !self.is(")") {
                self.expect(",")?;
            }
        }
        let span = name_span.to(self.prev_span());
        self.node(span, SExprKind::Call(name.to_string(), name_span, args))
    }
}
