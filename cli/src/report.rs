//! The report of a run, shared by `warpscope run` of a program and of a
//! CUDA C kernel: its warnings, the final warp state as one JSON object
//! or as a lane table.

use std::fmt::Write as _;
use warpscope_core::asm::Program;
use warpscope_core::diag;
use warpscope_core::loc::{Loc, Value};
use warpscope_core::sim::{RunStatus, Sim};

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
pub(crate) fn table(status: RunStatus, sim: &Sim, warnings: &[String]) -> String {
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
