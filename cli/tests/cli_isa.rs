//! `warpscope asm`, `dis` and `run --json` with `--isa sm50` and
//! `--isa gfx9`.

mod common;

use common::{succeed, text, warpscope};

const SM50: &str = "\
S2R R5, SR_LANEID $stall=6 $wrb=0
P2R R0, PR
P2R.B1 R0, CC, R5, 0x1
EXIT
";

const SM50_OUT: &str = "\
001f8000fc000706  // control: --:-:1:Y:6 | --:-:-:Y:0 | --:-:-:Y:0
f0c8000000070005  S2R R5, SR_LANEID $stall=6 $wrb=0 ;
38e800000ff7ff00  P2R R0, PR, RZ, 0xff ;
38e8030000170500  P2R.B1 R0, CC, R5, 0x1 ;
001f8000fc0007e0  // control: --:-:-:Y:0 | --:-:-:Y:0 | --:-:-:Y:0
e30000000007000f  EXIT ;
";

/// What `warpscope asm` (or `dis`) with `--isa isa` prints for `input`,
/// checking that it succeeds.
fn printed(command: &str, isa: &str, input: &str) -> String {
    text(&succeed(&[command, "--isa", isa], input).stdout)
}

#[test]
fn sm50_asm_prints_control_words_and_16_digit_words() {
    assert_eq!(printed("asm", "sm50", SM50), SM50_OUT);
}

#[test]
fn sm50_dis_reads_the_asm_output_back() {
    assert_eq!(
        printed("dis", "sm50", SM50_OUT),
        "\
// control: --:-:1:Y:6 | --:-:-:Y:0 | --:-:-:Y:0
S2R R5, SR_LANEID $stall=6 $wrb=0 ;
P2R R0, PR, RZ, 0xff ;
P2R.B1 R0, CC, R5, 0x1 ;
// control: --:-:-:Y:0 | --:-:-:Y:0 | --:-:-:Y:0
EXIT ;
"
    );
    let bad = warpscope(&["dis", "--isa=sm50"], "0\n0000000000000000\n");
    assert_eq!(bad.status.code(), Some(1));
    assert!(text(&bad.stdout).contains("?? 0000000000000000"));
}

const GFX9: &str = "\
s_getreg_b32 s2, hwreg(HW_REG_LDS_ALLOC, 0, 1)  ; llvm-mc: [0x06,0x00,0x82,0xb8]
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 3), 0x12345678
s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s3
s_endpgm
";

const GFX9_OUT: &str = "\
b8820006  s_getreg_b32 s2, hwreg(HW_REG_LDS_ALLOC, 0, 1)
ba001081 12345678  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 3), 0x12345678
b9031801  s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s3
bf810000  s_endpgm
";

#[test]
fn gfx9_asm_prints_dwords_and_literals() {
    assert_eq!(printed("asm", "gfx9", GFX9), GFX9_OUT);
}

#[test]
fn gfx9_dis_reads_the_asm_output_back() {
    let want: String = GFX9_OUT
        .lines()
        .map(|l| l.split("  ").nth(1).unwrap().to_string() + "\n")
        .collect();
    assert_eq!(printed("dis", "gfx9", GFX9_OUT), want);
    // The literal is missing.
    let bad = warpscope(&["dis", "--isa", "gfx9"], "ba001081\n");
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stdout).contains("literal"),
        "{}",
        text(&bad.stdout)
    );
}

#[test]
fn gfx9_asm_errors_point_at_the_operand() {
    let out = warpscope(&["asm", "--isa", "gfx9"], "s_getreg_b32 s2, hwreg(64)\n");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("1:24"), "{err}");
    assert!(err.contains("register id"), "{err}");
    assert!(out.stdout.is_empty());
}

/// What `warpscope run --json` with `--isa isa` prints for `src`, checking
/// that it is one JSON object that names the ISA.
fn run_json(isa: &str, src: &str) -> serde_json::Value {
    let out = succeed(&["run", "--isa", isa, "--json"], src);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["isa"], isa);
    v
}

#[test]
fn gfx9_run_json_lists_sgprs_and_hwregs() {
    let v = run_json(
        "gfx9",
        ".init s3 = 0x5\ns_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s3\ns_getreg_b32 s2, hwreg(HW_REG_MODE)\ns_endpgm\n",
    );
    assert_eq!(v["status"], "exited");
    assert_eq!(v["regs"]["s2"], 0x3f5);
    assert_eq!(v["regs"]["s3"], 5);
    assert_eq!(v["regs"]["HW_REG_MODE"], 0x3f5);
}

#[test]
fn sm50_run_json_has_cc_and_registers() {
    let v = run_json(
        "sm50",
        ".init CC = lane & 0xf\n.init P1 = lane & 1\nP2R R0, PR\nP2R.B2 R1, CC, RZ, 0xff\nEXIT\n",
    );
    assert_eq!(v["regs"]["R0"][3], 2);
    assert_eq!(v["regs"]["R1"][5], 5 << 16);
    assert_eq!(v["regs"]["CC"][7], 7);
}

#[test]
fn unknown_isa_lists_the_bundled_ones() {
    let out = warpscope(&["asm", "--isa", "sm90"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("w128, sm50, gfx9"));
}
