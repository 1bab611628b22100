//! `warpscope run`: run a program on one simulated warp and print the final
//! warp state, as a table or as one JSON object.

use crate::input;
use std::fmt::Write as _;
use std::io::Write as _;
use warpscope_core::sim::{LaunchConfig, Loc, RunStatus, Sim, DEFAULT_MAX_STEPS};
use warpscope_core::{asm, diag, isas};

const USAGE: &str = "\
usage: warpscope run [--isa NAME] [--json] [--max-steps N] [FILE]

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
scalar state; all 32 scheduler lanes run every instruction together).

options:
  --isa NAME       instruction set: w128 (default), sm50, gfx9
  --json           print JSON instead of a table
  --max-steps N    step budget (default 100000)
  -h, --help       this text
";

struct Options {
    isa: String,
    json: bool,
    max_steps: u64,
    file: Option<String>,
}

fn parse(args: &[String]) -> Result<Options, i32> {
    let mut o = Options {
        isa: "w128".to_string(),
        json: false,
        max_steps: DEFAULT_MAX_STEPS,
        file: None,
    };
    let usage_error = |msg: String| {
        eprintln!("warpscope run: {msg}\n\n{USAGE}");
        2
    };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let mut value = |name: &str| -> Result<String, i32> {
            if let Some(v) = a.strip_prefix(&format!("{name}=")) {
                return Ok(v.to_string());
            }
            i += 1;
            args.get(i)
                .cloned()
                .ok_or_else(|| usage_error(format!("`{name}` needs a value")))
        };
        match a {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Err(0);
            }
            "--json" => o.json = true,
            _ if a == "--isa" || a.starts_with("--isa=") => o.isa = value("--isa")?,
            _ if a == "--max-steps" || a.starts_with("--max-steps=") => {
                let v = value("--max-steps")?;
                o.max_steps = parse_count(&v)
                    .ok_or_else(|| usage_error(format!("`--max-steps {v}` is not a number")))?;
            }
            "-" => o.file = None,
            _ if a.starts_with('-') => return Err(usage_error(format!("unknown option `{a}`"))),
            _ => {
                if o.file.is_some() {
                    return Err(usage_error("only one input file may be given".into()));
                }
                o.file = Some(a.to_string());
            }
        }
        i += 1;
    }
    Ok(o)
}

fn parse_count(s: &str) -> Option<u64> {
    let s = s.replace('_', "");
    match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

/// Runs `warpscope run ARGS...` (ARGS after the word `run`); returns the exit status.
pub fn cmd(args: &[String]) -> i32 {
    let opts = match parse(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let Some(isa) = isas::by_name(&opts.isa) else {
        eprintln!(
            "warpscope run: unknown ISA `{}`; known ISAs: {}",
            opts.isa,
            isas::NAMES.join(", ")
        );
        return 2;
    };
    let (name, src) = match input::read("run", &opts.file) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let program = match asm::assemble(isa, &src) {
        Ok(p) => p,
        Err(diags) => {
            eprint!("{}", diag::render(&diags, &[(&name, &src)]));
            let n = diags.iter().filter(|d| d.is_error()).count();
            eprintln!(
                "warpscope run: {n} error{} in {name}",
                if n == 1 { "" } else { "s" }
            );
            return 1;
        }
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

    let mut warnings: Vec<String> = program
        .warnings
        .iter()
        .map(|d| {
            format!(
                "line {}: {}",
                diag::line_col(&src, d.span.start).line,
                d.message
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

    let text = if opts.json {
        json(isa.name.as_str(), status, &sim, &warnings)
    } else {
        table(status, &sim, &warnings)
    };
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
        .is_err()
    {
        return 1;
    }
    0
}

fn status_name(status: RunStatus) -> &'static str {
    status.as_str()
}

/// The JSON object, keys in a fixed order.
fn json(isa: &str, status: RunStatus, sim: &Sim, warnings: &[String]) -> String {
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
        match *loc {
            Loc::R(n) => {
                let v = st.reg(n);
                let items: Vec<String> = v.iter().map(u32::to_string).collect();
                let _ = write!(out, "[{}]", items.join(","));
            }
            Loc::P(n) => {
                let m = st.pred(n);
                let items: Vec<&str> = (0..32)
                    .map(|l| if m & (1 << l) != 0 { "1" } else { "0" })
                    .collect();
                let _ = write!(out, "[{}]", items.join(","));
            }
            Loc::UR(n) => {
                let _ = write!(out, "{}", st.ureg(n));
            }
            Loc::UP(n) => {
                let _ = write!(out, "{}", u8::from(st.upred(n)));
            }
            Loc::CC => {
                let items: Vec<String> = st.cc().iter().map(u32::to_string).collect();
                let _ = write!(out, "[{}]", items.join(","));
            }
            Loc::S(n) => {
                let _ = write!(out, "{}", st.sgpr(n));
            }
            Loc::HwReg(n) => {
                let _ = write!(out, "{}", st.hwreg(n));
            }
            Loc::B(_) | Loc::SR(_) => out.push_str("null"),
        }
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
