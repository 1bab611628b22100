//! sm50 golden encodings: hand-checked words for every opcode and operand
//! form, the ptxas vector for S2R, control words, and decoding back.

use warpscope_core::{
    asm,
    codec::{decode, encode},
    disasm, isas,
};

fn isa() -> &'static warpscope_core::spec::model::Isa {
    isas::sm50()
}

/// (source, 64-bit instruction word, canonical disassembly)
const GOLDEN: &[(&str, u64, &str)] = &[
    // ptxas 12.9, -arch=sm_50.
    (
        "S2R R5, SR_LANEID",
        0xf0c8_0000_0007_0005,
        "S2R R5, SR_LANEID ;",
    ),
    (
        "S2R RZ, SR_CLOCKLO",
        0xf0c8_0000_0507_00ff,
        "S2R RZ, SR_CLOCKLO ;",
    ),
    (
        "@P3 S2R R1, SR_TID.X",
        0xf0c8_0000_0213_0001,
        "@P3 S2R R1, SR_TID.X ;",
    ),
    (
        "@!P0 S2R R2, SR_LTMASK",
        0xf0c8_0000_0398_0002,
        "@!P0 S2R R2, SR_LTMASK ;",
    ),
    (
        "@!PT S2R R2, SR_EQMASK",
        0xf0c8_0000_038f_0002,
        "@!PT S2R R2, SR_EQMASK ;",
    ),
    ("S2R R7, SR12", 0xf0c8_0000_00c7_0007, "S2R R7, SR12 ;"),
    ("S2R R7, SR255", 0xf0c8_0000_0ff7_0007, "S2R R7, SR255 ;"),
    ("S2R R7, SR0", 0xf0c8_0000_0007_0007, "S2R R7, SR_LANEID ;"),
    // P2R, immediate SbMask (maxas: 0x38e8000000000000).
    (
        "P2R R5, PR",
        0x38e8_0000_0ff7_ff05,
        "P2R R5, PR, RZ, 0xff ;",
    ),
    (
        "P2R R0, PR, RZ, 0xFF",
        0x38e8_0000_0ff7_ff00,
        "P2R R0, PR, RZ, 0xff ;",
    ),
    (
        "P2R.B1 R0, PR, R0, 0xff",
        0x38e8_0200_0ff7_0000,
        "P2R.B1 R0, PR, R0, 0xff ;",
    ),
    (
        "P2R.B0 R0, CC, R5, 0x1",
        0x38e8_0100_0017_0500,
        "P2R R0, CC, R5, 0x1 ;",
    ),
    (
        "P2R R0, CC, R0, (1<<3)",
        0x38e8_0100_0087_0000,
        "P2R R0, CC, R0, 0x8 ;",
    ),
    (
        "P2R.B3 R9, CC",
        0x38e8_0700_0ff7_ff09,
        "P2R.B3 R9, CC, RZ, 0xff ;",
    ),
    (
        "P2R R1, PR, R2, -1",
        0x39e8_007f_fff7_0201,
        "P2R R1, PR, R2, -1 ;",
    ),
    (
        "P2R R1, PR, R2, 0x7ffff",
        0x38e8_007f_fff7_0201,
        "P2R R1, PR, R2, 0x7ffff ;",
    ),
    (
        "P2R R1, PR, R2, 0xfffff",
        0x39e8_007f_fff7_0201,
        "P2R R1, PR, R2, -1 ;",
    ),
    (
        "@P2 P2R.B2 R3, PR, R3, 0x7f",
        0x38e8_0400_07f2_0303,
        "@P2 P2R.B2 R3, PR, R3, 0x7f ;",
    ),
    // P2R, register and constant SbMask.
    (
        "P2R R1, PR, R1, R2",
        0x5ce8_0000_0027_0101,
        "P2R R1, PR, R1, R2 ;",
    ),
    (
        "P2R.B1 R1, CC, R4, RZ",
        0x5ce8_0300_0ff7_0401,
        "P2R.B1 R1, CC, R4, RZ ;",
    ),
    (
        "P2R R1, PR, R1, c[0x0][0x10]",
        0x4ce8_0000_0047_0101,
        "P2R R1, PR, R1, c[0x0][0x10] ;",
    ),
    (
        "P2R R1, PR, R1, c[0x1f][0xfffc]",
        0x4ce8_007f_fff7_0101,
        "P2R R1, PR, R1, c[0x1f][0xfffc] ;",
    ),
    // EXIT (maxas: 0xe30000000000000f).
    ("EXIT", 0xe300_0000_0007_000f, "EXIT ;"),
    ("@P0 EXIT", 0xe300_0000_0000_000f, "@P0 EXIT ;"),
];

#[test]
fn golden_words() {
    let isa = isa();
    for &(src, want, text) in GOLDEN {
        let (_, word) = super::assemble_golden(isa, src, text);
        let bits = (word & isa.word_mask()) as u64;
        assert_eq!(bits, want, "{src}: got {bits:#018x}, want {want:#018x}");
        assert_eq!(disasm::format_hex(isa, word), format!("{want:016x}"));
    }
}

#[test]
fn word_size_and_dialect() {
    let isa = isa();
    assert_eq!(isa.word_bits, 64);
    let c = isa.dialect.control.expect("sm50 has control words");
    assert_eq!((c.per_word, c.slot_bits), (3, 21));
}

#[test]
fn control_words_and_addresses() {
    let isa = isa();
    let prog = asm::assemble(
        isa,
        "S2R R0, SR_LANEID $stall=6 $wrb=0
         P2R R1, PR $stall=1 $yield=1 $rdb=1 $wait=0x3f $reuse=0xf
         EXIT
         EXIT $stall=15",
    )
    .unwrap();
    let addrs: Vec<u64> = prog.lines.iter().map(|l| l.addr).collect();
    assert_eq!(addrs, [0x8, 0x10, 0x18, 0x28]);
    let insts: Vec<_> = prog.lines.iter().map(|l| l.inst.clone()).collect();
    let units = encode::stream(isa, &insts);
    assert_eq!(units.len(), 6);
    assert_eq!(units[0].kind, encode::UnitKind::Control);
    assert_eq!(units[0].addr, 0);
    assert_eq!(units[4].addr, 0x20);
    // slot 0: stall 6, wrb 0, rdb 7 = 0x706; slot 1: stall 1, yield,
    // wrb 7, rdb 1, wait 0x3f, reuse 0xf = 0x1ff1f1; slot 2: 0x7e0.
    let s0 = 0x706u64;
    let s1 = 1 | 1 << 4 | 7 << 5 | 1 << 8 | 0x3f << 11 | 0xf << 17;
    let s2 = 0x7e0u64;
    assert_eq!(units[0].bits as u64, s0 | s1 << 21 | s2 << 42);
    assert_eq!(
        warpscope_core::codec::control::control_slots(isa, units[0].bits as u64),
        [s0, s1, s2]
    );
    // The last group: EXIT stall 15, then two empty slots.
    assert_eq!(units[4].bits as u64, 0x7ef | 0x7e0 << 21 | 0x7e0 << 42);
    // Back: the instruction word with its slot decodes to the same Inst.
    let w = warpscope_core::codec::control::with_slot(isa, units[2].bits, s1);
    assert_eq!(decode::decode_inst(isa, w).unwrap(), insts[1]);
    assert_eq!(
        disasm::disasm(isa, &insts[1]),
        "P2R R1, PR, RZ, 0xff $stall=1 $yield=1 $rdb=1 $wait=63 $reuse=15 ;"
    );
}
