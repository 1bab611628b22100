//! The example programs offered in the header's examples menu.
//!
//! The programs and their titles come from `warpscope_core::examples` (the
//! files of `examples/<isa>/`, each with a `// Title:` header). This
//! module is the one place the UI asks for them: a new example file listed
//! in core appears in the menu, and anything that refers to examples by id
//! (a link format) resolves them through [`by_id`]. The menu's titles are
//! always here; the texts other than the start example's come in a file
//! read with the second part of the wasm ([`ready`], [`fetch`]).

use warpscope_core::examples as core_examples;
pub use warpscope_core::examples::{Entry, Example};
use warpscope_core::isas::Id;

/// The examples written for one ISA, in menu order, where their texts are
/// here ([`ready`]); empty where they are not.
pub fn for_isa(isa: Id) -> &'static [Example] {
    core_examples::examples_for(isa.name())
}

/// What the examples menu lists for one ISA, whether or not the texts are
/// here.
pub fn titles(isa: Id) -> impl Iterator<Item = &'static Entry> {
    core_examples::index_for(isa.name())
}

/// An example by ISA and id (the start example always; the others once
/// their texts are here).
pub fn by_id(isa: Id, id: &str) -> Option<&'static Example> {
    core_examples::by_id(isa.name(), id)
}

/// Whether `src` is one of `isa`'s examples, unchanged (known whether or
/// not the texts are here).
pub fn is_bundled(isa: Id, src: &str) -> bool {
    core_examples::is_bundled(isa.name(), src)
}

/// Whether the examples' texts are here: the playground's build leaves
/// them out of its first download and reads them from
/// [`core_examples::FILE_NAME`], which the glue fetches with the second
/// part of the wasm.
pub fn ready() -> bool {
    core_examples::all().is_some()
}

/// Reads the examples' file as it was fetched with the second part of
/// the wasm (given to core at start, which asks when they are first
/// needed).
pub fn read_fetched() -> Option<String> {
    crate::fetch::text_now(&crate::fetch::url(core_examples::FILE_NAME)).ok()
}

/// Fetches the examples' file again (when it was not read with the second
/// part: offline then, or damaged) and installs it, or says why not.
pub async fn fetch() -> Result<(), String> {
    if ready() {
        return Ok(());
    }
    let bytes = crate::fetch::bytes(&crate::fetch::url(core_examples::FILE_NAME)).await?;
    let text = String::from_utf8(bytes).map_err(|_| crate::fetch::not_this_build())?;
    if core_examples::install(&text) || ready() {
        Ok(())
    } else {
        Err(crate::fetch::not_this_build())
    }
}

/// The title and explanation `src`'s header shows in the current
/// language: a bundled example's unchanged header in Chinese when the
/// catalogue has it (`example:ISA/ID:title` and `:text`), anything else
/// as written.
pub fn header_shown(src: &str) -> (String, String) {
    let (title, text) = core_examples::example_header(src);
    if crate::i18n::current() == crate::i18n::Lang::Zh {
        if let Some(e) = core_examples::bundled_header(src) {
            let key =
                |part: &str| crate::i18n::lookup_key(&format!("example:{}/{}:{part}", e.isa, e.id));
            if let (Some(t), Some(x)) = (key("title"), key("text")) {
                return (t.to_string(), x.to_string());
            }
        }
    }
    (title.to_string(), text)
}

/// Paragraphs of an explanation: (preformatted, text). A paragraph with
/// an indented line (a small table, a formula) keeps its lines; others
/// are joined into running text.
pub fn paragraphs(text: &str) -> Vec<(bool, String)> {
    text.split("\n\n")
        .map(str::trim_end)
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let pre = p.lines().any(|l| l.starts_with(' ') || l.starts_with('\t'));
            if pre {
                (true, p.to_string())
            } else {
                (
                    false,
                    p.lines().map(str::trim).collect::<Vec<_>>().join(" "),
                )
            }
        })
        .collect()
}

/// An example's title for the examples menu, in the current language.
pub fn title_shown(e: &Entry) -> &'static str {
    if crate::i18n::current() == crate::i18n::Lang::Zh {
        if let Some(t) = crate::i18n::lookup_key(&format!("example:{}/{}:title", e.isa, e.id)) {
            return t;
        }
    }
    e.title
}

/// The program shown when the page opens (`examples::START`: the
/// butterfly sum, a SHFL reduction that shows off the lane diagrams).
pub fn default_example() -> &'static Example {
    core_examples::start()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_join_prose_and_keep_tables() {
        let p = paragraphs("one\ntwo\n\n  a = 1\n  b = 2\n\nthree");
        assert_eq!(
            p,
            [
                (false, "one two".to_string()),
                (true, "  a = 1\n  b = 2".to_string()),
                (false, "three".to_string())
            ]
        );
        for e in warpscope_core::examples::w128_examples() {
            assert!(!paragraphs(&e.explanation).is_empty(), "{}", e.id);
        }
    }

    /// Every bundled example has its title and explanation in Chinese, with
    /// the English explanation's paragraphs (and preformatted lines), and
    /// the catalogue names no example that is not bundled.
    #[test]
    fn every_example_has_its_chinese_title_and_explanation() {
        use std::collections::BTreeSet;
        let has_cjk = |s: &str| {
            s.chars()
                .any(|c| matches!(c as u32, 0x3000..=0x303F | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF))
        };
        let mut wanted = BTreeSet::new();
        for isa in Id::CHOICES {
            for e in for_isa(isa) {
                let key = |part: &str| format!("example:{}/{}:{part}", isa.name(), e.id);
                let title = crate::i18n::lookup_key(&key("title"));
                let text = crate::i18n::lookup_key(&key("text")).unwrap_or_default();
                assert!(
                    title.is_some_and(&has_cjk) && has_cjk(text),
                    "{}: no Chinese",
                    key("")
                );
                let shape = |t: &str| -> Vec<Option<usize>> {
                    paragraphs(t)
                        .iter()
                        .map(|(pre, p)| pre.then(|| p.lines().count()))
                        .collect()
                };
                assert_eq!(
                    shape(text),
                    shape(&e.explanation),
                    "{}: paragraphs",
                    key("text")
                );
                wanted.extend([key("title"), key("text")]);
            }
        }
        let named: BTreeSet<String> = crate::i18n::zh::examples::ENTRIES
            .iter()
            .map(|e| e.0.to_string())
            .collect();
        assert_eq!(named, wanted);
    }

    #[test]
    fn every_example_assembles() {
        let all = for_isa(Id::W128);
        assert!(all.len() >= 8);
        for e in all {
            let isa = warpscope_core::isas::w128();
            let prog = warpscope_core::asm::assemble(isa, e.source);
            assert!(prog.is_ok(), "{} does not assemble: {:?}", e.id, prog.err());
            assert_eq!(by_id(Id::W128, e.id), Some(e));
            assert!(!e.title.is_empty());
        }
        assert_eq!(default_example().id, "butterfly_sum");
        for name in [Id::Sm50, Id::Gfx9] {
            let isa = name.isa();
            assert!(!for_isa(name).is_empty(), "{name}");
            for e in for_isa(name) {
                assert!(
                    warpscope_core::asm::assemble(isa, e.source).is_ok(),
                    "{}",
                    e.id
                );
            }
        }
    }
}
