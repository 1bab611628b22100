//! CUDA C submissions: a kernel compiled for a w128 puzzle's registers,
//! which `__input(k)` and `__output(k, v)` name in file order.

use super::Puzzle;
use crate::cuda::{self, Compiled, Io};
use crate::diag::{Diagnostic, Span};
use crate::msg;

/// The registers a kernel compiled for `p` reads and writes.
pub fn io(p: &Puzzle) -> Io {
    Io {
        inputs: p.inputs.iter().map(|i| i.reg).collect(),
        outputs: p.outputs.iter().map(|o| o.reg).collect(),
    }
}

/// `src` compiled for `p`; errors located in `src` (or at its start when
/// the puzzle is not a w128 one).
pub fn compile(p: &Puzzle, src: &str) -> Result<Compiled, Vec<Diagnostic>> {
    if p.isa != "w128" {
        return Err(vec![Diagnostic::error(
            Span::new(0, 0),
            msg!("CUDA C compiles to w128; this puzzle is for {0}", &p.isa),
        )
        .with_help(msg!("submit assembly of the puzzle's ISA"))]);
    }
    cuda::compile_for(src, &io(p))
}
