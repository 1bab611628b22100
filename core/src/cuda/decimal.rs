//! `printf`'s `%f` and `%e` of an `f32`, exactly, without the standard
//! library's float printers (Grisu and Dragon and their tables, about
//! 15 KB of the playground's first part; see `operand::float` for the
//! same choice in the assembler).
//!
//! A finite `f32` is `m × 2^e` with `m < 2^24`, so its decimal expansion
//! ends: `m × 2^e` is an integer for `e >= 0`, and `m × 5^-e / 10^-e`
//! otherwise. Both are computed as big integers, and the digits are then
//! rounded at the place the directive asks for, ties to even, as C's
//! `printf` and Rust's `format!` round the exact value.

/// A big natural number, 32-bit limbs, least significant first.
type Big = Vec<u32>;

fn mul_small(a: &mut Big, k: u32) {
    let mut carry = 0u64;
    for limb in a.iter_mut() {
        let v = u64::from(*limb) * u64::from(k) + carry;
        *limb = v as u32;
        carry = v >> 32;
    }
    if carry > 0 {
        a.push(carry as u32);
    }
}

/// The decimal digits of `a` (at least one).
fn to_digits(mut a: Big) -> Vec<u8> {
    let mut chunks = Vec::new();
    while a.iter().any(|&l| l != 0) {
        let mut rem = 0u64;
        for limb in a.iter_mut().rev() {
            let v = (rem << 32) | u64::from(*limb);
            *limb = (v / 1_000_000_000) as u32;
            rem = v % 1_000_000_000;
        }
        chunks.push(rem as u32);
    }
    let mut out = Vec::new();
    for (i, c) in chunks.iter().rev().enumerate() {
        let s = if i == 0 {
            c.to_string()
        } else {
            format!("{c:09}")
        };
        out.extend(s.bytes().map(|b| b - b'0'));
    }
    if out.is_empty() {
        out.push(0);
    }
    out
}

/// The exact decimal expansion of a finite, non-negative `x`: its digits
/// and how many of them are after the point.
fn exact(x: f32) -> (Vec<u8>, usize) {
    let bits = x.to_bits() & 0x7fff_ffff;
    let (exp, frac) = (bits >> 23, bits & 0x7f_ffff);
    let (m, e) = if exp == 0 {
        (frac, -149)
    } else {
        (frac | 0x80_0000, exp as i32 - 150)
    };
    let mut big: Big = vec![m];
    if e >= 0 {
        for _ in 0..e {
            mul_small(&mut big, 2);
        }
        (to_digits(big), 0)
    } else {
        for _ in 0..-e {
            mul_small(&mut big, 5);
        }
        (to_digits(big), (-e) as usize)
    }
}

/// `digits` cut to their first `keep` digits, rounded to nearest with
/// ties to even on what was cut; true when the rounding carried into a
/// new leading digit (the result then has `keep + 1` digits).
fn round(digits: &mut Vec<u8>, keep: usize) -> bool {
    if keep >= digits.len() {
        return false;
    }
    let first = digits[keep];
    let rest_zero = digits[keep + 1..].iter().all(|&d| d == 0);
    let last_odd = keep > 0 && digits[keep - 1] % 2 == 1;
    let up = first > 5 || (first == 5 && (!rest_zero || last_odd));
    digits.truncate(keep);
    if !up {
        return false;
    }
    for d in digits.iter_mut().rev() {
        if *d == 9 {
            *d = 0;
        } else {
            *d += 1;
            return false;
        }
    }
    digits.insert(0, 1);
    true
}

fn text(digits: &[u8]) -> String {
    digits.iter().map(|&d| char::from(b'0' + d)).collect()
}

/// `%.pf` of a finite, non-negative `x` (`alt`: a point even when `p`
/// is 0).
pub(crate) fn fixed(x: f32, p: usize, alt: bool) -> String {
    let (mut digits, frac) = exact(x);
    if frac > p {
        let keep = digits.len().saturating_sub(frac - p);
        if keep == 0 {
            // all the digits are below the last place kept: round them
            // against zero digits in front
            let lead = frac - p - digits.len();
            digits.splice(0..0, std::iter::repeat_n(0, lead + 1));
            round(&mut digits, 1);
        } else {
            round(&mut digits, keep);
        }
    } else {
        digits.extend(std::iter::repeat_n(0, p - frac));
    }
    // `digits` now holds the value × 10^p
    if digits.len() <= p {
        let pad = p + 1 - digits.len();
        digits.splice(0..0, std::iter::repeat_n(0, pad));
    }
    let (int, fraction) = digits.split_at(digits.len() - p);
    let mut s = text(int);
    if p > 0 || alt {
        s.push('.');
    }
    s.push_str(&text(fraction));
    s
}

/// `%.pe` of a finite, non-negative `x`: `d.ddde+XX`.
pub(crate) fn exponent(x: f32, p: usize, alt: bool) -> String {
    let (mut digits, frac) = exact(x);
    let lead = digits.iter().take_while(|&&d| d == 0).count();
    let mut e = if lead == digits.len() {
        0
    } else {
        (digits.len() - lead) as i64 - 1 - frac as i64
    };
    digits.drain(..lead.min(digits.len() - 1));
    if round(&mut digits, p + 1) {
        digits.truncate(p + 1);
        e += 1;
    }
    digits.resize(p + 1, 0);
    let mut s = text(&digits[..1]);
    if p > 0 || alt {
        s.push('.');
    }
    s.push_str(&text(&digits[1..]));
    let sign = if e < 0 { '-' } else { '+' };
    format!("{s}e{sign}{:02}", e.unsigned_abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rust's own exact formatting of the same value, for comparison.
    fn std_fixed(x: f32, p: usize) -> String {
        format!("{:.p$}", f64::from(x))
    }

    fn std_exp(x: f32, p: usize) -> String {
        let s = format!("{:.p$e}", f64::from(x));
        let (mant, exp) = s.split_once('e').unwrap();
        let e: i32 = exp.parse().unwrap();
        let sign = if e < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", e.unsigned_abs())
    }

    #[test]
    fn agrees_with_the_standard_library() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut values: Vec<f32> = vec![
            0.0,
            0.5,
            1.5,
            2.5,
            0.125,
            0.375,
            9.5,
            99.5,
            0.05,
            0.25,
            1e-45,
            3.4028235e38,
            f32::MIN_POSITIVE,
            1.0,
            10.0,
            123456.78,
            0.000999,
            9.999999,
            0.95,
            0.995,
        ];
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f32::from_bits(state as u32 & 0x7fff_ffff);
            if x.is_finite() {
                values.push(x);
            }
        }
        for (i, &x) in values.iter().enumerate() {
            for p in [0, 1, 2, 3, 6, 9, (i % 60) + 10] {
                assert_eq!(fixed(x, p, false), std_fixed(x, p), "{x:e} %.{p}f");
                assert_eq!(exponent(x, p, false), std_exp(x, p), "{x:e} %.{p}e");
            }
        }
    }

    #[test]
    fn alternate_forms_keep_the_point() {
        assert_eq!(fixed(2.0, 0, true), "2.");
        assert_eq!(exponent(2.0, 0, true), "2.e+00");
        assert_eq!(exponent(0.0, 3, false), "0.000e+00");
        assert_eq!(fixed(0.0, 2, false), "0.00");
    }
}
