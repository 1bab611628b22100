//! `printf` formats: the text split into pieces and directives, with the
//! flags, width and precision of C (`%-08.3f`).

use super::ast::{Conversion, Flags, Piece};

/// What is wrong with a format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FormatError {
    /// The text ends inside a directive.
    Cut,
    /// A conversion letter the subset does not print.
    Unknown(char),
    /// A width or precision above [`MAX_FIELD`].
    TooWide,
}

/// The widest field (and the longest precision) a directive may ask for:
/// enough for any table a lane prints, and a bound on what one call of a
/// compiled kernel may print per lane.
pub const MAX_FIELD: usize = 512;

/// A format read into pieces, with each directive's letter (for messages).
pub(crate) type Format = (Vec<Piece>, Vec<char>);

/// Splits `fmt` into text and directives.
pub(crate) fn parse(fmt: &str) -> Result<Format, FormatError> {
    let mut pieces = Vec::new();
    let mut letters = Vec::new();
    let mut text = String::new();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        let flags = flags(&mut chars);
        let width = digits(&mut chars);
        let precision = if chars.next_if_eq(&'.').is_some() {
            Some(digits(&mut chars))
        } else {
            None
        };
        if width > MAX_FIELD || precision.is_some_and(|p| p > MAX_FIELD) {
            return Err(FormatError::TooWide);
        }
        let letter = chars.next().ok_or(FormatError::Cut)?;
        if letter == '%' {
            text.push('%');
            continue;
        }
        let conv = conversion(letter).ok_or(FormatError::Unknown(letter))?;
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(&mut text)));
        }
        pieces.push(Piece::Directive {
            flags,
            width,
            precision,
            conv,
        });
        letters.push(letter);
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok((pieces, letters))
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// The flags `-+ 0#` at the start of a directive.
fn flags(chars: &mut Chars) -> Flags {
    let mut f = Flags::default();
    while let Some(c) = chars.next_if(|c| "-+ 0#".contains(*c)) {
        let flag = match c {
            '-' => &mut f.left,
            '+' => &mut f.plus,
            ' ' => &mut f.space,
            '0' => &mut f.zero,
            _ => &mut f.alt,
        };
        *flag = true;
    }
    f
}

/// A decimal number (0 when there is none; saturating).
fn digits(chars: &mut Chars) -> usize {
    let mut n = 0usize;
    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d as usize);
        chars.next();
    }
    n
}

/// The conversion a letter names.
fn conversion(c: char) -> Option<Conversion> {
    Some(match c {
        'd' | 'i' => Conversion::Signed,
        'u' => Conversion::Unsigned,
        'o' => Conversion::Octal,
        'x' | 'X' => Conversion::Hex(c == 'X'),
        'c' => Conversion::Char,
        's' => Conversion::Str,
        'f' | 'F' => Conversion::Fixed(c == 'F'),
        'e' | 'E' => Conversion::Exp(c == 'E'),
        _ => return None,
    })
}
