//! Statements and the kernel around them. A statement that fails to
//! parse is skipped to its `;` (or its block's end) so that the errors of
//! later statements are found in the same pass.

use super::cursor::{Cursor, Stop, P};
use super::errors::{self, Outside, Wanted};
use super::lex::{self, Tok};
use super::syntax::{Declarator, SExpr, SKernel, SStmt, SStmtKind};
use crate::diag::Diagnostic;

/// Parses the kernel in `src`, or gives every syntax error found.
pub(crate) fn parse(src: &str) -> Result<SKernel, Vec<Diagnostic>> {
    let (toks, lex_errors) = lex::tokens(src);
    if !lex_errors.is_empty() {
        return Err(lex_errors);
    }
    let mut c = Cursor::new(src, &toks);
    let kernel = c.kernel();
    match kernel {
        Ok(k) if c.errors.is_empty() => Ok(k),
        _ => Err(c.errors),
    }
}

impl Cursor<'_> {
    /// `__global__ void name() { … }` and nothing after it.
    fn kernel(&mut self) -> P<SKernel> {
        let start = self.span();
        if self.at_end() {
            return self.expected(Wanted::Kernel);
        }
        self.expect_word("__global__")?;
        if !self.is_word("void") {
            let d = errors::outside(self.span(), Outside::NonVoidKernel);
            return self.fail(d);
        }
        self.bump();
        let (name, name_span) = self.ident()?;
        self.expect("(")?;
        if self.is_word("void") && *self.peek_at(1) == Tok::Punct(")") {
            self.bump();
        }
        if !self.is(")") {
            let d = errors::outside(self.span(), Outside::Parameter);
            return self.fail(d);
        }
        self.bump();
        let body = self.block()?;
        let span = start.to(self.prev_span());
        // C allows stray `;` at file scope, as after a struct's `}`.
        while self.eat(";") {}
        if !self.at_end() {
            let d = errors::outside(self.span(), Outside::SecondFunction);
            return self.fail(d);
        }
        Ok(SKernel {
            name,
            name_span,
            span,
            body,
        })
    }

    /// `{ statements }`, recovering after each failed statement.
    fn block(&mut self) -> P<Vec<SStmt>> {
        let open = self.span();
        self.expect("{")?;
        let mut out = Vec::new();
        while !self.eat("}") {
            if self.at_end() {
                return self.fail(errors::open_block(open));
            }
            match self.stmt() {
                Ok(s) => out.push(s),
                Err(Stop) if self.abort => return Err(Stop),
                Err(Stop) => self.recover(),
            }
        }
        Ok(out)
    }

    /// One statement.
    fn stmt(&mut self) -> P<SStmt> {
        self.nested(Self::stmt_inner)
    }

    fn stmt_inner(&mut self) -> P<SStmt> {
        let start = self.span();
        let kind = match self.peek() {
            Tok::Punct("{") => SStmtKind::Block(self.block()?),
            Tok::Punct(";") => {
                self.bump();
                SStmtKind::Empty
            }
            Tok::Ident(w) => match w.as_str() {
                "if" => self.if_stmt()?,
                "while" => {
                    self.bump();
                    let c = self.paren()?;
                    SStmtKind::While(c, Box::new(self.stmt()?))
                }
                "do" => self.do_stmt()?,
                "for" => self.for_stmt()?,
                "break" | "continue" | "return" => self.jump(w)?,
                "switch" | "goto" | "case" | "default" | "asm" | "try" | "throw" => {
                    let d = errors::outside(start, Outside::Statement(w));
                    return self.fail(d);
                }
                _ if self.at_type() => {
                    let d = self.decl()?;
                    self.expect(";")?;
                    d
                }
                _ => self.expr_stmt()?,
            },
            _ => self.expr_stmt()?,
        };
        Ok(SStmt {
            span: start.to(self.prev_span()),
            kind,
        })
    }

    /// `if (c) s [else s]`.
    fn if_stmt(&mut self) -> P<SStmtKind> {
        self.bump();
        let c = self.paren()?;
        let then = Box::new(self.stmt()?);
        let other = if self.is_word("else") {
            self.bump();
            Some(Box::new(self.stmt()?))
        } else {
            None
        };
        Ok(SStmtKind::If(c, then, other))
    }

    /// `do s while (c);`.
    fn do_stmt(&mut self) -> P<SStmtKind> {
        self.bump();
        let body = Box::new(self.stmt()?);
        self.expect_word("while")?;
        let c = self.paren()?;
        self.expect(";")?;
        Ok(SStmtKind::DoWhile(body, c))
    }

    /// `break;`, `continue;` or `return;`.
    fn jump(&mut self, word: &str) -> P<SStmtKind> {
        let start = self.span();
        self.bump();
        if word == "return" && !self.is(";") {
            let d = errors::outside(start.to(self.span()), Outside::ReturnValue);
            return self.fail(d);
        }
        self.expect(";")?;
        Ok(match word {
            "break" => SStmtKind::Break,
            "continue" => SStmtKind::Continue,
            _ => SStmtKind::Return,
        })
    }

    /// An expression and its `;`.
    fn expr_stmt(&mut self) -> P<SStmtKind> {
        let e = self.expr()?;
        self.no_comma()?;
        self.expect(";")?;
        Ok(SStmtKind::Expr(e))
    }

    /// Fails on the comma operator, which the subset leaves out.
    fn no_comma(&mut self) -> P<()> {
        if self.is(",") {
            let d = errors::outside(self.span(), Outside::Comma);
            return self.fail(d);
        }
        Ok(())
    }

    /// `( expr )`.
    fn paren(&mut self) -> P<SExpr> {
        self.expect("(")?;
        let e = self.expr()?;
        self.no_comma()?;
        self.expect(")")?;
        Ok(e)
    }

    /// `T a = e, b;` without its `;`.
    fn decl(&mut self) -> P<SStmtKind> {
        let ty = self.ty()?;
        let mut names: Vec<Declarator> = Vec::new();
        loop {
            let (name, span) = self.ident()?;
            if self.is("[") {
                let d = errors::outside(self.span(), Outside::Array);
                return self.fail(d);
            }
            if self.is("(") {
                let d = errors::outside(span, Outside::FunctionDeclaration);
                return self.fail(d);
            }
            let init = if self.eat("=") {
                Some(self.expr()?)
            } else {
                None
            };
            names.push((name, span, init));
            if !self.eat(",") {
                return Ok(SStmtKind::Decl(ty, names));
            }
        }
    }

    /// `for (init; cond; step) body`.
    fn for_stmt(&mut self) -> P<SStmtKind> {
        self.bump();
        self.expect("(")?;
        let init = if self.is(";") {
            None
        } else {
            let start = self.span();
            let kind = if self.at_type() {
                self.decl()?
            } else {
                let e = self.expr()?;
                self.no_comma()?;
                SStmtKind::Expr(e)
            };
            let span = start.to(self.prev_span());
            Some(Box::new(SStmt { span, kind }))
        };
        self.expect(";")?;
        let cond = self.optional(";")?;
        self.expect(";")?;
        let step = self.optional(")")?;
        self.expect(")")?;
        let body = Box::new(self.stmt()?);
        Ok(SStmtKind::For {
            init,
            cond,
            step,
            body,
        })
    }

    /// An expression unless `end` comes first.
    fn optional(&mut self, end: &str) -> P<Option<SExpr>> {
        if self.is(end) {
            return Ok(None);
        }
        let e = self.expr()?;
        self.no_comma()?;
        Ok(Some(e))
    }
}
