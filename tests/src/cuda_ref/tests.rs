//! The interpreter on kernels whose output follows from docs/cuda.md by
//! hand.

use super::{per_lane, run, Kind};

fn lanes_of(src: &str) -> [String; 32] {
    match run(src) {
        Ok(p) => per_lane(&p),
        Err(e) => panic!("{e}\n{src}"),
    }
}

fn kernel(body: &str) -> String {
    format!("__global__ void k()\n{{\n{body}\n}}\n")
}

fn error(body: &str) -> (Kind, String) {
    let e = run(&kernel(body)).expect_err("an error");
    (e.kind, e.to_string())
}

#[test]
fn a_butterfly_sums_the_warp_in_every_lane() {
    let out = lanes_of(&kernel(
        "int v = threadIdx.x;\nfor (int d = 16; d > 0; d /= 2)\n    v += __shfl_xor_sync(0xffffffff, v, d);\nprintf(\"%d\\n\", v);",
    ));
    assert!(out.iter().all(|l| l == "496\n"), "{out:?}");
}

#[test]
fn a_divergent_if_runs_each_side_with_its_lanes_and_ballots_see_them() {
    let out = lanes_of(&kernel(
        "unsigned lane = threadIdx.x;\nbool odd = lane & 1u;\nunsigned m = __ballot_sync(0xffffffffu, odd);\n\
         if (odd) { printf(\"[%u] odd %08x %d\\n\", lane, __ballot_sync(m, lane > 20u), __popc(m)); }\n\
         else { printf(\"[%u] even %x\\n\", lane, __activemask()); }",
    ));
    assert_eq!(out[3], "[3] odd aaa00000 16\n");
    assert_eq!(out[4], "[4] even 55555555\n");
}

#[test]
fn returned_lanes_leave_and_loops_run_per_lane() {
    let out = lanes_of(&kernel(
        "int lane = threadIdx.x;\nif (lane >= 4) return;\nint n = 0;\n\
         for (int i = 0; i < 10; i++) { if (i == lane) break; if (i % 2) continue; n += 10; }\n\
         do { n++; } while (n < 3);\nprintf(\"%d:%d\\n\", lane, n);",
    ));
    assert_eq!(out[0], "0:3\n");
    assert_eq!(out[1], "1:11\n");
    assert_eq!(out[3], "3:21\n");
    assert_eq!(out[5], "");
}

#[test]
fn shuffles_keep_their_own_value_outside_the_segment() {
    let out = lanes_of(&kernel(
        "unsigned lane = threadIdx.x;\nunsigned a = __shfl_up_sync(0xffffffff, lane, 3, 8);\n\
         unsigned b = __shfl_down_sync(0xffffffff, lane, 33);\nunsigned c = __shfl_xor_sync(0xffffffff, lane, 20, 16);\n\
         int d = __shfl_sync(0xffffffff, (int)lane * 2, -1, 4);\nprintf(\"%u %u %u %d\\n\", a, b, c, d);",
    ));
    assert_eq!(
        out[1], "1 2 1 6\n",
        "up stays, down by 33 is by 1, xor 20 leaves 16 lanes for a later one"
    );
    assert_eq!(out[11], "8 12 11 22\n");
    assert_eq!(
        out[20], "17 21 0 46\n",
        "xor 20 from lane 20 reads lane 0, in an earlier segment"
    );
    assert_eq!(
        out[31], "28 31 11 62\n",
        "31 ^ 20 is 11, an earlier segment"
    );
}

#[test]
fn conversions_and_arithmetic_follow_c() {
    let out = lanes_of(&kernel(
        "int a = -7;\nunsigned u = threadIdx.x - 1;\nfloat f = 16777217;\n\
         printf(\"%d %d %d %u %d %x\\n\", a / 2, a % 4, a >> 1, u, (int)-2.9f, ((unsigned)a << 1 >> 0));\n\
         printf(\"%.1f %.0f %f %e %d %d\\n\", 0.25f, 2.5f, f, -1.5e-7f, 3u > -1, (bool)0.0f);",
    ));
    assert_eq!(
        out[0],
        "-3 -3 -4 4294967295 -2 fffffff2\n0.2 2 16777216.000000 -1.500000e-07 0 0\n"
    );
    assert_eq!(
        out[1],
        "-3 -3 -4 0 -2 fffffff2\n0.2 2 16777216.000000 -1.500000e-07 0 0\n"
    );
}

#[test]
fn printf_flags_widths_and_precisions() {
    let out = lanes_of(&kernel(
        "printf(\"[%5d|%-4d|%+d|%05d|%.3d|%#x|%#X|%08x|%c|%s|%.2s|%%|%8.3f|%-8.2e|%+.0f]\\n\", -42, 7, 3, -9, 5, 255u, 0u, 0xbeefu, 'A' + 2, \"hi\", \"abc\", 3.14159f, 1234.5f, 0.5f);",
    ));
    assert_eq!(
        out[0],
        "[  -42|7   |+3|-0009|005|0xff|0|0000beef|C|hi|ab|%|   3.142|1.23e+03|+0]\n"
    );
}

#[test]
fn reductions_and_matches_over_the_mask() {
    let out = lanes_of(&kernel(
        "int lane = threadIdx.x;\nint v = lane % 3 - 1;\nint p = 5;\n\
         unsigned all = __match_all_sync(0xffffffff, 7, &p);\nint q = p;\n\
         unsigned none = __match_all_sync(0xffffffff, v, &p);\n\
         printf(\"%d %u %d %x %x %x %d %d %x %x\\n\", __reduce_add_sync(0xffffffff, v), __reduce_max_sync(0xffffffff, (unsigned)v), \
         __reduce_min_sync(0xffffffff, v), __reduce_or_sync(0xffffffff, (unsigned)lane), __match_any_sync(0xffffffff, v), all, q, p, none, \
         __reduce_xor_sync(0xffffffff, lane));",
    ));
    assert_eq!(out[0], "-1 4294967295 -1 1f 49249249 ffffffff 1 0 0 0\n");
    assert_eq!(out[2], "-1 4294967295 -1 1f 24924924 ffffffff 1 0 0 0\n");
}

#[test]
fn undefined_behaviour_is_reported_not_valued() {
    for (body, words) in [
        ("int a = 2147483647; a += 1;", "overflow"),
        ("int a = -1; unsigned b = a << 3;", "does not fit"),
        ("unsigned s = 32; unsigned b = 1u << s;", "shift by 32"),
        ("float f = 3e9f; int i = (int)f;", "does not fit `int`"),
        ("int a; int b = a + 1;", "before it is assigned"),
        ("if (threadIdx.x < 4) { int v = __shfl_sync(0xffffffff, 1, 0); }", "run the call"),
        ("unsigned m = __ballot_sync(0xffffffff, threadIdx.x < 4); if (threadIdx.x < 4) { int v = __shfl_sync(m, 1, 5); }", "not running"),
        ("while (true) {}", "steps"),
    ] {
        let (kind, msg) = error(body);
        assert!(matches!(kind, Kind::Undefined | Kind::Limit), "{body}: {kind:?} {msg}");
        assert!(msg.contains(words), "{body}: {msg}");
    }
}

#[test]
fn outside_the_subset_is_an_error_with_its_place() {
    for (body, line, col, words) in [
        ("int *p;", 3, 5, "pointer"),
        ("double d = 1.0f;", 3, 1, "double"),
        ("float f = 1.5;", 3, 11, "double"),
        ("int a[4];", 3, 6, "array"),
        ("__shared__ int s;", 3, 1, "shared memory"),
        ("int x = foo(1);", 3, 9, "not a function"),
        ("printf(\"%f\\n\", 1);", 3, 1, "does not print a int"),
        ("int x = 1 +;", 3, 12, "expected an expression"),
    ] {
        let e = run(&kernel(body)).expect_err(body);
        assert_eq!((e.line, e.col), (line, col), "{body}: {e}");
        assert!(e.msg.contains(words), "{body}: {e}");
    }
}

/// An example's output, lane by lane.
fn example(name: &str) -> [String; 32] {
    let path = format!("{}/../examples/cuda/{name}.cu", env!("CARGO_MANIFEST_DIR"));
    lanes_of(&std::fs::read_to_string(&path).expect("the example"))
}

#[test]
fn the_examples_print_what_their_headers_expect() {
    let sum = example("butterfly_sum");
    assert!(sum.iter().all(|l| l.ends_with("sum = 496\n")), "{sum:?}");
    let b = example("broadcast");
    assert_eq!(b[3], "lane  3: from lane 5 = 1005, mirror = 1028\n");
    let scan = example("inclusive_scan");
    for (l, line) in scan.iter().enumerate() {
        assert_eq!(
            *line,
            format!("lane {l:2}: prefix sum = {}\n", (l + 1) * (l + 2) / 2)
        );
    }
    let ballot = example("ballot_popc");
    assert!(
        ballot
            .iter()
            .all(|l| l.contains("ballot = 0x1188c423, count = 10, any = 1, all = 0")),
        "{ballot:?}"
    );
    let groups = example("match_any");
    assert_eq!(
        groups[0],
        "lane  0: key 0, group 49249249 of 11 lanes, leader 0 (me)\n"
    );
    assert_eq!(
        groups[29],
        "lane 29: key 2, group 24924924 of 10 lanes, leader 2\n"
    );
    let div = example("divergent_branch");
    assert_eq!(
        div[3],
        "lane  3: lower half, running 0000ffff\nlane  3: r = 0x203, together again: ffffffff\n"
    );
    assert_eq!(
        div[20],
        "lane 20: upper half, running ffff0000\nlane 20: r = 0x114, together again: ffffffff\n"
    );
}
