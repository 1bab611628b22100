//! The front end of the CUDA C subset (docs/cuda.md): text in, a checked
//! and fully typed [`Kernel`] out, or every error found.
//!
//! The passes run in order, each in its own file:
//!
//! - `lex`: tokens with byte spans; `#include` lines are skipped.
//! - `parse` (statements) and `parse_expr` (expressions, with C's
//!   precedence), over a `cursor`: the parse tree of `syntax`, with a
//!   span on every node. A statement that fails is skipped to its `;`,
//!   so several syntax errors come out of one run. Nesting deeper than
//!   [`MAX_DEPTH`] levels (or an expression taller than [`MAX_HEIGHT`])
//!   is an error, so no input can exhaust the stack.
//! - `check` (names, scopes, statements), `check_expr` (operators and
//!   C's conversions), `calls` (intrinsics and `printf`, whose format is
//!   read by `format`), with `fold` for the constants the subset needs.
//!   The result is the typed tree of [`ast`]: every implicit conversion
//!   of C is an [`ast::ExprKind::Convert`] node.
//!
//! Every message text is in `errors`. The front end never panics: any
//! text gives a kernel or a non-empty list of errors whose spans lie in
//! the text.
//!
//! ```
//! use warpscope_core::cuda::{self, ast::Ty};
//! let k = cuda::parse_and_check(
//!     "__global__ void k() { unsigned v = threadIdx.x - 1; printf(\"%u\\n\", v); }",
//! )
//! .unwrap();
//! assert_eq!(k.vars[0].ty, Ty::Unsigned);
//! let errs = cuda::parse_and_check("__global__ void k() { int *p; }").unwrap_err();
//! assert!(errs[0].message().contains("not in the cuda subset"));
//! ```

pub mod ast;
mod calls;
mod check;
mod check_expr;
mod cursor;
mod decimal;
mod errors;
mod fold;
mod format;
mod io;
mod lex;
mod lower;
mod parse;
mod parse_expr;
pub mod printf;
mod run;
mod syntax;

pub use ast::Kernel;
pub use cursor::MAX_DEPTH;
pub use io::Io;
pub use lower::{compile, compile_for, Compiled, PrintValue, Printf, Src};
pub use parse_expr::MAX_HEIGHT;
pub use run::{print, run, run_on, simulator, Output, Print};

use crate::diag::Diagnostic;

/// What a word of CUDA C is, for a highlighter: read from the lists the
/// front end itself checks names against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    /// A word of the language (`if`, `return`, `true`, `__global__`…).
    Keyword,
    /// A type or a storage word, in the subset or not (`int`, `double`).
    Type,
    /// A function the kernel can call, or a built-in (`threadIdx`,
    /// `warpSize`).
    Builtin,
    /// Anything else: a variable's or the kernel's name.
    Name,
}

/// What `w` is (see [`Word`]).
pub fn word(w: &str) -> Word {
    if w == "warpSize" || parse_expr::BUILTINS.contains(&w) || calls::is_callable(w) {
        Word::Builtin
    } else if parse_expr::TYPE_WORDS.contains(&w) || parse_expr::OTHER_TYPES.contains(&w) {
        Word::Type
    } else if check::KEYWORDS.contains(&w) {
        Word::Keyword
    } else {
        Word::Name
    }
}

/// Reads the one kernel in `src` and checks it against the subset.
///
/// `Ok` holds the typed kernel that a lowering to w128 consumes; `Err`
/// holds every error found (at least one), each with a span in `src`:
/// lexical errors first, or else syntax errors, or else the errors of
/// names, types and the subset's rules.
pub fn parse_and_check(src: &str) -> Result<Kernel, Vec<Diagnostic>> {
    parse_and_check_for(src, None)
}

/// [`parse_and_check`] for a kernel compiled for a puzzle whose
/// registers are `io` (`None`: for no puzzle, where `__input` and
/// `__output` are errors).
pub fn parse_and_check_for(src: &str, io: Option<&Io>) -> Result<Kernel, Vec<Diagnostic>> {
    let tree = parse::parse(src)?;
    check::check(tree, io)
}
