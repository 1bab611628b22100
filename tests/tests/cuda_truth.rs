//! The reference interpreter of the CUDA C subset against a real GPU:
//! every kernel of `tests/gpu/cuda/*.cu` (generated kernels and the CUDA
//! examples, written out by `record-cuda-truth`) is built with nvcc for
//! sm_90 and run as one warp on an NVIDIA GPU by `tests/gpu/cuda/record.sh`,
//! which keeps what it printed in the matching `h200-*.out`. Here each
//! kernel runs through
//! `warpscope_e2e::cuda_ref` and must print the same lines: lane by lane,
//! in each lane's own order, for the generated kernels (whose every line
//! starts with `[lane] `); as the same set of lines for the examples.

use std::collections::BTreeMap;
use warpscope_e2e::cuda_ref;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/gpu/cuda");

/// The kernels of a recorded program: case number → kernel text.
fn cases(cu: &str) -> BTreeMap<usize, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<(usize, String)> = None;
    for line in cu.lines() {
        let next = line
            .strip_prefix("// case ")
            .and_then(|r| r.split(' ').next()?.parse().ok());
        if next.is_some() || line.starts_with("int main()") {
            if let Some((c, text)) = current.take() {
                out.insert(c, text);
            }
        }
        if let Some(c) = next {
            current = Some((c, String::new()));
        } else if let Some((_, text)) = current.as_mut() {
            // The launcher's `#define kNNNN name` is not part of the kernel.
            if !line.starts_with("#define ") {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    out
}

/// What the GPU printed: case number → its lines.
fn outputs(out: &str, file: &str) -> BTreeMap<usize, Vec<String>> {
    assert!(
        out.lines().any(|l| l == "== end"),
        "{file}: the GPU run did not finish (no `== end` line)"
    );
    let mut map = BTreeMap::new();
    let mut current = None;
    for line in out.lines() {
        if let Some(c) = line.strip_prefix("== case ") {
            let c: usize = c
                .parse()
                .unwrap_or_else(|_| panic!("{file}: bad line {line}"));
            map.insert(c, Vec::new());
            current = Some(c);
        } else if line.starts_with("== ") {
            assert_eq!(line, "== end", "{file}");
            current = None;
        } else {
            let c = current.unwrap_or_else(|| panic!("{file}: a line before any case: {line}"));
            map.get_mut(&c).expect("the case").push(line.to_string());
        }
    }
    map
}

/// Each lane's lines from lines tagged `[lane] `.
fn by_tag(lines: &[String]) -> Result<[Vec<String>; 32], String> {
    let mut out: [Vec<String>; 32] = std::array::from_fn(|_| Vec::new());
    for l in lines {
        let lane = l
            .strip_prefix('[')
            .and_then(|r| r.split(']').next())
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n < 32)
            .ok_or_else(|| format!("a line without a lane tag: {l:?}"))?;
        out[lane].push(l.clone());
    }
    Ok(out)
}

fn lines_of(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

/// Compares one recorded program; returns the number of kernels checked
/// and a description of each disagreement.
fn check(name: &str, tagged: bool) -> (usize, Vec<String>) {
    let cu = std::fs::read_to_string(format!("{DIR}/{name}.cu")).expect("the program");
    let out = std::fs::read_to_string(format!("{DIR}/h200-{name}.out")).expect("the GPU's output");
    let (cases, outputs) = (cases(&cu), outputs(&out, name));
    assert_eq!(
        cases.keys().collect::<Vec<_>>(),
        outputs.keys().collect::<Vec<_>>(),
        "{name}: the cases run"
    );
    let mut bad = Vec::new();
    for (c, src) in &cases {
        let gpu = &outputs[c];
        let prints = match cuda_ref::run(src) {
            Ok(p) => p,
            Err(e) => {
                bad.push(format!(
                    "{name} case {c}: the interpreter stops: {e}\n{src}"
                ));
                continue;
            }
        };
        let mine = cuda_ref::per_lane(&prints);
        let differs = if tagged {
            match by_tag(gpu) {
                Ok(theirs) => (0..32)
                    .find(|&l| lines_of(&mine[l]) != theirs[l])
                    .map(|l| (format!("lane {l}"), lines_of(&mine[l]), theirs[l].clone())),
                Err(e) => Some((e, vec![], vec![])),
            }
        } else {
            let mut a: Vec<String> = mine.iter().flat_map(|t| lines_of(t)).collect();
            let mut b = gpu.clone();
            a.sort();
            b.sort();
            (a != b).then(|| ("the lines".to_string(), a, b))
        };
        if let Some((what, a, b)) = differs {
            bad.push(format!(
                "{name} case {c}, {what}:\n  interpreter: {a:?}\n  GPU:         {b:?}\n{src}"
            ));
        }
    }
    (cases.len(), bad)
}

#[test]
#[ignore = "no recording yet: tests/gpu/cuda/README.md says how to make one on a machine with an NVIDIA GPU"]
fn the_interpreter_prints_what_the_gpu_printed() {
    let mut names: Vec<String> = std::fs::read_dir(DIR)
        .expect("tests/gpu/cuda")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| Some(n.strip_prefix("h200-")?.strip_suffix(".out")?.to_string()))
        .collect();
    names.sort();
    assert!(
        names.iter().any(|n| n == "examples"),
        "the examples' recording is missing: {names:?}"
    );
    assert!(
        names.iter().filter(|n| n.starts_with("random-")).count() >= 1,
        "no generated kernels' recording: {names:?}"
    );
    let (mut total, mut bad) = (0, Vec::new());
    for n in &names {
        let (k, b) = check(n, n != "examples");
        total += k;
        bad.extend(b);
    }
    assert!(total >= 100, "only {total} kernels recorded");
    assert!(
        bad.is_empty(),
        "{} of {total} kernels differ:\n{}",
        bad.len(),
        bad.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}
