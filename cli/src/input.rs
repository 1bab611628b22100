//! Options and input handling shared by the commands: the `--isa NAME`
//! option, the `[FILE]` argument, reading the input and printing results.

use clap::builder::{PossibleValue, TypedValueParser};
use std::io::{Read, Write};
use warpscope_core::asm::Program;
use warpscope_core::diag::{self, Diagnostic};
use warpscope_core::isas;
use warpscope_core::listing;
use warpscope_core::spec::model::Isa;

/// `--isa NAME` and `[FILE]`: what `asm`, `dis` and `run` read.
#[derive(clap::Args, Debug)]
pub struct Source {
    /// Instruction set: w128, sm50 or gfx9
    #[arg(long, value_name = "NAME", default_value = "w128", value_parser = IsaName)]
    pub isa: &'static Isa,
    /// The input file; standard input when absent or `-`
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// The input's language: asm, or cuda (a CUDA C kernel, compiled to
    /// w128); a FILE ending in `.cu` is cuda
    #[arg(long, value_name = "LANG", value_enum)]
    pub lang: Option<Lang>,
}

/// What language the input is in.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Assembly of the ISA `--isa` names
    Asm,
    /// A CUDA C kernel (docs/cuda.md), compiled to w128
    Cuda,
}

impl Source {
    /// The input's language: `--lang`, else cuda for a `.cu` file; or,
    /// when cuda is asked for with an ISA other than w128, prints why
    /// not and returns the exit status (2).
    pub fn language(&self, command: &str) -> Result<Lang, i32> {
        let from_name = self.file.as_deref().is_some_and(|f| f.ends_with(".cu"));
        let lang = self
            .lang
            .unwrap_or(if from_name { Lang::Cuda } else { Lang::Asm });
        if lang == Lang::Cuda && self.isa.name != "w128" {
            eprintln!(
                "warpscope {command}: CUDA C compiles to w128 only, not to {}",
                self.isa.name
            );
            return Err(2);
        }
        Ok(lang)
    }

    /// Reads the input; see [`read`].
    pub fn read(&self, command: &str) -> Result<(String, String), i32> {
        read(command, self.file.as_deref())
    }
}

/// Parses an ISA name into the bundled ISA, listing the known names when
/// the name is not one of them (and to shell completion).
#[derive(Clone, Copy, Debug)]
pub struct IsaName;

impl TypedValueParser for IsaName {
    type Value = &'static Isa;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let name = value.to_string_lossy();
        let invalid = |e: String| clap::Error::raw(clap::error::ErrorKind::InvalidValue, e);
        match name.parse::<isas::Id>() {
            Ok(isas::Id::Cuda) => Err(invalid(
                "`cuda` is a language, not an ISA: use `--lang cuda` (or a .cu file)\n".into(),
            )),
            Ok(id) => Ok(id.isa()),
            Err(e) => Err(invalid(e)),
        }
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(isas::NAMES.iter().map(PossibleValue::new)))
    }
}

/// The message for an ISA name that is not one of the bundled ISAs.
pub fn unknown_isa(name: &str) -> String {
    name.parse::<isas::Id>().err().unwrap_or_default()
}

/// Reads the input: the file, or standard input for `None` and `-`.
/// Returns the name to show in messages and the text, or prints an error
/// and returns the exit status (2).
pub fn read(command: &str, file: Option<&str>) -> Result<(String, String), i32> {
    match file.filter(|f| *f != "-") {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Ok((path.to_string(), text)),
            Err(e) => {
                eprintln!("warpscope {command}: cannot read `{path}`: {e}");
                Err(2)
            }
        },
        None => read_stdin(command).map(|text| ("<stdin>".to_string(), text)),
    }
}

/// Reads all of standard input, or prints an error and returns the exit
/// status (2).
pub fn read_stdin(command: &str) -> Result<String, i32> {
    let mut text = String::new();
    match std::io::stdin().read_to_string(&mut text) {
        Ok(_) => Ok(text),
        Err(e) => {
            eprintln!("warpscope {command}: cannot read standard input: {e}");
            Err(2)
        }
    }
}

/// Prints `text` to standard output; returns the exit status (1 when
/// standard output cannot be written, a closed pipe say).
pub fn print_out(text: &str) -> i32 {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// Prints the listing of `program` to standard output in 64 KB chunks (a
/// long listing is never held whole); returns the exit status.
pub fn print_listing(isa: &Isa, program: &Program) -> i32 {
    const CHUNK: usize = 64 * 1024;
    let mut stdout = std::io::stdout().lock();
    let mut buf = String::with_capacity(CHUNK + 256);
    let written = listing::write_lines(isa, program, &mut buf, CHUNK, |b| {
        let ok = stdout.write_all(b.as_bytes()).is_ok();
        b.clear();
        ok
    });
    match written && stdout.flush().is_ok() {
        true => 0,
        false => 1,
    }
}

/// Prints a text given in pieces to standard output; returns the exit
/// status.
pub fn print_pieces<'a>(pieces: impl Iterator<Item = &'a str>) -> i32 {
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
    for piece in pieces {
        if out.write_all(piece.as_bytes()).is_err() {
            return 1;
        }
    }
    match out.flush() {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

/// Prints why the program `name` does not assemble, and how many errors it
/// has, to standard error; returns the exit status 1.
pub fn assembly_failed(command: &str, name: &str, src: &str, diags: &[Diagnostic]) -> i32 {
    eprint!("{}", diag::render(diags, &[(name, src)]));
    let n = diags.iter().filter(|d| d.is_error()).count();
    eprintln!(
        "warpscope {command}: {n} error{} in {name}",
        if n == 1 { "" } else { "s" }
    );
    1
}
