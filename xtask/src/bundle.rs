//! Builds the release bundle into `static/pkg` and reports its size.

use crate::setup::{self, Toolchain};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds `static/pkg` with wasm-pack (release, size-optimised), then runs
/// wasm-opt on the result when it is available.
pub fn build(root: &Path, tc: &Toolchain) -> Result<(), String> {
    let t = setup::step(1, 2, "wasm-pack build (release, opt-level z, lto)");
    let mut cmd = wasm_pack(root, tc, "web", "web", "../static/pkg");
    cmd.args(["--no-typescript", "--no-pack"]);
    setup::run(&mut cmd)?;
    let _ = std::fs::remove_file(root.join("static/pkg/.gitignore"));
    setup::done(t, "built static/pkg");
    let t = setup::step(2, 2, "wasm-opt -Oz");
    setup::done(t, optimise(tc, &root.join("static/pkg/warpscope_bg.wasm"))?);
    print_sizes(root)?;
    Ok(())
}

/// `wasm-pack build CRATE --release --target TARGET --out-dir OUT_DIR`
/// (OUT_DIR relative to the crate) with output name `warpscope`, the
/// size-optimising release profile and the toolchain from setup. wasm-opt
/// is left to [`optimise`].
pub fn wasm_pack(root: &Path, tc: &Toolchain, krate: &str, target: &str, out_dir: &str) -> Command {
    let mut cmd = Command::new("wasm-pack");
    cmd.current_dir(root)
        .args(["build", krate, "--release", "--target", target])
        .args(["--out-dir", out_dir, "--out-name", "warpscope"])
        .args(["--mode", "no-install", "--no-opt"])
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "z")
        .env("CARGO_PROFILE_RELEASE_LTO", "true")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1")
        .env("CARGO_PROFILE_RELEASE_PANIC", "abort")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false");
    if let Some(name) = &tc.rustup_toolchain {
        cmd.env("RUSTUP_TOOLCHAIN", name);
    } else {
        cmd.env_remove("RUSTUP_TOOLCHAIN");
    }
    cmd
}

/// Runs `wasm-opt -Oz` on `wasm` in place when wasm-opt is available;
/// returns what happened. A failing wasm-opt keeps the file as it was.
pub fn optimise(tc: &Toolchain, wasm: &Path) -> Result<&'static str, String> {
    let Some(opt) = &tc.wasm_opt else {
        return Ok("skipped (no wasm-opt)");
    };
    let tmp = wasm.with_extension("opt.wasm");
    let ok = Command::new(opt)
        .args(["-Oz", "--strip-debug", "--strip-producers"])
        .args([
            "--enable-bulk-memory",
            "--enable-nontrapping-float-to-int",
            "--enable-sign-ext",
            "--enable-mutable-globals",
            "--enable-reference-types",
            "--enable-multivalue",
        ])
        .arg(wasm)
        .arg("-o")
        .arg(&tmp)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if ok {
        std::fs::rename(&tmp, wasm).map_err(|e| e.to_string())?;
        Ok("optimised")
    } else {
        let _ = std::fs::remove_file(&tmp);
        Ok("warning: wasm-opt failed; keeping the unoptimised wasm")
    }
}

/// Raw and gzipped size of a file.
pub fn sizes(path: &Path) -> Result<(usize, usize), String> {
    let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&data).map_err(|e| e.to_string())?;
    let z = gz.finish().map_err(|e| e.to_string())?;
    Ok((data.len(), z.len()))
}

/// The files that make up the bundle, by kind.
pub fn bundle_files(root: &Path) -> Vec<(&'static str, PathBuf)> {
    vec![
        ("wasm", root.join("static/pkg/warpscope_bg.wasm")),
        ("js", root.join("static/pkg/warpscope.js")),
        ("css", root.join("static/style.css")),
        ("html", root.join("index.html")),
    ]
}

/// Prints the bundle's size table.
pub fn print_sizes(root: &Path) -> Result<(), String> {
    println!("bundle size:");
    let (mut raw_total, mut gz_total) = (0, 0);
    for (kind, path) in bundle_files(root) {
        let (raw, gz) = sizes(&path)?;
        raw_total += raw;
        gz_total += gz;
        println!("  {kind:<5} {:>9} raw {:>9} gzip", kb(raw), kb(gz));
    }
    println!(
        "  {:<5} {:>9} raw {:>9} gzip",
        "total",
        kb(raw_total),
        kb(gz_total)
    );
    Ok(())
}

fn kb(n: usize) -> String {
    format!("{:.1} KB", n as f64 / 1000.0)
}
