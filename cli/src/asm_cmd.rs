//! `warpscope asm`: assemble a program, print each instruction's encoding
//! and canonical disassembly.

use crate::input::{self, Parsed};
use std::io::Write;
use warpscope_core::{asm, diag, disasm, encode};

const USAGE: &str = "\
usage: warpscope asm [--isa NAME] [FILE]

Assembles FILE (standard input when FILE is absent or `-`) and prints one line
per instruction: the encoding as hex digits (most significant first, no 0x),
two spaces, and the canonical disassembly. Diagnostics go to standard error;
on any error nothing is printed to standard output and the exit status is 1.

options:
  --isa NAME   instruction set (default w128)
  -h, --help   this text
";

/// Runs `warpscope asm ARGS...`; returns the exit status.
pub fn cmd(args: &[String]) -> i32 {
    let opts = match input::parse("asm", USAGE, args) {
        Parsed::Run(o) => o,
        Parsed::Exit(code) => return code,
    };
    let (name, src) = match input::read("asm", &opts.file) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let isa = opts.isa;
    match asm::assemble(isa, &src) {
        Ok(prog) => {
            if !prog.warnings.is_empty() {
                eprint!("{}", diag::render(&prog.warnings, &[(&name, &src)]));
            }
            let mut out = String::new();
            for line in &prog.lines {
                let word = encode::encode(isa, &line.inst);
                out.push_str(&disasm::format_hex(isa, word));
                out.push_str("  ");
                out.push_str(&disasm::disasm(isa, &line.inst));
                out.push('\n');
            }
            let mut stdout = std::io::stdout().lock();
            if stdout
                .write_all(out.as_bytes())
                .and_then(|_| stdout.flush())
                .is_err()
            {
                return 1;
            }
            0
        }
        Err(diags) => {
            eprint!("{}", diag::render(&diags, &[(&name, &src)]));
            let n = diags.iter().filter(|d| d.is_error()).count();
            eprintln!(
                "warpscope asm: {n} error{} in {name}",
                if n == 1 { "" } else { "s" }
            );
            1
        }
    }
}
