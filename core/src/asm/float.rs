//! Decimal text to `f32`, correctly rounded (to nearest, ties to even).
//!
//! The standard library's `str::parse::<f32>` is exact too, but its fast
//! algorithm carries a 10 KB table of powers of five, which cannot be
//! compressed and which the playground's bundle would ship for the few
//! float immediates a program holds. This reader is exact by plain big
//! integer arithmetic instead: the value `digits × 10^exp` is divided by
//! a power of two so that 24 bits are left before the point, and the
//! remainder decides the rounding. Small values with few digits take
//! Clinger's shortcut (one correctly rounded `f32` multiplication or
//! division of two exact operands).
//!
//! It reads what the lexer calls a float: decimal digits, an optional
//! `.` and digits, an optional `e`/`E`, sign and digits (no sign in front:
//! the assembler applies a `-` itself). Tests compare it with the standard
//! library's reader on random and on hard texts.

/// Significant digits kept: more than any tie between two `f32` values
/// needs (the longest, between the two smallest subnormals, has 105);
/// digits beyond them only tell whether the value lies above a tie.
const MAX_DIGITS: usize = 200;

/// The value of `text` rounded to the nearest `f32` (infinity when it
/// is too large), or `None` if `text` is not of the form above.
pub fn parse_f32(text: &str) -> Option<f32> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut digits: Vec<u8> = Vec::new();
    let mut exp: i64 = 0;
    // Whether a digit beyond MAX_DIGITS is not zero.
    let mut sticky = false;
    let mut any = false;
    let mut take = |d: u8, fraction: bool, exp: &mut i64| {
        if digits.is_empty() && d == 0 {
            if fraction {
                *exp -= 1;
            }
        } else if digits.len() < MAX_DIGITS {
            digits.push(d);
            if fraction {
                *exp -= 1;
            }
        } else {
            sticky |= d != 0;
            if !fraction {
                *exp += 1;
            }
        }
    };
    while i < b.len() && b[i].is_ascii_digit() {
        take(b[i] - b'0', false, &mut exp);
        any = true;
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            take(b[i] - b'0', true, &mut exp);
            any = true;
            i += 1;
        }
    }
    if !any {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let neg = match b.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        let mut e: i64 = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            e = (e * 10 + i64::from(b[i] - b'0')).min(1 << 40);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp += if neg { -e } else { e };
    }
    if i != b.len() {
        return None;
    }
    if sticky {
        // A last digit that stands for "a little more than the digits kept".
        digits.push(1);
        exp -= 1;
    }
    while digits.last() == Some(&0) {
        digits.pop();
        exp += 1;
    }
    Some(round(&digits, exp))
}

/// `digits × 10^exp` (digits without leading or trailing zeros) rounded
/// to an `f32`.
fn round(digits: &[u8], exp: i64) -> f32 {
    let n = digits.len() as i64;
    if n == 0 || n + exp < -46 {
        // Below 10^-46, under half the smallest subnormal (7.0e-46).
        return 0.0;
    }
    if n - 1 + exp > 38 {
        // At least 10^39, above the largest f32 (3.4e38).
        return f32::INFINITY;
    }
    if n <= 7 && (-10..=10).contains(&exp) {
        // Both operands are exact in an f32; one operation rounds once.
        let m = digits.iter().fold(0u32, |m, &d| m * 10 + u32::from(d)) as f32;
        let p = (0..exp.unsigned_abs()).fold(1.0f32, |p, _| p * 10.0);
        return if exp < 0 { m / p } else { m * p };
    }
    let mut num = Big::default();
    for &d in digits {
        num.mul_add(10, u32::from(d));
    }
    let mut den = Big::from(1);
    for _ in 0..exp.unsigned_abs() {
        if exp < 0 {
            den.mul_add(10, 0);
        } else {
            num.mul_add(10, 0);
        }
    }
    // value = num / den = q × 2^k with q < 2^24 and k >= -149 (q >= 2^23
    // unless the value is subnormal). The estimate of k from the lengths
    // leaves q below 2^25: at most one step up.
    let mut k = (num.bits() as i64 - den.bits() as i64 - 24).max(-149);
    loop {
        let (mut n2, mut d2) = (num.clone(), den.clone());
        if k >= 0 {
            d2.shl(k as usize);
        } else {
            n2.shl(k.unsigned_abs() as usize);
        }
        let mut top = d2.clone();
        top.shl(24);
        if n2.cmp(&top) != std::cmp::Ordering::Less {
            k += 1;
            continue;
        }
        let mut q: u32 = 0;
        for bit in (0..24).rev() {
            let mut part = d2.clone();
            part.shl(bit);
            if n2.cmp(&part) != std::cmp::Ordering::Less {
                n2.sub(&part);
                q |= 1 << bit;
            }
        }
        n2.shl(1);
        return finish(q, k, n2.cmp(&d2), q & 1 == 1);
    }
}

/// The `f32` of `q × 2^k` rounded up when the remainder is above half
/// (`half` compares twice the remainder with the divisor) or at half with
/// `q` odd.
fn finish(q: u32, k: i64, half: std::cmp::Ordering, odd: bool) -> f32 {
    use std::cmp::Ordering::*;
    let up = match half {
        Greater => true,
        Equal => odd,
        Less => false,
    };
    let q = u64::from(q) + u64::from(up);
    // q × 2^k: the exponent field counts from 2^-149 in steps of 2^23 of q.
    let bits = q + (((k + 149) as u64) << 23);
    if bits >= 0x7f80_0000 {
        f32::INFINITY
    } else {
        f32::from_bits(bits as u32)
    }
}

/// A non-negative big integer, 32-bit limbs, least significant first.
#[derive(Clone, Default)]
struct Big(Vec<u32>);

impl From<u32> for Big {
    fn from(v: u32) -> Big {
        Big(vec![v])
    }
}

impl Big {
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }
    fn bits(&self) -> usize {
        let top = self.0.iter().rposition(|&l| l != 0);
        top.map_or(0, |i| i * 32 + 32 - self.0[i].leading_zeros() as usize)
    }
    fn shl(&mut self, n: usize) {
        let (limbs, bits) = (n / 32, n % 32);
        if bits != 0 {
            let mut carry = 0;
            for limb in &mut self.0 {
                let v = *limb;
                *limb = (v << bits) | carry;
                carry = v >> (32 - bits);
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }
    fn cmp(&self, other: &Big) -> std::cmp::Ordering {
        let (a, b) = (self.bits(), other.bits());
        if a != b {
            return a.cmp(&b);
        }
        for i in (0..a.div_ceil(32)).rev() {
            let (x, y) = (self.limb(i), other.limb(i));
            if x != y {
                return x.cmp(&y);
            }
        }
        std::cmp::Ordering::Equal
    }
    fn limb(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }
    /// `self -= other`; `other` must not be larger.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let v = i64::from(self.0[i]) - i64::from(other.limb(i)) - borrow;
            borrow = i64::from(v < 0);
            self.0[i] = v.rem_euclid(1 << 32) as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_f32;
    use proptest::prelude::*;

    /// The standard library's reader is the reference.
    fn check(text: &str) {
        let want: f32 = text.parse().unwrap();
        let got = parse_f32(text).unwrap_or_else(|| panic!("`{text}` not read"));
        assert_eq!(
            got.to_bits(),
            want.to_bits(),
            "`{text}`: {got:e} vs {want:e}"
        );
    }

    /// The exact decimal text of `bits` as an f64 midpoint: every f32 tie
    /// (the value halfway between two neighbours) is exact in an f64, and
    /// Rust prints an f64 with `{:.N}` exactly when given enough places.
    fn midpoint_text(bits: u32) -> String {
        let lo = f64::from(f32::from_bits(bits));
        let hi = f64::from(f32::from_bits(bits + 1));
        format!("{:.200e}", (lo + hi) / 2.0)
    }

    #[test]
    fn simple_and_edge_texts() {
        for t in [
            "0",
            "0.0",
            "1",
            "1.5",
            "0.1",
            "3.14159",
            "1e10",
            "1E-10",
            "123456789",
            "16777217",
            "16777216.5",
            "0.000000000000000000000000000000000000000000001",
            "1e-45",
            "7e-46",
            "7.1e-46",
            "1.4e-45",
            "1.17549435e-38",
            "1.1754942e-38",
            "3.4028235e38",
            "3.4028236e38",
            "3.40282357e38",
            "3.4028236692e38",
            "1e39",
            "1e-50",
            "00000.0000001",
            "9999999999999999999999999999",
            "1e+5",
            "2.5e0",
            "0.5",
            "4.5",
            "33554431",
            "33554433",
            "1e1000000000000",
            "1e-1000000000000",
        ] {
            check(t);
        }
        assert_eq!(parse_f32("1e39"), Some(f32::INFINITY));
        for bad in ["", ".", "1e", "1e+", "-1", "1x", "1.5.3", "e5"] {
            assert_eq!(parse_f32(bad), None, "`{bad}`");
        }
    }

    #[test]
    fn ties_go_to_even_and_a_hair_past_them_goes_up() {
        for bits in [
            0u32,
            1,
            2,
            0x007f_fffe,
            0x007f_ffff,
            0x0080_0000,
            0x3f80_0000,
            0x3f80_0001,
            0x4b7f_ffff,
            0x4b80_0000,
            0x7f7f_fffe,
        ] {
            let mid = midpoint_text(bits);
            check(&mid);
            // Just above and below the tie, with the difference far out.
            let (mant, exp) = mid.split_once('e').unwrap();
            check(&format!("{mant}000000000000000000001e{exp}"));
            let below = format!("{mant}e{exp}");
            check(&below);
        }
    }

    #[test]
    fn more_digits_than_are_kept() {
        let long = format!("1.{}1e-40", "0".repeat(300));
        check(&long);
        let ones = "1".repeat(500);
        check(&ones);
        check(&format!("0.{ones}"));
        check(&format!("{ones}e-480"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn agrees_with_std_on_random_texts(
            int in "[0-9]{1,12}",
            frac in proptest::option::of("[0-9]{1,30}"),
            exp in proptest::option::of(-60i32..60),
        ) {
            let mut t = int;
            if let Some(f) = frac {
                t = format!("{t}.{f}");
            }
            if let Some(e) = exp {
                t = format!("{t}e{e}");
            }
            check(&t);
        }

        #[test]
        fn agrees_with_std_near_every_f32(bits in 0u32..0x7f80_0000, nudge in 0usize..3) {
            // The shortest text of an f32, its tie with the next one, and
            // the tie's text cut short.
            let f = f32::from_bits(bits);
            check(&format!("{f:e}"));
            let mid = midpoint_text(bits);
            let cut = &mid[..mid.find('e').unwrap().min(12 + nudge * 7)];
            check(&mid);
            check(&format!("{cut}{}", &mid[mid.find('e').unwrap()..]));
        }
    }
}
