//! Syntax highlighting of a CUDA C kernel in the editor: comments,
//! preprocessor lines, keywords, types, the intrinsics and built-ins
//! (which words are which, core's front end says: `cuda::word`),
//! numbers, strings and characters. Display only, as [`crate::highlight`]
//! is: core's CUDA front end decides what the text means, and its errors
//! are drawn on top. Only a CUDA document uses it, which needs the
//! second part of the wasm anyway, so this code waits there.

use crate::highlight::{Class, Piece};
use warpscope_core::cuda::Word;

/// Classifies every line of `src`. Block comments carry across lines.
#[inline(never)]
pub fn highlight(src: &str) -> Vec<Vec<Piece>> {
    let mut in_block = false;
    src.split('\n')
        .map(|line| line_pieces(line, &mut in_block))
        .collect()
}

fn push(out: &mut Vec<Piece>, c: Class, s: usize, e: usize) {
    if e > s {
        match out.last_mut() {
            Some(last) if last.0 == c && last.2 == s => last.2 = e,
            _ => out.push((c, s, e)),
        }
    }
}

/// The class of a word, as core's front end reads it.
fn word_class(w: &str) -> Class {
    match warpscope_core::cuda::word(w) {
        Word::Keyword => Class::Directive,
        Word::Type => Class::Modifier,
        Word::Builtin => Class::Mnemonic,
        Word::Name => Class::Name,
    }
}

fn line_pieces(line: &str, in_block: &mut bool) -> Vec<Piece> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    if !*in_block && line.trim_start().starts_with('#') {
        push(&mut out, Class::Control, 0, b.len());
        return out;
    }
    while i < b.len() {
        if *in_block {
            let end = line[i..].find("*/").map_or(b.len(), |k| i + k + 2);
            *in_block = end == b.len() && !line[i..].contains("*/");
            push(&mut out, Class::Comment, i, end);
            i = end;
            continue;
        }
        let c = b[i];
        let start = i;
        let class = if line[i..].starts_with("//") {
            i = b.len();
            Class::Comment
        } else if line[i..].starts_with("/*") {
            *in_block = true;
            continue;
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            Class::Label
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                i += 1;
            }
            Class::Number
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            word_class(&line[start..i])
        } else {
            i += line[i..].chars().next().map_or(1, char::len_utf8);
            if c.is_ascii_whitespace() || !c.is_ascii() {
                Class::Plain
            } else {
                Class::Punct
            }
        };
        push(&mut out, class, start, i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(line: &str) -> Vec<(Class, &str)> {
        highlight(line)[0]
            .iter()
            .map(|&(c, s, e)| (c, &line[s..e]))
            .filter(|p| p.0 != Class::Plain)
            .collect()
    }

    #[test]
    fn a_kernel_line_is_classified() {
        let got =
            classes("for (int d = 16; d > 0; d /= 2) v += __shfl_xor_sync(0xffffffff, v, d); // x");
        assert_eq!(got[0], (Class::Directive, "for"));
        assert_eq!(got[2], (Class::Modifier, "int"));
        assert!(got.contains(&(Class::Number, "16")));
        assert!(got.contains(&(Class::Mnemonic, "__shfl_xor_sync")));
        assert!(got.contains(&(Class::Number, "0xffffffff")));
        assert_eq!(*got.last().unwrap(), (Class::Comment, "// x"));
    }

    #[test]
    fn strings_comments_and_directives_span_what_they_should() {
        assert_eq!(
            classes("printf(\"a \\\" b\\n\", 'x');")[2],
            (Class::Label, "\"a \\\" b\\n\"")
        );
        assert_eq!(
            classes("#include <cstdio>"),
            [(Class::Control, "#include <cstdio>")]
        );
        let lines = highlight("int a; /* one\ntwo */ int b; \"unclosed");
        assert_eq!(lines[1][0], (Class::Comment, 0, 6));
        assert_eq!(lines[1].last().map(|p| p.0), Some(Class::Label));
    }
}
