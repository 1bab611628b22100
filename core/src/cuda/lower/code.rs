//! The buffer a lowering writes into: w128 assembly lines, each tagged
//! with the CUDA text it came from, plus the registers, predicates and
//! labels the lowering hands out.
//!
//! Registers: every variable of the kernel has one register of its own
//! (`R0` up, in declaration order), so that a reader can follow a
//! variable through the listing; temporaries are taken above them as a
//! stack, released when the statement or expression that took them is
//! done. Predicates `P0`..`P6` are a stack too. `PT` and `RZ` are the
//! true predicate and the zero register. A kernel compiled for a puzzle
//! keeps the registers at the top (`R254` down) for the puzzle's inputs
//! and outputs ([`Frame`]); variables and temporaries stay below them.

use super::super::ast::{Piece, Ty};
use super::super::io::Io;
use crate::diag::{Diagnostic, Span};
use crate::loc::Loc;
use crate::msg;

/// The zero register's number.
pub(crate) const RZ: u8 = 255;
/// The always-true predicate's number.
pub(crate) const PT: u8 = 7;

/// A value the lowering has at hand: a register or a 32-bit immediate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Src {
    /// A general-purpose register (255 is `RZ`).
    R(u8),
    /// The 32 bits of a constant.
    Imm(u32),
}

impl Src {
    /// The operand as w128 assembly writes it.
    pub fn text(self) -> String {
        match self {
            Src::R(RZ) | Src::Imm(0) => "RZ".into(),
            Src::R(r) => format!("R{r}"),
            Src::Imm(x) => format!("{x:#x}"),
        }
    }

    /// The operand where a `float` instruction takes a register or an
    /// immediate: `0f3f800000` is 1.0.
    pub(super) fn f_text(self) -> String {
        match self {
            Src::Imm(x) => format!("0f{x:08x}"),
            r => r.text(),
        }
    }

    /// The operand where an instruction takes a register or an
    /// immediate (`SrcB`): a zero is written `0x0`, not `RZ`.
    pub(super) fn b_text(self) -> String {
        match self {
            Src::Imm(x) => format!("{x:#x}"),
            r => r.text(),
        }
    }
}

/// A predicate, maybe negated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pred {
    pub num: u8,
    pub not: bool,
}

impl Pred {
    /// `PT`.
    pub const TRUE: Pred = Pred {
        num: PT,
        not: false,
    };

    /// The predicate as an operand: `P0`, `!P3`, `PT`.
    pub fn text(self) -> String {
        let name = if self.num == PT {
            "PT".to_string()
        } else {
            format!("P{}", self.num)
        };
        if self.not {
            format!("!{name}")
        } else {
            name
        }
    }

    /// The opposite predicate.
    pub fn negated(self) -> Pred {
        Pred {
            num: self.num,
            not: !self.not,
        }
    }
}

/// A `printf` call: the pieces of its format and, for each directive,
/// where the value is when the call's `NOP` runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Printf {
    /// The format, split into text and directives.
    pub pieces: Vec<Piece>,
    /// One argument per directive.
    pub args: Vec<PrintValue>,
}

/// Where a `printf` argument is.
#[derive(Debug, Clone, PartialEq)]
pub enum PrintValue {
    /// A number of type `ty` in a register or an immediate.
    Number(Ty, Src),
    /// A string literal.
    Str(String),
    /// `c ? yes : no` for `%s`: `c` (0 or 1) is in the register or
    /// immediate.
    Choose(Src, Box<PrintValue>, Box<PrintValue>),
}

/// One line of the generated program.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    /// The instruction (or `label:`) as assembly text.
    pub text: String,
    /// A note shown after it (`// v`), empty when none.
    pub note: String,
    /// The CUDA text it came from.
    pub origin: Span,
    /// Whether the line is a label rather than an instruction.
    pub label: bool,
}

/// The buffer, the allocators and the errors found on the way.
pub(crate) struct Code {
    pub lines: Vec<Line>,
    pub errors: Vec<Diagnostic>,
    /// The CUDA text the next lines come from.
    pub origin: Span,
    /// The variables' registers, indexed by `VarId`.
    pub var_reg: Vec<u8>,
    /// The variables' names, for notes.
    pub var_name: Vec<String>,
    /// The variables' types.
    pub var_ty: Vec<Ty>,
    /// The register `threadIdx.x` is read into at the start, and whether
    /// the kernel read it.
    pub lane: (u8, bool),
    /// The `printf` calls: the index of their line, and what they print.
    pub prints: Vec<(usize, Printf)>,
    next_temp: u16,
    next_pred: u8,
    labels: usize,
    /// The loops around the current statement: (continue, break) labels.
    pub loops: Vec<(String, String)>,
    /// Convergence barriers in use (regions nested around the code).
    pub barriers: u8,
    /// The registers from here up (below `RZ`) are not handed out: a
    /// kernel compiled for a puzzle keeps its inputs and outputs there.
    ceiling: u8,
    /// A puzzle's registers, if compiled for one.
    pub frame: Frame,
}

/// Where a kernel compiled for a puzzle keeps the puzzle's registers
/// (see `io.rs`): each input and output has a reserved register, taken
/// from `R254` down (inputs first, in file order), skipping the
/// puzzle's own `R` registers.
#[derive(Debug, Clone, Default)]
pub(crate) struct Frame {
    /// Each input's register and its reserved copy.
    pub inputs: Vec<(Loc, u8)>,
    /// Each output's register and the reserved register that holds the
    /// value it gets.
    pub outputs: Vec<(Loc, u8)>,
    /// Which inputs the kernel reads.
    pub read: Vec<bool>,
    /// Which outputs the kernel writes somewhere.
    pub written: Vec<bool>,
}

impl Frame {
    /// The frame of a kernel compiled for `io`, whose `written` outputs
    /// are those it has an `__output` for.
    pub fn new(io: &Io, written: Vec<bool>) -> Frame {
        let taken: Vec<u8> = io
            .inputs
            .iter()
            .chain(&io.outputs)
            .filter_map(|l| match l {
                Loc::R(n) => Some(*n),
                _ => None,
            })
            .collect();
        let mut free = (0..RZ).rev().filter(|r| !taken.contains(r));
        let mut take = |regs: &[Loc]| -> Vec<(Loc, u8)> {
            regs.iter()
                .map(|&l| (l, free.next().unwrap_or(0)))
                .collect()
        };
        let inputs = take(&io.inputs);
        let outputs = take(&io.outputs);
        Frame {
            read: vec![false; inputs.len()],
            inputs,
            outputs,
            written,
        }
    }

    /// The lowest reserved register (`RZ` when none).
    pub fn ceiling(&self) -> u8 {
        self.inputs
            .iter()
            .chain(&self.outputs)
            .map(|p| p.1)
            .min()
            .unwrap_or(RZ)
    }
}

/// Where the temporaries stood: [`Code::release`] goes back to it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    temp: u16,
    pred: u8,
}

/// The most convergence barriers w128 has (`B0`..`B15`).
pub(crate) const BARRIERS: u8 = 16;
/// The predicates a lowering may take (`P0`..`P6`).
const PREDICATES: u8 = 7;

impl Code {
    /// A buffer whose first registers hold the variables `vars`, which
    /// keeps a puzzle's registers in `frame`.
    pub fn new(vars: &[(String, Ty, Span)], origin: Span, frame: Frame) -> Code {
        let ceiling = frame.ceiling();
        let top = usize::from(ceiling);
        let mut errors = Vec::new();
        let mut var_reg = Vec::new();
        for (i, (name, _, span)) in vars.iter().enumerate() {
            if i >= top {
                errors.push(Diagnostic::error(
                    *span,
                    msg!(
                        "`{0}` does not fit: w128 has 255 registers and each variable takes one",
                        name.clone()
                    ),
                ));
                var_reg.push(0);
            } else {
                var_reg.push(i as u8);
            }
        }
        Code {
            lines: Vec::new(),
            errors,
            origin,
            var_reg,
            var_name: vars.iter().map(|v| v.0.clone()).collect(),
            var_ty: vars.iter().map(|v| v.1).collect(),
            lane: (vars.len().min(top.saturating_sub(1)) as u8, false),
            prints: Vec::new(),
            next_temp: (vars.len() + 1).min(top) as u16,
            next_pred: 0,
            labels: 0,
            loops: Vec::new(),
            barriers: 0,
            ceiling,
            frame,
        }
    }

    /// Appends an instruction.
    pub fn emit(&mut self, text: String) {
        self.emit_noted(text, String::new());
    }

    /// Appends an instruction with a note.
    pub fn emit_noted(&mut self, text: String, note: String) {
        // Register 255 is written `RZ`.
        let text = if text.contains("R255") {
            text.replace("R255", "RZ")
        } else {
            text
        };
        self.lines.push(Line {
            text,
            note,
            origin: self.origin,
            label: false,
        });
    }

    /// A fresh label name.
    pub fn label(&mut self) -> String {
        self.labels += 1;
        format!("L{}", self.labels)
    }

    /// Places `label` here.
    pub fn place(&mut self, label: &str) {
        self.lines.push(Line {
            text: format!("{label}:"),
            note: String::new(),
            origin: self.origin,
            label: true,
        });
    }

    /// The stack positions now.
    pub fn mark(&self) -> Mark {
        Mark {
            temp: self.next_temp,
            pred: self.next_pred,
        }
    }

    /// Frees every temporary and predicate taken since `m`.
    pub fn release(&mut self, m: Mark) {
        self.next_temp = m.temp;
        self.next_pred = m.pred;
    }

    /// Frees the predicates taken since `m` (the registers stay).
    pub fn release_preds(&mut self, m: Mark) {
        self.next_pred = m.pred;
    }

    /// The register holding `threadIdx.x`.
    pub fn lane(&mut self) -> u8 {
        self.lane.1 = true;
        self.lane.0
    }

    /// A temporary register.
    pub fn temp(&mut self) -> u8 {
        let top = u16::from(self.ceiling);
        if self.next_temp >= top {
            if self.next_temp == top {
                self.errors.push(Diagnostic::error(
                    self.origin,
                    msg!("this needs more registers than w128's 255"),
                ));
                self.next_temp += 1;
            }
            return 0;
        }
        self.next_temp += 1;
        (self.next_temp - 1) as u8
    }

    /// A predicate register.
    pub fn pred(&mut self) -> Pred {
        if self.next_pred >= PREDICATES {
            if self.next_pred == PREDICATES {
                self.errors.push(Diagnostic::error(
                    self.origin,
                    msg!("this condition is nested too deeply for w128's 7 predicate registers"),
                ));
                self.next_pred += 1;
            }
            return Pred { num: 0, not: false };
        }
        self.next_pred += 1;
        Pred {
            num: self.next_pred - 1,
            not: false,
        }
    }

    /// The note naming what register `r` holds, when it is a variable's.
    pub fn note_of(&self, r: u8) -> String {
        match self.var_reg.iter().position(|&v| v == r) {
            Some(i) if usize::from(r) < self.var_name.len() => self.var_name[i].clone(),
            _ => String::new(),
        }
    }
}
