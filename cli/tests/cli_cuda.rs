//! End-to-end tests of `warpscope asm` and `warpscope run` on CUDA C
//! kernels: a `.cu` file or `--lang cuda` compiles to w128.

mod common;

use common::{dir_with, succeed, text, warpscope};
use serde_json::Value;

const KERNEL: &str = "\
__global__ void k()
{
    int v = threadIdx.x;
    v += __shfl_xor_sync(0xffffffff, v, 1);
    if (threadIdx.x < 2)
        printf(\"lane %d: %d\\n\", threadIdx.x, v);
}
";

#[test]
fn run_prints_what_each_lane_prints() {
    let out = succeed(&["run", "--lang", "cuda"], KERNEL);
    assert_eq!(text(&out.stdout), "lane 0: 1\nlane 1: 1\n");
}

#[test]
fn a_cu_file_is_cuda_and_asm_heads_each_line_with_its_source() {
    let dir = dir_with("cuda", &[("k.cu", KERNEL)]);
    let path = dir.join("k.cu");
    let out = succeed(&["asm", path.to_str().unwrap()], "");
    let listing = text(&out.stdout);
    let at = |s: &str| {
        listing
            .find(s)
            .unwrap_or_else(|| panic!("{s} missing:\n{listing}"))
    };
    assert!(
        at("// 4: v += __shfl_xor_sync(0xffffffff, v, 1);") < at("SHFL.BFLY PT, R2, R0, 0x1, 0x1f")
    );
    assert!(at("// 5: if (threadIdx.x < 2)") < at("ISETP.LT.AND"));
    // the closing brace is where the kernel exits
    assert!(at("// 7: }") < at("EXIT"));
    let out = succeed(&["run", path.to_str().unwrap()], "");
    assert_eq!(text(&out.stdout), "lane 0: 1\nlane 1: 1\n");
}

#[test]
fn run_json_adds_the_printed_lines() {
    let out = succeed(&["run", "--json", "--lang", "cuda"], KERNEL);
    let v: Value = serde_json::from_str(&text(&out.stdout)).expect("JSON");
    assert_eq!(v["status"], "exited");
    assert_eq!(v["printf"][1]["lane"], 1);
    assert_eq!(v["printf"][1]["text"], "lane 1: 1\n");
    assert_eq!(v["regs"]["R0"][3], 5);
}

#[test]
fn a_kernel_outside_the_subset_is_a_located_error() {
    let out = warpscope(
        &["run", "--lang", "cuda"],
        "__global__ void k()\n{\n    int *p;\n}\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("<stdin>:3:"), "{err}");
    assert!(err.contains("not in the cuda subset"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn cuda_compiles_to_w128_only() {
    let out = warpscope(&["asm", "--isa", "sm50", "--lang", "cuda"], KERNEL);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("w128 only"));
}

#[test]
fn a_kernel_that_never_ends_says_so() {
    let src = "__global__ void k()\n{\n    while (true) { }\n}\n";
    let out = warpscope(&["run", "--lang", "cuda", "--max-steps", "100"], src);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("did not finish (step_limit)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn isa_cuda_points_to_lang_cuda() {
    let out = warpscope(&["asm", "--isa", "cuda"], KERNEL);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--lang cuda"),
        "{}",
        text(&out.stderr)
    );
}
