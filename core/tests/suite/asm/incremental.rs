//! Incremental assembly: after every edit of a long text, what
//! `Incremental::assemble` gives is what `asm::assemble` gives.

use crate::rng::Rng;
use warpscope_core::asm::{self, incremental::Incremental};
use warpscope_core::isas;
use warpscope_core::spec::model::Isa;

/// Instructions of each ISA's programs; `#` is replaced by a number.
const W128: &[&str] = &[
    "SHFL.BFLY P1, R3, R2, 0x1, 0x1f $sched=4",
    "SHFL.UP P0, R1, R0, R4, R5",
    "REDUX.S32.MIN R2, R3",
    "MATCH.U64.ALL R0, P3, R[2:3]",
    "VOTE.ANY R0, P1, !P2",
    "ISETP.GE.S32.AND P1, P2, R1, R2, PT",
    "IADD3 R4, R4, -#, RZ",
    "LOP3.LUT R0, R1, R2, R3, 0x#",
    "FADD R1, R2, 1.5",
    "S2R R1, SR_LANEID",
    "MOV R2, 0x# $wsb=1 $req=0x3",
    "IADD3 R1, R1, #, RZ",
    "EXIT",
];
const SM50: &[&str] = &[
    "S2R R0, SR_LANEID $stall=1",
    "S2R R3, SR_GEMASK",
    "P2R R0, PR",
    "P2R.B1 R1, PR, R5, 0x#",
    "P2R R3, CC, RZ, (1<<3)",
    "P2R.B0 R2, CC, R5, #",
    "EXIT",
];
const GFX9: &[&str] = &[
    "s_getreg_b32 s0, hwreg(HW_REG_MODE)",
    "s_getreg_b32 s1, hwreg(HW_REG_MODE, 4, 4)",
    "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x#",
    "s_setreg_b32 hwreg(HW_REG_LDS_ALLOC, 2, 3), s4",
    "s_nop #",
    "s_endpgm",
];

/// How one ISA's programs are written.
struct Dialect {
    isa: &'static Isa,
    insts: &'static [&'static str],
    /// A branch to `#`, if the ISA has one.
    branch: Option<&'static str>,
    guard: bool,
    comment: &'static str,
    /// Whether statements may share a line (`;` ends one).
    semis: bool,
    inits: &'static [&'static str],
}

fn w128() -> Dialect {
    Dialect {
        isa: isas::w128(),
        insts: W128,
        branch: Some("BRA #"),
        guard: true,
        comment: "//",
        semis: true,
        inits: &[
            ".init R1 = lane * 4",
            ".init P0 = lane % 2 == 0",
            ".active 0xffff",
        ],
    }
}

fn sm50() -> Dialect {
    Dialect {
        isa: isas::sm50(),
        insts: SM50,
        branch: None,
        guard: true,
        comment: "//",
        semis: true,
        inits: &[".init P0 = lane & 1", ".init CC = lane & 0xf"],
    }
}

fn gfx9() -> Dialect {
    Dialect {
        isa: isas::gfx9(),
        insts: GFX9,
        branch: None,
        guard: false,
        comment: ";",
        semis: false,
        inits: &[".init s4 = 0x40"],
    }
}

impl Dialect {
    /// One instruction with its numbers filled in.
    fn inst(&self, rng: &mut Rng, labels: usize) -> String {
        let guard = if self.guard && rng.below(5) == 0 {
            rng.pick(&["@P0 ", "@!P1 ", "@P2 ", "@PT "])
        } else {
            ""
        };
        let text = match self.branch {
            Some(b) if labels > 0 && rng.below(6) == 0 => {
                b.replace('#', &format!("l{}", rng.below(labels as u32)))
            }
            _ => {
                let n = format!("{}", rng.below(100));
                self.insts[rng.below(self.insts.len() as u32) as usize].replace('#', &n)
            }
        };
        format!("{guard}{text}")
    }

    /// A program of about `lines` lines with `lines / 8` labels.
    fn program(&self, rng: &mut Rng, lines: usize) -> String {
        let labels = lines / 8;
        let mut src = String::new();
        for init in self.inits {
            if rng.below(2) == 0 {
                src.push_str(init);
                src.push('\n');
            }
        }
        let mut next_label = 0;
        for i in 0..lines {
            if next_label < labels && rng.below((lines - i) as u32) < (labels - next_label) as u32 {
                src.push_str(&format!("l{next_label}:"));
                src.push_str(if rng.below(3) == 0 { "\n" } else { " " });
                next_label += 1;
            }
            match rng.below(20) {
                0 => src.push_str(&format!("{} a comment\n", self.comment)),
                1 => src.push('\n'),
                2 => {
                    let inner = (0..rng.below(4)).map(|_| "  comment line\n");
                    src.push_str(&format!("/* block{} */\n", inner.collect::<String>()));
                }
                3 if self.semis => {
                    let (a, b) = (self.inst(rng, labels), self.inst(rng, labels));
                    src.push_str(&format!("{a} ; {b}\n"));
                }
                4 => {
                    let a = self.inst(rng, labels);
                    src.push_str(&format!("{a} /* note */ {} at the end\n", self.comment));
                }
                _ => {
                    src.push_str(&self.inst(rng, labels));
                    src.push_str(if self.semis && rng.below(2) == 0 {
                        " ;\n"
                    } else {
                        "\n"
                    });
                }
            }
        }
        src
    }
}

/// A byte index of `text` on a character boundary, at or below `at`.
fn boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Where each line of `text` starts, and its end.
fn line_starts(text: &str) -> Vec<usize> {
    let ends = text.match_indices('\n').map(|(i, _)| i + 1);
    std::iter::once(0).chain(ends).collect()
}

/// Replaces the word `from` with `to` at every place it stands alone.
fn rename(text: &str, from: &str, to: &str, defs: bool, uses: bool) -> String {
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.';
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (i, _) in text.match_indices(from) {
        let end = i + from.len();
        let alone = (i == 0 || !word(b[i - 1])) && b.get(end).is_none_or(|&c| !word(c));
        let is_def = b.get(end) == Some(&b':');
        if alone && i >= last && ((is_def && defs) || (!is_def && uses)) {
            out.push_str(&text[last..i]);
            out.push_str(to);
            last = end;
        }
    }
    out.push_str(&text[last..]);
    out
}

/// Text an edit may insert.
const SNIPPETS: &[&str] = &[
    "IADD3 R4, R4, 0x1, RZ\n",
    "EXIT\n",
    "\n",
    "\n\n\n",
    " ; ",
    ";",
    "/*",
    "*/",
    "// x\n",
    "x",
    "R",
    ", ",
    "0x",
    "7",
    "l1:",
    "l2: ",
    "BRA l3\n",
    "BRA nowhere\n",
    ".init R3 = 7\n",
    ".active 0x1\n",
    "é",
    "/* a\n b */",
    "s_nop 1\n",
    "n = 5\n",
    "EXIT ; EXIT ; EXIT\n",
];

/// One random edit of `text`; `fix` is the text before an edit whose
/// error the next edit undoes.
fn edit(rng: &mut Rng, d: &Dialect, text: &mut String, fix: &mut Option<String>) -> &'static str {
    if let Some(before) = fix.take() {
        *text = before;
        return "undo";
    }
    let starts = line_starts(text);
    let line = |rng: &mut Rng| starts[rng.below(starts.len() as u32) as usize];
    let at = boundary(text, rng.below(text.len() as u32 + 1) as usize);
    match rng.below(16) {
        0 | 1 => {
            text.insert_str(at, rng.pick(SNIPPETS));
            "insert"
        }
        2 => {
            let end = boundary(text, at + rng.below(40) as usize);
            text.replace_range(at..end, "");
            "delete"
        }
        3 => {
            let (a, n) = (
                rng.below(starts.len() as u32) as usize,
                rng.below(6) as usize,
            );
            let end = starts.get(a + n).copied().unwrap_or(text.len());
            text.replace_range(starts[a]..end, "");
            "delete lines"
        }
        4 => {
            let (a, n) = (
                rng.below(starts.len() as u32) as usize,
                1 + rng.below(20) as usize,
            );
            let end = starts.get(a + n).copied().unwrap_or(text.len());
            let block = text[starts[a]..end].to_string();
            text.insert_str(line(rng), &block);
            "paste lines"
        }
        5 | 6 => {
            // a number after `, ` or `0x`
            let Some(i) = text[at..].find(", ").map(|i| at + i + 2) else {
                return "none";
            };
            let digits = text[i..]
                .bytes()
                .take_while(u8::is_ascii_alphanumeric)
                .count();
            let big = rng.below(10) == 0;
            let n = rng.below(if big { u32::MAX } else { 64 });
            text.replace_range(i..i + digits, &format!("{n:#x}"));
            "replace a number"
        }
        7 => {
            let (k, m) = (rng.below(40), rng.below(40));
            let (defs, uses) = match rng.below(3) {
                0 => (true, false),
                1 => (false, true),
                _ => (true, true),
            };
            *text = rename(text, &format!("l{k}"), &format!("l{m}"), defs, uses);
            "rename a label"
        }
        8 => {
            let before = text.clone();
            let Some(i) = text[at..].find(|c: char| c.is_ascii_uppercase() || c == 's') else {
                return "none";
            };
            text.insert(at + i + 1, 'Q');
            *fix = Some(before);
            "error and fix"
        }
        9 => {
            let k = rng.below(40);
            text.insert_str(line(rng), &format!("l{k}: "));
            "duplicate label"
        }
        10 => {
            let init = d.inits[rng.below(d.inits.len() as u32) as usize];
            text.insert_str(line(rng), &format!("{init}\n"));
            "init in the middle"
        }
        13 => {
            // two lines made one
            let Some(i) = text[at..].find('\n') else {
                return "none";
            };
            text.remove(at + i);
            "join lines"
        }
        14 => {
            if rng.below(2) == 0 {
                text.pop();
            }
            text.push_str(rng.pick(SNIPPETS));
            "append"
        }
        15 => {
            let end = boundary(text, text.len().saturating_sub(rng.below(5) as usize));
            text.truncate(end);
            "cut the end"
        }
        11 => {
            let inst = d.inst(rng, 40);
            text.insert_str(line(rng), &format!("{inst}\n"));
            "insert a line"
        }
        _ => {
            let (a, b) = (line(rng), line(rng));
            let (a, b) = (a.min(b), a.max(b));
            text.insert_str(b, "*/\n");
            text.insert_str(a, "/*\n");
            "comment out lines"
        }
    }
}

/// Edits programs of `d` at random, `edits` times each, checking every
/// text; returns how many were answered without assembling the whole.
fn check_edits(d: &Dialect, seed: u64, programs: usize, lines: usize, edits: usize) -> usize {
    let mut rng = Rng(seed);
    let mut fast = 0;
    for _ in 0..programs {
        let clean = d.program(&mut rng, lines);
        let mut inc = Incremental::with_piece_lines(1 + rng.below(12) as usize);
        let (mut text, mut good, mut fix) = (clean.clone(), clean.clone(), None);
        for step in 0..edits {
            let what = if step == 0 {
                "first"
            } else if rng.below(10) == 0 {
                text.clone_from(&clean);
                "back to the start"
            } else if good != text && rng.below(2) == 0 {
                // the error mended, as a user would, so that most texts
                // are whole programs
                text.clone_from(&good);
                "mended"
            } else {
                edit(&mut rng, d, &mut text, &mut fix)
            };
            let got = inc.assemble(d.isa, &text);
            let want = asm::assemble(d.isa, &text);
            if want.as_ref().is_ok_and(|p| p.warnings.is_empty()) {
                good.clone_from(&text);
            }
            if got != want {
                panic!(
                    "{} step {step} ({what}) differs for\n{text}\n\ngot {got:#?}\n\nwant {want:#?}",
                    d.isa.name
                );
            }
            fast += usize::from(inc.last_reread() < text.len());
        }
    }
    fast
}

#[test]
fn every_edit_of_a_w128_text_assembles_as_the_whole() {
    let d = w128();
    let fast = check_edits(&d, 0x1ac4_e3d1, 12, 250, 300);
    assert!(fast > 1000, "only {fast} edits were answered in pieces");
    check_edits(&d, 0x77aa_0013, 2, 1500, 150);
}

#[test]
fn every_edit_of_an_sm50_text_assembles_as_the_whole() {
    check_edits(&sm50(), 0x5e50_0001, 4, 200, 250);
}

#[test]
fn every_edit_of_a_gfx9_text_assembles_as_the_whole() {
    check_edits(&gfx9(), 0x6f90_0001, 4, 200, 250);
}

/// A long program of lines like the playground's, and a line in its middle.
fn long_program(lines: usize) -> String {
    let mut rng = Rng(0x10_000);
    let mut src = String::from(".init R1 = lane * 4\n");
    for i in 0..lines {
        if i % 50 == 0 {
            src.push_str(&format!("l{}: ", i / 50));
        }
        let inst = w128().inst(&mut rng, lines / 50);
        src.push_str(&inst);
        src.push('\n');
    }
    src
}

#[test]
fn a_one_line_edit_of_a_long_text_reads_a_piece_again() {
    let isa = isas::w128();
    let mut text = long_program(10_000);
    let mut inc = Incremental::new();
    assert_eq!(inc.assemble(isa, &text), asm::assemble(isa, &text));
    assert!(inc.last_reread() >= text.len());
    let starts = line_starts(&text);
    // an instruction changed, one added, one taken away
    let at = starts[5000];
    let end = at + text[at..].find('\n').unwrap_or(0);
    text.replace_range(at..end, "IADD3 R7, R7, 0x3, RZ");
    let edits = [(at, "EXIT\n"), (starts[7000], "")];
    for (k, (at, insert)) in edits.into_iter().enumerate() {
        let got = inc.assemble(isa, &text);
        assert_eq!(got, asm::assemble(isa, &text));
        assert!(got.is_ok());
        // a piece of 64 lines, with the one after it at most
        assert!(
            inc.last_reread() < text.len() / 50,
            "edit {k}: read {} of {} bytes again",
            inc.last_reread(),
            text.len()
        );
        if insert.is_empty() {
            let end = at + text[at..].find('\n').map_or(0, |e| e + 1);
            text.replace_range(at..end, "");
        } else {
            text.insert_str(at, insert);
        }
    }
    assert_eq!(inc.assemble(isa, &text), asm::assemble(isa, &text));
    assert!(inc.last_reread() < text.len() / 50);
    // the same text again reads nothing
    assert_eq!(inc.assemble(isa, &text), asm::assemble(isa, &text));
    assert_eq!(inc.last_reread(), 0);
}

#[test]
fn another_isa_between_calls_reads_the_text_for_it() {
    let (w, m, g) = (isas::w128(), isas::sm50(), isas::gfx9());
    let texts = [
        "S2R R0, SR_LANEID ; EXIT\n",
        "s_nop 1 ; EXIT\ns_endpgm\n",
        "l0: IADD3 R1, R1, 0x1, RZ\nBRA l0\n",
    ];
    let mut inc = Incremental::new();
    for text in texts {
        for isa in [w, m, g, w, g, m, m] {
            assert_eq!(
                inc.assemble(isa, text),
                asm::assemble(isa, text),
                "{}",
                isa.name
            );
        }
    }
    // the same text for another ISA: read again, not kept
    inc.assemble(w, texts[0]).ok();
    assert_eq!(inc.assemble(m, texts[0]), asm::assemble(m, texts[0]));
    assert!(inc.last_reread() >= texts[0].len());
}

#[test]
fn a_comment_opened_before_another_ends_is_read_to_its_end() {
    let isa = isas::w128();
    let mut lines: Vec<String> = (0..1000)
        .map(|i| format!("IADD3 R1, R1, {i}, RZ\n"))
        .collect();
    lines[600] = "/* a comment\n over lines */\n".to_string();
    let mut text = lines.concat();
    let mut inc = Incremental::new();
    assert_eq!(inc.assemble(isa, &text), asm::assemble(isa, &text));
    // now the comment runs from line 200 to the end of the old one
    text.insert_str(line_starts(&text)[200], "/*");
    let prog = inc.assemble(isa, &text);
    assert_eq!(prog, asm::assemble(isa, &text));
    assert_eq!(prog.map(|p| p.lines.len()), Ok(599));
    assert!(inc.last_reread() < text.len());
    text.insert_str(line_starts(&text)[900], "EXIT\n");
    assert_eq!(inc.assemble(isa, &text), asm::assemble(isa, &text));
    assert!(inc.last_reread() < text.len() / 10);
}
