//! The work a Check may do: bounded, and run a slice at a time.

use warpscope_core::puzzle::check::{self, Grading, Progress, MAX_CHECK_STEPS};
use warpscope_core::puzzle::{self, bundled_texts, Puzzle};

fn reverse() -> Puzzle {
    let text = bundled_texts()
        .iter()
        .find(|b| b.0 == "reverse")
        .expect("bundled")
        .1;
    puzzle::parse(text).expect("parses")
}

/// `reverse` with its `[cases]` and `[limits]` replaced.
fn asking(random: u32, steps: u64, solution: &str) -> Puzzle {
    let text = bundled_texts()
        .iter()
        .find(|b| b.0 == "reverse")
        .expect("bundled")
        .1;
    let text = text
        .replace("random = 16", &format!("random = {random}"))
        .replace("steps = 10", &format!("steps = {steps}"))
        .replace("instructions = 3", "instructions = 30");
    let at = text.find("[solution]").expect("a solution");
    let text = format!("{}[solution]\n{solution}", &text[..at]);
    puzzle::parse(&text).unwrap_or_else(|d| panic!("{d:?}"))
}

const RIGHT: &str = "    SHFL.BFLY PT, R1, R0, 0x1f, 0x1f\n    EXIT\n";
const WRONG: &str = "    MOV R1, R0\n    EXIT\n";

/// Grades with slices of `slice` steps; the result and how many slices.
fn sliced(
    p: &Puzzle,
    code: &str,
    slice: u64,
) -> (
    Result<check::Report, Vec<warpscope_core::diag::Diagnostic>>,
    usize,
) {
    let mut g = Grading::start(p, code, p.cases.seed).expect("starts");
    let mut slices = 0;
    loop {
        slices += 1;
        match g.advance(slice) {
            Progress::Done(r) => return (r, slices),
            Progress::Running {
                cases_run,
                cases_total,
            } => {
                assert!(cases_run <= cases_total);
                assert!(slices < 100_000, "no progress");
            }
        }
    }
}

#[test]
fn a_check_in_slices_gives_what_a_whole_check_gives() {
    let p = reverse();
    for code in [RIGHT, WRONG, "    EXIT\n"] {
        let whole = check::check(&p, code);
        for slice in [1, 3, 7, 1000] {
            let (r, slices) = sliced(&p, code, slice);
            assert_eq!(r, whole, "{code:?} in slices of {slice}");
            if slice == 1 && code == RIGHT {
                // two steps of the reference and two of the submission a case
                assert!(
                    slices >= 4 * whole.as_ref().unwrap().cases_total,
                    "{slices}"
                );
            }
        }
    }
}

#[test]
fn a_puzzle_asking_for_more_than_a_check_may_run_is_refused() {
    // A link can say anything: 1000 cases of a million steps each.
    let p = asking(1000, 1_000_000, RIGHT);
    let err = check::check(&p, RIGHT).unwrap_err();
    assert!(
        err[0]
            .message()
            .contains(&format!("a Check runs at most {MAX_CHECK_STEPS}")),
        "{}",
        err[0].message()
    );
    // Just under the bound, it runs.
    let cases = check::cases(&asking(16, 10, RIGHT)).len() as u64;
    let p = asking(16, MAX_CHECK_STEPS / cases, RIGHT);
    assert!(check::check(&p, RIGHT).unwrap().passed());
}

#[test]
fn a_reference_solution_that_runs_long_stops_the_check_at_the_bound() {
    // Each case's reference loops 30,000 times (90,000 steps) before it
    // answers: within its own limit, but 40 such cases are more than a
    // Check may run.
    let slow = "    MOV R2, 0x7530\nloop:\n    IADD3 R2, R2, -0x1, RZ\n    ISETP.NE.AND P0, PT, R2, RZ, PT\n@P0 BRA loop\n    SHFL.BFLY PT, R1, R0, 0x1f, 0x1f\n    EXIT\n";
    let p = asking(40, 10, slow);
    let err = check::check(&p, RIGHT).unwrap_err();
    assert!(
        err[0].message().contains("needed more than"),
        "{}",
        err[0].message()
    );
    // In slices the same, and no slice runs past its budget by much.
    let (r, _) = sliced(&p, RIGHT, 50_000);
    assert_eq!(r.unwrap_err()[0].message(), err[0].message());
}
