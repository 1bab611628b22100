//! Programs outside the subset: each refused with a message that names
//! what and why, at the line and column of the construct.

use warpscope_core::cuda::parse_and_check;
use warpscope_core::diag::line_col;

/// (line, column, message) of each error `src` gives.
fn errors_of(src: &str) -> Vec<(usize, usize, String)> {
    let Err(errs) = parse_and_check(src) else {
        panic!("`{src}` was accepted")
    };
    assert!(!errs.is_empty());
    errs.into_iter()
        .map(|d| {
            assert!(d.span.end <= src.len());
            assert!(!d.message().ends_with('.'), "{}", d.message());
            let lc = line_col(src, d.span.start);
            (lc.line, lc.col, d.message())
        })
        .collect()
}

/// A kernel whose body, from line 3 column 1, is `body`.
fn kernel(body: &str) -> String {
    format!("__global__ void k()\n{{\n{body}\n}}\n")
}

/// Bodies of kernels, the place of their first error, and a fragment of
/// its message.
const BODIES: &[(&str, usize, usize, &str)] = &[
    (
        "int *p;",
        3,
        1,
        "a pointer or reference type is not in the cuda subset",
    ),
    ("int a[4];", 3, 6, "an array is not in the cuda subset"),
    (
        "__shared__ int s;",
        3,
        1,
        "`__shared__` is not in the cuda subset",
    ),
    (
        "double d = 1;",
        3,
        1,
        "`double` is not in the cuda subset: the only floating type is float",
    ),
    (
        "float f = 1.5;",
        3,
        11,
        "the double `1.5` is not in the cuda subset",
    ),
    ("long x;", 3, 1, "`long` is not in the cuda subset"),
    (
        "int a = 1;\nint b = 7 / a;",
        4,
        13,
        "`/` by a value that is not a constant",
    ),
    ("int a = 9 % 0;", 3, 13, "`%` by zero is undefined"),
    ("int a = 1;\na /= 0;", 4, 6, "`/` by zero"),
    (
        "float f = 1.f / 3.f;",
        3,
        17,
        "`/` of a float by 3.0 is not in the cuda subset",
    ),
    (
        "float f = 1e39f;",
        3,
        11,
        "`1e39f` is too large for a float",
    ),
    (
        "float f = 1.f;\nf = f % 2.f;",
        4,
        5,
        "`%` does not apply to a `float`",
    ),
    ("int a = 1 << 32;", 3, 14, "a shift by 32 is undefined"),
    (
        "int a = 1 << (2 * 16);",
        3,
        15,
        "a shift by 32 is undefined",
    ),
    ("int a = 7 / (3 - 3);", 3, 14, "`/` by zero is undefined"),
    ("int a = 1 >> -1;", 3, 14, "a shift by -1 is undefined"),
    (
        "float f = 1.f << 2;",
        3,
        11,
        "`<<` does not apply to a `float`",
    ),
    ("int a = ~1.f;", 3, 9, "`~` does not apply to a `float`"),
    (
        "int a = f(1);",
        3,
        9,
        "a call of `f` is not in the cuda subset",
    ),
    ("k();", 3, 1, "a call of the kernel `k` itself"),
    ("goto end;", 3, 1, "`goto` is not in the cuda subset"),
    ("switch (1) { }", 3, 1, "`switch` is not in the cuda subset"),
    ("int a = x + 1;", 3, 9, "`x` is not declared"),
    (
        "int a; int a;",
        3,
        12,
        "`a` is already declared in this scope",
    ),
    ("{ int a; } a = 1;", 3, 12, "`a` is not declared"),
    ("int warpSize = 3;", 3, 5, "`warpSize` is reserved"),
    ("break;", 3, 1, "`break` outside a loop"),
    (
        "return 1;",
        3,
        1,
        "returning a value is not in the cuda subset",
    ),
    (
        "int a = __popc(1, 2);",
        3,
        9,
        "`__popc` takes 1 argument, not 2",
    ),
    (
        "int a = __shfl_sync(0xffffffff, 1);",
        3,
        9,
        "takes 3 or 4 arguments, not 2",
    ),
    (
        "int a = __shfl_sync(0xffffffff, 1, 0, 3);",
        3,
        39,
        "the width 3 is not a power of two",
    ),
    (
        "int a = __reduce_add_sync(0xffffffff, 1.f);",
        3,
        39,
        "takes an `int` or `unsigned` here",
    ),
    (
        "float p; __match_all_sync(0xffffffff, 1, &p);",
        3,
        42,
        "third argument must be `&` and an `int`",
    ),
    (
        "int a = 1; int *b = &a;",
        3,
        12,
        "a pointer or reference type",
    ),
    ("int a = 1; int b = &a;", 3, 20, "taking an address"),
    (
        "printf(\"%d\\n\", 1.f);",
        3,
        16,
        "`%d` does not print a float",
    ),
    ("printf(\"%f\\n\", 1);", 3, 16, "`%f` does not print an int"),
    ("printf(\"%d %d\\n\", 1);", 3, 8, "`%d` has no argument"),
    (
        "printf(\"%d\\n\", 1, 2);",
        3,
        19,
        "more arguments than its format",
    ),
    (
        "printf(\"%q\\n\", 1);",
        3,
        8,
        "`%q` is not a printf directive",
    ),
    ("printf(\"%s\\n\", 1);", 3, 16, "`%s` does not print an int"),
    (
        "printf(\"%d\\n\", \"x\");",
        3,
        16,
        "`%d` does not print a string",
    ),
    (
        "int a = 1;\nprintf(a);",
        4,
        8,
        "first argument must be a string literal",
    ),
    ("int a = printf(\"x\");", 3, 9, "`printf` gives no value"),
    (
        "int a = \"x\";",
        3,
        9,
        "a string here is not in the cuda subset",
    ),
    (
        "bool b = true; b++;",
        3,
        16,
        "`++` does not apply to a `bool`",
    ),
    ("3 = 4;", 3, 1, "`=` needs a variable on its left"),
    ("threadIdx.x += 1;", 3, 1, "`+=` needs a variable"),
    (
        "int a = threadIdx.w;",
        3,
        9,
        "`threadIdx` has no member `w`",
    ),
    ("int a = threadIdx;", 3, 9, "`threadIdx` is used without"),
    (
        "int a = 4294967296u;",
        3,
        9,
        "`4294967296u` is not in the cuda subset",
    ),
    (
        "int a = 3000000000;",
        3,
        9,
        "integer literals must fit in 32 bits",
    ),
    ("int a = 017;", 3, 9, "an octal literal"),
    (
        "int a = 1, b = 2; a = 1, b = 3;",
        3,
        24,
        "the comma operator",
    ),
    ("int a = sizeof(int);", 3, 9, "`sizeof`"),
    ("int a = 1 @ 2;", 3, 11, "`@` is not part of cuda c"),
    ("int a = 1", 4, 1, "expected `;`, found `}`"),
    ("if (1 { }", 3, 7, "expected `)`"),
    ("char c = 'a';", 3, 1, "`char` is not in the cuda subset"),
    (
        "int c = 'ab';",
        3,
        9,
        "a character literal holds exactly one character",
    ),
    ("int c = '\\q';", 3, 9, "the escape `\\q`"),
    ("printf(\"abc);", 3, 8, "not closed on its line"),
    ("/* open", 3, 1, "this comment is not closed"),
    (
        "#define N 4",
        3,
        1,
        "a preprocessor line is not in the cuda subset",
    ),
    ("int a = 1 # 2;", 3, 11, "`#` is not part of cuda c"),
];

#[test]
fn each_program_outside_the_subset_is_refused_where_and_why() {
    let mut wrong = Vec::new();
    for (body, line, col, msg) in BODIES {
        let src = kernel(body);
        let errs = errors_of(&src);
        let (l, c, m) = &errs[0];
        if !m.contains(msg) || (*l, *c) != (*line, *col) {
            wrong.push(format!("`{body}`: {l}:{c}: {m}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whole files: the kernel's shape.
const FILES: &[(&str, usize, usize, &str)] = &[
    ("", 1, 1, "expected a `__global__ void` kernel"),
    (
        "__global__ void k(int n) { }",
        1,
        19,
        "a kernel parameter is not in the cuda subset",
    ),
    (
        "__global__ int k() { }",
        1,
        12,
        "a kernel that is not `void`",
    ),
    ("void k() { }", 1, 1, "expected `__global__`"),
    (
        "__global__ void k() { }\n__global__ void j() { }",
        2,
        1,
        "a second function",
    ),
    (
        "__device__ int f() { return 1; }\n",
        1,
        1,
        "expected `__global__`",
    ),
    ("__global__ void k() {", 1, 21, "this `{` is not closed"),
];

#[test]
fn the_file_holds_one_kernel_without_parameters() {
    for (src, line, col, msg) in FILES {
        let errs = errors_of(src);
        let (l, c, m) = &errs[0];
        assert!(m.contains(msg), "`{src}`: message `{m}` lacks `{msg}`");
        assert_eq!((*l, *c), (*line, *col), "`{src}`: {m}");
    }
}

#[test]
fn several_errors_are_reported_at_once() {
    let src = kernel("int a = x;\nint *p;\nfloat f = 1.f % 2.f;\nint b = y + z;");
    let errs = errors_of(&src);
    let places: Vec<(usize, usize)> = errs.iter().map(|e| (e.0, e.1)).collect();
    // The syntax error stops the check; the parse finds one error.
    assert_eq!(places, [(4, 1)], "{errs:?}");
    let src = kernel("int a = x;\nfloat f = 1.f % 2.f;\nint b = y + z;\nbreak;");
    let errs = errors_of(&src);
    let places: Vec<(usize, usize)> = errs.iter().map(|e| (e.0, e.1)).collect();
    assert_eq!(
        places,
        [(3, 9), (4, 11), (5, 9), (5, 13), (6, 1)],
        "{errs:?}"
    );
    let src = kernel("int a = 1 +;\nint b = 2 *;\ngoto x;");
    assert_eq!(errors_of(&src).len(), 3);
}
