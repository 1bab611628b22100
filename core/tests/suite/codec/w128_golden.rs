//! Golden encodings of w128: one or more rows per opcode. The expected hex
//! was worked out from the field positions in `core/isa/w128/*.isa`, not by
//! running the encoder, so a change of encoding shows up here.
//! Every source is written in canonical form, so the disassembly of the
//! decoded word must give it back exactly.

use std::collections::BTreeSet;
use warpscope_core::{
    asm,
    codec::{decode, encode},
    disasm, isas,
};

const GOLDEN: &[(&str, &str)] = &[
    ("S2R R1, SR_LANEID ;", "1c000000000000000000000000017201"),
    (
        "@P2 S2R R200, SR_CTAID.Z ;",
        "1c000000000000000000000d00c82201",
    ),
    (
        "CS2R R[4:5], SR_CLOCK ;",
        "1c000000000000000000003000047202",
    ),
    ("S2UR UR2, SR_CTAID.X ;", "1c000000000000000000000b00027203"),
    ("PMTRIG 0x81 ;", "1c000000000000000000008100007204"),
    ("SETREG 0xffff, R0 ;", "1c000000000000000000ffff00007605"),
    ("SETREG R13, R7 ;", "1c000000000000000000000d07007505"),
    ("SETREG UR9, R1 ;", "1c000000000000000000000901007705"),
    (
        "GETREG R0, 0xdeadbeef ;",
        "1c00000000000000deadbeef00007206",
    ),
    ("GETREG R0, R7 ;", "1c000000000000000000000700007106"),
    ("GETREG R3, UR3 ;", "1c000000000000000000000300037406"),
    ("SWITCH R4 ;", "1c000000000000000000000400007107"),
    ("SWITCH c[0x3][0x160] ;", "1c000000000000000003016000007307"),
    ("SWITCH 0x40 ;", "1c000000000000000000004000007207"),
    ("NOP ;", "1c000000000000000000000000007008"),
    (
        "NOP $sched=15 $req=63 $wsb=0 ;",
        "03ff0000000000000000000000007008",
    ),
    ("IBBAR ;", "1c000000000000000000000000007009"),
    ("DEPBAR 0x5, 0xff ;", "1c0000000000000000000ff50000720a"),
    (
        "SHFL.UP P0, R1, R0, RZ, R9 ;",
        "1c00000000010009000000ff00017910",
    ),
    (
        "@!P0 SHFL.BFLY P1, R3, R2, R5, 0x1f ;",
        "1c0004000003000000001f0502038a10",
    ),
    (
        "SHFL.DOWN PT, R4, R5, 0x1f, R6 ;",
        "1c001c000002000603e0000005047b10",
    ),
    (
        "SHFL.IDX P6, R7, R8, 0x3, 0x1fff ;",
        "1c00180000000000007fff0008077610",
    ),
    ("MOVM R10, R11 ;", "1c00000000000000000000000b0a7111"),
    ("VOTE.ANY R0, P1, !P2 ;", "1c000428000000000000000000007012"),
    (
        "VOTEU.EQ UR0, UP0, PT ;",
        "1c00001c000200000000000000007013",
    ),
    ("REDUX.SUM R0, R1 ;", "1c000000000300000000000001007114"),
    ("REDUX.S32.MIN R2, R3 ;", "1c000000000d00000000000003027114"),
    (
        "REDUXU.S32.MAX UR62, R254 ;",
        "1c000000000c000000000000fe3e7115",
    ),
    ("MATCH.ANY R0, P0, R1 ;", "1c000000000000000000000001007116"),
    (
        "MATCH.U64.ALL R0, P3, R[2:3] ;",
        "1c000c00000300000000000002007116",
    ),
    ("ELECTU P0, UR1, !P4 ;", "1c000030000000000000000000017017"),
    ("ELECTU P1, UR2, ~UR3 ;", "1c000402000000000000000300027417"),
    ("ELECT P2, R5, PT ;", "1c00081c000000000000000000057018"),
    ("ELECT P0, R1, UR4 ;", "1c000000000000000000000400017418"),
    ("MOV R1, R0 ;", "1c000000000000000000000000017120"),
    ("MOV R2, 0x12345678 ;", "1c000000000000001234567800027220"),
    ("MOV R3, UR4 ;", "1c000000000000000000000004037420"),
    ("UMOV UR4, 0xff ;", "1c00000000000000000000ff00047221"),
    ("UMOV UR6, URZ ;", "1c00000000000000000000003f067421"),
    ("IADD3 R0, R1, R2, R3 ;", "1c000000000000030000000201007922"),
    ("IADD3 R4, R4, -1, RZ ;", "1c000000000000ffffffffff04047b22"),
    ("IMAD R0, R1, R2, R3 ;", "1c000000000000030000000201007923"),
    ("IMAD R0, R1, 0x4, RZ ;", "1c000000000000ff0000000401007b23"),
    (
        "IMAD.HI R6, R0, R1, RZ ;",
        "1c000000000100ff0000000100067923",
    ),
    (
        "IMAD.HI.S32 R7, R0, R1, R2 ;",
        "1c000000000300020000000100077923",
    ),
    (
        "IMAD.HI R6, R0, -1431655765, RZ ;",
        "1c000000000100ffaaaaaaab00067b23",
    ),
    (
        "IMAD.HI.S32 R8, R9, 0x7, R10 ;",
        "1c0000000003000a0000000709087b23",
    ),
    (
        "LOP3.LUT R0, R1, R2, R3, 0x96 ;",
        "1c000000000096030000000201007924",
    ),
    (
        "LOP3.LUT R4, R4, 0xff, RZ, 0xc0 ;",
        "1c0000000000c0ff000000ff04047b24",
    ),
    ("SHF.R.S32 R0, R1, R2 ;", "1c000000000300000000000201007525"),
    (
        "SHF.L.U32 R0, R1, 0x2 ;",
        "1c000000000000000000000201007625",
    ),
    (
        "ISETP.GE.S32.AND P1, P2, R1, R2, PT ;",
        "1c00001c011e00000000000201007526",
    ),
    (
        "ISETP.NE.OR P0, PT, R3, 0x10, !P1 ;",
        "1c000024078500000000001003007626",
    ),
    ("SEL R0, R1, R2, P0 ;", "1c000000000000000000000201007527"),
    ("SEL R0, R1, 0x7, !P3 ;", "1c00002c000000000000000701007627"),
    ("POPC R1, R2 ;", "1c000000000000000000000200017128"),
    ("POPC R1, 0xf0f0 ;", "1c000000000000000000f0f000017228"),
    ("BREV R0, R1 ;", "1c000000000000000000000100007129"),
    ("BREV R2, 0x1 ;", "1c000000000000000000000100027229"),
    ("FLO.U32 R0, R1 ;", "1c00000000000000000000010000712a"),
    (
        "FLO.S32 R3, 0xfffffff0 ;",
        "1c00000000010000fffffff00003722a",
    ),
    ("FADD R1, R2, R3 ;", "1c000000000000000000000302017530"),
    ("FADD R1, R2, 1.5 ;", "1c000000000000003fc0000002017630"),
    ("FMUL R1, R2, R3 ;", "1c000000000000000000000302017531"),
    ("FMUL R1, R2, -0.25 ;", "1c00000000000000be80000002017631"),
    ("FFMA R1, R2, R3, R4 ;", "1c000000000000040000000302017932"),
    (
        "FSETP.NEU.AND P1, P2, R0, 1.5, PT ;",
        "1c00001c011d00003fc0000000007633",
    ),
    (
        "FSETP.F.XOR P1, P2, R0, R1, !P3 ;",
        "1c00002c091000000000000100007533",
    ),
    (
        "@!P4 FSETP.GEU.OR P0, PT, R9, R10, P6 ;",
        "1c000018078e00000000000a0900c533",
    ),
    (
        "FSETP.T.AND P0, PT, R3, -0.0, PT ;",
        "1c00001c038f00008000000003007633",
    ),
    ("I2F.F32.S32 R1, R0 ;", "1c000000000200000000000000017134"),
    (
        "I2F.F32.U32 R2, 0xffffffff ;",
        "1c00000000000000ffffffff00027234",
    ),
    ("F2I.S32.TRUNC R1, R0 ;", "1c000000000100000000000000017135"),
    (
        "F2I.U32.TRUNC R3, -2.5 ;",
        "1c00000000000000c020000000037235",
    ),
    ("@P0 BRA 0x20 ;", "1c000000000000000000002000000240"),
    ("EXIT ;", "1c000000000000000000000000007041"),
    ("@!PT EXIT $wsb=5 ;", "1400000000000000000000000000f041"),
    ("BSSY B3, 0x100 ;", "1c000000000000000000010000037242"),
    ("BSYNC B15 ;", "1c00000000000000000000000f007143"),
];

#[test]
fn golden_rows_encode_decode_and_print_back() {
    let isa = isas::w128();
    let mut failures = Vec::new();
    for &(src, hex) in GOLDEN {
        let inst = match asm::assemble_line(isa, src) {
            Ok(i) => i,
            Err(e) => {
                failures.push(format!("{src}: does not assemble: {e:?}"));
                continue;
            }
        };
        let word = encode::encode(isa, &inst);
        let got = disasm::format_hex(isa, word);
        if got != hex {
            failures.push(format!(
                "{src}\n  expected {hex}\n  got      {got}\n  inst {:?} = {inst:?}",
                isa.opcodes[inst.opcode].name
            ));
            continue;
        }
        let expected_word = disasm::parse_hex(isa, hex).expect("golden hex parses");
        match decode::decode_inst(isa, expected_word) {
            Ok(back) if back == inst => {}
            other => failures.push(format!("{src}: {hex} decodes to {other:?}, not {inst:?}")),
        }
        let text = disasm::disasm(isa, &inst);
        if text != src {
            failures.push(format!("{src}: disassembles as `{text}`"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing rows:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn golden_table_covers_every_opcode() {
    let isa = isas::w128();
    let covered: BTreeSet<&str> = GOLDEN
        .iter()
        .filter_map(|(src, _)| asm::assemble_line(isa, src).ok())
        .map(|i| isa.opcodes[i.opcode].name.as_str())
        .collect();
    let missing: Vec<&str> = isa
        .opcodes
        .iter()
        .map(|o| o.name.as_str())
        .filter(|n| !covered.contains(n))
        .collect();
    assert!(
        missing.is_empty(),
        "opcodes without a golden row: {missing:?}"
    );
}
