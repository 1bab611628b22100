//! `warpscope asm`: assemble a program, print each instruction's encoding
//! and canonical disassembly.

use crate::cores;
use crate::input::{self, Lang, Source};
use warpscope_core::{asm, diag, listing};

/// The description `warpscope asm --help` prints.
pub const ABOUT: &str = "\
Assembles FILE (standard input when FILE is absent or `-`) and prints one line
per instruction: the encoding as hex digits (most significant first, no 0x),
two spaces, and the canonical disassembly. Diagnostics go to standard error;
on any error nothing is printed to standard output and the exit status is 1.

Words are word-size hex digits each: 32 for w128, 16 for sm50, 8 for gfx9.
A gfx9 instruction with a 32-bit literal prints two groups, the instruction
dword first, then the literal (`ba00f801 12345678`). sm50 code is printed as
it lies in memory: before every three instructions a line with their
control word and, after `//`, its slots in maxas' notation
(wait:read-barrier:write-barrier:yield:stall).";

/// The examples `warpscope asm --help` prints.
pub const EXAMPLES: &str = "\
examples:
  warpscope asm examples/w128/shfl_down.s
  printf 'S_NOP 0\\nS_ENDPGM\\n' | warpscope asm --isa gfx9
  warpscope asm prog.s | warpscope dis      # reads its own output back";

/// Texts of at least this many bytes are assembled on every core (a
/// thread costs more than a shorter text takes).
const PARTS_FROM: usize = 64 * 1024;

/// Runs `warpscope asm`; returns the exit status.
pub fn cmd(source: &Source) -> i32 {
    let (name, src) = match source.read("asm") {
        Ok(x) => x,
        Err(code) => return code,
    };
    match source.language("asm") {
        Err(code) => return code,
        Ok(Lang::Cuda) => return crate::cuda_cmd::asm(&name, &src),
        Ok(Lang::Asm) => {}
    }
    let isa = source.isa;
    // A long text is assembled in parts, one per core, and its listing
    // written as it is assembled; anything that needs a message (and the
    // rest that a part cannot tell on its own) is assembled whole.
    let parts = match src.len() >= PARTS_FROM {
        true => cores::parts(),
        false => 1,
    };
    if let Some(written) = listing::assemble_written(isa, &src, parts, cores::RUN) {
        return input::print_pieces(written.pieces());
    }
    match asm::assemble(isa, &src) {
        Ok(prog) => {
            if !prog.warnings.is_empty() {
                eprint!("{}", diag::render(&prog.warnings, &[(&name, &src)]));
            }
            let status = input::print_listing(isa, &prog);
            // The process ends next: freeing every instruction one by one
            // would only cost time (about 2% of a long listing's).
            std::mem::forget(prog);
            status
        }
        Err(diags) => input::assembly_failed("asm", &name, &src, &diags),
    }
}
