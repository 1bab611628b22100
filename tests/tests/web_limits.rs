//! Limits on the playground's sources (`web/src`), checked as text: no
//! file over 900 lines, no function over 150 lines (tests aside), and no
//! two modules that import each other, directly or through a cycle.
//! Modules are files; an import is a `crate::`, `super::` or `self::`
//! path, or a path through a module the file declares, that names
//! another file's module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 900;
const MAX_FN_LINES: usize = 150;

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("web/src is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module a file is: `lib.rs` the root, `a/mod.rs` and `a.rs` `a`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("a file under web/src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The lines outside `#[cfg(test)]` items, with their numbers.
fn non_test_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut skip_to: Option<String> = None;
    let mut cfg_test = false;
    for (i, line) in text.lines().enumerate() {
        if let Some(end) = &skip_to {
            if line == end {
                skip_to = None;
            }
            continue;
        }
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            cfg_test = true;
            continue;
        }
        if cfg_test {
            cfg_test = false;
            if !t.ends_with(';') {
                let indent = &line[..line.len() - t.len()];
                skip_to = Some(format!("{indent}}}"));
            }
            continue;
        }
        out.push((i + 1, line));
    }
    out
}

/// Functions longer than the limit: (name, first line, lines).
fn long_functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines = non_test_lines(text);
    let mut out = Vec::new();
    for (k, &(n, line)) in lines.iter().enumerate() {
        let t = line.trim_start();
        let indent = &line[..line.len() - t.len()];
        let Some(at) = t.find("fn ") else { continue };
        let head = &t[..at];
        let is_fn = head
            .split_whitespace()
            .all(|w| w.starts_with("pub") || matches!(w, "const" | "async" | "unsafe"));
        if !is_fn || t.ends_with(';') {
            continue;
        }
        let name: String = t[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        if let Some(&(end, _)) = lines[k + 1..].iter().find(|(_, l)| *l == close) {
            if end - n + 1 > MAX_FN_LINES {
                out.push((name, n, end - n + 1));
            }
        }
    }
    out
}

/// Module paths a file names: `crate::a::b`, `super::c`, `self::d`,
/// `crate::{a, b::c}` and paths through the modules it declares.
fn named_paths(module: &[String], text: &str) -> Vec<Vec<String>> {
    let code: String = non_test_lines(text)
        .into_iter()
        .map(|(_, l)| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let path_at = |s: &str| -> Vec<String> {
        let mut parts = Vec::new();
        let mut rest = s;
        loop {
            let id: String = rest.chars().take_while(|&c| ident(c)).collect();
            if id.is_empty() {
                break;
            }
            rest = &rest[id.len()..];
            parts.push(id);
            match rest.strip_prefix("::") {
                Some(r) => rest = r,
                None => break,
            }
        }
        parts
    };
    let declared: Vec<String> = code
        .lines()
        .filter_map(|l| {
            let t = l.trim().strip_prefix("pub ").unwrap_or(l.trim());
            let name = t.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.to_string())
        })
        .collect();
    let mut out = Vec::new();
    for (i, _) in code.match_indices("::") {
        let before = &code[..i];
        let word_start = before.rfind(|c: char| !ident(c)).map_or(0, |p| p + 1);
        if code[..word_start].ends_with("::") {
            continue;
        }
        let first = &code[word_start..i];
        let base: Vec<String> = match first {
            "crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => module[..module.len().saturating_sub(1)].to_vec(),
            m if declared.iter().any(|d| d == m) => {
                let mut b = module.to_vec();
                b.push(m.to_string());
                out.push(b);
                continue;
            }
            _ => continue,
        };
        let rest = &code[i + 2..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let mut p = base.clone();
                p.extend(path_at(item.trim()));
                out.push(p);
            }
        } else {
            let mut p = base;
            p.extend(path_at(rest));
            out.push(p);
        }
    }
    out
}

#[test]
fn web_sources_keep_their_limits_and_import_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut problems = Vec::new();
    let mut modules: BTreeMap<Vec<String>, String> = BTreeMap::new();
    let mut texts = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("a readable source");
        let name = f.strip_prefix(&src).unwrap().display().to_string();
        let n = text.lines().count();
        if n > MAX_FILE_LINES {
            problems.push(format!("{name}: {n} lines (at most {MAX_FILE_LINES})"));
        }
        if !name.ends_with("tests.rs") {
            for (f, at, len) in long_functions(&text) {
                problems.push(format!(
                    "{name}:{at}: fn {f} has {len} lines (at most {MAX_FN_LINES})"
                ));
            }
        }
        let module = module_of(&src, f);
        modules.insert(module.clone(), name.clone());
        texts.push((module, name, text));
    }
    // Imports between modules (test modules and files aside).
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, name, text) in &texts {
        if name.ends_with("tests.rs") {
            continue;
        }
        for path in named_paths(module, text) {
            let target = (0..=path.len())
                .rev()
                .map(|k| path[..k].to_vec())
                .find(|p| modules.contains_key(p));
            if let Some(t) = target.filter(|t| t != module) {
                graph.entry(module.clone()).or_default().insert(t);
            }
        }
    }
    // A cycle: a module reached again from itself.
    let mut done = BTreeSet::new();
    for start in graph.keys() {
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        while let Some((m, trail)) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if next == start {
                    let names: Vec<&str> = trail
                        .iter()
                        .chain([start])
                        .map(|m| modules[m].as_str())
                        .collect();
                    problems.push(format!("import cycle: {}", names.join(" -> ")));
                } else if !trail.contains(next) && done.insert((start.clone(), next.clone())) {
                    let mut t = trail.clone();
                    t.push(next.clone());
                    stack.push((next.clone(), t));
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checks_see_what_they_look_for() {
    let long = format!("fn big() {{\n{}}}\n", "    x();\n".repeat(MAX_FN_LINES));
    assert_eq!(long_functions(&long).len(), 1);
    let in_tests = format!(
        "#[cfg(test)]\nmod tests {{\n{}}}\n",
        long.replace('\n', "\n    ")
    );
    assert!(long_functions(&in_tests).is_empty());
    let m = vec!["state".to_string(), "run".to_string()];
    let paths = named_paths(&m, "use super::build::{Row, same_run};\nuse crate::{ptr::Ptr, examples};\nmod x;\nfn f() { x::y(); }\n");
    let want: Vec<Vec<String>> = [
        vec!["state", "build"],
        vec!["ptr", "Ptr"],
        vec!["examples"],
        vec!["state", "run", "x"],
    ]
    .iter()
    .map(|p| p.iter().map(|s| s.to_string()).collect())
    .collect();
    assert_eq!(paths, want);
}
