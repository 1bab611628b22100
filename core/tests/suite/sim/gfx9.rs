//! gfx9 semantics: getreg extracts, setreg inserts, reset values, `.init`
//! of SGPRs and hardware registers, s_endpgm, undo.

use warpscope_core::asm;
use warpscope_core::isas;
use warpscope_core::sim::{machine, EventDetail, LaunchConfig, Loc, RunStatus, Sim};

fn sim(src: &str) -> Sim {
    let isa = isas::gfx9();
    let prog = asm::assemble(isa, src).unwrap_or_else(|e| panic!("{e:?}"));
    Sim::new(isa, &prog, LaunchConfig::default())
}

#[test]
fn reset_values_and_getreg() {
    let mut s = sim("s_getreg_b32 s0, hwreg(HW_REG_MODE)
        s_getreg_b32 s1, hwreg(HW_REG_MODE, 4, 4)
        s_getreg_b32 s2, hwreg(HW_REG_GPR_ALLOC, 24, 4)
        s_getreg_b32 s3, hwreg(HW_REG_LDS_ALLOC)
        s_endpgm");
    assert_eq!(s.run(100), RunStatus::Exited);
    let st = s.state();
    assert_eq!(st.sgpr(0), 0x3f0);
    assert_eq!(st.sgpr(1), 0xf);
    assert_eq!(st.sgpr(2), 6);
    assert_eq!(st.sgpr(3), 0);
    assert_eq!(st.hwreg(1), machine::hwreg_reset(1));
}

#[test]
fn setreg_inserts_and_getreg_extracts() {
    let mut s = sim(".init s4 = 0xfffffff5
        .init HW_REG_LDS_ALLOC = 0x12345678
        s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s4
        s_setreg_imm32_b32 hwreg(HW_REG_LDS_ALLOC, 12, 9), 0x1ff
        s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 31, 32), -1
        s_setreg_imm32_b32 hwreg(HW_REG_IB_STS), 0xdeadbeef
        s_getreg_b32 s5, hwreg(HW_REG_LDS_ALLOC, 12, 9)
        s_getreg_b32 s6, hwreg(HW_REG_LDS_ALLOC, 0, 12)
        s_getreg_b32 s7, hwreg(HW_REG_IB_STS, 31, 32)
        s_endpgm");
    assert_eq!(s.run(100), RunStatus::Exited);
    let st = s.state();
    assert_eq!(st.hwreg(1), 0x3f5, "MODE low 4 bits from s4");
    assert_eq!(st.hwreg(6), 0x123f_f678);
    assert_eq!(st.hwreg(3), 0x8000_0000, "bits past 31 are dropped");
    assert_eq!(st.hwreg(7), 0xdead_beef);
    assert_eq!(st.sgpr(5), 0x1ff);
    assert_eq!(st.sgpr(6), 0x678);
    assert_eq!(st.sgpr(7), 1);
    let touched = s.touched_registers();
    assert!(touched.contains(&Loc::S(4)) && touched.contains(&Loc::HwReg(6)));
    assert_eq!(Loc::HwReg(6).name(), "HW_REG_LDS_ALLOC");
    assert_eq!(Loc::S(5).name(), "s5");
}

#[test]
fn events_and_undo() {
    let mut s = sim("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 3\ns_endpgm");
    let ev = s.step().unwrap();
    match ev.detail {
        EventDetail::HwReg {
            id: 1,
            offset: 2,
            size: 2,
            write: true,
            value: 3,
            register,
        } => {
            assert_eq!(register, 0x3fc);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(ev.writes.len(), 1);
    assert!(s.back());
    assert_eq!(s.state().hwreg(1), 0x3f0);
}

#[test]
fn machine_description_names_the_hwreg_type() {
    // The machine model's hardware registers are the description's
    // HwRegId values, and the ones that start non-zero keep their values.
    let isa = isas::gfx9();
    let t = isa.enum_type("HwRegId").unwrap();
    let regs = machine::hwregs(isa);
    assert_eq!(t.values.len(), regs.len());
    for h in &regs {
        assert_eq!(t.value_of(&h.name), Some(u64::from(h.id)), "{}", h.name);
        assert_eq!(machine::hwreg_name_in(isa, h.id), h.name);
    }
    let mode = regs.iter().find(|h| h.name == "HW_REG_MODE").unwrap();
    assert_eq!(mode.reset, 0x3f0);
    let files = machine::register_files(isa);
    assert_eq!(files[0].count, 102);
    assert_eq!(machine::register_files(isas::sm50())[2].name, "CC");
}

#[test]
fn examples_run_to_their_documented_results() {
    // Each example: s0..s3 at the end and, where it sets it, LDS_ALLOC.
    for (src, sgprs, lds_alloc) in [
        (
            include_str!("../../../../examples/gfx9/mode_fields.s"),
            [0x3f0, 0xf, 5, 0x3f5],
            None,
        ),
        (
            include_str!("../../../../examples/gfx9/lds_alloc.s"),
            [0, 0x40, 0, 0x40010],
            Some(0x40010),
        ),
    ] {
        let mut s = sim(src);
        assert_eq!(s.run(100), RunStatus::Exited);
        let st = s.state();
        assert_eq!([st.sgpr(0), st.sgpr(1), st.sgpr(2), st.sgpr(3)], sgprs);
        if let Some(want) = lds_alloc {
            assert_eq!(st.hwreg(6), want);
        }
    }
}
