//! Core's CUDA compiler against the reference interpreter of this crate:
//! every generated kernel whose meaning is defined is compiled to w128,
//! run on the simulator, and must print what the interpreter prints, line
//! for line and in the same order.

use crate::{cuda_gen, cuda_ref};
use warpscope_core::cuda;
use warpscope_core::diag::render_one;
use warpscope_core::sim::RunStatus;

/// How many generated kernels one test run compares.
const KERNELS: u64 = 5_000;

/// The steps a compiled kernel may take.
const STEPS: u64 = 2_000_000;

/// The first difference between what core's compiled kernel printed and
/// what the interpreter printed, if any.
fn differs(src: &str, expected: &[cuda_ref::Print]) -> Option<String> {
    let compiled = match cuda::compile(src) {
        Ok(c) => c,
        Err(errs) => return Some(format!("refused:\n{}", render_one(&errs[0], "kernel", src))),
    };
    let out = cuda::run(&compiled, STEPS);
    if out.status != RunStatus::Exited {
        return Some(format!("ended {:?} after {} steps", out.status, out.steps));
    }
    let got: Vec<(u32, &str)> = out
        .prints
        .iter()
        .map(|p| (p.lane, p.text.as_str()))
        .collect();
    let want: Vec<(u32, &str)> = expected.iter().map(|p| (p.lane, p.text.as_str())).collect();
    if got == want {
        return None;
    }
    let at = got
        .iter()
        .zip(&want)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(want.len()));
    Some(format!(
        "print {at} of {} (interpreter) / {} (compiled): expected {:?}, got {:?}\n{}",
        want.len(),
        got.len(),
        want.get(at),
        got.get(at),
        compiled.asm
    ))
}

#[test]
fn compiled_kernels_print_what_the_interpreter_prints() {
    let mut compared = 0;
    let mut failures = Vec::new();
    for seed in 0..KERNELS {
        let src = cuda_gen::kernel(seed, "generated");
        let Ok(expected) = cuda_ref::run(&src) else {
            continue;
        };
        compared += 1;
        if let Some(why) = differs(&src, &expected) {
            failures.push(format!("seed {seed}:\n{src}\n{why}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {compared} kernels differ; the first:\n{}",
        failures.len(),
        failures[0]
    );
    assert!(
        compared > KERNELS * 9 / 10,
        "only {compared} kernels were defined"
    );
}

#[test]
fn the_examples_print_what_the_interpreter_prints() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/cuda");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("examples/cuda") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "cu") {
            let src = std::fs::read_to_string(&path).expect("read");
            let expected = cuda_ref::run(&src).expect("the interpreter runs the example");
            assert_eq!(differs(&src, &expected), None, "{}", path.display());
            n += 1;
        }
    }
    assert!(n >= 6);
}
