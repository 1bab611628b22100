//! The Chinese catalogue as the page fetches it (`static/pkg/zh.txt`,
//! written by `cargo xtask build` from this folder's tables): each entry is
//! the English text, a unit separator (U+001F) and the Chinese, and
//! entries end with a record separator (U+001E). Neither separator occurs
//! in the interface's texts (the writer refuses them).

/// The file's name, next to the bundle (`static/pkg/`).
pub const FILE_NAME: &str = "zh.txt";

const UNIT: char = '\u{1f}';
const RECORD: char = '\u{1e}';

/// The catalogue file of `parts`; `None` if a text holds a separator.
#[allow(dead_code)]
pub fn write(parts: &[&[(&str, &str)]]) -> Option<String> {
    let mut out = String::new();
    for (en, zh) in parts.iter().flat_map(|p| p.iter()) {
        if [en, zh].iter().any(|t| t.contains([UNIT, RECORD])) {
            return None;
        }
        out.push_str(en);
        out.push(UNIT);
        out.push_str(zh);
        out.push(RECORD);
    }
    Some(out)
}

/// The entries of a catalogue file, sorted by their English text; `None`
/// if it is damaged (an entry without its two halves, or with an empty
/// one).
#[allow(dead_code)]
pub fn read(text: &str) -> Option<Vec<(&str, &str)>> {
    let mut entries = text
        .strip_suffix(RECORD)?
        .split(RECORD)
        .map(|e| {
            e.split_once(UNIT)
                .filter(|(en, zh)| !en.is_empty() && !zh.is_empty())
        })
        .collect::<Option<Vec<_>>>()?;
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    Some(entries)
}
