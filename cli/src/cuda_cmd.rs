//! `warpscope asm` and `warpscope run` of a CUDA C kernel (`--lang cuda`,
//! or a `.cu` file): compiled to w128 by core, then listed with each
//! CUDA line above its instructions, or run with the kernel's `printf`
//! output as the result.

use crate::input;
use std::fmt::Write as _;
use warpscope_core::cuda::{self, Compiled};
use warpscope_core::diag::Lines;
use warpscope_core::listing::{self, RowKind};
use warpscope_core::{isas, sim::RunStatus};

/// Compiles `src`, or prints why not and returns the exit status 1.
fn compile(command: &str, name: &str, src: &str) -> Result<Compiled, i32> {
    cuda::compile(src).map_err(|diags| input::assembly_failed(command, name, src, &diags))
}

/// `warpscope asm` of a kernel: the listing, each CUDA line (as a `//`
/// comment with its number) above the instructions it became.
pub fn asm(name: &str, src: &str) -> i32 {
    let c = match compile("asm", name, src) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let lines = Lines::new(src);
    let mut out = String::new();
    let mut last = 0;
    for row in listing::rows(isas::w128(), &c.program) {
        if let RowKind::Inst { index, .. } = row.kind {
            let line = c.program.lines[index].line;
            if line != last {
                last = line;
                let _ = writeln!(out, "// {line}: {}", lines.text(line).trim());
            }
        }
        let _ = writeln!(out, "{row}");
    }
    input::print_out(&out)
}

/// `warpscope run` of a kernel: what its `printf` calls print, lane by
/// lane (or, with `json`, the run's report with a `printf` list added).
pub fn run(name: &str, src: &str, json: bool, max_steps: u64) -> i32 {
    let c = match compile("run", name, src) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let mut sim = cuda::simulator(&c);
    let prints = cuda::run_on(&c, &mut sim, max_steps);
    let status = match sim.status() {
        RunStatus::Running => RunStatus::StepLimit,
        s => s,
    };
    if json {
        let warnings = crate::report::warnings(&c.program, src, &sim, status);
        let mut text = crate::report::json("w128", status, &sim, &warnings);
        let list = serde_json::to_string(&prints).unwrap_or_else(|_| "[]".into());
        text.truncate(text.trim_end().len() - 1);
        let _ = writeln!(text, ",\"printf\":{list}}}");
        return input::print_out(&text);
    }
    let text: String = prints.iter().map(|p| p.text.as_str()).collect();
    let code = input::print_out(&text);
    if status != RunStatus::Exited {
        eprintln!(
            "warpscope run: {name}: the kernel did not finish ({}) after {} steps",
            status.as_str(),
            sim.steps()
        );
        return code.max(1);
    }
    code
}
