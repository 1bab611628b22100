//! `warpscope check`: grade submissions against a puzzle.

use crate::input;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use warpscope_core::diag;
use warpscope_core::puzzle::{self, check, Puzzle};

/// The long help of `warpscope check`.
pub const ABOUT: &str = "\
Grades each SUBMISSION (a program file, or a directory whose files are all
graded, in name order; a file ending in `.cu` is a CUDA C kernel, compiled
to w128, see --lang) against PUZZLE: the id of a bundled puzzle (see
--list) or the path of a puzzle file. Prints one line per submission, with
the first failing case under a failing one, and exits 0 only when every
submission passes (1 when one fails, 2 on a usage or puzzle error).

With --json the output is one JSON array, one object per submission:
  {\"submission\":PATH,\"puzzle\":ID,\"passed\":true|false,
   \"cases_run\":N,\"cases_total\":N,\"instructions\":N,\"max_steps\":N,
   \"total_steps\":N,\"outcome\":{\"kind\":\"pass\"|\"rule\"|\"fail\",...},
   \"errors\":[\"FILE:LINE:COL: error: ...\",...]}
where a fail outcome holds the first failing case: its inputs, and the
expected and actual values of every checked register per lane.";

/// Examples shown under `warpscope check --help`.
pub const EXAMPLES: &str = "\
examples:
  warpscope check --list                          the bundled puzzles
  warpscope check broadcast my_broadcast.s        grade one program
  warpscope check broadcast my_broadcast.cu       grade a CUDA C kernel
  warpscope check butterfly_sum submissions/      grade a class's directory
  warpscope check --json lecture.puzzle a.s b.s   a JSON report per program";

/// What `warpscope check` was asked to do.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// List the bundled puzzles: id, level, ISA, title, what it teaches
    #[arg(long, exclusive = true)]
    list: bool,
    /// Print JSON instead of lines
    #[arg(long)]
    json: bool,
    /// Draw the random cases from seed N instead of the puzzle's
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// The submissions' language: asm, or cuda (a CUDA C kernel, compiled
    /// to w128 for the puzzle); by default a file ending in `.cu` is cuda
    #[arg(long, value_name = "LANG", value_enum)]
    lang: Option<input::Lang>,
    /// A bundled puzzle's id or the path of a puzzle file
    #[arg(value_name = "PUZZLE", required_unless_present = "list")]
    puzzle: Option<String>,
    /// Program files, or directories of them
    #[arg(value_name = "SUBMISSION", required_unless_present = "list")]
    submissions: Vec<String>,
}

/// Runs `warpscope check`; returns the exit status.
pub fn cmd(args: &Args) -> i32 {
    match &args.puzzle {
        Some(puzzle) if !args.list => check_all(puzzle, args),
        _ => list(),
    }
}

fn list() -> i32 {
    for p in puzzle::bundled_all() {
        println!(
            "{:<18} level {}  {:<5} {}  ({})",
            p.id, p.level, p.isa, p.title, p.teaches
        );
    }
    0
}

/// Grades every submission against `puzzle`; returns the exit status.
fn check_all(puzzle: &str, args: &Args) -> i32 {
    let (json, seed) = (args.json, args.seed);
    let p = match load_puzzle(puzzle) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let files = match expand(&args.submissions) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut all_pass = true;
    let mut reports = Vec::new();
    for f in &files {
        let lang = match args.lang {
            Some(input::Lang::Cuda) => check::Lang::Cuda,
            Some(input::Lang::Asm) => check::Lang::Asm,
            None if f.extension().is_some_and(|e| e == "cu") => check::Lang::Cuda,
            None => check::Lang::Asm,
        };
        let (value, passed) = grade(&p, f, lang, seed.unwrap_or(p.cases.seed), json);
        all_pass &= passed;
        reports.push(value);
    }
    if json {
        println!("{}", Value::Array(reports));
    }
    i32::from(!all_pass)
}

/// A bundled puzzle by id, or a puzzle file.
fn load_puzzle(name: &str) -> Result<Puzzle, i32> {
    let path = Path::new(name);
    if !path.is_file() {
        if let Some(p) = puzzle::bundled(name) {
            return Ok(p);
        }
        if !name.contains(['/', '.']) {
            let ids: Vec<&str> = puzzle::bundled_texts().iter().map(|b| b.0).collect();
            eprintln!(
                "warpscope check: no bundled puzzle `{name}` and no such file; bundled: {}",
                ids.join(", ")
            );
            return Err(2);
        }
    }
    let (file, text) = input::read("check", Some(name))?;
    puzzle::parse(&text).map_err(|diags| {
        eprint!("{}", diag::render(&diags, &[(&file, &text)]));
        eprintln!("warpscope check: the puzzle file {file} has errors");
        2
    })
}

/// Submission files: files as given, directories as their files in name
/// order.
fn expand(items: &[String]) -> Result<Vec<PathBuf>, i32> {
    let mut out = Vec::new();
    for item in items {
        let path = PathBuf::from(item);
        if path.is_dir() {
            let entries = std::fs::read_dir(&path).map_err(|e| {
                eprintln!("warpscope check: cannot read directory {item}: {e}");
                2
            })?;
            let mut files: Vec<PathBuf> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    p.is_file()
                        && !p
                            .file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| n.starts_with('.'))
                })
                .collect();
            files.sort();
            if files.is_empty() {
                eprintln!("warpscope check: directory {item} holds no files");
                return Err(2);
            }
            out.extend(files);
        } else {
            out.push(path);
        }
    }
    Ok(out)
}

/// Grades one file: prints its line (unless `json`) and returns its JSON
/// report and whether it passed.
fn grade(p: &Puzzle, path: &Path, lang: check::Lang, seed: u64, json: bool) -> (Value, bool) {
    let name = path.display().to_string();
    let base = json!({"submission": name, "puzzle": p.id});
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            let msg = format!("cannot read {name}: {e}");
            if !json {
                println!("{name}: error: {msg}");
            }
            return (with(base, json!({"passed": false, "errors": [msg]})), false);
        }
    };
    match check::check_lang(p, &text, lang, seed) {
        Err(diags) => {
            let rendered = diag::render(&diags, &[(&name, &text)]);
            if !json {
                let n = diags.iter().filter(|d| d.is_error()).count();
                let verb = match lang {
                    check::Lang::Cuda => "compile",
                    check::Lang::Asm => "assemble",
                };
                println!(
                    "{name}: error: does not {verb} ({n} error{})",
                    if n == 1 { "" } else { "s" }
                );
                eprint!("{rendered}");
            }
            let errors: Vec<String> = diags
                .iter()
                .map(|d| {
                    diag::render_one(d, &name, &text)
                        .lines()
                        .next()
                        .unwrap_or("")
                        .to_string()
                })
                .collect();
            (
                with(base, json!({"passed": false, "errors": errors})),
                false,
            )
        }
        Ok(report) => {
            let passed = report.passed();
            if !json {
                println!("{name}: {}", check::summary(&report));
                if let check::Outcome::Rule { diagnostic } = &report.outcome {
                    eprint!("{}", diag::render_one(diagnostic, &name, &text));
                }
            }
            let mut v = serde_json::to_value(&report).unwrap_or(Value::Null);
            if let Value::Object(m) = &mut v {
                m.insert("passed".into(), Value::Bool(passed));
                m.insert("errors".into(), json!([]));
            }
            (with(base, v), passed)
        }
    }
}

/// `a` with the keys of `b` added.
fn with(mut a: Value, b: Value) -> Value {
    if let (Value::Object(m), Value::Object(n)) = (&mut a, b) {
        m.extend(n);
    }
    a
}
