//! Core's CUDA front end against the two models of the subset in this
//! crate: every generated kernel is inside the subset, so core must accept
//! it, and give a tree in which every conversion is explicit; and a
//! program the reference interpreter refuses as outside the subset, core
//! must refuse too.

use crate::{cuda_gen, cuda_ref};
use warpscope_core::cuda::ast::{
    BinOp, Expr, ExprKind, Intrinsic, Kernel, PrintArg, Stmt, StmtKind, Ty, UnOp,
};
use warpscope_core::cuda::parse_and_check;
use warpscope_core::diag::render_one;

/// How many generated kernels the acceptance test reads.
const KERNELS: u64 = 2_500;

#[test]
fn core_accepts_every_generated_kernel() {
    let mut refused = Vec::new();
    for seed in 0..KERNELS {
        let src = cuda_gen::kernel(seed, "generated");
        match parse_and_check(&src) {
            Ok(k) => k.body.iter().for_each(|s| well_typed_stmt(&k, s)),
            Err(errs) => {
                let first = render_one(&errs[0], &format!("seed {seed}"), &src);
                refused.push(first);
            }
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

/// The typed tree's promises, which a lowering relies on: every operator
/// sees operands of the types [`BinOp`] and [`UnOp`] document, so no
/// conversion is left implicit.
fn well_typed(k: &Kernel, e: &Expr) {
    let var = |id: &warpscope_core::cuda::ast::VarId| k.vars[id.0].ty;
    let ok = match &e.kind {
        ExprKind::Const(v) => e.ty != Ty::Bool || *v <= 1,
        ExprKind::Var(id) => var(id) == e.ty,
        ExprKind::Lane => e.ty == Ty::Unsigned,
        ExprKind::Input(_) => e.ty == Ty::Unsigned || e.ty == Ty::Bool,
        ExprKind::Convert(x) => x.ty != e.ty,
        ExprKind::Unary(UnOp::LogicNot, x) => x.ty == Ty::Bool && e.ty == Ty::Bool,
        ExprKind::Unary(op, x) => {
            x.ty == e.ty && e.ty != Ty::Bool && (*op == UnOp::Neg || e.ty != Ty::Float)
        }
        ExprKind::Binary(op, a, b) => binary_typed(*op, a.ty, b.ty, e.ty),
        ExprKind::Logic(_, a, b) => [a.ty, b.ty, e.ty] == [Ty::Bool; 3],
        ExprKind::Cond(c, a, b) => c.ty == Ty::Bool && a.ty == e.ty && b.ty == e.ty,
        ExprKind::Assign(id, x) => var(id) == e.ty && x.ty == e.ty,
        ExprKind::Step { var: id, .. } => var(id) == e.ty && e.ty != Ty::Bool,
        ExprKind::Intrinsic(which, args) => intrinsic_typed(*which, args, e.ty),
        ExprKind::MatchAll { mask, pred, .. } => {
            mask.ty == Ty::Unsigned && var(pred) == Ty::Int && e.ty == Ty::Unsigned
        }
    };
    assert!(ok, "badly typed: {e:?}");
    let kids: Vec<&Expr> = match &e.kind {
        ExprKind::Convert(x) | ExprKind::Unary(_, x) | ExprKind::Assign(_, x) => vec![x],
        ExprKind::Binary(_, a, b) | ExprKind::Logic(_, a, b) => vec![a, b],
        ExprKind::Cond(a, b, c) => vec![a, b, c],
        ExprKind::Intrinsic(_, args) => args.iter().collect(),
        ExprKind::MatchAll { mask, value, .. } => vec![mask, value],
        _ => Vec::new(),
    };
    kids.into_iter().for_each(|x| well_typed(k, x));
}

/// Shifts: an integer of the result's type by an integer; comparisons:
/// two operands of one type, a `bool`; the rest: all three alike.
fn binary_typed(op: BinOp, a: Ty, b: Ty, result: Ty) -> bool {
    let number = |t: Ty| t != Ty::Bool;
    match op {
        BinOp::Shl | BinOp::Shr => a == result && a.is_integer() && b.is_integer(),
        _ if op.is_comparison() => a == b && number(a) && result == Ty::Bool,
        _ => a == b && b == result && number(a),
    }
}

/// The mask of a `_sync` intrinsic is `unsigned`, and so on.
fn intrinsic_typed(which: Intrinsic, args: &[Expr], result: Ty) -> bool {
    let first_is_mask = !matches!(
        which,
        Intrinsic::Popc | Intrinsic::Ffs | Intrinsic::Brev | Intrinsic::Clz | Intrinsic::ActiveMask
    );
    let mask_ok = !first_is_mask || args.first().is_some_and(|m| m.ty == Ty::Unsigned);
    let shuffle = matches!(
        which,
        Intrinsic::Shfl | Intrinsic::ShflUp | Intrinsic::ShflDown | Intrinsic::ShflXor
    );
    let value_ok = !shuffle || (args.len() == 4 && args[1].ty == result && args[3].ty == Ty::Int);
    mask_ok && value_ok && result != Ty::Bool
}

fn well_typed_stmt(k: &Kernel, s: &Stmt) {
    let cond = |c: &Expr| {
        assert_eq!(c.ty, Ty::Bool, "{c:?}");
        well_typed(k, c);
    };
    match &s.kind {
        StmtKind::Decl(id, init) => init.iter().for_each(|e| {
            assert_eq!(e.ty, k.vars[id.0].ty);
            well_typed(k, e);
        }),
        StmtKind::Expr(e) => well_typed(k, e),
        StmtKind::SyncWarp(m) => assert_eq!(m.ty, Ty::Unsigned),
        StmtKind::Output(_, v) => {
            assert!(v.ty == Ty::Unsigned || v.ty == Ty::Bool, "{v:?}");
            well_typed(k, v);
        }
        StmtKind::Printf(_, args) => args.iter().for_each(|a| {
            if let PrintArg::Value(e) = a {
                assert_ne!(e.ty, Ty::Bool);
                well_typed(k, e);
            }
        }),
        StmtKind::Block(b) => b.iter().for_each(|s| well_typed_stmt(k, s)),
        StmtKind::If(c, a, b) => {
            cond(c);
            well_typed_stmt(k, a);
            b.iter().for_each(|s| well_typed_stmt(k, s));
        }
        StmtKind::While(c, b) | StmtKind::DoWhile(b, c) => {
            cond(c);
            well_typed_stmt(k, b);
        }
        StmtKind::For {
            init,
            cond: c,
            step,
            body,
        } => {
            init.iter().for_each(|s| well_typed_stmt(k, s));
            c.iter().for_each(cond);
            step.iter().for_each(|e| well_typed(k, e));
            well_typed_stmt(k, body);
        }
        StmtKind::Break | StmtKind::Continue | StmtKind::Return | StmtKind::Empty => {}
    }
}
