//! The lowering of a checked kernel to w128: assembly text a reader can
//! follow (each CUDA line as a comment above its instructions, each
//! variable in a register of its own, named after the instruction that
//! writes it), assembled by [`crate::asm`] like any program.
//!
//! The passes are methods of one buffer, `code::Code`, one file per
//! kind of construct: `stmt` (statements, control flow and the warp's
//! divergence), `cond` (conditions to predicates), `expr` (values),
//! `divide` (division by constants) and `intrin` (the intrinsics).
//! `printf` becomes a `NOP` whose index, format and argument registers
//! are kept in [`Compiled::prints`]; `cuda::run` prints at each one.

mod code;
mod cond;
mod divide;
mod expr;
mod intrin;
mod io;
mod stmt;

pub use code::{PrintValue, Printf, Src};

use super::ast::Kernel;
use super::io::Io;
use crate::asm::{self, Program};
use crate::diag::{Diagnostic, Lines, Span};
use crate::{isas, msg};

/// A kernel compiled to w128.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The checked kernel.
    pub kernel: Kernel,
    /// The w128 program as text: the CUDA source's lines as `//`
    /// comments above the instructions they became.
    pub asm: String,
    /// The assembled program. Each instruction's `span` and `line` are
    /// those of the CUDA text it came from (not of [`Compiled::asm`]), so
    /// that a front end that shows where an instruction came from points
    /// into the kernel.
    pub program: Program,
    /// Each variable's register, with the variable's name, in declaration
    /// order (`threadIdx.x` too, when the kernel reads it).
    pub registers: Vec<(String, u8)>,
    /// The `printf` calls: the index of each one's `NOP` instruction and
    /// what it prints.
    pub prints: Vec<(usize, Printf)>,
}

impl Compiled {
    /// The `printf` call whose `NOP` is instruction `index`.
    pub fn print_at(&self, index: usize) -> Option<&Printf> {
        self.prints
            .binary_search_by_key(&index, |p| p.0)
            .ok()
            .map(|i| &self.prints[i].1)
    }
}

/// Compiles the kernel in `src` (see [`super::parse_and_check`] for the
/// errors of the text itself; the lowering adds those of w128's limits:
/// more variables than registers, conditions deeper than its predicates).
pub fn compile(src: &str) -> Result<Compiled, Vec<Diagnostic>> {
    lower(src, None)
}

/// Compiles the kernel in `src` for a puzzle whose registers are `io`:
/// `__input(k)` reads `io.inputs[k]` as it was when the kernel started,
/// and `__output(k, v)` sets `io.outputs[k]` of the lane when it leaves
/// the kernel; an output a lane never sets keeps its value. The registers
/// from `R254` down hold them while the kernel runs (see `lower/io.rs`).
pub fn compile_for(src: &str, io: &Io) -> Result<Compiled, Vec<Diagnostic>> {
    lower(src, Some(io))
}

fn lower(src: &str, io: Option<&Io>) -> Result<Compiled, Vec<Diagnostic>> {
    let kernel = super::parse_and_check_for(src, io)?;
    let vars: Vec<_> = kernel
        .vars
        .iter()
        .map(|v| (v.name.clone(), v.ty, v.span))
        .collect();
    let frame = io.map_or_else(code::Frame::default, |io| {
        code::Frame::new(io, io::written(&kernel.body, io.outputs.len()))
    });
    let mut code = code::Code::new(&vars, kernel.name_span, frame);
    for s in &kernel.body {
        code.stmt(s);
    }
    // The kernel ends at its closing brace, the text's last character.
    let end = src.trim_end().len().saturating_sub(1);
    code.origin = Span::new(end, end + 1);
    code.exit();
    if !code.errors.is_empty() {
        return Err(code.errors);
    }
    let mut head = code.prologue(kernel.name_span);
    if code.lane.1 {
        head.push(code::Line {
            text: format!("S2R R{}, SR_LANEID", code.lane.0),
            note: "threadIdx.x".into(),
            origin: kernel.name_span,
            label: false,
        });
    }
    for p in &mut code.prints {
        p.0 += head.len();
    }
    code.lines.splice(0..0, head);
    let (asm, line_of) = write_text(src, &kernel, &code.lines);
    let program = asm::assemble(isas::w128(), &asm).map_err(|errs| {
        let first = errs.first().map(|e| e.message()).unwrap_or_default();
        vec![Diagnostic::error(
            kernel.name_span,
            msg!(
                "the compiled program does not assemble (an error in warpscope): {0}",
                first
            ),
        )]
    })?;
    let mut program = program;
    let lines = Lines::new(src);
    for l in &mut program.lines {
        let origin = line_of.get(l.line.wrapping_sub(1)).copied().flatten();
        l.span = origin.unwrap_or(kernel.name_span);
        l.line = lines.line_col(l.span.start).line;
    }
    let mut registers: Vec<(String, u8)> = kernel
        .vars
        .iter()
        .zip(&code.var_reg)
        .map(|(v, r)| (v.name.clone(), *r))
        .collect();
    if code.lane.1 {
        registers.push(("threadIdx.x".into(), code.lane.0));
    }
    // A printf's line index counts labels; the instruction index does not.
    let mut index = Vec::with_capacity(code.lines.len());
    let mut n = 0;
    for l in &code.lines {
        index.push(n);
        n += usize::from(!l.label);
    }
    let prints = code
        .prints
        .into_iter()
        .map(|(i, p)| (index[i], p))
        .collect();
    Ok(Compiled {
        kernel,
        asm,
        program,
        registers,
        prints,
    })
}

/// The program's text, and for each of its lines the CUDA text the
/// instruction on it came from.
fn write_text(src: &str, kernel: &Kernel, lines: &[code::Line]) -> (String, Vec<Option<Span>>) {
    let text = Lines::new(src);
    let mut out = format!("// {}: CUDA C compiled to w128\n", kernel.name);
    let mut origin_of = vec![None];
    let mut last_line = 0;
    for l in lines {
        let line = text.line_col(l.origin.start).line;
        if !l.label && line != last_line && l.origin.start < src.len() {
            last_line = line;
            out.push_str(&format!("\n// {line}: {}\n", text.text(line).trim()));
            origin_of.extend([None, None]);
        }
        if l.label {
            out.push_str(&format!("{}\n", l.text));
        } else if l.note.is_empty() {
            out.push_str(&format!("    {}\n", l.text));
        } else {
            out.push_str(&format!("    {:<36}// {}\n", l.text, l.note));
        }
        origin_of.push((!l.label).then_some(l.origin));
    }
    (out, origin_of)
}
