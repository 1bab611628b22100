//! Division and remainder by a constant, which is all the subset allows
//! (w128 has no divide instruction):
//!
//! - `float` by a power of two: a multiplication by its reciprocal,
//!   which is exact;
//! - `unsigned` by a power of two: a shift right, or a mask for `%`;
//! - `unsigned` by another constant: the high half of a multiplication
//!   by a "magic" reciprocal (`IMAD.HI.U32`), with one more add-and-shift
//!   when that reciprocal needs 33 bits (Granlund and Montgomery's
//!   method);
//! - `int`: the magnitude divided as `unsigned`, the sign put back after,
//!   so that the quotient rounds toward zero as C's does; for a power of
//!   two, the usual bias-and-shift.
//!
//! A remainder is `x - (x / c) * c`.

use super::super::ast::{BinOp, Expr, Ty};
use super::super::fold;
use super::code::{Code, Mark, Src};

/// The reciprocal of an unsigned divisor `d` (not a power of two):
/// `(m, s, wide)`, where `x / d` is `mulhi(x, m) >> s`, or, when `wide`,
/// `(((x - q) >> 1) + q) >> (s - 1)` with `q = mulhi(x, m)` (the true
/// multiplier is `m + 2³²`).
pub(crate) fn magic(d: u32) -> (u32, u32, bool) {
    let d64 = u64::from(d);
    for s in 0..=32u32 {
        let two = 1u128 << (32 + s);
        let m = two.div_ceil(u128::from(d64));
        // Exact for every 32-bit x when m * d - 2^(32+s) <= 2^s.
        if m * u128::from(d64) - two <= (1u128 << s) {
            return if m < (1u128 << 32) {
                (m as u32, s, false)
            } else {
                ((m - (1u128 << 32)) as u32, s, true)
            };
        }
    }
    unreachable!("every divisor has a 33-bit reciprocal with s <= 32")
}

impl Code {
    /// `x / b` or `x % b` for the constant `b` (the checker made sure it
    /// is one, and not zero).
    pub fn divide(&mut self, op: BinOp, x: Src, b: &Expr, ty: Ty, dst: Option<u8>, m: Mark) -> Src {
        let c = fold::value(b).unwrap_or(1);
        let rx = self.reg(x);
        if ty == Ty::Float {
            let recip = (1.0 / f32::from_bits(c)).to_bits();
            let d = self.out(m, dst);
            return self.emit_to(d, format!("FMUL R{d}, R{rx}, {}", Src::Imm(recip).f_text()));
        }
        let rem = op == BinOp::Rem;
        if ty == Ty::Unsigned {
            return self.udivide(rx, c, rem, dst, m);
        }
        self.sdivide(rx, c as i32, rem, dst, m)
    }

    /// `unsigned` `x / c` or `x % c`.
    fn udivide(&mut self, x: u8, c: u32, rem: bool, dst: Option<u8>, m: Mark) -> Src {
        if c.is_power_of_two() {
            let d = self.out(m, dst);
            let text = if rem {
                format!("LOP3.LUT R{d}, R{x}, {:#x}, RZ, 0xc0", c - 1)
            } else {
                format!("SHF.R.U32 R{d}, R{x}, {:#x}", c.trailing_zeros())
            };
            return self.emit_to(d, text);
        }
        let q = self.temp();
        self.uquotient(x, c, q);
        self.finish(x, q, c, rem, dst, m)
    }

    /// `q = x / c` for a `c` that is not a power of two.
    fn uquotient(&mut self, x: u8, c: u32, q: u8) {
        let (mul, s, wide) = magic(c);
        self.emit(format!("IMAD.HI.U32 R{q}, R{x}, {mul:#x}, RZ"));
        if wide {
            let t = self.temp();
            self.emit(format!("IMAD R{t}, R{q}, -0x1, R{x}"));
            self.emit(format!("SHF.R.U32 R{t}, R{t}, 0x1"));
            self.emit(format!("IADD3 R{q}, R{t}, R{q}, RZ"));
            if s > 1 {
                self.emit(format!("SHF.R.U32 R{q}, R{q}, {:#x}", s - 1));
            }
        } else if s > 0 {
            self.emit(format!("SHF.R.U32 R{q}, R{q}, {s:#x}"));
        }
    }

    /// The quotient `q` of `x` by `c` as the result, or the remainder
    /// `x - q * c`.
    fn finish(&mut self, x: u8, q: u8, c: u32, rem: bool, dst: Option<u8>, m: Mark) -> Src {
        if !rem && dst.is_none() {
            return Src::R(q);
        }
        let d = self.out(m, dst);
        if rem {
            let neg = c.wrapping_neg();
            self.emit_to(d, format!("IMAD R{d}, R{q}, {neg:#x}, R{x}"))
        } else {
            // The quotient's last instruction writes `d` instead of `q`.
            let note = self.note_of(d);
            let last = self.lines.last_mut().expect("the quotient's instructions");
            let (op, rest) = last.text.split_once(' ').unwrap_or_default();
            let rest = rest.strip_prefix(&format!("R{q},")).unwrap_or(rest);
            last.text = format!("{op} R{d},{rest}");
            last.note = note;
            Src::R(d)
        }
    }

    /// `int` `x / c` or `x % c`, rounding toward zero.
    fn sdivide(&mut self, x: u8, c: i32, rem: bool, dst: Option<u8>, m: Mark) -> Src {
        let mag = c.unsigned_abs();
        if c == 1 || (c == -1 && rem) {
            let v = if rem { Src::Imm(0) } else { Src::R(x) };
            let d = self.out(m, dst);
            return self.to(v, Some(d));
        }
        let q = self.temp();
        if mag.is_power_of_two() {
            // q = (x + (x < 0 ? mag - 1 : 0)) >> k, arithmetic
            let k = mag.trailing_zeros();
            self.emit(format!("SHF.R.S32 R{q}, R{x}, 0x1f"));
            if k > 0 {
                self.emit(format!("SHF.R.U32 R{q}, R{q}, {:#x}", 32 - k));
            } else {
                self.emit(format!("MOV R{q}, RZ"));
            }
            self.emit(format!("IADD3 R{q}, R{q}, R{x}, RZ"));
            self.emit(format!("SHF.R.S32 R{q}, R{q}, {k:#x}"));
        } else {
            // |x| / mag as unsigned, then the sign of x put back
            let s = self.temp();
            let a = self.temp();
            self.emit(format!("SHF.R.S32 R{s}, R{x}, 0x1f"));
            self.emit(format!("LOP3.LUT R{a}, R{x}, R{s}, RZ, 0x3c"));
            self.emit(format!("IMAD R{a}, R{s}, -0x1, R{a}"));
            self.uquotient(a, mag, q);
            self.emit(format!("LOP3.LUT R{q}, R{q}, R{s}, RZ, 0x3c"));
            self.emit(format!("IMAD R{q}, R{s}, -0x1, R{q}"));
        }
        if c < 0 {
            self.emit(format!("IMAD R{q}, R{q}, -0x1, RZ"));
        }
        self.finish(x, q, c as u32, rem, dst, m)
    }
}
