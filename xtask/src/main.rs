//! `cargo xtask serve | build | js | test | dist | bench | fuzz | setup`
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;
use xtask::{bundle, fuzz, js, server, setup};

const HELP: &str = "\
cargo xtask <command>

  serve [--port N] [--no-build]   set up the wasm toolchain, build the release bundle,
                                  serve the playground on http://127.0.0.1:8080
  build                           set up and build the release bundle into static/pkg
  profile                         record in Chromium which functions starting the page runs
                                  (web/rest-functions.txt), then build; see docs/perf.md
  js [--test]                     build the JavaScript package into js/pkg/web and js/pkg/node;
                                  --test: then run its Node suite and the TypeScript check
  test                            fmt check, clippy, native tests, wasm build, JavaScript
                                  package tests, browser tests
  dist                            a self-contained dist/ folder for any static host
  bench [--asm]                   the assembler against llvm-mc-22, criterion benchmarks of
                                  the core crate, browser measurements; --asm: only the first
  fuzz [--seconds N] [--runs N] [--target NAME]... [--minimise]
                                  build the libFuzzer targets in fuzz/ (stable toolchain) and
                                  run each for N seconds (default 60), or until --runs inputs;
                                  --minimise: shrink the corpora in fuzz/corpus instead
                                  (see docs/reliability.md)
  setup [--browser]               only make sure the toolchain (and Chromium) are ready
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = xtask::root();
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve(&root, &args[1..]),
        Some("build") => setup::ensure(&root, false).and_then(|tc| bundle::build(&root, &tc)),
        Some("profile") => {
            setup::ensure(&root, true).and_then(|tc| xtask::profile::run(&root, &tc))
        }
        Some("js") => setup::ensure(&root, false).and_then(|tc| {
            if args.iter().any(|a| a == "--test") {
                js::build_and_test(&root, &tc).1
            } else {
                js::build(&root, &tc)
            }
        }),
        Some("test") => test(&root),
        Some("dist") => dist(&root),
        Some("bench") if args.iter().any(|a| a == "--asm") => {
            xtask::asmbench::run(&root).map(|_| ())
        }
        Some("bench") => bench(&root),
        Some("fuzz") => fuzz::main(&root, &args[1..]),
        Some("setup") => setup::ensure(&root, args.iter().any(|a| a == "--browser")).map(|_| ()),
        Some("help" | "--help" | "-h") | None => {
            print!("{HELP}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{HELP}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn serve(root: &Path, args: &[String]) -> Result<(), String> {
    let mut port = 8080u16;
    let mut build = true;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--port" => {
                port = it
                    .next()
                    .and_then(|p| p.parse().ok())
                    .ok_or("--port needs a number (0-65535)")?
            }
            "--no-build" => build = false,
            other => return Err(format!("unknown option `{other}` for serve")),
        }
    }
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
    let total = 7;

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

    let t = setup::step(4, total, "toolchain for the wasm build and the browser");
    let tc = setup::ensure(root, true);
    setup::done(t, if tc.is_ok() { "ok" } else { "FAILED" });
    let build = match &tc {
        Ok(tc) => {
            let t = setup::step(5, total, "wasm build (release bundle)");
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
        6,
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

    let t = setup::step(7, total, "browser tests (headless Chromium)");
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
    // FNV-1a over names and contents: stable across machines and builds.
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, data) in &all {
        for b in name.bytes().chain([0]).chain(data.iter().copied()) {
            digest = (digest ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
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
        "browser measurements (simulator native vs wasm, UI latency, cold start-up)",
    );
    setup::run(Command::new("cargo").current_dir(root).args([
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
        "measure_keystroke_and_step_latency",
        "measure_startup",
        "measure_startup_slow_4g",
        "measure_startup_slow_4g_sm50_link",
    ]))?;
    setup::done(t, "figures written to target/e2e/bench-*.json");
    Ok(())
}
