//! The reference interpreter of the CUDA C subset against a real GPU:
//! every kernel of `tests/gpu/cuda/*.cu` (generated kernels and the CUDA
//! examples, written out by `record-cuda-truth`) is built with nvcc for
//! sm_90 and run as one warp on an NVIDIA GPU by `tests/gpu/cuda/record.sh`,
//! which keeps what it printed in the matching `h200-*.out`. Here each
//! kernel runs through
//! `warpscope_e2e::cuda_ref` and must print the same lines: lane by lane,
//! in each lane's own order, for the generated kernels (whose every line
//! starts with `[lane] `); as the same set of lines for the examples.
//! The comparison is itself tested on output made up from the
//! interpreter's prints, so it is known to catch a wrong line before any
//! recording exists.

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

/// Compares one recorded program (its text and what the GPU printed);
/// returns the number of kernels checked and a description of each
/// disagreement.
fn compare(name: &str, cu: &str, out: &str, tagged: bool) -> (usize, Vec<String>) {
    let (cases, outputs) = (cases(cu), outputs(out, name));
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

/// Every recording in tests/gpu/cuda. Until one is made on a machine with
/// a GPU (tests/gpu/cuda/README.md) there is none, and this checks
/// nothing; the comparison itself is tested below on made-up output.
#[test]
fn the_interpreter_prints_what_the_gpu_printed() {
    let mut names: Vec<String> = std::fs::read_dir(DIR)
        .expect("tests/gpu/cuda")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| Some(n.strip_prefix("h200-")?.strip_suffix(".out")?.to_string()))
        .collect();
    names.sort();
    if names.is_empty() {
        eprintln!("no GPU recording in tests/gpu/cuda yet");
        return;
    }
    let (mut total, mut bad) = (0, Vec::new());
    for n in &names {
        let cu = std::fs::read_to_string(format!("{DIR}/{n}.cu")).expect("the recorded program");
        let out = std::fs::read_to_string(format!("{DIR}/h200-{n}.out")).expect("the GPU's output");
        let (k, b) = compare(n, &cu, &out, n != "examples");
        total += k;
        bad.extend(b);
    }
    assert!(
        bad.is_empty(),
        "{} of {total} kernels differ:\n{}",
        bad.len(),
        bad.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// A recording as a GPU run would write it, made from the interpreter's
/// own prints: the cases' program and output, each lane's lines in its
/// order but the lanes in reverse (as a GPU may interleave them).
fn made_up(kernels: &[String]) -> (String, String) {
    let (mut cu, mut out) = (String::new(), String::new());
    for (c, k) in kernels.iter().enumerate() {
        cu.push_str(&format!("// case {c} (made up)\n{k}\n"));
        out.push_str(&format!("== case {c}\n"));
        let mut prints = cuda_ref::run(k).expect("a defined kernel");
        prints.sort_by_key(|p| std::cmp::Reverse(p.lane));
        for p in prints {
            out.push_str(&p.text);
        }
    }
    cu.push_str("int main()\n{\n}\n");
    out.push_str("== end\n");
    (cu, out)
}

#[test]
fn the_comparison_ignores_the_order_between_lanes_and_catches_a_wrong_line() {
    let kernels: Vec<String> = (1..40)
        .map(|seed| warpscope_e2e::cuda_gen::kernel(seed, "k"))
        .filter(|k| cuda_ref::run(k).is_ok_and(|p| !p.is_empty()))
        .take(12)
        .collect();
    let (cu, out) = made_up(&kernels);
    assert_eq!(compare("made-up", &cu, &out, true), (kernels.len(), vec![]));
    // One wrong character in one lane's line is caught.
    let line = out
        .lines()
        .find(|l| l.starts_with("[7] "))
        .expect("lane 7 prints");
    let wrong = out.replacen(line, &format!("{line}!"), 1);
    assert_eq!(compare("made-up", &cu, &wrong, true).1.len(), 1);
    // Two lines of one lane in the other order are caught too.
    let lane7: Vec<&str> = out.lines().filter(|l| l.starts_with("[7] ")).collect();
    if lane7.len() >= 2 && lane7[0] != lane7[1] {
        let swapped = out
            .replacen(lane7[0], "\u{1}", 1)
            .replacen(lane7[1], lane7[0], 1)
            .replacen('\u{1}', lane7[1], 1);
        assert_eq!(compare("made-up", &cu, &swapped, true).1.len(), 1);
    }
    // The examples, compared as sets of lines.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/cuda");
    let mut examples: Vec<String> = std::fs::read_dir(dir)
        .expect("examples/cuda")
        .map(|e| std::fs::read_to_string(e.expect("an entry").path()).expect("a text"))
        .collect();
    examples.sort();
    let (cu, out) = made_up(&examples);
    assert_eq!(
        compare("examples", &cu, &out, false),
        (examples.len(), vec![])
    );
    let wrong = out.replacen("sum = 496", "sum = 495", 1);
    assert_eq!(compare("examples", &cu, &wrong, false).1.len(), 1);
}
