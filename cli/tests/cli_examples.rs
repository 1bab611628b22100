//! The command line's output on every program in `examples/`, byte for
//! byte, against the recorded output in `tests/golden/`: `asm`, `dis` of
//! the words `asm` printed, `run --json` and `link encode`. A change inside
//! core that is meant to keep behaviour must keep these files unchanged.
//!
//! To record the output again after a deliberate change, run the test with
//! `WARPSCOPE_BLESS=1` and review the diff of `tests/golden/`.

mod common;

use common::{text, warpscope};
use std::path::{Path, PathBuf};

fn examples() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut out = Vec::new();
    for isa in ["w128", "sm50", "gfx9"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(isa))
            .expect("examples/ has a folder per ISA")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "s"))
            .collect();
        files.sort();
        out.extend(files.into_iter().map(|p| (isa.to_string(), p)));
    }
    out
}

/// Compares `got` with the golden file `name`, or records it when
/// `WARPSCOPE_BLESS` is set. Returns a description of a mismatch.
fn compare(name: &str, got: &str) -> Option<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("WARPSCOPE_BLESS").is_some() {
        std::fs::write(&path, got).expect("golden file written");
        return None;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    (want != got).then(|| {
        let line = want
            .lines()
            .zip(got.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(want.lines().count().min(got.lines().count()));
        format!(
            "{name}: output differs from tests/golden/{name} at line {}",
            line + 1
        )
    })
}

#[test]
fn every_example_prints_exactly_the_recorded_output() {
    let mut diffs = Vec::new();
    let all = examples();
    assert!(all.len() >= 17, "examples/ holds the bundled programs");
    for (isa, path) in all {
        let src = std::fs::read_to_string(&path).expect("example readable");
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let base = format!("{isa}.{stem}");

        let asm = warpscope(&["asm", "--isa", &isa], &src);
        assert_eq!(asm.status.code(), Some(0), "{base}: {}", text(&asm.stderr));
        let asm_out = text(&asm.stdout);
        diffs.extend(compare(&format!("{base}.asm.txt"), &asm_out));

        let dis = warpscope(&["dis", "--isa", &isa], &asm_out);
        let dis_out = format!("{}{}", text(&dis.stdout), text(&dis.stderr));
        diffs.extend(compare(&format!("{base}.dis.txt"), &dis_out));

        let run = warpscope(&["run", "--isa", &isa, "--json"], &src);
        diffs.extend(compare(&format!("{base}.run.json"), &text(&run.stdout)));

        let link = warpscope(&["link", "encode", "--isa", &isa], &src);
        diffs.extend(compare(&format!("{base}.link.txt"), &text(&link.stdout)));
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}
