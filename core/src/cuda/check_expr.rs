//! Expressions: names, operators, casts and assignments get their types
//! by C's rules, and each implicit conversion becomes a
//! [`ExprKind::Convert`] node. The subset's own limits on operators (what
//! `/`, `%` and shifts may take) are checked here too.

use super::ast::{BinOp, Expr, ExprKind, Ty, UnOp, VarId};
use super::check::{convert, Checker, C};
use super::errors;
use super::fold;
use super::syntax::{SExpr, SExprKind};
use crate::diag::Span;

/// `bool` operands of arithmetic become `int`, as C promotes them.
pub(crate) fn promote(e: Expr) -> Expr {
    match e.ty {
        Ty::Bool => convert(e, Ty::Int),
        _ => e,
    }
}

/// The type C's usual arithmetic conversions give two operands.
fn common(a: Ty, b: Ty) -> Ty {
    a.max(b).max(Ty::Int)
}

/// An expression node.
fn node(span: Span, ty: Ty, kind: ExprKind) -> Expr {
    Expr { span, ty, kind }
}

impl Checker {
    /// Types an expression.
    pub(crate) fn expr(&mut self, e: SExpr) -> C<Expr> {
        let span = e.span;
        match e.kind {
            SExprKind::Int(v, uint) => Ok(node(
                span,
                if uint { Ty::Unsigned } else { Ty::Int },
                ExprKind::Const(v),
            )),
            SExprKind::Float(f) => Ok(node(span, Ty::Float, ExprKind::Const(f.to_bits()))),
            SExprKind::Bool(b) => Ok(node(span, Ty::Bool, ExprKind::Const(u32::from(b)))),
            SExprKind::Str(_) => self.fail(errors::stray_string(span)),
            SExprKind::Name(n) => self.name(&n, span),
            SExprKind::Member(base, field) => self.member(&base, &field, span),
            SExprKind::Unary(op, x) => self.unary(op, *x, span),
            SExprKind::Binary(op, a, b) => {
                let (a, b) = (self.expr(*a), self.expr(*b));
                self.binary(op, a?, b?, span)
            }
            SExprKind::Logic(and, a, b) => {
                let (a, b) = (self.value_as(*a, Ty::Bool), self.value_as(*b, Ty::Bool));
                Ok(node(
                    span,
                    Ty::Bool,
                    ExprKind::Logic(and, Box::new(a?), Box::new(b?)),
                ))
            }
            SExprKind::Cond(c, a, b) => self.cond(*c, *a, *b, span),
            SExprKind::Cast(ty, x) => {
                let x = self.expr(*x)?;
                Ok(Expr {
                    span,
                    ..convert(x, ty)
                })
            }
            SExprKind::Assign(op, target, value) => self.assign(op, *target, *value, span),
            SExprKind::Step {
                inc,
                prefix,
                target,
            } => self.step(inc, prefix, *target, span),
            SExprKind::AddrOf(_) => self.fail(errors::address_of(span)),
            SExprKind::Call(name, name_span, args) => self.call(&name, name_span, args, span),
        }
    }

    /// A variable, or `warpSize`.
    fn name(&mut self, n: &str, span: Span) -> C<Expr> {
        if let Some(id) = self.lookup(n) {
            return Ok(node(span, self.var_ty(id), ExprKind::Var(id)));
        }
        if n == "warpSize" {
            return Ok(node(span, Ty::Int, ExprKind::Const(32)));
        }
        self.fail(errors::not_declared(span, n))
    }

    /// `threadIdx.x` and its kin, for one warp in one block.
    fn member(&mut self, base: &str, field: &str, span: Span) -> C<Expr> {
        let value = match (base, field) {
            ("threadIdx", "x") => return Ok(node(span, Ty::Unsigned, ExprKind::Lane)),
            ("blockDim", "x") => 32,
            ("blockIdx" | "threadIdx", "y" | "z") | ("blockIdx", "x") => 0,
            ("blockDim", "y" | "z") | ("gridDim", "x" | "y" | "z") => 1,
            _ => return self.fail(errors::no_member(span, base, field)),
        };
        Ok(node(span, Ty::Unsigned, ExprKind::Const(value)))
    }

    /// `-x`, `+x`, `!x`, `~x`.
    fn unary(&mut self, op: &str, x: SExpr, span: Span) -> C<Expr> {
        let x = self.expr(x)?;
        match op {
            "!" => {
                let x = convert(x, Ty::Bool);
                Ok(node(
                    span,
                    Ty::Bool,
                    ExprKind::Unary(UnOp::LogicNot, Box::new(x)),
                ))
            }
            "+" => Ok(Expr { span, ..promote(x) }),
            _ => {
                let x = promote(x);
                let op = if op == "-" { UnOp::Neg } else { UnOp::Not };
                if op == UnOp::Not && x.ty == Ty::Float {
                    return self.fail(errors::operand_type(span, "~", Ty::Float));
                }
                Ok(node(span, x.ty, ExprKind::Unary(op, Box::new(x))))
            }
        }
    }

    /// A binary operator on typed operands, with C's conversions made
    /// explicit and the subset's limits checked.
    pub(crate) fn binary(&mut self, op: BinOp, a: Expr, b: Expr, span: Span) -> C<Expr> {
        let (a, b) = (promote(a), promote(b));
        let integral = matches!(
            op,
            BinOp::Rem | BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::Shr
        );
        if integral {
            if let Some(f) = [&a, &b].into_iter().find(|x| x.ty == Ty::Float) {
                let d = errors::operand_type(f.span, op.text(), Ty::Float);
                return self.fail(d);
            }
        }
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            self.shift_amount(&b)?;
            let ty = a.ty;
            return Ok(node(
                span,
                ty,
                ExprKind::Binary(op, Box::new(a), Box::new(b)),
            ));
        }
        let t = common(a.ty, b.ty);
        let (a, b) = (convert(a, t), convert(b, t));
        if matches!(op, BinOp::Div | BinOp::Rem) {
            self.divisor(op, &b)?;
        }
        let ty = if op.is_comparison() { Ty::Bool } else { t };
        Ok(node(
            span,
            ty,
            ExprKind::Binary(op, Box::new(a), Box::new(b)),
        ))
    }

    /// A constant shift amount must be 0 to 31 (else the shift is
    /// undefined); an amount known only when the kernel runs is the
    /// kernel's own business.
    fn shift_amount(&mut self, b: &Expr) -> C<()> {
        match fold::integer(b) {
            Some(n) if !(0..32).contains(&n) => self.fail(errors::shift_range(b.span, n)),
            _ => Ok(()),
        }
    }

    /// The divisor of `/` or `%` must be a constant: the w128 ISA has no
    /// divide, and a constant divisor becomes a multiplication and
    /// shifts. A `float` divisor must be a power of two, so that the
    /// multiplication by its reciprocal is exact.
    fn divisor(&mut self, op: BinOp, b: &Expr) -> C<()> {
        let Some(bits) = fold::value(b) else {
            return self.fail(errors::divisor_not_constant(b.span, op.text()));
        };
        if b.ty != Ty::Float {
            if bits == 0 {
                return self.fail(errors::divide_by_zero(b.span, op.text()));
            }
            return Ok(());
        }
        let exp = (bits >> 23) & 0xff;
        if bits & 0x7f_ffff == 0 && exp != 0 && exp != 0xff {
            return Ok(());
        }
        // warpscope's own float text (std's printer and its tables would
        // weigh 1 KB in the playground's first download)
        let f = f32::from_bits(bits);
        let text = match () {
            _ if f.is_nan() => "NaN".to_string(),
            _ if f.is_infinite() => if f > 0.0 { "inf" } else { "-inf" }.to_string(),
            _ => crate::codec::text::float_text(bits),
        };
        self.fail(errors::float_divisor(b.span, &text))
    }

    /// `c ? a : b`: a `bool` condition and both sides of one type.
    fn cond(&mut self, c: SExpr, a: SExpr, b: SExpr, span: Span) -> C<Expr> {
        let (c, a, b) = (self.value_as(c, Ty::Bool), self.expr(a), self.expr(b));
        let (c, a, b) = (c?, a?, b?);
        let ty = if a.ty == Ty::Bool && b.ty == Ty::Bool {
            Ty::Bool
        } else {
            common(promote_ty(a.ty), promote_ty(b.ty))
        };
        let (a, b) = (convert(a, ty), convert(b, ty));
        Ok(node(
            span,
            ty,
            ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
        ))
    }

    /// The variable an assignment or a step writes.
    fn target(&mut self, target: &SExpr, op: &str) -> C<VarId> {
        match &target.kind {
            SExprKind::Name(n) => match self.lookup(n) {
                Some(id) => Ok(id),
                None => self.fail(errors::not_declared(target.span, n)),
            },
            _ => self.fail(errors::not_assignable(target.span, op)),
        }
    }

    /// `x = e` or `x op= e`, which is `x = (T)(x op e)`.
    fn assign(&mut self, op: Option<BinOp>, target: SExpr, value: SExpr, span: Span) -> C<Expr> {
        let text = op.map_or("=".to_string(), |o| format!("{}=", o.text()));
        let (id, value) = (self.target(&target, &text), self.expr(value));
        let (id, value) = (id?, value?);
        let ty = self.var_ty(id);
        let value = match op {
            None => value,
            Some(op) => {
                let x = node(target.span, ty, ExprKind::Var(id));
                self.binary(op, x, value, span)?
            }
        };
        let value = convert(value, ty);
        Ok(node(span, ty, ExprKind::Assign(id, Box::new(value))))
    }

    /// `++x`, `x++`, `--x`, `x--`.
    fn step(&mut self, inc: bool, prefix: bool, target: SExpr, span: Span) -> C<Expr> {
        let op = if inc { "++" } else { "--" };
        let var = self.target(&target, op)?;
        let ty = self.var_ty(var);
        if ty == Ty::Bool {
            return self.fail(errors::bool_step(span, op));
        }
        Ok(node(span, ty, ExprKind::Step { var, inc, prefix }))
    }
}

/// The type `promote` gives a value of type `t`.
pub(crate) fn promote_ty(t: Ty) -> Ty {
    if t == Ty::Bool {
        Ty::Int
    } else {
        t
    }
}
