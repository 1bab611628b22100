//! Conditions to predicates: a comparison is one `ISETP` (or `FSETP`),
//! `!` negates the predicate where it is read, and `a && b`, `a || b`
//! whose right side has no effects fold the left side's predicate into
//! the right side's comparison (the comparisons' `.AND`/`.OR` input).

use super::super::ast::{BinOp, Expr, ExprKind, Ty, UnOp};
use super::super::fold;
use super::code::{Code, Pred, Src, PT};
use super::expr::pure;

/// The w128 comparison of a C comparison operator, for integers.
fn int_cmp(op: BinOp) -> &'static str {
    match op {
        BinOp::Eq => "EQ",
        BinOp::Ne => "NE",
        BinOp::Lt => "LT",
        BinOp::Le => "LE",
        BinOp::Gt => "GT",
        _ => "GE",
    }
}

/// The same for `float`s: ordered, but `!=`, which holds for a NaN.
fn float_cmp(op: BinOp) -> &'static str {
    match op {
        BinOp::Ne => "NEU",
        _ => int_cmp(op),
    }
}

/// The operator with its operands swapped (`a < b` is `b > a`).
fn mirrored(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        other => other,
    }
}

impl Code {
    /// A predicate that holds in the lanes where the `bool` `e` is true.
    pub fn cond(&mut self, e: &Expr) -> Pred {
        if let (true, Some(v)) = (pure(e), fold::value(e)) {
            return if v != 0 {
                Pred::TRUE
            } else {
                Pred::TRUE.negated()
            };
        }
        match &e.kind {
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                self.compare(*op, a, b, Pred::TRUE, "AND", None)
            }
            ExprKind::Unary(UnOp::LogicNot, x) => self.cond(x).negated(),
            ExprKind::Logic(and, a, b) if pure(b) => {
                let pa = self.cond(a);
                self.cond_with(b, *and, pa)
            }
            ExprKind::Convert(x) => self.cond_of_value(x),
            _ => {
                let v = self.value(e);
                self.nonzero(v, Ty::Int, Pred::TRUE, "AND", None)
            }
        }
    }

    /// `(b) && pa` (`and`) or `(b) || pa`, in one instruction where `b`
    /// is a comparison, reusing `pa`'s register.
    fn cond_with(&mut self, b: &Expr, and: bool, pa: Pred) -> Pred {
        let bop = if and { "AND" } else { "OR" };
        let reuse = (pa.num != PT).then_some(pa.num);
        match &b.kind {
            ExprKind::Binary(op, x, y) if op.is_comparison() => {
                self.compare(*op, x, y, pa, bop, reuse)
            }
            ExprKind::Convert(x) if x.ty != Ty::Bool => {
                let v = self.value(x);
                self.nonzero(v, x.ty, pa, bop, reuse)
            }
            _ => {
                let v = self.value(b);
                self.nonzero(v, Ty::Int, pa, bop, reuse)
            }
        }
    }

    /// Where `x` (of any type) is not zero, as a conversion to `bool`
    /// reads it (a NaN is true).
    pub fn cond_of_value(&mut self, x: &Expr) -> Pred {
        if x.ty == Ty::Bool {
            return self.cond(x);
        }
        let v = self.value(x);
        self.nonzero(v, x.ty, Pred::TRUE, "AND", None)
    }

    /// `(v != 0) bop pp`.
    fn nonzero(&mut self, v: Src, ty: Ty, pp: Pred, bop: &str, into: Option<u8>) -> Pred {
        let r = self.reg(v);
        let p = self.pred_or(into);
        let (op, zero) = if ty == Ty::Float {
            ("FSETP.NEU", "0f00000000")
        } else {
            ("ISETP.NE.U32", "0x0")
        };
        self.emit(format!(
            "{op}.{bop} {}, PT, R{r}, {zero}, {}",
            p.text(),
            pp.text()
        ));
        p
    }

    /// `(a op b) bop pp` for a comparison `op`.
    fn compare(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        pp: Pred,
        bop: &str,
        into: Option<u8>,
    ) -> Pred {
        let mut op = op;
        let mut x = self.value(a);
        let mut y = self.value(b);
        if matches!(x, Src::Imm(_)) && matches!(y, Src::R(_)) {
            std::mem::swap(&mut x, &mut y);
            op = mirrored(op);
        }
        let r = self.reg(x);
        let p = self.pred_or(into);
        let y = if a.ty == Ty::Float {
            y.f_text()
        } else {
            y.b_text()
        };
        let text = match a.ty {
            Ty::Float => format!("FSETP.{}.{bop}", float_cmp(op)),
            Ty::Unsigned => format!("ISETP.{}.U32.{bop}", int_cmp(op)),
            _ => format!("ISETP.{}.S32.{bop}", int_cmp(op)),
        };
        self.emit(format!("{text} {}, PT, R{r}, {y}, {}", p.text(), pp.text()));
        p
    }

    /// Predicate `into` when given, else a fresh one.
    fn pred_or(&mut self, into: Option<u8>) -> Pred {
        match into {
            Some(num) => Pred { num, not: false },
            None => self.pred(),
        }
    }
}
