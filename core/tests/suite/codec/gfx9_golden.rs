//! gfx9 golden encodings, taken from `llvm-mc -arch=amdgcn -mcpu=gfx900
//! -show-encoding` (llvm-14 and llvm-22 agree on all of them), and the
//! assembler's hwreg range checks.

use warpscope_core::{
    asm,
    codec::{decode, encode},
    disasm, isas,
};

fn isa() -> &'static warpscope_core::spec::model::Isa {
    isas::gfx9()
}

/// (source, encoding bytes as llvm-mc prints them, llvm-mc's text)
const GOLDEN: &[(&str, &[u8], &str)] = &[
    (
        "s_getreg_b32 s2, hwreg(HW_REG_LDS_ALLOC, 0, 1)",
        &[0x06, 0x00, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(HW_REG_LDS_ALLOC, 0, 1)",
    ),
    (
        "s_getreg_b32 s2, hwreg(HW_REG_MODE)",
        &[0x01, 0xf8, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(HW_REG_MODE)",
    ),
    (
        "s_getreg_b32 s2, hwreg(15)",
        &[0x0f, 0xf8, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(HW_REG_SH_MEM_BASES)",
    ),
    (
        "s_getreg_b32 s2, 0x1881",
        &[0x81, 0x18, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(HW_REG_MODE, 2, 4)",
    ),
    (
        "s_getreg_b32 s2, hwreg(1, 2, 4)",
        &[0x81, 0x18, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(HW_REG_MODE, 2, 4)",
    ),
    (
        "s_getreg_b32 s2, hwreg(51, 1, 31)",
        &[0x73, 0xf0, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(51, 1, 31)",
    ),
    (
        "s_getreg_b32 s2, hwreg(HW_REG_IB_STS,3,2)",
        &[0xc7, 0x08, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(HW_REG_IB_STS, 3, 2)",
    ),
    (
        "s_getreg_b32 s2, hwreg(1, 0, 32)",
        &[0x01, 0xf8, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(HW_REG_MODE)",
    ),
    (
        "s_getreg_b32 s2, 0xffff",
        &[0xff, 0xff, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(63, 31, 32)",
    ),
    (
        "s_getreg_b32 s2, hwreg(0)",
        &[0x00, 0xf8, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(0)",
    ),
    (
        "s_getreg_b32 s101, hwreg(HW_REG_TMA_HI)",
        &[0x13, 0xf8, 0xe5, 0xb8],
        "s_getreg_b32 s101, hwreg(HW_REG_TMA_HI)",
    ),
    (
        "s_getreg_b32 s2, hwreg(HW_REG_TBA_LO)",
        &[0x10, 0xf8, 0x82, 0xb8],
        "s_getreg_b32 s2, hwreg(HW_REG_TBA_LO)",
    ),
    (
        "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s3",
        &[0x01, 0x18, 0x03, 0xb9],
        "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s3",
    ),
    (
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x0",
        &[0x01, 0xf8, 0x00, 0xba, 0x00, 0x00, 0x00, 0x00],
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0",
    ),
    (
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 3), 0x12345678",
        &[0x81, 0x10, 0x00, 0xba, 0x78, 0x56, 0x34, 0x12],
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 3), 0x12345678",
    ),
    (
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 64",
        &[0x01, 0xf8, 0x00, 0xba, 0x40, 0x00, 0x00, 0x00],
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 64",
    ),
    (
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 65",
        &[0x01, 0xf8, 0x00, 0xba, 0x41, 0x00, 0x00, 0x00],
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x41",
    ),
    (
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0xffffffff",
        &[0x01, 0xf8, 0x00, 0xba, 0xff, 0xff, 0xff, 0xff],
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), -1",
    ),
    (
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), -16",
        &[0x01, 0xf8, 0x00, 0xba, 0xf0, 0xff, 0xff, 0xff],
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), -16",
    ),
    (
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), -17",
        &[0x01, 0xf8, 0x00, 0xba, 0xef, 0xff, 0xff, 0xff],
        "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0xffffffef",
    ),
    ("s_endpgm", &[0x00, 0x00, 0x81, 0xbf], "s_endpgm"),
    ("s_nop 0", &[0x00, 0x00, 0x80, 0xbf], "s_nop 0"),
    ("s_nop 100", &[0x64, 0x00, 0x80, 0xbf], "s_nop 0x64"),
];

fn bytes_to_word(b: &[u8]) -> u128 {
    b.iter().rev().fold(0u128, |w, &x| (w << 8) | u128::from(x))
}

#[test]
fn golden_encodings() {
    let isa = isa();
    for &(src, bytes, text) in GOLDEN {
        let (inst, word) = super::assemble_golden(isa, src, text);
        assert_eq!(word, bytes_to_word(bytes), "{src}: got {word:#x}");
        assert_eq!(isa.opcode_words(inst.def(isa)) as usize, bytes.len() / 4);
        let hex = disasm::format_inst(isa, &inst);
        let want: Vec<String> = bytes
            .chunks(4)
            .map(|c| format!("{:08x}", bytes_to_word(c)))
            .collect();
        assert_eq!(hex, want.join(" "), "{src}");
        assert_eq!(disasm::parse_hex(isa, &hex).unwrap(), word);
    }
}

#[test]
fn opcodes_match_the_brief() {
    // SOPK: bits 31..28 = 1011, opcode 27..23.
    let isa = isa();
    for (name, op) in [
        ("s_getreg_b32", 0x11),
        ("s_setreg_b32", 0x12),
        ("s_setreg_imm32_b32", 0x14),
    ] {
        let ot = isa.optype(name).unwrap();
        let o = &isa.opcodes[ot.opcodes[0]];
        assert_eq!(o.fixed_bits >> 28 & 0xf, 0xb, "{name}");
        assert_eq!(o.fixed_bits >> 23 & 0x1f, op, "{name}");
    }
}

#[test]
fn symbols_and_expressions() {
    let isa = isa();
    let src = "reg = 1
offset = 2
size = 4
hwreg_enc = reg | (offset << 6) | ((size - 1) << 11)
s_getreg_b32 s2, 0x1881
s_getreg_b32 s2, hwreg_enc                     // the same as above
s_getreg_b32 s2, hwreg(1, 2, 4)                // the same as above
s_getreg_b32 s2, hwreg(reg, offset, size)      ; the same as above
S_GETREG_B32 S2, HWREG(HW_REG_MODE, 1 + 1, 2 * 2)
";
    let prog = asm::assemble(isa, src).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(prog.lines.len(), 5);
    let words: Vec<u128> = prog
        .lines
        .iter()
        .map(|l| encode::encode(isa, &l.inst))
        .collect();
    assert!(words.iter().all(|&w| w == 0xb882_1881), "{words:x?}");
    let addrs: Vec<u64> = prog.lines.iter().map(|l| l.addr).collect();
    assert_eq!(addrs, [0, 4, 8, 12, 16]);
}

#[test]
fn literal_takes_a_second_dword() {
    let isa = isa();
    let prog = asm::assemble(
        isa,
        "s_nop 0\na: s_setreg_imm32_b32 hwreg(HW_REG_MODE), 5\nb: s_endpgm",
    )
    .unwrap();
    let addrs: Vec<u64> = prog.lines.iter().map(|l| l.addr).collect();
    assert_eq!(addrs, [0, 4, 12]);
    assert_eq!(prog.labels, [("a".to_string(), 4), ("b".to_string(), 12)]);
}

#[test]
fn range_errors() {
    let isa = isa();
    let cases = [
        ("s_getreg_b32 s2, hwreg(64)", "register id", 23),
        ("s_getreg_b32 s2, hwreg(1,32,1)", "bit offset", 25),
        ("s_getreg_b32 s2, hwreg(1,0,33)", "size", 27),
        ("s_getreg_b32 s2, hwreg(1,0,0)", "size", 27),
        ("s_getreg_b32 s2, 0x10000", "out of range", 17),
        ("s_getreg_b32 s2, -1", "out of range", 17),
        (
            "s_getreg_b32 s2, hwreg(HW_REG_MOD)",
            "unknown hardware register",
            23,
        ),
        ("s_getreg_b32 s2, hwreg(1, 2)", "1 or 3 arguments", 17),
        ("s_getreg_b32 s102, hwreg(1)", "s0..s101", 13),
        ("s_setreg_imm32_b32 hwreg(1), 0x100000000", "32 bits", 29),
    ];
    for (src, msg, at) in cases {
        let errs = asm::assemble_line(isa, src).expect_err(src);
        let e = &errs[0];
        assert!(e.message().contains(msg), "{src}: {}", e.message());
        assert_eq!(e.span.start, at, "{src}: {}", e.message());
    }
    let errs = asm::assemble_line(isa, "s_getreg_b32 s2, hwreg(HW_REG_MOD)").unwrap_err();
    assert!(errs[0]
        .help()
        .as_deref()
        .unwrap_or("")
        .contains("HW_REG_MODE"));
}

#[test]
fn decoder_rejects_what_the_assembler_cannot_write() {
    let isa = isa();
    // sdst 102 (vcc_lo) is not a modelled SGPR: still decodes as a field
    // value, but the text is not an SGPR; bits above a 1-word opcode are
    // unused.
    assert!(decode::decode_inst(isa, 0x1_b882_f801).is_err());
    assert!(decode::decode_inst(isa, 0x0000_0000).is_err());
}
