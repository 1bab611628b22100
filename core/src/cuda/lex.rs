//! Tokens of the CUDA C subset, each with its byte span.
//!
//! The lexer reads the whole text and reports every bad token it meets
//! (an unclosed comment ends the text). `#include` lines are skipped, as
//! a compiler would read them; other preprocessor lines are errors.

use super::errors::{self, Outside};
use crate::diag::{Diagnostic, Span};
use crate::operand::float::parse_f32;

/// One token's kind and value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    /// A name or a keyword.
    Ident(String),
    /// An integer literal: its value (saturated at `u64::MAX`), its
    /// base (10 or 16), and whether a `u` suffix makes it `unsigned`.
    Int {
        value: u64,
        radix: u32,
        suffix_u: bool,
    },
    /// A `float` literal (with an `f` suffix), rounded to `f32`.
    Float(f32),
    /// A character literal's code.
    Char(u32),
    /// A string literal with its escapes resolved.
    Str(String),
    /// An operator or a punctuation mark.
    Punct(&'static str),
    /// The end of the text.
    Eof,
}

/// A token and where it is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    pub(crate) span: Span,
}

/// The operators, longest first so that the longest match wins.
const PUNCT: &[&str] = &[
    "<<=", ">>=", "...", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=",
    "*=", "/=", "%=", "&=", "|=", "^=", "->", "::", "+", "-", "*", "/", "%", "&", "|", "^", "~",
    "!", "<", ">", "=", "?", ":", ";", ",", "(", ")", "{", "}", "[", "]", ".",
];

/// How many lexical errors are worth reporting: past them the text is
/// not CUDA at all, and the lexer stops.
const MAX_ERRORS: usize = 100;

/// Splits `src` into tokens ending in [`Tok::Eof`], with every lexical
/// error found (the tokens are only meaningful when there are none).
pub(crate) fn tokens(src: &str) -> (Vec<Token>, Vec<Diagnostic>) {
    let mut lx = Lexer {
        src,
        at: 0,
        out: Vec::new(),
        errors: Vec::new(),
    };
    while lx.at < src.len() && lx.errors.len() < MAX_ERRORS {
        lx.step();
    }
    lx.out.push(Token {
        tok: Tok::Eof,
        span: Span::new(src.len(), src.len()),
    });
    (lx.out, lx.errors)
}

struct Lexer<'a> {
    src: &'a str,
    at: usize,
    out: Vec<Token>,
    errors: Vec<Diagnostic>,
}

impl Lexer<'_> {
    fn rest(&self) -> &str {
        &self.src[self.at..]
    }

    /// Reads one token, or skips white space, a comment or an include.
    fn step(&mut self) {
        let rest = self.rest();
        let Some(c) = rest.chars().next() else { return };
        let start = self.at;
        if c.is_whitespace() {
            self.at += c.len_utf8();
        } else if rest.starts_with("//") {
            self.at += rest.find('\n').unwrap_or(rest.len());
        } else if let Some(body) = rest.strip_prefix("/*") {
            match body.find("*/") {
                Some(end) => self.at += end + 4,
                None => {
                    self.errors
                        .push(errors::open_comment(Span::new(start, start + 2)));
                    self.at = self.src.len();
                }
            }
        } else if c == '#' && self.line_starts_at(start) {
            let len = rest.find('\n').unwrap_or(rest.len());
            if !is_include(rest) {
                let span = Span::new(start, start + len);
                self.errors.push(errors::preprocessor(span));
            }
            self.at += len;
        } else {
            let (tok, len) = self.token(c);
            let span = Span::new(start, start + len);
            self.at += len;
            if let Some(tok) = tok {
                self.out.push(Token { tok, span });
            }
        }
    }

    /// Whether only white space comes before `at` on its line (read
    /// backwards only as far as the first other character, so that a line
    /// of many `#` is not read again for each).
    fn line_starts_at(&self, at: usize) -> bool {
        self.src[..at]
            .chars()
            .rev()
            .take_while(|c| *c != '\n')
            .all(char::is_whitespace)
    }

    /// The token starting with `c` and its length (`None` after an error).
    fn token(&mut self, c: char) -> (Option<Tok>, usize) {
        let rest = self.rest();
        let start = self.at;
        let bytes = rest.as_bytes();
        if c.is_ascii_alphabetic() || c == '_' {
            let n = bytes
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
            return (Some(Tok::Ident(rest[..n].to_string())), n);
        }
        let digit_after_dot = c == '.' && bytes.get(1).is_some_and(u8::is_ascii_digit);
        if c.is_ascii_digit() || digit_after_dot {
            let n = number_len(rest);
            let r = number(&rest[..n]).map_err(|f| f(Span::new(start, start + n)));
            return (self.keep(r), n);
        }
        if c == '\'' || c == '"' {
            let (r, n) = quoted(rest, c);
            let span = Span::new(start, start + n);
            let r = match r {
                Ok(text) if c == '"' => Ok(Tok::Str(text)),
                Ok(text) => one_char(&text).ok_or_else(|| errors::char_len(span)),
                Err(f) => Err(f(span)),
            };
            return (self.keep(r), n);
        }
        if let Some(p) = PUNCT.iter().find(|p| rest.starts_with(**p)) {
            return (Some(Tok::Punct(p)), p.len());
        }
        let n = c.len_utf8();
        self.errors
            .push(errors::stray_char(Span::new(start, start + n), c));
        (None, n)
    }

    /// The token of `r`, or nothing with its error kept.
    fn keep(&mut self, r: Result<Tok, Diagnostic>) -> Option<Tok> {
        r.map_err(|d| self.errors.push(d)).ok()
    }
}

/// Whether a `#` line is an `#include`.
fn is_include(line: &str) -> bool {
    line[1..].trim_start().starts_with("include")
}

/// The code of a one-character literal's text.
fn one_char(text: &str) -> Option<Tok> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(Tok::Char(u32::from(c))),
        _ => None,
    }
}

/// How many bytes of `s` a number takes: digits, letters, dots, and a
/// sign right after a decimal exponent's `e`.
fn number_len(s: &str) -> usize {
    let b = s.as_bytes();
    let hex = s.len() > 1 && (s.starts_with("0x") || s.starts_with("0X"));
    let mut n = 0;
    while n < b.len() {
        let c = b[n];
        let sign = matches!(c, b'+' | b'-') && n > 0 && matches!(b[n - 1], b'e' | b'E') && !hex;
        if !(c.is_ascii_alphanumeric() || c == b'.' || sign) {
            break;
        }
        n += 1;
    }
    n
}

/// A function making a diagnostic once its span is known.
type Fault = Box<dyn FnOnce(Span) -> Diagnostic>;

/// The token of a number's text: a `float` when it has a point, an
/// exponent or an `f`; else an integer in hex or decimal with an optional
/// `u` suffix.
fn number(text: &str) -> Result<Tok, Fault> {
    let owned = text.to_string();
    let bad = move || -> Fault { Box::new(move |s| errors::bad_number(s, &owned)) };
    let (radix, body) = match text.get(..2) {
        Some("0x" | "0X") => (16, &text[2..]),
        _ => (10, text),
    };
    let is_float = radix == 10
        && body
            .bytes()
            .any(|b| matches!(b, b'.' | b'e' | b'E' | b'f' | b'F'));
    if is_float {
        return float(text).map_err(|wrong| wrong.unwrap_or_else(bad));
    }
    let split = body
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(split);
    let unsigned = match suffix {
        "" => false,
        "u" | "U" => true,
        _ if suffix.contains(['l', 'L']) => {
            return Err(Box::new(|s| errors::outside(s, Outside::LongLiteral)));
        }
        _ => return Err(bad()),
    };
    if digits.is_empty() {
        return Err(bad());
    }
    if radix == 10 && digits.len() > 1 && digits.starts_with('0') {
        return Err(Box::new(|s| errors::outside(s, Outside::OctalLiteral)));
    }
    let value = u64::from_str_radix(digits, radix).unwrap_or(u64::MAX);
    Ok(Tok::Int {
        value,
        radix,
        suffix_u: unsigned,
    })
}

/// A `float` literal's token; `Err(None)` when the text is no number.
fn float(text: &str) -> Result<Tok, Option<Fault>> {
    let owned = text.to_string();
    let Some(body) = text.strip_suffix(['f', 'F']) else {
        return Err(parse_f32(text)
            .is_some()
            .then(|| -> Fault { Box::new(move |s| errors::double_literal(s, &owned)) }));
    };
    // warpscope's own exact reader: std's carries a 10 KB table
    let f: f32 = parse_f32(body).ok_or(None)?;
    if f.is_infinite() {
        return Err(Some(Box::new(move |s| errors::float_range(s, &owned))));
    }
    Ok(Tok::Float(f))
}

/// A quoted literal at the start of `s` with its escapes resolved, and
/// its length in bytes (up to the closing quote, or to the line's end).
fn quoted(s: &str, quote: char) -> (Result<String, Fault>, usize) {
    let mut out = String::new();
    let mut chars = s.char_indices().skip(1);
    let mut fault: Option<Fault> = None;
    while let Some((k, c)) = chars.next() {
        if c == quote {
            let r = match fault {
                Some(f) => Err(f),
                None => Ok(out),
            };
            return (r, k + 1);
        }
        match c {
            '\n' => return (Err(Box::new(errors::open_quote)), k),
            '\\' => {
                let Some((_, e)) = chars.next() else { break };
                match escape(e) {
                    Some(v) => out.push(v),
                    None => {
                        fault.get_or_insert(Box::new(move |s| errors::bad_escape(s, e)));
                    }
                }
            }
            _ => out.push(c),
        }
    }
    (Err(Box::new(errors::open_quote)), s.len())
}

/// The character an escape `\e` stands for.
fn escape(e: char) -> Option<char> {
    Some(match e {
        'n' => '\n',
        't' => '\t',
        '0' => '\0',
        '\\' => '\\',
        '\'' => '\'',
        '"' => '"',
        _ => return None,
    })
}
