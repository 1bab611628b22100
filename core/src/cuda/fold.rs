//! Constant folding: the value of a typed expression when it is known
//! before the kernel runs. The checker asks for it where the subset needs
//! a constant (a divisor, a shift amount, a shuffle's width); anything it
//! cannot tell, or whose value is undefined (an `int` overflow), is
//! `None`.

use super::ast::{BinOp, Expr, ExprKind, Ty, UnOp};

/// The 32 bits of `e`'s value in its type, when constant.
pub(crate) fn value(e: &Expr) -> Option<u32> {
    match &e.kind {
        ExprKind::Const(v) => Some(*v),
        ExprKind::Convert(x) => convert(value(x)?, x.ty, e.ty),
        ExprKind::Unary(op, x) => unary(*op, value(x)?, e.ty),
        ExprKind::Binary(op, a, b) => binary(*op, a.ty, value(a)?, value(b)?),
        ExprKind::Logic(and, a, b) => {
            let a = value(a)? != 0;
            if a != *and {
                return Some(u32::from(a));
            }
            Some(u32::from(value(b)? != 0))
        }
        ExprKind::Cond(c, a, b) => {
            if value(c)? != 0 {
                value(a)
            } else {
                value(b)
            }
        }
        _ => None,
    }
}

/// The constant `e` as a whole number (`None` for a `float`).
pub(crate) fn integer(e: &Expr) -> Option<i64> {
    let v = value(e)?;
    match e.ty {
        Ty::Int => Some(i64::from(v as i32)),
        Ty::Unsigned | Ty::Bool => Some(i64::from(v)),
        Ty::Float => None,
    }
}

/// `v` of type `from` converted to `to`, as C++ converts.
fn convert(v: u32, from: Ty, to: Ty) -> Option<u32> {
    if to == Ty::Bool {
        return Some(u32::from(match from {
            Ty::Float => f32::from_bits(v) != 0.0 || f32::from_bits(v).is_nan(),
            _ => v != 0,
        }));
    }
    match (from, to) {
        (Ty::Float, Ty::Float) => Some(v),
        (Ty::Float, Ty::Int) => {
            let f = f32::from_bits(v).trunc();
            (-2147483648.0..2147483648.0)
                .contains(&f)
                .then_some(f as i32 as u32)
        }
        (Ty::Float, _) => {
            let f = f32::from_bits(v).trunc();
            (0.0..4294967296.0).contains(&f).then_some(f as u32)
        }
        (Ty::Int, Ty::Float) => Some((v as i32 as f32).to_bits()),
        (_, Ty::Float) => Some((v as f32).to_bits()),
        _ => Some(v),
    }
}

/// A unary operator on a constant of type `ty`.
fn unary(op: UnOp, v: u32, ty: Ty) -> Option<u32> {
    match (op, ty) {
        (UnOp::Neg, Ty::Int) => (v as i32).checked_neg().map(|x| x as u32),
        (UnOp::Neg, Ty::Float) => Some(v ^ 0x8000_0000),
        (UnOp::Neg, _) => Some(v.wrapping_neg()),
        (UnOp::Not, _) => Some(!v),
        (UnOp::LogicNot, _) => Some(u32::from(v == 0)),
    }
}

/// A binary operator on constants whose (left) operand type is `ty`.
fn binary(op: BinOp, ty: Ty, a: u32, b: u32) -> Option<u32> {
    if op.is_comparison() {
        return Some(u32::from(compare(op, ty, a, b)));
    }
    match ty {
        Ty::Float => float(op, f32::from_bits(a), f32::from_bits(b)).map(f32::to_bits),
        Ty::Int => int(op, a as i32, b),
        _ => uint(op, a, b),
    }
}

/// A comparison of two constants of type `ty`.
fn compare(op: BinOp, ty: Ty, a: u32, b: u32) -> bool {
    let order = match ty {
        Ty::Float => f32::from_bits(a).partial_cmp(&f32::from_bits(b)),
        Ty::Int => Some((a as i32).cmp(&(b as i32))),
        _ => Some(a.cmp(&b)),
    };
    let Some(o) = order else {
        return op == BinOp::Ne;
    };
    match op {
        BinOp::Eq => o.is_eq(),
        BinOp::Ne => o.is_ne(),
        BinOp::Lt => o.is_lt(),
        BinOp::Le => o.is_le(),
        BinOp::Gt => o.is_gt(),
        _ => o.is_ge(),
    }
}

/// `float` arithmetic, each operation rounded to `f32`.
fn float(op: BinOp, a: f32, b: f32) -> Option<f32> {
    Some(match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div => a / b,
        _ => return None,
    })
}

/// `int` arithmetic; overflow and division by zero are undefined.
fn int(op: BinOp, a: i32, b: u32) -> Option<u32> {
    let bi = b as i32;
    let r = match op {
        BinOp::Add => a.checked_add(bi)?,
        BinOp::Sub => a.checked_sub(bi)?,
        BinOp::Mul => a.checked_mul(bi)?,
        BinOp::Div => a.checked_div(bi)?,
        BinOp::Rem => a.checked_rem(bi)?,
        BinOp::Shl if b < 32 && a >= 0 => {
            let wide = u64::from(a as u32) << b;
            u32::try_from(wide).ok()? as i32
        }
        BinOp::Shr if b < 32 => a >> b,
        BinOp::And => a & bi,
        BinOp::Or => a | bi,
        BinOp::Xor => a ^ bi,
        _ => return None,
    };
    Some(r as u32)
}

/// `unsigned` arithmetic, wrapping; division by zero is undefined.
fn uint(op: BinOp, a: u32, b: u32) -> Option<u32> {
    Some(match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div => a.checked_div(b)?,
        BinOp::Rem => a.checked_rem(b)?,
        BinOp::Shl if b < 32 => a << b,
        BinOp::Shr if b < 32 => a >> b,
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        _ => return None,
    })
}
