//! `warpscope run`: run a program on one simulated warp and print the final
//! warp state, as a table or as one JSON object.

use crate::input::{self, Lang, Source};
use crate::report;
use warpscope_core::asm;
use warpscope_core::diag;
use warpscope_core::sim::{LaunchConfig, Sim, DEFAULT_MAX_STEPS};

const ABOUT: &str = "\
Assembles FILE (standard input when FILE is absent or `-`), runs it on one
32-lane warp until every lane exited, no lane can run, or N steps (default
100000) have executed, and prints the final state of every register the
program initialises or names.

Without --json the state is a table with one row per lane. With --json the
output is one JSON object:
  {\"isa\":\"w128\",\"status\":\"exited\"|\"halted\"|\"step_limit\",\"steps\":N,
   \"active\":\"0x........\",\"regs\":{\"R0\":[32 numbers],\"P0\":[32 x 0/1],
   \"UR1\":n,\"UP0\":0|1,...},\"warnings\":[\"line N: ...\",...]}
where regs lists R registers in ascending order, then P, UR and UP, per-lane
registers as arrays indexed by lane, and active is the mask of lanes that
have not exited. Assembly errors go to standard error (exit status 1).

sm50 adds \"CC\": [32 numbers] (ZF bit 0, SF bit 1, CF bit 2, OF bit 3 of each
lane) when the program initialises or reads CC. gfx9 lists scalar registers
as \"s2\": n and hardware registers by name, \"HW_REG_MODE\": n (the wave's
scalar state; all 32 scheduler lanes run every instruction together).";

const EXAMPLES: &str = "\
examples:
  warpscope run examples/w128/butterfly_sum.s
  warpscope run --json --max-steps 500 examples/w128/inclusive_scan.s
  warpscope run --isa sm50 examples/sm50/lane_masks.s";

/// Arguments of `warpscope run`.
#[derive(clap::Args)]
#[command(long_about = ABOUT, after_help = EXAMPLES, help_template = crate::SUBCOMMAND_HELP)]
pub struct Args {
    #[command(flatten)]
    source: Source,
    /// Print JSON instead of a table
    #[arg(long)]
    json: bool,
    /// Step budget (decimal or 0x hex, `_` allowed)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STEPS, value_parser = parse_count)]
    max_steps: u64,
}

fn parse_count(s: &str) -> Result<u64, String> {
    let digits = s.replace('_', "");
    match digits.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => digits.parse().ok(),
    }
    .ok_or_else(|| format!("`{s}` is not a number"))
}

/// Runs `warpscope run`; returns the exit status.
pub fn cmd(opts: &Args) -> i32 {
    let isa = opts.source.isa;
    let (name, src) = match opts.source.read("run") {
        Ok(x) => x,
        Err(code) => return code,
    };
    match opts.source.language("run") {
        Err(code) => return code,
        Ok(Lang::Cuda) => return crate::cuda_cmd::run(&name, &src, opts.json, opts.max_steps),
        Ok(Lang::Asm) => {}
    }
    let program = match asm::assemble(isa, &src) {
        Ok(p) => p,
        Err(diags) => return input::assembly_failed("run", &name, &src, &diags),
    };
    if !program.warnings.is_empty() {
        eprint!("{}", diag::render(&program.warnings, &[(&name, &src)]));
    }
    let config = LaunchConfig {
        undo: false,
        ..LaunchConfig::default()
    };
    let mut sim = Sim::new(isa, &program, config);
    let status = sim.run(opts.max_steps);
    let warnings = report::warnings(&program, &src, &sim, status);

    let text = if opts.json {
        report::json(isa.name.as_str(), status, &sim, &warnings)
    } else {
        report::table(status, &sim, &warnings)
    };
    input::print_out(&text)
}
