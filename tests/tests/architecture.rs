//! The shape of the source tree, checked: what docs/architecture.md
//! promises a reader of the code.
//!
//! - No source file of any crate is over 900 lines and no function over
//!   150 lines (code under `#[cfg(test)]` does not count), and no two
//!   modules of any crate use each other.
//! - Imports run one way: no two of core's top-level modules use each
//!   other, directly or through a cycle; inside a module folder, no two
//!   sibling files do either (a folder's `mod.rs` and its children may,
//!   as the parent declares what the children share). The same holds for
//!   web's folders.
//! - The layers of core are the ones the document draws: a module only
//!   uses modules of its own layer or below.
//! - Nothing in core, web or js formats with `{:?}` outside tests and
//!   assertions: the browser bundle is built with `-Zfmt-debug=none`
//!   (xtask/src/bundle.rs), where `Debug` writes nothing, so such text would
//!   be empty on the page.
//! - The fuzzer's seeds name the ISAs in core's order.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 900;
const MAX_FN_LINES: usize = 150;
/// The source folders of every crate: the size and cycle rules hold in all.
const EVERY_CRATE: [&str; 6] = [
    "core/src",
    "web/src",
    "xtask/src",
    "js/src",
    "cli/src",
    "tests/tests",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file below `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d)
            .expect("source folder readable")
            .flatten()
        {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The lines of a file up to its first `#[cfg(test)]` item, if any (a
/// `#[cfg(test)] mod tests;` declaration of a file of its own does not end
/// the code).
fn code_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&i| {
            lines[i].trim() == "#[cfg(test)]"
                && !lines.get(i + 1).is_some_and(|n| {
                    let n = n.trim();
                    n.starts_with("mod ") && n.ends_with(';')
                })
        })
        .unwrap_or(lines.len());
    lines[..end].to_vec()
}

/// `(name, first line, length)` of every function body in `lines`, found
/// by brace matching from each `fn` header (strings and comments are
/// rare enough in braces' way to be skipped roughly: a `{` or `}` inside
/// a string literal or a `//` comment is not counted).
fn functions(lines: &[&str]) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let header = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
            "pub const fn ",
        ]
        .iter()
        .find_map(|p| t.strip_prefix(p));
        let Some(rest) = header else { continue };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut depth = 0i32;
        let mut opened = false;
        for (j, l) in lines.iter().enumerate().skip(i) {
            if !opened && j > i && l.trim_end().ends_with(';') && depth == 0 {
                break; // a declaration without a body
            }
            for c in strip_strings(l).chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                out.push((name.clone(), i + 1, j - i + 1));
                break;
            }
            if !opened && l.trim_end().ends_with(';') {
                break;
            }
        }
    }
    out
}

/// A line without its `//` comment and the contents of its string and
/// char literals.
fn strip_strings(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '/' if chars.peek() == Some(&'/') => break,
            '\'' => {
                // '{' or '\''-style char literals; lifetimes pass through.
                let rest: String = chars.clone().take(3).collect();
                if rest.len() >= 2 && (rest.chars().nth(1) == Some('\'') || rest.starts_with('\\'))
                {
                    for _ in 0..rest.find('\'').map_or(0, |k| k + 1).max(2) {
                        chars.next();
                    }
                } else {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// True when `line` holds a format placeholder that uses `Debug`
/// (`{:?}`, `{x:?}`, `{:#?}`, `{:>8?}`).
fn debug_placeholder(line: &str) -> bool {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'{' {
            if b.get(i + 1) == Some(&b'{') {
                i += 2;
                continue;
            }
            let spec: Vec<u8> = b[i + 1..]
                .iter()
                .take_while(|&&c| c != b'}' && c != b'"' && c != b' ')
                .copied()
                .collect();
            if b.get(i + 1 + spec.len()) == Some(&b'}')
                && spec.contains(&b':')
                && spec.ends_with(b"?")
            {
                return true;
            }
        }
        i += 1;
    }
    false
}

#[test]
fn nothing_shown_is_formatted_with_debug() {
    let mut found = Vec::new();
    for dir in ["core/src", "web/src", "js/src"] {
        for path in sources(&root().join(dir)) {
            if path.file_name().is_some_and(|n| n == "tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable");
            for (n, line) in code_lines(&text).iter().enumerate() {
                let t = line.trim_start();
                if !t.starts_with("//") && !t.contains("assert") && debug_placeholder(t) {
                    found.push(format!("{}:{}: {t}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "Debug formatting, which prints nothing in the browser bundle:\n{}",
        found.join("\n")
    );
    assert!(debug_placeholder(r#"format!("{op:?} {}", x)"#));
    assert!(debug_placeholder(r#"format!("{:#?}")"#));
    assert!(!debug_placeholder(r#"format!("{{:?}} {x:#010x} {}", y)"#));
}

#[test]
fn no_file_or_function_is_too_long() {
    let mut problems = Vec::new();
    for dir in EVERY_CRATE {
        for path in sources(&root().join(dir)) {
            let text = std::fs::read_to_string(&path).expect("readable");
            let lines = code_lines(&text);
            let rel = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            if lines.len() > MAX_FILE_LINES {
                problems.push(format!(
                    "{rel}: {} lines (at most {MAX_FILE_LINES})",
                    lines.len()
                ));
            }
            for (name, at, len) in functions(&lines) {
                if len > MAX_FN_LINES {
                    problems.push(format!(
                        "{rel}:{at}: fn {name} is {len} lines (at most {MAX_FN_LINES})"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "too long:\n{}", problems.join("\n"));
}

/// The module path of a source file under `src` (`["sim", "exec"]`).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The module paths a file refers to: `crate::a::b` and `super::x` paths,
/// resolved against the file's own module, and what its `use` lists name.
fn references(module: &[String], text: &str) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    // Expand `use crate::{a, b::c}` groups roughly by scanning every
    // `crate::` / `super::` occurrence and the identifiers after it.
    let code: String = code_lines(text)
        .iter()
        .map(|l| strip_strings(l))
        .collect::<Vec<_>>()
        .join("\n");
    let parent = module[..module.len().saturating_sub(1)].to_vec();
    for (start, base) in [("crate::", Vec::new()), ("super::", parent)] {
        let mut from = 0;
        while let Some(k) = code[from..].find(start) {
            let at = from + k;
            from = at + start.len();
            if at > 0 && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
            {
                continue;
            }
            let tail = &code[from..];
            let mut path = base.clone();
            let mut rest = tail;
            if rest.starts_with('{') {
                // `crate::{a, b}`: each first segment of the group.
                let end = rest.find('}').unwrap_or(rest.len());
                for item in rest[1..end].split(',') {
                    let seg: String = item
                        .trim()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !seg.is_empty() {
                        let mut p = path.clone();
                        p.push(seg);
                        out.insert(p);
                    }
                }
                continue;
            }
            loop {
                let seg: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if seg.is_empty() || seg.chars().next().is_some_and(|c| c.is_uppercase()) {
                    break;
                }
                path.push(seg.clone());
                rest = &rest[seg.len()..];
                match rest.strip_prefix("::") {
                    Some(r) => rest = r,
                    None => break,
                }
            }
            if !path.is_empty() {
                out.insert(path);
            }
        }
    }
    out
}

/// The edges between sibling modules: for each folder, which of its
/// children use which other children (the folder's own mod.rs left out),
/// and for the crate root, which top-level modules use which.
fn sibling_edges(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<(String, String)>> {
    let files = sources(src);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<(String, String)>> = BTreeMap::new();
    for f in &files {
        let m = module_of(src, f);
        if m.is_empty() {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("readable");
        for r in references(&m, &text) {
            // The longest known module that is a prefix of the reference.
            let target = (1..=r.len())
                .rev()
                .map(|n| r[..n].to_vec())
                .find(|p| modules.contains(p));
            let Some(t) = target else { continue };
            // Sibling pairs at every level where the two paths part.
            let common = m.iter().zip(&t).take_while(|(a, b)| a == b).count();
            if common < m.len() && common < t.len() {
                let parent = m[..common].to_vec();
                edges
                    .entry(parent)
                    .or_default()
                    .insert((m[common].clone(), t[common].clone()));
            }
        }
    }
    edges
}

/// A cycle in a directed graph, as its nodes, if there is one.
fn find_cycle(edges: &BTreeSet<(String, String)>) -> Option<Vec<String>> {
    let nodes: BTreeSet<&String> = edges.iter().flat_map(|(a, b)| [a, b]).collect();
    fn visit<'a>(
        n: &'a String,
        edges: &'a BTreeSet<(String, String)>,
        state: &mut BTreeMap<&'a String, u8>,
        stack: &mut Vec<&'a String>,
    ) -> Option<Vec<String>> {
        state.insert(n, 1);
        stack.push(n);
        for (_, m) in edges.iter().filter(|(a, _)| a == n) {
            match state.get(m).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|x| *x == m).unwrap_or(0);
                    let mut cycle: Vec<String> =
                        stack[from..].iter().map(|s| s.to_string()).collect();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(m, edges, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n, 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in nodes {
        if state.get(n).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(n, edges, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn no_two_modules_use_each_other() {
    let mut problems = Vec::new();
    for dir in EVERY_CRATE {
        for (parent, edges) in sibling_edges(&root().join(dir)) {
            if let Some(cycle) = find_cycle(&edges) {
                let place = if parent.is_empty() {
                    dir.to_string()
                } else {
                    format!("{dir}/{}", parent.join("/"))
                };
                problems.push(format!("{place}: {}", cycle.join(" -> ")));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "modules that use each other:\n{}",
        problems.join("\n")
    );
}

/// Core's layers, lowest first, as docs/architecture.md draws them.
const LAYERS: &[&[&str]] = &[
    &["diag", "digest", "msg"],
    &["operand"],
    &["spec"],
    &["isas", "inst", "loc"],
    &["codec"],
    &["asm", "disasm"],
    &["machine", "sim"],
    &["cuda"],
    &[
        "listing",
        "link",
        "examples",
        "workloads",
        "history",
        "puzzle",
    ],
];

#[test]
fn core_imports_run_down_the_layers() {
    let layer_of = |m: &str| LAYERS.iter().position(|l| l.contains(&m));
    let mut problems = Vec::new();
    let edges = sibling_edges(&root().join("core/src"));
    for (from, to) in edges.get(&Vec::new()).into_iter().flatten() {
        match (layer_of(from), layer_of(to)) {
            (Some(a), Some(b)) if b > a => {
                problems.push(format!("{from} (layer {a}) uses {to} (layer {b})"))
            }
            (None, _) => problems.push(format!("{from} is in no layer of docs/architecture.md")),
            (_, None) => problems.push(format!("{to} is in no layer of docs/architecture.md")),
            _ => {}
        }
    }
    assert!(
        problems.is_empty(),
        "imports against the layers:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checks_themselves_find_what_they_look_for() {
    let src =
        "fn a() {\n    let s = \"}\";\n    if x { '{' } else { 'x' }\n}\n#[cfg(test)]\nfn b() {}\n";
    let lines = code_lines(src);
    assert_eq!(lines.len(), 4);
    assert_eq!(functions(&lines), [("a".to_string(), 1, 4)]);
    let e: BTreeSet<(String, String)> = [("a", "b"), ("b", "c"), ("c", "a")]
        .iter()
        .map(|(x, y)| (x.to_string(), y.to_string()))
        .collect();
    assert!(find_cycle(&e).is_some());
    let e: BTreeSet<(String, String)> = [("a", "b"), ("b", "c")]
        .iter()
        .map(|(x, y)| (x.to_string(), y.to_string()))
        .collect();
    assert!(find_cycle(&e).is_none());
    let refs = references(
        &["sim".into(), "exec".into()],
        "use super::prep::Op;\nuse crate::{asm, codec::layout};\n",
    );
    assert!(refs.contains(&vec!["sim".to_string(), "prep".to_string()]));
    assert!(refs.contains(&vec!["asm".to_string()]));
    assert!(refs.contains(&vec!["codec".to_string()]));
}

/// The asm fuzz target reads its first byte as an index into core's ISA
/// list; the seeds xtask writes must use the same order.
#[test]
fn fuzz_seeds_number_the_isas_as_core_does() {
    let core: Vec<&str> = warpscope_core::isas::Id::ALL
        .iter()
        .map(|id| id.name())
        .collect();
    assert_eq!(core, xtask::fuzz::seeds::ISA_ORDER);
}
