//! Names, scopes and statements: the parse tree becomes a checked
//! [`Kernel`]. Every variable gets a [`VarId`]; an inner declaration
//! shadows an outer one with a new variable. Errors are collected, one
//! statement at a time, so that one pass reports all it can.

use super::ast::{Expr, ExprKind, Kernel, Stmt, StmtKind, Ty, Var, VarId};
use super::errors;
use super::io::Io;
use super::parse_expr::{BUILTINS, OTHER_TYPES, TYPE_WORDS};
use super::syntax::{SExpr, SExprKind, SKernel, SStmt, SStmtKind};
use crate::diag::{Diagnostic, Span};
use std::collections::HashMap;

/// A check failed; its error is already recorded.
#[derive(Debug)]
pub(crate) struct Failed;

/// What a check returns.
pub(crate) type C<T> = Result<T, Failed>;

/// Words that cannot name a variable.
pub(crate) const KEYWORDS: &[&str] = &[
    "if",
    "else",
    "for",
    "while",
    "do",
    "break",
    "continue",
    "return",
    "true",
    "false",
    "warpSize",
    "sizeof",
    "switch",
    "goto",
    "case",
    "default",
    "__global__",
];

/// The state of the check: variables, scopes, loops, errors.
pub(crate) struct Checker {
    /// The kernel's name (a call of it is recursion).
    pub(crate) kernel: String,
    pub(crate) vars: Vec<Var>,
    /// Each name's variables, innermost last: a lookup is one hash, so
    /// a kernel with thousands of names is not checked in quadratic time.
    names: HashMap<String, Vec<VarId>>,
    /// The open scopes: the first variable each may hold, and its names.
    scopes: Vec<(usize, Vec<String>)>,
    loops: usize,
    pub(crate) errors: Vec<Diagnostic>,
    /// The puzzle the kernel is compiled for, if any: what `__input` and
    /// `__output` name.
    pub(crate) io: Option<Io>,
}

/// Checks a parsed kernel, compiled for the puzzle registers `io` if any.
pub(crate) fn check(k: SKernel, io: Option<&Io>) -> Result<Kernel, Vec<Diagnostic>> {
    let mut c = Checker {
        io: io.cloned(),
        kernel: k.name.clone(),
        vars: Vec::new(),
        names: HashMap::new(),
        scopes: Vec::new(),
        loops: 0,
        errors: Vec::new(),
    };
    let body = c.block(k.body);
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    Ok(Kernel {
        name: k.name,
        name_span: k.name_span,
        vars: c.vars,
        body,
    })
}

impl Checker {
    /// Records `d` and fails.
    pub(crate) fn fail<T>(&mut self, d: Diagnostic) -> C<T> {
        self.errors.push(d);
        Err(Failed)
    }

    /// The variable `name` names here.
    pub(crate) fn lookup(&self, name: &str) -> Option<VarId> {
        self.names.get(name).and_then(|ids| ids.last()).copied()
    }

    /// Opens a scope.
    fn open(&mut self) {
        self.scopes.push((self.vars.len(), Vec::new()));
    }

    /// Closes the innermost scope: its names name outer variables again.
    fn close(&mut self) {
        for name in self.scopes.pop().map(|s| s.1).unwrap_or_default() {
            if let Some(ids) = self.names.get_mut(&name) {
                ids.pop();
            }
        }
    }

    /// The type of a variable.
    pub(crate) fn var_ty(&self, id: VarId) -> Ty {
        self.vars.get(id.0).map_or(Ty::Int, |v| v.ty)
    }

    /// Declares `name` in the innermost scope.
    fn declare(&mut self, name: String, span: Span, ty: Ty) -> C<VarId> {
        let n = name.as_str();
        let reserved = KEYWORDS.contains(&n)
            || TYPE_WORDS.contains(&n)
            || BUILTINS.contains(&n)
            || OTHER_TYPES.contains(&n);
        if reserved {
            return self.fail(errors::reserved(span, n));
        }
        if self.scopes.is_empty() {
            self.open();
        }
        let first = self.scopes.last().map_or(0, |s| s.0);
        if self.lookup(n).is_some_and(|id| id.0 >= first) {
            return self.fail(errors::redeclared(span, n));
        }
        let id = VarId(self.vars.len());
        self.vars.push(Var {
            name: name.clone(),
            ty,
            span,
        });
        self.names.entry(name.clone()).or_default().push(id);
        if let Some(scope) = self.scopes.last_mut() {
            scope.1.push(name);
        }
        Ok(id)
    }

    /// Statements in a scope of their own.
    fn block(&mut self, stmts: Vec<SStmt>) -> Vec<Stmt> {
        self.open();
        let mut out = Vec::new();
        for s in stmts {
            self.stmt_into(s, &mut out);
        }
        self.close();
        out
    }

    /// A statement as the body of an `if` or a loop: its own scope.
    fn body(&mut self, s: SStmt) -> Box<Stmt> {
        let span = s.span;
        let mut out = self.block(vec![s]);
        let one = match out.len() {
            1 => out.pop(),
            _ => None,
        };
        Box::new(one.unwrap_or(Stmt {
            span,
            kind: StmtKind::Block(out),
        }))
    }

    /// Checks `s` and appends what it becomes (a declaration of several
    /// names becomes one statement each; a failed statement nothing).
    fn stmt_into(&mut self, s: SStmt, out: &mut Vec<Stmt>) {
        let span = s.span;
        let kind = match s.kind {
            SStmtKind::Decl(ty, names) => {
                for (name, name_span, init) in names {
                    if let Ok(kind) = self.decl(ty, name, name_span, init) {
                        out.push(Stmt { span, kind });
                    }
                }
                return;
            }
            kind => self.stmt_kind(kind, span),
        };
        if let Ok(kind) = kind {
            out.push(Stmt { span, kind });
        }
    }

    /// One declared name.
    fn decl(&mut self, ty: Ty, name: String, span: Span, init: Option<SExpr>) -> C<StmtKind> {
        let id = self.declare(name, span, ty)?;
        let init = match init {
            Some(e) => Some(self.value_as(e, ty)?),
            None => None,
        };
        Ok(StmtKind::Decl(id, init))
    }

    /// A statement other than a declaration.
    fn stmt_kind(&mut self, kind: SStmtKind, span: Span) -> C<StmtKind> {
        Ok(match kind {
            SStmtKind::Decl(..) | SStmtKind::Empty => StmtKind::Empty,
            SStmtKind::Expr(e) => return self.expr_stmt(e),
            SStmtKind::Block(b) => StmtKind::Block(self.block(b)),
            SStmtKind::If(c, a, b) => {
                let c = self.condition(c);
                let a = self.body(*a);
                let b = b.map(|b| self.body(*b));
                StmtKind::If(c?, a, b)
            }
            SStmtKind::While(c, body) => {
                let c = self.condition(c);
                StmtKind::While(c?, self.loop_body(*body))
            }
            SStmtKind::DoWhile(body, c) => {
                let body = self.loop_body(*body);
                StmtKind::DoWhile(body, self.condition(c)?)
            }
            SStmtKind::For {
                init,
                cond,
                step,
                body,
            } => return self.for_stmt(init, cond, step, *body),
            SStmtKind::Break => self.jump(StmtKind::Break, span, "break")?,
            SStmtKind::Continue => self.jump(StmtKind::Continue, span, "continue")?,
            SStmtKind::Return => StmtKind::Return,
        })
    }

    /// `break` or `continue`, which need a loop around them.
    fn jump(&mut self, kind: StmtKind, span: Span, word: &str) -> C<StmtKind> {
        if self.loops == 0 {
            return self.fail(errors::outside_loop(span, word));
        }
        Ok(kind)
    }

    /// A loop's body, with `break` and `continue` allowed in it.
    fn loop_body(&mut self, s: SStmt) -> Box<Stmt> {
        self.loops += 1;
        let b = self.body(s);
        self.loops -= 1;
        b
    }

    /// `for (init; cond; step) body` in a scope of its own.
    fn for_stmt(
        &mut self,
        init: Option<Box<SStmt>>,
        cond: Option<SExpr>,
        step: Option<SExpr>,
        body: SStmt,
    ) -> C<StmtKind> {
        self.open();
        let mut inits = Vec::new();
        if let Some(s) = init {
            self.stmt_into(*s, &mut inits);
        }
        let cond = cond.map(|c| self.condition(c)).transpose();
        let step = step.map(|e| self.expr(e)).transpose();
        let body = self.loop_body(body);
        self.close();
        Ok(StmtKind::For {
            init: inits,
            cond: cond?,
            step: step?,
            body,
        })
    }

    /// A condition, converted to `bool`.
    fn condition(&mut self, e: SExpr) -> C<Expr> {
        self.value_as(e, Ty::Bool)
    }

    /// An expression statement: a call of `printf`, `__syncwarp` or
    /// `__output` is a
    /// statement of its own kind, anything else an expression.
    fn expr_stmt(&mut self, e: SExpr) -> C<StmtKind> {
        if let SExprKind::Call(name, name_span, args) = &e.kind {
            if name == "printf" || name == "__syncwarp" || name == "__output" {
                return self.statement_call(name, *name_span, args, e.span);
            }
        }
        Ok(StmtKind::Expr(self.expr(e)?))
    }

    /// `e` converted to `ty`.
    pub(crate) fn value_as(&mut self, e: SExpr, ty: Ty) -> C<Expr> {
        Ok(convert(self.expr(e)?, ty))
    }
}

/// `e` as a value of type `to` (itself when it already is one).
pub(crate) fn convert(e: Expr, to: Ty) -> Expr {
    if e.ty == to {
        return e;
    }
    Expr {
        span: e.span,
        ty: to,
        kind: ExprKind::Convert(Box::new(e)),
    }
}
