//! `warpscope dis`: disassemble hex words, one per line.

use crate::input::{self, Lang, Source};
use warpscope_core::{codec::decode, disasm};

/// The description `warpscope dis --help` prints.
pub const ABOUT: &str = "\
Reads one instruction word per line from FILE (standard input when FILE is
absent or `-`): hex digits, optionally with 0x and `_` separators. Blank lines
and `//` comments are skipped, and so is anything after two spaces, so the
output of `warpscope asm` reads back. Prints the canonical disassembly of each word;
a word that does not decode prints `?? <hex>  ; error: <reason>` and makes the
exit status 1.

gfx9: a line holds one instruction: its dword, then (for an instruction with
a 32-bit literal) the literal dword, separated by a space, as `asm` prints
them. sm50: the words are a code stream as `asm` prints it: the first word
and every fourth after it are control words (printed as `// control: ...`),
each followed by up to three instructions whose controls it holds.";

/// The examples `warpscope dis --help` prints.
pub const EXAMPLES: &str = "\
examples:
  echo 0x00000000000000000000000000000f94d | warpscope dis
  warpscope asm --isa sm50 prog.s | warpscope dis --isa sm50
  warpscope dis --isa gfx9 words.txt";

/// Runs `warpscope dis`; returns the exit status.
pub fn cmd(source: &Source) -> i32 {
    if source.lang == Some(Lang::Cuda) {
        eprintln!("warpscope dis: reads hex words; `--lang cuda` is for asm and run");
        return 2;
    }
    let (_, src) = match source.read("dis") {
        Ok(x) => x,
        Err(code) => return code,
    };
    let isa = source.isa;
    let control = isa.dialect.control;
    let mut status = 0;
    let mut out = String::new();
    let mut index = 0usize;
    let mut slots: Vec<u64> = Vec::new();
    for raw in src.lines() {
        // `asm` output reads back: its disassembly follows the hex after
        // two spaces.
        let text = raw.split("//").next().unwrap_or("");
        let text = text.trim().split("  ").next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let n = index;
        index += 1;
        match disasm::parse_hex(isa, text) {
            Ok(word) => {
                if let Some(c) = control {
                    let per = c.per_word.max(1) as usize + 1;
                    if n % per == 0 {
                        slots = warpscope_core::codec::control::control_slots(isa, word as u64);
                        out.push_str(&format!(
                            "// control: {}\n",
                            warpscope_core::codec::control::control_text(isa, word as u64)
                        ));
                        continue;
                    }
                }
                let full = match control {
                    Some(c) => {
                        let per = c.per_word.max(1) as usize + 1;
                        let slot = slots.get(n % per - 1).copied().unwrap_or(c.empty_slot);
                        warpscope_core::codec::control::with_slot(isa, word, slot)
                    }
                    None => word,
                };
                let groups = text.split_whitespace().count() as u32;
                match decode::decode_inst(isa, full) {
                    Ok(inst) if isa.opcode_words(inst.def(isa)) > groups => {
                        status = 1;
                        out.push_str(&format!(
                            "?? {text}  ; error: {} needs {} words; the last one (its literal) is missing",
                            isa.optypes[inst.def(isa).optype].name,
                            isa.opcode_words(inst.def(isa))
                        ));
                    }
                    Ok(inst) => out.push_str(&disasm::disasm(isa, &inst)),
                    Err(e) => {
                        status = 1;
                        out.push_str(&format!(
                            "?? {}  ; error: {e}",
                            disasm::format_hex(isa, word)
                        ));
                    }
                }
            }
            Err(d) => {
                status = 1;
                out.push_str(&format!("?? {text}  ; error: {}", d.message()));
            }
        }
        out.push('\n');
    }
    match input::print_out(&out) {
        0 => status,
        code => code,
    }
}
