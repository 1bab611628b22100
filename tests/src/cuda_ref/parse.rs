//! A recursive-descent parser of the subset, with C's precedence.

use super::ast::{Expr, ExprKind, Kernel, Pos, Stmt, StmtKind, Ty};
use super::lex::{Tok, Token};
use super::{Error, Kind};

/// Parses one kernel from `toks` (which end in [`Tok::Eof`]).
pub fn kernel(toks: &[Token]) -> Result<Kernel, Error> {
    let mut p = Parser { toks, at: 0 };
    p.word("__global__")?;
    p.word("void")?;
    p.ident()?;
    p.punct("(")?;
    if p.is_word("void") {
        p.at += 1;
    }
    if !p.is_punct(")") {
        return Err(p.unsupported("kernel parameters (the kernel runs with none)"));
    }
    p.punct(")")?;
    let body = p.block()?;
    if p.peek() != &Tok::Eof {
        return Err(p.unsupported("a second function (one kernel per file)"));
    }
    Ok(Kernel { body })
}

struct Parser<'a> {
    toks: &'a [Token],
    at: usize,
}

/// The words that start a type.
const TYPE_WORDS: &[&str] = &["int", "unsigned", "bool", "float", "const"];
/// Type words outside the subset, and why.
const OTHER_TYPES: &[(&str, &str)] = &[
    (
        "double",
        "`double` (the subset's only floating type is `float`)",
    ),
    ("long", "`long` (the subset's integers are 32-bit)"),
    ("short", "`short` (the subset's integers are 32-bit)"),
    ("char", "`char` variables (character literals are `int`s)"),
    ("signed", "`signed` (write `int`)"),
    ("auto", "`auto` (name the type)"),
    (
        "__shared__",
        "shared memory (a kernel runs as one warp, with registers only)",
    ),
    ("struct", "structures"),
];

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].tok
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.at + k).min(self.toks.len() - 1)].tok
    }
    fn pos(&self) -> Pos {
        let t = &self.toks[self.at];
        Pos {
            line: t.line,
            col: t.col,
        }
    }
    fn error(&self, kind: Kind, msg: String) -> Error {
        let p = self.pos();
        Error {
            line: p.line,
            col: p.col,
            kind,
            msg,
        }
    }
    fn unsupported(&self, what: &str) -> Error {
        self.error(
            Kind::Unsupported,
            format!("{what} is not in the CUDA subset"),
        )
    }
    fn describe(&self) -> String {
        match self.peek() {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Int { value, .. } => format!("the number {value}"),
            Tok::Float(v) => format!("the number {v}"),
            Tok::Char(_) => "a character".into(),
            Tok::Str(_) => "a string".into(),
            Tok::Eof => "the end of the file".into(),
        }
    }
    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }
    fn punct(&mut self, p: &str) -> Result<(), Error> {
        if self.is_punct(p) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(
                Kind::Syntax,
                format!("expected `{p}`, found {}", self.describe()),
            ))
        }
    }
    fn word(&mut self, w: &str) -> Result<(), Error> {
        if self.is_word(w) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(
                Kind::Syntax,
                format!("expected `{w}`, found {}", self.describe()),
            ))
        }
    }
    fn ident(&mut self) -> Result<String, Error> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.at += 1;
                Ok(s)
            }
            _ => Err(self.error(
                Kind::Syntax,
                format!("expected a name, found {}", self.describe()),
            )),
        }
    }

    /// Whether a type starts here.
    fn at_type(&self) -> bool {
        matches!(self.peek(), Tok::Ident(s) if TYPE_WORDS.contains(&s.as_str()))
    }
    fn other_type(&self) -> Option<&'static str> {
        match self.peek() {
            Tok::Ident(s) => OTHER_TYPES
                .iter()
                .find(|(w, _)| w == s)
                .map(|(_, why)| *why),
            _ => None,
        }
    }
    /// A type: `int`, `unsigned [int]`, `bool`, `float`, after any `const`.
    fn ty(&mut self) -> Result<Ty, Error> {
        while self.is_word("const") {
            self.at += 1;
        }
        let t = match self.peek() {
            Tok::Ident(s) if s == "int" => Ty::Int,
            Tok::Ident(s) if s == "bool" => Ty::Bool,
            Tok::Ident(s) if s == "float" => Ty::Float,
            Tok::Ident(s) if s == "unsigned" => {
                self.at += 1;
                if self.is_word("int") {
                    self.at += 1;
                }
                return self.no_pointer(Ty::Uint);
            }
            _ => {
                return Err(match self.other_type() {
                    Some(why) => self.unsupported(why),
                    None => self.error(
                        Kind::Syntax,
                        format!("expected a type, found {}", self.describe()),
                    ),
                })
            }
        };
        self.at += 1;
        self.no_pointer(t)
    }
    fn no_pointer(&self, t: Ty) -> Result<Ty, Error> {
        if self.is_punct("*") {
            return Err(self.unsupported("a pointer"));
        }
        Ok(t)
    }

    fn block(&mut self) -> Result<Vec<Stmt>, Error> {
        self.punct("{")?;
        let mut out = Vec::new();
        while !self.is_punct("}") {
            if self.peek() == &Tok::Eof {
                return Err(self.error(Kind::Syntax, "a `{` is not closed".into()));
            }
            out.push(self.stmt()?);
        }
        self.at += 1;
        Ok(out)
    }

    fn stmt(&mut self) -> Result<Stmt, Error> {
        let pos = self.pos();
        let kind = match self.peek().clone() {
            Tok::Punct("{") => StmtKind::Block(self.block()?),
            Tok::Punct(";") => {
                self.at += 1;
                StmtKind::Empty
            }
            Tok::Ident(w) => match w.as_str() {
                "if" => {
                    self.at += 1;
                    let c = self.paren()?;
                    let then = Box::new(self.stmt()?);
                    let other = if self.is_word("else") {
                        self.at += 1;
                        Some(Box::new(self.stmt()?))
                    } else {
                        None
                    };
                    StmtKind::If(c, then, other)
                }
                "while" => {
                    self.at += 1;
                    let c = self.paren()?;
                    StmtKind::While(c, Box::new(self.stmt()?))
                }
                "do" => {
                    self.at += 1;
                    let body = Box::new(self.stmt()?);
                    self.word("while")?;
                    let c = self.paren()?;
                    self.punct(";")?;
                    StmtKind::DoWhile(body, c)
                }
                "for" => self.for_stmt()?,
                "break" | "continue" | "return" => {
                    self.at += 1;
                    if w == "return" && !self.is_punct(";") {
                        return Err(self.unsupported("returning a value (the kernel is `void`)"));
                    }
                    self.punct(";")?;
                    match w.as_str() {
                        "break" => StmtKind::Break,
                        "continue" => StmtKind::Continue,
                        _ => StmtKind::Return,
                    }
                }
                "switch" | "goto" => return Err(self.unsupported(&format!("`{w}`"))),
                _ if self.at_type() || self.other_type().is_some() => {
                    let d = self.decl()?;
                    self.punct(";")?;
                    d
                }
                _ => self.expr_stmt()?,
            },
            _ => self.expr_stmt()?,
        };
        Ok(Stmt { pos, kind })
    }

    fn expr_stmt(&mut self) -> Result<StmtKind, Error> {
        let e = self.expr()?;
        self.punct(";")?;
        Ok(StmtKind::Expr(e))
    }

    fn paren(&mut self) -> Result<Expr, Error> {
        self.punct("(")?;
        let e = self.expr()?;
        self.punct(")")?;
        Ok(e)
    }

    fn decl(&mut self) -> Result<StmtKind, Error> {
        let ty = self.ty()?;
        let mut names = Vec::new();
        loop {
            let name = self.ident()?;
            if self.is_punct("[") {
                return Err(self.unsupported("an array"));
            }
            let init = if self.is_punct("=") {
                self.at += 1;
                Some(self.assign()?)
            } else {
                None
            };
            names.push((name, init));
            if !self.is_punct(",") {
                break;
            }
            self.at += 1;
        }
        Ok(StmtKind::Decl(ty, names))
    }

    fn for_stmt(&mut self) -> Result<StmtKind, Error> {
        self.at += 1;
        self.punct("(")?;
        let init = if self.is_punct(";") {
            None
        } else {
            let pos = self.pos();
            let kind = if self.at_type() || self.other_type().is_some() {
                self.decl()?
            } else {
                StmtKind::Expr(self.expr()?)
            };
            Some(Box::new(Stmt { pos, kind }))
        };
        self.punct(";")?;
        let cond = if self.is_punct(";") {
            None
        } else {
            Some(self.expr()?)
        };
        self.punct(";")?;
        let step = if self.is_punct(")") {
            None
        } else {
            Some(self.expr()?)
        };
        self.punct(")")?;
        Ok(StmtKind::For(init, cond, step, Box::new(self.stmt()?)))
    }

    /// An expression (the comma operator is not in the subset).
    pub fn expr(&mut self) -> Result<Expr, Error> {
        self.assign()
    }

    fn assign(&mut self) -> Result<Expr, Error> {
        let pos = self.pos();
        let lhs = self.cond()?;
        let op = match self.peek() {
            Tok::Punct("=") => None,
            Tok::Punct(p)
                if p.len() >= 2 && p.ends_with('=') && !matches!(*p, "==" | "!=" | "<=" | ">=") =>
            {
                Some(&p[..p.len() - 1])
            }
            _ => return Ok(lhs),
        };
        let op: Option<&'static str> = op.map(static_op);
        let ExprKind::Var(name) = lhs.kind else {
            return Err(self.error(
                Kind::Unsupported,
                "only a variable can be assigned to".into(),
            ));
        };
        self.at += 1;
        let rhs = self.assign()?;
        Ok(Expr {
            pos,
            kind: ExprKind::Assign(op, name, Box::new(rhs)),
        })
    }

    fn cond(&mut self) -> Result<Expr, Error> {
        let pos = self.pos();
        let c = self.binary(0)?;
        if !self.is_punct("?") {
            return Ok(c);
        }
        self.at += 1;
        let a = self.assign()?;
        self.punct(":")?;
        let b = self.cond()?;
        Ok(Expr {
            pos,
            kind: ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
        })
    }

    /// Binary operators by precedence level, loosest first.
    fn binary(&mut self, level: usize) -> Result<Expr, Error> {
        const LEVELS: &[&[&str]] = &[
            &["||"],
            &["&&"],
            &["|"],
            &["^"],
            &["&"],
            &["==", "!="],
            &["<", "<=", ">", ">="],
            &["<<", ">>"],
            &["+", "-"],
            &["*", "/", "%"],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            let op = match self.peek() {
                Tok::Punct(p) if LEVELS[level].contains(p) => *p,
                _ => return Ok(lhs),
            };
            let pos = self.pos();
            self.at += 1;
            let rhs = self.binary(level + 1)?;
            let kind = if op == "&&" || op == "||" {
                ExprKind::Logic(op, Box::new(lhs), Box::new(rhs))
            } else {
                ExprKind::Binary(op, Box::new(lhs), Box::new(rhs))
            };
            lhs = Expr { pos, kind };
        }
    }

    fn unary(&mut self) -> Result<Expr, Error> {
        let pos = self.pos();
        let kind = match self.peek().clone() {
            Tok::Punct(op @ ("-" | "+" | "!" | "~")) => {
                self.at += 1;
                ExprKind::Unary(op, Box::new(self.unary()?))
            }
            Tok::Punct(op @ ("++" | "--")) => {
                self.at += 1;
                ExprKind::Step(&op[..1], true, self.ident()?)
            }
            Tok::Punct("&") => {
                self.at += 1;
                ExprKind::AddrOf(self.ident()?)
            }
            Tok::Punct("*") => return Err(self.unsupported("a pointer")),
            Tok::Punct("(") if matches!(self.peek_at(1), Tok::Ident(s) if TYPE_WORDS.contains(&s.as_str()) || OTHER_TYPES.iter().any(|(w, _)| w == s)) =>
            {
                self.at += 1;
                let t = self.ty()?;
                self.punct(")")?;
                ExprKind::Cast(t, Box::new(self.unary()?))
            }
            _ => return self.postfix(),
        };
        Ok(Expr { pos, kind })
    }

    fn postfix(&mut self) -> Result<Expr, Error> {
        let pos = self.pos();
        let e = self.primary()?;
        if let Tok::Punct(op @ ("++" | "--")) = self.peek().clone() {
            let ExprKind::Var(name) = e.kind else {
                return Err(self.error(
                    Kind::Unsupported,
                    "only a variable can be incremented".into(),
                ));
            };
            self.at += 1;
            return Ok(Expr {
                pos,
                kind: ExprKind::Step(&op[..1], false, name),
            });
        }
        if self.is_punct("[") {
            return Err(self.unsupported("indexing (arrays and pointers)"));
        }
        Ok(e)
    }

    fn primary(&mut self) -> Result<Expr, Error> {
        let pos = self.pos();
        let tok = self.peek().clone();
        self.at += 1;
        let kind = match tok {
            Tok::Int {
                value,
                unsigned,
                hex,
            } => {
                let ty = if unsigned || (hex && value > i32::MAX as u64) {
                    Ty::Uint
                } else {
                    Ty::Int
                };
                let fits = if ty == Ty::Uint {
                    value <= u64::from(u32::MAX)
                } else {
                    value <= i32::MAX as u64
                };
                if !fits {
                    self.at -= 1;
                    return Err(
                        self.unsupported(&format!("{value}, a literal wider than 32 bits,"))
                    );
                }
                ExprKind::Lit(ty, value as u32)
            }
            Tok::Float(v) => ExprKind::Lit(Ty::Float, v.to_bits()),
            Tok::Char(c) => ExprKind::Lit(Ty::Int, u32::from(c)),
            Tok::Str(s) => ExprKind::Str(s),
            Tok::Punct("(") => {
                let e = self.expr()?;
                self.punct(")")?;
                return Ok(e);
            }
            Tok::Ident(w) if w == "true" || w == "false" => {
                ExprKind::Lit(Ty::Bool, u32::from(w == "true"))
            }
            Tok::Ident(w)
                if matches!(
                    w.as_str(),
                    "threadIdx" | "blockDim" | "blockIdx" | "gridDim"
                ) =>
            {
                self.punct(".")?;
                ExprKind::Builtin(w, self.ident()?)
            }
            Tok::Ident(w) if self.is_punct("(") => {
                self.at += 1;
                let mut args = Vec::new();
                while !self.is_punct(")") {
                    args.push(self.assign()?);
                    if !self.is_punct(")") {
                        self.punct(",")?;
                    }
                }
                self.at += 1;
                ExprKind::Call(w, args)
            }
            Tok::Ident(w) => ExprKind::Var(w),
            _ => {
                self.at -= 1;
                return Err(self.error(
                    Kind::Syntax,
                    format!("expected an expression, found {}", self.describe()),
                ));
            }
        };
        Ok(Expr { pos, kind })
    }
}

/// The operator of a compound assignment as a `'static` string.
fn static_op(op: &str) -> &'static str {
    ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"]
        .into_iter()
        .find(|o| *o == op)
        .unwrap_or("?")
}
