//! Argument parsing and input reading shared by `asm` and `dis`.

use std::io::Read;
use warpscope_core::isas;
use warpscope_core::spec::model::Isa;

/// What `asm` and `dis` were asked to do.
pub struct Options {
    /// The ISA to use.
    pub isa: &'static Isa,
    /// The input file; `None` for standard input.
    pub file: Option<String>,
}

/// The result of parsing arguments: options, or an exit status (help was
/// printed, or an error was).
pub enum Parsed {
    Run(Options),
    Exit(i32),
}

/// Parses `[--isa NAME] [FILE]` (also `--isa=NAME`, `-h`/`--help`).
pub fn parse(command: &str, usage: &str, args: &[String]) -> Parsed {
    let mut isa_name = String::from("w128");
    let mut file: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "-h" | "--help" => {
                print!("{usage}");
                return Parsed::Exit(0);
            }
            "--isa" => {
                let Some(v) = args.get(i + 1) else {
                    eprintln!("warpscope {command}: `--isa` needs a name\n\n{usage}");
                    return Parsed::Exit(2);
                };
                isa_name = v.clone();
                i += 1;
            }
            _ if a.starts_with("--isa=") => isa_name = a["--isa=".len()..].to_string(),
            "-" => file = Some(a.to_string()),
            _ if a.starts_with('-') => {
                eprintln!("warpscope {command}: unknown option `{a}`\n\n{usage}");
                return Parsed::Exit(2);
            }
            _ => {
                if file.is_some() {
                    eprintln!("warpscope {command}: only one input file may be given\n\n{usage}");
                    return Parsed::Exit(2);
                }
                file = Some(a.to_string());
            }
        }
        i += 1;
    }
    let Some(isa) = isas::by_name(&isa_name) else {
        eprintln!(
            "warpscope {command}: unknown ISA `{isa_name}`; known ISAs: {}",
            isas::NAMES.join(", ")
        );
        return Parsed::Exit(2);
    };
    Parsed::Run(Options {
        isa,
        file: file.filter(|f| f != "-"),
    })
}

/// Reads the input: the file, or standard input. Returns the name to show
/// in messages and the text, or prints an error.
pub fn read(command: &str, file: &Option<String>) -> Result<(String, String), i32> {
    match file {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => Ok((path.clone(), text)),
            Err(e) => {
                eprintln!("warpscope {command}: cannot read `{path}`: {e}");
                Err(2)
            }
        },
        None => {
            let mut text = String::new();
            match std::io::stdin().read_to_string(&mut text) {
                Ok(_) => Ok(("<stdin>".to_string(), text)),
                Err(e) => {
                    eprintln!("warpscope {command}: cannot read standard input: {e}");
                    Err(2)
                }
            }
        }
    }
}
