//! What a kernel compiled for a puzzle reads and writes: the puzzle's
//! input and output registers, which `__input(k)` and `__output(k, v)`
//! name by their position in the puzzle file (docs/cuda.md, "In a
//! puzzle").

use super::ast::Ty;
use crate::loc::Loc;

/// A puzzle's input and output registers, in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Io {
    /// `__input(0)`, `__input(1)`, …
    pub inputs: Vec<Loc>,
    /// `__output(0, v)`, `__output(1, v)`, …
    pub outputs: Vec<Loc>,
}

impl Io {
    /// The type a kernel sees register `reg` as: `bool` for a predicate,
    /// `unsigned` for the rest.
    pub fn ty(reg: Loc) -> Ty {
        match reg {
            Loc::P(_) | Loc::UP(_) => Ty::Bool,
            _ => Ty::Unsigned,
        }
    }
}
