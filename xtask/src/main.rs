//! `cargo xtask serve | build | profile | js | test | dist | bench | fuzz |
//! setup`: the tasks and their flags are declared in [`xtask::cli`].
use clap::Parser;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;
use xtask::cli::{Cli, Task};
use xtask::{bundle, fuzz, js, server, setup};

fn main() -> ExitCode {
    // `cargo xtask ARGS` runs this binary with ARGS; clap prints help
    // and errors (with suggestions) itself and exits.
    let cli = Cli::parse();
    let root = xtask::root();
    let result = match cli.task {
        Task::Serve { port, no_build } => serve(&root, port, !no_build),
        Task::Build => setup::ensure(&root, false).and_then(|tc| bundle::build(&root, &tc)),
        Task::Profile => setup::ensure(&root, true).and_then(|tc| xtask::profile::run(&root, &tc)),
        Task::Js { test } => setup::ensure(&root, false).and_then(|tc| {
            if test {
                js::build_and_test(&root, &tc).1
            } else {
                js::build(&root, &tc)
            }
        }),
        Task::Test => test(&root),
        Task::Dist => dist(&root),
        Task::Bench { asm: true } => xtask::asmbench::run(&root).map(|_| ()),
        Task::Bench { asm: false } => bench(&root),
        Task::Fuzz(args) => fuzz::main(&root, &args.options()),
        Task::Setup { browser } => setup::ensure(&root, browser).map(|_| ()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn serve(root: &Path, port: u16, build: bool) -> Result<(), String> {
    if build {
        let tc = setup::ensure(root, false)?;
        bundle::build(root, &tc)?;
    } else if !root.join("static/pkg/warpscope_bg.wasm").exists() {
        return Err("static/pkg is missing: run without --no-build".into());
    }
    let srv = server::Server::start(root, port)?;
    println!("serving {} at {}", root.display(), srv.url());
    println!("press Ctrl+C to stop");
    srv.wait();
    Ok(())
}

/// Sums of `test result:` lines.
#[derive(Default)]
struct Counts {
    passed: u64,
    failed: u64,
}

/// Runs cargo with `args`, echoing its output and summing test results.
fn cargo_counted(root: &Path, args: &[&str], counts: &mut Counts) -> Result<(), String> {
    let mut child = Command::new("cargo")
        .current_dir(root)
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            println!("{line}");
            if let Some(rest) = line.trim().strip_prefix("test result: ") {
                for part in rest.split(['.', ';']) {
                    let mut w = part.split_whitespace();
                    if let (Some(n), Some(kind)) = (w.next(), w.next()) {
                        let n: u64 = n.parse().unwrap_or(0);
                        match kind {
                            "passed" => counts.passed += n,
                            "failed" => counts.failed += n,
                            _ => {}
                        }
                    }
                }
            }
        }
    }
    let st = child.wait().map_err(|e| e.to_string())?;
    if st.success() {
        Ok(())
    } else {
        Err(format!("cargo {} failed", args.join(" ")))
    }
}

fn test(root: &Path) -> Result<(), String> {
    let started = Instant::now();
    let mut counts = Counts::default();
    let mut steps: Vec<(&str, Result<(), String>)> = Vec::new();
    let total = 8;

    let t = setup::step(1, total, "cargo fmt --check");
    let r = setup::run(
        Command::new("cargo")
            .current_dir(root)
            .args(["fmt", "--all", "--", "--check"]),
    );
    setup::done(t, if r.is_ok() { "ok" } else { "FAILED" });
    steps.push(("fmt", r));

    let t = setup::step(2, total, "cargo clippy (warnings denied)");
    let r = setup::run(Command::new("cargo").current_dir(root).args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--quiet",
        "--",
        "-D",
        "warnings",
    ]));
    setup::done(t, if r.is_ok() { "ok" } else { "FAILED" });
    steps.push(("clippy", r));

    let t = setup::step(
        3,
        total,
        "cargo doc (broken doc links denied) and cargo test --workspace (native)",
    );
    let r = setup::run(
        Command::new("cargo")
            .current_dir(root)
            .args(["doc", "--quiet", "--no-deps", "-p", "warpscope-core"])
            .env("RUSTDOCFLAGS", "-D warnings"),
    );
    if let Err(e) = &r {
        println!("      cargo doc FAILED: {e}");
    }
    steps.push(("docs", r));
    let r = cargo_counted(root, &["test", "--workspace", "--quiet"], &mut counts);
    setup::done(t, if r.is_ok() { "ok" } else { "FAILED" });
    steps.push(("native tests", r));

    let t = setup::step(
        4,
        total,
        &format!(
            "fuzz smoke: every target in fuzz/ for {}s from its seeds",
            fuzz::SMOKE_SECONDS
        ),
    );
    let r = fuzz::smoke(root);
    setup::done(t, if r.is_ok() { "ok" } else { "FAILED" });
    steps.push(("fuzz smoke", r));

    let t = setup::step(5, total, "toolchain for the wasm build and the browser");
    let tc = setup::ensure(root, true);
    setup::done(t, if tc.is_ok() { "ok" } else { "FAILED" });
    let build = match &tc {
        Ok(tc) => {
            let t = setup::step(6, total, "wasm build (release bundle)");
            let r = bundle::build(root, tc);
            setup::done(t, if r.is_ok() { "ok" } else { "FAILED" });
            r
        }
        Err(e) => Err(e.clone()),
    };
    let built = build.is_ok();
    steps.push(("wasm build", build));
    if built {
        let r = bundle::check_budget(root);
        match &r {
            Ok(line) => println!("      {line}"),
            Err(e) => println!("      {e}"),
        }
        steps.push(("bundle budget", r.map(|_| ())));
    }

    let t = setup::step(
        7,
        total,
        "JavaScript package (wasm-pack web and nodejs, node --test, tsc --noEmit)",
    );
    let r = match &tc {
        Ok(tc) => {
            let (node, r) = js::build_and_test(root, tc);
            counts.passed += node.pass;
            counts.failed += node.fail;
            r
        }
        Err(_) => Err("skipped: the toolchain is not ready".into()),
    };
    setup::done(t, if r.is_ok() { "ok" } else { "FAILED" });
    steps.push(("JavaScript package", r));

    let t = setup::step(8, total, "browser tests (headless Chromium)");
    let r = if built {
        cargo_counted(
            root,
            &[
                "test",
                "-p",
                "warpscope-e2e",
                "--quiet",
                "--",
                "--ignored",
                "--test-threads=1",
            ],
            &mut counts,
        )
    } else {
        Err("skipped: the wasm build failed".into())
    };
    setup::done(t, if r.is_ok() { "ok" } else { "FAILED" });
    steps.push(("browser tests", r));

    println!();
    let mut failed_steps = 0;
    for (name, r) in &steps {
        match r {
            Ok(()) => println!("  ok      {name}"),
            Err(e) => {
                failed_steps += 1;
                println!("  FAILED  {name}: {e}");
            }
        }
    }
    println!(
        "xtask test finished in {:.0}s: {} of {} steps passed",
        started.elapsed().as_secs_f64(),
        steps.len() - failed_steps,
        steps.len()
    );
    let failed = counts.failed.max(failed_steps as u64);
    println!("summary: {} passed, {} failed", counts.passed, failed);
    if failed_steps == 0 {
        Ok(())
    } else {
        Err(format!("{failed_steps} step(s) failed"))
    }
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for e in std::fs::read_dir(from)
        .map_err(|e| e.to_string())?
        .flatten()
    {
        let p = e.path();
        let dest = to.join(e.file_name());
        if p.is_dir() {
            copy_dir(&p, &dest)?;
        } else {
            std::fs::copy(&p, &dest).map_err(|e| format!("{}: {e}", p.display()))?;
        }
    }
    Ok(())
}

fn dist(root: &Path) -> Result<(), String> {
    let tc = setup::ensure(root, false)?;
    bundle::build(root, &tc)?;
    let out = root.join("dist");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    std::fs::copy(root.join("index.html"), out.join("index.html")).map_err(|e| e.to_string())?;
    copy_dir(&root.join("static"), &out.join("static"))?;

    // Offline support. A service worker controls only the pages at or below
    // its own folder, so the worker moves to the root of dist/, and the page
    // registers it there. Its VERSION becomes a digest of everything else,
    // so that each new build brings a new worker and a fresh cache.
    fn files(dir: &Path, base: &Path, out: &mut Vec<(String, Vec<u8>)>) -> Result<(), String> {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| e.to_string())?
            .flatten()
            .collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let p = e.path();
            if p.is_dir() {
                files(&p, base, out)?;
            } else {
                let rel = p
                    .strip_prefix(base)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .into_owned();
                out.push((
                    rel,
                    std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?,
                ));
            }
        }
        Ok(())
    }
    let edit = |path: &Path, from: &str, to: &str| -> Result<String, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if !text.contains(from) {
            return Err(format!("{}: `{from}` not found", path.display()));
        }
        Ok(text.replacen(from, to, 1))
    };
    let html = edit(
        &out.join("index.html"),
        "register(\"static/sw.js\")",
        "register(\"sw.js\")",
    )?;
    std::fs::write(out.join("index.html"), html).map_err(|e| e.to_string())?;
    std::fs::remove_file(out.join("static/sw.js")).map_err(|e| e.to_string())?;
    let mut all = Vec::new();
    files(&out, &out, &mut all)?;
    // A digest of names and contents: stable across machines and builds.
    let mut h = warpscope_core::digest::Fnv1a::default();
    for (name, data) in &all {
        h.write(name.as_bytes());
        h.write(&[0]);
        h.write(data);
    }
    let digest = h.value();
    let sw = edit(
        &root.join("static/sw.js"),
        "const VERSION = \"dev\";",
        &format!("const VERSION = \"{digest:016x}\";"),
    )?;
    std::fs::write(out.join("sw.js"), sw).map_err(|e| e.to_string())?;
    for needed in [
        "index.html",
        "sw.js",
        "static/pkg/style.css",
        "static/icon.svg",
        "static/manifest.webmanifest",
        "static/pkg/warpscope.js",
        "static/pkg/warpscope_bg.wasm",
        "static/pkg/warpscope_rest.wasm",
    ] {
        if !out.join(needed).is_file() {
            return Err(format!("dist/{needed} is missing"));
        }
    }
    // Precompressed copies for hosts that serve them (and `cargo xtask
    // serve`): FILE.gz and FILE.br beside each text or wasm file.
    let mut packed = 0;
    for (name, _) in all.iter().chain([&("sw.js".to_string(), Vec::new())]) {
        let path = out.join(name);
        if bundle::compressible(&path) {
            bundle::precompress(&path)?;
            packed += 1;
        }
    }
    println!("dist/ is ready: copy it to any static host (it needs no server-side code);");
    println!("{packed} files also as .gz and .br for hosts that send them precompressed");
    println!("once loaded, it works offline (service worker version {digest:016x})");
    Ok(())
}

fn bench(root: &Path) -> Result<(), String> {
    let t = setup::step(
        1,
        4,
        "the assembler against llvm-mc-22 (200,000-line files)",
    );
    xtask::asmbench::run(root)?;
    setup::done(t, "ok");
    let t = setup::step(2, 4, "criterion benchmarks (cargo bench -p warpscope-core)");
    setup::run(
        Command::new("cargo")
            .current_dir(root)
            .args(["bench", "-p", "warpscope-core"]),
    )?;
    setup::done(t, "ok");
    let t = setup::step(3, 4, "release bundle for the browser measurements");
    let tc = setup::ensure(root, true)?;
    bundle::build(root, &tc)?;
    setup::done(t, "ok");
    let t = setup::step(
        4,
        4,
        "browser measurements (simulator and CUDA compiler native vs wasm, UI latency, cold start-up, big programs)",
    );
    setup::run(
        Command::new("cargo")
            .current_dir(root)
            .env("WARPSCOPE_BENCH", "1")
            .args([
                "test",
                "--release",
                "-p",
                "warpscope-e2e",
                "--",
                "--ignored",
                "--exact",
                "--nocapture",
                "--test-threads=1",
                "measure_sim_native_and_wasm",
                "measure_cuda_compile_native_and_wasm",
                "measure_keystroke_and_step_latency",
                "measure_startup",
                "measure_startup_slow_4g",
                "measure_startup_slow_4g_sm50_link",
                "measure_big_programs",
            ]),
    )?;
    setup::done(t, "figures written to target/e2e/bench-*.json");
    Ok(())
}
