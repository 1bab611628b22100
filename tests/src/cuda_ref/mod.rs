//! A reference interpreter of warpscope's CUDA C subset (docs/cuda.md),
//! written from the subset's text and independent of the compiler in
//! core: it reads a kernel, runs it as one warp of 32 lanes, and returns
//! what each lane printed, or the first error with its place. Undefined
//! behaviour (an `int` overflow, a shuffle reading a lane that is not
//! running it, a mask other than the running lanes…) is reported as
//! [`Kind::Undefined`] rather than given a value, so that generated
//! kernels can be kept only when their meaning is defined.

mod ast;
mod interp;
mod lex;
mod parse;
mod printf;
mod value;
mod warp;

#[cfg(test)]
mod tests;

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Not C: a token or a construct out of place.
    Syntax,
    /// C, but outside the subset (or a type error).
    Unsupported,
    /// Defined nowhere: the run reached undefined behaviour.
    Undefined,
    /// The run took more than [`interp::STEP_LIMIT`] steps.
    Limit,
}

/// An error and its place (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub col: usize,
    pub kind: Kind,
    pub msg: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.msg)
    }
}

/// What one lane printed in one `printf` call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Print {
    pub lane: u32,
    pub text: String,
}

/// Runs the kernel in `src` (one `__global__ void` kernel; `#include`
/// lines are skipped) and returns the prints in the order the warp made
/// them.
pub fn run(src: &str) -> Result<Vec<Print>, Error> {
    let kept: String = src
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("#include") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let toks = lex::tokens(&kept)?;
    let k = parse::kernel(&toks)?;
    interp::Machine::run(&k)
}

/// Each lane's printed text, all its prints joined in its own order.
pub fn per_lane(prints: &[Print]) -> [String; 32] {
    let mut out: [String; 32] = std::array::from_fn(|_| String::new());
    for p in prints {
        out[p.lane as usize].push_str(&p.text);
    }
    out
}
