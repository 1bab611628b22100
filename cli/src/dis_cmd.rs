//! `warpscope dis`: disassemble hex words, one per line.

use crate::input::{self, Parsed};
use std::io::Write;
use warpscope_core::{decode, disasm};

const USAGE: &str = "\
usage: warpscope dis [--isa NAME] [FILE]

Reads one instruction word per line from FILE (standard input when FILE is
absent or `-`): hex digits, optionally with 0x and `_` separators. Blank lines
and `//` comments are skipped. Prints the canonical disassembly of each word;
a word that does not decode prints `?? <hex>  ; error: <reason>` and makes the
exit status 1.

options:
  --isa NAME   instruction set (default w128)
  -h, --help   this text
";

/// Runs `warpscope dis ARGS...`; returns the exit status.
pub fn cmd(args: &[String]) -> i32 {
    let opts = match input::parse("dis", USAGE, args) {
        Parsed::Run(o) => o,
        Parsed::Exit(code) => return code,
    };
    let (_, src) = match input::read("dis", &opts.file) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let isa = opts.isa;
    let mut status = 0;
    let mut out = String::new();
    for raw in src.lines() {
        let text = raw.split("//").next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        match disasm::parse_hex(isa, text) {
            Ok(word) => match decode::decode_inst(isa, word) {
                Ok(inst) => out.push_str(&disasm::disasm(isa, &inst)),
                Err(e) => {
                    status = 1;
                    out.push_str(&format!(
                        "?? {}  ; error: {e}",
                        disasm::format_hex(isa, word)
                    ));
                }
            },
            Err(d) => {
                status = 1;
                out.push_str(&format!("?? {text}  ; error: {}", d.message));
            }
        }
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
    status
}
