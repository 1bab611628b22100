//! The parser's position in the token list, and what every grammar rule
//! needs: looking ahead, expecting, reporting, and the nesting bound.

use super::errors::{self, Wanted};
use super::lex::{Tok, Token};
use crate::diag::{Diagnostic, Span};

/// How deep statements and expressions may nest (the parser recurses
/// once per level, and so do the passes after it).
pub const MAX_DEPTH: usize = 100;

/// A rule failed; its error is already in [`Cursor::errors`].
#[derive(Debug)]
pub(crate) struct Stop;

/// What a grammar rule returns.
pub(crate) type P<T> = Result<T, Stop>;

/// The tokens, the place in them, and the errors found so far.
pub(crate) struct Cursor<'a> {
    pub(crate) src: &'a str,
    toks: &'a [Token],
    at: usize,
    depth: usize,
    pub(crate) errors: Vec<Diagnostic>,
    /// Set once the nesting bound is passed: every rule then stops.
    pub(crate) abort: bool,
}

impl<'a> Cursor<'a> {
    /// A cursor at the first of `toks`, which end in [`Tok::Eof`].
    pub(crate) fn new(src: &'a str, toks: &'a [Token]) -> Cursor<'a> {
        Cursor {
            src,
            toks,
            at: 0,
            depth: 0,
            errors: Vec::new(),
            abort: false,
        }
    }

    /// The current token.
    pub(crate) fn token(&self) -> &'a Token {
        let last = self.toks.len().saturating_sub(1);
        &self.toks[self.at.min(last)]
    }
    /// The current token's kind.
    pub(crate) fn peek(&self) -> &'a Tok {
        &self.token().tok
    }
    /// The kind of the token `k` places ahead.
    pub(crate) fn peek_at(&self, k: usize) -> &'a Tok {
        let last = self.toks.len().saturating_sub(1);
        &self.toks[(self.at + k).min(last)].tok
    }
    /// The current token's span.
    pub(crate) fn span(&self) -> Span {
        self.token().span
    }
    /// The span of the token before the current one (where a construct
    /// just read ends).
    pub(crate) fn prev_span(&self) -> Span {
        match self.at.checked_sub(1) {
            Some(i) => self.toks[i.min(self.toks.len() - 1)].span,
            None => self.span(),
        }
    }
    /// Moves past the current token (never past the end).
    pub(crate) fn bump(&mut self) {
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
    }
    /// Whether the current token is the punctuation `p`.
    pub(crate) fn is(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    /// Whether the current token is the word `w`.
    pub(crate) fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }
    /// Whether the text has ended.
    pub(crate) fn at_end(&self) -> bool {
        *self.peek() == Tok::Eof
    }
    /// Moves past `p` when it is next.
    pub(crate) fn eat(&mut self, p: &str) -> bool {
        let here = self.is(p);
        if here {
            self.bump();
        }
        here
    }

    /// Records `d` and stops the rule.
    pub(crate) fn fail<T>(&mut self, d: Diagnostic) -> P<T> {
        self.errors.push(d);
        Err(Stop)
    }
    /// Fails with "expected `what`" at the current token.
    pub(crate) fn expected<T>(&mut self, what: Wanted) -> P<T> {
        let found = self.found();
        let d = errors::expected(self.span(), what, found.as_deref());
        self.fail(d)
    }
    /// Moves past `p`, or fails.
    pub(crate) fn expect(&mut self, p: &str) -> P<()> {
        if self.eat(p) {
            return Ok(());
        }
        self.expected(Wanted::Token(p))
    }
    /// Moves past the word `w`, or fails.
    pub(crate) fn expect_word(&mut self, w: &str) -> P<()> {
        if self.is_word(w) {
            self.bump();
            return Ok(());
        }
        self.expected(Wanted::Token(w))
    }
    /// A name and its span, or a failure.
    pub(crate) fn ident(&mut self) -> P<(String, Span)> {
        if let Tok::Ident(s) = self.peek() {
            let span = self.span();
            self.bump();
            return Ok((s.clone(), span));
        }
        self.expected(Wanted::Name)
    }

    /// The current token's text, cut short, as a message quotes it
    /// (`None` at the end of the text).
    pub(crate) fn found(&self) -> Option<String> {
        let t = self.token();
        if t.tok == Tok::Eof {
            return None;
        }
        let text = self.src.get(t.span.start..t.span.end).unwrap_or("?");
        let short: String = text.chars().take(24).collect();
        let more = if short.len() < text.len() { "…" } else { "" };
        Some(format!("{short}{more}"))
    }

    /// Goes one level deeper, or stops everything past [`MAX_DEPTH`].
    pub(crate) fn enter(&mut self) -> P<()> {
        if self.abort {
            return Err(Stop);
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.abort = true;
            let d = errors::too_deep(self.span(), MAX_DEPTH);
            return self.fail(d);
        }
        Ok(())
    }
    /// Comes back up one level.
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
    /// Runs `rule` one level deeper.
    pub(crate) fn nested<T>(&mut self, rule: impl FnOnce(&mut Self) -> P<T>) -> P<T> {
        self.enter()?;
        let r = rule(self);
        self.leave();
        r
    }

    /// After a failed statement: skips to just past the next `;` at this
    /// level of braces, or to the `}` that closes it.
    pub(crate) fn recover(&mut self) {
        let mut braces = 0usize;
        loop {
            match self.peek() {
                Tok::Eof => return,
                Tok::Punct(";") if braces == 0 => {
                    self.bump();
                    return;
                }
                Tok::Punct("{") => braces += 1,
                Tok::Punct("}") if braces == 0 => return,
                Tok::Punct("}") => {
                    braces -= 1;
                    if braces == 0 {
                        self.bump();
                        return;
                    }
                }
                _ => {}
            }
            self.bump();
        }
    }
}
