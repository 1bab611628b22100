//! Tokens of the CUDA C subset, each with the line and column it starts at.

use super::{Error, Kind};

/// One token.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Ident(String),
    /// An integer literal: its value and whether it had a `u` suffix, and
    /// whether it was written in hex.
    Int {
        value: u64,
        unsigned: bool,
        hex: bool,
    },
    /// A float literal with an `f` suffix, already rounded to `f32`.
    Float(f32),
    Char(u8),
    Str(String),
    /// An operator or a punctuation mark.
    Punct(&'static str),
    Eof,
}

/// A token and where it starts (1-based line and column).
#[derive(Debug, Clone)]
pub struct Token {
    pub tok: Tok,
    pub line: usize,
    pub col: usize,
}

/// The operators, longest first so that the longest match wins.
const PUNCT: &[&str] = &[
    "<<=", ">>=", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=",
    "/=", "%=", "&=", "|=", "^=", "->", "::", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!",
    "<", ">", "=", "?", ":", ";", ",", "(", ")", "{", "}", "[", "]", ".", "#",
];

/// Splits `src` into tokens; comments and whitespace are dropped. The
/// last token is [`Tok::Eof`].
pub fn tokens(src: &str) -> Result<Vec<Token>, Error> {
    let b = src.as_bytes();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut out = Vec::new();
    let err = |line, col, msg: String| Error {
        line,
        col,
        kind: Kind::Syntax,
        msg,
    };
    while i < b.len() {
        let c = b[i];
        let (start_line, start_col) = (line, col);
        // Whitespace and comments advance the position and produce nothing.
        if c == b'\n' {
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if b[i..].starts_with(b"/*") {
            let Some(end) = src[i + 2..].find("*/") else {
                return Err(err(line, col, "a comment is not closed".into()));
            };
            for &ch in &b[i..i + 2 + end + 2] {
                if ch == b'\n' {
                    line += 1;
                    col = 1;
                } else {
                    col += 1;
                }
            }
            i += end + 4;
            continue;
        }
        let (tok, len) = if c.is_ascii_alphabetic() || c == b'_' {
            let n = b[i..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                .count();
            (Tok::Ident(src[i..i + n].to_string()), n)
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            number(&src[i..]).map_err(|m| err(line, col, m))?
        } else if c == b'\'' {
            let (text, n) = quoted(&src[i..], b'\'').map_err(|m| err(line, col, m))?;
            if text.len() != 1 {
                return Err(err(
                    line,
                    col,
                    "a character literal holds one character".into(),
                ));
            }
            (Tok::Char(text.as_bytes()[0]), n)
        } else if c == b'"' {
            let (text, n) = quoted(&src[i..], b'"').map_err(|m| err(line, col, m))?;
            (Tok::Str(text), n)
        } else if let Some(p) = PUNCT.iter().find(|p| b[i..].starts_with(p.as_bytes())) {
            (Tok::Punct(p), p.len())
        } else {
            let ch = src[i..].chars().next().unwrap_or('?');
            return Err(err(line, col, format!("`{ch}` is not part of CUDA C")));
        };
        out.push(Token {
            tok,
            line: start_line,
            col: start_col,
        });
        i += len;
        col += len;
    }
    out.push(Token {
        tok: Tok::Eof,
        line,
        col,
    });
    Ok(out)
}

/// A number at the start of `s`: its token and length.
fn number(s: &str) -> Result<(Tok, usize), String> {
    let b = s.as_bytes();
    let n = b
        .iter()
        .enumerate()
        .take_while(|&(k, c)| {
            c.is_ascii_alphanumeric()
                || *c == b'.'
                || ((*c == b'+' || *c == b'-')
                    && k > 0
                    && matches!(b[k - 1], b'e' | b'E')
                    && !s.starts_with("0x"))
        })
        .count();
    let text = &s[..n];
    let lower = text.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        let (digits, unsigned) = strip_u(hex);
        let value =
            u64::from_str_radix(digits, 16).map_err(|_| format!("`{text}` is not a number"))?;
        return Ok((
            Tok::Int {
                value,
                unsigned,
                hex: true,
            },
            n,
        ));
    }
    if lower.contains('.') || lower.contains('e') || lower.ends_with('f') {
        let Some(body) = lower.strip_suffix('f') else {
            return Err(format!(
                "`{text}` is a double: the subset has float only (write `{text}f`)"
            ));
        };
        let v: f32 = body
            .parse()
            .map_err(|_| format!("`{text}` is not a number"))?;
        return Ok((Tok::Float(v), n));
    }
    let (digits, unsigned) = strip_u(&lower);
    if digits.len() > 1 && digits.starts_with('0') {
        return Err(format!("`{text}`: octal literals are not in the subset"));
    }
    let value = digits
        .parse::<u64>()
        .map_err(|_| format!("`{text}` is not a number"))?;
    Ok((
        Tok::Int {
            value,
            unsigned,
            hex: false,
        },
        n,
    ))
}

fn strip_u(s: &str) -> (&str, bool) {
    match s.strip_suffix('u') {
        Some(d) => (d, true),
        None => (s, false),
    }
}

/// A quoted literal at the start of `s` (`'…'` or `"…"`) with its escapes
/// resolved, and its length in the source.
fn quoted(s: &str, quote: u8) -> Result<(String, usize), String> {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut k = 1;
    while k < b.len() {
        match b[k] {
            c if c == quote => return Ok((out, k + 1)),
            b'\n' => break,
            b'\\' => {
                let e = *b.get(k + 1).ok_or("an escape is cut off")?;
                out.push(match e {
                    b'n' => '\n',
                    b't' => '\t',
                    b'0' => '\0',
                    b'\\' => '\\',
                    b'\'' => '\'',
                    b'"' => '"',
                    _ => return Err(format!("the escape `\\{}` is not in the subset", e as char)),
                });
                k += 2;
            }
            _ => {
                let ch = s[k..].chars().next().unwrap_or('?');
                out.push(ch);
                k += ch.len_utf8();
            }
        }
    }
    Err("a quoted literal is not closed on its line".into())
}
