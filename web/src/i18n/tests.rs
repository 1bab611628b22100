//! The catalogue against the sources: every text written through `tr` or
//! `trf` in the views, and every message template written with `msg!` in
//! the engine (core), has a Chinese entry, and every entry is still used.

use super::{zh, Lang};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The string literal that starts at `s` (just after its opening quote),
/// unescaped the way the compiler does for the escapes the views use.
fn literal(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        match c {
            '"' => return Some(out),
            '\\' => match it.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                '\\' => out.push('\\'),
                '\n' => {
                    // A line continuation: the next line's indentation goes too.
                    let rest: String = it.clone().collect();
                    let skip = rest.len() - rest.trim_start().len();
                    for _ in 0..rest[..skip].chars().count() {
                        it.next();
                    }
                }
                'u' => {
                    let hex: String = it.by_ref().skip(1).take_while(|&c| c != '}').collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                _ => return None,
            },
            c => out.push(c),
        }
    }
    None
}

/// Every text given to `tr(…)`, `trf(…)`, `msg!(…)` or `msg_str!(…)` in
/// `src`, with its line.
fn texts_in(src: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for call in ["tr(", "trf(", "msg!(", "msg_str!("] {
        let mut from = 0;
        while let Some(at) = src[from..].find(call) {
            let start = from + at;
            from = start + call.len();
            // rustfmt may put a long text on the line after the call.
            let gap = src[from..].len() - src[from..].trim_start().len();
            if !src[from + gap..].starts_with('"') {
                continue;
            }
            from += gap + 1;
            let before = src[..start].chars().next_back();
            let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
            let in_comment = src[line_start..start].trim_start().starts_with("//");
            if in_comment || before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(t) = literal(&src[from..]) {
                out.push((src[..start].lines().count().max(1), t));
            }
        }
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("web/src is readable")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs")
            && !p.ends_with("i18n/tests.rs")
            && !p.ends_with("src/msg.rs")
        {
            let text = std::fs::read_to_string(&p).expect("a source file is readable");
            out.push((p.display().to_string(), text));
        }
    }
}

/// Every text the views write through `tr`/`trf` and every template of
/// the engine's messages, with where it is used.
fn used() -> BTreeMap<String, String> {
    let mut files = Vec::new();
    let web = Path::new(env!("CARGO_MANIFEST_DIR"));
    sources(&web.join("src"), &mut files);
    sources(&web.join("../core/src"), &mut files);
    let mut out = BTreeMap::new();
    for (path, text) in &files {
        for (line, t) in texts_in(text) {
            out.entry(t).or_insert_with(|| format!("{path}:{line}"));
        }
    }
    out
}

fn placeholders(s: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = s;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) if after[..j].parse::<usize>().is_ok() => {
                out.insert(after[..j].to_string());
                rest = &after[j + 1..];
            }
            _ => rest = after,
        }
    }
    out
}

fn has_cjk(s: &str) -> bool {
    s.chars()
        .any(|c| matches!(c as u32, 0x3000..=0x303F | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF))
}

#[test]
fn every_text_of_the_views_has_a_chinese_entry() {
    let catalogue: BTreeSet<&str> = zh::PARTS
        .iter()
        .flat_map(|p| p.iter().map(|e| e.0))
        .collect();
    let missing: Vec<String> = used()
        .into_iter()
        .filter(|(t, _)| !catalogue.contains(t.as_str()))
        .map(|(t, at)| format!("{at}: {t:?}"))
        .collect();
    assert!(
        missing.is_empty(),
        "{} texts have no Chinese entry in web/src/i18n/zh/:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn every_entry_is_used_once_and_keeps_its_placeholders() {
    let used = used();
    let mut seen = BTreeSet::new();
    let mut problems = Vec::new();
    for (en, zh) in zh::PARTS.iter().flat_map(|p| p.iter()) {
        if !seen.insert(*en) {
            problems.push(format!("{en:?} has two entries"));
        }
        if !used.contains_key(*en) && !en.starts_with("example:") {
            problems.push(format!("{en:?} is not used by any view"));
        }
        if placeholders(en) != placeholders(zh) {
            problems.push(format!("{en:?} and {zh:?} have different placeholders"));
        }
        if en.chars().any(|c| c.is_ascii_alphabetic()) && !has_cjk(zh) {
            problems.push(format!("{en:?}: {zh:?} is not Chinese"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scanner_reads_literals_as_the_compiler_does() {
    let src = "x(tr(\"a \\\"b\\\"\\n\"), trf(\"{0} of \\\n      {1}\", &[]), attr(\"no\"))";
    let got: Vec<String> = texts_in(src).into_iter().map(|(_, t)| t).collect();
    assert_eq!(got, ["a \"b\"\n", "{0} of {1}"]);
    let wrapped = "trf(\n    \"long text {0}\",\n    &[&x],\n) str(\"no\")";
    assert_eq!(texts_in(wrapped), [(1, "long text {0}".to_string())]);
    let engine = "Diagnostic::error(s, msg!(\"unknown `{0}`\", m)) crate::msg!(\"x\")";
    let got: Vec<String> = texts_in(engine).into_iter().map(|(_, t)| t).collect();
    assert_eq!(got, ["unknown `{0}`", "x"]);
}

#[test]
fn language_codes() {
    assert_eq!(Lang::from_code("zh-CN"), Some(Lang::Zh));
    assert_eq!(Lang::from_code("zh_TW"), Some(Lang::Zh));
    assert_eq!(Lang::from_code("en-GB"), Some(Lang::En));
    assert_eq!(Lang::from_code("fr"), None);
    for l in Lang::ALL {
        assert_eq!(Lang::from_code(l.code()), Some(l));
    }
}
