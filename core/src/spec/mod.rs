//! The ISA description language: lexer → parser → validated [`model::Isa`].
//!
//! A description is one or more text files in the seeds' language:
//! `__DefBitFieldType` enums, `__DefGroup`/`__DefOptype`/`__DefOpcode`
//! classes with `__Encoding` fields, operand statements and documentation
//! sections. [`parse`] reads the syntax of one file into an [`ast::File`]
//! (never failing: every problem is a [`Diagnostic`]); [`load()`] parses
//! several files, flattens inheritance and validates the whole ISA into a
//! [`model::Isa`].
//!
//! ~~~
//! use warpscope_core::spec::load;
//! let src = r#"
//! __DefBitFieldType Optype<4>
//!     NOP;
//!     MOV;
//! __DefBitFieldType Mode<1>
//!     LO; HI;
//! __DefGroup ALL
//!   __Encoding
//!     field<4, 3> Pred pg = PT;
//!     field<7, 1> PModi pg.not = False;
//! __DefOptype MOV : [ALL]
//!   __Encoding
//!     field<0, 4> Optype optype == MOV;
//!     field<8, 8> Reg rd;
//!     field<16, 1> Mode mode = LO;
//!   __Syntax
//! ```asm
//! MOV{.mode} Rd, Ra ;
//! ```
//! __DefOpcode MOV_R : [MOV]
//!   __Encoding
//!     field<24, 8> Reg ra;
//!   __OperandInfo
//!     InList<pg, ra>;
//!     OutList<rd>;
//!     Order<pg, rd, ra>;
//! "#;
//! let isa = load("mini", 32, &[("mini.isa", src)]).unwrap();
//! let mov = &isa.opcodes[0];
//! let names: Vec<&str> = mov.fields.iter().map(|f| f.name.as_str()).collect();
//! assert_eq!(names, ["pg", "pg.not", "optype", "rd", "mode", "ra"]);
//! assert_eq!(mov.fixed_mask, 0xf);
//! assert_eq!(mov.fixed_bits, 1);
//! assert_eq!(isa.optypes[0].modifiers[0].field, "mode");
//! assert!(isa.optypes[0].modifiers[0].optional);
//! ~~~

pub mod ast;
pub mod compact;
pub mod lexer;
pub mod load;
pub mod model;
pub mod parser;

use crate::diag::Diagnostic;

/// Syntax only: never fails, returns the tree and every syntax error (each
/// diagnostic's `file` is `file`).
pub fn parse(file: usize, text: &str) -> (ast::File, Vec<Diagnostic>) {
    parser::parse_file(file, text)
}

/// Parses several files `(name, text)` in order, flattens inheritance and
/// validates the result into an ISA called `name` with `word_bits`-bit
/// instruction words. Any syntax error in any file, or any validation error,
/// makes it return every diagnostic found (sorted by file and position).
pub fn load(
    name: &str,
    word_bits: u32,
    files: &[(&str, &str)],
) -> Result<model::Isa, Vec<Diagnostic>> {
    load_with(name, word_bits, model::Dialect::default(), files)
}

/// Like [`load()`], for a dialect with its own [`model::Dialect`]
/// properties (syntax, instructions of several words, control words).
/// Fields may then lie anywhere in `word_bits * max_words` bits plus the
/// control slot.
pub fn load_with(
    name: &str,
    word_bits: u32,
    dialect: model::Dialect,
    files: &[(&str, &str)],
) -> Result<model::Isa, Vec<Diagnostic>> {
    let mut asts = Vec::with_capacity(files.len());
    let mut diags = Vec::new();
    for (i, (_, text)) in files.iter().enumerate() {
        let (f, d) = parse(i, text);
        asts.push(f);
        diags.extend(d);
    }
    if diags.iter().any(|d| d.is_error()) {
        return Err(diags);
    }
    load::load_files_with(name, word_bits, dialect, files, &asts)
}
