//! CUDA C submissions: every bundled w128 puzzle's `[solution.cuda]`
//! passes its own check, wrong kernels fail on the right case, and the
//! limits that apply to CUDA are enforced on the compiled program.

use warpscope_core::cuda::{self, Io};
use warpscope_core::loc::Loc;
use warpscope_core::puzzle::check::{self, Outcome, Report};
use warpscope_core::puzzle::{self, Puzzle};

fn get(id: &str) -> Puzzle {
    puzzle::bundled(id).unwrap_or_else(|| panic!("{id} does not parse"))
}

fn grade(id: &str, src: &str) -> Report {
    check::check_cuda(&get(id), src).unwrap_or_else(|d| panic!("{id}: {d:?}"))
}

#[test]
fn every_w128_puzzle_has_a_cuda_solution_that_passes() {
    let mut without = Vec::new();
    for p in puzzle::bundled_all() {
        if p.solution_cuda.is_empty() {
            without.push(p.id.clone());
            continue;
        }
        let r = check::check_cuda(&p, &p.solution_cuda)
            .unwrap_or_else(|d| panic!("{}: the CUDA solution does not compile: {d:?}", p.id));
        assert!(r.passed(), "{}: {}", p.id, check::summary(&r));
    }
    // the two puzzles of other ISAs have none: CUDA C compiles to w128
    assert_eq!(without, ["pack_predicates", "mode_fields"]);
}

#[test]
fn a_wrong_kernel_fails_on_the_first_case_that_shows_it() {
    // lane 1 instead of lane 0: all 32 lanes active in case 1, so it fails there
    let r = grade(
        "broadcast",
        "__global__ void k() { __output(0, __shfl_sync(__activemask(), __input(0), 1)); }",
    );
    let f = r.failure().expect("fails");
    assert_eq!(f.case.number, 1);
    assert_eq!(f.outputs[0].name, "R1");
    // every lane gets lane 1's value: wrong wherever lane 0's differs
    assert_ne!(f.outputs[0].wrong, 0);
    // lane 0 as the leader is right until lane 0 is not active
    let r = grade(
        "aggregated_atomic",
        "__global__ void k() {\n    unsigned total = __reduce_add_sync(__activemask(), __input(0));\n    __output(0, threadIdx.x == 0);\n    if (threadIdx.x == 0) __output(1, total);\n}",
    );
    let f = r.failure().expect("fails");
    assert_eq!(f.case.name, "one lane (lane 31)");
    assert_eq!(f.wrong_lanes(), 1 << 31);
}

#[test]
fn an_output_a_lane_never_writes_keeps_its_value() {
    // R1 is 0 when a case starts; lanes other than the leader leave it so
    let p = get("aggregated_atomic");
    let r = check::check_cuda(&p, &p.solution_cuda).unwrap();
    assert!(r.passed());
    // writing nothing at all leaves every output as the case set it up
    let r = grade("broadcast", "__global__ void k() { }");
    assert!(!r.passed());
    assert!(r.failure().unwrap().outputs[0]
        .actual
        .iter()
        .all(|&v| v == 0));
}

#[test]
fn forbid_applies_to_the_compiled_code_and_is_located_in_the_cuda_text() {
    let src =
        "__global__ void k() {\n    __output(0, __reduce_add_sync(0xffffffff, __input(0)));\n}";
    let r = grade("butterfly_sum", src);
    let Outcome::Rule { diagnostic } = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    let at = &src[diagnostic.span.start..diagnostic.span.end];
    assert!(at.contains("__reduce_add_sync"), "{at:?}");
    assert!(diagnostic.message().contains("REDUX"));
    let help = diagnostic
        .help
        .as_ref()
        .map(|h| h.english())
        .unwrap_or_default();
    assert!(help.contains("`REDUX.SUM R"), "{help}");
}

#[test]
fn the_instruction_limit_does_not_apply_but_steps_do() {
    // reverse allows 3 instructions; the compiled kernel has more
    let p = get("reverse");
    let r = check::check_cuda(&p, &p.solution_cuda).unwrap();
    assert!(r.passed());
    assert!(r.instructions > 3, "{}", r.instructions);
    // a loop that never ends stops at the puzzle's step limit for CUDA
    let r = grade("reverse", "__global__ void k() { while (true) { } }");
    assert_eq!(p.limits.cuda_steps, Some(20));
    assert_eq!(r.failure().unwrap().step_limit, Some(20));
    // which is `steps` when the puzzle gives none
    let r = grade("rotate", "__global__ void k() { while (true) { } }");
    assert_eq!(
        r.failure().unwrap().step_limit,
        Some(get("rotate").limits.steps)
    );
}

#[test]
fn errors_are_located_in_the_cuda_text() {
    let p = get("broadcast");
    let src = "__global__ void k() {\n    __output(0, __input(1));\n}";
    let d = check::check_cuda(&p, src).unwrap_err();
    assert_eq!(&src[d[0].span.start..d[0].span.end], "1");
    assert!(d[0].message().contains("no input 1"), "{}", d[0].message());
    let d = check::check_cuda(&p, "__global__ void k() { int x = ; }").unwrap_err();
    assert!(d[0].span.start > 0);
    let d = check::check_cuda(&get("pack_predicates"), "__global__ void k() { }").unwrap_err();
    assert!(
        d[0].message()
            .contains("CUDA C compiles to w128; this puzzle is for sm50"),
        "{}",
        d[0].message()
    );
}

#[test]
fn input_and_output_need_a_puzzle_and_a_constant() {
    let e = cuda::compile("__global__ void k() { unsigned v = __input(0); }").unwrap_err();
    assert!(e[0]
        .message()
        .contains("`__input` reads a puzzle's input; this kernel is not compiled for a puzzle"));
    let e = cuda::compile("__global__ void k() { __output(0, 1); }").unwrap_err();
    assert!(e[0].message().contains("not compiled for a puzzle"));
    let io = Io {
        inputs: vec![Loc::R(0), Loc::P(1)],
        outputs: vec![Loc::R(0)],
    };
    let src = "__global__ void k() { unsigned k = 0; __output(0, __input(k)); }";
    let e = cuda::compile_for(src, &io).unwrap_err();
    assert!(e[0].message().contains("constant"), "{}", e[0].message());
    let e =
        cuda::compile_for("__global__ void k() { unsigned x = __output(0, 1); }", &io).unwrap_err();
    assert!(
        e[0].message().contains("gives no value"),
        "{}",
        e[0].message()
    );
    // a predicate input is a bool
    let k = cuda::parse_and_check_for("__global__ void k() { bool b = __input(1); }", Some(&io));
    assert_eq!(k.unwrap().vars[0].ty, cuda::ast::Ty::Bool);
    let up = Io {
        inputs: vec![],
        outputs: vec![Loc::UR(1)],
    };
    let e = cuda::compile_for("__global__ void k() { __output(0, 1); }", &up).unwrap_err();
    assert!(e[0].message().contains("`UR1`"), "{}", e[0].message());
}

#[test]
fn the_prologue_copies_inputs_before_variables_and_the_epilogue_precedes_every_exit() {
    let io = Io {
        inputs: vec![Loc::R(0), Loc::P(0)],
        outputs: vec![Loc::R(0), Loc::P(0)],
    };
    let src = "__global__ void k() {\n    unsigned a = 7;\n    if (__input(1)) return;\n    __output(0, __input(0) + a);\n    __output(1, true);\n}";
    let c = cuda::compile_for(src, &io).unwrap();
    let lines: Vec<&str> = c
        .asm
        .lines()
        .map(|l| l.split("//").next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        &lines[..4],
        [
            "MOV R254, R0",
            "SEL R253, RZ, 0x1, !P0",
            "MOV R252, R0",
            "SEL R251, RZ, 0x1, !P0"
        ],
        "{}",
        c.asm
    );
    let exits: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == "EXIT").collect();
    assert_eq!(exits.len(), 2, "{}", c.asm);
    for i in exits {
        assert_eq!(lines[i - 2], "MOV R0, R252");
        assert_eq!(lines[i - 1], "ISETP.NE.U32.AND P0, PT, R251, 0x0, PT");
    }
}
