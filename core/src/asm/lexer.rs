//! Tokens of assembly text.
//!
//! The lexer never fails: a malformed number or a stray character becomes a
//! [`Tok::Error`] token plus a diagnostic, so the parser can go on and
//! report everything in one pass.

use crate::diag::{Diagnostic, Span};
use crate::msg::Text;

/// What a token is. Text-carrying kinds take their text from the source
/// through the token's span.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Tok {
    /// `[A-Za-z_][A-Za-z0-9_.]*`: mnemonics with modifiers, registers,
    /// enum value names (`SR_CTAID.X`), labels, `lane`.
    Ident,
    /// `.name` at a place where an identifier cannot continue.
    Directive,
    /// An integer literal (decimal, `0x` hex or `0b` binary).
    Int(u128),
    /// A decimal float literal (`1.5`, `2e-3`); its text is the span.
    Float,
    /// `0f3fc00000`: raw IEEE-754 single-precision bits.
    FloatBits(u32),
    /// Punctuation and operators.
    P(Punct),
    /// End of a line (statements end here).
    Newline,
    /// `;`
    Semi,
    /// Something already reported; the parser skips it quietly.
    Error,
}

/// Punctuation and operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Punct {
    At,
    Bang,
    Tilde,
    Comma,
    Colon,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Assign,
    Dollar,
    Minus,
    Plus,
    Star,
    Slash,
    Percent,
    Amp,
    Pipe,
    Caret,
    Lt,
    Gt,
    Shl,
    Shr,
    Le,
    Ge,
    EqEq,
    Ne,
    AndAnd,
    OrOr,
}

impl Punct {
    /// The punctuation as written.
    pub(crate) fn text(self) -> &'static str {
        use Punct::*;
        match self {
            At => "@",
            Bang => "!",
            Tilde => "~",
            Comma => ",",
            Colon => ":",
            LBracket => "[",
            RBracket => "]",
            LBrace => "{",
            RBrace => "}",
            LParen => "(",
            RParen => ")",
            Assign => "=",
            Dollar => "$",
            Minus => "-",
            Plus => "+",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Amp => "&",
            Pipe => "|",
            Caret => "^",
            Lt => "<",
            Gt => ">",
            Shl => "<<",
            Shr => ">>",
            Le => "<=",
            Ge => ">=",
            EqEq => "==",
            Ne => "!=",
            AndAnd => "&&",
            OrOr => "||",
        }
    }
}

/// One token and where it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Token {
    pub kind: Tok,
    pub span: Span,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    IDENT_CHAR[usize::from(c)]
}

/// The bytes that continue an identifier, as a table: the lexer asks for
/// every byte of every name.
const IDENT_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'.';
        c += 1;
    }
    t
};

/// Parses an integer literal: decimal, `0x` hex or `0b` binary, with `_`
/// separators allowed between digits. Returns a message on failure.
pub(crate) fn parse_int(text: &str) -> Result<u128, Text> {
    let (digits, radix) =
        if let Some(r) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            (r, 16)
        } else if let Some(r) = text.strip_prefix("0b").or_else(|| text.strip_prefix("0B")) {
            (r, 2)
        } else {
            (text, 10)
        };
    // Short plain numbers, the usual case, in 64-bit arithmetic (16
    // digits of any radix fit); a `_` or a bad digit takes the long way.
    if digits.len() <= 16 && !digits.is_empty() {
        let mut value = 0u64;
        let all_digits = digits.bytes().all(|c| {
            let d = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'f' => c - b'a' + 10,
                b'A'..=b'F' => c - b'A' + 10,
                _ => return false,
            };
            value = value * u64::from(radix) + u64::from(d);
            u32::from(d) < radix
        });
        if all_digits {
            return Ok(u128::from(value));
        }
    }
    // Digit by digit, skipping `_`: no copy of the text. A bad digit is
    // reported before an overflow, wherever each is.
    let (mut value, mut any, mut overflow) = (0u128, false, false);
    for c in digits.chars().filter(|&c| c != '_') {
        let Some(d) = c.to_digit(radix) else {
            return Err(match radix {
                16 => crate::msg!("`{0}` is not a hexadecimal digit in `{1}`", c, text),
                2 => crate::msg!("`{0}` is not a binary digit in `{1}`", c, text),
                _ => crate::msg!("`{0}` is not a decimal digit in `{1}`", c, text),
            });
        };
        any = true;
        match value
            .checked_mul(u128::from(radix))
            .and_then(|v| v.checked_add(u128::from(d)))
        {
            Some(v) => value = v,
            None => overflow = true,
        }
    }
    if !any {
        return Err(crate::msg!("`{0}` has no digits", text));
    }
    if overflow {
        return Err(crate::msg!("`{0}` is too large", text));
    }
    Ok(value)
}

/// Splits `src` into tokens. Comments (`//` to end of line, `/* ... */`)
/// are dropped; a block comment that spans lines ends the statement like a
/// newline would.
#[cfg(test)]
pub(crate) fn lex(src: &str, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    lex_with(src, false, diags)
}

/// Like [`lex`]; with `semi_comments` a `;` starts a comment that runs to
/// the end of the line (AMDGPU syntax) instead of ending a statement.
#[cfg(test)]
pub(crate) fn lex_with(src: &str, semi_comments: bool, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    let mut lx = Lexer::new(src, semi_comments);
    let mut toks = Vec::new();
    while let Some(t) = lx.next_token(diags) {
        toks.push(t);
    }
    toks
}

/// Reads tokens on demand, so that a long text is assembled one
/// statement at a time without holding the tokens of all of it.
pub(crate) struct Lexer<'s> {
    src: &'s str,
    semi_comments: bool,
    i: usize,
    /// 1-based line of byte `i`.
    line: usize,
    /// Line of the last statement [`Lexer::statement`] read.
    stmt_line: usize,
}

impl<'s> Lexer<'s> {
    /// A lexer at the start of `src` (`semi_comments` as for [`lex_with`]).
    pub(crate) fn new(src: &'s str, semi_comments: bool) -> Lexer<'s> {
        Lexer {
            src,
            semi_comments,
            i: 0,
            line: 1,
            stmt_line: 1,
        }
    }

    /// A lexer from byte `start` of `src` (a line start) to its end; its
    /// lines are counted from 1 at `start`.
    pub(crate) fn from(src: &'s str, semi_comments: bool, start: usize) -> Lexer<'s> {
        Lexer {
            i: start,
            ..Lexer::new(src, semi_comments)
        }
    }

    /// The 1-based line of the last statement [`Lexer::statement`] read
    /// (a statement never spans lines: a line end ends it).
    pub(crate) fn statement_line(&self) -> usize {
        self.stmt_line
    }

    /// The tokens of the next statement that has any, into `buf` (cleared
    /// first), without the `;` or line end that ends it: what splitting
    /// all of [`Lexer::next_token`]'s tokens there gives. False at the end
    /// of the text.
    pub(crate) fn statement(&mut self, buf: &mut Vec<Token>, diags: &mut Vec<Diagnostic>) -> bool {
        buf.clear();
        while let Some(t) = self.next_token(diags) {
            match t.kind {
                Tok::Semi | Tok::Newline if buf.is_empty() => {}
                Tok::Semi | Tok::Newline => return true,
                _ => {
                    if buf.is_empty() {
                        self.stmt_line = self.line;
                    }
                    buf.push(t);
                }
            }
        }
        !buf.is_empty()
    }

    /// The next token; comments and blanks are skipped, problems reported
    /// into `diags`.
    pub(crate) fn next_token(&mut self, diags: &mut Vec<Diagnostic>) -> Option<Token> {
        let (src, b) = (self.src, self.src.as_bytes());
        let tok = |kind, s, e| {
            Some(Token {
                kind,
                span: Span::new(s, e),
            })
        };
        while self.i < b.len() {
            let i = self.i;
            let c = b[i];
            // Names and blanks, most of any text, before the other cases.
            if is_ident_start(c) {
                self.i = ident_end(b, i + 1);
                return tok(Tok::Ident, i, self.i);
            }
            if c == b' ' {
                self.i += 1;
                continue;
            }
            match c {
                b'\n' => {
                    self.i += 1;
                    self.line += 1;
                    return tok(Tok::Newline, i, i + 1);
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.i += 1,
                b'/' if b.get(i + 1) == Some(&b'/') => self.i = line_end(b, i),
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    let (end, newlines) = block_comment(b, i, diags);
                    self.i = end;
                    if newlines > 0 {
                        self.line += newlines;
                        return tok(Tok::Newline, i, end);
                    }
                }
                b';' if self.semi_comments => self.i = line_end(b, i),
                b';' => {
                    self.i += 1;
                    return tok(Tok::Semi, i, i + 1);
                }
                b'.' if b.get(i + 1).is_some_and(|&n| is_ident_start(n)) => {
                    self.i = ident_end(b, i + 1);
                    return tok(Tok::Directive, i, self.i);
                }
                b'0'..=b'9' => {
                    let kind = lex_number(src, &mut self.i, diags);
                    return tok(kind, i, self.i);
                }
                _ => {
                    let (kind, len) = punct(src, i, diags);
                    self.i = i + len;
                    return tok(kind, i, self.i);
                }
            }
        }
        None
    }
}

/// Where the line holding byte `i` ends (at its `\n`, or the end).
fn line_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        i += 1;
    }
    i
}

/// Where the identifier characters from `i` end.
fn ident_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_ident_char(b[i]) {
        i += 1;
    }
    i
}

/// Skips the `/* ... */` comment at `start`; returns where it ends and
/// how many line ends it spans.
fn block_comment(b: &[u8], start: usize, diags: &mut Vec<Diagnostic>) -> (usize, usize) {
    let mut i = start + 2;
    let mut newlines = 0;
    while i < b.len() {
        if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
            return (i + 2, newlines);
        }
        if b[i] == b'\n' {
            newlines += 1;
        }
        i += 1;
    }
    diags.push(
        Diagnostic::error(
            Span::new(start, start + 2),
            crate::msg!("unterminated `/*` comment"),
        )
        .with_help(crate::msg!("close it with `*/`")),
    );
    (i, newlines)
}

/// The punctuation at byte `i` and its length; an unexpected character
/// (a whole UTF-8 character) is reported and becomes [`Tok::Error`].
fn punct(src: &str, i: usize, diags: &mut Vec<Diagnostic>) -> (Tok, usize) {
    let b = src.as_bytes();
    let two = |n: u8| b.get(i + 1) == Some(&n);
    use Punct::*;
    let p = match b[i] {
        b'@' => At,
        b'!' if two(b'=') => Ne,
        b'!' => Bang,
        b'~' => Tilde,
        b',' => Comma,
        b':' => Colon,
        b'[' => LBracket,
        b']' => RBracket,
        b'{' => LBrace,
        b'}' => RBrace,
        b'(' => LParen,
        b')' => RParen,
        b'=' if two(b'=') => EqEq,
        b'=' => Assign,
        b'$' => Dollar,
        b'-' => Minus,
        b'+' => Plus,
        b'*' => Star,
        b'/' => Slash,
        b'%' => Percent,
        b'&' if two(b'&') => AndAnd,
        b'&' => Amp,
        b'|' if two(b'|') => OrOr,
        b'|' => Pipe,
        b'^' => Caret,
        b'<' if two(b'<') => Shl,
        b'<' if two(b'=') => Le,
        b'<' => Lt,
        b'>' if two(b'>') => Shr,
        b'>' if two(b'=') => Ge,
        b'>' => Gt,
        _ => {
            // Skip a whole UTF-8 character.
            let ch = src[i..].chars().next().unwrap_or('?');
            let end = i + ch.len_utf8();
            let mut d = Diagnostic::error(
                Span::new(i, end),
                crate::msg!("unexpected character `{0}`", crate::msg::visible_char(ch)),
            );
            if ch == '#' {
                d = d.with_help(crate::msg!(
                    "comments start with `//` or are written `/* ... */`"
                ));
            }
            diags.push(d);
            return (Tok::Error, end - i);
        }
    };
    // The length is the punctuation's own spelling.
    (Tok::P(p), p.text().len())
}

/// Lexes a number starting at `*i` (a digit); advances `*i` past it.
fn lex_number(src: &str, i: &mut usize, diags: &mut Vec<Diagnostic>) -> Tok {
    let b = src.as_bytes();
    let start = *i;
    let prefixed = b[start] == b'0'
        && matches!(
            b.get(start + 1),
            Some(b'x' | b'X' | b'b' | b'B' | b'f' | b'F')
        );
    let mut is_float = false;
    if prefixed {
        *i += 2;
        while *i < b.len() && (b[*i].is_ascii_alphanumeric() || b[*i] == b'_') {
            *i += 1;
        }
    } else {
        while *i < b.len() && (b[*i].is_ascii_digit() || b[*i] == b'_') {
            *i += 1;
        }
        if *i < b.len() && b[*i] == b'.' && b.get(*i + 1).is_some_and(u8::is_ascii_digit) {
            is_float = true;
            *i += 1;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
        }
        if *i < b.len() && (b[*i] == b'e' || b[*i] == b'E') {
            let mut j = *i + 1;
            if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
                j += 1;
            }
            if j < b.len() && b[j].is_ascii_digit() {
                is_float = true;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                *i = j;
            }
        }
        // Anything glued on (`12ab`, `1.5.3`) makes the whole thing invalid.
        if *i < b.len() && (is_ident_char(b[*i])) {
            while *i < b.len() && is_ident_char(b[*i]) {
                *i += 1;
            }
            let text = &src[start..*i];
            diags.push(Diagnostic::error(
                Span::new(start, *i),
                crate::msg!("invalid number `{0}`", text),
            ));
            return Tok::Error;
        }
    }
    let text = &src[start..*i];
    let span = Span::new(start, *i);
    if is_float {
        return Tok::Float;
    }
    if prefixed && matches!(b[start + 1], b'f' | b'F') {
        let digits: String = text[2..].chars().filter(|&c| c != '_').collect();
        if digits.is_empty() || digits.len() > 8 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
            diags.push(
                Diagnostic::error(span, crate::msg!("invalid float bit pattern `{0}`", text))
                    .with_help(crate::msg!(
                        "write `0f` and up to 8 hex digits, e.g. `0f3fc00000` for 1.5"
                    )),
            );
            return Tok::Error;
        }
        return match u32::from_str_radix(&digits, 16) {
            Ok(v) => Tok::FloatBits(v),
            Err(_) => Tok::Error,
        };
    }
    match parse_int(text) {
        Ok(v) => Tok::Int(v),
        Err(msg) => {
            diags.push(Diagnostic::error(
                span,
                crate::msg!("invalid number: {0}", msg),
            ));
            Tok::Error
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> (Vec<Tok>, Vec<Diagnostic>) {
        let mut d = Vec::new();
        let t = lex(src, &mut d);
        (t.into_iter().map(|t| t.kind).collect(), d)
    }

    #[test]
    fn integers_in_all_bases() {
        assert_eq!(parse_int("42"), Ok(42));
        assert_eq!(parse_int("0x1F"), Ok(31));
        assert_eq!(parse_int("0b1010"), Ok(10));
        assert_eq!(parse_int("1_000"), Ok(1000));
        assert_eq!(parse_int("0xffff_ffff"), Ok(0xffff_ffff));
        assert!(parse_int("0x").is_err());
        let err = |text| parse_int(text).unwrap_err().english();
        assert!(err("0b102").contains("binary digit"));
        assert!(err("999999999999999999999999999999999999999999").contains("too large"));
    }

    #[test]
    fn statement_tokens() {
        let (k, d) = kinds("@!P0 SHFL.BFLY P1, R[2:3], c[0x0][0x10] ; // hi\n");
        assert!(d.is_empty());
        use Punct::*;
        assert_eq!(
            k,
            vec![
                Tok::P(At),
                Tok::P(Bang),
                Tok::Ident,
                Tok::Ident,
                Tok::Ident,
                Tok::P(Comma),
                Tok::Ident,
                Tok::P(LBracket),
                Tok::Int(2),
                Tok::P(Colon),
                Tok::Int(3),
                Tok::P(RBracket),
                Tok::P(Comma),
                Tok::Ident,
                Tok::P(LBracket),
                Tok::Int(0),
                Tok::P(RBracket),
                Tok::P(LBracket),
                Tok::Int(16),
                Tok::P(RBracket),
                Tok::Semi,
                Tok::Newline,
            ]
        );
    }

    #[test]
    fn floats_and_bit_patterns() {
        let (k, d) = kinds("1.5 2e-3 1E5 0f3fc00000 7");
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            k,
            vec![
                Tok::Float,
                Tok::Float,
                Tok::Float,
                Tok::FloatBits(0x3fc0_0000),
                Tok::Int(7)
            ]
        );
    }

    #[test]
    fn operators_and_directives() {
        let (k, d) = kinds(".init R1 = lane << 2 >= 3 && !x != y || z <= w");
        assert!(d.is_empty());
        use Punct::*;
        assert_eq!(k[0], Tok::Directive);
        assert!(k.contains(&Tok::P(Shl)));
        assert!(k.contains(&Tok::P(Ge)));
        assert!(k.contains(&Tok::P(AndAnd)));
        assert!(k.contains(&Tok::P(Ne)));
        assert!(k.contains(&Tok::P(OrOr)));
        assert!(k.contains(&Tok::P(Le)));
    }

    #[test]
    fn bad_input_is_reported_with_spans() {
        let (k, d) = kinds("12ab # x /* open");
        assert_eq!(k[0], Tok::Error);
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].span, Span::new(0, 4));
        assert_eq!(d[1].span, Span::new(5, 6));
        assert!(d[1].help().as_deref().unwrap_or("").contains("//"));
        assert!(d[2].message().contains("unterminated"));
    }

    #[test]
    fn block_comment_across_lines_ends_statement() {
        let (k, d) = kinds("A /* x\n y */ B");
        assert!(d.is_empty());
        assert_eq!(k, vec![Tok::Ident, Tok::Newline, Tok::Ident]);
        let (k, _) = kinds("A /* x */ B");
        assert_eq!(k, vec![Tok::Ident, Tok::Ident]);
    }

    /// Every punctuation reads back from the text it prints as, whole.
    #[test]
    fn punctuation_reads_as_it_is_written() {
        use Punct::*;
        let all = [
            At, Bang, Tilde, Comma, Colon, LBracket, RBracket, LBrace, RBrace, LParen, RParen,
            Assign, Dollar, Minus, Plus, Star, Slash, Percent, Amp, Pipe, Caret, Lt, Gt, Shl, Shr,
            Le, Ge, EqEq, Ne, AndAnd, OrOr,
        ];
        for p in all {
            let (k, d) = kinds(p.text());
            assert_eq!((k, d.len()), (vec![Tok::P(p)], 0), "{}", p.text());
        }
    }

    /// Statement by statement, the lexer gives what splitting all the
    /// tokens at `;` and line ends gives, with the same diagnostics.
    #[test]
    fn statements_on_demand_match_the_whole_text() {
        let texts = [
            "A R1, R2 ; B\n\n;; C /* x\n y */ D\n",
            "  // only a comment\n\t.init R1 = lane * 4 ; top: BRA top",
            "X 12ab, 0f1234567890 # /* open",
            "s_nop 0 ; comment ; still\ns_endpgm",
            "",
        ];
        for text in texts {
            for semi in [false, true] {
                let mut d1 = Vec::new();
                let all = lex_with(text, semi, &mut d1);
                let want: Vec<Vec<Token>> = all
                    .split(|t| matches!(t.kind, Tok::Semi | Tok::Newline))
                    .filter(|s| !s.is_empty())
                    .map(<[Token]>::to_vec)
                    .collect();
                let (mut lx, mut buf, mut got, mut d2) =
                    (Lexer::new(text, semi), Vec::new(), Vec::new(), Vec::new());
                while lx.statement(&mut buf, &mut d2) {
                    got.push(buf.clone());
                }
                assert_eq!(got, want, "{text:?}");
                assert_eq!(d1, d2, "{text:?}");
            }
        }
    }
}
