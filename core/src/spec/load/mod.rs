//! From parsed files to a validated [`Isa`]: name resolution, inheritance
//! flattening and every consistency check; see [`crate::spec::load()`].
//!
//! Checks, each reported with the span of the offending text:
//! - types: no built-in name redefined, no duplicates, width 1..=64, values
//!   fit the width, no value name twice in a type;
//! - definitions: no duplicate names, parents exist and have the right kind
//!   (a group's parents are groups, an optype's are groups and there is at
//!   least one, an opcode's are optypes or groups), no inheritance cycles,
//!   every opcode descends from exactly one optype;
//! - fields: the type exists and has the field's width, the field lies
//!   inside the word, `==`/`=` values name a value of the type and fit, a
//!   field is not declared again below an ancestor that has it, no two
//!   fields of an opcode overlap;
//! - operand statements: only in opcodes, at most one `InList`/`OutList`/
//!   `Order` each, every name is a field of the opcode, `Bitwidth`
//!   comparisons name an enum field and one of its values;
//! - modifiers: every modifier named by an optype's `__Syntax` line is an
//!   enum-typed, non-fixed field of each of its opcodes (with a default when
//!   written in braces);
//! - decoding: no two opcodes' fixed bit patterns can match the same word.
//!
//! ```
//! use warpscope_core::spec::load;
//! let src = "
//! __DefBitFieldType Op<4>
//!     NOP; MOV;
//! __DefGroup G
//!   __Encoding
//!     field<0, 4> Op op;
//! __DefOptype MOV : [G]
//!   __Encoding
//!     field<0, 4> Op op2 == MOV;
//! __DefOpcode MOV_R : [MOV]
//!   __Encoding
//!     field<4, 8> Reg rd;
//! ";
//! let diags = load("t", 32, &[("t.isa", src)]).unwrap_err();
//! assert_eq!(diags.len(), 1);
//! assert_eq!(
//!     diags[0].message(),
//!     "field `op2` (bits 0..3) overlaps field `op` (bits 0..3) in opcode `MOV_R`"
//! );
//! ```

use super::ast::{self, Constraint, Def, DefKind, Item, OperandKind, ValueKind};
use super::model::*;
use crate::diag::{line_col, Diagnostic, Span};
use crate::msg;
use crate::msg::Text;
use crate::operand;
use std::collections::{HashMap, HashSet};

mod build;
mod defs;
mod fields;
mod operands;
mod types;

/// A definition and the file it comes from.
struct DefRef<'a> {
    file: usize,
    def: &'a Def,
}

struct Loader<'a> {
    files: &'a [(&'a str, &'a str)],
    word_bits: u32,
    dialect: Dialect,
    diags: Vec<Diagnostic>,
    types: Vec<EnumType>,
    type_idx: HashMap<String, usize>,
    defs: Vec<DefRef<'a>>,
    def_idx: HashMap<&'a str, usize>,
    /// Resolved parents of each definition (indices into `defs`).
    parents: Vec<Vec<usize>>,
    /// Definitions with a parent that was reported and dropped.
    bad_parents: Vec<bool>,
    /// Ancestors of each definition, most distant first (without itself);
    /// `None` when it is part of a cycle.
    lin: Vec<Option<Vec<usize>>>,
    /// Own fields of each definition after type resolution (`None` where a
    /// field could not be resolved).
    fields: Vec<Vec<Option<Field>>>,
}

/// Loads and validates parsed files; see [`crate::spec::load()`].
pub fn load_files(
    name: &str,
    word_bits: u32,
    files: &[(&str, &str)],
    asts: &[ast::File],
) -> Result<Isa, Vec<Diagnostic>> {
    load_files_with(name, word_bits, Dialect::default(), files, asts)
}

/// Like [`load_files`], for a dialect with its own [`Dialect`] properties
/// (instructions of several words, control words).
pub fn load_files_with(
    name: &str,
    word_bits: u32,
    dialect: Dialect,
    files: &[(&str, &str)],
    asts: &[ast::File],
) -> Result<Isa, Vec<Diagnostic>> {
    let mut l = Loader {
        files,
        word_bits,
        dialect,
        diags: Vec::new(),
        types: Vec::new(),
        type_idx: HashMap::new(),
        defs: Vec::new(),
        def_idx: HashMap::new(),
        parents: Vec::new(),
        bad_parents: Vec::new(),
        lin: Vec::new(),
        fields: Vec::new(),
    };
    if word_bits == 0
        || u64::from(word_bits) * u64::from(dialect.max_words.max(1))
            + u64::from(dialect.control.map_or(0, |c| c.slot_bits))
            > 128
    {
        l.diags.push(Diagnostic::error(
            Span::default(),
            msg!("word size {0} is not between 1 and 128 bits", word_bits),
        ));
        return Err(l.diags);
    }
    l.collect_types(asts);
    l.collect_defs(asts);
    l.resolve_parents();
    l.linearize();
    l.resolve_fields();
    let isa = l.build(name);
    if l.diags.iter().any(|d| d.is_error()) {
        let mut d = l.diags;
        d.sort_by_key(|d| (d.file, d.span.start));
        return Err(d);
    }
    Ok(isa)
}

fn docs_of(sections: &[ast::DocSection]) -> Docs {
    Docs {
        sections: sections
            .iter()
            .map(|s| (s.name.clone(), s.text.clone()))
            .collect(),
    }
}

fn bits(lo: u32, width: u32) -> Text {
    if width == 1 {
        msg!("bit {0}", lo)
    } else {
        msg!("bits {0}..{1}", lo, lo + width - 1)
    }
}

impl<'a> Loader<'a> {
    pub(super) fn err(&mut self, file: usize, span: Span, msg: Text) {
        self.diags.push(Diagnostic::error(span, msg).in_file(file));
    }

    pub(super) fn err_help(&mut self, file: usize, span: Span, msg: Text, help: Text) {
        self.diags
            .push(Diagnostic::error(span, msg).with_help(help).in_file(file));
    }

    /// `name:line` of a place, for "first defined at" notes.
    pub(super) fn place(&self, file: usize, span: Span) -> String {
        let (fname, text) = self.files.get(file).copied().unwrap_or(("<input>", ""));
        let lc = line_col(text, span.start);
        format!("{fname}:{}:{}", lc.line, lc.col)
    }
}

/// "a group", "an optype", "an opcode".
fn a_kind(k: DefKind) -> Text {
    match k {
        DefKind::Group => msg!("a group"),
        DefKind::Optype => msg!("an optype"),
        DefKind::Opcode => msg!("an opcode"),
    }
}
