//! Tokens of the structured parts of a description file.
//!
//! The description language is line oriented: definition headers, enum
//! values, `field<...>` declarations and operand statements never span
//! lines. The parser therefore hands one line at a time to [`lex_line`],
//! which returns the tokens, the trailing `//` comment and any bad
//! characters (as diagnostics; lexing always goes on to the end of the line).
//!
//! ```
//! use warpscope_core::spec::lexer::{lex_line, Tok};
//! let line = lex_line("field<15, 1> PModi pg.not=False; // guard", 100);
//! assert_eq!(line.tokens[0].tok, Tok::Ident("field".into()));
//! assert_eq!(line.tokens[1].tok, Tok::Lt);
//! assert_eq!(line.tokens[1].span.start, 105);
//! assert_eq!(line.tokens[7].tok, Tok::Ident("pg.not".into()));
//! assert_eq!(line.comment.unwrap().0, "guard");
//! ```

use crate::diag::{Diagnostic, Span};
use crate::msg;

/// One token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// A name; may contain dots between parts (`SR_CTAID.X`, `pg.not`).
    Ident(String),
    /// A decimal, `0x` hexadecimal or `0b` binary number.
    Int(u64),
    /// A double-quoted string (contents without the quotes).
    Str(String),
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `,`
    Comma,
    /// `;`
    Semi,
    /// `:`
    Colon,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `=`
    Assign,
    /// `==`
    EqEq,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
}

impl Tok {
    /// How the token is shown in messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Int(v) => format!("`{v}`"),
            Tok::Str(s) => format!("\"{s}\""),
            Tok::Lt => "`<`".into(),
            Tok::Gt => "`>`".into(),
            Tok::Comma => "`,`".into(),
            Tok::Semi => "`;`".into(),
            Tok::Colon => "`:`".into(),
            Tok::LBracket => "`[`".into(),
            Tok::RBracket => "`]`".into(),
            Tok::Assign => "`=`".into(),
            Tok::EqEq => "`==`".into(),
            Tok::LParen => "`(`".into(),
            Tok::RParen => "`)`".into(),
            Tok::Plus => "`+`".into(),
            Tok::Minus => "`-`".into(),
            Tok::Star => "`*`".into(),
        }
    }
}

/// A token and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Its bytes in the file.
    pub span: Span,
}

/// The result of lexing one line.
#[derive(Debug, Clone, Default)]
pub struct Line {
    /// Tokens before any comment.
    pub tokens: Vec<Token>,
    /// Trimmed text of a trailing `// comment` and the comment's span.
    pub comment: Option<(String, Span)>,
    /// Bad characters, unterminated strings, numbers that do not fit.
    pub errors: Vec<Diagnostic>,
}

fn ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Splits one line (without its newline) into tokens. `base` is the byte
/// offset of the line in its file; spans are file offsets.
pub fn lex_line(line: &str, base: usize) -> Line {
    let b = line.as_bytes();
    let mut out = Line::default();
    let mut i = 0;
    let sp = |s: usize, e: usize| Span::new(base + s, base + e);
    while i < b.len() {
        let c = b[i];
        if c == b' ' || c == b'\t' || c == b'\r' {
            i += 1;
            continue;
        }
        let start = i;
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            let text = line[i + 2..].trim();
            out.comment = Some((text.to_string(), sp(i, b.len())));
            break;
        }
        if ident_start(c) {
            i += 1;
            loop {
                while i < b.len() && ident_char(b[i]) {
                    i += 1;
                }
                if i + 1 < b.len() && b[i] == b'.' && ident_char(b[i + 1]) {
                    i += 1;
                    continue;
                }
                break;
            }
            out.tokens.push(Token {
                tok: Tok::Ident(line[start..i].to_string()),
                span: sp(start, i),
            });
            continue;
        }
        if c.is_ascii_digit() {
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            let text = &line[start..i];
            let parsed = if let Some(h) =
                text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"))
            {
                u64::from_str_radix(h, 16)
            } else if let Some(bits) = text.strip_prefix("0b").or_else(|| text.strip_prefix("0B")) {
                u64::from_str_radix(bits, 2)
            } else {
                text.parse::<u64>()
            };
            match parsed {
                Ok(v) => out.tokens.push(Token {
                    tok: Tok::Int(v),
                    span: sp(start, i),
                }),
                Err(e) => {
                    let why = match e.kind() {
                        std::num::IntErrorKind::PosOverflow => {
                            msg!("number does not fit in 64 bits `{0}`", text)
                        }
                        _ => msg!("invalid number `{0}`", text),
                    };
                    out.errors.push(Diagnostic::error(sp(start, i), why));
                }
            }
            continue;
        }
        if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += 1;
            }
            if i >= b.len() {
                out.errors.push(Diagnostic::error(
                    sp(start, b.len()),
                    msg!("unterminated string (a `\"` is missing on this line)"),
                ));
                break;
            }
            i += 1;
            out.tokens.push(Token {
                tok: Tok::Str(line[start + 1..i - 1].to_string()),
                span: sp(start, i),
            });
            continue;
        }
        let tok = match c {
            b'<' => Some(Tok::Lt),
            b'>' => Some(Tok::Gt),
            b',' => Some(Tok::Comma),
            b';' => Some(Tok::Semi),
            b':' => Some(Tok::Colon),
            b'[' => Some(Tok::LBracket),
            b']' => Some(Tok::RBracket),
            b'(' => Some(Tok::LParen),
            b')' => Some(Tok::RParen),
            b'+' => Some(Tok::Plus),
            b'-' => Some(Tok::Minus),
            b'*' => Some(Tok::Star),
            b'=' => {
                if b.get(i + 1) == Some(&b'=') {
                    i += 1;
                    Some(Tok::EqEq)
                } else {
                    Some(Tok::Assign)
                }
            }
            _ => None,
        };
        match tok {
            Some(tok) => {
                i += 1;
                out.tokens.push(Token {
                    tok,
                    span: sp(start, i),
                });
            }
            None => {
                // Skip the whole (possibly multi-byte) character.
                let ch = line[start..].chars().next().unwrap_or('?');
                i += ch.len_utf8().max(1);
                // A run of bad characters is one error.
                if let Some(last) = out.errors.last_mut() {
                    if last.span.end == base + start
                        && last.text.template.starts_with("unexpected char")
                    {
                        let span = Span::new(last.span.start, base + i);
                        *last = Diagnostic::error(span, msg!("unexpected characters"));
                        continue;
                    }
                }
                out.errors.push(Diagnostic::error(
                    sp(start, i),
                    msg!("unexpected character `{0}`", crate::msg::visible_char(ch)),
                ));
            }
        }
    }
    out
}
