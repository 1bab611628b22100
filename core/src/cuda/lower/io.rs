//! A kernel compiled for a puzzle: `__input(k)` and `__output(k, v)`.
//!
//! The program must neither clobber an input before the kernel reads it
//! nor let a variable overwrite an output after the kernel wrote it, so
//! neither is used in place. Each has a reserved register at the top of
//! the register file (`Frame`, in `code.rs`), which variables and
//! temporaries never reach:
//!
//! - the prologue, before anything else, copies each input the kernel
//!   reads into its reserved register (a predicate as 0 or 1, a `UR`
//!   register into every lane), and each output the kernel writes
//!   somewhere into its own, so a lane that never runs its `__output`
//!   leaves the output as it was;
//! - `__input(k)` is that copy, `__output(k, v)` writes `v` to the
//!   output's reserved register;
//! - every `EXIT` (the kernel's end and each `return`) comes after the
//!   epilogue, which moves the reserved output registers into the real
//!   ones (a predicate is set where the value is not 0).
//!
//! Uniform outputs (`UR`, `UP`) and uniform predicate inputs are refused:
//! a lane cannot write a warp's uniform register on its own.

use super::super::ast::{Expr, Stmt, StmtKind};
use super::code::{Code, Frame, Line, Src};
use crate::diag::{Diagnostic, Span};
use crate::loc::Loc;
use crate::msg;

/// Which of `count` outputs the statements write somewhere.
pub(super) fn written(body: &[Stmt], count: usize) -> Vec<bool> {
    fn walk(s: &Stmt, out: &mut Vec<bool>) {
        match &s.kind {
            StmtKind::Output(k, _) => {
                if let Some(w) = out.get_mut(*k) {
                    *w = true;
                }
            }
            StmtKind::Block(b) => b.iter().for_each(|s| walk(s, out)),
            StmtKind::If(_, a, b) => {
                walk(a, out);
                b.iter().for_each(|s| walk(s, out));
            }
            StmtKind::While(_, b) | StmtKind::DoWhile(b, _) => walk(b, out),
            StmtKind::For { init, body, .. } => {
                init.iter().for_each(|s| walk(s, out));
                walk(body, out);
            }
            _ => {}
        }
    }
    let mut out = vec![false; count];
    body.iter().for_each(|s| walk(s, &mut out));
    out
}

/// The error for a register a kernel cannot read or write.
fn refused(span: Span, reg: Loc) -> Diagnostic {
    Diagnostic::error(
        span,
        msg!(
            "a CUDA kernel cannot read or write `{0}` here: it reads R, P and UR inputs and writes R and P outputs",
            reg.to_string()
        ),
    )
}

impl Code {
    /// `__input(k)`: the reserved register holding it.
    pub fn input(&mut self, k: usize, span: Span) -> Src {
        let Some(&(reg, r)) = self.frame.inputs.get(k) else {
            return Src::Imm(0);
        };
        if !matches!(reg, Loc::R(_) | Loc::P(_) | Loc::UR(_)) {
            self.errors.push(refused(span, reg));
        }
        self.frame.read[k] = true;
        Src::R(r)
    }

    /// `__output(k, v)`: `v` into the output's reserved register.
    pub fn output(&mut self, k: usize, v: &Expr, span: Span) {
        let Some(&(reg, r)) = self.frame.outputs.get(k) else {
            return;
        };
        if !matches!(reg, Loc::R(_) | Loc::P(_)) {
            self.errors.push(refused(span, reg));
        }
        self.value_into(v, r);
    }

    /// The epilogue, then `EXIT`.
    pub fn exit(&mut self) {
        let outputs = self.frame.outputs.clone();
        for (k, (reg, r)) in outputs.into_iter().enumerate() {
            let note = format!("__output({k})");
            match reg {
                _ if !self.frame.written[k] => {}
                Loc::R(n) => self.emit_noted(format!("MOV R{n}, R{r}"), note),
                Loc::P(n) => {
                    self.emit_noted(format!("ISETP.NE.U32.AND P{n}, PT, R{r}, 0x0, PT"), note)
                }
                _ => {}
            }
        }
        self.emit("EXIT".into());
    }

    /// The prologue's lines, which go before any other.
    pub fn prologue(&self, origin: Span) -> Vec<Line> {
        let f: &Frame = &self.frame;
        let inputs = f.inputs.iter().zip(&f.read).enumerate();
        let outputs = f.outputs.iter().zip(&f.written).enumerate();
        let copies = inputs
            .map(|(k, (p, used))| (format!("__input({k})"), *p, *used))
            .chain(outputs.map(|(k, (p, used))| (format!("__output({k})"), *p, *used)));
        let mut out = Vec::new();
        for (note, (reg, r), used) in copies {
            let text = match reg {
                _ if !used => continue,
                Loc::R(n) => format!("MOV R{r}, R{n}"),
                Loc::UR(n) => format!("MOV R{r}, UR{n}"),
                Loc::P(n) => format!("SEL R{r}, RZ, 0x1, !P{n}"),
                _ => continue,
            };
            out.push(Line {
                text,
                note,
                origin,
                label: false,
            });
        }
        out
    }
}
