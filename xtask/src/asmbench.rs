//! The assembler against llvm-mc, side by side (`cargo xtask bench --asm`,
//! and the first step of `cargo xtask bench`).
//!
//! Two files are generated into `target/bench/` (the same bytes every
//! time): 200,000 lines of gfx9 `s_getreg_b32` / `s_setreg_b32` /
//! `s_setreg_imm32_b32` with `hwreg(...)` operands, and 200,000 lines of
//! w128 (shuffles, votes, reductions, ALU, constants, floats, controls,
//! branches; registers and immediates at random).
//! `warpscope asm` (release build) assembles each, and when `llvm-mc-22`
//! is on the PATH (Debian's `llvm-22`) it assembles the gfx9 file with
//! `-arch=amdgcn -mcpu=gfx900 -show-encoding`; each is timed wall-clock,
//! output to /dev/null, in seven rounds that run the three commands in
//! turn (so a busy moment of the machine falls on all of them, not on
//! one side's runs), and two ratios are printed: the best llvm-mc time
//! over our best, and the median of the rounds' ratios.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Lines in each generated file.
pub const LINES: usize = 200_000;

const HWREGS: &[&str] = &[
    "HW_REG_MODE",
    "HW_REG_STATUS",
    "HW_REG_TRAPSTS",
    "HW_REG_HW_ID",
    "HW_REG_GPR_ALLOC",
    "HW_REG_LDS_ALLOC",
    "HW_REG_IB_STS",
];

/// A deterministic xorshift step.
fn next(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// The gfx9 file's text.
pub fn gfx9_text() -> String {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = String::with_capacity(LINES * 48);
    for i in 0..LINES {
        let reg = HWREGS[(next(&mut s) % HWREGS.len() as u64) as usize];
        let off = next(&mut s) % 32;
        let size = 1 + next(&mut s) % (32 - off);
        let sreg = next(&mut s) % 100;
        let _ = match i % 3 {
            0 => writeln!(out, "s_getreg_b32 s{sreg}, hwreg({reg}, {off}, {size})"),
            1 => writeln!(out, "s_setreg_b32 hwreg({reg}, {off}, {size}), s{sreg}"),
            _ => writeln!(
                out,
                "s_setreg_imm32_b32 hwreg({reg}, {off}, {size}), 0x{:x}",
                next(&mut s) as u32
            ),
        };
    }
    out
}

/// The w128 file's text: shuffles, votes, reductions, matches, ALU,
/// constants, floats, controls and branches with registers and
/// immediates drawn at random, a label every 100 lines.
pub fn w128_text() -> String {
    let mut s = 0x2545_f491_4f6c_dd1du64;
    let mut out = String::from(".init R1 = lane * 4\n.active 0xffff\ntop:\n");
    for i in 0..LINES {
        if i % 100 == 99 {
            let _ = write!(out, "l{i}: ");
        }
        let r = |s: &mut u64| next(s) % 255;
        let (d, a, b) = (r(&mut s), r(&mut s), r(&mut s));
        let p = next(&mut s) % 7;
        let _ = match i % 10 {
            0 => writeln!(
                out,
                "@!P{p} SHFL.BFLY P{p}, R{d}, R{a}, {:#x}, 0x1f $sched=4 ;",
                1 << (i % 5)
            ),
            1 => writeln!(out, "SHFL.DOWN P0, R{d}, R{a}, R{b}, R{} ;", r(&mut s)),
            2 => writeln!(out, "VOTE.ALL R{d}, P{p}, !P{} ;", next(&mut s) % 7),
            3 => writeln!(out, "REDUX.SUM R{d}, R{a} ;"),
            4 => writeln!(out, "IADD3 R{d}, R{a}, {:#x}, RZ ;", next(&mut s) as u32),
            5 => writeln!(
                out,
                "LOP3.LUT R{d}, R{a}, R{b}, RZ, {:#x} ;",
                next(&mut s) % 256
            ),
            6 => writeln!(out, "ISETP.LT.U32.AND P{p}, PT, R{a}, R{b}, PT ;"),
            7 => writeln!(
                out,
                "SWITCH c[0x{:x}][0x{:x}] ;",
                next(&mut s) % 4,
                4 * (next(&mut s) % 4096)
            ),
            8 => writeln!(out, "FADD R{d}, R{a}, 0.5 $wsb=1 ;"),
            _ => writeln!(out, "@P{p} BRA top ;"),
        };
    }
    out
}

/// Rounds of [`alternate`]: enough for a best time on a noisy machine.
const ROUNDS: usize = 7;

/// Wall-clock seconds of one run of `cmd` (stdout discarded), or an error
/// saying what failed.
fn time_once(cmd: &mut Command) -> Result<f64, String> {
    let t = Instant::now();
    let status = cmd
        .stdout(Stdio::null())
        .status()
        .map_err(|e| format!("{:?}: {e}", cmd.get_program()))?;
    if !status.success() {
        return Err(format!("{:?} failed ({status})", cmd.get_program()));
    }
    Ok(t.elapsed().as_secs_f64())
}

/// Runs the commands one after the other, [`ROUNDS`] times over, so that
/// each round's runs see the same state of the machine; returns every
/// command's times, round by round.
fn alternate(cmds: &mut [Command]) -> Result<Vec<Vec<f64>>, String> {
    let mut times = vec![Vec::with_capacity(ROUNDS); cmds.len()];
    for _ in 0..ROUNDS {
        for (cmd, t) in cmds.iter_mut().zip(&mut times) {
            t.push(time_once(cmd)?);
        }
    }
    Ok(times)
}

fn best(times: &[f64]) -> f64 {
    times.iter().copied().fold(f64::MAX, f64::min)
}

/// The median of each round's ratio `a / b` (the upper one of the middle
/// two for an even count): what a benchmark that alternates two sides
/// reports beside the ratio of their best rounds.
pub fn median_ratio(a: &[f64], b: &[f64]) -> f64 {
    let mut r: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    r.sort_by(f64::total_cmp);
    r[r.len() / 2]
}

fn asm_cmd(cli: &Path, isa: &str, file: &Path) -> Command {
    let mut c = Command::new(cli);
    c.args(["asm", "--isa", isa]).arg(file);
    c
}

/// Generates the files, builds the CLI, times it and llvm-mc; prints a
/// table and returns it.
pub fn run(root: &Path) -> Result<String, String> {
    let dir = root.join("target/bench");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let gfx9 = dir.join("gfx9_200k.s");
    let w128 = dir.join("w128_200k.s");
    std::fs::write(&gfx9, gfx9_text()).map_err(|e| e.to_string())?;
    std::fs::write(&w128, w128_text()).map_err(|e| e.to_string())?;
    crate::setup::run(Command::new("cargo").current_dir(root).args([
        "build",
        "--release",
        "-p",
        "warpscope",
    ]))?;
    let cli: PathBuf = root.join("target/release/warpscope");
    let mut cmds = vec![asm_cmd(&cli, "gfx9", &gfx9), asm_cmd(&cli, "w128", &w128)];
    let llvm = Command::new("llvm-mc-22").arg("--version").output().is_ok();
    if llvm {
        let mut c = Command::new("llvm-mc-22");
        c.args(["-arch=amdgcn", "-mcpu=gfx900", "-show-encoding"])
            .arg(&gfx9);
        cmds.push(c);
    }
    let times = alternate(&mut cmds)?;
    let (ours_gfx9, ours_w128) = (best(&times[0]), best(&times[1]));
    let theirs = times.get(2).map(|t| (best(t), median_ratio(t, &times[0])));
    let mut table = String::from(
        "file                      warpscope asm   llvm-mc-22   ratio (best; median of rounds)\n",
    );
    let _ = writeln!(
        table,
        "gfx9, {LINES} lines       {:>9.3} s   {}   {}",
        ours_gfx9,
        theirs.map_or("    (none)".into(), |(t, _)| format!("{t:>8.3} s")),
        theirs.map_or("-".into(), |(t, m)| format!(
            "{:.2}x; {m:.2}x",
            t / ours_gfx9
        )),
    );
    let _ = writeln!(
        table,
        "w128, {LINES} lines       {:>9.3} s   {:.2} M lines/s",
        ours_w128,
        LINES as f64 / ours_w128 / 1e6
    );
    if !llvm {
        table.push_str("llvm-mc-22 not found: install Debian's llvm-22 to compare\n");
    }
    print!("{table}");
    Ok(table)
}

#[cfg(test)]
mod tests {
    #[test]
    fn generated_files_are_the_same_every_time_and_as_long_as_said() {
        let g = super::gfx9_text();
        assert_eq!(g, super::gfx9_text());
        assert_eq!(g.lines().count(), super::LINES);
        assert!(g.starts_with("s_getreg_b32 s"));
        let w = super::w128_text();
        assert_eq!(w.lines().count(), super::LINES + 3);
    }
}
