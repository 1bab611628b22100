//! `cargo xtask fuzz`: builds the libFuzzer targets in `fuzz/` with the
//! stable toolchain and runs each for a fixed time.
//!
//! cargo-fuzz needs nightly only for its sanitizer flags; the coverage
//! instrumentation libFuzzer feeds on is an LLVM pass that stable rustc
//! runs when asked with `-Cpasses=sancov-module`. The build passes the
//! host triple explicitly so that the flags reach the fuzz targets and not
//! the build scripts (which would then need libFuzzer's hooks to link),
//! and uses its own target directory (`target/fuzz`) so that it never
//! invalidates the normal builds. libfuzzer-sys compiles libFuzzer itself
//! with the system C++ compiler.
//!
//! Each target runs with the corpus `fuzz/corpus/NAME` (created when
//! missing; its seeds, see [`seeds`], are read as a second corpus), writes crashing inputs to
//! `target/fuzz/artifacts/NAME/` and its output to
//! `target/fuzz/logs/NAME.log`. A table of the runs follows; the command
//! fails when a target crashed.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

pub mod seeds;

/// The fuzz targets, in the order they run when none is named.
pub const TARGETS: &[&str] = &[
    "spec_parse",
    "asm",
    "decode",
    "dis",
    "link",
    "inflate",
    "puzzle",
    "sim",
    "cuda",
];

/// Input size limits (`-max_len`) where libFuzzer's default (the largest
/// seed, at least 4096 bytes) makes a target slow without reaching more:
/// an assembly source of a few hundred bytes already holds a dozen lines,
/// and the assembler's cost grows with every line it has to diagnose.
pub const MAX_LEN: &[(&str, usize)] = &[("asm", 512)];

/// What `rustc` is asked for: coverage counters, the PC table and compare
/// tracing for libFuzzer, `cfg(fuzzing)`, debug assertions and overflow
/// checks, no sanitizer.
pub const RUSTFLAGS: &str = "-Cpasses=sancov-module \
    -Cllvm-args=-sanitizer-coverage-level=4 \
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
    -Cllvm-args=-sanitizer-coverage-pc-table \
    -Cllvm-args=-sanitizer-coverage-trace-compares \
    --cfg fuzzing -Cdebug-assertions -Coverflow-checks";

/// Seconds each target runs in the smoke step of `cargo xtask test`.
pub const SMOKE_SECONDS: u64 = 15;

/// What `cargo xtask fuzz` runs (read from its flags by
/// [`crate::cli::FuzzArgs`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Seconds each target runs (`-max_total_time`).
    pub seconds: u64,
    /// Inputs after which a target stops sooner (`-runs`).
    pub runs: Option<u64>,
    /// The targets to run, in order.
    pub targets: Vec<String>,
    /// Minimise the corpora instead of fuzzing.
    pub minimise: bool,
    /// Start from the seeds alone, in a fresh corpus under
    /// `target/fuzz/smoke` (the smoke step), not from `fuzz/corpus`.
    pub fresh: bool,
}

/// The smoke step of `cargo xtask test`: every target for
/// [`SMOKE_SECONDS`] from its seeds alone, so that a parser crash made
/// today is found today. Fails on a crash, naming the reproducer.
pub fn smoke(root: &Path) -> Result<(), String> {
    main(
        root,
        &Options {
            seconds: SMOKE_SECONDS,
            runs: None,
            targets: TARGETS.iter().map(|t| t.to_string()).collect(),
            minimise: false,
            fresh: true,
        },
    )
}

/// What one run printed, read from libFuzzer's output.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// From the final `Done N runs in S second(s)` line, else the count
    /// of the last status line (`#N`).
    pub runs: Option<u64>,
    /// Ditto.
    pub seconds: Option<u64>,
    /// `cov:` of the last status line: coverage points reached.
    pub cov: Option<u64>,
    /// `ft:` of the last status line: features (edges with hit counts).
    pub ft: Option<u64>,
    /// `corp:` of the last status line: inputs in the corpus.
    pub corpus: Option<u64>,
    /// The inputs libFuzzer wrote after a crash, timeout or out-of-memory.
    pub artifacts: Vec<String>,
    /// The first line of each error report (`==N== ERROR: libFuzzer: ...`).
    pub errors: Vec<String>,
    /// Stopped by Ctrl+C (SIGINT): not a finding.
    pub interrupted: bool,
}

impl Report {
    /// Takes one line of libFuzzer's output into account.
    pub fn line(&mut self, line: &str) {
        let line = line.trim_end();
        if let Some(rest) = line.strip_prefix("Done ") {
            let mut w = rest.split_whitespace();
            self.runs = w.next().and_then(|n| n.parse().ok());
            self.seconds = w.nth(2).and_then(|n| n.parse().ok());
        } else if line.starts_with('#') && line.contains(" cov: ") {
            let count = line[1..].split_whitespace().next();
            self.runs = count.and_then(|n| n.parse().ok()).or(self.runs);
            self.cov = field(line, "cov:");
            self.ft = field(line, "ft:");
            self.corpus = field(line, "corp:");
        } else if let Some(at) = line.find("Test unit written to ") {
            let path = line[at + "Test unit written to ".len()..].trim();
            self.artifacts.push(path.to_string());
        } else if line.contains("libFuzzer: run interrupted") {
            self.interrupted = true;
        } else if line.contains("ERROR: libFuzzer:") || line.contains("panicked at") {
            self.errors.push(line.to_string());
        }
    }

    /// Reads a whole output.
    pub fn of(text: &str) -> Report {
        let mut r = Report::default();
        text.lines().for_each(|l| r.line(l));
        r
    }

    /// Whether the run found something: an artifact or an error report.
    pub fn crashed(&self) -> bool {
        !self.artifacts.is_empty() || !self.errors.is_empty()
    }

    /// Inputs per second, when both figures are known.
    pub fn rate(&self) -> Option<f64> {
        let (runs, secs) = (self.runs?, self.seconds?);
        Some(runs as f64 / secs.max(1) as f64)
    }
}

/// The number after `name` in a status line (`corp: 120/4Kb` gives 120).
fn field(line: &str, name: &str) -> Option<u64> {
    let mut w = line.split_whitespace();
    w.find(|t| *t == name)?;
    let v = w.next()?;
    v.split('/').next()?.parse().ok()
}

/// Runs `cargo xtask fuzz` with its options ([`crate::cli::FuzzArgs`]).
pub fn main(root: &Path, opts: &Options) -> Result<(), String> {
    check_compiler()?;
    let bins = build(root, &opts.targets)?;
    if opts.minimise {
        for name in &opts.targets {
            minimise(root, &bins.join(name), name)?;
        }
        return Ok(());
    }
    let mut reports = Vec::new();
    for name in &opts.targets {
        let r = run_target(root, &bins.join(name), name, opts)?;
        reports.push((name.clone(), r));
    }
    println!();
    print!("{}", table(&reports));
    let crashed: Vec<String> = reports
        .iter()
        .filter(|(_, r)| r.crashed())
        .map(|(n, r)| {
            let again = r.artifacts.first().map_or(String::new(), |a| {
                format!(
                    "; the input is {a}, run it again with `{} {a}`",
                    bins.join(n).display()
                )
            });
            format!("{n} (log: target/fuzz/logs/{n}.log{again})")
        })
        .collect();
    if crashed.is_empty() {
        Ok(())
    } else {
        Err(format!("crashes in {}", crashed.join("; ")))
    }
}

/// libfuzzer-sys compiles libFuzzer with the C++ compiler the `cc` crate
/// finds: `$CXX`, else `c++`.
fn check_compiler() -> Result<(), String> {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
    let found = Command::new(&cxx)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if found {
        Ok(())
    } else {
        Err(format!(
            "no C++ compiler (`{cxx} --version` failed): libfuzzer-sys builds libFuzzer \
             from C++ sources; install g++ (Debian: apt-get install g++) or set CXX"
        ))
    }
}

/// The host's target triple, from `rustc -vV`.
fn host_triple() -> Result<String, String> {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(|h| h.trim().to_string())
        .ok_or_else(|| "`rustc -vV` printed no host triple".to_string())
}

/// Builds the targets; returns the folder that holds their binaries.
fn build(root: &Path, targets: &[String]) -> Result<PathBuf, String> {
    let host = host_triple()?;
    let target_dir = root.join("target/fuzz");
    let mut cmd = Command::new("cargo");
    cmd.current_dir(root)
        .args(["build", "--release", "--manifest-path", "fuzz/Cargo.toml"])
        .arg("--target-dir")
        .arg(&target_dir)
        .args(["--target", &host])
        .env("RUSTFLAGS", RUSTFLAGS)
        // The build must not pick up flags meant for the normal builds.
        .env_remove("CARGO_ENCODED_RUSTFLAGS");
    for t in targets {
        cmd.args(["--bin", t]);
    }
    println!("building {} (target/fuzz)", targets.join(", "));
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "building the fuzz targets failed ({status}); see cargo's messages above"
        ));
    }
    Ok(target_dir.join(host).join("release"))
}

/// Creates `dir` (and its parents) with a message naming it on failure.
fn mkdir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// Runs one target for `opts.seconds` (or `opts.runs` inputs), echoing
/// libFuzzer's status lines and keeping its whole output in
/// `target/fuzz/logs/NAME.log`.
fn run_target(root: &Path, bin: &Path, name: &str, opts: &Options) -> Result<Report, String> {
    let seconds = opts.seconds;
    let corpus = if opts.fresh {
        let fresh = root.join("target/fuzz/smoke").join(name);
        let _ = std::fs::remove_dir_all(&fresh);
        fresh
    } else {
        root.join("fuzz/corpus").join(name)
    };
    let seeds = seeds::folder(root, name)?;
    let artifacts = root.join("target/fuzz/artifacts").join(name);
    let logs = root.join("target/fuzz/logs");
    for dir in [&corpus, &artifacts, &logs] {
        mkdir(dir)?;
    }
    let log_path = logs.join(format!("{name}.log"));
    let mut log = std::fs::File::create(&log_path)
        .map_err(|e| format!("cannot create {}: {e}", log_path.display()))?;
    let mut cmd = Command::new(bin);
    cmd.current_dir(root)
        .arg(format!("-max_total_time={seconds}"))
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        // A hang is a finding too; libFuzzer's default waits 20 minutes.
        .arg("-timeout=30")
        .arg(&corpus);
    if let Some(runs) = opts.runs {
        cmd.arg(format!("-runs={runs}"));
    }
    if let Some((_, len)) = MAX_LEN.iter().find(|(t, _)| *t == name) {
        cmd.arg(format!("-max_len={len}"));
    }
    if let Some(seeds) = &seeds {
        cmd.arg(seeds);
    }
    println!(
        "fuzzing {name} for {seconds}s (log: {})",
        log_path.display()
    );
    let started = Instant::now();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    // libFuzzer writes to stderr; the target's own prints go to stdout.
    let stdout = child.stdout.take();
    let echo = std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(out) = stdout {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    });
    let mut report = Report::default();
    if let Some(err) = child.stderr.take() {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            let _ = writeln!(log, "{line}");
            report.line(&line);
            if line.contains("pulse ") || line.starts_with("Done ") || line.contains("ERROR") {
                println!("  {line}");
            }
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    let _ = write!(log, "{}", echo.join().unwrap_or_default());
    if report.seconds.is_none() {
        report.seconds = Some(started.elapsed().as_secs());
    }
    if !status.success() && !report.crashed() && !report.interrupted {
        report
            .errors
            .push(format!("the fuzzer exited with {status}"));
    }
    for e in &report.errors {
        println!("  {name}: {e}");
    }
    Ok(report)
}

/// Minimises a corpus: libFuzzer's `-merge=1` of the corpus and the seeds
/// into a fresh folder, which then replaces the corpus.
fn minimise(root: &Path, bin: &Path, name: &str) -> Result<(), String> {
    let corpus = root.join("fuzz/corpus").join(name);
    let seeds = seeds::folder(root, name)?;
    let fresh = root.join("target/fuzz/merge").join(name);
    let _ = std::fs::remove_dir_all(&fresh);
    mkdir(&fresh)?;
    mkdir(&corpus)?;
    let mut cmd = Command::new(bin);
    cmd.current_dir(root)
        .arg("-merge=1")
        .arg("-timeout=30")
        .arg(&fresh)
        .arg(&corpus);
    if let Some(seeds) = &seeds {
        cmd.arg(seeds);
    }
    let out = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    if !out.success() {
        return Err(format!("merging the {name} corpus failed ({out})"));
    }
    let (before, before_bytes) = dir_size(&corpus);
    std::fs::remove_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    std::fs::rename(&fresh, &corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    let (after, after_bytes) = dir_size(&corpus);
    println!("{name}: {before} inputs ({before_bytes} bytes) -> {after} ({after_bytes} bytes)");
    Ok(())
}

/// Files in a folder and their total size.
pub fn dir_size(dir: &Path) -> (u64, u64) {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .filter_map(|e| e.metadata().ok())
                .filter(|m| m.is_file())
                .fold((0, 0), |(n, b), m| (n + 1, b + m.len()))
        })
        .unwrap_or((0, 0))
}

/// The table printed after the runs: one row per target.
pub fn table(reports: &[(String, Report)]) -> String {
    let opt = |v: Option<u64>| v.map_or("?".to_string(), |v| v.to_string());
    let mut out = format!(
        "{:<11} {:>12} {:>7} {:>9} {:>7} {:>8} {:>7}  {}\n",
        "target", "runs", "s", "runs/s", "cov", "ft", "corpus", "crashes"
    );
    for (name, r) in reports {
        let crashes = if r.crashed() {
            let paths = if r.artifacts.is_empty() {
                r.errors.first().cloned().unwrap_or_default()
            } else {
                r.artifacts.join(", ")
            };
            format!("{}: {paths}", r.artifacts.len().max(1))
        } else {
            "0".to_string()
        };
        out.push_str(&format!(
            "{:<11} {:>12} {:>7} {:>9} {:>7} {:>8} {:>7}  {}\n",
            name,
            opt(r.runs),
            opt(r.seconds),
            r.rate().map_or("?".to_string(), |x| format!("{x:.0}")),
            opt(r.cov),
            opt(r.ft),
            opt(r.corpus),
            crashes
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_libfuzzer_output() {
        let text = "\
INFO: Seed: 1234
#2\tINITED cov: 10 ft: 11 corp: 1/1b exec/s: 0 rss: 30Mb
#1024\tpulse  cov: 812 ft: 2301 corp: 120/4Kb lim: 14 exec/s: 512 rss: 41Mb
#1187\tNEW    cov: 815 ft: 2310 corp: 121/4Kb lim: 14 exec/s: 593 rss: 41Mb L: 9/12 MS: 1 CrossOver-
Done 284975 runs in 16 second(s)
";
        let r = Report::of(text);
        assert_eq!((r.runs, r.seconds), (Some(284975), Some(16)));
        assert_eq!((r.cov, r.ft, r.corpus), (Some(815), Some(2310), Some(121)));
        assert!(!r.crashed());
        let cut = text.replace(
            "Done 284975 runs in 16 second(s)",
            "==9== libFuzzer: run interrupted; exiting",
        );
        let cut = Report::of(&cut);
        assert_eq!(
            (cut.runs, cut.seconds, cut.interrupted),
            (Some(1187), None, true)
        );
        assert!(!cut.crashed());
        assert_eq!(r.rate().map(|x| x.round()), Some(17811.0));
        let row = table(&[("asm".into(), r)]);
        assert!(row.contains("284975") && row.contains("17811"), "{row}");
    }

    #[test]
    fn reads_a_crash() {
        let text = "\
thread '<unnamed>' panicked at fuzz_targets/asm.rs:20:17:
==77== ERROR: libFuzzer: deadly signal
artifact_prefix='/w/target/fuzz/artifacts/asm/'; Test unit written to /w/target/fuzz/artifacts/asm/crash-da39a3ee
";
        let r = Report::of(text);
        assert!(r.crashed());
        assert_eq!(r.artifacts, ["/w/target/fuzz/artifacts/asm/crash-da39a3ee"]);
        assert_eq!(r.errors.len(), 2);
        assert!(table(&[("asm".into(), r)]).contains("1: /w/target/fuzz/artifacts/asm/crash-"));
    }
}
