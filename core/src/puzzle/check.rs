//! The checker: runs a submission and the reference solution on the same
//! cases and compares the checked registers lane by lane.
//!
//! Cases come in a fixed order: edge cases first (all lanes, one lane,
//! alternating lanes, a partial warp, then extreme input values), then
//! random cases drawn from a seeded generator, so the same puzzle and seed
//! always give the same cases. Every case is a program text (the
//! assembler's `.active` and `.init` directives followed by the
//! submission), so a front end can load a failing case into the simulator
//! exactly as the checker ran it.

use super::{per_lane, reg_name, LaneSet, Lanes, Puzzle};
use crate::asm;
use crate::diag::{Diagnostic, Span};
use crate::isas;
use crate::loc::{Loc, Value};
use crate::msg;
use crate::msg::Text;
use crate::sim::{LaunchConfig, RunStatus, Sim, WarpState};
use serde::Serialize;
use std::fmt::Write as _;

/// One input register's values in a case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CaseInput {
    /// The register.
    #[serde(skip)]
    pub reg: Loc,
    /// Its name (`R0`).
    pub name: String,
    /// One value per lane (lane 0 first) for per-lane registers, a single
    /// value for warp-wide ones; predicates read 0 or 1.
    pub values: Vec<u32>,
}

/// One test case: the active lanes and the input values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Case {
    /// 1-based position in the run order.
    pub number: usize,
    /// What the case tests (`one lane (lane 31)`).
    pub name: String,
    /// [`Case::name`] as a message, for showing it in another language.
    #[serde(skip)]
    pub text: Text,
    /// Lanes active at the start.
    pub active: u32,
    /// Input values.
    pub inputs: Vec<CaseInput>,
}

impl Case {
    /// The setup directives of this case (one per line, ending in a
    /// newline).
    pub fn setup_text(&self) -> String {
        let mut out = format!(
            "// case {}: {}\n.active {:#010x}\n",
            self.number, self.name, self.active
        );
        for inp in &self.inputs {
            let name = reg_name(inp.reg);
            match inp.reg {
                Loc::P(_) => {
                    let mask = inp
                        .values
                        .iter()
                        .enumerate()
                        .fold(0u32, |m, (l, &v)| m | (u32::from(v != 0) << l));
                    let _ = writeln!(out, ".init {name} = ({mask:#010x} >> lane) & 1");
                }
                _ if inp.values.len() == 32 => {
                    let vals: Vec<String> = inp.values.iter().map(|v| format!("{v:#x}")).collect();
                    let _ = writeln!(out, ".init {name} = {{{}}}", vals.join(", "));
                }
                _ => {
                    let v = inp.values.first().copied().unwrap_or(0);
                    let _ = writeln!(out, ".init {name} = {v:#x}");
                }
            }
        }
        out
    }

    /// The runnable program of this case: its setup, then `submission`
    /// (without the setup of a case loaded before, see
    /// [`without_case_setup`], and without leading blank lines).
    pub fn program_text(&self, submission: &str) -> String {
        let mut out = self.setup_text();
        let sub = without_case_setup(submission);
        let mut rest: &str = &sub;
        while let Some(i) = rest.find('\n') {
            if !rest[..i].trim().is_empty() {
                break;
            }
            rest = &rest[i + 1..];
        }
        out.push_str(rest);
        if !submission.ends_with('\n') {
            out.push('\n');
        }
        out
    }
}

/// `text` with the setup of a case blanked out when it starts with one (a
/// `// case N: ...` line followed by `.active` and `.init` lines, as
/// [`Case::program_text`] writes them): each of their characters but the
/// line ends becomes a space, so offsets and line numbers stay as they were.
/// A failing case loaded into the editor can thus be fixed and checked
/// again; the checker sets the inputs itself, so nothing is lost by
/// ignoring these lines.
pub fn without_case_setup(text: &str) -> std::borrow::Cow<'_, str> {
    let mut end = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim_start();
        let setup = if i == 0 {
            t.starts_with("// case ")
        } else {
            t.starts_with(".active ") || t.starts_with(".init ")
        };
        if !setup || !line.is_ascii() {
            break;
        }
        end += line.len();
    }
    if end == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    let blank: String = text[..end]
        .chars()
        .map(|c| if c == '\n' { '\n' } else { ' ' })
        .collect();
    std::borrow::Cow::Owned(blank + &text[end..])
}

/// One checked register in a failing case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutputDiff {
    /// The register.
    #[serde(skip)]
    pub reg: Loc,
    /// Its name.
    pub name: String,
    /// Lanes compared (all 32 bits for a warp-wide register).
    pub checked: u32,
    /// Lanes (of `checked`) whose value differs; for a warp-wide register
    /// all 32 bits when it differs.
    pub wrong: u32,
    /// The reference solution's values (per lane, or one value).
    pub expected: Vec<u32>,
    /// The submission's values.
    pub actual: Vec<u32>,
}

/// The first failing case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The case.
    pub case: Case,
    /// Set when the submission ran out of steps: the limit.
    pub step_limit: Option<u64>,
    /// Every checked register, wrong or right.
    pub outputs: Vec<OutputDiff>,
}

impl Failure {
    /// Lanes with at least one wrong per-lane value.
    pub fn wrong_lanes(&self) -> u32 {
        self.outputs
            .iter()
            .filter(|o| o.expected.len() == 32)
            .fold(0, |m, o| m | o.wrong)
    }
}

/// How a submission fared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// Every case passed.
    Pass,
    /// The submission breaks a limit of the puzzle (too many instructions,
    /// a forbidden instruction); located in the submission.
    Rule {
        /// What is wrong, and where.
        diagnostic: Diagnostic,
    },
    /// A case gave a wrong result.
    Fail {
        /// The first failing case.
        failure: Box<Failure>,
    },
}

/// The result of checking one submission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Pass, rule broken, or the first failing case.
    pub outcome: Outcome,
    /// Cases run (up to and including a failing one).
    pub cases_run: usize,
    /// Cases the puzzle has.
    pub cases_total: usize,
    /// Instructions in the submission.
    pub instructions: usize,
    /// Most steps any case took.
    pub max_steps: u64,
    /// Steps summed over the cases run.
    pub total_steps: u64,
}

impl Report {
    /// True when every case passed.
    pub fn passed(&self) -> bool {
        self.outcome == Outcome::Pass
    }
    /// The first failing case, if one failed.
    pub fn failure(&self) -> Option<&Failure> {
        match &self.outcome {
            Outcome::Fail { failure } => Some(failure),
            _ => None,
        }
    }
}

/// A small seeded generator (SplitMix64): the same seed gives the same
/// cases on every platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A value in `lo..=hi` (the bounds in either order).
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let span = u64::from(hi) - u64::from(lo) + 1;
        lo + (self.next_u64() % span) as u32
    }
}

/// The cases of a puzzle for its own seed.
pub fn cases(p: &Puzzle) -> Vec<Case> {
    cases_with_seed(p, p.cases.seed)
}

/// The cases of a puzzle for `seed`.
pub fn cases_with_seed(p: &Puzzle, seed: u64) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let mut masks: Vec<(Text, u32)> = Vec::new();
    for set in &p.cases.active {
        match *set {
            LaneSet::All => masks.push((msg!("all lanes"), u32::MAX)),
            LaneSet::One => {
                masks.push((msg!("one lane (lane {0})", 0), 1));
                masks.push((msg!("one lane (lane {0})", 31), 1 << 31));
            }
            LaneSet::Alternating => {
                masks.push((msg!("even lanes"), 0x5555_5555));
                masks.push((msg!("odd lanes"), 0xaaaa_aaaa));
            }
            LaneSet::Partial => {
                masks.push((msg!("partial warp (lanes {0}..{1})", 0, 19), 0x000f_ffff));
                masks.push((msg!("partial warp (lanes {0}..{1})", 0, 2), 0x7));
            }
            LaneSet::Mask(m) => masks.push((msg!("lanes {0}", format!("{m:#010x}")), m)),
            LaneSet::Random => {}
        }
    }
    let first = masks.first().map_or(u32::MAX, |m| m.1);
    let first_name = masks.first().map_or(msg!("all lanes"), |m| m.0.clone());
    let mut out: Vec<Case> = Vec::new();
    let push = |out: &mut Vec<Case>, text: Text, active: u32, inputs: Vec<CaseInput>| {
        out.push(Case {
            number: out.len() + 1,
            name: text.english(),
            text,
            active,
            inputs,
        });
    };
    for (name, m) in &masks {
        let inputs = draw(p, &mut rng, 0);
        push(&mut out, name.clone(), *m, inputs);
    }
    if p.inputs.iter().any(|i| !i.special.is_empty()) {
        let inputs = fill(p, |i, lane| {
            if i.special.is_empty() {
                i.min
            } else {
                i.special[lane % i.special.len()]
            }
        });
        push(
            &mut out,
            msg!("{0}, special values", first_name.clone()),
            first,
            inputs,
        );
    }
    if p.inputs.iter().any(|i| i.min != i.max) {
        push(
            &mut out,
            msg!("{0}, largest values", first_name.clone()),
            first,
            fill(p, |i, _| i.max),
        );
        push(
            &mut out,
            msg!("{0}, smallest values", first_name.clone()),
            first,
            fill(p, |i, _| i.min),
        );
    }
    let kinds: Vec<u32> = masks.iter().map(|m| m.1).collect();
    let random_masks = p.cases.active.contains(&LaneSet::Random);
    for _ in 0..p.cases.random {
        let choice = if kinds.is_empty() {
            0
        } else {
            rng.range(0, kinds.len() as u32) as usize
        };
        let (active, what) = if random_masks && choice == kinds.len() || kinds.is_empty() {
            let mut m = 0;
            while m == 0 {
                m = rng.next_u64() as u32 & rng.next_u64() as u32
                    | rng.next_u64() as u32 & rng.next_u64() as u32;
            }
            (m, msg!("random lanes"))
        } else {
            (kinds[choice.min(kinds.len() - 1)], msg!("random values"))
        };
        let inputs = draw(p, &mut rng, 8);
        push(&mut out, what, active, inputs);
    }
    out
}

/// Values for every input from `value(input, lane)`.
fn fill(p: &Puzzle, value: impl Fn(&super::Input, usize) -> u32) -> Vec<CaseInput> {
    p.inputs
        .iter()
        .map(|i| {
            let n = if per_lane(i.reg) { 32 } else { 1 };
            CaseInput {
                reg: i.reg,
                name: reg_name(i.reg),
                values: (0..n).map(|l| value(i, l)).collect(),
            }
        })
        .collect()
}

/// Random values in each input's range; with `special_one_in` > 0, about
/// one value in that many is one of the input's special values.
fn draw(p: &Puzzle, rng: &mut Rng, special_one_in: u32) -> Vec<CaseInput> {
    let mut out = Vec::new();
    for i in &p.inputs {
        let n = if per_lane(i.reg) { 32 } else { 1 };
        let mut values = Vec::with_capacity(n);
        for _ in 0..n {
            let pick_special = special_one_in > 0
                && !i.special.is_empty()
                && rng.range(0, special_one_in - 1) == 0;
            values.push(if pick_special {
                i.special[rng.range(0, i.special.len() as u32 - 1) as usize]
            } else {
                rng.range(i.min, i.max)
            });
        }
        out.push(CaseInput {
            reg: i.reg,
            name: reg_name(i.reg),
            values,
        });
    }
    out
}

/// The values of `reg` after a run: 32 for per-lane registers, 1 otherwise.
fn read(st: &WarpState, reg: Loc) -> Vec<u32> {
    match st.get(reg) {
        Value::Lanes(v) => v.to_vec(),
        Value::Mask(m) => (0..32).map(|l| (m >> l) & 1).collect(),
        Value::Scalar(v) => vec![v],
        Value::Bool(b) => vec![u32::from(b)],
    }
}

/// The forbidden-instruction and instruction-count rules, checked on the
/// assembled submission. A CUDA submission (`origins`: each
/// instruction's CUDA text) has no instruction count, and a forbidden
/// instruction is located at the CUDA text it came from.
fn rules(p: &Puzzle, prog: &asm::Program, origins: Option<&[Span]>) -> Option<Diagnostic> {
    let isa = isas::by_name(&p.isa)?;
    for (i, line) in prog.lines.iter().enumerate() {
        let text = crate::disasm::disasm(isa, &line.inst);
        let mnemonic = text
            .split_whitespace()
            .find(|t| !t.starts_with('@'))
            .unwrap_or("")
            .to_ascii_uppercase();
        for f in &p.limits.forbid {
            let f = f.to_ascii_uppercase();
            if mnemonic == f || mnemonic.starts_with(&format!("{f}.")) {
                let d = |at| Diagnostic::error(at, msg!("`{0}` is not allowed in this puzzle", f));
                return Some(match origins {
                    None => d(line.span).with_help(msg!("solve it with other instructions")),
                    Some(o) => d(o.get(i).copied().unwrap_or(line.span)).with_help(msg!(
                        "this CUDA code compiles to `{0}`; solve it with other intrinsics or operators",
                        text.trim().trim_end_matches(';').trim_end()
                    )),
                });
            }
        }
    }
    if let (Some(max), None) = (p.limits.instructions, origins) {
        if let Some(line) = prog.lines.get(max) {
            return Some(Diagnostic::error(
                line.span,
                msg!(
                    "this puzzle allows at most {0} instructions; the submission has {1}",
                    max,
                    prog.lines.len()
                ),
            ));
        }
    }
    None
}

/// Steps the reference solution may take per case (at least the puzzle's
/// limit).
const REFERENCE_STEPS: u64 = 100_000;

/// The most simulated steps one Check may run, the reference solution's
/// included: a bound on what a puzzle (a file or a link, from anyone)
/// can ask of a page. A puzzle whose cases could ask for more (cases ×
/// its step limit) is refused before it runs, and a Check that reaches it
/// anyway (a slow reference solution) stops with an error.
pub const MAX_CHECK_STEPS: u64 = 2_000_000;

/// Checks `submission` against the puzzle's reference solution on the
/// puzzle's cases.
///
/// Returns the assembler's diagnostics (located in `submission`) when the
/// submission does not assemble or uses `.active`/`.init`, and an error at
/// the start of the text when the puzzle itself is unusable (its ISA
/// unknown, its reference solution not finishing, more work than
/// [`MAX_CHECK_STEPS`]).
pub fn check(p: &Puzzle, submission: &str) -> Result<Report, Vec<Diagnostic>> {
    check_with_seed(p, submission, p.cases.seed)
}

/// Like [`check`], with the random cases drawn from `seed`.
pub fn check_with_seed(p: &Puzzle, submission: &str, seed: u64) -> Result<Report, Vec<Diagnostic>> {
    check_lang(p, submission, Lang::Asm, seed)
}

/// Checks a CUDA C kernel (docs/cuda.md, "In a puzzle") against a w128
/// puzzle, as [`check`] checks assembly: the kernel is compiled for the
/// puzzle's registers and the compiled program runs every case. The
/// puzzle's `steps` and `forbid` limits apply to the compiled program,
/// its `instructions` limit does not. Errors are located in `src`.
pub fn check_cuda(p: &Puzzle, src: &str) -> Result<Report, Vec<Diagnostic>> {
    check_lang(p, src, Lang::Cuda, p.cases.seed)
}

/// The language a submission is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Assembly of the puzzle's ISA.
    #[default]
    Asm,
    /// CUDA C, compiled to w128 ([`check_cuda`]).
    Cuda,
}

/// [`check_with_seed`] for a submission in `lang`.
pub fn check_lang(
    p: &Puzzle,
    submission: &str,
    lang: Lang,
    seed: u64,
) -> Result<Report, Vec<Diagnostic>> {
    let mut g = Grading::start_lang(p, submission, lang, seed)?;
    loop {
        if let Progress::Done(r) = g.advance(u64::MAX) {
            return r;
        }
    }
}

/// How far a [`Grading`] has come.
#[derive(Debug)]
pub enum Progress {
    /// Still running.
    Running {
        /// Cases begun.
        cases_run: usize,
        /// Cases in all.
        cases_total: usize,
    },
    /// Finished, as [`check`] returns it.
    Done(Result<Report, Vec<Diagnostic>>),
}

/// One case under way: the reference solution's run, then the
/// submission's.
struct Under {
    case: Case,
    reference: Sim,
    submission: Option<Sim>,
}

/// A Check that runs a slice at a time ([`Grading::advance`]), so that a
/// page can grade without holding its thread, show progress and stop.
pub struct Grading {
    isa: &'static crate::spec::model::Isa,
    puzzle: Puzzle,
    submission: String,
    cases: std::vec::IntoIter<Case>,
    under: Option<Under>,
    report: Report,
    spent: u64,
}

fn error_at_start(what: Text) -> Vec<Diagnostic> {
    vec![Diagnostic::error(Span::new(0, 0), what)]
}

/// An assembly submission assembled, refused when it sets inputs up.
fn assemble_submission(
    isa: &'static crate::spec::model::Isa,
    text: &str,
) -> Result<asm::Program, Vec<Diagnostic>> {
    let prog = asm::assemble(isa, text)?;
    let setup: Vec<Diagnostic> = prog
        .setup
        .active_span
        .into_iter()
        .chain(prog.setup.inits.iter().map(|i| i.span))
        .map(|s| {
            Diagnostic::error(s, msg!("a submission may not use `.active` or `.init`")).with_help(
                msg!("the checker sets the inputs of every case; remove this line"),
            )
        })
        .collect();
    if setup.is_empty() {
        Ok(prog)
    } else {
        Err(setup)
    }
}

impl Grading {
    /// Assembles the submission and checks its rules; `Err` as [`check`]'s.
    pub fn start(p: &Puzzle, submission: &str, seed: u64) -> Result<Grading, Vec<Diagnostic>> {
        Grading::start_lang(p, submission, Lang::Asm, seed)
    }

    /// [`Grading::start`] for a submission in `lang`: a CUDA one is
    /// compiled, and its compiled text runs each case.
    pub fn start_lang(
        p: &Puzzle,
        submission: &str,
        lang: Lang,
        seed: u64,
    ) -> Result<Grading, Vec<Diagnostic>> {
        let Some(isa) = isas::by_name(&p.isa) else {
            return Err(error_at_start(msg!("unknown ISA `{0}`", &p.isa)));
        };
        let (submission, prog, origins) = match lang {
            Lang::Asm => {
                let text = without_case_setup(submission).into_owned();
                let prog = assemble_submission(isa, &text)?;
                (text, prog, None)
            }
            Lang::Cuda => {
                let c = super::cuda::compile(p, submission)?;
                // a compiled kernel's instructions point into its CUDA text
                let origins: Vec<Span> = c.program.lines.iter().map(|l| l.span).collect();
                (c.asm, c.program, Some(origins))
            }
        };
        let mut p = p.clone();
        if let (Some(n), Some(_)) = (p.limits.cuda_steps, &origins) {
            p.limits.steps = n;
        }
        let p = &p;
        let all = cases_with_seed(p, seed);
        let asked = (all.len() as u64).saturating_mul(p.limits.steps);
        if asked > MAX_CHECK_STEPS {
            return Err(error_at_start(msg!(
                "this puzzle asks for up to {0} steps in one Check ({1} cases of up to {2} steps); a Check runs at most {3}",
                asked,
                all.len(),
                p.limits.steps,
                MAX_CHECK_STEPS
            )));
        }
        let mut report = Report {
            outcome: Outcome::Pass,
            cases_run: 0,
            cases_total: all.len(),
            instructions: prog.lines.len(),
            max_steps: 0,
            total_steps: 0,
        };
        let mut cases = all.into_iter();
        if let Some(d) = rules(p, &prog, origins.as_deref()) {
            report.outcome = Outcome::Rule { diagnostic: d };
            cases = Vec::new().into_iter();
        }
        Ok(Grading {
            isa,
            puzzle: p.clone(),
            submission,
            cases,
            under: None,
            report,
            spent: 0,
        })
    }

    fn launch(&self, text: &str) -> Result<Sim, Vec<Diagnostic>> {
        let prog = asm::assemble(self.isa, text)?;
        let config = LaunchConfig {
            undo: false,
            ..LaunchConfig::default()
        };
        Ok(Sim::new(self.isa, &prog, config))
    }

    /// Runs up to `budget` more simulated steps (about; a case's set-up
    /// and comparison count nothing) and says how far the Check has come.
    pub fn advance(&mut self, budget: u64) -> Progress {
        let mut left = budget;
        loop {
            if self.spent > MAX_CHECK_STEPS {
                return Progress::Done(Err(error_at_start(msg!(
                    "this Check needed more than {0} steps (the reference solution's included); it stopped there",
                    MAX_CHECK_STEPS
                ))));
            }
            let Some(under) = self.under.as_mut() else {
                let Some(case) = self.cases.next() else {
                    return Progress::Done(Ok(self.report.clone()));
                };
                self.report.cases_run += 1;
                let reference = match self.launch(&case.program_text(&self.puzzle.solution)) {
                    Ok(s) => s,
                    Err(ds) => {
                        // The assembler's errors are never none.
                        let why = ds.into_iter().next().map(|d| d.text);
                        let why = why.unwrap_or_else(|| Text::new("", Vec::new()));
                        return Progress::Done(Err(error_at_start(msg!(
                            "case {0} ({1}) does not assemble with the reference solution: {2}",
                            case.number,
                            case.text,
                            why
                        ))));
                    }
                };
                self.under = Some(Under {
                    case,
                    reference,
                    submission: None,
                });
                continue;
            };
            if left == 0 {
                return Progress::Running {
                    cases_run: self.report.cases_run,
                    cases_total: self.report.cases_total,
                };
            }
            let limit = match under.submission {
                None => REFERENCE_STEPS.max(self.puzzle.limits.steps),
                Some(_) => self.puzzle.limits.steps,
            };
            let sim = under.submission.as_mut().unwrap_or(&mut under.reference);
            let before = sim.steps();
            let status = sim.run(left.min(limit - before.min(limit)));
            let ran = sim.steps() - before;
            left = left.saturating_sub(ran.max(1));
            self.spent += ran;
            let finished = status != RunStatus::StepLimit;
            let at_limit = sim.steps() >= limit;
            if !finished && !at_limit {
                continue;
            }
            if under.submission.is_none() {
                if !finished {
                    return Progress::Done(Err(error_at_start(msg!(
                        "the puzzle's reference solution does not finish case {0} ({1})",
                        under.case.number,
                        under.case.text.clone()
                    ))));
                }
                let text = under.case.program_text(&self.submission);
                match self.launch(&text) {
                    // Only a setup line can fail here, as the submission
                    // assembled alone.
                    Err(ds) => {
                        return Progress::Done(Err(ds
                            .into_iter()
                            .map(|d| Diagnostic::error(Span::new(0, 0), d.text))
                            .collect()))
                    }
                    Ok(s) => self.under.as_mut().expect("a case").submission = Some(s),
                }
                continue;
            }
            let under = self.under.take().expect("a case");
            if let Some(failure) = compare(&self.puzzle, under, finished, &mut self.report) {
                self.report.outcome = Outcome::Fail {
                    failure: Box::new(failure),
                };
                return Progress::Done(Ok(self.report.clone()));
            }
        }
    }
}

/// Compares a finished case's registers (and notes its steps); the
/// failure, if the submission's differ or it did not finish.
fn compare(p: &Puzzle, under: Under, finished: bool, report: &mut Report) -> Option<Failure> {
    let (want, got) = (
        under.reference,
        under.submission.expect("the submission ran"),
    );
    report.max_steps = report.max_steps.max(got.steps());
    report.total_steps += got.steps();
    let case = under.case;
    let mut outputs = Vec::new();
    let mut bad = false;
    for o in &p.outputs {
        let expected = read(want.state(), o.reg);
        let actual = read(got.state(), o.reg);
        let checked = if expected.len() == 32 {
            match o.lanes {
                Lanes::Active => case.active,
                Lanes::All => u32::MAX,
                Lanes::Mask(m) => m & case.active,
            }
        } else {
            u32::MAX
        };
        let wrong = if expected.len() == 32 {
            (0..32)
                .filter(|&l| checked >> l & 1 == 1 && expected[l] != actual[l])
                .fold(0u32, |m, l| m | 1 << l)
        } else if expected != actual {
            u32::MAX
        } else {
            0
        };
        bad |= wrong != 0;
        outputs.push(OutputDiff {
            reg: o.reg,
            name: reg_name(o.reg),
            checked,
            wrong,
            expected,
            actual,
        });
    }
    (bad || !finished).then(|| Failure {
        case,
        step_limit: (!finished).then_some(p.limits.steps),
        outputs,
    })
}

/// A few lines saying how a submission fared, for a terminal.
pub fn summary(report: &Report) -> String {
    let lines: Vec<String> = summary_lines(report).iter().map(Text::english).collect();
    lines.join("\n  ")
}

/// [`summary`]'s lines as messages: the verdict, then each wrong register.
pub fn summary_lines(report: &Report) -> Vec<Text> {
    let hex = |v: u32| format!("{v:#x}");
    match &report.outcome {
        Outcome::Pass => vec![msg!(
            "pass: {0} cases, {1} instructions, at most {2} steps",
            report.cases_total,
            report.instructions,
            report.max_steps
        )],
        Outcome::Rule { diagnostic } => vec![msg!("fail: {0}", diagnostic.text.clone())],
        Outcome::Fail { failure } => {
            let c = &failure.case;
            let (n, total, active) = (c.number, report.cases_total, format!("{:#010x}", c.active));
            if let Some(steps) = failure.step_limit {
                return vec![msg!(
                    "fail: case {0} of {1} ({2}), active {3}: did not finish within {4} steps",
                    n,
                    total,
                    c.text.clone(),
                    active,
                    steps
                )];
            }
            let mut out = vec![msg!(
                "fail: case {0} of {1} ({2}), active {3}",
                n,
                total,
                c.text.clone(),
                active
            )];
            for o in failure.outputs.iter().filter(|o| o.wrong != 0) {
                out.push(if o.expected.len() == 32 {
                    let lane = o.wrong.trailing_zeros() as usize;
                    msg!(
                        "{0}: {1} wrong lane(s) {2}; lane {3}: expected {4}, got {5}",
                        &o.name,
                        o.wrong.count_ones(),
                        format!("{:#010x}", o.wrong),
                        lane,
                        hex(o.expected[lane]),
                        hex(o.actual[lane])
                    )
                } else {
                    msg!(
                        "{0}: expected {1}, got {2}",
                        &o.name,
                        hex(o.expected.first().copied().unwrap_or(0)),
                        hex(o.actual.first().copied().unwrap_or(0))
                    )
                });
            }
            out
        }
    }
}
