//! The command line of `cargo xtask`: every task and flag declared once,
//! with clap, so that `--help` lists them and an unknown task or flag is
//! an error with a suggestion (`cargo xtask js --tset` asks whether
//! `--test` was meant) instead of being ignored.

use crate::fuzz;
use clap::{Args, Parser, Subcommand};

/// Build, serve, test, fuzz and package warpscope.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
pub struct Cli {
    #[command(subcommand)]
    pub task: Task,
}

/// The tasks.
#[derive(Debug, Subcommand)]
pub enum Task {
    /// Set up the wasm toolchain, build the release bundle and serve the
    /// playground on http://127.0.0.1:8080
    Serve {
        /// The port to serve on (0: any free one)
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Serve static/pkg as it is, without building
        #[arg(long)]
        no_build: bool,
    },
    /// Set up and build the release bundle into static/pkg
    Build,
    /// Record in Chromium which functions starting the page runs
    /// (web/rest-functions.txt), then build; see docs/perf.md
    Profile,
    /// Build the JavaScript package into js/pkg/web and js/pkg/node
    Js {
        /// Then run its Node suite and the TypeScript check
        #[arg(long)]
        test: bool,
    },
    /// The whole check: toolchain, fmt, clippy, native tests, fuzz smoke,
    /// wasm build and budget, JavaScript package, browser tests
    Test,
    /// A self-contained dist/ folder for any static host
    Dist,
    /// The assembler against llvm-mc-22, criterion benchmarks of the core
    /// crate, browser measurements
    Bench {
        /// Only the assembler against llvm-mc-22
        #[arg(long)]
        asm: bool,
    },
    /// Build the libFuzzer targets in fuzz/ (stable toolchain) and run
    /// each for a while; see docs/reliability.md
    Fuzz(FuzzArgs),
    /// Only make sure the toolchain (and Chromium) are ready
    Setup {
        /// Chromium and chromedriver too
        #[arg(long)]
        browser: bool,
    },
}

/// The flags of `cargo xtask fuzz`.
#[derive(Debug, Args)]
pub struct FuzzArgs {
    /// Seconds each target runs
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    pub seconds: u64,
    /// Stop a target sooner, after this many inputs
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub runs: Option<u64>,
    /// Run only this target (repeatable); all of them when none is named
    #[arg(long = "target", value_name = "NAME",
          value_parser = clap::builder::PossibleValuesParser::new(fuzz::TARGETS))]
    pub targets: Vec<String>,
    /// Shrink the corpora in fuzz/corpus instead of fuzzing
    #[arg(long, visible_alias = "minimize")]
    pub minimise: bool,
}

impl FuzzArgs {
    /// The options of a fuzz run: the targets named once each, in the
    /// order given, or all of them.
    pub fn options(&self) -> fuzz::Options {
        let mut targets: Vec<String> = Vec::new();
        for t in &self.targets {
            if !targets.contains(t) {
                targets.push(t.clone());
            }
        }
        if targets.is_empty() {
            targets = fuzz::TARGETS.iter().map(|t| t.to_string()).collect();
        }
        fuzz::Options {
            seconds: self.seconds,
            runs: self.runs,
            targets,
            minimise: self.minimise,
            fresh: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Cli, String> {
        Cli::try_parse_from(["cargo xtask"].iter().chain(args)).map_err(|e| e.to_string())
    }

    #[test]
    fn the_declaration_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_misspelt_flag_or_task_is_an_error_with_a_suggestion() {
        let e = parse(&["js", "--tset"]).unwrap_err();
        assert!(e.contains("--tset") && e.contains("--test"), "{e}");
        let e = parse(&["nosuch"]).unwrap_err();
        assert!(e.contains("nosuch"), "{e}");
        let e = parse(&["tset"]).unwrap_err();
        assert!(e.contains("test"), "{e}");
        let e = parse(&["serve", "--prot", "80"]).unwrap_err();
        assert!(e.contains("--port"), "{e}");
        let e = parse(&["fuzz", "--target", "asn"]).unwrap_err();
        assert!(e.contains("asm"), "{e}");
        assert!(parse(&["setup", "--browsr"]).is_err());
        assert!(parse(&["bench", "--asm", "extra"]).is_err());
    }

    #[test]
    fn flags_are_read() {
        let Task::Serve { port, no_build } =
            parse(&["serve", "--port", "0", "--no-build"]).unwrap().task
        else {
            panic!("not serve")
        };
        assert_eq!((port, no_build), (0, true));
        assert!(matches!(
            parse(&["js", "--test"]).unwrap().task,
            Task::Js { test: true }
        ));
        assert!(parse(&["serve", "--port", "70000"]).is_err());
    }

    #[test]
    fn fuzz_options() {
        let fuzz = |a: &[&str]| match parse(&[&["fuzz"], a].concat()).map(|c| c.task) {
            Ok(Task::Fuzz(f)) => Ok(f.options()),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        };
        let o = fuzz(&[]).unwrap();
        assert_eq!((o.seconds, o.runs, o.minimise), (60, None, false));
        assert_eq!(o.targets.len(), fuzz::TARGETS.len());
        let o = fuzz(&[
            "--seconds",
            "5",
            "--target",
            "asm",
            "--target",
            "sim",
            "--target",
            "asm",
        ])
        .unwrap();
        assert_eq!(
            (o.seconds, o.targets),
            (5, vec!["asm".into(), "sim".into()])
        );
        assert!(fuzz(&["--target", "nope"])
            .unwrap_err()
            .contains("spec_parse"));
        assert!(fuzz(&["--seconds", "0"]).is_err());
        assert!(fuzz(&["--seconds"]).is_err());
        assert!(fuzz(&["--minimize"]).unwrap().minimise);
        let o = fuzz(&["--runs", "1000"]).unwrap();
        assert_eq!((o.runs, o.seconds), (Some(1000), 60));
    }
}
