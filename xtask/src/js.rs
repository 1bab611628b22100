//! `cargo xtask js`: the JavaScript package (the `warpscope-js` crate in
//! `js/`) built by wasm-pack for the web (`js/pkg/web`, an ES module) and for
//! Node (`js/pkg/node`, CommonJS), each with its TypeScript declarations;
//! and, for `cargo xtask test` and `cargo xtask js --test`, its Node test
//! suite (`js/tests/*.test.*`, node's built-in runner) and the TypeScript
//! check (`tsc --noEmit -p js/tsconfig.json`).

use crate::bundle;
use crate::setup::{self, Toolchain};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// wasm-pack targets and their output folders (relative to `js/`).
pub const TARGETS: [(&str, &str); 2] = [("web", "pkg/web"), ("nodejs", "pkg/node")];

/// Builds both packages (release, size-optimised, wasm-opt when present)
/// and prints the wasm's size.
pub fn build(root: &Path, tc: &Toolchain) -> Result<(), String> {
    for (i, (target, out)) in TARGETS.iter().enumerate() {
        let t = setup::step(
            i + 1,
            TARGETS.len(),
            &format!("wasm-pack --target {target}"),
        );
        setup::run(&mut bundle::wasm_pack(root, tc, ("js", &[]), target, out))?;
        let wasm = root.join("js").join(out).join("warpscope_bg.wasm");
        let how = bundle::optimise(tc, &wasm, false)?;
        setup::done(t, &format!("built js/{out} (wasm-opt: {how})"));
    }
    let (raw, gz) = bundle::sizes(&root.join("js/pkg/web/warpscope_bg.wasm"))?;
    println!(
        "package size: warpscope_bg.wasm {:.1} KB raw, {:.1} KB gzip",
        raw as f64 / 1000.0,
        gz as f64 / 1000.0
    );
    Ok(())
}

/// Test counts from node's test runner.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct NodeCounts {
    /// Tests that passed.
    pub pass: u64,
    /// Tests that failed.
    pub fail: u64,
}

/// Reads node's TAP summary lines (`# pass N`, `# fail N`) into `counts`.
pub fn count_line(line: &str, counts: &mut NodeCounts) {
    let mut words = line.split_whitespace();
    if words.next() != Some("#") {
        return;
    }
    let (Some(kind), Some(n), None) = (words.next(), words.next(), words.next()) else {
        return;
    };
    let Ok(n) = n.parse::<u64>() else { return };
    match kind {
        "pass" => counts.pass += n,
        "fail" => counts.fail += n,
        _ => {}
    }
}

/// The Node test files, sorted.
fn test_files(root: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = root.join("js/tests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            [".test.js", ".test.mjs", ".test.cjs"]
                .iter()
                .any(|ext| name.ends_with(ext))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no *.test.js/mjs/cjs files in {}", dir.display()));
    }
    Ok(files)
}

/// Runs the Node suite on the built package, echoing its output; returns
/// the counts and whether node succeeded.
pub fn node_tests(root: &Path) -> (NodeCounts, Result<(), String>) {
    let mut counts = NodeCounts::default();
    let files = match test_files(root) {
        Ok(f) => f,
        Err(e) => return (counts, Err(e)),
    };
    let child = Command::new("node")
        .current_dir(root)
        .args(["--test", "--test-reporter=tap"])
        .args(&files)
        .stdout(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return (counts, Err(format!("cannot start node: {e}"))),
    };
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            println!("{line}");
            count_line(&line, &mut counts);
        }
    }
    let r = match child.wait() {
        Ok(st) if st.success() => Ok(()),
        Ok(st) => Err(format!("node --test: {st}; {} failed", counts.fail)),
        Err(e) => Err(e.to_string()),
    };
    (counts, r)
}

/// `tsc --noEmit -p js/tsconfig.json`: the declarations wasm-pack wrote
/// describe what the example uses.
pub fn typecheck(root: &Path, tc: &Toolchain) -> Result<(), String> {
    let tsc = tc
        .tsc
        .as_ref()
        .ok_or("no tsc: npm is needed to install typescript")?;
    setup::run(
        Command::new(tsc)
            .current_dir(root)
            .args(["--noEmit", "-p", "js/tsconfig.json"]),
    )?;
    println!("tsc --noEmit -p js/tsconfig.json: no errors");
    Ok(())
}

/// Builds the package, runs the Node suite and the TypeScript check.
/// Returns the Node counts and the first failure, if any.
pub fn build_and_test(root: &Path, tc: &Toolchain) -> (NodeCounts, Result<(), String>) {
    if let Err(e) = build(root, tc) {
        return (NodeCounts::default(), Err(e));
    }
    let (counts, tests) = node_tests(root);
    let types = typecheck(root, tc).map_err(|e| format!("tsc: {e}"));
    (counts, tests.and(types))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_tap_summary() {
        let mut c = NodeCounts::default();
        for line in [
            "ok 1 - assemble # SKIP",
            "# tests 12",
            "# pass 11",
            "# fail 1",
            "# passing 3 words",
            "not ok 2 - # pass 5",
        ] {
            count_line(line, &mut c);
        }
        assert_eq!(c, NodeCounts { pass: 11, fail: 1 });
    }
}
