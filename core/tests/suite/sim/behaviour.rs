//! Semantics of the remaining instructions and of the scheduler: special
//! registers, counters, ALU and float results, indirect branches,
//! reconvergence corner cases, status transitions and events.

use warpscope_core::sim::{EventDetail, LaunchConfig, Loc, RunStatus, Sim, Value, NS_PER_STEP};
use warpscope_core::{asm, isas};

fn sim_with(src: &str, config: LaunchConfig) -> Sim {
    let isa = isas::w128();
    match asm::assemble(isa, src) {
        Ok(p) => Sim::new(isa, &p, config),
        Err(d) => panic!("{}", warpscope_core::diag::render(&d, &[("t.s", src)])),
    }
}

fn sim(src: &str) -> Sim {
    sim_with(src, LaunchConfig::default())
}

fn finished(src: &str) -> Sim {
    let mut s = sim(src);
    s.run(10_000);
    s
}

fn lanes(f: impl Fn(u32) -> u32) -> [u32; 32] {
    std::array::from_fn(|l| f(l as u32))
}

#[test]
fn special_registers_per_lane_and_per_warp() {
    let config = LaunchConfig {
        cta_id: [3, 4, 5],
        warp_id: 2,
        ..LaunchConfig::default()
    };
    let mut s = sim_with(
        "S2R R0, SR_LANEID
         S2R R1, SR_LTMASK
         S2R R2, SR_GEMASK
         S2R R3, SR_CTAID.Y
         S2R R4, SR_WARPID
         S2R R5, SR_REGALLOC
         S2R R6, SR_EQMASK
         S2R R7, SR_LEMASK
         S2R R8, SR_GTMASK
         S2UR UR1, SR_CTAID.Z
         S2UR UR2, SR_LANEID
         EXIT",
        config,
    );
    assert_eq!(s.run(100), RunStatus::Exited);
    let st = s.state();
    assert_eq!(st.reg(0), lanes(|l| l));
    assert_eq!(st.reg(1), lanes(|l| (1u32 << l) - 1));
    assert_eq!(st.reg(2), lanes(|l| !((1u32 << l) - 1)));
    assert_eq!(st.reg(3), [4; 32]);
    assert_eq!(st.reg(4), [2; 32]);
    assert_eq!(st.reg(5), [255; 32]);
    assert_eq!(st.reg(6), lanes(|l| 1 << l));
    assert_eq!(st.reg(7), lanes(|l| ((1u64 << (l + 1)) - 1) as u32));
    assert_eq!(st.reg(8), lanes(|l| !(((1u64 << (l + 1)) - 1) as u32)));
    assert_eq!(st.ureg(1), 5);
    assert_eq!(st.ureg(2), 0, "S2UR of a per-lane register: lowest lane");
}

#[test]
fn s2ur_takes_the_lowest_participating_lane() {
    let s = finished(".active 0xfff0\n.init P1 = lane >= 6\n@P1 S2UR UR3, SR_LANEID\nEXIT");
    assert_eq!(s.state().ureg(3), 6);
}

#[test]
fn clock_and_timer_count_steps() {
    let s = finished(
        "NOP
         NOP
         S2R R0, SR_CLOCKLO
         CS2R R[2:3], SR_CLOCK
         S2R R4, SR_GLOBALTIMELO
         S2R R5, SR_GLOBALTIMERLO
         CS2R R[6:7], SR_CLOCKHI
         EXIT",
    );
    let st = s.state();
    assert_eq!(st.reg(0), [2; 32], "two steps before the read");
    assert_eq!(st.reg(2), [3; 32]);
    assert_eq!(st.reg(3), [0; 32]);
    assert_eq!(st.reg(4), [4 * NS_PER_STEP as u32; 32]);
    assert_eq!(st.reg(5), [5 * NS_PER_STEP as u32; 32]);
    assert_eq!(st.reg(6), [0; 32], "a 32-bit register zero-extended");
}

#[test]
fn cs2r_of_srz_clears_a_pair() {
    let s = finished(".init R4 = 7\n.init R5 = 9\nCS2R R[4:5], SRZ\nEXIT");
    assert_eq!(s.state().reg(4), [0; 32]);
    assert_eq!(s.state().reg(5), [0; 32]);
}

#[test]
fn performance_counters_pmtrig_setreg_getreg() {
    let mut s = sim(".init R1 = 100 + lane
         PMTRIG 0x81
         PMTRIG 0x1
         GETREG R2, 0xe
         SETREG 0x16, R1
         GETREG R3, 0x16
         S2R R4, SR_PM7
         SETREG 0x0, R1
         .init R9 = 14 + lane % 2
         GETREG R5, R9
         EXIT");
    assert_eq!(s.run(100), RunStatus::Exited);
    let st = s.state();
    assert_eq!(st.perf_counter(0, false), 2);
    assert_eq!(st.perf_counter(7, false), 1);
    assert_eq!(st.reg(2), [2; 32], "GETREG 0xe = SR_PM0");
    // SETREG by every lane: the highest participating lane's value stays.
    assert_eq!(st.perf_counter(0, true), 131);
    assert_eq!(st.reg(3), [131; 32]);
    assert_eq!(st.reg(4), [1; 32]);
    assert_eq!(
        st.reg(5),
        lanes(|l| if l % 2 == 0 { 2 } else { 0 }),
        "SR_PM0 / SR_PM1"
    );
    let w = s.warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].message.contains("not writable"), "{}", w[0].message);
    assert_eq!(w[0].line, 8);
}

#[test]
fn getreg_of_an_unknown_number_warns_and_reads_zero() {
    let s = finished(".init R1 = 9\nGETREG R1, 0x99\nEXIT");
    assert_eq!(s.state().reg(1), [0; 32]);
    assert!(s.warnings()[0].message.contains("0x99"));
}

#[test]
fn alu_results() {
    let s = finished(
        ".init R0 = lane
         .init R1 = 0x80000000 | lane
         MOV R2, 0xdeadbeef
         IADD3 R3, R0, -1, R0
         .init R12 = 7
         IMAD R4, R0, R0, R12
         LOP3.LUT R5, R0, 0xff, R1, 0xe8
         SHF.L.U32 R6, R1, 0x4
         SHF.R.S32 R7, R1, 0x4
         SHF.R.U32 R8, R1, 0x4
         SHF.R.S32 R9, R1, 0x40
         ISETP.GE.AND P0, P1, R0, 0x10, PT
         ISETP.LT.S32.OR P2, PT, R1, RZ, P0
         SEL R10, R0, 0x64, P0
         POPC R11, R1
         EXIT",
    );
    let st = s.state();
    assert_eq!(st.reg(2), [0xdead_beef; 32]);
    assert_eq!(st.reg(3), lanes(|l| (2 * l).wrapping_sub(1)));
    assert_eq!(st.reg(4), lanes(|l| l * l + 7));
    // 0xe8 = majority(a, b, c).
    let maj = |a: u32, b: u32, c: u32| (a & b) | (a & c) | (b & c);
    assert_eq!(st.reg(5), lanes(|l| maj(l, 0xff, 0x8000_0000 | l)));
    assert_eq!(st.reg(6), lanes(|l| l << 4));
    assert_eq!(st.reg(7), lanes(|l| 0xf800_0000 | (l >> 4)));
    assert_eq!(st.reg(8), lanes(|l| 0x0800_0000 | (l >> 4)));
    assert_eq!(st.reg(9), [0xffff_ffff; 32]);
    assert_eq!(st.pred(0), 0xffff_0000);
    assert_eq!(st.pred(1), 0x0000_ffff);
    assert_eq!(st.pred(2), !0, "negative (signed) OR lane >= 16");
    assert_eq!(st.reg(10), lanes(|l| if l >= 16 { l } else { 100 }));
    assert_eq!(st.reg(11), lanes(|l| 1 + l.count_ones()));
}

#[test]
fn float_results_round_once_and_canonicalise_nan() {
    let s = finished(
        ".init R0 = 0x3f800001
         .init R1 = 0x3f7ffffe
         .init R2 = 0xbf800000
         .init R3 = 0x7f800000
         FFMA R4, R0, R1, R2
         FMUL R5, R0, R1
         FADD R5, R5, R2
         FADD R6, R3, 0fff800000     // +inf + -inf
         EXIT",
    );
    let st = s.state();
    let (a, b, c) = (
        f32::from_bits(0x3f80_0001),
        f32::from_bits(0x3f7f_fffe),
        -1.0f32,
    );
    assert_eq!(st.reg(4), [a.mul_add(b, c).to_bits(); 32]);
    assert_eq!(st.reg(5), [(a * b + c).to_bits(); 32]);
    assert_ne!(st.reg(4), st.reg(5), "the fused result differs");
    assert_eq!(st.reg(6), [0x7fff_ffff; 32], "inf - inf = canonical NaN");
}

#[test]
fn guard_and_inactive_lanes_keep_their_registers() {
    let s = finished(
        ".active 0x0000ffff\n.init R1 = 5\n.init P3 = lane % 2 == 0\n@!P3 MOV R1, 0x7\nEXIT",
    );
    assert_eq!(
        s.state().reg(1),
        lanes(|l| if l < 16 && l % 2 == 1 { 7 } else { 5 })
    );
}

#[test]
fn writes_to_zero_registers_vanish() {
    let mut s = sim(
        "MOV RZ, 0x5\nISETP.EQ.AND PT, PT, RZ, RZ, PT\nUMOV URZ, 0x1\nVOTEU.ANY URZ, UPT, PT\nEXIT",
    );
    while let Some(ev) = s.step() {
        assert!(ev.writes.is_empty(), "{:?}", ev.writes);
    }
    assert_eq!(s.state().reg(255), [0; 32]);
    assert_eq!(s.state().pred(7), !0);
    assert_eq!(s.state().ureg(63), 0);
}

#[test]
fn switch_diverges_per_lane_and_reconverges() {
    // Lane l jumps to case (l % 3); every case adds its own constant, then
    // all meet at BSYNC.
    let s = finished(
        ".init R0 = lane % 3
         BSSY B2, done
         IMAD R1, R0, 0x20, RZ
         IADD3 R1, R1, 0x40, RZ      // case address = 0x40 + 0x20 * (lane % 3)
         SWITCH R1
         IADD3 R2, RZ, 0xa, RZ       // 0x40: case 0
         BRA done
         IADD3 R2, RZ, 0xb, RZ       // 0x60: case 1
         BRA done
         IADD3 R2, RZ, 0xc, RZ       // 0x80: case 2
         BRA done
        done:
         BSYNC B2
         VOTE.ANY R3, PT, PT
         EXIT",
    );
    assert_eq!(s.status(), RunStatus::Exited);
    assert_eq!(s.state().reg(2), lanes(|l| 0xa + l % 3));
    assert_eq!(s.state().reg(3), [!0; 32]);
}

#[test]
fn switch_through_a_constant_bank() {
    let config = super::with_constant(0, 0x10, 0x30);
    let mut s = sim_with(
        "SWITCH c[0x0][0x10]\nMOV R1, 0x1\nEXIT\nMOV R1, 0x2\nEXIT",
        config,
    );
    assert_eq!(s.run(10), RunStatus::Exited);
    assert_eq!(s.state().reg(1), [2; 32]);
}

#[test]
fn branch_outside_the_program_halts_with_a_warning() {
    let mut s = sim(".init R5 = 0x1000\nSWITCH R5\nEXIT");
    assert_eq!(s.run(10), RunStatus::Halted);
    assert_eq!(s.halted(), !0);
    assert!(s.warnings()[0].message.contains("0x1000"));
}

#[test]
fn exit_in_a_region_releases_the_barrier() {
    // Lanes 0..7 exit inside the region; BSYNC must not wait for them.
    let s = finished(
        ".init P0 = lane < 8
         BSSY B0, join
    @P0  EXIT
         MOV R1, 0x1
        join:
         BSYNC B0
         VOTE.ANY R2, PT, PT
         EXIT",
    );
    assert_eq!(s.status(), RunStatus::Exited);
    assert_eq!(
        s.state().reg(2),
        lanes(|l| if l < 8 { 0 } else { 0xffff_ff00 })
    );
}

#[test]
fn waiting_at_two_different_bsyncs_is_a_deadlock() {
    let mut s = sim(".active 0x3
         .init P0 = lane == 1
         BSSY B0, a
    @P0  BRA b
        a:
         BSYNC B0
         EXIT
        b:
         BSYNC B0
         EXIT");
    assert_eq!(s.run(100), RunStatus::Halted);
    assert_eq!(s.state().waiting(), 0x3);
    assert_eq!(s.state().active(), 0x3);
}

#[test]
fn falling_off_the_end_halts() {
    let mut s = sim("MOV R1, 0x1");
    assert_eq!(s.status(), RunStatus::Running);
    assert_eq!(s.run(10), RunStatus::Halted);
    assert!(s.step().is_none());
    let mut empty = sim("// nothing\n");
    assert!(empty.is_empty());
    assert_eq!(empty.run(10), RunStatus::Halted);
    let mut none = sim(".active 0\nEXIT");
    assert_eq!(none.run(10), RunStatus::Exited);
}

#[test]
fn step_limit_is_reported_and_cleared() {
    let mut s = sim("loop: BRA loop");
    assert_eq!(s.run(1000), RunStatus::StepLimit);
    assert_eq!(s.status(), RunStatus::StepLimit);
    assert_eq!(s.steps(), 1000);
    assert!(s.step().is_some());
    assert_eq!(s.status(), RunStatus::Running);
    assert_eq!(s.run(0), RunStatus::StepLimit);
    s.reset();
    assert_eq!(s.steps(), 0);
    assert_eq!(s.status(), RunStatus::Running);
}

#[test]
fn events_describe_writes_and_details() {
    let mut s =
        sim(".init R0 = lane\n.init P1 = lane < 4\nVOTE.ALL R2, P0, P1\nELECT P3, R4, !P1\nEXIT");
    let ev = s.step().expect("VOTE");
    assert_eq!((ev.index, ev.pc, ev.line), (0, 0x0, 3));
    assert_eq!(ev.active, !0);
    assert_eq!(ev.lanes, !0);
    assert_eq!(
        ev.detail,
        EventDetail::Vote {
            op: warpscope_core::sim::VoteOp::All,
            inputs: 0xf,
            ballot: 0xf,
            result: false
        }
    );
    assert_eq!(ev.writes.len(), 2);
    assert_eq!(ev.writes[0].loc, Loc::R(2));
    assert_eq!(ev.writes[0].old, Value::Lanes([0; 32]));
    assert_eq!(ev.writes[0].new, Value::Lanes([0xf; 32]));
    assert_eq!(ev.writes[1].loc, Loc::P(0));
    assert_eq!(ev.writes[1].new, Value::Mask(0));
    let ev = s.step().expect("ELECT");
    assert_eq!(ev.pc, 0x10);
    assert_eq!(
        ev.detail,
        EventDetail::Elect {
            candidates: 0xffff_fff0,
            leader: Some(4)
        }
    );
    // Events and states serialise for the web front end.
    let json = serde_json::to_string(&ev).expect("event serialises");
    assert!(json.contains("\"Elect\""), "{json}");
    assert!(serde_json::to_string(s.state()).is_ok());
}

#[test]
fn touched_registers_cover_inits_operands_and_pairs() {
    let s = sim(".init R7 = 1\n.init UP2 = 1\nMATCH.U64.ALL R0, P1, R[2:3]\n@P4 REDUXU.SUM UR5, R9\nSHFL.IDX PT, RZ, R1, 0x0, 0x1f\nEXIT");
    assert_eq!(
        s.touched_registers(),
        &[
            Loc::R(0),
            Loc::R(1),
            Loc::R(2),
            Loc::R(3),
            Loc::R(7),
            Loc::R(9),
            Loc::P(1),
            Loc::P(4),
            Loc::UR(5),
            Loc::UP(2)
        ]
    );
}

#[test]
fn lane_pcs_follow_divergence() {
    let mut s = sim(".init P0 = lane < 2\n@P0 BRA far\nNOP\nfar: EXIT");
    s.step();
    let pcs = s.lane_pcs();
    assert_eq!(pcs[0], Some(0x20));
    assert_eq!(pcs[5], Some(0x10));
    assert_eq!(s.next_index(), Some(1));
    assert_eq!(s.next_lanes(), 0xffff_fffc);
}
