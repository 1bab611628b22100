//! The assembler, encoder, decoder and disassembler know nothing about
//! w128: a small 32-bit ISA loaded from text works the same way.

use warpscope_core::spec::load;
use warpscope_core::spec::model::Isa;
use warpscope_core::{
    asm,
    codec::{decode, encode},
    disasm,
};

const TINY: &str = r#"
__DefBitFieldType Optype<4>
    NOP;
    ADD;
    LD;
__DefBitFieldType Width<2>
    B32;
    B64;
__DefBitFieldType Cache<1>
    CA;
    CG;
__DefGroup ALL
  __Encoding
    field<4, 3> Pred pg = PT;
    field<7, 1> PModi pg.not = False;
    field<30, 2> UImm2 yield = 0;
__DefOptype ADD : [ALL]
  __Encoding
    field<0, 4> Optype optype == ADD;
    field<8, 8> Reg rd;
    field<16, 8> Reg ra;
    field<24, 6> SImm6 imm;
  __Syntax
```asm
ADD Rd, Ra, Imm ;
```
__DefOpcode ADD_I : [ADD]
  __OperandInfo
    InList<pg, ra>;
    OutList<rd>;
    Order<pg, rd, ra, imm>;
__DefOptype LD : [ALL]
  __Encoding
    field<0, 4> Optype optype == LD;
    field<8, 8> Reg rd;
    field<16, 6> UReg ura;
    field<22, 1> SignModi ura.bitnot = False;
    field<23, 2> Width width = B32;
    field<25, 1> Cache cache;
  __Syntax
```asm
LD.cache{.width} Rd, URa ;
```
__DefOpcode LD_U : [LD]
  __OperandInfo
    InList<pg, ura>;
    OutList<rd>;
    Order<pg, rd, ura>;
    Bitwidth<rd> = 32 + (width == "B64") * 32;
    Bitwidth<ura> = 32;
"#;

fn tiny() -> Isa {
    load("tiny", 32, &[("tiny.isa", TINY)]).unwrap_or_else(|d| panic!("{d:?}"))
}

#[test]
fn a_small_isa_assembles_and_round_trips() {
    let isa = tiny();
    let p = asm::assemble(
        &isa,
        "top: @!P1 add r2, r3, -32 $yield=3\nLD.CG.B64 R[4:5], ~UR7\nLD.CA R9, UR1",
    )
    .unwrap();
    assert_eq!(
        p.lines.iter().map(|l| l.addr).collect::<Vec<_>>(),
        vec![0, 4, 8],
        "4-byte words"
    );
    let words: Vec<u128> = p
        .lines
        .iter()
        .map(|l| encode::encode(&isa, &l.inst))
        .collect();
    // optype 1, pg 1, pg.not 1, rd 2, ra 3, imm -32 = 0b100000, yield 3.
    let add = 1 | (1 << 4) | (1 << 7) | (2 << 8) | (3 << 16) | (0x20 << 24) | (3 << 30);
    // optype 2, pg PT, rd 4, ura 7, bitnot, width B64, cache CG.
    let ld = 2 | (7 << 4) | (4 << 8) | (7 << 16) | (1 << 22) | (1 << 23) | (1 << 25);
    assert_eq!(words[..2], [add, ld]);
    assert_eq!(disasm::format_hex(&isa, words[0]), format!("{add:08x}"));
    let texts: Vec<String> = p
        .lines
        .iter()
        .map(|l| disasm::disasm(&isa, &l.inst))
        .collect();
    assert_eq!(
        texts,
        [
            "@!P1 ADD R2, R3, -32 $yield=3 ;",
            "LD.CG.B64 R[4:5], ~UR7 ;",
            "LD.CA R9, UR1 ;"
        ]
    );
    for (l, w) in p.lines.iter().zip(&words) {
        assert_eq!(decode::decode_inst(&isa, *w).unwrap(), l.inst);
    }
}

#[test]
fn a_small_isa_reports_its_own_limits() {
    let isa = tiny();
    let e = asm::assemble(&isa, "ADD R1, R2, 64").unwrap_err();
    assert!(
        e[0].message().contains("signed 6-bit"),
        "{}",
        e[0].message()
    );
    assert!(e[0].help().as_deref().unwrap_or("").contains("-32 ..= 31"));
    let e = asm::assemble(&isa, "LD.B64 R1, UR2\nLD.CA.B64 R1, UR2").unwrap_err();
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e[0].message().contains("needs a `.cache` modifier"),
        "{}",
        e[0].message()
    );
    assert!(e[0]
        .help()
        .as_deref()
        .unwrap_or("")
        .contains(".cache = .CA | .CG"));
    assert!(e[1].message().contains("must start at an even register"));
    assert_eq!(e[1].span.start, "LD.B64 R1, UR2\nLD.CA.B64 ".len());
    // Words wider than 32 bits.
    let d = disasm::parse_hex(&isa, "1_0000_0000").unwrap_err();
    assert!(d.message().contains("32-bit"), "{}", d.message());
    assert!(matches!(
        decode::decode_inst(&isa, 1 << 40 | 1),
        Err(decode::DecodeError::UnusedBits { .. })
    ));
    // Bits 26..29 of LD are unused.
    let ld = asm::assemble_line(&isa, "LD.CA R9, UR1").unwrap();
    let w = encode::encode(&isa, &ld) | (1 << 27);
    let err = decode::decode_inst(&isa, w).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bit 27 is set but unused by LD_U (unused bits must be 0)"
    );
    // An odd register where the modifiers make a 64-bit pair.
    let bad = encode::encode(&isa, &ld) | (1 << 23);
    let err = decode::decode_inst(&isa, bad).unwrap_err();
    assert!(err.to_string().contains("even register"), "{err}");
}
