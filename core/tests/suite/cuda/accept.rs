//! Kernels of the subset are accepted, with the types docs/cuda.md gives.

use std::path::Path;
use warpscope_core::cuda::ast::{ExprKind, Kernel, Stmt, StmtKind, Ty};
use warpscope_core::cuda::parse_and_check;

fn ok(src: &str) -> Kernel {
    match parse_and_check(src) {
        Ok(k) => k,
        Err(e) => panic!("`{src}` refused: {e:#?}"),
    }
}

/// A kernel named `k` around `body`.
fn kernel(body: &str) -> String {
    format!("__global__ void k()\n{{\n{body}\n}}\n")
}

#[test]
fn every_example_is_accepted() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/cuda");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("examples/cuda") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "cu") {
            let src = std::fs::read_to_string(&path).expect("read");
            let k = ok(&src);
            assert_eq!(
                Some(k.name.as_str()),
                path.file_stem().and_then(|s| s.to_str())
            );
            n += 1;
        }
    }
    assert_eq!(n, 6, "the six examples");
}

/// The initialiser of the first declaration in `k`.
fn first_init(k: &Kernel) -> &warpscope_core::cuda::ast::Expr {
    match &k.body[0].kind {
        StmtKind::Decl(_, Some(e)) => e,
        other => panic!("not a declaration: {other:?}"),
    }
}

#[test]
fn usual_arithmetic_conversions_are_explicit() {
    let k = ok(&kernel("int a = threadIdx.x - 1;"));
    let init = first_init(&k);
    // `threadIdx.x - 1` is unsigned: the 1 becomes unsigned, the result int.
    assert_eq!(init.ty, Ty::Int);
    let ExprKind::Convert(sub) = &init.kind else {
        panic!("{init:?}")
    };
    assert_eq!(sub.ty, Ty::Unsigned);
    let ExprKind::Binary(_, lane, one) = &sub.kind else {
        panic!("{sub:?}")
    };
    assert_eq!(lane.kind, ExprKind::Lane);
    assert!(matches!(&one.kind, ExprKind::Convert(c) if c.ty == Ty::Int));
}

#[test]
fn bool_promotes_and_float_wins() {
    let k = ok(&kernel("bool b = true; float f = b + 1.5f;"));
    let StmtKind::Decl(_, Some(e)) = &k.body[1].kind else {
        panic!()
    };
    assert_eq!(e.ty, Ty::Float);
    let ExprKind::Binary(_, l, _) = &e.kind else {
        panic!("{e:?}")
    };
    // bool -> int -> float: two explicit conversions.
    let ExprKind::Convert(i) = &l.kind else {
        panic!("{l:?}")
    };
    assert_eq!(i.ty, Ty::Int);
    assert!(matches!(i.kind, ExprKind::Convert(_)));
}

#[test]
fn shadowing_makes_a_new_variable() {
    let k = ok(&kernel("int x = 1; { float x = 2.f; x += 1.f; } x++;"));
    assert_eq!(k.vars.len(), 2);
    assert_eq!((k.vars[0].ty, k.vars[1].ty), (Ty::Int, Ty::Float));
    let StmtKind::Expr(e) = &k.body[2].kind else {
        panic!()
    };
    assert!(matches!(e.kind, ExprKind::Step { var, .. } if var.0 == 0));
}

#[test]
fn declarations_of_several_names_are_split() {
    let k = ok(&kernel("unsigned int a = 1, b, c = a;"));
    let decls: Vec<&Stmt> = k.body.iter().collect();
    assert_eq!(decls.len(), 3);
    assert!(k.vars.iter().all(|v| v.ty == Ty::Unsigned));
}

#[test]
fn constants_and_intrinsics_of_the_subset() {
    for body in [
        "int a = 7 / 2 * -3 % 4;",
        "unsigned u = 0xffffffff; u >>= 31; u <<= (3 + 4);",
        "int a = threadIdx.x; a /= (1 << 3); a %= 16;",
        "float f = 3.f / 4.f; f /= 0.5f; f = -f * 1e-3f;",
        "int w = warpSize + blockDim.x + blockIdx.x + gridDim.x + threadIdx.y;",
        "unsigned m = __activemask(); int v = __shfl_down_sync(m, 1, 2, 8);",
        "float f = __shfl_sync(0xffffffff, 1.5f, 0); unsigned r = __reduce_or_sync(0xffffffff, 3u);",
        "int p; unsigned m = __match_all_sync(0xffffffff, threadIdx.x, &p);",
        "int a = __reduce_max_sync(0xffffffffu, -1) + __uni_sync(0xffffffff, 1 > 0);",
        "unsigned b = __brev(1) + __ffs(8) + __clz(1) + __popc(7);",
        "__syncwarp(); __syncwarp(0xffffffff);",
        "printf(\"%-4d|%+.3f|%08x|%c|%s|%%|%e\\n\", 1, 1.f, 2u, 'A', threadIdx.x < 3 ? \"a\" : \"b\", 2.f);",
        "printf(\"a\" \"b %d\\n\", true);",
        "for (;;) { break; } for (int i = 0; i < 3; i++) continue;",
        "int i = 0; do { i++; } while (i < 4); while (i) i--; if (i) return; else ;",
        "bool b = !threadIdx.x && (1.f || false); int c = b ? 1 : 2u; c = c = 3;",
        "int c = (int)3.7f + (unsigned)(bool)-1 + (float)2 + 'x';",
        "int a = 1; a = a ^ ~a | a & 5; a = a == 1 != 0;",
    ] {
        ok(&kernel(body));
    }
}

#[test]
fn includes_and_void_parameters() {
    ok("#include <cstdio>\n  #include \"x.h\"\n__global__ void k(void) { }\n");
    ok("/* a */ __global__ void k() { } ; // trailing\n");
}

#[test]
fn words_are_classified_from_the_front_ends_own_lists() {
    use warpscope_core::cuda::{word, Word};
    for w in [
        "__shfl_xor_sync",
        "__popc",
        "printf",
        "__syncwarp",
        "threadIdx",
        "warpSize",
    ] {
        assert_eq!(word(w), Word::Builtin, "{w}");
    }
    for w in ["int", "unsigned", "double", "__shared__"] {
        assert_eq!(word(w), Word::Type, "{w}");
    }
    for w in ["for", "return", "true", "__global__", "switch"] {
        assert_eq!(word(w), Word::Keyword, "{w}");
    }
    for w in ["v", "lane", "__not_an_intrinsic"] {
        assert_eq!(word(w), Word::Name, "{w}");
    }
}
