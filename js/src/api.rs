//! The JavaScript API as plain Rust: every function returns serialisable
//! results or a [`Failure`], so the shapes are testable natively and the
//! wasm-bindgen layer in `lib.rs` only converts.
//!
//! Everything here is a view of what warpscope-core computes; nothing is
//! re-derived.

use serde::Serialize;
use warpscope_core::asm::{self, Program};
use warpscope_core::codec::{decode, FieldRole};
use warpscope_core::diag::{line_col, Diagnostic, Severity, Span};
use warpscope_core::link::{self, LinkState};
use warpscope_core::listing::{self, RowKind};
use warpscope_core::msg::Text;
use warpscope_core::puzzle::{self, check};
use warpscope_core::sim::{LaunchConfig, Loc, RunStatus, Sim, StepEvent, Value};
use warpscope_core::spec::model::Isa;
use warpscope_core::{disasm, isas};

/// Why a call failed: a message and the diagnostics behind it. Thrown to
/// JavaScript as an `Error` with a `diagnostics` property.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Failure {
    /// One line for `Error.message`.
    pub message: String,
    /// The problems, each with its position in the input.
    pub diagnostics: Vec<Diag>,
}

impl Failure {
    /// A failure without diagnostics.
    pub fn plain_message(message: String) -> Failure {
        Failure {
            message,
            diagnostics: Vec::new(),
        }
    }
}

/// A diagnostic with 1-based line and column (columns in characters) and
/// byte offsets into the input.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diag {
    /// `"error"` or `"warning"`.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
    /// Advice, when there is any.
    pub help: Option<String>,
    /// Where it starts.
    pub line: usize,
    /// Where it starts, in characters.
    pub column: usize,
    /// Where it ends.
    pub end_line: usize,
    /// Where it ends (exclusive), in characters.
    pub end_column: usize,
    /// Byte offset of the start.
    pub start: usize,
    /// Byte offset of the end.
    pub end: usize,
}

impl Diag {
    /// Places a core diagnostic in `src`.
    pub fn of(src: &str, d: &Diagnostic) -> Diag {
        let a = line_col(src, d.span.start);
        let b = line_col(src, d.span.end);
        Diag {
            severity: d.severity,
            message: d.message(),
            help: d.help(),
            line: a.line,
            column: a.col,
            end_line: b.line,
            end_column: b.col,
            start: d.span.start,
            end: d.span.end,
        }
    }
}

fn isa_named(name: &str) -> Result<&'static Isa, Failure> {
    name.parse::<isas::Id>()
        .map(isas::Id::isa)
        .map_err(Failure::plain_message)
}

/// An instruction set the package knows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IsaInfo {
    /// Its name, as the other functions take it (`"w128"`).
    pub name: String,
    /// Bits of an instruction word.
    pub word_bits: u32,
    /// Most words one instruction takes (2 for a gfx9 literal).
    pub max_words: u32,
    /// True when instructions carry scheduling controls in separate
    /// control words (sm50).
    pub control_words: bool,
}

/// The bundled ISAs.
pub fn isa_list() -> Vec<IsaInfo> {
    isas::Id::ALL
        .into_iter()
        .map(isas::Id::isa)
        .map(|isa| IsaInfo {
            name: isa.name.clone(),
            word_bits: isa.word_bits,
            max_words: isa.dialect.max_words,
            control_words: isa.dialect.control.is_some(),
        })
        .collect()
}

/// One line of an assembly listing: an instruction or (sm50) a control
/// word, as `warpscope asm` prints them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListingRow {
    /// `"inst"` or `"control"`.
    pub kind: &'static str,
    /// Index of the instruction in the program (null for a control word).
    pub index: Option<usize>,
    /// Byte address.
    pub addr: u64,
    /// The encoding in hex, most significant digit first.
    pub hex: String,
    /// Canonical disassembly, or the control word's slots.
    pub text: String,
    /// 1-based source line (null for a control word).
    pub line: Option<usize>,
    /// Byte offsets of the statement in the source (null for a control word).
    pub start: Option<usize>,
    /// End of the statement (exclusive).
    pub end: Option<usize>,
}

/// An assembled program.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Assembly {
    /// The ISA's name.
    pub isa: String,
    /// The code stream in hex, one entry per listing row.
    pub words: Vec<String>,
    /// The listing.
    pub listing: Vec<ListingRow>,
    /// Warnings (the program is usable).
    pub warnings: Vec<Diag>,
}

fn assembled(isa: &Isa, source: &str) -> Result<Program, Failure> {
    asm::assemble(isa, source).map_err(|diags| {
        let n = diags.iter().filter(|d| d.is_error()).count();
        Failure {
            message: format!("{n} error{} in the program", if n == 1 { "" } else { "s" }),
            diagnostics: diags.iter().map(|d| Diag::of(source, d)).collect(),
        }
    })
}

/// Assembles `source`.
pub fn assemble(isa: &str, source: &str) -> Result<Assembly, Failure> {
    let isa = isa_named(isa)?;
    let program = assembled(isa, source)?;
    let listing: Vec<ListingRow> = listing::rows(isa, &program)
        .into_iter()
        .map(|row| match row.kind {
            RowKind::Control { .. } => ListingRow {
                kind: "control",
                index: None,
                addr: row.addr,
                hex: row.hex,
                text: row.text,
                line: None,
                start: None,
                end: None,
            },
            RowKind::Inst {
                index, line, span, ..
            } => ListingRow {
                kind: "inst",
                index: Some(index),
                addr: row.addr,
                hex: row.hex,
                text: row.text,
                line: Some(line),
                start: Some(span.start),
                end: Some(span.end),
            },
        })
        .collect();
    Ok(Assembly {
        isa: isa.name.clone(),
        words: listing.iter().map(|r| r.hex.clone()).collect(),
        listing,
        warnings: program
            .warnings
            .iter()
            .map(|d| Diag::of(source, d))
            .collect(),
    })
}

/// One field of a decoded word.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    /// Field name (`pg`, `rd`, `mode`).
    pub name: String,
    /// Lowest bit.
    pub lo: u32,
    /// Width in bits.
    pub width: u32,
    /// `[lo, width]` of the high part of a split field, else null.
    pub high: Option<(u32, u32)>,
    /// True when the field lies in the control slot (sm50).
    pub in_control: bool,
    /// The raw bits, in hex (`"0x1f"`).
    pub raw: String,
    /// The value as assembly text (`R5`, `PT (default)`).
    pub meaning: String,
    /// `"opcode"`, `"guard"`, `"operand"`, `"modifier"` or `"control"`.
    pub role: &'static str,
}

/// A decoded instruction word.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decoded {
    /// Canonical disassembly.
    pub text: String,
    /// The encoding in hex, as `assemble` prints it.
    pub hex: String,
    /// Every field of the opcode, with what it holds.
    pub fields: Vec<Field>,
}

fn role_name(role: FieldRole) -> &'static str {
    match role {
        FieldRole::Opcode => "opcode",
        FieldRole::Guard => "guard",
        FieldRole::Operand => "operand",
        FieldRole::Modifier => "modifier",
        FieldRole::Control => "control",
    }
}

/// Decodes one instruction written in hex (`0x` and `_` allowed; for gfx9
/// the dword and then its literal, separated by a space; for sm50 one
/// instruction word, whose scheduling controls then read as empty).
pub fn decode(isa: &str, hex: &str) -> Result<Decoded, Failure> {
    let isa = isa_named(isa)?;
    let whole = |message: String| Failure {
        diagnostics: vec![Diag::of(
            hex,
            &Diagnostic::error(Span::new(0, hex.len()), Text::value(&message)),
        )],
        message,
    };
    let word = disasm::parse_hex(isa, hex).map_err(|d| Failure {
        message: d.message(),
        diagnostics: vec![Diag::of(hex, &d)],
    })?;
    let word = match isa.dialect.control {
        Some(c) => warpscope_core::codec::control::with_slot(isa, word, c.empty_slot),
        None => word,
    };
    let (inst, notes) = decode::decode(isa, word).map_err(|e| whole(e.to_string()))?;
    let def = inst.def(isa);
    let groups = hex.split_whitespace().count() as u32;
    if isa.opcode_words(def) > groups {
        return Err(whole(format!(
            "{} needs {} words; the last one (its literal) is missing",
            isa.optypes[def.optype].name,
            isa.opcode_words(def)
        )));
    }
    Ok(Decoded {
        text: disasm::disasm(isa, &inst),
        hex: disasm::format_inst(isa, &inst),
        fields: notes
            .into_iter()
            .map(|n| Field {
                name: n.name,
                lo: n.lo,
                width: n.width,
                high: n.high,
                in_control: n.in_control,
                raw: format!("{:#x}", n.raw),
                meaning: n.meaning,
                role: role_name(n.role),
            })
            .collect(),
    })
}

/// A permalink's content.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Link {
    /// The ISA's name.
    pub isa: String,
    /// The program, exactly as written.
    pub source: String,
    /// The selected instruction, or null.
    pub selected: Option<u32>,
    /// The step position, or null.
    pub step: Option<u64>,
    /// View settings as `[key, value]` pairs.
    pub view: Vec<(String, String)>,
    /// What this version cannot honour (an unknown ISA).
    pub warnings: Vec<String>,
}

/// Makes a permalink fragment (`v1....`).
pub fn encode_link(
    isa: &str,
    source: &str,
    selected: Option<u32>,
    step: Option<u64>,
    view: Vec<(String, String)>,
) -> Result<String, Failure> {
    let state = LinkState {
        selected,
        step,
        view,
        ..LinkState::new(isa, source)
    };
    link::try_encode_link(&state).map_err(|e| Failure::plain_message(e.to_string()))
}

/// Reads a permalink (a fragment or a whole URL).
pub fn decode_link(text: &str) -> Result<Link, Failure> {
    let state = link::decode_link(text).map_err(|e| {
        let fragment = link::fragment_of(text);
        let diagnostics = match e.offset {
            Some(at) => {
                let end = fragment[at..]
                    .chars()
                    .next()
                    .map_or(at, |c| at + c.len_utf8());
                vec![Diag::of(
                    fragment,
                    &Diagnostic::error(Span::new(at, end), e.text()),
                )]
            }
            None => Vec::new(),
        };
        Failure {
            message: e.to_string(),
            diagnostics,
        }
    })?;
    Ok(Link {
        warnings: state.warnings(),
        isa: state.isa,
        source: state.source,
        selected: state.selected,
        step: state.step,
        view: state.view,
    })
}

/// Where a run or the warp stands, and how many steps it has taken.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunResult {
    /// `"running"`, `"exited"`, `"halted"` or `"step_limit"`.
    pub status: RunStatus,
    /// Steps executed since the start.
    pub steps: u64,
}

/// One register the program initialises or names, and its value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Register {
    /// Its assembly name (`R5`, `P0`, `UR2`, `s3`, `HW_REG_MODE`).
    pub name: String,
    /// Where it lives (`{"R": 5}`), as step events name locations.
    pub loc: Loc,
    /// Its value.
    pub value: Value,
}

/// The warp between steps.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WarpView {
    /// Where the warp stands.
    pub status: RunStatus,
    /// Steps executed.
    pub steps: u64,
    /// Lanes that have not exited (a mask, bit per lane).
    pub active: u32,
    /// Lanes launched.
    pub launched: u32,
    /// Lanes that executed `EXIT`.
    pub exited: u32,
    /// The instruction the next step executes, or null.
    pub next_index: Option<usize>,
    /// Its source line, or null.
    pub next_line: Option<usize>,
    /// Lanes that the next step executes.
    pub next_lanes: u32,
    /// The registers the program initialises or names.
    pub registers: Vec<Register>,
    /// Warnings raised so far (`line N: ...`): of a run's, the first
    /// 1000 and a note when more followed.
    pub warnings: Vec<String>,
}

/// A simulated warp running one program.
pub struct Warp {
    sim: Sim,
}

impl Warp {
    /// Assembles `source` and launches it.
    pub fn new(isa: &str, source: &str) -> Result<Warp, Failure> {
        let isa = isa_named(isa)?;
        let program = assembled(isa, source)?;
        Ok(Warp {
            sim: Sim::new(isa, &program, LaunchConfig::default()),
        })
    }

    /// One step, or None when no lane can run.
    pub fn step(&mut self) -> Option<StepEvent> {
        self.sim.step()
    }

    /// Undoes the last step; false at the start or past the history the
    /// simulator keeps ([`warpscope_core::sim::UNDO_HISTORY`] steps at least).
    pub fn back(&mut self) -> bool {
        self.sim.back()
    }

    /// Runs until no lane can run or `max_steps` steps ran.
    pub fn run(&mut self, max_steps: u64) -> RunResult {
        let status = self.sim.run(max_steps);
        RunResult {
            status,
            steps: self.sim.steps(),
        }
    }

    /// Back to the start.
    pub fn reset(&mut self) {
        self.sim.reset();
    }

    /// The warp now.
    pub fn view(&self) -> WarpView {
        let st = self.sim.state();
        let next_index = self.sim.next_index();
        WarpView {
            status: self.sim.status(),
            steps: self.sim.steps(),
            active: st.active(),
            launched: st.launched(),
            exited: st.exited(),
            next_index,
            next_line: next_index.and_then(|i| self.sim.line_of(i)),
            next_lanes: self.sim.next_lanes(),
            registers: self
                .sim
                .touched_registers()
                .iter()
                .map(|&loc| Register {
                    name: loc.name(),
                    loc,
                    value: st.get(loc),
                })
                .collect(),
            warnings: self
                .sim
                .warnings()
                .iter()
                .map(|w| match w.step {
                    Some(step) => format!("line {} (step {step}): {}", w.line, w.message),
                    None => format!("line {}: {}", w.line, w.message),
                })
                .collect(),
        }
    }
}

/// A bundled puzzle, as `puzzles()` lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PuzzleInfo {
    /// Its id (`"broadcast"`), as `checkPuzzle` takes it.
    pub id: String,
    /// One-line title.
    pub title: String,
    /// The CUDA intrinsic or idiom it teaches.
    pub teaches: String,
    /// Difficulty, 1 (easy) to 5 (hard).
    pub level: u8,
    /// The ISA its programs are written in.
    pub isa: String,
    /// The code a solver starts from.
    pub starter: String,
    /// The reference solution (what a submission is compared with).
    pub solution: String,
}

/// The bundled puzzles, easiest first.
pub fn puzzle_list() -> Vec<PuzzleInfo> {
    puzzle::bundled_all()
        .into_iter()
        .map(|p| PuzzleInfo {
            id: p.id,
            title: p.title,
            teaches: p.teaches,
            level: p.level,
            isa: p.isa,
            starter: p.starter,
            solution: p.solution,
        })
        .collect()
}

/// How a submission fared against a puzzle (the same fields as
/// `warpscope check --json`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleReport {
    /// The puzzle's id.
    pub puzzle: String,
    /// True when every case passed.
    pub passed: bool,
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
    /// A limit of the puzzle the submission breaks, located in it.
    pub rule: Option<Diag>,
    /// The first failing case: its inputs, and the expected and actual
    /// values of every checked register.
    pub failure: Option<check::Failure>,
    /// That case as a program to step through: its `.active`/`.init`
    /// lines followed by the submission.
    pub failing_program: Option<String>,
}

/// Checks `source` against `puzzle` (a bundled id, or a whole puzzle
/// text), drawing the random cases from `seed` or the puzzle's own.
pub fn check_puzzle(
    puzzle: &str,
    source: &str,
    seed: Option<u64>,
) -> Result<PuzzleReport, Failure> {
    let p = match puzzle::bundled(puzzle.trim()) {
        Some(p) => p,
        None => puzzle::parse(puzzle).map_err(|diags| Failure {
            message: if puzzle.contains('\n') {
                "the puzzle text has errors".to_string()
            } else {
                let ids: Vec<&str> = puzzle::bundled_texts().iter().map(|b| b.0).collect();
                format!("no bundled puzzle `{puzzle}`; bundled: {}", ids.join(", "))
            },
            diagnostics: diags.iter().map(|d| Diag::of(puzzle, d)).collect(),
        })?,
    };
    let report =
        check::check_with_seed(&p, source, seed.unwrap_or(p.cases.seed)).map_err(|diags| {
            let n = diags.iter().filter(|d| d.is_error()).count();
            Failure {
                message: format!(
                    "{n} error{} in the submission",
                    if n == 1 { "" } else { "s" }
                ),
                diagnostics: diags.iter().map(|d| Diag::of(source, d)).collect(),
            }
        })?;
    let (rule, failure) = match &report.outcome {
        check::Outcome::Pass => (None, None),
        check::Outcome::Rule { diagnostic } => (Some(Diag::of(source, diagnostic)), None),
        check::Outcome::Fail { failure } => (None, Some((**failure).clone())),
    };
    Ok(PuzzleReport {
        puzzle: p.id.clone(),
        passed: report.passed(),
        cases_run: report.cases_run,
        cases_total: report.cases_total,
        instructions: report.instructions,
        max_steps: report.max_steps,
        total_steps: report.total_steps,
        failing_program: failure.as_ref().map(|f| f.case.program_text(source)),
        rule,
        failure,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assembly_errors_carry_positions() {
        let f = assemble("w128", "EXIT\nMOVE R1, R2\n").unwrap_err();
        assert_eq!(f.message, "1 error in the program");
        assert_eq!(f.diagnostics[0].line, 2);
        assert_eq!(f.diagnostics[0].column, 1);
        assert!(f.diagnostics[0].message.contains("MOVE"));
    }

    #[test]
    fn decode_reads_back_what_assemble_wrote() {
        for isa in isa_list() {
            let src = match isa.name.as_str() {
                "gfx9" => "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x5\ns_endpgm\n",
                _ => "EXIT\n",
            };
            let a = assemble(&isa.name, src).unwrap();
            for row in a.listing.iter().filter(|r| r.kind == "inst") {
                let d = decode(&isa.name, &row.hex).unwrap();
                assert_eq!(d.text, row.text, "{}", isa.name);
            }
        }
        let f = decode("w128", "zz").unwrap_err();
        assert_eq!(f.diagnostics.len(), 1);
        assert!(decode("w64", "0").unwrap_err().message.contains("w128"));
    }

    #[test]
    fn a_bad_link_says_where() {
        let f = decode_link("v1.AAA*AA").unwrap_err();
        assert_eq!(f.diagnostics[0].column, 7);
        let l = encode_link("w128", "EXIT\n", Some(0), None, vec![]).unwrap();
        assert_eq!(decode_link(&l).unwrap().source, "EXIT\n");
    }

    #[test]
    fn the_warp_steps_back_and_runs() {
        let mut w = Warp::new("w128", ".init R0 = lane\nIADD3 R1, R0, R0, RZ\nEXIT\n").unwrap();
        let ev = w.step().unwrap();
        assert_eq!(ev.line, 2);
        assert!(w.back());
        assert!(!w.back());
        let r = w.run(100);
        assert_eq!(r.status, RunStatus::Exited);
        let v = w.view();
        let r1 = v.registers.iter().find(|r| r.name == "R1").unwrap();
        assert_eq!(
            r1.value,
            Value::Lanes(std::array::from_fn(|l| 2 * l as u32))
        );
    }

    #[test]
    fn puzzles_check_a_reference_solution_and_an_empty_program() {
        let list = puzzle_list();
        assert!(list.len() >= 12);
        let p = puzzle::bundled(&list[0].id).unwrap();
        let ok = check_puzzle(&p.id, &p.solution, None).unwrap();
        assert!(
            ok.passed && ok.failure.is_none() && ok.rule.is_none(),
            "{ok:?}"
        );
        assert_eq!(ok.cases_run, ok.cases_total);
        let bad = check_puzzle(&p.id, "EXIT\n", Some(7)).unwrap();
        assert!(!bad.passed);
        let f = bad.failure.expect("a failing case");
        assert!(f.outputs.iter().any(|o| o.wrong != 0));
        assert!(bad.failing_program.unwrap().contains(".active"));
        let e = check_puzzle("title: x\nnot a field\n", "EXIT\n", None).unwrap_err();
        assert!(
            !e.diagnostics.is_empty() && e.diagnostics[0].line >= 1,
            "{e:?}"
        );
        let e = check_puzzle("no_such_puzzle", "EXIT\n", None).unwrap_err();
        assert!(e.message.contains("broadcast"), "{}", e.message);
    }
}
