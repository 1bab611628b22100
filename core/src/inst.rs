//! [`Inst`]: one instruction as the value of every field of its opcode.
//!
//! An instruction is table-driven data: the opcode it is an instance of, and
//! one value per field of that opcode (in the opcode's field order). Encoding
//! is then "insert every value", decoding "extract every value", and both
//! directions agree by construction.

use crate::spec::model::{Isa, Opcode};
use serde::Serialize;

/// One instruction: an opcode and the value of each of its fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Inst {
    /// Index into [`Isa::opcodes`].
    pub opcode: usize,
    /// One value per entry of `Isa::opcodes[opcode].fields`, same order.
    pub values: Vec<u64>,
}

impl Inst {
    /// The opcode definition.
    pub fn def<'a>(&self, isa: &'a Isa) -> &'a Opcode {
        &isa.opcodes[self.opcode]
    }
    /// Value of the field called `name`, if the opcode has one.
    pub fn get(&self, isa: &Isa, name: &str) -> Option<u64> {
        self.def(isa)
            .field_index(name)
            .and_then(|i| self.values.get(i).copied())
    }
}
