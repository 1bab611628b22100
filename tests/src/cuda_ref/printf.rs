//! C's `printf` formatting, for the directives the subset has.

use super::ast::Ty;
use super::value::Lanes;

/// One argument after the format: a value in each lane, or a string in
/// each lane (a literal, or `?:` choosing between literals).
pub enum Arg {
    Lanes(Lanes),
    Str(Vec<String>),
}

/// A directive's flags, width and precision.
#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: usize,
    precision: Option<usize>,
}

/// Formats `fmt` with lane `lane`'s values of `args`.
pub fn format(fmt: &str, args: &[Arg], lane: usize) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    let mut next = args.iter();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut s = Spec::default();
        while let Some(&f) = chars.peek() {
            match f {
                '-' => s.left = true,
                '+' => s.plus = true,
                ' ' => s.space = true,
                '0' => s.zero = true,
                '#' => s.alt = true,
                _ => break,
            }
            chars.next();
        }
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            s.width = s.width * 10 + d as usize;
            chars.next();
        }
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut p = 0;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                p = p * 10 + d as usize;
                chars.next();
            }
            s.precision = Some(p);
        }
        let conv = chars
            .next()
            .ok_or("the format ends inside a `%` directive")?;
        if conv == '%' {
            out.push('%');
            continue;
        }
        let arg = next
            .next()
            .ok_or_else(|| format!("`%{conv}` has no argument"))?;
        let body = directive(conv, &s, arg, lane)?;
        out.push_str(&body);
    }
    if next.next().is_some() {
        return Err("printf has more arguments than directives".into());
    }
    Ok(out)
}

/// One directive's text, padded to its width.
fn directive(conv: char, s: &Spec, arg: &Arg, lane: usize) -> Result<String, String> {
    let value = match arg {
        Arg::Lanes(x) => Some((x.ty, x.v[lane])),
        Arg::Str(_) => None,
    };
    let (lead, body, numeric) = match (conv, value, arg) {
        ('s', _, Arg::Str(t)) => {
            let t: String = match s.precision {
                Some(p) => t[lane].chars().take(p).collect(),
                None => t[lane].clone(),
            };
            (String::new(), t, false)
        }
        ('c', Some((t, v)), _) if t != Ty::Float => {
            (String::new(), char::from(v as u8).to_string(), false)
        }
        ('d' | 'i', Some((t, v)), _) if t != Ty::Float => {
            let n = v as i32;
            (
                sign(n < 0, s),
                digits(n.unsigned_abs(), 10, s.precision, false),
                true,
            )
        }
        ('u' | 'x' | 'X' | 'o', Some((t, v)), _) if t != Ty::Float => {
            let base = match conv {
                'u' => 10,
                'o' => 8,
                _ => 16,
            };
            let mut d = digits(v, base, s.precision, conv == 'X');
            if s.alt && conv == 'o' && !d.starts_with('0') {
                d.insert(0, '0');
            }
            let prefix = match conv {
                'x' if s.alt && v != 0 => "0x",
                'X' if s.alt && v != 0 => "0X",
                _ => "",
            };
            (prefix.to_string(), d, true)
        }
        ('f' | 'F' | 'e' | 'E', Some((Ty::Float, v)), _) => {
            let f = f64::from(f32::from_bits(v));
            let body = float(conv, f.abs(), s.precision.unwrap_or(6), s.alt);
            (sign(f.is_sign_negative(), s), body, f.is_finite())
        }
        (c, _, _) if "sdiuxXocfFeE".contains(c) => {
            let ty = match value {
                Some((t, _)) => t.name(),
                None => "string",
            };
            return Err(format!("`%{c}` does not print a {ty}"));
        }
        (c, _, _) => return Err(format!("`%{c}` is not a directive of the subset")),
    };
    let len = lead.chars().count() + body.chars().count();
    let pad = s.width.saturating_sub(len);
    Ok(if s.left {
        format!("{lead}{body}{}", " ".repeat(pad))
    } else if s.zero && numeric && (s.precision.is_none() || "fFeE".contains(conv)) {
        format!("{lead}{}{body}", "0".repeat(pad))
    } else {
        format!("{}{lead}{body}", " ".repeat(pad))
    })
}

/// A signed number's sign: `-`, or what the `+` and space flags ask for.
fn sign(negative: bool, s: &Spec) -> String {
    let sign = if negative {
        "-"
    } else if s.plus {
        "+"
    } else if s.space {
        " "
    } else {
        ""
    };
    sign.to_string()
}

/// `v`'s digits in `base`, at least `precision` of them (C: a precision
/// of 0 prints nothing for 0).
fn digits(v: u32, base: u32, precision: Option<usize>, upper: bool) -> String {
    let mut d = match base {
        8 => format!("{v:o}"),
        16 if upper => format!("{v:X}"),
        16 => format!("{v:x}"),
        _ => v.to_string(),
    };
    match precision {
        Some(0) if v == 0 => d.clear(),
        Some(p) if d.len() < p => d.insert_str(0, &"0".repeat(p - d.len())),
        _ => {}
    }
    d
}

/// `%f` or `%e` of a non-negative (or NaN) number: rounded to nearest on
/// the exact binary value, ties to even, as C's library does.
fn float(conv: char, f: f64, precision: usize, alt: bool) -> String {
    let upper = conv.is_ascii_uppercase();
    let mut t = if f.is_nan() {
        "nan".to_string()
    } else if f.is_infinite() {
        "inf".to_string()
    } else if conv == 'f' || conv == 'F' {
        let mut t = format!("{f:.precision$}");
        if alt && precision == 0 {
            t.push('.');
        }
        t
    } else {
        let t = format!("{f:.precision$e}");
        let (mantissa, exp) = t.split_once('e').unwrap_or((&t, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let dot = if alt && precision == 0 { "." } else { "" };
        format!(
            "{mantissa}{dot}e{}{:02}",
            if exp < 0 { '-' } else { '+' },
            exp.unsigned_abs()
        )
    };
    if upper {
        t = t.to_uppercase();
    }
    t
}
