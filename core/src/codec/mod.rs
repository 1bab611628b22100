//! Instructions ↔ machine words, table-driven from the description.
//!
//! - [`layout`]: how an opcode's fields appear in assembly text (the
//!   [`FieldRole`] of each field, operand order, companions) and the one
//!   rule for an operand's bit width (`Bitwidth<...>`, register pairs).
//!   Layouts are worked out once per ISA ([`layouts`]) and kept with it.
//! - [`encode`]: an instruction's word, and a program's stream of words
//!   with control words in place.
//! - [`decode`]: a word's instruction, checked, with a note per field for
//!   the bitfield view.
//! - [`control`]: scheduling control words (Maxwell).
//! - [`text`]: the text of one field's value, shared by the decoder's
//!   notes and the disassembler.
//!
//! ```
//! use warpscope_core::{asm, codec, isas};
//! let isa = isas::w128();
//! let inst = asm::assemble_line(isa, "S2R R1, SR_LANEID ;").unwrap();
//! let word = codec::encode::encode(isa, &inst);
//! assert_eq!(codec::decode::decode_inst(isa, word).unwrap(), inst);
//! // One layout per opcode, computed once.
//! assert_eq!(codec::layouts(isa).len(), isa.opcodes.len());
//! assert!(std::sync::Arc::ptr_eq(&codec::layouts(isa), &codec::layouts(isa)));
//! ```

pub mod control;
pub mod decode;
pub mod encode;
pub mod layout;
pub mod text;

pub use layout::{FieldRole, Layout};

use crate::spec::model::Isa;
use std::sync::Arc;

/// The layouts of every opcode of `isa`, indexed like `isa.opcodes`,
/// worked out the first time they are asked for and kept with the ISA.
pub fn layouts(isa: &Isa) -> Arc<Layouts> {
    isa.derived
        .get_or_init(|| Layouts((0..isa.opcodes.len()).map(|i| Layout::of(isa, i)).collect()))
}

/// The layouts of an ISA's opcodes (see [`layouts`]).
#[derive(Debug)]
pub struct Layouts(Vec<Layout>);

impl std::ops::Deref for Layouts {
    type Target = [Layout];
    fn deref(&self) -> &[Layout] {
        &self.0
    }
}
