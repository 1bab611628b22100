//! The bundled example programs, and the header convention they follow.
//!
//! Which files are bundled is listed in `list.rs`. The build script reads
//! them and writes an [`index`] of their ids, titles and digests, which is
//! always compiled in, so a menu can list them and an untouched example
//! can be told from one's own work ([`is_bundled`]). The texts are
//! compiled in with the `texts` feature; a build without it (the
//! playground, whose first download they would weigh on) has only the
//! [`START`] example's and reads the others from [`FILE_NAME`], which
//! must be this build's ([`install`] checks every text's digest).
//!
//! Every example in `examples/<isa>/` starts with a comment header that a
//! front end shows as the example's explanation panel:
//!
//! ```text
//! // Title: Broadcast one lane's value with SHFL.IDX
//! //
//! // SHFL.IDX reads lane (minLane | (b & ~segmask)) ...
//! ```
//!
//! The first line is `// Title: ` and the title; every following line that
//! starts with `//` belongs to the explanation (with `// ` or `//` removed),
//! up to the first line that is not a `//` comment. An empty `//` line
//! separates paragraphs; lines indented further are meant to be shown as
//! written (the explanation is plain text, never HTML).
//!
//! ```
//! use warpscope_core::examples::{example_header, w128_examples};
//!
//! let (title, text) = example_header("// Title: Hi\n// one\n//\n// two\nEXIT\n");
//! assert_eq!(title, "Hi");
//! assert_eq!(text, "one\n\ntwo");
//!
//! let all = w128_examples();
//! assert!(all.len() >= 12);
//! let first = &all[0];
//! assert_eq!(first.id, "special_registers");
//! assert!(first.source.starts_with("// Title: "));
//! assert!(!first.title.is_empty() && !first.explanation.is_empty());
//! ```

use std::sync::OnceLock;

use crate::digest::fnv1a;

mod header;
// Read by the build script; the crate reads the index it writes.
#[allow(dead_code)]
mod list;

pub use header::example_header;
pub use list::START;

/// One bundled example program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// Stable identifier: the file name without `.s` (`"butterfly_sum"`).
    pub id: &'static str,
    /// The title from the `// Title:` line.
    pub title: &'static str,
    /// The explanation from the header comment, as plain text.
    pub explanation: String,
    /// The whole file, header included, as the editor should show it.
    pub source: &'static str,
}

/// What is always known of a bundled example, even where the texts are
/// not compiled in: enough for a menu of titles and for telling an
/// untouched example from one's own work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The ISA's short name (`"w128"`, `"cuda"`).
    pub isa: &'static str,
    /// The example's id ([`Example::id`]).
    pub id: &'static str,
    /// Its title ([`Example::title`]).
    pub title: &'static str,
    /// The length of its text, in bytes.
    len: usize,
    /// The digest of its text.
    digest: u64,
    /// The digest of its explanation.
    header: u64,
}

/// Every bundled example's entry, each ISA's in a run, in menu order
/// (written by the build script from `list.rs` and the files).
const INDEX: &[Entry] = include!(concat!(env!("OUT_DIR"), "/examples_index.rs"));

/// The text of the example a front end opens with ([`START`]), always
/// compiled in.
const START_TEXT: &str = include_str!(concat!(env!("OUT_DIR"), "/start_example.txt"));

/// The name of the file that holds the bundled examples' texts for a build
/// without them (`texts` off): each text in [`index`] order, separated
/// by U+001E.
pub const FILE_NAME: &str = "examples.txt";

/// The separator of [`FILE_NAME`]'s texts.
const SEPARATOR: char = '\u{1e}';

/// [`FILE_NAME`]'s contents, compiled in.
#[cfg(feature = "texts")]
const FILE: &str = include_str!(concat!(env!("OUT_DIR"), "/examples.txt"));

/// [`FILE_NAME`]'s contents, from the files compiled in.
#[cfg(feature = "texts")]
pub fn bundled_file() -> String {
    FILE.to_string()
}

/// Every bundled example's entry, in menu order.
pub fn index() -> &'static [Entry] {
    INDEX
}

/// The entries of an ISA's examples, in menu order.
pub fn index_for(isa: &str) -> impl Iterator<Item = &'static Entry> + '_ {
    INDEX.iter().filter(move |e| e.isa == isa)
}

static ALL: OnceLock<Vec<Example>> = OnceLock::new();
static LOADER: OnceLock<fn() -> Option<String>> = OnceLock::new();

fn example(id: &'static str, source: &'static str) -> Example {
    let (title, explanation) = example_header(source);
    Example {
        id,
        title,
        explanation,
        source,
    }
}

/// Whether `file` (a [`FILE_NAME`]) holds the text of every entry of the
/// index as this build knows it (not another build's, cut short or
/// damaged).
fn is_this_builds(file: &str) -> bool {
    let texts: Vec<&str> = file.split(SEPARATOR).collect();
    texts.len() == INDEX.len()
        && INDEX
            .iter()
            .zip(texts)
            .all(|(e, t)| t.len() == e.len && fnv1a(t.as_bytes()) == e.digest)
}

/// The examples of `file`, one of this build's ([`is_this_builds`]).
fn read(file: &'static str) -> Vec<Example> {
    INDEX
        .iter()
        .zip(file.split(SEPARATOR))
        .map(|(e, t)| example(e.id, t))
        .collect()
}

/// Makes `file` (a [`FILE_NAME`]) the bundled examples' texts; false, and
/// nothing installed, when it is not this build's file (another build's,
/// cut short, damaged), or when the texts are there already.
pub fn install(file: &str) -> bool {
    if ALL.get().is_some() || !is_this_builds(file) {
        return false;
    }
    let file: &'static str = Box::leak(file.to_string().into_boxed_str());
    ALL.set(read(file)).is_ok()
}

/// Gives the function that reads [`FILE_NAME`] when the examples are
/// first asked for and not there (a build without the texts).
pub fn set_loader(load: fn() -> Option<String>) {
    let _ = LOADER.set(load);
}

/// Every bundled example, in [`index`] order; `None` where the texts are
/// not compiled in and [`FILE_NAME`] could not be had (yet).
pub fn all() -> Option<&'static [Example]> {
    #[cfg(feature = "texts")]
    {
        Some(ALL.get_or_init(|| read(FILE)))
    }
    #[cfg(not(feature = "texts"))]
    {
        if ALL.get().is_none() {
            if let Some(file) = LOADER.get().and_then(|load| load()) {
                install(&file);
            }
        }
        ALL.get().map(Vec::as_slice)
    }
}

/// The bundled w128 examples, in the order a course would take them.
pub fn w128_examples() -> &'static [Example] {
    examples_for("w128")
}

/// The bundled examples of an ISA by its short name (`"w128"`, `"sm50"`,
/// `"gfx9"`, `"cuda"`), in teaching order; empty for an ISA without
/// examples, and where the texts could not be had ([`all`]).
///
/// ```
/// use warpscope_core::examples::examples_for;
/// assert_eq!(examples_for("sm50")[0].id, "lane_masks");
/// assert!(examples_for("gfx9").iter().any(|e| e.id == "lds_alloc"));
/// assert_eq!(examples_for("cuda")[1].id, "butterfly_sum");
/// assert!(examples_for("nope").is_empty());
/// ```
pub fn examples_for(isa: &str) -> &'static [Example] {
    let Some(all) = all() else {
        return &[];
    };
    let from = INDEX.iter().position(|e| e.isa == isa).unwrap_or(0);
    let n = index_for(isa).count();
    &all[from..from + n]
}

/// A bundled w128 example by its id.
pub fn w128_example(id: &str) -> Option<&'static Example> {
    by_id("w128", id)
}

/// A bundled example by ISA and id: the start example always, the others
/// where the texts are there ([`all`]).
pub fn by_id(isa: &str, id: &str) -> Option<&'static Example> {
    if (isa, id) == START {
        return Some(start());
    }
    examples_for(isa).iter().find(|e| e.id == id)
}

/// The example a front end opens with ([`START`]), whether or not the
/// others' texts are there.
pub fn start() -> &'static Example {
    static EXAMPLE: OnceLock<Example> = OnceLock::new();
    EXAMPLE.get_or_init(|| example(START.1, START_TEXT))
}

/// Whether `src` is one of `isa`'s bundled examples, unchanged (by length
/// and digest: the texts need not be there).
pub fn is_bundled(isa: &str, src: &str) -> bool {
    index_for(isa).any(|e| e.len == src.len() && fnv1a(src.as_bytes()) == e.digest)
}

/// The bundled example whose header (title and explanation) `src` opens
/// with, unchanged, as [`example_header`] reads it.
pub fn bundled_header(src: &str) -> Option<&'static Entry> {
    let (title, text) = example_header(src);
    if title.is_empty() {
        return None;
    }
    let digest = fnv1a(text.as_bytes());
    INDEX
        .iter()
        .find(|e| e.title == title && e.header == digest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_without_title() {
        let (t, x) = example_header("\n// just text\n//   indented\nEXIT // not header\n");
        assert_eq!(t, "");
        assert_eq!(x, "just text\n  indented");
    }

    #[test]
    fn header_stops_at_code_and_blank_lines() {
        let (t, x) = example_header("// Title:  Spaces  \n//\n// a\n\n// b\n");
        assert_eq!(t, "Spaces");
        assert_eq!(x, "a");
        assert_eq!(example_header(""), ("", String::new()));
    }

    #[test]
    fn the_index_describes_the_texts() {
        let all = all().unwrap();
        assert_eq!(all.len(), index().len());
        for (e, x) in index().iter().zip(all) {
            assert_eq!((e.id, e.title), (x.id, x.title));
            assert!(is_bundled(e.isa, x.source), "{}", e.id);
            assert!(!is_bundled(e.isa, &format!("{} ", x.source)));
            assert!(!is_bundled(
                if e.isa == "w128" { "sm50" } else { "w128" },
                x.source
            ));
            assert_eq!(bundled_header(x.source), Some(e));
            assert_eq!(by_id(e.isa, e.id), Some(x));
            let edited = x.source.replacen("//", "// edited", 2);
            assert_eq!(bundled_header(&edited), None, "{}", e.id);
        }
        assert_eq!(
            bundled_file(),
            all.iter()
                .map(|e| e.source)
                .collect::<Vec<_>>()
                .join("\u{1e}")
        );
        assert_eq!(start(), w128_example(START.1).unwrap());
        assert_eq!(index_for("cuda").count(), examples_for("cuda").len());
        let listed: Vec<(&str, &str)> = list::LIST
            .iter()
            .flat_map(|(isa, _, ids)| ids.iter().map(move |id| (*isa, *id)))
            .collect();
        let indexed: Vec<(&str, &str)> = index().iter().map(|e| (e.isa, e.id)).collect();
        assert_eq!(listed, indexed);
    }

    #[test]
    fn a_file_of_another_build_is_not_read() {
        let file = bundled_file();
        assert!(is_this_builds(&file));
        let cut = &file[..file.len() - 1];
        assert!(!is_this_builds(cut), "cut short");
        let other = file.replacen("SHFL", "SHFX", 1);
        assert!(!is_this_builds(&other), "a text changed");
        let fewer = &file[file.find('\u{1e}').unwrap() + 1..];
        assert!(!is_this_builds(fewer), "a text missing");
        assert!(!is_this_builds(""));
        assert!(!install(&other), "another build's file is not installed");
        assert!(all().is_some());
        assert!(!install(&file), "the texts are there already");
    }

    #[test]
    fn every_example_has_a_title_and_explanation() {
        let mut ids = std::collections::HashSet::new();
        for e in w128_examples() {
            assert!(ids.insert(e.id), "duplicate id {}", e.id);
            assert!(!e.title.is_empty(), "{}", e.id);
            assert!(e.explanation.len() > 80, "{}", e.id);
            assert!(w128_example(e.id).is_some());
        }
    }

    #[test]
    fn other_dialects_have_titled_examples_that_assemble() {
        for name in ["sm50", "gfx9"] {
            let isa = crate::isas::by_name(name).unwrap();
            let all = examples_for(name);
            assert!(all.len() >= 2, "{name}");
            for e in all {
                assert!(!e.title.is_empty(), "{}", e.id);
                assert!(e.explanation.contains("Expected:"), "{}", e.id);
                let p = crate::asm::assemble(isa, e.source);
                assert!(p.is_ok(), "{} does not assemble: {:?}", e.id, p.err());
            }
        }
    }
}
