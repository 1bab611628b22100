//! End-to-end tests of `warpscope asm` and `warpscope dis`.

mod common;

use common::{dir_with, succeed, text, warpscope};

const PROGRAM: &str = "\
.init R1 = lane
loop: @!P0 shfl.bfly p1, r3, r2, 1, 31 $sched=4
    REDUX.SUM R0, R1      // sum over the warp
    BRA loop
";

#[test]
fn asm_prints_hex_and_canonical_text() {
    let out = succeed(&["asm"], PROGRAM);
    assert_eq!(
        text(&out.stdout),
        "\
1c0404000003000000201f0002038610  @!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f $sched=4 ;
1c000000000300000000000001007114  REDUX.SUM R0, R1 ;
1c000000000000000000000000007240  BRA 0x0 ;
"
    );
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn asm_reads_a_file_or_dash() {
    let dir = dir_with("cli-asm", &[("prog.s", "EXIT\n")]);
    let path = dir.join("prog.s");
    let p = path.to_str().unwrap();
    let out = warpscope(&["asm", "--isa", "w128", p], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "1c000000000000000000000000007041  EXIT ;\n"
    );
    let out = warpscope(&["asm", "--isa=w128", "-"], "EXIT\n");
    assert_eq!(
        text(&out.stdout),
        "1c000000000000000000000000007041  EXIT ;\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn asm_errors_go_to_stderr_with_positions_and_nothing_to_stdout() {
    let dir = dir_with(
        "cli-err",
        &[("bad.s", "EXIT\nMOVE R1, R2\nMOV R1, 0x1_0000_0000\n")],
    );
    let path = dir.join("bad.s");
    let p = path.to_str().unwrap();
    let out = warpscope(&["asm", p], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("{p}:2:1: error: unknown mnemonic `MOVE`")),
        "{err}"
    );
    assert!(err.contains(&format!("{p}:3:9: error:")), "{err}");
    assert!(err.contains("help: did you mean"), "{err}");
    assert!(err.contains("2 errors"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn asm_warnings_do_not_fail() {
    let out = warpscope(&["asm"], ".active 0\nEXIT\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("warning: no lane is active"));
    assert_eq!(text(&out.stdout).lines().count(), 1);
}

/// A text long enough to be assembled on every core: `PROGRAM` again and
/// again, each copy with labels of its own.
fn long_program(copies: usize) -> String {
    (0..copies)
        .map(|k| {
            PROGRAM
                .replace("loop", &format!("loop{k}"))
                .replace(".init R1 = lane\n", "")
        })
        .collect()
}

/// A long text's listing is that of each of its copies, in order (each
/// copy's branch going to its own address), and an error or a warning
/// anywhere in it gives exactly what a short text's does: the message
/// with its line, and for an error nothing on standard output.
#[test]
fn long_texts_are_listed_whole_and_their_messages_kept() {
    let copies = 2_000;
    let src = long_program(copies);
    assert!(src.len() > 128 * 1024);
    let out = succeed(&["asm"], &src);
    let listing = text(&out.stdout);
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 3 * copies);
    for (k, copy) in lines.chunks(3).enumerate() {
        assert!(copy[0].ends_with("@!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f $sched=4 ;"));
        assert!(copy[1].ends_with("REDUX.SUM R0, R1 ;"), "{}", copy[1]);
        let at = k * 0x30;
        assert_eq!(
            copy[2],
            format!("1c00000000000000{at:08x}00007240  BRA {at:#x} ;"),
            "copy {k}"
        );
    }
    let bad = format!("{src}MOVE R1, R2\n");
    let out = warpscope(&["asm"], &bad);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout).len());
    let err = text(&out.stderr);
    let line = 3 * copies + 1;
    assert!(
        err.contains(&format!("<stdin>:{line}:1: error: unknown mnemonic `MOVE`")),
        "{err}"
    );
    let warned = format!("{src}.active 0\n");
    let out = warpscope(&["asm"], &warned);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains(&format!("<stdin>:{line}:9: warning: no lane is active")),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.stdout, succeed(&["asm"], &src).stdout);
}

#[test]
fn dis_decodes_words_and_flags_bad_ones() {
    let input = "\
// a comment line
1c0404000003000000201f0002038610

0x1c00_0000_0000_0000_0000_0000_0000_7041   // EXIT
00000000000000000000000000000000
1c000000000000000000000000007041ff
zz
9c000000000000000000000000007041
";
    let out = warpscope(&["dis"], input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{stdout}");
    assert_eq!(lines[0], "@!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f $sched=4 ;");
    assert_eq!(lines[1], "EXIT ;");
    assert!(
        lines[2].starts_with("?? 00000000000000000000000000000000  ; error: no instruction"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("?? 1c000000000000000000000000007041ff  ; error:"),
        "{}",
        lines[3]
    );
    assert!(lines[3].contains("128-bit"), "{}", lines[3]);
    assert!(lines[4].starts_with("?? zz  ; error:"), "{}", lines[4]);
    assert_eq!(
        lines[5],
        "?? 9c000000000000000000000000007041  ; error: bit 127 is set but unused by EXIT_X (unused bits must be 0)"
    );
}

#[test]
fn asm_output_feeds_dis() {
    let out = warpscope(&["asm"], PROGRAM);
    let listing = text(&out.stdout);
    let hex: String = listing.lines().map(|l| format!("{}\n", &l[..32])).collect();
    let dis = warpscope(&["dis"], &hex);
    assert_eq!(dis.status.code(), Some(0), "{}", text(&dis.stdout));
    let expected: String = listing.lines().map(|l| format!("{}\n", &l[34..])).collect();
    assert_eq!(text(&dis.stdout), expected);
}

#[test]
fn unknown_isa_lists_known_ones() {
    for cmd in ["asm", "dis"] {
        let out = warpscope(&[cmd, "--isa", "w64"], "");
        assert_eq!(out.status.code(), Some(2));
        let err = text(&out.stderr);
        assert!(err.contains("unknown ISA `w64`"), "{err}");
        assert!(err.contains("w128"), "{err}");
    }
}

#[test]
fn help_and_bad_arguments() {
    let out = warpscope(&["--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("warpscope asm"));
    for cmd in ["asm", "dis"] {
        let out = warpscope(&[cmd, "--help"], "");
        assert_eq!(out.status.code(), Some(0));
        assert!(text(&out.stdout).starts_with(&format!("usage: warpscope {cmd}")));
        let out = warpscope(&[cmd, "--frobnicate"], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("unknown option `--frobnicate`"));
        let out = warpscope(&[cmd, "/nonexistent/warpscope/file.s"], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("cannot read"));
        let out = warpscope(&[cmd, "a.s", "b.s"], "");
        assert_eq!(out.status.code(), Some(2));
    }
    let out = warpscope(&["frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown command `frobnicate`"));
}
