//! The subset's syntax tree: what the parser makes and the interpreter runs.

/// A value's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Int,
    Uint,
    Bool,
    Float,
}

impl Ty {
    pub fn name(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Uint => "unsigned",
            Ty::Bool => "bool",
            Ty::Float => "float",
        }
    }
}

/// A place in the source: 1-based line and column.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

/// An expression and where it starts.
#[derive(Debug, Clone)]
pub struct Expr {
    pub pos: Pos,
    pub kind: ExprKind,
}

#[derive(Debug, Clone)]
pub enum ExprKind {
    /// A constant: its type and its 32 bits.
    Lit(Ty, u32),
    Str(String),
    Var(String),
    /// `threadIdx.x` and its kin: the name before the dot and after it.
    Builtin(String, String),
    Unary(&'static str, Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    /// `&&` or `||`.
    Logic(&'static str, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Cast(Ty, Box<Expr>),
    /// `=` or a compound assignment (`+=` is `"+"`) to a variable.
    Assign(Option<&'static str>, String, Box<Expr>),
    /// `++`/`--` (`"+"`/`"-"`), before (`true`) or after the variable.
    Step(&'static str, bool, String),
    /// `&name`, allowed only as `__match_all_sync`'s third argument.
    AddrOf(String),
    Call(String, Vec<Expr>),
}

/// A statement and where it starts.
#[derive(Debug, Clone)]
pub struct Stmt {
    pub pos: Pos,
    pub kind: StmtKind,
}

#[derive(Debug, Clone)]
pub enum StmtKind {
    /// A declaration: the type and each name with its initialiser.
    Decl(Ty, Vec<(String, Option<Expr>)>),
    Expr(Expr),
    Block(Vec<Stmt>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    DoWhile(Box<Stmt>, Expr),
    /// `for (init; cond; step) body`.
    For(Option<Box<Stmt>>, Option<Expr>, Option<Expr>, Box<Stmt>),
    Break,
    Continue,
    Return,
    Empty,
}

/// A kernel's body (its name plays no part in a run).
#[derive(Debug, Clone)]
pub struct Kernel {
    pub body: Vec<Stmt>,
}
