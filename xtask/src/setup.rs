//! Makes sure the wasm toolchain is ready, installing what is missing.
//!
//! Every check is cheap, so a run on a ready machine takes well under ten
//! seconds and installs nothing. What gets installed, and why:
//!
//! 1. The wasm32 standard library and its sources (`rust-src`: the wasm
//!    builds compile std with the crate, for size; see `bundle::wasm_pack`).
//!    `rustup target add wasm32-unknown-unknown` and `rustup component add
//!    rust-src` are tried first, each with a time limit. Where rustup cannot
//!    download (some machines only reach the package registries), the
//!    fallback uses Debian's `rustc-web` toolchain with its sources
//!    (`rust-web-src`): std is compiled once for wasm32 with `-Z build-std`,
//!    the rlibs are copied into `/usr/lib/rustlib`, and the toolchain is
//!    linked into rustup as `warpscope-web`.
//! 2. `wasm-bindgen` at exactly the version pinned in `web/Cargo.toml`.
//! 3. `wasm-pack`, the build driver.
//! 4. `wasm-opt` from the npm package `binaryen` (Debian's is too old to read
//!    what current rustc emits) and `tsc` from the npm package `typescript`
//!    (it checks the JavaScript package's declarations), both in
//!    `~/.cache/warpscope/tools`.
//! 5. For tests only: Debian's `chromium` and `chromium-driver`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The rustup name given to Debian's toolchain in the fallback.
pub const FALLBACK_TOOLCHAIN: &str = "warpscope-web";
/// The binaryen release whose wasm-opt is used.
pub const BINARYEN_VERSION: &str = "132.0.0";
/// The TypeScript release whose `tsc` checks the package's declarations.
pub const TYPESCRIPT_VERSION: &str = "5.9.3";

/// What the wasm build needs to know after setup.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// `Some(name)` when wasm builds must run with `RUSTUP_TOOLCHAIN=name`.
    pub rustup_toolchain: Option<String>,
    /// Path of the wasm-opt launcher, if available.
    pub wasm_opt: Option<PathBuf>,
    /// Path of the TypeScript compiler, if available.
    pub tsc: Option<PathBuf>,
    /// Path of terser (the bundle's JavaScript minifier), if available.
    pub terser: Option<PathBuf>,
}

/// Prints a step header and returns a timer.
pub fn step(n: usize, total: usize, what: &str) -> Instant {
    println!("[{n}/{total}] {what}");
    Instant::now()
}

/// Prints a step's outcome with its duration.
pub fn done(t: Instant, outcome: &str) {
    println!("      {outcome} ({:.1}s)", t.elapsed().as_secs_f64());
}

/// Runs a command, streaming its output; Err with a message on failure.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let shown = format!("{cmd:?}");
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed with {status}"))
    }
}

/// Runs a command quietly and returns its stdout, or None when it fails.
pub fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.stderr(Stdio::null()).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The sysroot of `toolchain` (the default one when None).
fn sysroot(toolchain: Option<&str>) -> Option<PathBuf> {
    let mut c = Command::new("rustc");
    c.args(["--print", "sysroot"]);
    if let Some(t) = toolchain {
        c.env("RUSTUP_TOOLCHAIN", t);
    }
    output(&mut c).map(PathBuf::from)
}

/// Whether the toolchain has the prebuilt wasm32 standard library.
fn has_wasm_std(toolchain: Option<&str>) -> bool {
    let Some(sysroot) = sysroot(toolchain) else {
        return false;
    };
    let lib = sysroot.join("lib/rustlib/wasm32-unknown-unknown/lib");
    std::fs::read_dir(lib)
        .map(|d| {
            d.flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with("libstd-"))
        })
        .unwrap_or(false)
}

/// Whether the toolchain has the standard library's sources (`rust-src`),
/// which the wasm builds compile with the crate (`-Z build-std`).
fn has_std_sources(toolchain: Option<&str>) -> bool {
    sysroot(toolchain).is_some_and(|s| {
        s.join("lib/rustlib/src/rust/library/std/src/lib.rs")
            .exists()
    })
}

/// Whether `toolchain` can build the wasm: the wasm32 library and the
/// standard library's sources.
fn wasm_ready(toolchain: Option<&str>) -> bool {
    has_wasm_std(toolchain) && has_std_sources(toolchain)
}

/// Runs `cmd` but gives up after `limit` (killing it).
fn run_with_timeout(cmd: &mut Command, limit: Duration) -> Result<bool, String> {
    let mut child = cmd.spawn().map_err(|e| e.to_string())?;
    let start = Instant::now();
    loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            return Ok(st.success());
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            println!("      gave up after {}s", limit.as_secs());
            return Ok(false);
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn apt_install(pkgs: &[&str]) -> Result<(), String> {
    println!("      apt-get install {}", pkgs.join(" "));
    run(Command::new("apt-get").args(["update", "-q"]))?;
    run(Command::new("apt-get")
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(pkgs)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}

/// The Debian fallback for the wasm32 std (see the module docs).
fn debian_wasm_std() -> Result<(), String> {
    if !Path::new("/usr/bin/rustc").exists()
        || !Path::new("/usr/lib/rustlib/src/rust").exists()
        || !Path::new("/usr/bin/lld-22").exists() && !Path::new("/usr/lib/llvm-22/bin/lld").exists()
    {
        apt_install(&["rustc-web", "cargo-web", "rust-web-src", "lld-22"])?;
    }
    let dest = Path::new("/usr/lib/rustlib/wasm32-unknown-unknown/lib");
    let has = std::fs::read_dir(dest)
        .map(|d| {
            d.flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with("libstd-"))
        })
        .unwrap_or(false);
    if !has {
        println!("      building std for wasm32 from Debian's sources (about 2 minutes)");
        let tmp = std::env::temp_dir().join("warpscope-build-std");
        std::fs::create_dir_all(tmp.join("src")).map_err(|e| e.to_string())?;
        std::fs::write(
            tmp.join("Cargo.toml"),
            "[package]\nname = \"empty\"\nversion = \"0.0.0\"\nedition = \"2021\"\n[lib]\npath = \"src/lib.rs\"\n[workspace]\n",
        )
        .map_err(|e| e.to_string())?;
        std::fs::write(tmp.join("src/lib.rs"), "#![no_std]\n").map_err(|e| e.to_string())?;
        run(Command::new("/usr/bin/cargo")
            .current_dir(&tmp)
            .args([
                "build",
                "--release",
                "--target",
                "wasm32-unknown-unknown",
                crate::unstable::BUILD_STD,
            ])
            .env("RUSTC_BOOTSTRAP", "1")
            .env("RUSTC", "/usr/bin/rustc")
            .env_remove("RUSTUP_TOOLCHAIN"))?;
        std::fs::create_dir_all(dest).map_err(|e| e.to_string())?;
        let deps = tmp.join("target/wasm32-unknown-unknown/release/deps");
        for e in std::fs::read_dir(&deps)
            .map_err(|e| e.to_string())?
            .flatten()
        {
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with("lib") && name.ends_with(".rlib") {
                std::fs::copy(e.path(), dest.join(&name)).map_err(|e| e.to_string())?;
            }
        }
    }
    let linked = output(Command::new("rustup").args(["toolchain", "list"]))
        .map(|l| l.lines().any(|t| t.starts_with(FALLBACK_TOOLCHAIN)))
        .unwrap_or(false);
    if !linked {
        run(Command::new("rustup").args(["toolchain", "link", FALLBACK_TOOLCHAIN, "/usr"]))?;
    }
    Ok(())
}

/// Step 1: the wasm32 standard library. Returns the toolchain to build with.
pub fn wasm_std(force_fallback: bool) -> Result<Option<String>, String> {
    if !force_fallback && wasm_ready(None) {
        return Ok(None);
    }
    if wasm_ready(Some(FALLBACK_TOOLCHAIN)) {
        return Ok(Some(FALLBACK_TOOLCHAIN.into()));
    }
    if !force_fallback {
        if !has_wasm_std(None) {
            println!("      trying `rustup target add wasm32-unknown-unknown` (60 s limit)");
            run_with_timeout(
                Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]),
                Duration::from_secs(60),
            )?;
        }
        if has_wasm_std(None) && !has_std_sources(None) {
            println!("      trying `rustup component add rust-src` (60 s limit)");
            run_with_timeout(
                Command::new("rustup").args(["component", "add", "rust-src"]),
                Duration::from_secs(60),
            )?;
        }
        if wasm_ready(None) {
            return Ok(None);
        }
        println!("      rustup could not install the target or rust-src; using Debian's rustc-web instead");
    }
    debian_wasm_std()?;
    if wasm_ready(Some(FALLBACK_TOOLCHAIN)) {
        Ok(Some(FALLBACK_TOOLCHAIN.into()))
    } else {
        Err("the wasm32 standard library or its sources are still missing after the Debian fallback".into())
    }
}

/// The wasm-bindgen version pinned in web/Cargo.toml (`wasm-bindgen = "=X"`).
pub fn pinned_wasm_bindgen(root: &Path) -> Result<String, String> {
    let toml = std::fs::read_to_string(root.join("web/Cargo.toml")).map_err(|e| e.to_string())?;
    toml.lines()
        .find_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("wasm-bindgen")?.trim_start();
            let rest = rest.strip_prefix('=')?.trim();
            let v = rest.trim_matches('"').strip_prefix('=')?;
            Some(v.to_string())
        })
        .ok_or_else(|| "web/Cargo.toml must pin wasm-bindgen as `wasm-bindgen = \"=X.Y.Z\"`".into())
}

/// `cargo install ARGS`, built for a quick install rather than a fast
/// tool: optimisation level 1, no LTO, 16 codegen units, one build folder
/// for both tools. Measured on a 2-core machine with the registry cached
/// (2026-11-27): wasm-bindgen-cli 131 s to 110 s, wasm-pack 101 s to 84 s;
/// the wasm-bindgen so built wrote the same bundle, as fast (about 0.3 s).
fn cargo_install(args: &[&str]) -> Result<(), String> {
    println!(
        "      cargo install {} (a few minutes, once)",
        args.join(" ")
    );
    run(Command::new("cargo")
        .arg("install")
        .args(args)
        .arg("--target-dir")
        .arg(std::env::temp_dir().join("warpscope-tools-build"))
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
        .env("CARGO_PROFILE_RELEASE_LTO", "false")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false"))
}

/// Step 2: wasm-bindgen at the pinned version.
pub fn wasm_bindgen(version: &str) -> Result<&'static str, String> {
    let want = format!("wasm-bindgen {version}");
    if output(Command::new("wasm-bindgen").arg("--version")).as_deref() == Some(want.as_str()) {
        return Ok("present");
    }
    cargo_install(&["wasm-bindgen-cli", "--version", version, "--force"])?;
    Ok("installed")
}

/// Step 3: wasm-pack.
pub fn wasm_pack() -> Result<&'static str, String> {
    if output(Command::new("wasm-pack").arg("--version")).is_some() {
        return Ok("present");
    }
    if cargo_install(&["wasm-pack", "--locked"]).is_err() {
        cargo_install(&["wasm-pack"])?;
    }
    Ok("installed")
}

/// Where tools that are not cargo-installed live.
pub fn tools_dir() -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("warpscope/tools")
}

/// Step 4: wasm-opt from npm's binaryen. Returns its launcher, or None (with a
/// printed warning) when npm is unavailable: the bundle is then just larger.
pub fn wasm_opt() -> Result<(Option<PathBuf>, &'static str), String> {
    npm_tool("binaryen", BINARYEN_VERSION, "wasm-opt")
}

/// Step 4, too: tsc from npm's typescript. None (with a printed warning)
/// when npm is unavailable: the declaration check then fails with a clear
/// message.
pub fn typescript() -> Result<(Option<PathBuf>, &'static str), String> {
    npm_tool("typescript", TYPESCRIPT_VERSION, "tsc")
}

/// The terser release that minifies the bundle's JavaScript.
pub const TERSER_VERSION: &str = "5.44.0";

/// Step 4: terser from npm. Returns its launcher, or None without npm.
pub fn terser() -> Result<(Option<PathBuf>, &'static str), String> {
    npm_tool("terser", TERSER_VERSION, "terser")
}

/// The launcher `bin` of the npm package `package` at `version`, installed
/// into [`tools_dir`] when it is missing or another version.
fn npm_tool(
    package: &str,
    version: &str,
    bin: &str,
) -> Result<(Option<PathBuf>, &'static str), String> {
    let launcher = tools_dir().join("node_modules/.bin").join(bin);
    let (dir, how) = npm_package(package, version)?;
    if dir.is_none() {
        println!("      warning: npm not found; no {bin} ({package} from npm)");
    }
    Ok((dir.map(|_| launcher), how))
}

/// The folder of npm package `package` at `version` in the tools folder,
/// installed there if missing; `None` without npm.
fn npm_package(package: &str, version: &str) -> Result<(Option<PathBuf>, &'static str), String> {
    let dir = tools_dir();
    let pkg = dir.join("node_modules").join(package);
    let have = std::fs::read_to_string(pkg.join("package.json"))
        .map(|s| s.contains(&format!("\"version\": \"{version}\"")))
        .unwrap_or(false);
    if have {
        return Ok((Some(pkg), "present"));
    }
    if output(Command::new("npm").arg("--version")).is_none() {
        return Ok((None, "skipped (no npm)"));
    }
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    println!("      npm install {package}@{version}");
    run(Command::new("npm")
        .current_dir(&dir)
        .args(["install", "--no-audit", "--no-fund", "--loglevel=error"])
        .arg(format!("{package}@{version}")))?;
    Ok((Some(pkg), "installed"))
}

/// The axe-core accessibility checker the browser tests run in the page
/// (`node_modules/axe-core/axe.min.js` in the tools folder).
pub const AXE_VERSION: &str = "4.14.1";

/// The path of `axe.min.js`, installed if missing (tests only).
pub fn axe_core() -> Result<(Option<PathBuf>, &'static str), String> {
    let (dir, how) = npm_package("axe-core", AXE_VERSION)?;
    Ok((dir.map(|d| d.join("axe.min.js")), how))
}

/// Step 5 (tests only): Chromium and chromedriver.
pub fn chromium() -> Result<&'static str, String> {
    let have = |b: &str| output(Command::new(b).arg("--version")).is_some();
    if have("chromium") && have("chromedriver") {
        return Ok("present");
    }
    apt_install(&["chromium", "chromium-driver"])?;
    Ok("installed")
}

/// Puts cargo's install folder (`$CARGO_HOME/bin`, else `~/.cargo/bin`) at
/// the front of this process's PATH, so tools that `cargo install` just
/// placed there are found even where the shell's PATH lacks it.
pub fn cargo_bin_on_path() {
    let bin = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .map(|h| h.join("bin"));
    let Some(bin) = bin else { return };
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    if !dirs.contains(&bin) {
        dirs.insert(0, bin);
        if let Ok(joined) = std::env::join_paths(dirs) {
            std::env::set_var("PATH", joined);
        }
    }
}

/// Runs steps 1–4 with progress lines; `with_browser` adds step 5.
pub fn ensure(root: &Path, with_browser: bool) -> Result<Toolchain, String> {
    cargo_bin_on_path();
    let total = if with_browser { 5 } else { 4 };
    let force = std::env::var_os("WARPSCOPE_FORCE_DEBIAN_WASM").is_some();
    let t = step(1, total, "wasm32 standard library");
    let rustup_toolchain = wasm_std(force)?;
    // A flag the toolchain no longer takes is said here, in plain words,
    // rather than deep in the wasm build.
    if let Some(note) = crate::unstable::check(rustup_toolchain.as_deref())? {
        println!("      {note}");
    }
    done(
        t,
        &match &rustup_toolchain {
            None => "ready (rustup target; its unstable flags accepted)".to_string(),
            Some(n) => {
                format!("ready (Debian toolchain linked as `{n}`; its unstable flags accepted)")
            }
        },
    );
    let version = pinned_wasm_bindgen(root)?;
    let t = step(2, total, &format!("wasm-bindgen {version}"));
    done(t, wasm_bindgen(&version)?);
    let t = step(3, total, "wasm-pack");
    done(t, wasm_pack()?);
    let t = step(
        4,
        total,
        &format!(
            "wasm-opt (npm binaryen {BINARYEN_VERSION}), tsc (npm typescript {TYPESCRIPT_VERSION}), terser {TERSER_VERSION}"
        ),
    );
    let (wasm_opt, how) = wasm_opt()?;
    let (tsc, how_tsc) = typescript()?;
    let (terser, how_terser) = terser()?;
    done(t, &format!("{how}; {how_tsc}; {how_terser}"));
    if with_browser {
        let t = step(5, total, "chromium and chromedriver; axe-core");
        let browser = chromium()?;
        let (_, axe) = axe_core()?;
        done(t, &format!("{browser}; axe-core {AXE_VERSION} {axe}"));
    }
    Ok(Toolchain {
        rustup_toolchain,
        wasm_opt,
        tsc,
        terser,
    })
}
