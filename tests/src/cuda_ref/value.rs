//! Values of the subset, per lane: conversions and the operators, with
//! C++17's undefined cases reported instead of given a value.

use super::ast::Ty;

/// One value in each of the 32 lanes (the lanes not running hold
/// whatever; only running lanes are ever read).
#[derive(Debug, Clone, Copy)]
pub struct Lanes {
    pub ty: Ty,
    pub v: [u32; 32],
}

impl Lanes {
    pub fn splat(ty: Ty, bits: u32) -> Lanes {
        Lanes { ty, v: [bits; 32] }
    }
}

/// The canonical NaN a float operation gives (as a GPU does).
pub const NAN: u32 = 0x7fff_ffff;

/// Whether a value counts as true (a NaN does).
pub fn truthy(ty: Ty, bits: u32) -> bool {
    match ty {
        Ty::Float => f32::from_bits(bits) != 0.0 || f32::from_bits(bits).is_nan(),
        _ => bits != 0,
    }
}

/// `bool` in arithmetic is `int`.
pub fn promote(t: Ty) -> Ty {
    if t == Ty::Bool {
        Ty::Int
    } else {
        t
    }
}

/// The type both operands of an arithmetic operator convert to.
pub fn common(a: Ty, b: Ty) -> Ty {
    let (a, b) = (promote(a), promote(b));
    if a == Ty::Float || b == Ty::Float {
        Ty::Float
    } else if a == Ty::Uint || b == Ty::Uint {
        Ty::Uint
    } else {
        Ty::Int
    }
}

/// Converts one lane's value; `Err` says why the conversion is undefined.
pub fn convert(bits: u32, from: Ty, to: Ty) -> Result<u32, String> {
    Ok(match (from, to) {
        _ if from == to => bits,
        (_, Ty::Bool) => u32::from(truthy(from, bits)),
        (Ty::Bool | Ty::Int | Ty::Uint, Ty::Int | Ty::Uint) => bits,
        (Ty::Bool | Ty::Int, Ty::Float) => (bits as i32 as f32).to_bits(),
        (Ty::Uint, Ty::Float) => (bits as f32).to_bits(),
        (Ty::Float, _) => {
            let f = f32::from_bits(bits);
            let t = f.trunc();
            let (lo, hi) = if to == Ty::Int {
                (-2_147_483_648.0, 2_147_483_648.0)
            } else {
                (0.0, 4_294_967_296.0)
            };
            if f.is_nan() || t < lo || t >= hi {
                return Err(format!("{f:e} does not fit `{}` (undefined)", to.name()));
            }
            if to == Ty::Int {
                t as i32 as u32
            } else {
                t as u32
            }
        }
    })
}

fn float_result(f: f32) -> u32 {
    if f.is_nan() {
        NAN
    } else {
        f.to_bits()
    }
}

/// An arithmetic or bitwise operator (`+ - * / % & | ^`) in type `t`.
pub fn arith(op: &str, t: Ty, x: u32, y: u32) -> Result<u32, String> {
    let overflow = || format!("`int` overflow in `{op}` (undefined)");
    match t {
        Ty::Float => {
            let (a, b) = (f32::from_bits(x), f32::from_bits(y));
            Ok(float_result(match op {
                "+" => a + b,
                "-" => a - b,
                "*" => a * b,
                "/" => a / b,
                _ => return Err(format!("`{op}` does not apply to `float`")),
            }))
        }
        Ty::Int | Ty::Bool => {
            let (a, b) = (x as i32, y as i32);
            let r = match op {
                "+" => a.checked_add(b).ok_or_else(overflow)?,
                "-" => a.checked_sub(b).ok_or_else(overflow)?,
                "*" => a.checked_mul(b).ok_or_else(overflow)?,
                "/" | "%" if b == 0 => return Err(format!("`{op}` by zero (undefined)")),
                "/" => a.checked_div(b).ok_or_else(overflow)?,
                "%" => a.checked_rem(b).ok_or_else(overflow)?,
                "&" => a & b,
                "|" => a | b,
                "^" => a ^ b,
                _ => return Err(format!("`{op}` is not an arithmetic operator")),
            };
            Ok(r as u32)
        }
        Ty::Uint => Ok(match op {
            "+" => x.wrapping_add(y),
            "-" => x.wrapping_sub(y),
            "*" => x.wrapping_mul(y),
            "/" | "%" if y == 0 => return Err(format!("`{op}` by zero (undefined)")),
            "/" => x / y,
            "%" => x % y,
            "&" => x & y,
            "|" => x | y,
            "^" => x ^ y,
            _ => return Err(format!("`{op}` is not an arithmetic operator")),
        }),
    }
}

/// `x << y` or `x >> y`, `x` of type `t` (`int` or `unsigned`), `y` of
/// type `yt`.
pub fn shift(op: &str, t: Ty, x: u32, yt: Ty, y: u32) -> Result<u32, String> {
    if (yt == Ty::Int && (y as i32) < 0) || y >= 32 {
        return Err(format!(
            "a shift by {} (undefined)",
            if yt == Ty::Int {
                i64::from(y as i32)
            } else {
                i64::from(y)
            }
        ));
    }
    Ok(match (op, t) {
        ("<<", Ty::Int) => {
            if (x as i32) < 0 || (u64::from(x) << y) > u64::from(u32::MAX) {
                return Err(format!("`{} << {y}` does not fit (undefined)", x as i32));
            }
            x << y
        }
        ("<<", _) => x << y,
        (_, Ty::Int) => ((x as i32) >> y) as u32,
        _ => x >> y,
    })
}

/// A comparison in type `t`.
pub fn compare(op: &str, t: Ty, x: u32, y: u32) -> bool {
    use std::cmp::Ordering;
    let ord = match t {
        Ty::Float => f32::from_bits(x).partial_cmp(&f32::from_bits(y)),
        Ty::Int | Ty::Bool => Some((x as i32).cmp(&(y as i32))),
        Ty::Uint => Some(x.cmp(&y)),
    };
    match (op, ord) {
        ("!=", None) => true,
        (_, None) => false,
        ("==", Some(o)) => o == Ordering::Equal,
        ("!=", Some(o)) => o != Ordering::Equal,
        ("<", Some(o)) => o == Ordering::Less,
        ("<=", Some(o)) => o != Ordering::Greater,
        (">", Some(o)) => o == Ordering::Greater,
        (_, Some(o)) => o != Ordering::Less,
    }
}

/// Unary `-`, `~` or `!` of a value of type `t` (already promoted).
pub fn unary(op: &str, t: Ty, x: u32) -> Result<u32, String> {
    Ok(match (op, t) {
        ("-", Ty::Float) => x ^ 0x8000_0000,
        ("-", Ty::Int) if x as i32 == i32::MIN => {
            return Err("`-` of the smallest `int` (undefined)".into())
        }
        ("-", _) => x.wrapping_neg(),
        ("~", Ty::Float) => return Err("`~` does not apply to `float`".into()),
        ("~", _) => !x,
        ("!", _) => u32::from(!truthy(t, x)),
        _ => x,
    })
}
