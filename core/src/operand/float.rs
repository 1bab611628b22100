//! The decimal text of 32-bit floats (`F32Imm`), read and written
//! exactly, without the standard library's float text machinery.
//!
//! `str::parse::<f32>` carries a 10 KB table of powers of five that gzip
//! cannot shrink, and `{}`/`{:e}` on floats carry the Grisu and Dragon
//! printers: together about 20 KB of the playground's gzipped bundle for
//! the few float values a program shows. Both directions here are exact
//! and give the same results as the standard library (tests compare them
//! on hundreds of thousands of values):
//!
//! - [`parse_f32`] rounds `digits × 10^exp` to the nearest `f32` (ties to
//!   even). With at most 15 digits and `|exp| <= 22` both operands are
//!   exact `f64`s and one `f64` operation rounds once; rounding that to
//!   `f32` is exact too unless the `f64` result lies exactly halfway
//!   between two `f32`s. Otherwise (and in that case) big integers divide
//!   the value by a power of two that leaves 24 bits before the point,
//!   and the remainder decides the rounding.
//! - [`shortest`] finds the fewest significant digits that read back to
//!   the same `f32`, and of those the decimal nearest to it: for each
//!   count of digits, the nearest decimals are estimated in `f64` and
//!   checked with [`parse_f32`].
//!
//! The text read is what the assembler's lexer calls a float: decimal
//! digits, an optional `.` and digits, an optional `e`/`E`, sign and
//! digits (no sign in front: the assembler applies a `-` itself).

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
    if n <= 15 && (-22..=22).contains(&exp) {
        let m = digits.iter().fold(0u64, |m, &d| m * 10 + u64::from(d));
        if let Some(x) = clinger(m, exp as i32) {
            return x;
        }
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

/// `m × 10^exp` (`m < 10^15`, `|exp| <= 22`) as an `f32` by one `f64`
/// operation on exact operands, or `None` when the `f64` result lies
/// exactly halfway between two `f32`s (rounding it again could then be
/// wrong; the caller does it exactly).
fn clinger(m: u64, exp: i32) -> Option<f32> {
    let p = pow10(exp.unsigned_abs());
    let x = if exp < 0 { m as f64 / p } else { m as f64 * p };
    if x == 0.0 || x > f64::from(f32::MAX) * 2.0 {
        return Some(x as f32);
    }
    // The f32 grid spacing at x is 2^g; halfway points are odd
    // multiples of 2^(g-1).
    let e2 = ((x.to_bits() >> 52) as i32 & 0x7ff) - 1023;
    let g = e2.max(-126) - 23;
    let y = x * pow2(1 - g);
    let halfway = y.fract() == 0.0 && y % 2.0 == 1.0;
    (!halfway).then_some(x as f32)
}

/// `10^n` as an `f64`, exact for `n <= 22`.
fn pow10(n: u32) -> f64 {
    (0..n).fold(1.0, |p, _| p * 10.0)
}

/// `2^n` as an `f64` (`-1022 <= n <= 1023`).
fn pow2(n: i32) -> f64 {
    f64::from_bits(((n + 1023) as u64) << 52)
}

/// The shortest decimal that reads back ([`parse_f32`]) to `x` (finite,
/// not zero, sign ignored), nearest to `x` among those as short: its
/// digits and the power of ten of the last one (halfway between two
/// such decimals, the larger), `(digits, exp)` with
/// `digits` not ending in 0 (`0.15` is `(15, -2)`).
pub fn shortest(x: f32) -> (u64, i32) {
    let x = x.abs();
    let v = f64::from(x);
    // The power of ten of the first digit: 10^top <= v < 10^(top+1).
    let e2 = ((v.to_bits() >> 52) as i32 & 0x7ff) - 1023;
    let mut top = (f64::from(e2) * std::f64::consts::LOG10_2).floor() as i32;
    while scale(v, -top) >= 10.0 {
        top += 1;
    }
    while scale(v, -top) < 1.0 {
        top -= 1;
    }
    // The values that read back to x lie between the halfway points to
    // its neighbours (exact in f64); whether an end belongs is decided
    // exactly, by reading the decimal back.
    let below = f64::from(f32::from_bits(x.to_bits() - 1));
    let above = match f32::from_bits(x.to_bits() + 1) {
        a if a.is_finite() => f64::from(a),
        _ => v + (v - below),
    };
    let (lo, hi) = ((v + below) / 2.0, (v + above) / 2.0);
    let reads_back = |cand: u64, exp: i32| {
        // The f64 estimate errs by far less than this margin.
        const MARGIN: f64 = 1e-14;
        let d = scale(cand as f64, exp);
        if d > lo * (1.0 + MARGIN) && d < hi * (1.0 - MARGIN) {
            true
        } else if d < lo * (1.0 - MARGIN) || d > hi * (1.0 + MARGIN) {
            false
        } else {
            round_decimal(cand, exp) == x
        }
    };
    for count in 1..=9 {
        let exp = top - count + 1;
        let scaled = scale(v, -exp);
        let c = scaled.round() as i64;
        let mut best: Option<(u64, f64)> = None;
        for cand in [c - 1, c, c + 1] {
            let Ok(cand) = u64::try_from(cand) else {
                continue;
            };
            if cand == 0 || !reads_back(cand, exp) {
                continue;
            }
            let off = (cand as f64 - scaled).abs();
            let better = match best {
                None => true,
                // Halfway between two: the larger, as Rust's printer does.
                Some((_, boff)) => off <= boff,
            };
            if better {
                best = Some((cand, off));
            }
        }
        if let Some((mut digits, _)) = best {
            let mut exp = exp;
            while digits % 10 == 0 {
                digits /= 10;
                exp += 1;
            }
            return (digits, exp);
        }
    }
    // Nine digits always suffice for an f32; the loop returns before.
    let (digits, exp) = (scale(v, 8 - top).round() as u64, top - 8);
    (digits, exp)
}

/// `v × 10^n`, to `f64` precision.
fn scale(v: f64, n: i32) -> f64 {
    // In steps, so that no power of ten overflows or loses range.
    let mut v = v;
    let mut n = n;
    while n > 22 {
        v *= 1e22;
        n -= 22;
    }
    while n < -22 {
        v /= 1e22;
        n += 22;
    }
    if n >= 0 {
        v * pow10(n as u32)
    } else {
        v / pow10(n.unsigned_abs())
    }
}

/// `digits × 10^exp` (`digits < 10^10`) rounded to an `f32`.
fn round_decimal(digits: u64, exp: i32) -> f32 {
    if (-22..=22).contains(&exp) {
        if let Some(x) = clinger(digits, exp) {
            return x;
        }
    }
    let mut ds = Vec::new();
    let mut m = digits;
    while m > 0 {
        ds.push((m % 10) as u8);
        m /= 10;
    }
    ds.reverse();
    let mut exp = i64::from(exp);
    while ds.last() == Some(&0) {
        ds.pop();
        exp += 1;
    }
    round(&ds, exp)
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
    use super::{parse_f32, shortest};
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

    /// `(digits, exp)` of Rust's shortest `{:e}` text.
    fn std_shortest(f: f32) -> (u64, i32) {
        let text = format!("{f:e}");
        let (m, e) = text.split_once('e').unwrap();
        let digits = m.replace('.', "");
        let exp: i32 = e.parse().unwrap();
        (digits.parse().unwrap(), exp - (digits.len() as i32 - 1))
    }

    #[test]
    fn shortest_digits_at_the_edges() {
        for f in [
            f32::from_bits(1),
            f32::from_bits(2),
            f32::MIN_POSITIVE,
            f32::MAX,
            1.0,
            0.1,
            1e10,
            2315574.2,
            16777216.0,
            3.4028233e38,
            9.999999e-5,
            1e-4,
            7.038531e-26,
        ] {
            assert_eq!(shortest(f), std_shortest(f), "{f:e}");
            assert_eq!(shortest(-f), std_shortest(f), "{f:e}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn shortest_agrees_with_std(bits in 1u32..0x7f80_0000) {
            let f = f32::from_bits(bits);
            prop_assert_eq!(shortest(f), std_shortest(f));
        }

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
