//! The example programs offered in the header's examples menu.
//!
//! The programs and their titles come from `warpscope_core::examples` (the
//! files of `examples/<isa>/`, each with a `// Title:` header). This
//! module is the one place the UI asks for them: a new example file listed
//! in core appears in the menu, and anything that refers to examples by id
//! (a link format) resolves them through [`by_id`].

pub use warpscope_core::examples::Example;
use warpscope_core::isas::Id;

/// The examples written for one ISA, in menu order.
pub fn for_isa(isa: Id) -> &'static [Example] {
    warpscope_core::examples::examples_for(isa.name())
}

/// An example by ISA and id.
pub fn by_id(isa: Id, id: &str) -> Option<&'static Example> {
    for_isa(isa).iter().find(|e| e.id == id)
}

/// The bundled example whose header (`// Title:` and explanation) `src`
/// opens with, unchanged: its ISA's short name and its id.
fn bundled_header(src: &str) -> Option<(&'static str, &'static str)> {
    let (title, text) = warpscope_core::examples::example_header(src);
    if title.is_empty() {
        return None;
    }
    Id::CHOICES.into_iter().find_map(|isa| {
        for_isa(isa)
            .iter()
            .find(|e| e.title == title && e.explanation == text)
            .map(|e| (isa.name(), e.id))
    })
}

/// The title and explanation `src`'s header shows in the current
/// language: a bundled example's unchanged header in Chinese when the
/// catalogue has it (`example:ISA/ID:title` and `:text`), anything else
/// as written.
pub fn header_shown(src: &str) -> (String, String) {
    let (title, text) = warpscope_core::examples::example_header(src);
    if crate::i18n::current() == crate::i18n::Lang::Zh {
        if let Some((isa, id)) = bundled_header(src) {
            let key = |part: &str| crate::i18n::lookup_key(&format!("example:{isa}/{id}:{part}"));
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
pub fn title_shown(isa: Id, e: &Example) -> &'static str {
    if crate::i18n::current() == crate::i18n::Lang::Zh {
        if let Some(t) = crate::i18n::lookup_key(&format!("example:{}/{}:title", isa.name(), e.id))
        {
            return t;
        }
    }
    e.title
}

/// The program shown when the page opens: the butterfly sum, a SHFL
/// reduction that shows off the lane diagrams.
pub fn default_example() -> &'static Example {
    by_id(Id::W128, "butterfly_sum")
        .or_else(|| for_isa(Id::W128).first())
        .expect("core bundles w128 examples")
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
