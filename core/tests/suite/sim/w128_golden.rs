//! Golden runs of the example programs in `examples/w128/`.
//!
//! Every example is assembled, run to completion and compared with the
//! final state its header comment promises. The expectations are computed
//! here from the mathematical definition of what each program computes
//! (sum, prefix sum, group masks...), not from the simulator.

use std::path::PathBuf;
use warpscope_core::asm;
use warpscope_core::isas;
use warpscope_core::sim::{EventDetail, LaunchConfig, RunStatus, Sim};

fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/w128")
}

fn load(name: &str) -> Sim {
    let path = examples_dir().join(name);
    let src = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let isa = isas::w128();
    let program = match asm::assemble(isa, &src) {
        Ok(p) => p,
        Err(diags) => panic!(
            "{name} does not assemble:\n{}",
            warpscope_core::diag::render(&diags, &[(name, src.as_str())])
        ),
    };
    assert!(
        program.warnings.is_empty(),
        "{name}: {:?}",
        program.warnings
    );
    Sim::new(isa, &program, LaunchConfig::default())
}

/// Runs an example to its end; it must exit cleanly without warnings.
fn run(name: &str) -> Sim {
    let mut sim = load(name);
    assert_eq!(sim.run(10_000), RunStatus::Exited, "{name}");
    assert!(sim.warnings().is_empty(), "{name}: {:?}", sim.warnings());
    sim
}

fn lanes_of(f: impl Fn(u32) -> u32) -> [u32; 32] {
    std::array::from_fn(|l| f(l as u32))
}

const EXAMPLES: &[&str] = &[
    "ballot_popc.s",
    "broadcast.s",
    "butterfly_sum.s",
    "clamped_idx.s",
    "divergent_branch.s",
    "elect_redux.s",
    "inclusive_scan.s",
    "match_any.s",
    "movm_transpose.s",
    "redux_signed.s",
    "segmented.s",
    "special_registers.s",
    "vote_modes.s",
];

/// The examples the library bundles (`examples::w128_examples`) are
/// exactly the files of the folder, and each carries a title.
#[test]
fn bundled_list_matches_the_folder() {
    let mut ids: Vec<String> = warpscope_core::examples::w128_examples()
        .iter()
        .map(|e| format!("{}.s", e.id))
        .collect();
    ids.sort();
    assert_eq!(ids, EXAMPLES);
    for e in warpscope_core::examples::w128_examples() {
        let on_disk = std::fs::read_to_string(examples_dir().join(format!("{}.s", e.id)))
            .expect("example file");
        assert_eq!(e.source, on_disk);
        assert!(e.source.starts_with("// Title: "), "{}", e.id);
    }
}

#[test]
fn every_example_has_a_golden_test() {
    let mut found: Vec<String> = std::fs::read_dir(examples_dir())
        .expect("examples/w128 exists")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".s"))
        .collect();
    found.sort();
    assert_eq!(found, EXAMPLES);
}

#[test]
fn butterfly_sum() {
    let sim = run("butterfly_sum.s");
    let total: u32 = (0..32).map(|l| 3 * l + 1).sum();
    assert_eq!(total, 1520);
    assert_eq!(sim.state().reg(0), [total; 32]);
    assert_eq!(sim.steps(), 11);
}

#[test]
fn inclusive_scan() {
    let sim = run("inclusive_scan.s");
    let want = lanes_of(|l| (0..=l).map(|k| k + 1).sum());
    assert_eq!(sim.state().reg(0), want);
    assert_eq!(want[31], 528);
}

#[test]
fn broadcast() {
    let sim = run("broadcast.s");
    assert_eq!(sim.state().reg(1), [1005; 32]);
    assert_eq!(sim.state().reg(3), lanes_of(|l| 1000 + 31 - l));
    assert_eq!(sim.state().pred(1), !0);
}

#[test]
fn segmented() {
    let sim = run("segmented.s");
    assert_eq!(sim.state().reg(1), lanes_of(|l| 100 * (l / 8) + 2));
    let r2 = sim.state().reg(2);
    assert_eq!(r2[0], (1..=16).sum::<u32>());
    assert_eq!(r2[16], (17..=32).sum::<u32>());
    // No value crossed a half-warp boundary: every lane of the lower half
    // holds a sum of lower-half values only, which are all at most 136.
    assert!(r2[..16].iter().all(|&v| v <= 136));
    assert!(r2[16..].iter().all(|&v| v >= 17));
}

#[test]
fn ballot_popc() {
    let sim = run("ballot_popc.s");
    let ballot = (0..32u32)
        .filter(|l| (l * 7) % 32 < 10)
        .fold(0u32, |m, l| m | (1 << l));
    assert_eq!(ballot, 0x1188_c423);
    let st = sim.state();
    assert_eq!(st.reg(1), [ballot; 32]);
    assert_eq!(st.reg(2), [10; 32]);
    assert_eq!(st.pred(0), ballot);
    assert_eq!(st.pred(1), !0, "VOTE.ANY: some lane voted true");
    assert_eq!(st.pred(2), 0, "VOTE.ALL: not every lane");
    assert_eq!(st.reg(3), [ballot; 32]);
}

#[test]
fn elect_redux() {
    let sim = run("elect_redux.s");
    let launched = 0x0fff_fff0u32;
    let on = |l: u32| launched & (1 << l) != 0;
    let total: u32 = (4..=27).map(|l| l * l).sum();
    let st = sim.state();
    assert_eq!(st.reg(1), lanes_of(|l| if on(l) { total } else { 0 }));
    assert_eq!(st.reg(2), lanes_of(|l| if on(l) { 4 } else { 0 }));
    assert_eq!(st.reg(3), lanes_of(|l| if l == 4 { total } else { 0 }));
    assert_eq!(st.pred(0), 1 << 4);
    assert_eq!(st.ureg(1), total);
    assert_eq!(st.ureg(2), 27);
    assert_eq!(st.launched(), launched);
    assert_eq!(st.active(), 0, "every launched lane exited");
}

#[test]
fn match_any() {
    let sim = run("match_any.s");
    let group = |k: u32| {
        (0..32u32)
            .filter(|l| l % 3 == k)
            .fold(0u32, |m, l| m | (1 << l))
    };
    let st = sim.state();
    assert_eq!(st.reg(1), lanes_of(|l| group(l % 3)));
    assert_eq!(st.reg(2), lanes_of(|l| group(l % 3).count_ones()));
    assert_eq!(st.reg(3), [0; 32]);
    assert_eq!(st.pred(1), 0);
    // Leaders: the lowest lane of each group, 0, 1 and 2.
    assert_eq!(st.pred(2), 0b111);
    assert_eq!(
        st.reg(5),
        lanes_of(|l| group(l % 3) & ((1u64 << l) - 1) as u32)
    );
}

#[test]
fn divergent_branch_reconverges() {
    let mut sim = load("divergent_branch.s");
    let mut events = Vec::new();
    while let Some(ev) = sim.step() {
        events.push(ev);
    }
    assert_eq!(sim.status(), RunStatus::Exited);
    let st = sim.state();
    assert_eq!(
        st.reg(1),
        lanes_of(|l| if l < 16 { l + 0x200 } else { l + 0x100 })
    );
    assert_eq!(st.reg(2), [!0; 32]);
    // The two halves ran separately...
    let half = |ev: &warpscope_core::sim::StepEvent| ev.active;
    assert!(events.iter().any(|e| half(e) == 0xffff_0000));
    assert!(events.iter().any(|e| half(e) == 0x0000_ffff));
    // ... the upper half waited at the BSYNC, the lower half's arrival
    // released everybody, and the VOTE ran with all 32 lanes.
    let bsync: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.detail, EventDetail::Bsync { .. }))
        .collect();
    assert_eq!(bsync.len(), 2);
    assert_eq!(bsync[0].active, 0xffff_0000);
    assert_eq!(bsync[0].released, 0);
    assert_eq!(bsync[1].active, 0x0000_ffff);
    assert_eq!(bsync[1].released, !0);
    let vote = events
        .iter()
        .find(|e| matches!(e.detail, EventDetail::Vote { .. }))
        .expect("a VOTE step");
    assert_eq!(vote.active, !0);
    // ISETP, BSSY, BRA (all 32); upper half: IADD3, BSYNC; lower half:
    // IADD3, BRA, BSYNC; then VOTE and EXIT (all 32).
    assert_eq!(sim.steps(), 10);
}

#[test]
fn special_registers() {
    let sim = run("special_registers.s");
    let st = sim.state();
    assert_eq!(st.reg(1), lanes_of(|l| l));
    assert_eq!(st.reg(2), lanes_of(|l| 1 << l));
    assert_eq!(st.reg(3), lanes_of(|l| ((1u64 << l) - 1) as u32));
    // Above lane l: every bit from l + 1 up (none above lane 31).
    assert_eq!(st.reg(4), lanes_of(|l| !((2u64 << l) - 1) as u32));
    assert_eq!(st.reg(4)[31], 0);
    assert_eq!(st.reg(4)[0], 0xffff_fffe);
    assert_eq!(st.reg(6), [0xaaaa_aaaa; 32]);
    assert_eq!(st.pred(0), 0xaaaa_aaaa);
    // Rank among the odd lanes: the odd numbers below l.
    let rank = |l: u32| (0..l).filter(|k| k % 2 == 1).count() as u32;
    assert_eq!(st.reg(8), lanes_of(rank));
    assert_eq!(st.reg(8), lanes_of(|l| l / 2));
}

#[test]
fn clamped_idx() {
    let sim = run("clamped_idx.s");
    let st = sim.state();
    let src = |l: u32| (l + 8) % 32;
    let ok = |l: u32| src(l) <= 15;
    assert_eq!(st.pred(1), 0xff00_00ff);
    assert_eq!(
        st.pred(1),
        (0..32u32).filter(|&l| ok(l)).fold(0, |m, l| m | (1 << l))
    );
    let r1 = lanes_of(|l| if ok(l) { 100 + src(l) } else { 100 + l });
    assert_eq!(st.reg(1), r1);
    assert_eq!(st.reg(1)[0], 108);
    assert_eq!(st.reg(1)[24], 100);
    assert_eq!(
        st.reg(3),
        lanes_of(|l| if ok(l) { r1[l as usize] } else { 0 })
    );
    assert_eq!(st.pred(2), 0);
    assert_eq!(st.reg(4), lanes_of(|l| 100 + l));
}

#[test]
fn vote_modes() {
    let sim = run("vote_modes.s");
    let st = sim.state();
    assert_eq!(st.reg(1), [0xff; 32]);
    assert_eq!(st.reg(2), [0xff; 32]);
    assert_eq!(st.reg(3), [0xff; 32]);
    assert_eq!(st.pred(3), !0, "ANY");
    assert_eq!(st.pred(4), 0, "ALL");
    assert_eq!(st.pred(5), 0, "EQ with disagreeing lanes");
    assert_eq!(st.reg(4), [0; 32]);
    assert_eq!(st.pred(6), !0, "EQ when every lane votes false");
    assert_eq!(st.reg(5), [!0; 32]);
    assert_eq!(st.pred(1), !0);
    // The guarded vote: only lanes 0..7 participate and write.
    assert_eq!(st.reg(6), lanes_of(|l| if l < 8 { 0xff } else { 0 }));
    assert_eq!(st.pred(2), 0xff);
}

#[test]
fn redux_signed() {
    let sim = run("redux_signed.s");
    let st = sim.state();
    let vals: Vec<u32> = (0..32u32).map(|l| l.wrapping_sub(16)).collect();
    let smin = vals.iter().map(|&v| v as i32).min().unwrap() as u32;
    let smax = vals.iter().map(|&v| v as i32).max().unwrap() as u32;
    let sum = vals.iter().fold(0u32, |a, &v| a.wrapping_add(v));
    assert_eq!((smin, smax, sum), (0xffff_fff0, 15, 0xffff_fff0));
    assert_eq!(st.reg(1), [*vals.iter().min().unwrap(); 32]);
    assert_eq!(st.reg(1), [0; 32]);
    assert_eq!(st.reg(2), [0xffff_ffff; 32]);
    assert_eq!(st.reg(3), [smin; 32]);
    assert_eq!(st.reg(4), [smax; 32]);
    assert_eq!(st.reg(5), [sum; 32]);
    assert_eq!(st.ureg(1), smin);
    assert_eq!(st.reg(6), [1 << 31; 32]);
    assert_eq!(st.pred(0), 1 << 31);
}

#[test]
fn movm_transpose() {
    let sim = run("movm_transpose.s");
    let st = sim.state();
    // Element (r, c) of the input is 0x10 * r + c; lane l holds row l / 4,
    // columns 2 * (l % 4) (low half) and 2 * (l % 4) + 1 (high half).
    let pack = |elem: &dyn Fn(u32, u32) -> u32, l: u32| {
        let (r, c) = (l / 4, 2 * (l % 4));
        (elem(r, c + 1) << 16) | elem(r, c)
    };
    let a = |r: u32, c: u32| 0x10 * r + c;
    let t = |r: u32, c: u32| a(c, r);
    assert_eq!(st.reg(0), lanes_of(|l| pack(&a, l)));
    assert_eq!(st.reg(1), lanes_of(|l| pack(&t, l)));
    assert_eq!(st.reg(1)[0], 0x0010_0000);
    assert_eq!(st.reg(1)[5], 0x0031_0021);
    assert_eq!(st.reg(2), st.reg(0));
}
