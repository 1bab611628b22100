//! Core's CUDA front end against the two models of the subset in this
//! crate: every generated kernel is inside the subset, so core must accept
//! it; and a program the reference interpreter refuses as outside the
//! subset, core must refuse too.

use crate::{cuda_gen, cuda_ref};
use warpscope_core::cuda::parse_and_check;
use warpscope_core::diag::render_one;

/// How many generated kernels the acceptance test reads.
const KERNELS: u64 = 2_500;

#[test]
fn core_accepts_every_generated_kernel() {
    let mut refused = Vec::new();
    for seed in 0..KERNELS {
        let src = cuda_gen::kernel(seed, "generated");
        if let Err(errs) = parse_and_check(&src) {
            let first = render_one(&errs[0], &format!("seed {seed}"), &src);
            refused.push(first);
        }
    }
    assert!(
        refused.is_empty(),
        "{} of {KERNELS} generated kernels refused, the first:\n{}",
        refused.len(),
        refused.first().map_or("", |s| s.as_str())
    );
}

/// Bodies outside the subset, as both models must see them. (`~` of a
/// `float` is left out: the interpreter reports it when it runs, as
/// undefined, where core refuses it as a type error.)
const OUTSIDE: &[&str] = &[
    "int *p;",
    "int a[4];",
    "__shared__ int s;",
    "double d = 1;",
    "float f = 1.5;",
    "long x = 1;",
    "short x = 1;",
    "char c = 'a';",
    "signed x = 1;",
    "auto x = 1;",
    "struct S s;",
    "int a = 1; int *b = &a;",
    "int a = 1; a[0] = 2;",
    "switch (1) { }",
    "goto end;",
    "return 1;",
    "int a = 1 @ 2;",
    "int a = 017;",
    "int a = 3000000000;",
    "int a = 0x1ffffffff;",
    "int a = 1",
    "if (1 { }",
    "int a = 'ab';",
    "int a = '\\q';",
    "printf(\"abc);",
    "/* open",
    "int a = x;",
    "int a = f(1);",
    "int a = __nope_sync(0xffffffff, 1);",
    "int a = __popc(1, 2);",
    "int a = threadIdx.w;",
    "3 = 4;",
    "bool b = true; b++;",
    "float f = 1.f % 2.f;",
    "float f = 1.f << 2;",
    "printf(\"%d\\n\", 1.f);",
    "printf(\"%f\\n\", 1);",
    "printf(\"%d %d\\n\", 1);",
    "printf(\"%d\\n\", 1, 2);",
    "printf(\"%q\\n\", 1);",
    "int a = 1; printf(a);",
    "int a = \"x\";",
    "int a = __reduce_add_sync(0xffffffff, 1.f);",
    "float p; __match_all_sync(0xffffffff, 1, &p);",
];

/// Whole files outside the subset.
const OUTSIDE_FILES: &[&str] = &[
    "__global__ void k(int n) { }",
    "__global__ int k() { }",
    "void k() { }",
    "__global__ void k() { }\n__global__ void j() { }",
    "__global__ void k() {",
    "",
];

#[test]
fn both_models_refuse_what_is_outside_the_subset() {
    let files = OUTSIDE
        .iter()
        .map(|b| format!("__global__ void k()\n{{\n{b}\n}}\n"))
        .chain(OUTSIDE_FILES.iter().map(|s| s.to_string()));
    let mut disagree = Vec::new();
    for src in files {
        let reference = cuda_ref::run(&src);
        let refused_by_ref = matches!(
            &reference,
            Err(e) if matches!(e.kind, cuda_ref::Kind::Syntax | cuda_ref::Kind::Unsupported)
        );
        let refused_by_core = parse_and_check(&src).is_err();
        if !(refused_by_ref && refused_by_core) {
            disagree.push(format!(
                "{src:?}: reference {:?}, core refused {refused_by_core}",
                reference.err()
            ));
        }
    }
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
}
