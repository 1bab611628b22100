//! Diagnostics: errors and warnings as values with byte-offset spans.
//!
//! Every stage of warpscope (the ISA description parser, the assembler, the
//! hex reader, the permalink decoder) reports problems as [`Diagnostic`]s.
//! A diagnostic never owns the source text; [`render`] takes the text and
//! prints `file:line:col: message`, the offending line and a caret.
//!
//! ```
//! use warpscope_core::diag::{Diagnostic, Span, render_one};
//! let src = "S2R R1, SR_NOPE ;";
//! let message = warpscope_core::msg!("unknown special register `{0}`", "SR_NOPE");
//! let d = Diagnostic::error(Span::new(8, 15), message);
//! let text = render_one(&d, "prog.s", src);
//! assert!(text.starts_with("prog.s:1:9: error: unknown special register `SR_NOPE`"));
//! assert!(text.contains("^^^^^^^"));
//! ```

use crate::msg::Text;
use serde::Serialize;
use std::fmt;

/// A half-open byte range `start..end` in one source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (swapped if given backwards).
    pub fn new(start: usize, end: usize) -> Span {
        if end < start {
            Span {
                start: end,
                end: start,
            }
        } else {
            Span { start, end }
        }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    /// True when the span covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The input cannot be used.
    Error,
    /// The input is used, but probably not as meant.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One problem found in an input, with where it is. Its message and
/// advice are templates with values ([`crate::msg`](mod@crate::msg)): [`Diagnostic::message`]
/// gives the English, a page in another language translates the template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where in the source the problem is.
    pub span: Span,
    /// Index of the source file when a stage reads several (0 otherwise).
    pub file: usize,
    /// One-line description, lower case, no trailing period.
    pub text: Text,
    /// Optional extra advice shown under the source line.
    pub help: Option<Text>,
}

/// Written as its English: severity, span, file, message and help.
impl Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("Diagnostic", 5)?;
        out.serialize_field("severity", &self.severity)?;
        out.serialize_field("span", &self.span)?;
        out.serialize_field("file", &self.file)?;
        out.serialize_field("message", &self.message())?;
        out.serialize_field("help", &self.help())?;
        out.end()
    }
}

impl Diagnostic {
    /// An error at `span`.
    #[inline(never)]
    pub fn error(span: Span, text: Text) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            span,
            file: 0,
            text,
            help: None,
        }
    }
    /// A warning at `span`.
    pub fn warning(span: Span, message: Text) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }
    /// Adds advice shown after the source excerpt.
    pub fn with_help(mut self, text: Text) -> Diagnostic {
        self.help = Some(text);
        self
    }
    /// The message in English.
    pub fn message(&self) -> String {
        self.text.english()
    }
    /// The advice in English.
    pub fn help(&self) -> Option<String> {
        self.help.as_ref().map(Text::english)
    }
    /// Sets the file index.
    pub fn in_file(mut self, file: usize) -> Diagnostic {
        self.file = file;
        self
    }
    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A 1-based line and column (column counted in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineCol {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
}

/// Converts a byte offset in `src` to a line and column. Offsets past the end
/// (or inside a multi-byte character) are clamped.
pub fn line_col(src: &str, offset: usize) -> LineCol {
    let mut off = offset.min(src.len());
    while !src.is_char_boundary(off) {
        off -= 1;
    }
    let before = &src[..off];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = src[line_start..off].chars().count() + 1;
    LineCol { line, col }
}

/// Where each line of a text starts, for many [`line_col`] lookups in one
/// text: each is a binary search and a walk along its own line, where
/// [`line_col`] reads the text from its start (a text with thousands of
/// messages took seconds to report).
pub struct Lines<'a> {
    src: &'a str,
    /// The byte offset of each line's start: 0, then just after each `\n`.
    starts: Vec<usize>,
}

/// Where each line of `src` starts: 0, then just after each `\n` (one
/// pass over the text).
pub fn line_starts(src: &str) -> Vec<usize> {
    let ends = src.bytes().enumerate().filter(|&(_, b)| b == b'\n');
    std::iter::once(0).chain(ends.map(|(i, _)| i + 1)).collect()
}

/// The 1-based line holding byte `offset` of a text whose lines start at
/// `starts` ([`line_starts`]); the last line past the end.
pub fn line_at(starts: &[usize], offset: usize) -> usize {
    starts.partition_point(|&s| s <= offset)
}

impl<'a> Lines<'a> {
    /// The line starts of `src` (one pass over it).
    pub fn new(src: &'a str) -> Lines<'a> {
        let starts = line_starts(src);
        Lines { src, starts }
    }

    /// What [`line_col`] gives for `offset` in this text.
    pub fn line_col(&self, offset: usize) -> LineCol {
        let src = self.src;
        let mut off = offset.min(src.len());
        while !src.is_char_boundary(off) {
            off -= 1;
        }
        let line = line_at(&self.starts, off);
        let col = src[self.starts[line - 1]..off].chars().count() + 1;
        LineCol { line, col }
    }

    /// The text whose lines these are.
    pub fn src(&self) -> &'a str {
        self.src
    }

    /// The text of 1-based line `line` as `str::lines` gives it (without
    /// its `\n` or `\r\n`); empty past the last line.
    pub fn text(&self, line: usize) -> &'a str {
        let src = self.src;
        let Some(&start) = self.starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        match self.starts.get(line) {
            Some(&next) => {
                let text = &src[start..next - 1];
                text.strip_suffix('\r').unwrap_or(text)
            }
            None => &src[start..],
        }
    }
}

/// Renders one diagnostic against its source text.
pub fn render_one(d: &Diagnostic, file_name: &str, src: &str) -> String {
    render_in(d, file_name, &Lines::new(src))
}

/// [`render_one`] with the text's lines already found.
fn render_in(d: &Diagnostic, file_name: &str, lines: &Lines) -> String {
    let src = lines.src;
    let lc = lines.line_col(d.span.start);
    let mut out = format!(
        "{}:{}:{}: {}: {}\n",
        file_name,
        lc.line,
        lc.col,
        d.severity,
        d.message()
    );
    let line_text = lines.text(lc.line);
    let gutter = lc.line.to_string();
    out.push_str(&format!("{} | {}\n", gutter, line_text));
    let start_col = lc.col - 1;
    let line_chars = line_text.chars().count();
    let mut width = if d.span.is_empty() {
        1
    } else {
        src.get(d.span.start.min(src.len())..d.span.end.min(src.len()))
            .map(|s| s.lines().next().unwrap_or("").chars().count())
            .unwrap_or(1)
    };
    if width == 0 {
        width = 1;
    }
    width = width.min(line_chars.saturating_sub(start_col).max(1));
    out.push_str(&format!(
        "{} | {}{}\n",
        " ".repeat(gutter.len()),
        " ".repeat(start_col),
        "^".repeat(width)
    ));
    if let Some(h) = d.help() {
        out.push_str(&format!("{} = help: {}\n", " ".repeat(gutter.len()), h));
    }
    out
}

/// Renders many diagnostics; `files` maps a diagnostic's `file` index to
/// `(name, text)`.
pub fn render(diags: &[Diagnostic], files: &[(&str, &str)]) -> String {
    let mut out = String::new();
    // Each file's lines, found when a message first names the file.
    let mut lines: Vec<Option<Lines>> = files.iter().map(|_| None).collect();
    let none = Lines::new("");
    for d in diags {
        let (name, text) = files.get(d.file).copied().unwrap_or(("<input>", ""));
        let lines = match lines.get_mut(d.file) {
            Some(slot) => &*slot.get_or_insert_with(|| Lines::new(text)),
            None => &none,
        };
        out.push_str(&render_in(d, name, lines));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message without values.
    fn plain(text: &'static str) -> Text {
        Text::new(text, Vec::new())
    }

    #[test]
    fn line_col_counts_characters() {
        let src = "ab\n中文x\n";
        assert_eq!(line_col(src, 0), LineCol { line: 1, col: 1 });
        assert_eq!(line_col(src, 3), LineCol { line: 2, col: 1 });
        // after two 3-byte characters
        assert_eq!(line_col(src, 9), LineCol { line: 2, col: 3 });
        // inside a character: clamped back
        assert_eq!(line_col(src, 4), LineCol { line: 2, col: 1 });
        // past the end
        assert_eq!(line_col(src, 999).line, 3);
    }

    /// The line index gives what reading the text from its start gives:
    /// every offset (inside characters and past the end too) of texts
    /// with CRLF, a lone `\r`, multi-byte characters, empty lines and no
    /// final line end (`render_one` draws from these two); and rendering
    /// many messages at once is rendering each alone.
    #[test]
    fn lines_agree_with_reading_from_the_start() {
        let texts = [
            "",
            "\n",
            "ab\n中文x\n",
            "one\r\ntwo\r\n\r\nthree\r",
            "a\rb\n\n\nc",
            "中\n文\r\n",
        ];
        for src in texts {
            let lines = Lines::new(src);
            for off in 0..src.len() + 3 {
                assert_eq!(lines.line_col(off), line_col(src, off), "{src:?} at {off}");
            }
            let all: Vec<&str> = src.lines().collect();
            for line in 0..all.len() + 3 {
                let want = line
                    .checked_sub(1)
                    .and_then(|k| all.get(k))
                    .copied()
                    .unwrap_or("");
                assert_eq!(lines.text(line), want, "{src:?} line {line}");
            }
            let diags: Vec<Diagnostic> = (0..src.len() + 2)
                .flat_map(|a| (a..src.len() + 2).map(move |b| (a, b)))
                .map(|(a, b)| Diagnostic::error(Span::new(a, b), plain("m")).with_help(plain("h")))
                .collect();
            let each: String = diags.iter().map(|d| render_one(d, "f", src)).collect();
            assert_eq!(render(&diags, &[("f", src)]), each, "{src:?}");
        }
    }

    #[test]
    fn render_points_at_span() {
        let src = "MOV R1, R2 ;\nFOO R1 ;\n";
        let d = Diagnostic::error(Span::new(13, 16), plain("unknown mnemonic `FOO`"))
            .with_help(plain("try MOV"));
        let r = render_one(&d, "a.s", src);
        assert_eq!(
            r,
            "a.s:2:1: error: unknown mnemonic `FOO`\n2 | FOO R1 ;\n  | ^^^\n  = help: try MOV\n"
        );
    }
}
