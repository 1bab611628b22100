//! The bundled puzzles: each reference solution passes; an empty program
//! and plausible wrong solutions fail on the expected first case.

use warpscope_core::asm;
use warpscope_core::isas;
use warpscope_core::puzzle::check::{self, Outcome, Report};
use warpscope_core::puzzle::{self, bundled_texts, Puzzle};
use warpscope_core::sim::{LaunchConfig, Sim};

fn get(id: &str) -> Puzzle {
    let text = bundled_texts()
        .iter()
        .find(|b| b.0 == id)
        .expect("bundled")
        .1;
    puzzle::parse(text).unwrap_or_else(|d| panic!("{id} does not parse: {d:?}"))
}

fn grade(id: &str, code: &str) -> Report {
    check::check(&get(id), code)
        .unwrap_or_else(|d| panic!("{id}: {code:?} does not assemble: {d:?}"))
}

/// A wrong solution: the case it must first fail, the first wrong register
/// and (when the mistake fixes it) the wrong lanes of that register.
struct Wrong {
    code: String,
    case: &'static str,
    reg: &'static str,
    lanes: Option<u32>,
}

fn w(code: impl Into<String>, case: &'static str, reg: &'static str, lanes: Option<u32>) -> Wrong {
    Wrong {
        code: code.into(),
        case,
        reg,
        lanes,
    }
}

/// Rounds of a shuffle (`{k}` stands for each distance in turn), each
/// followed by `add`.
fn rounds(shfl: &str, add: &str, distances: &[&str]) -> String {
    distances
        .iter()
        .map(|k| format!("{}\n{add}\n", shfl.replace("{k}", k)))
        .collect()
}

fn wrong_solutions(id: &str) -> Vec<Wrong> {
    match id {
        "broadcast" => vec![
            // copies its own value instead of lane 0's
            w("MOV R1, R0\nEXIT", "all lanes", "R1", Some(0xffff_fffe)),
            // reads lane 1
            w("SHFL.IDX PT, R1, R0, 0x1, 0x1f\nEXIT", "all lanes", "R1", Some(u32::MAX)),
        ],
        "rotate" => vec![
            // no wrap-around: lane 31 keeps its own value
            w(
                "SHFL.DOWN PT, R1, R0, 0x1, 0x1f\nEXIT",
                "all lanes",
                "R1",
                Some(0x8000_0000),
            ),
            // the wrong way round
            w(
                "S2R R2, SR_LANEID\nIADD3 R2, R2, -1, RZ\nSHFL.IDX PT, R1, R0, R2, 0x1f\nEXIT",
                "all lanes",
                "R1",
                Some(u32::MAX),
            ),
        ],
        "reverse" => vec![
            // swaps the half warps only
            w("SHFL.BFLY PT, R1, R0, 0x10, 0x1f\nEXIT", "all lanes", "R1", Some(u32::MAX)),
            // flips four bits of five
            w("SHFL.BFLY PT, R1, R0, 0xf, 0x1f\nEXIT", "all lanes", "R1", Some(u32::MAX)),
        ],
        "ballot_count" => vec![
            // off by one: R0 <= 10
            w(
                "ISETP.LE.AND P0, PT, R0, 0xa, PT\nVOTE.ANY R1, PT, P0\nPOPC R2, R1\nEXIT",
                "all lanes",
                "R1",
                None,
            ),
            // forgets inactive lanes: count = 32 - lanes at or above 10
            w(
                "ISETP.LT.AND P0, PT, R0, 0xa, PT\nVOTE.ANY R1, PT, P0\nVOTE.ANY R3, PT, !P0\n\
                 POPC R3, R3\nIMAD R3, R3, -1, RZ\nIADD3 R2, R3, 0x20, RZ\nEXIT",
                "one lane (lane 0)",
                "R2",
                Some(1),
            ),
        ],
        "butterfly_sum" => vec![
            // stops one exchange short: sums of half warps
            w(
                rounds("SHFL.BFLY PT, R1, R0, {k}, 0x1f", "IADD3 R0, R0, R1, RZ", &["0x8", "0x4", "0x2", "0x1"]) + "EXIT",
                "all lanes",
                "R0",
                Some(u32::MAX),
            ),
            // a DOWN tree: only lane 0 gets the total
            w(
                rounds("SHFL.DOWN P0, R1, R0, {k}, 0x1f", "@P0 IADD3 R0, R0, R1, RZ", &["0x10", "0x8", "0x4", "0x2", "0x1"]) + "EXIT",
                "all lanes",
                "R0",
                Some(0xffff_fffe),
            ),
        ],
        "inclusive_scan" => vec![
            // adds without the shuffle's predicate: low lanes add themselves
            w(
                rounds("SHFL.UP P0, R1, R0, {k}, 0x0", "IADD3 R0, R0, R1, RZ", &["0x1", "0x2", "0x4", "0x8", "0x10"]) + "EXIT",
                "all lanes",
                "R0",
                None,
            ),
            // one round short: the upper half misses the lower half
            w(
                rounds("SHFL.UP P0, R1, R0, {k}, 0x0", "@P0 IADD3 R0, R0, R1, RZ", &["0x1", "0x2", "0x4", "0x8"]) + "EXIT",
                "all lanes",
                "R0",
                Some(0xffff_0000),
            ),
        ],
        "segmented_sum" => vec![
            // the broadcast forgets the segment: everyone gets group 0's sum
            w(
                rounds("SHFL.DOWN P0, R1, R0, {k}, 0x181f", "@P0 IADD3 R0, R0, R1, RZ", &["0x4", "0x2", "0x1"]) + "SHFL.IDX PT, R0, R0, 0x0, 0x1f\nEXIT",
                "all lanes",
                "R0",
                Some(0xffff_ff00),
            ),
            // off by one segment: groups of 4
            w(
                rounds("SHFL.DOWN P0, R1, R0, {k}, 0x1c1f", "@P0 IADD3 R0, R0, R1, RZ", &["0x2", "0x1"]) + "SHFL.IDX PT, R0, R0, 0x0, 0x1c1f\nEXIT",
                "all lanes",
                "R0",
                Some(u32::MAX),
            ),
        ],
        "compaction_index" => vec![
            // counts itself: lanemask_le instead of lanemask_lt
            w(
                "ISETP.NE.AND P0, PT, R0, RZ, PT\nVOTE.ANY R2, PT, P0\nS2R R3, SR_LEMASK\n\
                 LOP3.LUT R1, R2, R3, RZ, 0xc0\nPOPC R1, R1\nPOPC R2, R2\nEXIT",
                "all lanes",
                "R1",
                None,
            ),
            // forgets inactive lanes: total = 32 - dropped
            w(
                "ISETP.NE.AND P0, PT, R0, RZ, PT\nVOTE.ANY R2, PT, P0\nS2R R3, SR_LTMASK\n\
                 LOP3.LUT R1, R2, R3, RZ, 0xc0\nPOPC R1, R1\n\
                 ISETP.EQ.AND P1, PT, R0, RZ, PT\nVOTE.ANY R4, PT, P1\nPOPC R4, R4\n\
                 IMAD R4, R4, -1, RZ\nIADD3 R2, R4, 0x20, RZ\nEXIT",
                "one lane (lane 0)",
                "R2",
                Some(1),
            ),
        ],
        "min_with_lane" => vec![
            // signed minimum
            w(
                "REDUX.S32.MIN R1, R0\nISETP.EQ.AND P0, PT, R0, R1, PT\nVOTE.ANY R3, PT, P0\n\
                 IMAD R4, R3, -1, RZ\nLOP3.LUT R4, R3, R4, RZ, 0xc0\nIADD3 R4, R4, -1, RZ\nPOPC R2, R4\nEXIT",
                "all lanes, special values",
                "R1",
                Some(u32::MAX),
            ),
            // elects the lowest lane, not the lowest lane holding the minimum
            w(
                "REDUX.MIN R1, R0\nELECT P1, R2, PT\nEXIT",
                "all lanes",
                "R2",
                Some(u32::MAX),
            ),
        ],
        "aggregated_atomic" => vec![
            // assumes lane 0 is active
            w(
                "S2R R4, SR_LANEID\nISETP.EQ.AND P0, PT, R4, RZ, PT\nREDUX.SUM R2, R0\n@P0 MOV R1, R2\nEXIT",
                "one lane (lane 31)",
                "P0",
                Some(0x8000_0000),
            ),
            // every lane publishes the total
            w(
                "REDUX.SUM R2, R0\nELECT P0, R3, PT\nMOV R1, R2\nEXIT",
                "all lanes",
                "R1",
                Some(0xffff_fffe),
            ),
        ],
        "group_by_key" => vec![
            // lanemask_le: no lane ever leads
            w(
                "MATCH.ANY R1, PT, R0\nPOPC R2, R1\nS2R R4, SR_LEMASK\n\
                 LOP3.LUT R5, R1, R4, RZ, 0xc0\nISETP.EQ.AND P1, PT, R5, RZ, PT\nEXIT",
                "all lanes",
                "P1",
                None,
            ),
            // MATCH.ALL is not a group
            w(
                "MATCH.ALL R1, PT, R0\nPOPC R2, R1\nS2R R4, SR_LTMASK\n\
                 LOP3.LUT R5, R1, R4, RZ, 0xc0\nISETP.EQ.AND P1, PT, R5, RZ, PT\nEXIT",
                "all lanes",
                "R1",
                Some(u32::MAX),
            ),
        ],
        "transpose" => vec![
            w("MOV R1, R0\nEXIT", "all lanes", "R1", None),
            // transposes twice
            w("MOVM R2, R0\nMOVM R1, R2\nEXIT", "all lanes", "R1", None),
        ],
        "divergent_join" => vec![
            // the starter: the two sides never meet again
            w(
                "ISETP.LT.AND P0, PT, R0, 0x32, PT\n@P0 BRA low\nIADD3 R1, R0, 0x64, RZ\n\
                 VOTE.ANY R2, PT, PT\nEXIT\nlow:\nIMAD R1, R0, 0x2, RZ\nVOTE.ANY R2, PT, PT\nEXIT",
                "all lanes",
                "R2",
                Some(u32::MAX),
            ),
            // off by one: R0 <= 48 takes the first side
            w(
                "ISETP.LT.AND P0, PT, R0, 0x31, PT\nBSSY B0, join\n@P0 BRA low\n\
                 IADD3 R1, R0, 0x64, RZ\njoin:\nBSYNC B0\nVOTE.ANY R2, PT, PT\nEXIT\n\
                 low:\nIMAD R1, R0, 0x2, RZ\nBRA join",
                "all lanes, special values",
                "R1",
                None,
            ),
        ],
        "pack_predicates" => vec![
            // overwrites the whole register
            w("P2R R1, PR\nEXIT", "all lanes", "R1", None),
            // lets P3 leak into bit 11
            w("P2R.B1 R1, PR, R1, 0xf\nEXIT", "all lanes", "R1", None),
        ],
        "mode_fields" => vec![
            // writes the whole MODE register
            w(
                "s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 4)\ns_setreg_b32 hwreg(HW_REG_MODE), s0\ns_endpgm",
                "all lanes",
                "HW_REG_MODE",
                Some(u32::MAX),
            ),
            // the wrong field: FP_ROUND instead of FP_DENORM
            w(
                "s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 4)\ns_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0\ns_endpgm",
                "all lanes",
                "HW_REG_MODE",
                Some(u32::MAX),
            ),
        ],
        _ => Vec::new(),
    }
}

#[test]
fn there_are_at_least_twelve_puzzles_and_each_is_complete() {
    assert!(bundled_texts().len() >= 12);
    for (id, _) in bundled_texts() {
        let p = get(id);
        assert_eq!(p.id, *id, "file name and id differ");
        assert!(!p.teaches.is_empty(), "{id} names nothing it teaches");
        assert!(
            !p.statement.is_empty() && !p.statement_zh.is_empty(),
            "{id}: statement"
        );
        assert!(!p.title_zh.is_empty(), "{id} has no title.zh");
        assert!(!p.hints.is_empty(), "{id} has no hint");
        assert_eq!(
            p.hints_zh.len(),
            p.hints.len(),
            "{id}: a Chinese hint for each"
        );
    }
    let isas: Vec<String> = bundled_texts().iter().map(|b| get(b.0).isa).collect();
    assert!(isas.iter().any(|i| i == "sm50") && isas.iter().any(|i| i == "gfx9"));
}

#[test]
fn every_reference_solution_passes() {
    for (id, _) in bundled_texts() {
        let p = get(id);
        let r = grade(id, &p.solution);
        assert!(r.passed(), "{id}: {}", check::summary(&r));
        assert_eq!(r.cases_run, r.cases_total);
        assert!(r.cases_total >= 10, "{id} has only {} cases", r.cases_total);
        assert!(r.instructions > 0 && r.max_steps > 0);
        if let Some(max) = p.limits.instructions {
            assert!(
                r.instructions <= max,
                "{id}: the solution breaks its own limit"
            );
        }
    }
}

#[test]
fn an_empty_program_fails_every_puzzle_on_its_first_case() {
    for (id, _) in bundled_texts() {
        let r = grade(id, "");
        let f = r
            .failure()
            .unwrap_or_else(|| panic!("{id}: {}", check::summary(&r)));
        assert_eq!(f.case.number, 1, "{id}: {}", check::summary(&r));
        assert_eq!(r.cases_run, 1);
    }
}

#[test]
fn wrong_solutions_fail_on_the_expected_case() {
    let mut problems = Vec::new();
    for (id, _) in bundled_texts() {
        let wrongs = wrong_solutions(id);
        assert!(wrongs.len() >= 2, "{id} needs two wrong solutions");
        for wr in wrongs {
            let r = grade(id, &wr.code);
            let summary = check::summary(&r);
            let Some(f) = r.failure() else {
                problems.push(format!("{id}: {:?} should fail: {summary}", wr.code));
                continue;
            };
            let first = f.outputs.iter().find(|o| o.wrong != 0);
            let got = (
                f.case.name.as_str(),
                first.map(|o| o.name.as_str()),
                first.map(|o| o.wrong),
            );
            let lanes_ok = wr.lanes.is_none() || wr.lanes == got.2;
            if got.0 != wr.case || got.1 != Some(wr.reg) || !lanes_ok {
                problems.push(format!("{id}: {:?}: got {got:?}: {summary}", wr.code));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_failing_case_is_a_program_that_reproduces_it() {
    let p = get("aggregated_atomic");
    let code = "S2R R4, SR_LANEID\nISETP.EQ.AND P0, PT, R4, RZ, PT\nREDUX.SUM R2, R0\n@P0 MOV R1, R2\nEXIT\n";
    let r = check::check(&p, code).unwrap();
    let f = r.failure().unwrap();
    let text = f.case.program_text(code);
    assert!(text.contains(".active 0x80000000"), "{text}");
    let isa = isas::by_name("w128").unwrap();
    let prog = asm::assemble(isa, &text).unwrap();
    let mut sim = Sim::new(isa, &prog, LaunchConfig::default());
    sim.run(1000);
    for o in &f.outputs {
        if o.name == "R1" {
            assert_eq!(sim.state().reg(1).to_vec(), o.actual);
        }
    }
    assert_eq!(
        sim.state().reg(0)[31],
        f.case.inputs[0].values[31],
        "the case's input reaches the program"
    );
}

#[test]
fn a_loaded_failing_case_can_be_fixed_and_checked_again() {
    let p = get("broadcast");
    let wrong = "    MOV R1, R0\n    EXIT\n";
    let r = check::check(&p, wrong).unwrap();
    let loaded = r.failure().unwrap().case.program_text(wrong);
    // the loaded case grades exactly as the submission did
    assert_eq!(check::check(&p, &loaded).unwrap(), r);
    // fixing the code under the setup lines passes
    let fixed = loaded.replace("MOV R1, R0", "SHFL.IDX PT, R1, R0, 0x0, 0x1f");
    assert!(check::check(&p, &fixed).unwrap().passed());
    // loading a case again does not pile up setup or blank lines
    let again = r.failure().unwrap().case.program_text(&loaded);
    assert_eq!(again, loaded);
    // errors keep their place in the loaded text
    let broken = loaded.replace("EXIT", "FROB");
    let e = check::check(&p, &broken).unwrap_err();
    assert_eq!(&broken[e[0].span.start..e[0].span.end], "FROB");
    // setup lines after code are the submission's own, and refused
    let e = check::check(&p, "MOV R1, R0\n.init R0 = 1\nEXIT\n").unwrap_err();
    assert!(e[0].message().contains(".init"));
}

#[test]
fn cases_are_deterministic_for_a_seed_and_differ_between_seeds() {
    let p = get("ballot_count");
    let a = check::cases(&p);
    assert_eq!(a, check::cases(&p));
    let b = check::cases_with_seed(&p, 99);
    assert_eq!(a.len(), b.len());
    assert_ne!(a, b);
    // edge cases come first, in the documented order
    let names: Vec<&str> = a.iter().take(8).map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "all lanes",
            "one lane (lane 0)",
            "one lane (lane 31)",
            "even lanes",
            "odd lanes",
            "partial warp (lanes 0..19)",
            "partial warp (lanes 0..2)",
            "all lanes, special values",
        ]
    );
    assert_eq!(a[0].active, u32::MAX);
    assert_eq!(a[3].active, 0x5555_5555);
    // values stay in the input's range
    for c in &a {
        assert!(c.inputs[0].values.iter().all(|&v| v <= 20));
    }
}

#[test]
fn rules_are_located_in_the_submission() {
    let r = grade("reverse", "    SHFL.IDX PT, R1, R0, 0x1f, 0x1f\n    EXIT\n");
    match &r.outcome {
        Outcome::Rule { diagnostic } => {
            assert!(
                diagnostic.message().contains("SHFL.IDX"),
                "{}",
                diagnostic.message()
            );
            assert_eq!(diagnostic.span.start, 4);
        }
        other => panic!("{other:?}"),
    }
    let long = "MOV R1, R0\n".repeat(5) + "EXIT\n";
    let r = grade("broadcast", &long);
    assert!(
        matches!(&r.outcome, Outcome::Rule { diagnostic } if diagnostic.message().contains("at most 4"))
    );
}

#[test]
fn a_submission_may_not_set_its_own_inputs_and_must_finish() {
    let p = get("broadcast");
    let e = check::check(&p, ".init R0 = 5\nMOV R1, R0\nEXIT\n").unwrap_err();
    assert!(e[0].message().contains(".init"), "{e:?}");
    assert_eq!(e[0].span.start, 0);
    let e = check::check(&p, "MOV R1, R0\nBOGUS R1\n").unwrap_err();
    assert!(!e.is_empty());
    let r = check::check(&p, "loop:\nBRA loop\n").unwrap();
    let f = r.failure().expect("an endless loop fails");
    assert_eq!(f.step_limit, Some(20));
    assert!(check::summary(&r).contains("did not finish within 20 steps"));
}

#[test]
fn every_register_kind_can_be_an_input_and_an_output() {
    // Identity puzzles: the inputs are the outputs, so `EXIT` passes and a
    // program that changes one register fails on it.
    let kinds: &[(&str, &[&str], &str, &str)] = &[
        (
            "w128",
            &["R3", "P2", "UR5", "UP1"],
            "EXIT",
            "UMOV UR5, 0x7\nEXIT",
        ),
        (
            "w128",
            &["P4"],
            "EXIT",
            "ISETP.EQ.AND P4, PT, RZ, RZ, PT\nEXIT",
        ),
        (
            "sm50",
            &["R2", "P1", "CC", "PR"],
            "EXIT",
            "P2R R2, PR\nEXIT",
        ),
        (
            "gfx9",
            &["s7", "HW_REG_MODE"],
            "s_endpgm",
            "s_getreg_b32 s7, hwreg(HW_REG_MODE)\ns_endpgm",
        ),
    ];
    for (isa, regs, solution, wrong) in kinds {
        let mut text = format!("title = identity\nisa = {isa}\n");
        for r in *regs {
            text += &format!("[input {r}]\nrange = 0..0xf\nspecial = 0\n[output {r}]\n");
        }
        text += &format!("[solution]\n{solution}\n");
        let p = puzzle::parse(&text).unwrap_or_else(|d| panic!("{text}\n{d:?}"));
        let r = check::check(&p, solution).unwrap_or_else(|d| panic!("{text}\n{d:?}"));
        assert!(r.passed(), "{isa}: {}", check::summary(&r));
        let r = check::check(&p, wrong).unwrap();
        assert!(!r.passed(), "{isa}: {wrong:?} should fail");
        // every case's program text assembles and sets the inputs it lists
        for c in check::cases(&p).iter().take(3) {
            let prog = asm::assemble(isas::by_name(isa).unwrap(), &c.program_text(solution))
                .unwrap_or_else(|d| panic!("{isa}: {d:?}"));
            assert_eq!(prog.setup.active, c.active);
            assert_eq!(prog.setup.inits.len(), regs.len());
        }
    }
}

#[test]
fn the_documented_example_parses_and_its_solution_passes() {
    let doc = include_str!("../../../../docs/puzzles.md");
    let start = doc.find("```puzzle\n").expect("an example") + "```puzzle\n".len();
    let len = doc[start..].find("```\n").expect("its end");
    let p = puzzle::parse(&doc[start..start + len]).expect("the example parses");
    assert_eq!(p.id, "above_average");
    let r = check::check(&p, &p.solution).unwrap();
    assert!(r.passed(), "{}", check::summary(&r));
    assert!(!check::check(&p, "EXIT").unwrap().passed());
    let r = check::check_cuda(&p, &p.solution_cuda).unwrap();
    assert!(r.passed(), "{}", check::summary(&r));
}
