//! The syntax tree of one ISA description file, exactly as written.
//!
//! [`crate::spec::parse`] produces a [`File`]; nothing here is resolved or
//! validated yet (types are names, parents are names, values are names or
//! integers). Enum values are the one exception: their implicit numbers are
//! already filled in (first = 0, then previous + 1), so two files can be
//! compared definition by definition.
//!
//! ```
//! use warpscope_core::spec::{ast, parse};
//! let src = "__DefBitFieldType Mode<2>\n    A;\n    B = 3;\n";
//! let (file, diags) = parse(0, src);
//! assert!(diags.is_empty());
//! let ast::Item::BitFieldType(t) = &file.items[0] else { panic!() };
//! assert_eq!(t.values[1].name, "B");
//! assert_eq!(t.values[1].value, 3);
//! ```

use crate::diag::Span;
use serde::Serialize;

/// One parsed description file: its definitions in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct File {
    /// Top-level definitions, in the order they appear.
    pub items: Vec<Item>,
}

/// A top-level definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Item {
    /// `__DefBitFieldType Name<width>` and its values.
    BitFieldType(BitFieldType),
    /// `__DefGroup`, `__DefOptype` or `__DefOpcode`.
    Def(Def),
}

/// A name as written, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ident {
    /// The text (`pg.not`, `SR_CTAID.X`, `SHFL`).
    pub name: String,
    /// Where it is written.
    pub span: Span,
}

/// `__DefBitFieldType Name<width>` followed by `NAME;` / `NAME = value;`
/// lines and optional documentation sections.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BitFieldType {
    /// Type name.
    pub name: Ident,
    /// Declared width in bits (the number in `<...>`).
    pub width: u64,
    /// Values in declaration order, numbers resolved.
    pub values: Vec<EnumValueDecl>,
    /// Documentation sections after the values.
    pub docs: Vec<DocSection>,
    /// The header line (`__DefBitFieldType ... >`).
    pub span: Span,
}

/// One `NAME;` or `NAME = value;` entry of a [`BitFieldType`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnumValueDecl {
    /// Name (`SR_CTAID.X`).
    pub name: String,
    /// The number: the explicit one, else previous + 1 (the first is 0).
    pub value: u64,
    /// True when the number was written (`= 0xff`).
    pub explicit: bool,
    /// Text of a `// comment` that ends the line (trimmed; empty ones are
    /// `None`).
    pub doc: Option<String>,
    /// Where the name is written.
    pub span: Span,
}

/// Which kind of class definition a [`Def`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum DefKind {
    /// `__DefGroup`: fields shared by many optypes.
    Group,
    /// `__DefOptype`: a mnemonic.
    Optype,
    /// `__DefOpcode`: one concrete encoding of a mnemonic.
    Opcode,
}

impl DefKind {
    /// The header keyword without underscores (`DefGroup`).
    pub fn keyword(self) -> &'static str {
        match self {
            DefKind::Group => "DefGroup",
            DefKind::Optype => "DefOptype",
            DefKind::Opcode => "DefOpcode",
        }
    }
    /// Lower-case word used in messages (`group`).
    pub fn word(self) -> crate::msg::Text {
        match self {
            DefKind::Group => crate::msg!("group"),
            DefKind::Optype => crate::msg!("optype"),
            DefKind::Opcode => crate::msg!("opcode"),
        }
    }
}

/// `__DefGroup/__DefOptype/__DefOpcode Name : [P1, P2]` and its sections.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Def {
    /// Group, optype or opcode.
    pub kind: DefKind,
    /// Its name.
    pub name: Ident,
    /// The names in `: [...]` (empty when there is no list).
    pub parents: Vec<Ident>,
    /// Fields of every `__Encoding` section, in order.
    pub fields: Vec<FieldDecl>,
    /// Documentation sections in order (every section other than
    /// `__Encoding`, plus `__OperandInfo` when it is prose).
    pub docs: Vec<DocSection>,
    /// `InList<...>`, `OutList<...>`, `Order<...>` and `Bitwidth<x> = e`
    /// statements of an `__OperandInfo` section, in order.
    pub operand_info: Vec<OperandStmt>,
    /// The header line.
    pub span: Span,
}

/// `field<lo, width> Type name` with an optional `==VALUE` / `=VALUE`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldDecl {
    /// Field name (`pg`, `pg.not`, `mode`).
    pub name: Ident,
    /// Lowest bit.
    pub lo: u64,
    /// Width in bits (of the low part, for a split field).
    pub width: u64,
    /// `field<lo, width, hlo, hwidth>`: the high part of a split field.
    pub high: Option<(u64, u64)>,
    /// Type name as written (`Reg`, `SHFLMode`, `UImm13`).
    pub ty: Ident,
    /// Fixed or default value.
    pub constraint: Constraint,
    /// From `field` to the `;`.
    pub span: Span,
}

/// What a field declaration says about its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Constraint {
    /// Nothing: the operand must be written.
    None,
    /// `= VALUE`: used when the operand is left out.
    Default(Value),
    /// `== VALUE`: the field always holds this value.
    Fixed(Value),
}

/// A value written in a field declaration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Value {
    /// Name or number.
    pub kind: ValueKind,
    /// Where it is written.
    pub span: Span,
}

/// The two forms of a [`Value`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ValueKind {
    /// A name: an enum value (`BFLY`) or a built-in name (`PT`, `RZ`,
    /// `False`).
    Ident(String),
    /// A decimal or `0x` hexadecimal number.
    Int(u64),
}

/// A free-text section: `__Syntax`, `__Description`, `__Notes`, ...
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DocSection {
    /// Header name without the leading underscores (`Syntax`).
    pub name: String,
    /// The section's lines verbatim, without leading and trailing blank
    /// lines. It is always a slice of the source at [`DocSection::text_span`].
    pub text: String,
    /// The header (`__Syntax`).
    pub span: Span,
    /// Where `text` lies in the source.
    pub text_span: Span,
}

/// One statement of an opcode's `__OperandInfo` section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OperandStmt {
    /// What it says.
    pub kind: OperandKind,
    /// The whole statement.
    pub span: Span,
}

/// The kinds of [`OperandStmt`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum OperandKind {
    /// `InList<a, b>`: fields the instruction reads.
    InList(Vec<Ident>),
    /// `OutList<a, b>`: fields the instruction writes.
    OutList(Vec<Ident>),
    /// `Order<pg, rd, ...>`: operand order in assembly.
    Order(Vec<Ident>),
    /// `Bitwidth<x> = expr`: how many bits operand `x` carries.
    Bitwidth(Ident, Expr),
}

/// An expression of a `Bitwidth` statement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Expr {
    /// The operation.
    pub kind: ExprKind,
    /// Where it is written.
    pub span: Span,
}

/// The forms of an [`Expr`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ExprKind {
    /// A number.
    Int(i64),
    /// `field == "VALUE"`: 1 when the field holds that enum value, else 0.
    Eq(Ident, Ident),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`.
    Mul(Box<Expr>, Box<Expr>),
}

impl Expr {
    /// The same expression in the model's form (without spans).
    pub fn to_model(&self) -> super::model::Expr {
        use super::model::Expr as M;
        let b = |e: &Expr| Box::new(e.to_model());
        match &self.kind {
            ExprKind::Int(v) => M::Int(*v),
            ExprKind::Eq(f, v) => M::Eq(f.name.clone(), v.name.clone()),
            ExprKind::Add(a, c) => M::Add(b(a), b(c)),
            ExprKind::Sub(a, c) => M::Sub(b(a), b(c)),
            ExprKind::Mul(a, c) => M::Mul(b(a), b(c)),
        }
    }
    /// Every `field == "VALUE"` comparison inside, in order.
    pub fn comparisons(&self) -> Vec<(&Ident, &Ident)> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            match &e.kind {
                ExprKind::Int(_) => {}
                ExprKind::Eq(f, v) => out.push((f, v)),
                ExprKind::Add(a, c) | ExprKind::Sub(a, c) | ExprKind::Mul(a, c) => {
                    stack.push(c);
                    stack.push(a);
                }
            }
        }
        out
    }
}
