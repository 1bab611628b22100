//! The parse tree: the kernel as written, before names and types are
//! resolved. Every node carries the span of its whole text.

use super::ast::{BinOp, Ty};
use crate::diag::Span;

/// An expression as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SExpr {
    pub(crate) span: Span,
    pub(crate) kind: SExprKind,
    /// The number of nodes on the longest path down from this one, which
    /// the parser bounds so that no later pass recurses without end.
    pub(crate) height: usize,
}

/// The kinds of expression in the parse tree.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SExprKind {
    /// An integer literal: its value and whether it is `unsigned`.
    Int(u32, bool),
    Float(f32),
    Bool(bool),
    /// One or more adjacent string literals, joined.
    Str(String),
    /// A name: a variable (or, before a call, a function).
    Name(String),
    /// `threadIdx.x` and its kin: the name before the dot and after it.
    Member(String, String),
    /// A prefix `-`, `+`, `!` or `~`.
    Unary(&'static str, Box<SExpr>),
    Binary(BinOp, Box<SExpr>, Box<SExpr>),
    /// `&&` (`true`) or `||` (`false`).
    Logic(bool, Box<SExpr>, Box<SExpr>),
    Cond(Box<SExpr>, Box<SExpr>, Box<SExpr>),
    Cast(Ty, Box<SExpr>),
    /// `=` (no operator) or a compound assignment.
    Assign(Option<BinOp>, Box<SExpr>, Box<SExpr>),
    /// `++` (`true`) or `--`, before (`true`) or after the operand.
    Step {
        inc: bool,
        prefix: bool,
        target: Box<SExpr>,
    },
    /// `&x`.
    AddrOf(Box<SExpr>),
    /// A call: the function's name, its span, the arguments.
    Call(String, Span, Vec<SExpr>),
}

impl SExpr {
    /// A node over `kind`, its height one more than its tallest child.
    pub(crate) fn new(span: Span, kind: SExprKind) -> SExpr {
        let height = 1 + kind.children().map(|c| c.height).max().unwrap_or(0);
        SExpr { span, kind, height }
    }
}

impl SExprKind {
    /// The sub-expressions, in source order.
    fn children(&self) -> impl Iterator<Item = &SExpr> {
        let list: Vec<&SExpr> = match self {
            SExprKind::Unary(_, a)
            | SExprKind::Cast(_, a)
            | SExprKind::AddrOf(a)
            | SExprKind::Step { target: a, .. } => vec![a],
            SExprKind::Binary(_, a, b) | SExprKind::Logic(_, a, b) | SExprKind::Assign(_, a, b) => {
                vec![a, b]
            }
            SExprKind::Cond(a, b, c) => vec![a, b, c],
            SExprKind::Call(_, _, args) => args.iter().collect(),
            _ => Vec::new(),
        };
        list.into_iter()
    }
}

/// A statement as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SStmt {
    pub(crate) span: Span,
    pub(crate) kind: SStmtKind,
}

/// One name of a declaration: the name, its span, its initialiser.
pub(crate) type Declarator = (String, Span, Option<SExpr>);

/// The kinds of statement in the parse tree.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SStmtKind {
    /// `T a = 1, b;`
    Decl(Ty, Vec<Declarator>),
    Expr(SExpr),
    Block(Vec<SStmt>),
    If(SExpr, Box<SStmt>, Option<Box<SStmt>>),
    While(SExpr, Box<SStmt>),
    DoWhile(Box<SStmt>, SExpr),
    /// `for (init; cond; step) body`, each of the three parts optional.
    For {
        init: Option<Box<SStmt>>,
        cond: Option<SExpr>,
        step: Option<SExpr>,
        body: Box<SStmt>,
    },
    Break,
    Continue,
    Return,
    Empty,
}

/// The kernel as written: its name and body.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SKernel {
    pub(crate) name: String,
    pub(crate) name_span: Span,
    pub(crate) span: Span,
    pub(crate) body: Vec<SStmt>,
}
