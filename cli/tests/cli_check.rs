//! End-to-end tests of `warpscope check`.

mod common;

use common::{dir_with, succeed, text, warpscope};

const RIGHT: &str = "    SHFL.IDX PT, R1, R0, 0x0, 0x1f\n    EXIT\n";
const WRONG: &str = "    MOV R1, R0\n    EXIT\n";
const BROKEN: &str = "    MOV R1, R0\n    FROB R2\n";

/// Checks the exit status, showing both outputs when it differs.
fn expect_code(out: &std::process::Output, code: i32) {
    let both = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(code), "{both}");
}

#[test]
fn list_names_every_bundled_puzzle() {
    let out = succeed(&["check", "--list"], "");
    let s = text(&out.stdout);
    assert!(s.lines().count() >= 12, "{s}");
    for id in [
        "broadcast",
        "group_by_key",
        "pack_predicates",
        "mode_fields",
    ] {
        assert!(
            s.lines().any(|l| l.starts_with(id)),
            "{id} missing from\n{s}"
        );
    }
    assert!(s.contains("__match_any_sync"), "{s}");
}

#[test]
fn a_directory_is_graded_in_one_call_and_one_failure_fails_the_run() {
    let dir = dir_with(
        "mixed",
        &[
            ("a_right.s", RIGHT),
            ("b_wrong.s", WRONG),
            ("c_broken.s", BROKEN),
        ],
    );
    let d = dir.to_str().unwrap();
    let out = warpscope(&["check", "broadcast", d], "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let lines: Vec<&str> = s.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(lines.len(), 3, "{s}");
    assert!(
        lines[0].ends_with("a_right.s: pass: 22 cases, 2 instructions, at most 2 steps"),
        "{s}"
    );
    assert!(
        lines[1].contains("b_wrong.s: fail: case 1 of 22 (all lanes)"),
        "{s}"
    );
    assert!(
        s.contains("R1: 31 wrong lane(s) 0xfffffffe; lane 1: expected"),
        "{s}"
    );
    assert!(
        lines[2].ends_with("c_broken.s: error: does not assemble (1 error)"),
        "{s}"
    );
    // The assembler's message, located in the submission, goes to stderr.
    assert!(
        text(&out.stderr).contains("c_broken.s:2:5: error: unknown mnemonic `FROB`"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn all_passing_submissions_exit_zero() {
    let dir = dir_with(
        "pass",
        &[
            ("one.s", RIGHT),
            ("two.s", "SHFL.IDX PT, R1, R0, RZ, 0x1f\nEXIT\n"),
        ],
    );
    let a = dir.join("one.s");
    let out = warpscope(
        &[
            "check",
            "broadcast",
            a.to_str().unwrap(),
            dir.to_str().unwrap(),
        ],
        "",
    );
    expect_code(&out, 0);
    assert_eq!(text(&out.stdout).lines().count(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_gives_a_report_per_submission() {
    let dir = dir_with(
        "json",
        &[("right.s", RIGHT), ("wrong.s", WRONG), ("broken.s", BROKEN)],
    );
    let out = warpscope(&["check", "--json", "broadcast", dir.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("one JSON value");
    let reports = v.as_array().unwrap();
    assert_eq!(reports.len(), 3);
    let by_name = |n: &str| {
        reports
            .iter()
            .find(|r| r["submission"].as_str().unwrap().ends_with(n))
            .unwrap()
    };
    let broken = by_name("broken.s");
    assert_eq!(broken["passed"], false);
    assert!(broken["errors"][0]
        .as_str()
        .unwrap()
        .contains(":2:5: error: unknown mnemonic"));
    let right = by_name("right.s");
    assert_eq!(right["passed"], true);
    assert_eq!(right["puzzle"], "broadcast");
    assert_eq!(right["instructions"], 2);
    assert_eq!(right["cases_run"], right["cases_total"]);
    assert_eq!(right["outcome"]["kind"], "pass");
    let wrong = by_name("wrong.s");
    assert_eq!(wrong["passed"], false);
    assert_eq!(wrong["cases_run"], 1);
    let failure = &wrong["outcome"]["failure"];
    assert_eq!(failure["case"]["name"], "all lanes");
    assert_eq!(failure["case"]["inputs"][0]["name"], "R0");
    assert_eq!(
        failure["case"]["inputs"][0]["values"]
            .as_array()
            .unwrap()
            .len(),
        32
    );
    let r1 = &failure["outputs"][0];
    assert_eq!(r1["name"], "R1");
    assert_eq!(r1["wrong"], 0xffff_fffe_u32);
    // expected: lane 0's input everywhere; actual: each lane's own
    let input0 = &failure["case"]["inputs"][0]["values"][0];
    assert_eq!(&r1["expected"][5], input0);
    assert_eq!(r1["actual"][5], failure["case"]["inputs"][0]["values"][5]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_puzzle_file_is_read_and_its_errors_are_located() {
    let good = "title = Copy\nisa = w128\n[output R1]\n[solution]\nMOV R1, R0\nEXIT\n";
    let dir = dir_with(
        "file",
        &[
            ("copy.puzzle", good),
            ("bad.puzzle", "title = X\nisa = w99\n"),
            ("a.s", WRONG),
        ],
    );
    let p = dir.join("copy.puzzle");
    let a = dir.join("a.s");
    let out = warpscope(&["check", p.to_str().unwrap(), a.to_str().unwrap()], "");
    expect_code(&out, 0);
    let bad = dir.join("bad.puzzle");
    let out = warpscope(&["check", bad.to_str().unwrap(), a.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let e = text(&out.stderr);
    assert!(
        e.contains("bad.puzzle:2:7: error: unknown ISA `w99`"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_two() {
    for args in [
        vec!["check"],
        vec!["check", "broadcast"],
        vec!["check", "--frob", "broadcast", "x.s"],
        vec!["check", "no_such_puzzle", "x.s"],
    ] {
        let out = warpscope(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!text(&out.stderr).is_empty());
    }
    let out = warpscope(&["check", "--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("usage: warpscope check"));
}

const CU_RIGHT: &str = "__global__ void broadcast() {\n    unsigned v = __input(0);\n    __output(0, __shfl_sync(__activemask(), v, 0));\n}\n";
const CU_WRONG: &str = "__global__ void broadcast() {\n    __output(0, __input(0));\n}\n";
const CU_BROKEN: &str =
    "__global__ void broadcast() {\n    unsigned v = __input(0)\n    __output(0, v);\n}\n";

#[test]
fn a_cu_file_is_graded_as_cuda() {
    let dir = dir_with(
        "cuda",
        &[
            ("a_right.cu", CU_RIGHT),
            ("b_wrong.cu", CU_WRONG),
            ("c_broken.cu", CU_BROKEN),
        ],
    );
    let d = dir.to_str().unwrap();
    let out = warpscope(&["check", "broadcast", d], "");
    expect_code(&out, 1);
    let s = text(&out.stdout);
    let lines: Vec<&str> = s.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(lines.len(), 3, "{s}");
    assert!(lines[0].contains("a_right.cu: pass: 22 cases"), "{s}");
    assert!(
        lines[1].contains("b_wrong.cu: fail: case 1 of 22 (all lanes)"),
        "{s}"
    );
    assert!(s.contains("R1: 31 wrong lane(s) 0xfffffffe"), "{s}");
    assert!(
        lines[2].ends_with("c_broken.cu: error: does not compile (1 error)"),
        "{s}"
    );
    // the error is located in the CUDA text
    let err = text(&out.stderr);
    assert!(
        err.contains("c_broken.cu:3:5: error: expected `;`"),
        "{err}"
    );
    // the right kernel alone passes; --lang cuda reads any name as CUDA
    let right = dir.join("a_right.cu");
    let out = warpscope(&["check", "broadcast", right.to_str().unwrap()], "");
    expect_code(&out, 0);
    let renamed = dir.join("kernel.txt");
    std::fs::write(&renamed, CU_RIGHT).unwrap();
    let r = renamed.to_str().unwrap();
    expect_code(
        &warpscope(&["check", "--lang", "cuda", "broadcast", r], ""),
        0,
    );
    expect_code(&warpscope(&["check", "broadcast", r], ""), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cu_file_for_an_sm50_puzzle_is_refused() {
    let dir = dir_with("cuda_sm50", &[("k.cu", CU_RIGHT)]);
    let f = dir.join("k.cu");
    let out = warpscope(&["check", "pack_predicates", f.to_str().unwrap()], "");
    expect_code(&out, 1);
    assert!(
        text(&out.stdout).contains("k.cu: error: does not compile (1 error)"),
        "{}",
        text(&out.stdout)
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("CUDA C compiles to w128; this puzzle is for sm50"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
