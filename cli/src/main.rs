//! `warpscope`: the command-line front end.
//!
//! ```text
//! warpscope asm [--isa w128] [FILE]   assemble; print hex and canonical text
//! warpscope dis [--isa w128] [FILE]   disassemble hex words, one per line
//! warpscope run ...                   run a program (see `warpscope run --help`)
//! warpscope link encode|decode ...  permalinks (see `warpscope link --help`)
//! ```
mod asm_cmd;
mod check_cmd;
mod dis_cmd;
mod input;
mod link_cmd;
mod run;

const USAGE: &str = "\
warpscope: assemble, disassemble and run 32-lane warp programs

usage:
  warpscope asm [--isa NAME] [FILE]   assemble FILE (or standard input); print one
                                      line per instruction: the encoding in hex,
                                      two spaces, the canonical disassembly
  warpscope dis [--isa NAME] [FILE]   disassemble hex words, one per line
  warpscope run ...                   run a program and print the final warp state
  warpscope link encode [--isa NAME] [FILE]
                                      print the permalink fragment for a program
  warpscope link decode FRAGMENT      print the program stored in a permalink
                                      (FRAGMENT may be a whole URL)
  warpscope check PUZZLE SUBMISSION... grade programs against a puzzle
                                      (`warpscope check --list`: the puzzles)
  warpscope --help                    this text

FILE `-` or no FILE reads standard input. --isa defaults to w128.
";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("asm") => asm_cmd::cmd(&args[1..]),
        Some("dis") => dis_cmd::cmd(&args[1..]),
        Some("run") => run::cmd(&args[1..]),
        Some("check") => check_cmd::cmd(&args[1..]),
        Some("link") => link_cmd::cmd(&args[1..]),
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            0
        }
        Some(other) => {
            eprintln!("warpscope: unknown command `{other}`\n\n{USAGE}");
            2
        }
        None => {
            eprint!("{USAGE}");
            2
        }
    };
    std::process::exit(code);
}
