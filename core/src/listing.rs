//! The listing of an assembled program: one row per word of the code
//! stream as it lies in memory (instructions, and Maxwell control words
//! before the instructions they control), with its address, hex digits
//! and text. `warpscope asm` prints it and the playground's listing pane
//! draws it.
//!
//! ```
//! use warpscope_core::{asm, isas, listing};
//! let isa = isas::sm50();
//! let prog = asm::assemble(isa, "S2R R5, SR_LANEID\nEXIT\n").unwrap();
//! let rows = listing::rows(isa, &prog);
//! assert_eq!(rows.len(), 3); // a control word, then two instructions
//! assert_eq!(rows[0].text, "--:-:-:Y:0 | --:-:-:Y:0 | --:-:-:Y:0");
//! assert!(matches!(rows[0].kind, listing::RowKind::Control { first: 0 }));
//! assert_eq!(rows[1].hex, "f0c8000000070005");
//! assert_eq!(rows[1].text, "S2R R5, SR_LANEID ;");
//! assert_eq!(rows[0].to_string(), "001f8000fc0007e0  // control: --:-:-:Y:0 | --:-:-:Y:0 | --:-:-:Y:0");
//! ```

use crate::asm::Program;
use crate::codec::control::control_text;
use crate::codec::encode::{self, Unit, UnitKind};
use crate::codec::{self, Layouts};
use crate::diag::Span;
use crate::disasm;
use crate::inst::Inst;
use crate::spec::model::{Isa, Word};
use serde::Serialize;
use std::fmt;

/// What a row of the listing shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum RowKind {
    /// A scheduling control word; `first` is the index (in the program's
    /// lines) of the first instruction it controls.
    Control {
        /// Index of the first instruction it controls.
        first: usize,
    },
    /// Instruction `index` of the program, from source line `line`.
    Inst {
        /// Index in the program's lines.
        index: usize,
        /// 1-based source line.
        line: usize,
        /// Byte span of the statement in the source.
        span: Span,
        /// The instruction's whole encoding, control slot included (what
        /// the bitfield view edits).
        word: Word,
    },
}

/// One row of the listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// What the row is.
    pub kind: RowKind,
    /// Byte address.
    pub addr: u64,
    /// The bits as they lie in memory: the control word, or the
    /// instruction's words without its control slot.
    pub bits: Word,
    /// Machine words the row takes.
    pub words: u32,
    /// The words in hex, most significant digit first, a group per word
    /// (`disasm::format_words`).
    pub hex: String,
    /// Canonical disassembly, or the control word's slots in maxas'
    /// notation.
    pub text: String,
}

/// Between a row's hex and its text.
const SEPARATOR: &str = "  ";

/// Before a control word's text.
const CONTROL_NOTE: &str = "// control: ";

impl fmt::Display for Row {
    /// The row as `warpscope asm` prints it: hex, two spaces, the text
    /// (`// control: ` before a control word's slots).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let note = match self.kind {
            RowKind::Control { .. } => CONTROL_NOTE,
            RowKind::Inst { .. } => "",
        };
        // Pieces rather than `write!`: a listing writes this for every row.
        f.write_str(&self.hex)?;
        f.write_str(SEPARATOR)?;
        f.write_str(note)?;
        f.write_str(&self.text)
    }
}

/// The listing of `program`, in address order.
pub fn rows(isa: &Isa, program: &Program) -> Vec<Row> {
    let insts: Vec<&Inst> = program.lines.iter().map(|l| &l.inst).collect();
    let layouts = codec::layouts(isa);
    let mut next = 0;
    encode::stream_iter(isa, insts)
        .map(|u| {
            let kind = match u.kind {
                UnitKind::Control => RowKind::Control { first: next },
                UnitKind::Inst(i) => {
                    next = i + 1;
                    let l = &program.lines[i];
                    RowKind::Inst {
                        index: i,
                        line: l.line,
                        span: l.span,
                        word: u.word,
                    }
                }
            };
            let mut text = String::new();
            write_text(&mut text, isa, &layouts, program, &u);
            Row {
                kind,
                addr: u.addr,
                bits: u.bits,
                words: u.words,
                hex: disasm::format_words(isa, u.bits, u.words),
                text,
            }
        })
        .collect()
}

/// Writes the listing into `out` as `warpscope asm` prints it, a line per
/// row (each as [`Row`]'s `Display` writes it), without making the rows:
/// `flush` is called whenever `out` holds `chunk` bytes or more, and at the
/// end. False as soon as `flush` returns false.
pub fn write_lines(
    isa: &Isa,
    program: &Program,
    out: &mut String,
    chunk: usize,
    mut flush: impl FnMut(&mut String) -> bool,
) -> bool {
    let insts: Vec<&Inst> = program.lines.iter().map(|l| &l.inst).collect();
    let layouts = codec::layouts(isa);
    for u in encode::stream_iter(isa, insts) {
        disasm::write_words(out, isa, u.bits, u.words);
        out.push_str(SEPARATOR);
        if u.kind == UnitKind::Control {
            out.push_str(CONTROL_NOTE);
        }
        write_text(out, isa, &layouts, program, &u);
        out.push('\n');
        if out.len() >= chunk && !flush(out) {
            return false;
        }
    }
    flush(out)
}

/// A unit's text: its instruction's disassembly, or the control word's
/// slots.
fn write_text(out: &mut String, isa: &Isa, layouts: &Layouts, program: &Program, u: &Unit) {
    match u.kind {
        UnitKind::Control => out.push_str(&control_text(isa, u.bits as u64)),
        UnitKind::Inst(i) => {
            let inst = &program.lines[i].inst;
            disasm::write_disasm(out, isa, &layouts[inst.opcode], inst);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{asm, examples, isas};

    /// `write_lines` writes what printing every row does, for every bundled
    /// example (sm50's control words included), whatever the chunk size.
    #[test]
    fn written_lines_are_the_rows_printed() {
        for id in isas::Id::ALL {
            let isa = id.isa();
            for ex in examples::examples_for(id.name()) {
                let prog = asm::assemble(isa, ex.source).expect("examples assemble");
                let want: String = rows(isa, &prog).iter().map(|r| format!("{r}\n")).collect();
                for chunk in [1, 100, usize::MAX] {
                    let (mut buf, mut all, mut flushes) = (String::new(), String::new(), 0);
                    assert!(write_lines(isa, &prog, &mut buf, chunk, |b| {
                        all.push_str(b);
                        b.clear();
                        flushes += 1;
                        true
                    }));
                    assert_eq!(all, want, "{} ({})", ex.id, id.name());
                    assert!(chunk > 1 || flushes > prog.lines.len());
                }
                let mut buf = String::new();
                assert!(!write_lines(isa, &prog, &mut buf, 1, |_| false));
            }
        }
    }
}
