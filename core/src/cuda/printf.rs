//! C's `printf` conversions, for the directives of the subset: what one
//! lane prints for one call, from the 32 bits of each argument.

use super::ast::{Conversion, Flags, Piece, Ty};

/// An argument's value in one lane.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg<'a> {
    /// The 32 bits of a number of that type.
    Number(Ty, u32),
    /// A string.
    Str(&'a str),
}

/// The text of `pieces` filled with `args`, one per directive.
pub fn format(pieces: &[Piece], args: &[Arg]) -> String {
    let mut out = String::new();
    let mut next = args.iter();
    for p in pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Directive {
                flags,
                width,
                precision,
                conv,
            } => {
                let arg = next.next().copied().unwrap_or(Arg::Number(Ty::Int, 0));
                let body = directive(*flags, *precision, *conv, arg);
                let mut flags = *flags;
                let integer = !matches!(conv, Conversion::Fixed(_) | Conversion::Exp(_));
                if integer && precision.is_some() {
                    flags.zero = false;
                }
                pad(&mut out, &body, flags, *width, *conv);
            }
        }
    }
    out
}

/// The converted text of one argument, before padding to the width.
fn directive(flags: Flags, precision: Option<usize>, conv: Conversion, arg: Arg) -> String {
    let (_, bits) = match arg {
        Arg::Str(s) => {
            return match precision {
                Some(p) => s.chars().take(p).collect(),
                None => s.to_string(),
            }
        }
        Arg::Number(ty, bits) => (ty, bits),
    };
    match conv {
        Conversion::Signed => {
            // the argument's bits read as an `int`, as C's printf reads them
            let v = bits as i32;
            let digits = min_digits(v.unsigned_abs().to_string(), precision);
            signed(v < 0, digits, flags)
        }
        Conversion::Unsigned => min_digits(bits.to_string(), precision),
        Conversion::Octal => {
            let mut d = min_digits(format!("{bits:o}"), precision);
            if flags.alt && !d.starts_with('0') {
                d.insert(0, '0');
            }
            d
        }
        Conversion::Hex(upper) => {
            let d = min_digits(format!("{bits:x}"), precision);
            let d = if flags.alt && bits != 0 {
                format!("0x{d}")
            } else {
                d
            };
            if upper {
                d.to_ascii_uppercase()
            } else {
                d
            }
        }
        Conversion::Char => char::from(bits as u8).to_string(),
        Conversion::Str => String::new(),
        Conversion::Fixed(upper) | Conversion::Exp(upper) => {
            let f = f32::from_bits(bits);
            let p = precision.unwrap_or(6);
            let body = if f.is_nan() {
                "nan".to_string()
            } else if f.is_infinite() {
                "inf".to_string()
            } else if matches!(conv, Conversion::Fixed(_)) {
                super::decimal::fixed(f.abs(), p, flags.alt)
            } else {
                super::decimal::exponent(f.abs(), p, flags.alt)
            };
            let body = if upper {
                body.to_ascii_uppercase()
            } else {
                body
            };
            signed(f.is_sign_negative() && !f.is_nan(), body, flags)
        }
    }
}

/// Digits padded with zeros to the precision (`%.0d` of 0 is empty).
fn min_digits(d: String, precision: Option<usize>) -> String {
    match precision {
        Some(0) if d == "0" => String::new(),
        Some(p) if d.len() < p => format!("{}{d}", "0".repeat(p - d.len())),
        _ => d,
    }
}

/// The sign (or `+`, or a space, as the flags ask) before `body`.
fn signed(negative: bool, body: String, flags: Flags) -> String {
    let sign = if negative {
        "-"
    } else if flags.plus {
        "+"
    } else if flags.space {
        " "
    } else {
        ""
    };
    format!("{sign}{body}")
}

/// `body` padded to `width`: spaces on the left, or on the right with
/// `-`, or zeros after the sign with `0` (for numbers, but not for an
/// integer with a precision, which [`format`] clears, nor for
/// infinities and NaNs).
fn pad(out: &mut String, body: &str, flags: Flags, width: usize, conv: Conversion) {
    let len = body.chars().count();
    if len >= width {
        out.push_str(body);
        return;
    }
    let fill = width - len;
    let numeric = !matches!(conv, Conversion::Char | Conversion::Str);
    let finite = !body.contains("inf")
        && !body.contains("nan")
        && !body.contains("INF")
        && !body.contains("NAN");
    if flags.left {
        out.push_str(body);
        out.push_str(&" ".repeat(fill));
    } else if flags.zero && numeric && finite {
        let split = body
            .find(|c: char| c.is_ascii_alphanumeric() && !matches!(c, 'x' | 'X'))
            .unwrap_or(0);
        let (head, tail) = body.split_at(split);
        let (head, tail) = if tail.starts_with("0x") || tail.starts_with("0X") {
            (&body[..split + 2], &body[split + 2..])
        } else {
            (head, tail)
        };
        out.push_str(head);
        out.push_str(&"0".repeat(fill));
        out.push_str(tail);
    } else {
        out.push_str(&" ".repeat(fill));
        out.push_str(body);
    }
}
