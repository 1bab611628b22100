//! The simulator resolves every opcode's fields once per ISA: the bundled
//! ISAs prepare without error, and a description whose fields do not fit
//! the semantics is reported, naming the opcode and the field.

use warpscope_core::spec::load;
use warpscope_core::{asm, isas, sim};

#[test]
fn every_opcode_of_every_bundled_isa_prepares() {
    for name in isas::NAMES {
        let isa = isas::by_name(name).unwrap();
        let p = sim::prepare(isa).unwrap_or_else(|e| {
            let lines: Vec<String> = e.iter().map(ToString::to_string).collect();
            panic!("{name}:\n{}", lines.join("\n"))
        });
        assert_eq!(p.len(), isa.opcodes.len());
        for (i, op) in isa.opcodes.iter().enumerate() {
            assert!(p.simulates(i), "{name}: {} has no semantics", op.name);
        }
    }
}

/// A small w128-like ISA with a SHFL whose destination is called `dst`
/// instead of `rd`, and a VOTE whose `pu` is a general register.
const RENAMED: &str = r#"
__DefBitFieldType Optype<4>
    SHFL;
    VOTE;
    NOP;
__DefBitFieldType SHFLMode<2>
    IDX;
    UP;
    DOWN;
    BFLY;
__DefBitFieldType VOTEOp<2>
    ANY;
    ALL;
    EQ;
__DefGroup ALL
  __Encoding
    field<4, 3> Pred pg = PT;
    field<7, 1> PModi pg.not = False;
__DefOptype SHFL : [ALL]
  __Encoding
    field<0, 4> Optype optype == SHFL;
    field<8, 2> SHFLMode mode;
    field<10, 3> Pred pu;
    field<16, 8> Reg dst;
    field<24, 8> Reg ra;
    field<32, 5> UImm5 vb;
    field<40, 13> UImm13 vc;
  __Syntax
```asm
SHFL.mode Pu, Rd, Ra, b, c ;
```
__DefOpcode SHFL_II : [SHFL]
  __OperandInfo
    InList<pg, ra, vb, vc>;
    OutList<pu, dst>;
    Order<pg, pu, dst, ra, vb, vc>;
__DefOptype VOTE : [ALL]
  __Encoding
    field<0, 4> Optype optype == VOTE;
    field<8, 2> VOTEOp voteop;
    field<16, 8> Reg rd;
    field<24, 8> Reg pu;
    field<32, 3> Pred pp;
    field<35, 1> PModi pp.not = False;
  __Syntax
```asm
VOTE.voteop Rd, Pu, Pp ;
```
__DefOpcode VOTE_R : [VOTE]
  __OperandInfo
    InList<pg, pp>;
    OutList<rd, pu>;
    Order<pg, rd, pu, pp>;
__DefOptype NOP : [ALL]
  __Encoding
    field<0, 4> Optype optype == NOP;
  __Syntax
```asm
NOP ;
```
__DefOpcode NOP_X : [NOP]
  __OperandInfo
    InList<pg>;
    OutList<>;
    Order<pg>;
"#;

#[test]
fn a_renamed_or_retyped_field_is_an_error_naming_opcode_and_field() {
    let isa = load("renamed", 64, &[("renamed.isa", RENAMED)]).unwrap_or_else(|d| panic!("{d:?}"));
    let errors = sim::prepare(&isa).expect_err("SHFL has no rd");
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 2, "{text:?}");
    assert_eq!(
        (errors[0].opcode.as_str(), errors[0].field.as_str()),
        ("SHFL_II", "rd")
    );
    assert!(text[0].contains("SHFL_II") && text[0].contains("`rd`") && text[0].contains("missing"));
    assert_eq!(
        (errors[1].opcode.as_str(), errors[1].field.as_str()),
        ("VOTE_R", "pu")
    );
    assert!(text[1].contains("Reg"), "{}", text[1]);

    // The simulator still runs such a program: the broken opcode is a
    // no-op with a warning that says why, never a write to RZ.
    let p = asm::assemble(&isa, "SHFL.BFLY P0, R1, R0, 1, 0x1f\nNOP").unwrap();
    let mut s = sim::Sim::new(&isa, &p, sim::LaunchConfig::default());
    let w = s.warnings();
    assert_eq!(w.len(), 1);
    assert!(
        w[0].message.contains("SHFL_II") && w[0].message.contains("`rd`"),
        "{}",
        w[0].message
    );
    assert!(s.step().is_some_and(|e| e.writes.is_empty()));
    // Its guard still decides which lanes take part.
    let p = asm::assemble(&isa, "@P1 SHFL.BFLY P0, R1, R0, 1, 0x1f").unwrap();
    let mut s = sim::Sim::new(&isa, &p, sim::LaunchConfig::default());
    assert!(s.step().is_some_and(|e| e.active == !0 && e.lanes == 0));
}
