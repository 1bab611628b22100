//! Syntax highlighting for the editor: splits each line into classed
//! pieces.
//!
//! This is a display-only scanner; it never decides whether a program is
//! valid (the assembler does, and its errors are drawn on top). Where a
//! class depends on the ISA it asks core: a mnemonic is marked known when
//! the ISA has an optype of that name.

use warpscope_core::spec::model::Isa;

/// What a piece of text is, as a CSS class suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Spaces and anything unclassified.
    Plain,
    /// `// ...` and `/* ... */`.
    Comment,
    /// `.active`, `.init`.
    Directive,
    /// `name:` at a statement's start.
    Label,
    /// `@P0`, `@!P3`.
    Guard,
    /// A mnemonic the ISA knows.
    Mnemonic,
    /// A word in mnemonic position the ISA does not know.
    Unknown,
    /// `.BFLY` after a mnemonic.
    Modifier,
    /// `R5`, `RZ`, `UR3`, `R[2:3]`'s `R`.
    Register,
    /// `P0`, `PT`, `UP1`.
    Predicate,
    /// Integer and float literals.
    Number,
    /// `$sched`.
    Control,
    /// Other names: enum values, label references, `lane`.
    Name,
    /// Punctuation.
    Punct,
}

impl Class {
    /// CSS class.
    pub fn css(self) -> &'static str {
        match self {
            Class::Plain => "t-plain",
            Class::Comment => "t-comment",
            Class::Directive => "t-directive",
            Class::Label => "t-label",
            Class::Guard => "t-guard",
            Class::Mnemonic => "t-mnemonic",
            Class::Unknown => "t-unknown",
            Class::Modifier => "t-modifier",
            Class::Register => "t-register",
            Class::Predicate => "t-predicate",
            Class::Number => "t-number",
            Class::Control => "t-control",
            Class::Name => "t-name",
            Class::Punct => "t-punct",
        }
    }
}

/// One classed piece of a line: byte range within the line.
pub type Piece = (Class, usize, usize);

/// Classifies every line of `src` in one pass, block comments carrying
/// across lines: what [`highlight_lines`] must give for any window (the
/// editor draws only the lines in view).
#[cfg(test)]
pub fn highlight(isa: &Isa, src: &str) -> Vec<Vec<Piece>> {
    let mut in_block = false;
    src.split('\n')
        .map(|line| line_pieces(isa, line, &mut in_block))
        .collect()
}

/// Classifies lines `first..end` (0-based) of `src` as a pass over the
/// whole text would: the lines before are only scanned for where they
/// leave a block comment, and those after not read at all.
pub fn highlight_lines(isa: &Isa, src: &str, first: usize, end: usize) -> Vec<Vec<Piece>> {
    let Some((at, mut in_block)) = scan_to_line(src, first) else {
        return Vec::new();
    };
    src[at..]
        .split('\n')
        .take(end.saturating_sub(first))
        .map(|line| line_pieces(isa, line, &mut in_block))
        .collect()
}

/// The byte offset of 0-based line `line` of `src` and whether a block
/// comment is open there (`None` when it has fewer lines). No token of
/// [`line_pieces`] holds a `/`, so a comment starts wherever `//` or
/// `/*` stands outside a block comment, and a block ends at the first
/// `*/` after its start.
fn scan_to_line(src: &str, line: usize) -> Option<(usize, bool)> {
    let b = src.as_bytes();
    let (mut i, mut n, mut in_block) = (0, 0, false);
    while n < line && i < b.len() {
        match (in_block, b[i], b.get(i + 1)) {
            (_, b'\n', _) => n += 1,
            (true, b'*', Some(b'/')) => (in_block, i) = (false, i + 1),
            (false, b'/', Some(b'*')) => (in_block, i) = (true, i + 1),
            (false, b'/', Some(b'/')) => {
                // to the line's end (its newline is counted next)
                i = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |k| i + k);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (n == line).then_some((i, in_block))
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'.'
}

/// Register-like names, as core's operand classes read them (a name
/// that looks like a register but is out of range still highlights as
/// one; the assembler says why it is wrong).
fn reg_class(word: &str) -> Option<Class> {
    use warpscope_core::operand::reg::{self, RegClass, RegName};
    let class = match reg::parse(word, RegClass::SASS) {
        RegName::Reg(c, _) | RegName::Bad(c, ..) => c,
        RegName::NotReg => return None,
    };
    Some(match class {
        RegClass::P | RegClass::UP => Class::Predicate,
        _ => Class::Register,
    })
}

fn line_pieces(isa: &Isa, line: &str, in_block: &mut bool) -> Vec<Piece> {
    let b = line.as_bytes();
    let mut out: Vec<Piece> = Vec::new();
    let push = |out: &mut Vec<Piece>, c: Class, s: usize, e: usize| {
        if e > s {
            match out.last_mut() {
                Some(last) if last.0 == c && last.2 == s => last.2 = e,
                _ => out.push((c, s, e)),
            }
        }
    };
    let mut i = 0;
    let mut stmt_start = true;
    while i < b.len() {
        if *in_block {
            match line[i..].find("*/") {
                Some(k) => {
                    push(&mut out, Class::Comment, i, i + k + 2);
                    i += k + 2;
                    *in_block = false;
                }
                None => {
                    push(&mut out, Class::Comment, i, b.len());
                    i = b.len();
                }
            }
            continue;
        }
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            push(&mut out, Class::Comment, i, b.len());
            break;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            *in_block = true;
            push(&mut out, Class::Comment, i, i + 2);
            i += 2;
            continue;
        }
        if c.is_ascii_whitespace() {
            let s = i;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            push(&mut out, Class::Plain, s, i);
            continue;
        }
        if c == b';' {
            push(&mut out, Class::Punct, i, i + 1);
            i += 1;
            stmt_start = true;
            continue;
        }
        if c == b'.' && stmt_start && b.get(i + 1).is_some_and(|&n| is_ident_start(n)) {
            let s = i;
            i += 1;
            while i < b.len() && is_ident_char(b[i]) {
                i += 1;
            }
            push(&mut out, Class::Directive, s, i);
            stmt_start = false;
            continue;
        }
        if c == b'@' {
            let s = i;
            i += 1;
            if b.get(i) == Some(&b'!') {
                i += 1;
            }
            while i < b.len() && is_ident_char(b[i]) {
                i += 1;
            }
            push(&mut out, Class::Guard, s, i);
            continue;
        }
        if c == b'$' {
            let s = i;
            i += 1;
            while i < b.len() && is_ident_char(b[i]) {
                i += 1;
            }
            push(&mut out, Class::Control, s, i);
            continue;
        }
        if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                let e = b[i] == b'e' || b[i] == b'E';
                i += 1;
                if e && matches!(b.get(i), Some(b'-' | b'+')) && !line[s..i].starts_with("0x") {
                    i += 1;
                }
            }
            push(&mut out, Class::Number, s, i);
            stmt_start = false;
            continue;
        }
        if is_ident_start(c) {
            let s = i;
            while i < b.len() && is_ident_char(b[i]) {
                i += 1;
            }
            let word = &line[s..i];
            // `name:` at the start of a statement is a label.
            let mut j = i;
            while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                j += 1;
            }
            if stmt_start && b.get(j) == Some(&b':') {
                push(&mut out, Class::Label, s, j + 1);
                i = j + 1;
                continue;
            }
            if stmt_start {
                let (mn, mods) = word.split_at(word.find('.').unwrap_or(word.len()));
                let known = isa.optype(&mn.to_ascii_uppercase()).is_some();
                let cls = if known {
                    Class::Mnemonic
                } else {
                    Class::Unknown
                };
                push(&mut out, cls, s, s + mn.len());
                push(
                    &mut out,
                    Class::Modifier,
                    s + mn.len(),
                    s + mn.len() + mods.len(),
                );
                stmt_start = false;
                continue;
            }
            let cls = reg_class(word).unwrap_or(Class::Name);
            push(&mut out, cls, s, i);
            continue;
        }
        let len = line[i..].chars().next().map_or(1, char::len_utf8);
        push(&mut out, Class::Punct, i, i + len);
        i += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any window of lines is classified as the whole text classifies
    /// those lines, block comments opened before the window included.
    #[test]
    fn a_window_of_lines_is_classified_as_in_the_whole_text() {
        let isa = warpscope_core::isas::w128();
        let src = "/* a block\n over */ EXIT // x /* not one\nL: /* one */ BRA L /*\n\
                   // a /* line comment\nIADD3 R1, R1, 0x1, RZ /*/ still\n */ EXIT\n\
                   /**/ NOP //\n//*\nEXIT /* last";
        let whole = highlight(isa, src);
        let n = whole.len();
        for first in 0..=n + 1 {
            for end in first..=n + 2 {
                let want: Vec<_> = whole
                    .iter()
                    .skip(first)
                    .take(end - first)
                    .cloned()
                    .collect();
                assert_eq!(
                    highlight_lines(isa, src, first, end),
                    want,
                    "{first}..{end}"
                );
            }
        }
    }

    fn classes(src: &str) -> Vec<(Class, String)> {
        let isa = warpscope_core::isas::w128();
        let lines = highlight(isa, src);
        let mut out = Vec::new();
        for (l, pieces) in src.split('\n').zip(lines) {
            for (c, s, e) in pieces {
                if c != Class::Plain {
                    out.push((c, l[s..e].to_string()));
                }
            }
        }
        out
    }

    #[test]
    fn classifies_an_instruction() {
        let got = classes("loop: @!P0 SHFL.BFLY P1, R3, RZ, 0x1, 31 $sched=4 ; // hi");
        let want = [
            (Class::Label, "loop:"),
            (Class::Guard, "@!P0"),
            (Class::Mnemonic, "SHFL"),
            (Class::Modifier, ".BFLY"),
            (Class::Predicate, "P1"),
            (Class::Punct, ","),
            (Class::Register, "R3"),
            (Class::Punct, ","),
            (Class::Register, "RZ"),
            (Class::Punct, ","),
            (Class::Number, "0x1"),
            (Class::Punct, ","),
            (Class::Number, "31"),
            (Class::Control, "$sched"),
            (Class::Punct, "="),
            (Class::Number, "4"),
            (Class::Punct, ";"),
            (Class::Comment, "// hi"),
        ];
        let want: Vec<(Class, String)> = want.iter().map(|(c, s)| (*c, s.to_string())).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn directives_unknown_mnemonics_and_block_comments() {
        let got = classes(".init R0 = lane * 2\nFOO R1 /* a\nb */ S2R R1, SR_LANEID");
        assert_eq!(got[0], (Class::Directive, ".init".into()));
        assert!(got.contains(&(Class::Name, "lane".into())));
        assert!(got.contains(&(Class::Unknown, "FOO".into())));
        assert!(got.contains(&(Class::Comment, "/* a".into())));
        assert!(got.contains(&(Class::Comment, "b */".into())));
        assert!(got.contains(&(Class::Name, "SR_LANEID".into())));
        assert!(got.contains(&(Class::Mnemonic, "S2R".into())));
    }

    #[test]
    fn pieces_cover_every_byte() {
        let isa = warpscope_core::isas::w128();
        let src = "  x: é @P0 1.5e-3 [2:3] ~UR4 !P1 ;;";
        let lines = highlight(isa, src);
        let mut at = 0;
        for (_, s, e) in &lines[0] {
            assert_eq!(*s, at);
            at = *e;
        }
        assert_eq!(at, src.len());
    }
}
