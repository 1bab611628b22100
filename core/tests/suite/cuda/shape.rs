//! The shape of the typed tree: C's precedence and associativity, the
//! explicit conversions of compound assignments, and spans on every node.

use warpscope_core::cuda::ast::{Expr, ExprKind, Kernel, Stmt, StmtKind, UnOp};
use warpscope_core::cuda::parse_and_check;

/// `e` as an S-expression of variable names, leaving conversions out
/// unless `conv` (then written `(T x)`).
fn show(k: &Kernel, e: &Expr, conv: bool) -> String {
    let s = |x: &Expr| show(k, x, conv);
    match &e.kind {
        ExprKind::Const(v) => v.to_string(),
        ExprKind::Var(id) => k.vars[id.0].name.clone(),
        ExprKind::Lane => "lane".into(),
        ExprKind::Convert(x) if conv => format!("({} {})", e.ty.name(), s(x)),
        ExprKind::Convert(x) => s(x),
        ExprKind::Unary(op, x) => {
            let op = match op {
                UnOp::Neg => "-",
                UnOp::Not => "~",
                UnOp::LogicNot => "!",
            };
            format!("({op} {})", s(x))
        }
        ExprKind::Binary(op, a, b) => format!("({} {} {})", op.text(), s(a), s(b)),
        ExprKind::Logic(and, a, b) => {
            format!("({} {} {})", if *and { "&&" } else { "||" }, s(a), s(b))
        }
        ExprKind::Cond(c, a, b) => format!("(? {} {} {})", s(c), s(a), s(b)),
        ExprKind::Assign(id, x) => format!("(= {} {})", k.vars[id.0].name, s(x)),
        other => format!("{other:?}"),
    }
}

/// The kernel of `decls` followed by the expression statement `e`, and
/// that statement's tree.
fn tree(decls: &str, e: &str, conv: bool) -> String {
    let src = format!("__global__ void k() {{ {decls} {e}; }}");
    let k = parse_and_check(&src).unwrap_or_else(|d| panic!("{src}: {d:?}"));
    let Some(Stmt {
        kind: StmtKind::Expr(x),
        ..
    }) = k.body.last()
    else {
        panic!("{src}: no expression statement last")
    };
    show(&k, x, conv)
}

#[test]
fn precedence_and_associativity_are_those_of_c() {
    let d = "int a = 1, b = 2, c = 3, d = 4;";
    for (e, want) in [
        ("a + b * c", "(+ a (* b c))"),
        ("a - b - c", "(- (- a b) c)"),
        ("a = b = c", "(= a (= b c))"),
        ("a & b == c", "(& a (== b c))"),
        ("a < b == c < d", "(== (< a b) (< c d))"),
        ("a << b + c", "(<< a (+ b c))"),
        ("a | b ^ c & d", "(| a (^ b (& c d)))"),
        ("a || b && c", "(|| a (&& b c))"),
        ("a ? b : c ? d : a", "(? a b (? c d a))"),
        ("-a * b", "(* (- a) b)"),
        ("!a + ~b", "(+ (! a) (~ b))"),
        ("a += b * c", "(= a (+ a (* b c)))"),
        ("(a + b) * c", "(* (+ a b) c)"),
        ("a % 2 / 4 * d", "(* (/ (% a 2) 4) d)"),
        ("a - -3 % 5", "(- a (% (- 3) 5))"),
    ] {
        assert_eq!(tree(d, e, false), want, "{e}");
    }
}

#[test]
fn compound_assignment_converts_both_ways() {
    // `a += 1.5f` is `a = (int)((float)a + 1.5f)`.
    let t = tree("int a = 1;", "a += 1.5f", true);
    assert_eq!(t, "(= a (int (+ (float a) 1069547520)))");
    // `u - 1` with `u` unsigned: the 1 becomes unsigned.
    let t = tree("unsigned u = 1; int i = 0;", "i = u - 1", true);
    assert_eq!(t, "(= i (int (- u (unsigned 1))))");
    // A `bool` in arithmetic is an `int`; a condition becomes a `bool`.
    let t = tree("bool b = true; float f = 0.f;", "f = b ? f : 2", true);
    assert_eq!(t, "(= f (? b f (float 2)))");
}

/// Every node's span lies inside `src` and is not empty.
fn spans_inside(src: &str, e: &Expr) {
    assert!(
        e.span.start < e.span.end && e.span.end <= src.len(),
        "{e:?}"
    );
    let mut kids: Vec<&Expr> = Vec::new();
    match &e.kind {
        ExprKind::Convert(x) | ExprKind::Unary(_, x) | ExprKind::Assign(_, x) => kids.push(x),
        ExprKind::Binary(_, a, b) | ExprKind::Logic(_, a, b) => kids.extend([&**a, &**b]),
        ExprKind::Cond(a, b, c) => kids.extend([&**a, &**b, &**c]),
        ExprKind::Intrinsic(_, args) => kids.extend(args.iter()),
        ExprKind::MatchAll { mask, value, .. } => kids.extend([&**mask, &**value]),
        _ => {}
    }
    for k in kids {
        spans_inside(src, k);
    }
}

fn stmt_spans(src: &str, s: &Stmt) {
    assert!(
        s.span.end <= src.len() && s.span.start < s.span.end,
        "{s:?}"
    );
    match &s.kind {
        StmtKind::Decl(_, Some(e)) | StmtKind::Expr(e) | StmtKind::SyncWarp(e) => {
            spans_inside(src, e)
        }
        StmtKind::Block(b) => b.iter().for_each(|s| stmt_spans(src, s)),
        StmtKind::If(c, a, b) => {
            spans_inside(src, c);
            stmt_spans(src, a);
            b.iter().for_each(|s| stmt_spans(src, s));
        }
        StmtKind::While(c, b) | StmtKind::DoWhile(b, c) => {
            spans_inside(src, c);
            stmt_spans(src, b);
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            init.iter().for_each(|s| stmt_spans(src, s));
            cond.iter()
                .chain(step.iter())
                .for_each(|e| spans_inside(src, e));
            stmt_spans(src, body);
        }
        _ => {}
    }
}

#[test]
fn every_node_of_the_examples_has_a_span_in_the_text() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/cuda");
    for entry in std::fs::read_dir(dir).expect("examples/cuda") {
        let path = entry.expect("entry").path();
        let src = std::fs::read_to_string(&path).expect("read");
        let k = parse_and_check(&src).expect("an example");
        k.body.iter().for_each(|s| stmt_spans(&src, s));
    }
}
