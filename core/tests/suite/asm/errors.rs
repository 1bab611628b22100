//! Assembler diagnostics: each error at its exact line and column, with a
//! message and help that say what to do.

use warpscope_core::asm;
use warpscope_core::diag::{line_col, Diagnostic};
use warpscope_core::isas;
use warpscope_core::loc::{Loc, Value};

/// (line, column, message, help) of every diagnostic.
fn diags_of(src: &str) -> Vec<(usize, usize, String, String)> {
    let isa = isas::w128();
    let diags: Vec<Diagnostic> = match asm::assemble(isa, src) {
        Ok(p) => panic!("`{src}` assembled: {:?}", p.lines),
        Err(d) => d,
    };
    diags
        .into_iter()
        .map(|d| {
            let lc = line_col(src, d.span.start);
            (lc.line, lc.col, d.message(), d.help().unwrap_or_default())
        })
        .collect()
}

/// The one diagnostic of `src`, checked to be at `line:col` and to contain
/// `msg` in its message and `help` in its help.
#[track_caller]
fn one(src: &str, line: usize, col: usize, msg: &str, help: &str) {
    let d = diags_of(src);
    assert_eq!(d.len(), 1, "`{src}`: {d:#?}");
    let (l, c, m, h) = &d[0];
    assert_eq!((*l, *c), (line, col), "`{src}`: {m}");
    assert!(m.contains(msg), "`{src}`: message `{m}` lacks `{msg}`");
    assert!(h.contains(help), "`{src}`: help `{h}` lacks `{help}`");
}

#[test]
fn unknown_mnemonic_suggests_close_ones() {
    one(
        "SHFLL.BFLY P0, R1, R2, 0x1, 0x1f",
        1,
        1,
        "unknown mnemonic `SHFLL`",
        "`SHFL`",
    );
    one("  REDUC.SUM R0, R1", 1, 3, "unknown mnemonic", "`REDUX`");
    one("FROBNICATE R1", 1, 1, "unknown mnemonic `FROBNICATE`", "");
}

#[test]
fn wrong_operand_kind_says_what_was_expected() {
    one(
        "SHFL.BFLY P0, R1, R2, UR1, 0x1f",
        1,
        23,
        "must be a register (R0..R254, RZ) or an unsigned 5-bit immediate, found uniform register `UR1`",
        "",
    );
    one("MOV R1, P0", 1, 9, "found predicate `P0`", "");
    one("S2R R1, 0x5", 1, 9, "must be a SReg name", "");
    one(
        "S2R R1, SR_LANID",
        1,
        9,
        "`SR_LANID` is not a SReg value",
        "`SR_LANEID`",
    );
    one("ELECT P0, R1, R2", 1, 15, "found register `R2`", "");
}

#[test]
fn wrong_operand_count() {
    one(
        "MOV R1",
        1,
        7,
        "MOV takes 2 operands, found 1",
        "MOV Rd, Src",
    );
    one("MOV R1, R2, R3", 1, 13, "MOV takes 2 operands, found 3", "");
    one("EXIT R1", 1, 6, "EXIT takes 0 operands, found 1", "");
    one("ELECT P0", 1, 9, "ELECT takes 2 or 3 operands, found 1", "");
}

#[test]
fn immediates_are_range_checked() {
    one(
        "SHFL.BFLY P1, R3, R2, 0x1, 0x2000",
        1,
        28,
        "`0x2000` is out of range for `vc` (an unsigned 13-bit immediate)",
        "0 ..= 8191 (0x1fff)",
    );
    one(
        "SHFL.BFLY P1, R3, R2, 32, 0x1",
        1,
        23,
        "out of range for `vb`",
        "0 ..= 31",
    );
    one(
        "MOV R1, -1",
        1,
        9,
        "`-1` is negative, but `vb` is an unsigned 32-bit immediate",
        "",
    );
    one("MOV R1, 0x1_0000_0000", 1, 9, "out of range", "4294967295");
    one(
        "IADD3 R0, R1, -2147483649, RZ",
        1,
        15,
        "out of range for `vb` (a signed 32-bit immediate)",
        "-2147483648 ..= 2147483647",
    );
    one("DEPBAR 0x8, 0x1", 1, 8, "unsigned 3-bit", "0 ..= 7");
    one(
        "FADD R1, R2, 1e39",
        1,
        14,
        "out of range for a 32-bit float",
        "0f7f800000",
    );
    one("MOV R1, 12abc", 1, 9, "invalid number `12abc`", "");
}

#[test]
fn signed_fields_take_negative_values_and_bit_patterns() {
    let isa = isas::w128();
    let a = asm::assemble_line(isa, "IADD3 R4, R4, -1, RZ").unwrap();
    let b = asm::assemble_line(isa, "IADD3 R4, R4, 0xffffffff, RZ").unwrap();
    assert_eq!(a, b);
    assert_eq!(
        warpscope_core::disasm::disasm(isa, &b),
        "IADD3 R4, R4, -1, RZ ;"
    );
    let c = asm::assemble_line(isa, "IADD3 R4, R4, -2147483648, RZ").unwrap();
    assert_eq!(c.get(isa, "vb"), Some(0x8000_0000));
}

#[test]
fn modifiers_missing_unknown_duplicate_or_misplaced() {
    one(
        "SHFL P0, R1, R2, 0x1, 0x1f",
        1,
        1,
        "SHFL needs a `.mode` modifier",
        ".mode = .IDX | .UP | .DOWN | .BFLY",
    );
    one(
        "SHFL.SIDEWAYS P0, R1, R2, 0x1, 0x1f",
        1,
        5,
        "unknown modifier `.SIDEWAYS` for SHFL",
        "write SHFL.mode",
    );
    one(
        "REDUX.SUM.SUM R0, R1",
        1,
        10,
        "`.reduxop` of REDUX is given twice",
        "",
    );
    one(
        "REDUX.SUM.S32 R0, R1",
        1,
        10,
        "modifier `.S32` is out of order",
        "write REDUX{.dtype}.reduxop: .dtype = .U32 (default) | .S32",
    );
    one(
        "MOV.X R1, R2",
        1,
        4,
        "unknown modifier `.X` for MOV",
        "MOV takes no modifiers",
    );
    one("REDUX. R0, R1", 1, 6, "empty modifier", "");
    one(
        "ISETP.LT P0, PT, R1, R2, PT",
        1,
        1,
        "ISETP needs a `.bop` modifier",
        ".AND",
    );
}

#[test]
fn modifiers_are_case_insensitive_and_optional_ones_may_go() {
    let isa = isas::w128();
    let a = asm::assemble_line(isa, "redux.u32.sum r0, r1").unwrap();
    let b = asm::assemble_line(isa, "REDUX.SUM R0, R1 ;").unwrap();
    assert_eq!(a, b);
    assert_eq!(
        warpscope_core::disasm::disasm(isa, &a),
        "REDUX.SUM R0, R1 ;"
    );
}

#[test]
fn bad_registers() {
    one(
        "MOV R255, R1",
        1,
        5,
        "`R255` is not a register: they are R0..R254",
        "write `RZ`",
    );
    one(
        "MOV R1, R300",
        1,
        9,
        "`R300` is not a register",
        "R0..R254, or RZ",
    );
    one("@P7 EXIT", 1, 2, "`P7` is not a predicate", "write `PT`");
    one(
        "MOV R1, UR63",
        1,
        9,
        "`UR63` is not a uniform register",
        "write `URZ`",
    );
    one("@R1 EXIT", 1, 2, "the guard must be a predicate", "");
    one("@ EXIT", 1, 3, "expected a predicate after `@`", "");
}

#[test]
fn register_pairs() {
    one(
        "MATCH.U64.ALL R0, P0, R3",
        1,
        23,
        "64-bit register pair and must start at an even register",
        "R[2:3]",
    );
    one(
        "MATCH.U64.ALL R0, P0, R[3:4]",
        1,
        23,
        "invalid register pair `R[3:4]`",
        "R[2:3]",
    );
    one(
        "MATCH.U64.ALL R0, P0, R[2:4]",
        1,
        23,
        "invalid register pair",
        "",
    );
    one(
        "MATCH.ALL R0, P0, R[2:3]",
        1,
        19,
        "operand `ra` is 32 bits wide here, not a register pair",
        "R2",
    );
    one(
        "MATCH.U64.ALL R0, P0, R[2 3]",
        1,
        27,
        "expected `:` between the registers of a pair",
        "",
    );
    let isa = isas::w128();
    let a = asm::assemble_line(isa, "MATCH.U64.ALL R0, P0, R2").unwrap();
    let b = asm::assemble_line(isa, "MATCH.U64.ALL R0, P0, R[2:3]").unwrap();
    assert_eq!(a, b);
    assert_eq!(
        warpscope_core::disasm::disasm(isa, &a),
        "MATCH.U64.ALL R0, P0, R[2:3] ;"
    );
    let z = asm::assemble_line(isa, "MATCH.U64.ALL R0, P0, RZ").unwrap();
    assert_eq!(
        warpscope_core::disasm::disasm(isa, &z),
        "MATCH.U64.ALL R0, P0, RZ ;"
    );
}

#[test]
fn prefixes() {
    one(
        "MOV !R1, R2",
        1,
        5,
        "`!` cannot be applied to operand `rd`",
        "`.not` field",
    );
    one(
        "ELECT P0, R1, !UR2",
        1,
        15,
        "`!` cannot be applied to operand `urb`",
        "",
    );
    one(
        "ELECT P0, R1, ~P2",
        1,
        15,
        "`~` cannot be applied to operand `pp`",
        "`.bitnot`",
    );
    let isa = isas::w128();
    let i = asm::assemble_line(isa, "ELECT P0, R1, ~UR2").unwrap();
    assert_eq!(i.get(isa, "urb.bitnot"), Some(1));
}

#[test]
fn constants() {
    one(
        "SWITCH c[0x0][0x162]",
        1,
        15,
        "constant offset 0x162 is not a multiple of 4",
        "0x160 or 0x164",
    );
    one(
        "SWITCH c[0x40][0x0]",
        1,
        10,
        "constant bank 0x40 is out of range",
        "0x0..0x3f",
    );
    one(
        "SWITCH c[0x0][0x10000]",
        1,
        15,
        "constant offset 0x10000 is out of range",
        "",
    );
    one(
        "SWITCH c[0x0]",
        1,
        14,
        "expected `[` before the constant offset",
        "",
    );
}

#[test]
fn labels() {
    one(
        "a: EXIT\nb: EXIT\na: EXIT",
        3,
        1,
        "label `a` is defined twice",
        "first defined on line 1",
    );
    one("BRA nowhere", 1, 5, "undefined label `nowhere`", "");
    one(
        "loop: EXIT\nBRA lopo",
        2,
        5,
        "undefined label `lopo`",
        "`loop`",
    );
    one(
        "GETREG R0, SR_PM1",
        1,
        12,
        "undefined label `SR_PM1`",
        "`SR_PM1` is a SReg value; here write its number, 0xf",
    );
    one("R1: EXIT", 1, 1, "`R1` is a register name, not a label", "");
    one(
        "DEPBAR end, 0x1\nend: EXIT",
        1,
        8,
        "out of range for `sbid`",
        "0 ..= 7",
    );
    let isa = isas::w128();
    let p = asm::assemble(isa, "BRA end\nEXIT\nend:\nmid: EXIT").unwrap();
    assert_eq!(
        p.labels,
        vec![("end".to_string(), 0x20), ("mid".to_string(), 0x20)]
    );
    assert_eq!(p.lines[0].inst.get(isa, "target"), Some(0x20));
}

#[test]
fn controls() {
    one(
        "EXIT $foo=1",
        1,
        7,
        "unknown control `$foo`",
        "$sched $req $wsb",
    );
    one(
        "EXIT $wsb=9",
        1,
        11,
        "`9` is out of range for `wsb`",
        "0 ..= 7",
    );
    one(
        "EXIT $sched=1 $sched=2",
        1,
        15,
        "`$sched` is given twice",
        "column 6",
    );
    one("EXIT $sched", 1, 12, "expected `=` after `$sched`", "");
    one("EXIT $sched=-1", 1, 13, "negative", "");
    let isa = isas::w128();
    let a = asm::assemble_line(isa, "EXIT $SCHED=0x4 $wsb=7").unwrap();
    assert_eq!(warpscope_core::disasm::disasm(isa, &a), "EXIT $sched=4 ;");
}

#[test]
fn syntax_errors() {
    one("MOV R1 R2", 1, 8, "unexpected `R2`", "separated by `,`");
    one("MOV R1, , R2", 1, 9, "expected an operand, found `,`", "");
    one(
        "MOV R1, R2 # copy",
        1,
        12,
        "unexpected character `#`",
        "`//`",
    );
    one(
        "MOV R1, R2 /* open",
        1,
        12,
        "unterminated `/*` comment",
        "`*/`",
    );
    one(
        "0x10 EXIT",
        1,
        1,
        "expected an instruction, found `0x10`",
        "",
    );
    one("MOV R1, -R2", 1, 10, "expected a number after `-`", "");
}

#[test]
fn every_error_in_a_file_is_reported_in_order() {
    let src = "\
MOV R1, R2          // fine
MOVE R1, R2         // 2:1 unknown mnemonic
SHFL.BFLY P0, R1, R2, 0x1, 0x2000   // 3:28 range
EXIT
BRA missing         // 5:5 undefined label
MOV R255, R0; MOV R1, P0   // 6:5 and 6:23
";
    let d = diags_of(src);
    let at: Vec<(usize, usize)> = d.iter().map(|x| (x.0, x.1)).collect();
    assert_eq!(at, vec![(2, 1), (3, 28), (5, 5), (6, 5), (6, 23)], "{d:#?}");
}

#[test]
fn setup_directives() {
    let isa = isas::w128();
    let p = asm::assemble(
        isa,
        "
        .active 0xffff
        .init R1 = lane * 4 + 1
        .init P0 = lane % 2 == 0
        .init UR5 = 1 << 4 | 3
        .init UP2 = 3 > 2
        .init R2 = {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31}
        .init P1 = {1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0}
        EXIT
        ",
    )
    .unwrap();
    let s = &p.setup;
    assert_eq!(s.active, 0xffff);
    assert!(s.active_span.is_some());
    assert_eq!(s.inits.len(), 6);
    let mut lanes = [0u32; 32];
    for (l, v) in lanes.iter_mut().enumerate() {
        *v = l as u32 * 4 + 1;
    }
    assert_eq!(s.inits[0].target, Loc::R(1));
    assert_eq!(s.inits[0].value, Value::Lanes(lanes));
    assert_eq!(s.inits[1].value, Value::Mask(0x5555_5555));
    assert_eq!(s.inits[2].value, Value::Scalar(0x13));
    assert_eq!(s.inits[3].value, Value::Bool(true));
    let mut ids = [0u32; 32];
    for (l, v) in ids.iter_mut().enumerate() {
        *v = l as u32;
    }
    assert_eq!(s.inits[4].value, Value::Lanes(ids));
    assert_eq!(s.inits[5].value, Value::Mask(0x5555_5555));
    assert!(p.warnings.is_empty());
    // Defaults.
    let p = asm::assemble(isa, "EXIT").unwrap();
    assert_eq!(p.setup.active, u32::MAX);
    assert!(p.setup.inits.is_empty());
}

#[test]
fn setup_directive_errors() {
    one(
        ".init R1 = 10 / (lane - 3)",
        1,
        17,
        "division by zero",
        "lane 3",
    );
    one(
        ".init UR1 = lane + 1",
        1,
        13,
        "`lane` cannot be used for UR1",
        "uniform",
    );
    one(
        ".init R1 = {1, 2, 3}",
        1,
        12,
        "exactly 32 values, found 3",
        "",
    );
    one(
        ".init RZ = 1",
        1,
        7,
        "`RZ` always reads 0 and cannot be initialised",
        "",
    );
    one(".init Q1 = 1", 1, 7, "`Q1` is not a register", "R0..R254");
    one(
        ".init R1 = foo",
        1,
        12,
        "unknown name `foo` in expression",
        "`lane`",
    );
    one(".init R1 = (1 + 2", 1, 18, "expected `)`", "");
    one(".init R1 1", 1, 10, "expected `=` after `R1`", "");
    one(
        ".init UR1 = {1}",
        1,
        13,
        "holds one value for the whole warp",
        "",
    );
    one(
        ".active lane",
        1,
        9,
        "`lane` cannot be used in `.active`",
        "",
    );
    one(
        ".active 1 2",
        1,
        11,
        "unexpected `2` after the expression",
        "",
    );
    one(
        ".activ 0xff",
        1,
        1,
        "unknown directive `.activ`",
        "`.active MASK`",
    );
    one(
        ".init R1 = 0x1_0000_0000",
        1,
        12,
        "does not fit in 32 bits",
        "",
    );
}

#[test]
fn setup_warnings() {
    let isa = isas::w128();
    let src = ".init R1 = 1\n.init R1 = 2\n.active 0\nEXIT";
    let p = asm::assemble(isa, src).unwrap();
    assert_eq!(p.setup.inits.len(), 1);
    assert_eq!(p.setup.inits[0].value, Value::Lanes([2; 32]));
    let w: Vec<(usize, usize, String)> = p
        .warnings
        .iter()
        .map(|d| {
            let lc = line_col(src, d.span.start);
            (lc.line, lc.col, d.message())
        })
        .collect();
    assert_eq!(
        w,
        vec![
            (2, 1, "R1 is initialised twice; this value wins".to_string()),
            (
                3,
                9,
                "no lane is active: the program does nothing".to_string()
            ),
        ]
    );
}

#[test]
fn assemble_line_takes_exactly_one_instruction() {
    let isa = isas::w128();
    let e = asm::assemble_line(isa, "EXIT ; EXIT").unwrap_err();
    assert_eq!(e[0].span.start, 7);
    assert!(e[0].message().contains("only one instruction"));
    let e = asm::assemble_line(isa, "  ").unwrap_err();
    assert!(e[0].message().contains("expected an instruction"));
    let e = asm::assemble_line(isa, "x: EXIT").unwrap_err();
    assert!(e[0].message().contains("labels are not allowed"));
    let e = asm::assemble_line(isa, ".init R1 = 1").unwrap_err();
    assert!(e[0].message().contains("directives are not allowed"));
    assert!(asm::assemble_line(isa, "EXIT ;").is_ok());
    assert!(asm::assemble_line(isa, "EXIT // done").is_ok());
    // Every statement's bad characters are reported, the third's too, and
    // before the complaint about the second.
    let e = asm::assemble_line(isa, "EXIT # ; NOP ; NOP #").unwrap_err();
    let found: Vec<(usize, String)> = e.iter().map(|d| (d.span.start, d.message())).collect();
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].0 == 5 && found[1].0 == 19, "{found:?}");
    assert!(
        found[2].1.contains("only one instruction") && found[2].0 == 9,
        "{found:?}"
    );
}

#[test]
fn statements_lines_and_addresses() {
    let isa = isas::w128();
    let src = "// header\nMOV R1, R2 ; MOV R3, R4\n\n  /* c */ EXIT\n";
    let p = asm::assemble(isa, src).unwrap();
    let info: Vec<(u64, usize, &str)> = p
        .lines
        .iter()
        .map(|l| (l.addr, l.line, &src[l.span.start..l.span.end]))
        .collect();
    assert_eq!(
        info,
        vec![
            (0x0, 2, "MOV R1, R2"),
            (0x10, 2, "MOV R3, R4"),
            (0x20, 4, "EXIT")
        ]
    );
}

/// Every listed instruction's line is the line its text starts on,
/// whatever came before it: block comments over several lines, CRLF line
/// ends, `;` comments (AMDGPU), labels used before they are defined.
#[test]
fn instruction_lines_count_every_line_end() {
    let w128 = isas::w128();
    let gfx9 = warpscope_core::isas::Id::Gfx9.isa();
    let texts: Vec<(&warpscope_core::spec::model::Isa, String)> = vec![
        (
            w128,
            "/* one\ntwo\n three */ MOV R1, R2\n\n/*\n*/\nEXIT".into(),
        ),
        (
            w128,
            "MOV R1, R2\r\n\r\n  @P0 BRA end ; NOP\r\nend: EXIT\r\n".into(),
        ),
        (
            w128,
            "BRA x /* a\nb */ ; NOP\n x: NOP // c\n/* d */ EXIT".into(),
        ),
        (
            gfx9,
            "s_nop 0 ; one\n; two\n\ns_getreg_b32 s1, hwreg(HW_REG_MODE) ; x\ns_endpgm".into(),
        ),
    ];
    let examples = warpscope_core::examples::w128_examples()
        .iter()
        .map(|e| (w128, e.source.to_string()));
    for (isa, src) in texts.into_iter().chain(examples) {
        let p = asm::assemble(isa, &src).unwrap_or_else(|e| panic!("{src}: {e:?}"));
        assert!(!p.lines.is_empty());
        for l in &p.lines {
            let want = 1 + src[..l.span.start].matches('\n').count();
            assert_eq!(
                l.line,
                want,
                "{:?} in {src:?}",
                &src[l.span.start..l.span.end]
            );
        }
    }
}

#[test]
fn floats() {
    let isa = isas::w128();
    for (src, bits) in [
        ("FADD R1, R2, 1.5", 0x3fc0_0000u64),
        ("FADD R1, R2, -2.0", 0xc000_0000),
        ("FADD R1, R2, 2", 0x4000_0000),
        ("FADD R1, R2, 0f3fc00000", 0x3fc0_0000),
        ("FADD R1, R2, 0f7fc00001", 0x7fc0_0001),
        ("FADD R1, R2, -0.0", 0x8000_0000),
        ("FADD R1, R2, 1e-45", 0x0000_0001),
    ] {
        let i = asm::assemble_line(isa, src).unwrap();
        assert_eq!(i.get(isa, "vb"), Some(bits), "{src}");
        let text = warpscope_core::disasm::disasm(isa, &i);
        assert_eq!(asm::assemble_line(isa, &text).unwrap(), i, "{text}");
    }
    let nan = asm::assemble_line(isa, "FADD R1, R2, 0f7fc00001").unwrap();
    assert_eq!(
        warpscope_core::disasm::disasm(isa, &nan),
        "FADD R1, R2, 0f7fc00001 ;"
    );
}

/// "Did you mean" compares a name with every label, so a text with
/// thousands of undefined labels (a fuzzer's find: quadratic time) gets
/// suggestions for its first hundred only; every one is still reported.
#[test]
fn many_undefined_labels_are_reported_and_only_the_first_get_suggestions() {
    let isa = warpscope_core::isas::w128();
    let mut src = String::new();
    for i in 0..300 {
        src.push_str(&format!("L{i}: NOP\n"));
    }
    for i in 0..300 {
        src.push_str(&format!("BRA M{i}\n"));
    }
    let diags = warpscope_core::asm::assemble(isa, &src).unwrap_err();
    let undefined: Vec<_> = diags
        .iter()
        .filter(|d| d.message().starts_with("undefined label"))
        .collect();
    assert_eq!(undefined.len(), 300);
    let helped = |d: &&warpscope_core::diag::Diagnostic| {
        d.help()
            .as_deref()
            .is_some_and(|h| h.contains("did you mean"))
    };
    assert!(undefined[..100].iter().all(helped));
    assert!(!undefined[100..].iter().any(helped));
}

/// Found by the `asm` fuzz target: a float written for a Maxwell control
/// (`0ffff` reads as the float bits 0xfff) was taken without a range
/// check, so the 4-bit stall count encoded as 15 and the word no longer
/// decoded to what was assembled. A float now fits only a float field.
#[test]
fn a_float_is_refused_where_no_float_fits() {
    let isa = isas::Id::Sm50.isa();
    let src = "S2R R0, SR_EQMASK $stall=0ffff";
    let d = asm::assemble(isa, src).expect_err("a float in a 4-bit control");
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(line_col(src, d[0].span.start).col, 26);
    assert!(
        d[0].message()
            .contains("`0ffff` is a 32-bit float, but `stall` is an unsigned 4-bit immediate"),
        "{}",
        d[0].message()
    );
    for ok in [
        "S2R R0, SR_EQMASK $stall=0xf",
        "S2R R0, SR_EQMASK $stall=15",
    ] {
        assert!(asm::assemble(isa, ok).is_ok(), "{ok}");
    }
}

/// Instructions built at once and those that wait for a label further
/// on keep their order and addresses, across two-word instructions, and
/// a statement with errors among them takes no address of its own but
/// still counts a word, as the listing's addresses show.
#[test]
fn forward_labels_keep_order_and_addresses() {
    let gfx9 = warpscope_core::isas::Id::Gfx9.isa();
    let src = "s_setreg_imm32_b32 hwreg(HW_REG_MODE), end\n\
               s_nop 0\n\
               s_setreg_imm32_b32 hwreg(HW_REG_MODE), 5\n\
               s_getreg_b32 s1, hwreg(HW_REG_MODE, 3, 1)\n\
               end: s_nop 1\n";
    let p = asm::assemble(gfx9, src).unwrap_or_else(|e| panic!("{e:?}"));
    let got: Vec<(u64, usize)> = p.lines.iter().map(|l| (l.addr, l.line)).collect();
    assert_eq!(got, vec![(0, 1), (8, 2), (12, 3), (20, 4), (24, 5)]);
    assert_eq!(p.labels, vec![("end".to_string(), 24)]);
    let literal = p.lines[0].inst.values.contains(&24);
    assert!(literal, "the forward label's value: {:?}", p.lines[0].inst);

    let bad = "BRA later ; BRA nowhere ; MOV R1, R2 ; BRA elsewhere\nlater: EXIT";
    let d = diags_of(bad);
    let lines: Vec<_> = d.iter().map(|(_, c, m, _)| (*c, m.as_str())).collect();
    assert_eq!(
        lines,
        vec![
            (17, "undefined label `nowhere`"),
            (44, "undefined label `elsewhere`")
        ],
        "{d:#?}"
    );
}
