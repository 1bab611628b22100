//! Every unstable flag the builds use, in one place, with what it saves,
//! and a check that the toolchain still accepts them.
//!
//! The wasm builds run the stable compiler with `RUSTC_BOOTSTRAP=1` and a
//! few `-Z` flags, which the next release may rename or drop. Without a
//! check, that shows as a compiler error deep in a wasm-pack build. With
//! it, [`check`] runs first (setup ends with it, so `serve`, `build` and
//! `test` all do) and names the flag, what it was for and what to change.
//! Each flag is tried on its own with an empty crate: a few tenths of a
//! second in all.

use std::path::Path;

/// The compiler release these flags were last checked with (the one on
/// the project's machines). Another release is used as it is, with a
/// note: the check below is what fails, in plain words, when a flag is
/// gone. (Not a `rust-toolchain.toml` pin: where rustup cannot download,
/// as on the project's machines, a pin to a release not installed under
/// that exact name stops every cargo command before this code runs.)
pub const TESTED_RUSTC: &str = "1.95.0";
use std::process::{Command, Stdio};

/// Who reads a flag: rustc (through `RUSTFLAGS`) or cargo (on its command
/// line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Rustc,
    Cargo,
}

/// One unstable setting of the builds.
#[derive(Debug, Clone, Copy)]
pub struct Flag {
    /// As passed (several words for a flag that needs another).
    pub args: &'static [&'static str],
    pub reader: Reader,
    /// What it is for, and what it saves.
    pub saves: &'static str,
}

/// Building std with the crate: the first of [`WASM`], also how the
/// fallback toolchain's std for wasm32 is built (`setup`).
pub const BUILD_STD: &str = "-Zbuild-std=std,panic_abort";

/// The unstable settings of the wasm builds (`bundle::wasm_pack`), in the
/// order they are passed.
pub const WASM: &[Flag] = &[
    Flag {
        args: &[BUILD_STD],
        reader: Reader::Cargo,
        saves: "std compiled with the crate, so that the settings below reach it \
                (and the fallback toolchain's std for wasm32 is built at all)",
    },
    Flag {
        args: &["-Zbuild-std-features=optimize_for_size"],
        reader: Reader::Cargo,
        saves: "std's smaller implementations (a few KB of the bundle)",
    },
    Flag {
        args: &["-Zlocation-detail=none"],
        reader: Reader::Rustc,
        saves: "no source paths in panics (about 6 KB of the bundle gzipped)",
    },
    Flag {
        args: &["-Zfmt-debug=none"],
        reader: Reader::Rustc,
        saves: "`Debug` formatting compiled to nothing (about 1 KB gzipped)",
    },
    Flag {
        args: &["-Zunstable-options", "-Cpanic=immediate-abort"],
        reader: Reader::Rustc,
        saves: "a panic stops at once, with no message formatted \
                (27 KB of the bundle gzipped)",
    },
];

/// The `RUSTFLAGS` of the wasm builds: [`WASM`]'s rustc flags and the
/// stable ones.
pub fn wasm_rustflags() -> String {
    let mut words: Vec<&str> = WASM
        .iter()
        .filter(|f| f.reader == Reader::Rustc)
        .flat_map(|f| f.args.iter().copied())
        .collect();
    words.push("-Ctarget-feature=+simd128");
    words.join(" ")
}

/// [`WASM`]'s cargo flags, as `cargo build` arguments.
pub fn wasm_cargo_args() -> Vec<&'static str> {
    WASM.iter()
        .filter(|f| f.reader == Reader::Cargo)
        .flat_map(|f| f.args.iter().copied())
        .collect()
}

/// Checks that the toolchain `rustup_toolchain` (the default one when
/// `None`) accepts every flag of [`WASM`]; `Ok` with a note when it is
/// not the release they were last checked with.
pub fn check(rustup_toolchain: Option<&str>) -> Result<Option<String>, String> {
    check_flags(rustup_toolchain, WASM)?;
    let version = tool_version(rustup_toolchain, "rustc");
    Ok(version_note(&version))
}

/// A note when `version` (`rustc --version`) is not [`TESTED_RUSTC`].
fn version_note(version: &str) -> Option<String> {
    let release = version.split_whitespace().nth(1)?;
    (release != TESTED_RUSTC).then(|| {
        format!(
            "note: the wasm build runs {version}; its unstable flags were last checked with \
             rustc {TESTED_RUSTC}, and this one accepts them too"
        )
    })
}

/// Checks `flags`; the error names each refused flag in plain words.
pub fn check_flags(rustup_toolchain: Option<&str>, flags: &[Flag]) -> Result<(), String> {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("warpscope-flags-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let src = dir.join("probe.rs");
    std::fs::write(&src, "#![feature(no_core)]\n#![no_core]\n")
        .map_err(|e| format!("{}: {e}", src.display()))?;
    let mut refused = Vec::new();
    for f in flags {
        if let Err(why) = try_flag(rustup_toolchain, f, &dir, &src) {
            refused.push(format!(
                "  {} ({}): {why}\n    it is there for: {}",
                f.args.join(" "),
                match f.reader {
                    Reader::Rustc => "rustc",
                    Reader::Cargo => "cargo",
                },
                f.saves
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if refused.is_empty() {
        return Ok(());
    }
    let version = tool_version(rustup_toolchain, "rustc");
    Err(format!(
        "the toolchain ({version}) no longer accepts {} unstable flag(s) the wasm build uses:\n{}\n\
         What to change: build with a toolchain that accepts them (rustc {TESTED_RUSTC} \
         does: `rustup default {TESTED_RUSTC}`), or find the flag's new name in the \
         compiler's release notes and change it in xtask/src/unstable.rs, or remove it there \
         (the bundle then grows by what it saved; `cargo xtask test` checks the budget).",
        refused.len(),
        refused.join("\n")
    ))
}

/// `TOOL --version` of the toolchain, or a note that it could not run.
fn tool_version(rustup_toolchain: Option<&str>, tool: &str) -> String {
    let mut cmd = Command::new(tool);
    toolchain(&mut cmd, rustup_toolchain);
    cmd.arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| format!("{tool} did not say its version"))
}

fn toolchain(cmd: &mut Command, rustup_toolchain: Option<&str>) {
    match rustup_toolchain {
        Some(name) => cmd.env("RUSTUP_TOOLCHAIN", name),
        None => cmd.env_remove("RUSTUP_TOOLCHAIN"),
    };
    cmd.env("RUSTC_BOOTSTRAP", "1")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS");
}

/// Runs the tool that reads `f` with it, on an empty crate (rustc) or for
/// its version (cargo, which checks its `-Z` flags first); the tool's
/// first error line when it refuses.
fn try_flag(
    rustup_toolchain: Option<&str>,
    f: &Flag,
    dir: &Path,
    src: &Path,
) -> Result<(), String> {
    let mut cmd = match f.reader {
        Reader::Rustc => {
            let mut c = Command::new("rustc");
            c.args(["--crate-type", "lib", "--emit", "metadata", "-o"])
                .arg(dir.join("probe.rmeta"))
                .args(f.args)
                .arg(src);
            c
        }
        Reader::Cargo => {
            let mut c = Command::new("cargo");
            c.args(f.args).arg("version").current_dir(dir);
            c
        }
    };
    toolchain(&mut cmd, rustup_toolchain);
    let out = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("could not run it: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    Err(err
        .lines()
        .find(|l| l.starts_with("error"))
        .unwrap_or("refused")
        .trim()
        .to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_are_passed_as_declared() {
        assert_eq!(
            wasm_rustflags(),
            "-Zlocation-detail=none -Zfmt-debug=none -Zunstable-options \
             -Cpanic=immediate-abort -Ctarget-feature=+simd128"
        );
        assert_eq!(
            wasm_cargo_args(),
            [
                "-Zbuild-std=std,panic_abort",
                "-Zbuild-std-features=optimize_for_size"
            ]
        );
    }

    #[test]
    fn this_toolchain_accepts_every_flag() {
        check(None).unwrap();
    }

    #[test]
    fn another_release_is_noted() {
        let tested = format!("rustc {TESTED_RUSTC} (59807616e 2026-04-14)");
        assert_eq!(version_note(&tested), None);
        let note = version_note("rustc 1.99.0 (0123456789 2026-12-01)").unwrap();
        assert!(
            note.contains("rustc 1.99.0") && note.contains(TESTED_RUSTC),
            "{note}"
        );
    }

    #[test]
    fn a_refused_flag_is_named_in_plain_words() {
        let gone = [
            Flag {
                args: &["-Zno-such-setting=none"],
                reader: Reader::Rustc,
                saves: "a test of the message",
            },
            Flag {
                args: &["-Zbuild-std-gone"],
                reader: Reader::Cargo,
                saves: "another",
            },
        ];
        let e = check_flags(None, &gone).unwrap_err();
        assert!(e.contains("no longer accepts 2 unstable flag(s)"), "{e}");
        assert!(e.contains("-Zno-such-setting=none (rustc)"), "{e}");
        assert!(e.contains("-Zbuild-std-gone (cargo)"), "{e}");
        assert!(e.contains("it is there for: a test of the message"), "{e}");
        assert!(e.contains("xtask/src/unstable.rs"), "{e}");
        assert!(e.contains("rustc 1."), "the version is named: {e}");
    }
}
