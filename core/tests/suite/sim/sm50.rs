//! sm50 semantics: S2R, P2R with PR and CC into every byte, SbMask from a
//! register, a constant and an immediate, `.init CC` / `.init PR`, EXIT,
//! and undo.

use warpscope_core::asm;
use warpscope_core::isas;
use warpscope_core::sim::{EventDetail, LaunchConfig, Loc, RunStatus, Sim, Value};

fn run(src: &str) -> Sim {
    run_with(src, LaunchConfig::default())
}

fn run_with(src: &str, config: LaunchConfig) -> Sim {
    let isa = isas::sm50();
    let prog = asm::assemble(isa, src).unwrap_or_else(|e| panic!("{e:?}"));
    let mut sim = Sim::new(isa, &prog, config);
    assert_eq!(sim.run(1000), RunStatus::Exited);
    sim
}

/// The reference P2R: byte `k` of `ra` takes `src` bits where `mask` is 1.
fn p2r(ra: u32, src: u32, mask: u32, k: u32) -> u32 {
    let m = (mask & 0xff) << (8 * k);
    (ra & !m) | ((src << (8 * k)) & m)
}

#[test]
fn s2r_reads_lane_registers() {
    let sim = run("S2R R0, SR_LANEID\nS2R R1, SR_LTMASK\nS2R R2, SR_TID.X\nS2R R3, SR12\nEXIT");
    let st = sim.state();
    for l in 0..32 {
        assert_eq!(st.reg(0)[l], l as u32);
        assert_eq!(st.reg(1)[l], (1u32 << l) - 1);
        assert_eq!(st.reg(2)[l], l as u32);
        assert_eq!(st.reg(3)[l], 0);
    }
}

#[test]
fn p2r_packs_predicates_per_lane() {
    // P0 = lane bit 0, ..., P6 = lane bit 6 of (lane * 37): every lane has
    // its own PR.
    let mut src = String::new();
    for p in 0..7 {
        src.push_str(&format!(".init P{p} = ((lane * 37) >> {p}) & 1\n"));
    }
    src.push_str(".init R1 = 0xa5a5a5a5 ^ lane\n");
    src.push_str(
        "P2R R0, PR
         P2R.B1 R2, PR, R1, 0xff
         P2R.B2 R3, PR, R1, 0x0f
         P2R.B3 R4, PR, R1, 0x80
         EXIT",
    );
    let sim = run(&src);
    let st = sim.state();
    for l in 0..32u32 {
        let pr = (l * 37) & 0x7f;
        let r1 = 0xa5a5_a5a5 ^ l;
        assert_eq!(st.reg(0)[l as usize], pr, "lane {l}");
        assert_eq!(st.reg(2)[l as usize], p2r(r1, pr, 0xff, 1), "lane {l}");
        assert_eq!(st.reg(3)[l as usize], p2r(r1, pr, 0x0f, 2), "lane {l}");
        assert_eq!(st.reg(4)[l as usize], p2r(r1, pr, 0x80, 3), "lane {l}");
        assert_eq!(st.pr()[l as usize], pr);
    }
}

#[test]
fn p2r_reads_cc_and_mask_forms() {
    let config = super::with_constant(2, 0x10, 0x5);
    let sim = run_with(
        ".init CC = lane & 0xf
         .init R5 = 0xffffffff
         .init R6 = 0x3
         P2R.B0 R0, CC, R5, 0x1          // R0 = {R5[31:1], CC.ZF}
         P2R R1, CC, RZ, (1<<3)          // R1[3] = CC.OF
         P2R R2, CC, R5, R6              // mask from a register
         P2R.B1 R3, CC, RZ, c[0x2][0x10] // mask from a constant
         P2R R4, CC, RZ, -1              // -1: mask 0xff
         EXIT",
        config,
    );
    let st = sim.state();
    for l in 0..32u32 {
        let cc = l & 0xf;
        let i = l as usize;
        assert_eq!(st.reg(0)[i], 0xffff_fffe | (cc & 1));
        assert_eq!(st.reg(1)[i], cc & 8);
        assert_eq!(st.reg(2)[i], p2r(0xffff_ffff, cc, 3, 0));
        assert_eq!(st.reg(3)[i], (cc & 5) << 8);
        assert_eq!(st.reg(4)[i], cc);
        assert_eq!(st.cc()[i], cc);
    }
    assert!(sim.touched_registers().contains(&Loc::CC));
}

#[test]
fn guard_and_event() {
    let isa = isas::sm50();
    let prog = asm::assemble(
        isa,
        ".init PR = lane % 3
         .init R7 = 0x100
         @P1 P2R.B2 R7, PR, R7, 0xff
         EXIT",
    )
    .unwrap();
    let mut sim = Sim::new(isa, &prog, LaunchConfig::default());
    let ev = sim.step().unwrap();
    let part = (0..32).filter(|l| l % 3 == 2).fold(0u32, |m, l| m | 1 << l);
    assert_eq!(ev.lanes, part);
    match ev.detail {
        EventDetail::P2r {
            cc: false,
            byte: 2,
            source,
            mask,
        } => {
            assert_eq!(source[2], 2);
            assert_eq!(source[0], 0, "a lane that does not participate");
            assert_eq!(mask[5], 0xff);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(sim.state().reg(7)[2], 0x0002_0100);
    assert_eq!(sim.state().reg(7)[1], 0x100);
    assert!(sim.back());
    assert_eq!(sim.state().reg(7)[2], 0x100);
    assert_eq!(sim.state().get(Loc::CC), Value::Lanes([0; 32]));
}

#[test]
fn init_errors() {
    let isa = isas::sm50();
    let e = asm::assemble(isa, ".init CC = 16").unwrap_err();
    assert!(
        e[0].message().contains("CC of lane 0"),
        "{}",
        e[0].message()
    );
    let e = asm::assemble(isa, ".init PR = 0x80").unwrap_err();
    assert!(e[0].message().contains("PR"), "{}", e[0].message());
    let e = asm::assemble(isa, ".init UR1 = 1").unwrap_err();
    assert!(
        e[0].message().contains("no uniform registers"),
        "{}",
        e[0].message()
    );
    let e = asm::assemble(isas::w128(), ".init CC = 1").unwrap_err();
    assert!(
        e[0].message().contains("not a register"),
        "{}",
        e[0].message()
    );
}

#[test]
fn examples_run_to_their_documented_results() {
    let sim = run(include_str!("../../../../examples/sm50/lane_masks.s"));
    let st = sim.state();
    assert_eq!(st.launched(), 0xffff);
    for l in 0..16usize {
        assert_eq!(st.reg(0)[l], l as u32);
        assert_eq!(st.reg(1)[l], 1 << l);
        assert_eq!(st.reg(2)[l], (1 << l) - 1);
        assert_eq!(st.reg(3)[l], !((1u32 << l) - 1));
        assert_eq!(st.reg(4)[l], l as u32);
    }
    let sim = run(include_str!("../../../../examples/sm50/pack_predicates.s"));
    let st = sim.state();
    for l in 0..32u32 {
        let pr = (l & 1) | u32::from(l >= 16) << 1 | u32::from(l % 3 == 0) << 2;
        let cc = l & 0xf;
        let i = l as usize;
        assert_eq!(st.reg(0)[i], pr, "lane {l}");
        assert_eq!(st.reg(1)[i], 0xcafe_0000 | pr << 8);
        assert_eq!(st.reg(2)[i], 0xcafe_0000 | (cc & 1));
        assert_eq!(st.reg(3)[i], cc & 8);
        assert_eq!(st.reg(4)[i], if l >= 16 { cc << 24 } else { 0 });
    }
}
