//! The checked kernel: names resolved to variables, every expression
//! typed, and every implicit conversion of C written out as a
//! [`ExprKind::Convert`] node, so that a lowering pass never has to know
//! C's conversion rules.

use crate::diag::Span;

/// A value's type, in the order of C's conversion ranks: an operation
/// on two types is done in the later one (`bool` first promoted to `int`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ty {
    /// `false` or `true`, stored as 0 or 1.
    Bool,
    /// 32-bit two's complement.
    Int,
    /// 32-bit, wrapping modulo 2³².
    Unsigned,
    /// IEEE 754 binary32.
    Float,
}

impl Ty {
    /// The type's name in CUDA C.
    pub fn name(self) -> &'static str {
        ["bool", "int", "unsigned", "float"][self as usize]
    }
    /// Whether the type is `int` or `unsigned`.
    pub fn is_integer(self) -> bool {
        matches!(self, Ty::Int | Ty::Unsigned)
    }
}

/// A binary operator. Arithmetic and bitwise operators take two operands
/// of the operation's type; comparisons take two operands of one type and
/// give a `bool`; shifts take an integer of the result's type and an
/// integer amount of either type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// By a constant power of two (the checker makes sure of it).
    Div,
    /// By a constant power of two (the checker makes sure of it).
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinOp {
    /// The operator as written.
    pub fn text(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            And => "&",
            Or => "|",
            Xor => "^",
            Shl => "<<",
            Shr => ">>",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
        }
    }
    /// Whether the operator compares (and gives a `bool`).
    pub fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }
}

/// A unary operator; the operand has the result's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-x` of an `int`, `unsigned` or `float`.
    Neg,
    /// `~x` of an `int` or `unsigned`.
    Not,
    /// `!x` of a `bool`.
    LogicNot,
}

/// A warp or bit intrinsic that gives a value. Its arguments in
/// [`ExprKind::Intrinsic`] are already converted to the parameter types
/// listed here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    /// `(mask: unsigned, v, src: int, width: int)`; `v` and the result
    /// are `int`, `unsigned` or `float`.
    Shfl,
    /// `(mask: unsigned, v, d: unsigned, width: int)`, as [`Intrinsic::Shfl`].
    ShflUp,
    /// `(mask: unsigned, v, d: unsigned, width: int)`, as [`Intrinsic::Shfl`].
    ShflDown,
    /// `(mask: unsigned, v, m: int, width: int)`, as [`Intrinsic::Shfl`].
    ShflXor,
    /// `(mask: unsigned, p: bool) -> unsigned`.
    Ballot,
    /// `(mask: unsigned, p: bool) -> int`.
    Any,
    /// `(mask: unsigned, p: bool) -> int`.
    All,
    /// `(mask: unsigned, p: bool) -> int`.
    Uni,
    /// `() -> unsigned`.
    ActiveMask,
    /// `(mask: unsigned, v: int or unsigned or float) -> unsigned`.
    MatchAny,
    /// `(mask: unsigned, v: int or unsigned) -> int or unsigned`, as `v`.
    ReduceAdd,
    /// As [`Intrinsic::ReduceAdd`].
    ReduceMin,
    /// As [`Intrinsic::ReduceAdd`].
    ReduceMax,
    /// `(mask: unsigned, v: unsigned) -> unsigned`.
    ReduceAnd,
    /// `(mask: unsigned, v: unsigned) -> unsigned`.
    ReduceOr,
    /// `(mask: unsigned, v: unsigned) -> unsigned`.
    ReduceXor,
    /// `(x: unsigned) -> int`.
    Popc,
    /// `(x: int) -> int`.
    Ffs,
    /// `(x: unsigned) -> unsigned`.
    Brev,
    /// `(x: int) -> int`.
    Clz,
}

/// A variable's index in [`Kernel::vars`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub usize);

/// A declared variable. Shadowing makes a new variable with the same name.
#[derive(Debug, Clone, PartialEq)]
pub struct Var {
    /// The name as written.
    pub name: String,
    /// Its type.
    pub ty: Ty,
    /// Where it is declared.
    pub span: Span,
}

/// A typed expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// The text it came from (a conversion's span is its operand's).
    pub span: Span,
    /// The type of its value.
    pub ty: Ty,
    /// What it computes.
    pub kind: ExprKind,
}

/// What an expression computes.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A constant: the 32 bits of its value in the expression's type
    /// (`bool` is 0 or 1, `float` its IEEE bits).
    Const(u32),
    /// A variable's value.
    Var(VarId),
    /// `threadIdx.x`: the lane number, `unsigned`.
    Lane,
    /// `__input(k)`: the puzzle's `k`-th input register in this lane,
    /// `unsigned` (an `R` or `UR` register) or `bool` (a predicate), as
    /// it was when the kernel started.
    Input(usize),
    /// The operand converted to the expression's type, as C++ converts.
    Convert(Box<Expr>),
    /// A unary operator.
    Unary(UnOp, Box<Expr>),
    /// A binary operator (see [`BinOp`] for the operands' types).
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `&&` (`true`) or `||` (`false`) of two `bool`s, short-circuit.
    Logic(bool, Box<Expr>, Box<Expr>),
    /// `c ? a : b` with a `bool` condition and both sides of the
    /// expression's type.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Stores the value (already of the variable's type) and gives it.
    Assign(VarId, Box<Expr>),
    /// `++` (`inc`) or `--` of an `int`, `unsigned` or `float` variable,
    /// giving the new value (`prefix`) or the old one.
    Step {
        /// The variable.
        var: VarId,
        /// Add one (`true`) or subtract one.
        inc: bool,
        /// Give the value after (`true`) or before the step.
        prefix: bool,
    },
    /// An intrinsic with its arguments converted to its parameter types.
    Intrinsic(Intrinsic, Vec<Expr>),
    /// `__match_all_sync(mask, v, &pred)`: gives `mask` (`unsigned`) and
    /// stores 1 in the `int` variable `pred` when every lane of `mask`
    /// has the same `v`, else gives 0 and stores 0.
    MatchAll {
        /// The lanes, `unsigned`.
        mask: Box<Expr>,
        /// The value compared, `int`, `unsigned` or `float`.
        value: Box<Expr>,
        /// The `int` variable written.
        pred: VarId,
    },
}

/// A `printf` directive's conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Conversion {
    /// `%d`, `%i`: signed decimal.
    Signed,
    /// `%u`: unsigned decimal.
    Unsigned,
    /// `%o`: octal.
    Octal,
    /// `%x` (`false`) or `%X` (`true`).
    Hex(bool),
    /// `%c`: the low byte as a character.
    Char,
    /// `%s`.
    Str,
    /// `%f` (`false`) or `%F` (`true`).
    Fixed(bool),
    /// `%e` (`false`) or `%E` (`true`).
    Exp(bool),
}

/// One `%` directive: flags, width, precision, conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Flags {
    /// `-`
    pub left: bool,
    /// `+`
    pub plus: bool,
    /// ` `
    pub space: bool,
    /// `0`
    pub zero: bool,
    /// `#`
    pub alt: bool,
}

/// A piece of a `printf` format.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// Text printed as it is (`%%` already made `%`).
    Text(String),
    /// A directive, which prints the next argument.
    Directive {
        /// The flags.
        flags: Flags,
        /// The minimum width.
        width: usize,
        /// The precision, when given.
        precision: Option<usize>,
        /// The conversion.
        conv: Conversion,
    },
}

/// An argument of `printf` after the format.
#[derive(Debug, Clone, PartialEq)]
pub enum PrintArg {
    /// A number: `int`, `unsigned` or `float` (a `bool` is converted to
    /// `int`, as C promotes it), for the directive at the same place.
    Value(Expr),
    /// A string for `%s`: a literal, or a `?:` choosing between strings.
    Str(StrArg),
}

/// A `%s` argument.
#[derive(Debug, Clone, PartialEq)]
pub enum StrArg {
    /// A string literal.
    Literal(String),
    /// `c ? a : b` with a `bool` condition.
    Choose(Box<Expr>, Box<StrArg>, Box<StrArg>),
}

/// A checked statement.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// Its text.
    pub span: Span,
    /// What it does.
    pub kind: StmtKind,
}

/// What a statement does.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// A declaration of one variable (`int a = 1, b;` is two), with its
    /// initial value converted to the variable's type.
    Decl(VarId, Option<Expr>),
    /// An expression evaluated for its effects.
    Expr(Expr),
    /// `printf(format, args…)`, the format split into pieces whose
    /// directives match the arguments one to one.
    Printf(Vec<Piece>, Vec<PrintArg>),
    /// `__syncwarp(mask)`; the mask is `unsigned`, 0xffffffff when left out.
    SyncWarp(Expr),
    /// `__output(k, v)`: the puzzle's `k`-th output register of this lane
    /// gets `v` (already `unsigned` for an `R` register, `bool` for a
    /// predicate) when the lane leaves the kernel.
    Output(usize, Expr),
    /// A block with its own scope.
    Block(Vec<Stmt>),
    /// `if (c) a else b` with a `bool` condition.
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while (c) body`.
    While(Expr, Box<Stmt>),
    /// `do body while (c);`.
    DoWhile(Box<Stmt>, Expr),
    /// `for (init; cond; step) body`; `init` is zero or more statements
    /// in the loop's own scope, a missing condition is `true`.
    For {
        /// Declarations or an expression statement.
        init: Vec<Stmt>,
        /// The condition, `bool`.
        cond: Option<Expr>,
        /// The expression evaluated after each iteration.
        step: Option<Expr>,
        /// The body.
        body: Box<Stmt>,
    },
    /// `break` out of the innermost loop.
    Break,
    /// `continue` the innermost loop.
    Continue,
    /// The lane leaves the kernel.
    Return,
    /// `;`
    Empty,
}

/// A checked kernel, ready to be lowered.
#[derive(Debug, Clone, PartialEq)]
pub struct Kernel {
    /// The kernel's name.
    pub name: String,
    /// Where the name is.
    pub name_span: Span,
    /// Every variable, indexed by [`VarId`].
    pub vars: Vec<Var>,
    /// The body.
    pub body: Vec<Stmt>,
}
