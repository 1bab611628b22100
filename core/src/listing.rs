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

use crate::asm::{self, Program};
use crate::codec::control::control_text;
use crate::codec::encode::{self, Unit, UnitKind};
use crate::codec::layout::Layout;
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
        match u.kind {
            UnitKind::Control => {
                disasm::write_words(out, isa, u.bits, u.words);
                out.push_str(SEPARATOR);
                out.push_str(CONTROL_NOTE);
                write_text(out, isa, &layouts, program, &u);
                out.push('\n');
            }
            UnitKind::Inst(i) => {
                let inst = &program.lines[i].inst;
                write_inst(out, isa, &layouts[inst.opcode], inst, u.bits);
            }
        }
        if out.len() >= chunk && !flush(out) {
            return false;
        }
    }
    flush(out)
}

/// Writes an instruction's line: its encoding `bits` (the layout's
/// words of them) and its disassembly.
fn write_inst(out: &mut String, isa: &Isa, layout: &Layout, inst: &Inst, bits: Word) {
    disasm::write_words(out, isa, bits, layout.words);
    out.push_str(SEPARATOR);
    disasm::write_disasm(out, isa, layout, inst);
    out.push('\n');
}

/// Assembles `src` and writes its listing at once, in up to `parts`
/// parts that `run` may work on at the same time, holding the lines
/// rather than the instructions (see [`asm::write_parts`]): the text
/// [`write_lines`] writes for the program [`asm::assemble`] makes, in
/// less time and memory. `None` where that cannot be done so: in a
/// dialect with control words (an instruction's line depends on its
/// group's), and wherever [`asm::write_parts`] gives none (any message,
/// among others); then nothing has been written.
pub fn assemble_written(
    isa: &Isa,
    src: &str,
    parts: usize,
    run: asm::Runner,
) -> Option<asm::Written> {
    if isa.dialect.control.is_some() {
        return None;
    }
    let layouts = codec::layouts(isa);
    let write = |out: &mut String, inst: &Inst| {
        let layout = &layouts[inst.opcode];
        let bits = encode::encode_in(isa, layout, inst) & isa.inst_mask();
        write_inst(out, isa, layout, inst, bits);
    };
    asm::write_parts(isa, src, parts, run, &write)
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

    /// Runs the jobs one after the other in the order given.
    fn in_order(jobs: Vec<asm::Job<'_>>) {
        jobs.into_iter().for_each(|j| j());
    }

    /// Runs the jobs last first: parts finish in another order than the
    /// text's.
    fn backwards(jobs: Vec<asm::Job<'_>>) {
        jobs.into_iter().rev().for_each(|j| j());
    }

    /// Runs each job on a thread of its own.
    fn threads(jobs: Vec<asm::Job<'_>>) {
        std::thread::scope(|s| {
            for j in jobs {
                s.spawn(j);
            }
        });
    }

    const RUNNERS: [asm::Runner; 3] = [&in_order, &backwards, &threads];

    /// The listing written in `parts` parts, joined.
    fn written(isa: &Isa, src: &str, parts: usize, run: asm::Runner) -> Option<String> {
        assemble_written(isa, src, parts, run).map(|w| w.pieces().collect())
    }

    /// The listing of the program `asm::assemble` makes.
    fn listed(isa: &Isa, prog: &Program) -> String {
        let (mut buf, mut all) = (String::new(), String::new());
        write_lines(isa, prog, &mut buf, usize::MAX, |b| {
            all.push_str(b);
            true
        });
        all
    }

    /// A long w128 text: labels every 40 lines, each branched to from
    /// before and after it (so across parts), and lines of every shape.
    fn long_w128(lines: usize) -> String {
        let mut t = String::from(".init R1 = lane * 4\n.active 0xffff\n");
        for i in 0..lines {
            let l = i / 40;
            let line = match i % 40 {
                0 => format!("L{l}: IADD3 R{}, R1, 0x{i:x}, RZ", i % 200),
                7 => format!("@P{} BRA L{}", i % 7, l + 3),
                13 => format!("@!P1 BRA L{}", l.saturating_sub(2)),
                17 => format!("SHFL.BFLY P1, R3, R{}, 0x1, 0x1f $sched=4", i % 250),
                19 => "VOTE.ALL R7, P2, !P4 // a comment".to_string(),
                23 => format!("SWITCH c[0x3][0x{:x}]", (i * 4) % 0xfffc),
                29 => "FADD R8, R9, 0.5 $wsb=1 ; REDUX.SUM R28, R155".to_string(),
                31 => String::new(),
                _ => format!("LOP3.LUT R{}, R2, R3, RZ, 0x{:x}", i % 240, i % 256),
            };
            t.push_str(&line);
            t.push_str(if i % 3 == 0 { " ;\r\n" } else { "\n" });
        }
        // the last labels branched to
        let next = lines.div_ceil(40);
        for l in next..next + 4 {
            t.push_str(&format!("L{l}: EXIT\n"));
        }
        t
    }

    /// A long gfx9 text: instructions of one and two words, labels as
    /// literals before and after their definitions.
    fn long_gfx9(lines: usize) -> String {
        let mut t = String::new();
        for i in 0..lines {
            let l = i / 30;
            let line = match i % 30 {
                0 => format!(
                    "L{l}: s_getreg_b32 s{}, hwreg(HW_REG_MODE, {}, 1)",
                    i % 100,
                    i % 32
                ),
                5 => format!("s_setreg_imm32_b32 hwreg(HW_REG_MODE), L{}", l + 2),
                11 => format!("s_setreg_imm32_b32 hwreg(HW_REG_STATUS, 3, 4), L{}", l / 2),
                17 => format!(
                    "s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 1, 2), 0x{:x}",
                    i * 7919
                ),
                _ => format!(
                    "s_setreg_b32 hwreg(HW_REG_MODE, {}, 2), s{} ; comment",
                    i % 30,
                    i % 100
                ),
            };
            t.push_str(&line);
            t.push('\n');
        }
        let next = lines.div_ceil(30);
        for l in next..next + 3 {
            t.push_str(&format!("L{l}: s_endpgm\n"));
        }
        t
    }

    /// Assembling in parts writes exactly the listing of the whole
    /// program, in any number of parts and whatever order the parts are
    /// done in: on every w128 and gfx9 example and on long texts whose
    /// labels are used across the cuts (addresses differ from a part's
    /// own once an earlier part has two-word instructions).
    #[test]
    fn listings_written_in_parts_are_the_whole_programs() {
        let mut texts: Vec<(&Isa, String)> = vec![
            (isas::w128(), long_w128(3_000)),
            (isas::gfx9(), long_gfx9(3_000)),
        ];
        for id in [isas::Id::W128, isas::Id::Gfx9] {
            for ex in examples::examples_for(id.name()) {
                texts.push((id.isa(), ex.source.to_string()));
            }
        }
        let mut cut = 0;
        for (isa, src) in &texts {
            let prog = asm::assemble(isa, src).expect("the texts assemble");
            let want = listed(isa, &prog);
            for parts in 1..=5 {
                for run in RUNNERS {
                    match written(isa, src, parts, run) {
                        Some(got) => {
                            assert_eq!(got, want, "{parts} parts:\n{src}");
                            cut += usize::from(parts > 1);
                        }
                        // only where a part on its own could differ
                        None => assert!(
                            parts > 1 || !prog.warnings.is_empty(),
                            "one part gave nothing:\n{src}"
                        ),
                    }
                }
            }
        }
        // the long texts at least were cut
        assert!(cut >= 2 * 4 * RUNNERS.len(), "{cut}");
    }

    /// What a part cannot tell on its own gives nothing, in any number of
    /// parts: messages (errors and warnings, wherever they are),
    /// directives after the first part, a label defined in two parts, a
    /// label used but never defined, AMDGPU symbols, and every Maxwell
    /// text (an instruction's line depends on its group's control word),
    /// and a block comment that crosses a cut (the part before it ends in
    /// an unterminated comment, and the part after it starts inside one,
    /// where commented-out code reads as code). Block comments within a
    /// part are no obstacle.
    #[test]
    fn what_a_part_cannot_tell_is_assembled_whole() {
        let w = long_w128(400);
        let g = long_gfx9(400);
        let cases: Vec<(&Isa, String, bool)> = vec![
            (isas::w128(), format!("{w}IADD3 R1, R2\n"), false),
            (isas::w128(), format!("BOGUS R1\n{w}"), false),
            (isas::w128(), format!("{w}.init R2 = 7\n"), true),
            (isas::w128(), format!("{w}.active 0x1\n"), true),
            (isas::w128(), format!("{w}L3: EXIT\n"), false),
            // a label twice, the parts before the second without statements
            (
                isas::w128(),
                format!(
                    "{c}here:\n{c}here: EXIT\n",
                    c = "// a comment\n".repeat(300)
                ),
                false,
            ),
            (isas::w128(), format!("{w}BRA nowhere\n"), false),
            (isas::w128(), format!(".init R1 = 1\n{w}"), true),
            (
                isas::gfx9(),
                format!("x = 5\n{g}s_setreg_imm32_b32 hwreg(HW_REG_MODE), x\n"),
                true,
            ),
            (
                isas::gfx9(),
                format!("{g}s_getreg_b32 s200, hwreg(HW_REG_MODE)\n"),
                false,
            ),
            (
                isas::sm50(),
                "S2R R5, SR_LANEID\nEXIT\n".repeat(2_000),
                true,
            ),
        ];
        // nothing to cut
        for parts in 1..=3 {
            assert_eq!(
                written(isas::w128(), "", parts, &in_order).as_deref(),
                Some("")
            );
        }
        for (isa, src, assembles) in &cases {
            assert_eq!(asm::assemble(isa, src).is_ok(), *assembles, "{src}");
            for parts in 2..=4 {
                for run in RUNNERS {
                    assert!(
                        written(isa, src, parts, run).is_none(),
                        "{parts} parts:\n{src}"
                    );
                }
            }
        }
        let isa = isas::w128();
        // commented-out code across the middle: nothing
        let commented = "IADD3 R1, R2, R3, RZ ;\n".repeat(600);
        let across = format!("{w}/* across the middle\n{commented}*/\nEXIT\n");
        assert!(asm::assemble(isa, &across).is_ok());
        for parts in 2..=4 {
            assert!(written(isa, &across, parts, &in_order).is_none());
        }
        // block comments that no cut crosses: cut and written
        let within = w.replace(" ;\r\n", " /* a comment */ ;\r\n");
        assert!(within.contains("/*"));
        let want = listed(isa, &asm::assemble(isa, &within).expect("assembles"));
        for parts in 1..=4 {
            let got = written(isa, &within, parts, &backwards);
            assert_eq!(got.as_deref(), Some(want.as_str()));
        }
    }
}
