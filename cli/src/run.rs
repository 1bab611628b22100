//! `warpscope run`: run a program on one simulated warp and print the final
//! warp state, as a table or as one JSON object.

use crate::input::{self, Lang, Source};
use std::fmt::Write as _;
use warpscope_core::asm::{self, Program};
use warpscope_core::diag;
use warpscope_core::loc::{Loc, Value};
use warpscope_core::sim::{LaunchConfig, RunStatus, Sim, DEFAULT_MAX_STEPS};

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
    let warnings = warnings(&program, &src, &sim, status);

    let text = if opts.json {
        json(isa.name.as_str(), status, &sim, &warnings)
    } else {
        table(status, &sim, &warnings)
    };
    input::print_out(&text)
}

/// The run's warnings: the assembler's, the simulator's, and lanes left
/// waiting or stopped.
pub(crate) fn warnings(program: &Program, src: &str, sim: &Sim, status: RunStatus) -> Vec<String> {
    let mut warnings: Vec<String> = program
        .warnings
        .iter()
        .map(|d| {
            format!(
                "line {}: {}",
                diag::line_col(src, d.span.start).line,
                d.message()
            )
        })
        .collect();
    for w in sim.warnings() {
        warnings.push(match w.step {
            Some(step) => format!("line {} (step {step}): {}", w.line, w.message),
            None => format!("line {}: {}", w.line, w.message),
        });
    }
    let waiting = sim.state().waiting();
    if status == RunStatus::Halted && waiting != 0 {
        warnings.push(format!(
            "lanes {waiting:#010x} wait forever at BSYNC: lanes they wait for can never arrive"
        ));
    }
    let stopped = sim.halted() & !waiting;
    if status == RunStatus::Halted && stopped != 0 {
        warnings.push(format!(
            "lanes {stopped:#010x} stopped without EXIT (past the last instruction or at an address holding none)"
        ));
    }
    warnings
}

fn status_name(status: RunStatus) -> &'static str {
    status.as_str()
}

/// The JSON object, keys in a fixed order.
pub(crate) fn json(isa: &str, status: RunStatus, sim: &Sim, warnings: &[String]) -> String {
    let st = sim.state();
    let q = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string());
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"isa\":{},\"status\":{},\"steps\":{},\"active\":\"{:#010x}\",\"regs\":{{",
        q(isa),
        q(status_name(status)),
        sim.steps(),
        st.active()
    );
    for (i, loc) in sim.touched_registers().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{}:", q(&loc.name()));
        let list = |items: Vec<String>| format!("[{}]", items.join(","));
        let text = match (*loc, st.get(*loc)) {
            (Loc::B(_) | Loc::SR(_) | Loc::PR, _) => "null".to_string(),
            (_, Value::Lanes(v)) => list(v.iter().map(u32::to_string).collect()),
            (_, Value::Mask(m)) => list((0..32).map(|l| (m >> l & 1).to_string()).collect()),
            (_, Value::Scalar(v)) => v.to_string(),
            (_, Value::Bool(b)) => u8::from(b).to_string(),
        };
        out.push_str(&text);
    }
    out.push_str("},\"warnings\":[");
    let ws: Vec<String> = warnings.iter().map(|w| q(w)).collect();
    out.push_str(&ws.join(","));
    out.push_str("]}\n");
    out
}

/// A readable table: one row per lane, one column per per-lane register,
/// uniform registers listed below.
fn table(status: RunStatus, sim: &Sim, warnings: &[String]) -> String {
    let st = sim.state();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "status: {}   steps: {}   active (not exited): {:#010x}   launched: {:#010x}",
        status_name(status),
        sim.steps(),
        st.active(),
        st.launched()
    );
    let per_lane: Vec<Loc> = sim
        .touched_registers()
        .iter()
        .copied()
        .filter(|l| matches!(l, Loc::R(_) | Loc::P(_) | Loc::CC))
        .collect();
    let uniform: Vec<Loc> = sim
        .touched_registers()
        .iter()
        .copied()
        .filter(|l| matches!(l, Loc::UR(_) | Loc::UP(_) | Loc::S(_) | Loc::HwReg(_)))
        .collect();
    if !per_lane.is_empty() {
        out.push_str("\nlane");
        for loc in &per_lane {
            match loc {
                Loc::R(_) => {
                    let _ = write!(out, " {:>10}", loc.name());
                }
                _ => {
                    let _ = write!(out, " {:>3}", loc.name());
                }
            }
        }
        out.push('\n');
        for lane in 0..32 {
            let _ = write!(out, "{lane:>4}");
            for loc in &per_lane {
                match *loc {
                    Loc::R(n) => {
                        let _ = write!(out, " {:#010x}", st.reg(n)[lane]);
                    }
                    Loc::P(n) => {
                        let b = st.pred(n) & (1 << lane) != 0;
                        let _ = write!(out, " {:>3}", if b { "T" } else { "." });
                    }
                    Loc::CC => {
                        let _ = write!(out, " {:>3x}", st.cc()[lane]);
                    }
                    _ => {}
                }
            }
            if st.launched() & (1 << lane) == 0 {
                out.push_str("   (not launched)");
            } else if st.exited() & (1 << lane) == 0 {
                out.push_str("   (not exited)");
            }
            out.push('\n');
        }
    }
    if !uniform.is_empty() {
        out.push('\n');
        for loc in &uniform {
            match *loc {
                Loc::UR(n) => {
                    let v = st.ureg(n);
                    let _ = writeln!(out, "{:<5} = {v:#010x} ({v})", loc.name());
                }
                Loc::UP(n) => {
                    let _ = writeln!(out, "{:<5} = {}", loc.name(), st.upred(n));
                }
                Loc::S(n) => {
                    let v = st.sgpr(n);
                    let _ = writeln!(out, "{:<5} = {v:#010x} ({v})", loc.name());
                }
                Loc::HwReg(n) => {
                    let v = st.hwreg(n);
                    let _ = writeln!(out, "{:<19} = {v:#010x} ({v})", loc.name());
                }
                _ => {}
            }
        }
    }
    if !warnings.is_empty() {
        out.push_str("\nwarnings:\n");
        for w in warnings {
            let _ = writeln!(out, "  {w}");
        }
    }
    out
}
