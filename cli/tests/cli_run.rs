//! End-to-end tests of `warpscope run`.

mod common;

use common::{dir_with, succeed, text, warpscope};
use serde_json::Value;

/// Runs with `--json` and parses the single JSON object printed.
fn run_json(args: &[&str], src: &str) -> (String, Value) {
    let mut all = vec!["run", "--json"];
    all.extend_from_slice(args);
    let out = succeed(&all, src);
    let raw = text(&out.stdout);
    assert_eq!(raw.lines().count(), 1, "one line of JSON: {raw}");
    let v: Value = serde_json::from_str(&raw).expect("valid JSON");
    (raw, v)
}

fn keys(v: &Value) -> Vec<String> {
    // serde_json's map is sorted; the printed order is checked on the raw
    // text by `key_order`.
    v.as_object().expect("object").keys().cloned().collect()
}

/// The order in which `names` first appear as JSON keys in `raw`.
fn key_order(raw: &str, names: &[&str]) -> Vec<usize> {
    names
        .iter()
        .map(|n| {
            raw.find(&format!("\"{n}\":"))
                .unwrap_or_else(|| panic!("key {n} missing in {raw}"))
        })
        .collect()
}

const SUM: &str = "\
.init R0 = lane
.init UR3 = 7
    REDUX.SUM R5, R0
    REDUXU.MAX UR1, R0
    VOTEU.ALL UR2, UP1, PT
    ISETP.GE.AND P2, PT, R0, 0x10, PT
    EXIT
";

#[test]
fn json_has_the_documented_shape() {
    let (raw, v) = run_json(&[], SUM);
    assert_eq!(
        keys(&v),
        ["active", "isa", "regs", "status", "steps", "warnings"]
    );
    let top = key_order(
        &raw,
        &["isa", "status", "steps", "active", "regs", "warnings"],
    );
    assert!(
        top.windows(2).all(|w| w[0] < w[1]),
        "top-level key order: {raw}"
    );
    assert_eq!(v["isa"], "w128");
    assert_eq!(v["status"], "exited");
    assert_eq!(v["steps"], 5);
    assert_eq!(v["active"], "0x00000000");
    assert_eq!(v["warnings"], Value::Array(vec![]));

    let regs = v["regs"].as_object().expect("regs object");
    let mut names: Vec<&str> = regs.keys().map(String::as_str).collect();
    names.sort();
    assert_eq!(names, ["P2", "R0", "R5", "UP1", "UR1", "UR2", "UR3"]);
    // Printed order: R ascending, then P, UR, UP.
    let order = key_order(&raw, &["R0", "R5", "P2", "UR1", "UR2", "UR3", "UP1"]);
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "register order: {raw}"
    );

    let r0: Vec<u64> = (0..32).collect();
    assert_eq!(v["regs"]["R0"], serde_json::json!(r0));
    assert_eq!(v["regs"]["R5"], serde_json::json!(vec![496; 32]));
    let p2: Vec<u64> = (0..32).map(|l| u64::from(l >= 16)).collect();
    assert_eq!(v["regs"]["P2"], serde_json::json!(p2));
    assert_eq!(v["regs"]["UR1"], 31);
    assert_eq!(v["regs"]["UR2"], 0xffff_ffffu64);
    assert_eq!(v["regs"]["UR3"], 7);
    assert_eq!(v["regs"]["UP1"], 1);
}

#[test]
fn reads_a_file_or_dash_for_stdin() {
    let dir = dir_with("run", &[("sum.s", SUM)]);
    let path = dir.join("sum.s");
    let p = path.to_string_lossy().into_owned();
    let (_, from_file) = run_json(&[&p], "");
    let (_, from_dash) = run_json(&["-"], SUM);
    let (_, from_stdin) = run_json(&["--isa", "w128"], SUM);
    assert_eq!(from_file, from_dash);
    assert_eq!(from_file, from_stdin);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn golden_example_through_the_cli() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/w128/butterfly_sum.s"
    );
    let (_, v) = run_json(&[path], "");
    assert_eq!(v["status"], "exited");
    assert_eq!(v["steps"], 11);
    assert_eq!(v["regs"]["R0"], serde_json::json!(vec![1520; 32]));
}

#[test]
fn active_mask_and_halted_status() {
    // No EXIT: the launched lanes run past the end.
    let (_, v) = run_json(
        &[],
        ".active 0xf0f0\n.init R1 = lane\n@P0 EXIT\nMOV R2, 0x5\n",
    );
    assert_eq!(v["status"], "halted");
    assert_eq!(v["active"], "0x0000f0f0");
    assert_eq!(v["steps"], 2);
    let r2: Vec<u64> = (0..32)
        .map(|l| if 0xf0f0u32 & (1 << l) != 0 { 5 } else { 0 })
        .collect();
    assert_eq!(v["regs"]["R2"], serde_json::json!(r2));
    let w = v["warnings"].as_array().expect("warnings");
    assert!(w
        .iter()
        .any(|s| s.as_str().unwrap_or("").contains("without EXIT")));
}

#[test]
fn step_limit_stops_an_endless_loop() {
    let (_, v) = run_json(&["--max-steps", "50"], "loop: BRA loop\n");
    assert_eq!(v["status"], "step_limit");
    assert_eq!(v["steps"], 50);
    assert_eq!(v["active"], "0xffffffff");
    let (_, v) = run_json(&["--max-steps=7"], "loop: BRA loop\n");
    assert_eq!(v["steps"], 7);
    // The default budget is 100000 steps.
    let (_, v) = run_json(&[], "loop: BRA loop\n");
    assert_eq!(v["status"], "step_limit");
    assert_eq!(v["steps"], 100_000);
}

#[test]
fn warnings_name_the_line_of_an_undefined_shfl_read() {
    let src =
        ".active 0x0000ffff\n.init R0 = lane\n\n    SHFL.BFLY P0, R1, R0, 0x10, 0x1f\n    EXIT\n";
    let (_, v) = run_json(&[], src);
    let w = v["warnings"].as_array().expect("warnings");
    assert_eq!(w.len(), 1, "{w:?}");
    let msg = w[0].as_str().expect("string");
    assert!(msg.starts_with("line 4"), "{msg}");
    assert!(msg.contains("SHFL"), "{msg}");
    assert!(msg.contains("receive 0"), "{msg}");
    // The inactive upper lanes deliver 0, as on an H200 (tests/gpu).
    assert_eq!(v["regs"]["R1"], serde_json::json!(vec![0; 32]));
}

#[test]
fn assembly_errors_go_to_stderr_with_exit_1() {
    let out = warpscope(
        &["run", "--json"],
        "MOV R1, 0x1\nSHFL.SIDEWAYS P0, R1, R0, 1, 31\nFOO R1\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("<stdin>:2:"), "{err}");
    assert!(err.contains("<stdin>:3:"), "{err}");
    assert!(err.contains("2 errors"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(
        warpscope(&["run", "--max-steps", "lots"], "").status.code(),
        Some(2)
    );
    assert_eq!(warpscope(&["run", "--bogus"], "").status.code(), Some(2));
    assert_eq!(
        warpscope(&["run", "--isa", "w64"], "EXIT").status.code(),
        Some(2)
    );
    let help = warpscope(&["run", "--help"], "");
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).contains("--max-steps"));
}

#[test]
fn table_output_lists_lanes_and_uniforms() {
    let out = succeed(&["run"], SUM);
    let t = text(&out.stdout);
    assert!(t.starts_with("status: exited   steps: 5"), "{t}");
    let header = t.lines().find(|l| l.starts_with("lane")).expect("header");
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["lane", "R0", "R5", "P2"]
    );
    let row31 = t
        .lines()
        .find(|l| l.starts_with("  31"))
        .expect("lane 31 row");
    assert_eq!(
        row31.split_whitespace().collect::<Vec<_>>(),
        ["31", "0x0000001f", "0x000001f0", "T"]
    );
    assert!(t.contains("UR1   = 0x0000001f (31)"), "{t}");
    assert!(t.contains("UP1   = true"), "{t}");
}
