//! Messages as templates: every text the engine shows a person (an
//! assembler error, a checker's verdict, why a link does not open) is an
//! English template with numbered places, `{0}`, `{1}`, …, and the values
//! that fill them.
//!
//! The template is the message's stable id: the playground's Chinese
//! catalogue is keyed by it (as gettext keys by the English text), and a
//! test reads every `msg!("…")` in core's sources and fails on a template
//! the catalogue lacks, so rewording a message cannot silently leave it
//! untranslated. The values stay as they are in every language: they are
//! names, numbers and pieces of the program.
//!
//! ```
//! use warpscope_core::msg;
//! let t = msg!("unknown mnemonic `{0}`", "FOO");
//! assert_eq!(t.template, "unknown mnemonic `{0}`");
//! assert_eq!(t.english(), "unknown mnemonic `FOO`");
//! ```

use std::fmt::{Display, Write};

/// A message: its template and the values of its places.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Text {
    /// The English text with `{0}`, `{1}`, … where the values go.
    pub template: &'static str,
    /// The values, in the order of their numbers.
    pub args: Vec<Arg>,
}

/// One value of a message: text that is the same in every language (a
/// name, a number, a piece of the program), or a message of its own
/// (translated with the one around it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Arg {
    /// Shown as it is.
    Value(String),
    /// A message inside the message.
    Text(Text),
}

/// What `msg!` accepts as a value: anything `Display` (shown as it is)
/// and a [`Text`] (a message inside the message).
pub trait ToArg {
    /// The value.
    fn to_arg(&self) -> Arg;
}

impl<T: Display + ?Sized> ToArg for T {
    fn to_arg(&self) -> Arg {
        Arg::Value(self.to_string())
    }
}

impl ToArg for Text {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.clone())
    }
}

/// `text` as a message quotes it: as it is, but for the characters that
/// cannot be seen (controls, spaces other than ` `, marks that join,
/// hide or turn the text, combining marks), written as escapes (`\t`,
/// `\u{200b}`). Unlike `escape_debug`, it needs no table of the printable
/// characters (2 KB of the playground's first download).
///
/// ```
/// use warpscope_core::msg::visible;
/// assert_eq!(visible("a\tb"), "a\\tb");
/// assert_eq!(visible("x\u{200b}"), "x\\u{200b}");
/// assert_eq!(visible("寄存器 é"), "寄存器 é");
/// ```
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\0' => out.push_str("\\0"),
            '\u{0}'..='\u{1f}'
            | '\u{7f}'..='\u{a0}'
            | '\u{ad}'
            | '\u{300}'..='\u{36f}'
            | '\u{1680}'
            | '\u{180e}'
            | '\u{2000}'..='\u{200f}'
            | '\u{2028}'..='\u{202f}'
            | '\u{205f}'..='\u{206f}'
            | '\u{3000}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{e0000}'..='\u{e007f}' => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// One character as [`visible`] quotes it.
pub fn visible_char(c: char) -> String {
    visible(c.encode_utf8(&mut [0; 4]))
}

impl Text {
    /// The message of `template` filled with `args`.
    pub fn new(template: &'static str, args: Vec<Arg>) -> Text {
        Text { template, args }
    }

    /// What `msg!` writes: one function for every message, so that each
    /// place that reports one costs a call, not a copy of this.
    #[inline(never)]
    pub fn of(template: &'static str, args: &[&dyn ToArg]) -> Text {
        Text::new(template, args.iter().map(|a| a.to_arg()).collect())
    }

    /// A value where a message is expected (a number in a list of
    /// choices): the same in every language.
    pub fn value(v: impl Display) -> Text {
        Text::new("{0}", vec![Arg::Value(v.to_string())])
    }

    /// The message in English.
    pub fn english(&self) -> String {
        self.shown(&|_| None)
    }

    /// The message in another language: `translate` gives a template's
    /// translation (`None`: keep the English), for this message and the
    /// messages among its values.
    pub fn shown(&self, translate: &dyn Fn(&'static str) -> Option<&'static str>) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| match a {
                Arg::Value(v) => v.clone(),
                Arg::Text(t) => t.shown(translate),
            })
            .collect();
        let args: Vec<&dyn Display> = args.iter().map(|a| a as &dyn Display).collect();
        fill(translate(self.template).unwrap_or(self.template), &args)
    }
}

/// A message with its values: `msg!("field `{0}` holds {1}", name, raw)`.
/// A value is any `Display` (format a number as hex before passing it: a
/// template has no format specifiers) or a [`Text`].
#[macro_export]
macro_rules! msg {
    ($template:literal $(, $arg:expr)* $(,)?) => {
        $crate::msg::Text::of($template, &[$(&$arg as &dyn $crate::msg::ToArg),*])
    };
}

/// An engine text with no values where a `&'static str` is needed (a
/// constant table's entry): the literal itself, found and translated by
/// the catalogue as `msg!` templates are (the page shows it with `tr`).
#[macro_export]
macro_rules! msg_str {
    ($text:literal) => {
        $text
    };
}

/// Replaces `{i}` in `template` by `args[i]`; other braces are kept.
pub fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 8 * args.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let arg = after
            .find('}')
            .and_then(|close| Some((after[..close].parse::<usize>().ok()?, close)))
            .and_then(|(i, close)| Some((args.get(i)?, close)));
        match arg {
            Some((a, close)) => {
                let _ = write!(out, "{a}");
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `visible` against std's `escape_debug` (which the browser bundle
    /// leaves out, but a native test may use): what `visible` escapes,
    /// std escapes too, and below U+0100 the two escape the same
    /// characters but the quotes and the backslash (which a message
    /// quotes as they are) and U+00A0 (a space that cannot be seen).
    #[test]
    fn visible_escapes_what_std_would_and_no_more() {
        let std_escapes = |c: char| c.escape_debug().count() > 1;
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            let ours = visible_char(c) != c.to_string();
            if ours {
                assert!(
                    std_escapes(c) || c == '\u{a0}' || c.is_whitespace(),
                    "{:x}",
                    c as u32
                );
            }
            if (c as u32) < 0x100 && !matches!(c, '\'' | '"' | '\\' | '\u{a0}') {
                assert_eq!(ours, std_escapes(c), "{:x}", c as u32);
            }
        }
        assert_eq!(visible("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(visible("`é` ∑ 中"), "`é` ∑ 中");
    }

    #[test]
    fn fill_puts_values_in_their_places() {
        assert_eq!(
            fill("第 {1} 行，第 {0} 步", &[&12, &"x"]),
            "第 x 行，第 12 步"
        );
        assert_eq!(fill("{0}{0} {2}", &[&1]), "11 {2}");
        assert_eq!(fill("mask {:#x} {}", &[&1]), "mask {:#x} {}");
        assert_eq!(fill("{", &[]), "{");
    }

    #[test]
    fn a_text_is_its_template_filled() {
        let t = crate::msg!("`{0}` is {1} bits wide", "R1", 32);
        assert_eq!(t.args, [Arg::Value("R1".into()), Arg::Value("32".into())]);
        assert_eq!(t.english(), "`R1` is 32 bits wide");
        let zh = |t: &str| (t == "`{0}` is {1} bits wide").then_some("`{0}` 宽 {1} 位");
        assert_eq!(t.shown(&zh), "`R1` 宽 32 位");
    }

    #[test]
    fn a_message_inside_a_message_is_translated_with_it() {
        let inner = crate::msg!("`{0}` is too large", "0x1ff");
        let outer = crate::msg!("in the {0}: {1}", "solution", inner);
        assert_eq!(outer.english(), "in the solution: `0x1ff` is too large");
        let zh = |t: &str| match t {
            "in the {0}: {1}" => Some("{0} 中：{1}"),
            "`{0}` is too large" => Some("`{0}` 太大"),
            _ => None,
        };
        assert_eq!(outer.shown(&zh), "solution 中：`0x1ff` 太大");
    }
}
