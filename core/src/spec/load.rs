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
//!     diags[0].message,
//!     "field `op2` (bits 0..3) overlaps field `op` (bits 0..3) in opcode `MOV_R`"
//! );
//! ```

use super::ast::{self, Constraint, Def, DefKind, Item, OperandKind, ValueKind};
use super::model::*;
use crate::diag::{line_col, Diagnostic, Span};
use crate::operand;
use std::collections::{HashMap, HashSet};

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
            format!("word size {word_bits} is not between 1 and 128 bits"),
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

fn bits(lo: u32, width: u32) -> String {
    if width == 1 {
        format!("bit {lo}")
    } else {
        format!("bits {}..{}", lo, lo + width - 1)
    }
}

impl<'a> Loader<'a> {
    fn err(&mut self, file: usize, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, msg).in_file(file));
    }

    fn err_help(
        &mut self,
        file: usize,
        span: Span,
        msg: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.diags
            .push(Diagnostic::error(span, msg).with_help(help).in_file(file));
    }

    /// `name:line` of a place, for "first defined at" notes.
    fn place(&self, file: usize, span: Span) -> String {
        let (fname, text) = self.files.get(file).copied().unwrap_or(("<input>", ""));
        let lc = line_col(text, span.start);
        format!("{fname}:{}:{}", lc.line, lc.col)
    }

    fn collect_types(&mut self, asts: &'a [ast::File]) {
        for (file, f) in asts.iter().enumerate() {
            for item in &f.items {
                let Item::BitFieldType(t) = item else {
                    continue;
                };
                let name = &t.name.name;
                if operand::is_reserved(name) {
                    self.err_help(
                        file,
                        t.name.span,
                        format!("`{name}` is a built-in operand class and cannot be redefined"),
                        "built-in classes: Reg, UReg, Pred, UPred, PModi, SignModi, CMem, F32Imm, UImmN, SImmN",
                    );
                    continue;
                }
                if let Some(&prev) = self.type_idx.get(name) {
                    let at = self.place(self.types[prev].file, self.types[prev].span);
                    self.err_help(
                        file,
                        t.name.span,
                        format!("type `{name}` is defined twice"),
                        format!("first defined at {at}"),
                    );
                    continue;
                }
                if t.width == 0 || t.width > 64 {
                    self.err(
                        file,
                        t.span,
                        format!(
                            "type `{name}` has width {}; widths go from 1 to 64 bits",
                            t.width
                        ),
                    );
                    continue;
                }
                let width = t.width as u32;
                let mut seen: HashMap<&str, Span> = HashMap::new();
                let mut values = Vec::new();
                for v in &t.values {
                    if let Some(&prev) = seen.get(v.name.as_str()) {
                        let at = self.place(file, prev);
                        self.err_help(
                            file,
                            v.span,
                            format!("value `{}` is declared twice in type `{name}`", v.name),
                            format!("first declared at {at}"),
                        );
                        continue;
                    }
                    seen.insert(&v.name, v.span);
                    if width < 64 && v.value >> width != 0 {
                        self.err(
                            file,
                            v.span,
                            format!(
                                "value `{}` = {} does not fit in the {width}-bit type `{name}`",
                                v.name, v.value
                            ),
                        );
                        continue;
                    }
                    values.push(EnumValue {
                        name: v.name.clone(),
                        value: v.value,
                        doc: v.doc.clone(),
                    });
                }
                self.type_idx.insert(name.clone(), self.types.len());
                self.types.push(EnumType {
                    name: name.clone(),
                    width,
                    values,
                    docs: docs_of(&t.docs),
                    span: t.span,
                    file,
                });
            }
        }
    }

    fn collect_defs(&mut self, asts: &'a [ast::File]) {
        for (file, f) in asts.iter().enumerate() {
            for item in &f.items {
                let Item::Def(d) = item else { continue };
                if let Some(&prev) = self.def_idx.get(d.name.name.as_str()) {
                    let p = &self.defs[prev];
                    let at = self.place(p.file, p.def.name.span);
                    self.err_help(
                        file,
                        d.name.span,
                        format!(
                            "`{}` is already defined (as {} {})",
                            d.name.name,
                            article(p.def.kind),
                            p.def.kind.word()
                        ),
                        format!("first defined at {at}"),
                    );
                    continue;
                }
                self.def_idx.insert(&d.name.name, self.defs.len());
                self.defs.push(DefRef { file, def: d });
            }
        }
    }

    fn resolve_parents(&mut self) {
        for i in 0..self.defs.len() {
            let DefRef { file, def } = self.defs[i];
            let mut ps = Vec::new();
            for p in &def.parents {
                let Some(&pi) = self.def_idx.get(p.name.as_str()) else {
                    let help = if self.type_idx.contains_key(&p.name) {
                        format!("`{}` is a bit-field type, not a group or optype", p.name)
                    } else {
                        "parents are groups (__DefGroup) or optypes (__DefOptype)".to_string()
                    };
                    self.err_help(file, p.span, format!("unknown parent `{}`", p.name), help);
                    continue;
                };
                if ps.contains(&pi) {
                    self.err(file, p.span, format!("parent `{}` is listed twice", p.name));
                    continue;
                }
                let pk = self.defs[pi].def.kind;
                let ok = match def.kind {
                    DefKind::Group | DefKind::Optype => pk == DefKind::Group,
                    DefKind::Opcode => pk != DefKind::Opcode,
                };
                if !ok {
                    let allowed = match def.kind {
                        DefKind::Group | DefKind::Optype => "groups",
                        DefKind::Opcode => "optypes and groups",
                    };
                    self.err(
                        file,
                        p.span,
                        format!(
                            "{} `{}` cannot inherit from {} `{}`: its parents must be {allowed}",
                            def.kind.word(),
                            def.name.name,
                            pk.word(),
                            p.name
                        ),
                    );
                    continue;
                }
                ps.push(pi);
            }
            self.bad_parents.push(ps.len() != def.parents.len());
            if def.kind == DefKind::Optype && def.parents.is_empty() {
                self.err_help(
                    file,
                    def.name.span,
                    format!("optype `{}` does not belong to a group", def.name.name),
                    format!("write `__DefOptype {} : [GROUP]`", def.name.name),
                );
            }
            self.parents.push(ps);
        }
    }

    fn linearize(&mut self) {
        let n = self.defs.len();
        // 0 = not visited, 1 = in progress, 2 = done.
        let mut state = vec![0u8; n];
        self.lin = vec![None; n];
        let mut in_cycle = vec![false; n];
        // mark[a] == node + 1 while `a` is already in node's ancestor list.
        let mut mark = vec![0usize; n];
        for root in 0..n {
            if state[root] != 0 {
                continue;
            }
            // Iterative depth-first walk: (node, next parent position).
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            state[root] = 1;
            while let Some(&mut (node, ref mut pos)) = stack.last_mut() {
                if *pos < self.parents[node].len() {
                    let p = self.parents[node][*pos];
                    *pos += 1;
                    match state[p] {
                        0 => {
                            state[p] = 1;
                            stack.push((p, 0));
                        }
                        1 => {
                            // A cycle: from p on the stack up to node.
                            let from = stack.iter().position(|&(x, _)| x == p).unwrap_or(0);
                            let mut names: Vec<&str> = stack[from..]
                                .iter()
                                .map(|&(x, _)| self.defs[x].def.name.name.as_str())
                                .collect();
                            names.push(self.defs[p].def.name.name.as_str());
                            let msg = format!("inheritance cycle: {}", names.join(" -> "));
                            for &(x, _) in &stack[from..] {
                                in_cycle[x] = true;
                            }
                            let d = self.defs[node].def;
                            let span = d
                                .parents
                                .iter()
                                .find(|q| q.name == self.defs[p].def.name.name)
                                .map_or(d.name.span, |q| q.span);
                            let file = self.defs[node].file;
                            self.err(file, span, msg);
                        }
                        _ => {}
                    }
                } else {
                    stack.pop();
                    state[node] = 2;
                    if in_cycle[node] || self.parents[node].iter().any(|&p| in_cycle[p]) {
                        in_cycle[node] = true;
                        continue;
                    }
                    let mut out: Vec<usize> = Vec::new();
                    let stamp = node + 1;
                    let mut broken = false;
                    for &p in &self.parents[node] {
                        match &self.lin[p] {
                            Some(anc) => {
                                for &a in anc.iter().chain(std::iter::once(&p)) {
                                    if mark[a] != stamp {
                                        mark[a] = stamp;
                                        out.push(a);
                                    }
                                }
                            }
                            None => broken = true,
                        }
                    }
                    if !broken {
                        self.lin[node] = Some(out);
                    }
                }
            }
        }
    }

    fn resolve_type(&mut self, file: usize, ty: &ast::Ident) -> Option<TypeRef> {
        if let Some(&i) = self.type_idx.get(&ty.name) {
            return Some(TypeRef::Enum(i));
        }
        if let Some(b) = operand::from_name(&ty.name) {
            return Some(TypeRef::Builtin(b));
        }
        self.err_help(
            file,
            ty.span,
            format!("unknown type `{}`", ty.name),
            "types are bit-field types (__DefBitFieldType) or the built-in classes Reg, UReg, Pred, UPred, PModi, SignModi, CMem, F32Imm, UImmN, SImmN",
        );
        None
    }

    fn type_name(&self, t: TypeRef) -> String {
        match t {
            TypeRef::Enum(i) => self.types[i].name.clone(),
            TypeRef::Builtin(b) => operand::name(b),
        }
    }

    fn type_width(&self, t: TypeRef) -> u32 {
        match t {
            TypeRef::Enum(i) => self.types[i].width,
            TypeRef::Builtin(b) => operand::width(b),
        }
    }

    fn resolve_value(
        &mut self,
        file: usize,
        f: &ast::FieldDecl,
        ty: TypeRef,
        v: &ast::Value,
    ) -> Option<u64> {
        let n = match &v.kind {
            ValueKind::Int(n) => *n,
            ValueKind::Ident(s) => {
                let found = match ty {
                    TypeRef::Enum(i) => self.types[i].value_of(s),
                    TypeRef::Builtin(b) => operand::value_of(b, s),
                };
                match found {
                    Some(n) => n,
                    None => {
                        let tn = self.type_name(ty);
                        let help = match ty {
                            TypeRef::Enum(i) => {
                                let names: Vec<&str> = self.types[i]
                                    .values
                                    .iter()
                                    .map(|v| v.name.as_str())
                                    .take(12)
                                    .collect();
                                format!("values of `{tn}`: {}", names.join(", "))
                            }
                            TypeRef::Builtin(_) => format!("`{tn}` fields take a number here"),
                        };
                        self.err_help(
                            file,
                            v.span,
                            format!(
                                "`{s}` is not a value of type `{tn}` (field `{}`)",
                                f.name.name
                            ),
                            help,
                        );
                        return None;
                    }
                }
            }
        };
        let w = f.width;
        if w < 64 && n >> w != 0 {
            self.err(
                file,
                v.span,
                format!(
                    "value {n} does not fit in the {w}-bit field `{}`",
                    f.name.name
                ),
            );
            return None;
        }
        Some(n)
    }

    fn resolve_fields(&mut self) {
        for i in 0..self.defs.len() {
            let DefRef { file, def } = self.defs[i];
            let mut out = Vec::new();
            for f in &def.fields {
                out.push(self.resolve_field(file, def, f));
            }
            self.fields.push(out);
        }
    }

    fn resolve_field(&mut self, file: usize, def: &Def, f: &ast::FieldDecl) -> Option<Field> {
        let ty = self.resolve_type(file, &f.ty);
        let mut ok = true;
        let limit = u64::from(self.word_bits) * u64::from(self.dialect.max_words.max(1))
            + u64::from(self.dialect.control.map_or(0, |c| c.slot_bits));
        let total = f.width + f.high.map_or(0, |(_, w)| w);
        if let Some((hlo, hw)) = f.high {
            if hw == 0 || f.width == 0 || total > 64 || hlo.saturating_add(hw) > limit {
                self.err(
                    file,
                    f.span,
                    format!(
                        "the high part of field `{}` (bits {hlo}, width {hw}) must be 1 or more bits inside the {limit}-bit word, and both parts at most 64 bits",
                        f.name.name
                    ),
                );
                ok = false;
            }
        }
        if f.width == 0 || f.width > 64 {
            self.err(
                file,
                f.span,
                format!(
                    "field `{}` has width {}; widths go from 1 to 64 bits",
                    f.name.name, f.width
                ),
            );
            ok = false;
        } else if f.lo.saturating_add(f.width) > limit {
            self.err(
                file,
                f.span,
                format!(
                    "field `{}` (bits {}..{}) does not fit in the {}-bit word",
                    f.name.name,
                    f.lo,
                    f.lo.saturating_add(f.width) - 1,
                    limit
                ),
            );
            ok = false;
        }
        let ty = ty?;
        if ok {
            let tw = self.type_width(ty);
            if u64::from(tw) != total {
                let tn = self.type_name(ty);
                self.err(
                    file,
                    f.span,
                    format!(
                        "field `{}` is {} bits wide but type `{tn}` has {tw} bits",
                        f.name.name, total
                    ),
                );
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        let (fixed, default) = match &f.constraint {
            Constraint::None => (None, None),
            Constraint::Fixed(v) => (Some(self.resolve_value(file, f, ty, v)?), None),
            Constraint::Default(v) => (None, Some(self.resolve_value(file, f, ty, v)?)),
        };
        Some(Field {
            name: f.name.name.clone(),
            lo: f.lo as u32,
            width: total as u32,
            high: f.high.map(|(l, w)| (l as u32, w as u32)),
            ty,
            fixed,
            default,
            declared_in: def.name.name.clone(),
            span: f.span,
        })
    }

    fn build(&mut self, name: &str) -> Isa {
        let mut groups = Vec::new();
        let mut optypes: Vec<Optype> = Vec::new();
        let mut optype_of_def: HashMap<usize, usize> = HashMap::new();
        for i in 0..self.defs.len() {
            let DefRef { file, def } = self.defs[i];
            if def.kind != DefKind::Opcode {
                for s in &def.operand_info {
                    self.err_help(
                        file,
                        s.span,
                        format!(
                            "operand statements are only allowed in an opcode, not in {} `{}`",
                            def.kind.word(),
                            def.name.name
                        ),
                        "move them to each __DefOpcode, or write the section as prose",
                    );
                }
            }
            match def.kind {
                DefKind::Group => groups.push(Class {
                    name: def.name.name.clone(),
                    parents: def.parents.iter().map(|p| p.name.clone()).collect(),
                    fields: self.fields[i].iter().flatten().cloned().collect(),
                    docs: docs_of(&def.docs),
                    span: def.span,
                    file,
                }),
                DefKind::Optype => {
                    let group = self.parents[i]
                        .first()
                        .map(|&p| self.defs[p].def.name.name.clone())
                        .unwrap_or_default();
                    optype_of_def.insert(i, optypes.len());
                    optypes.push(Optype {
                        name: def.name.name.clone(),
                        group,
                        docs: docs_of(&def.docs),
                        modifiers: Vec::new(),
                        opcodes: Vec::new(),
                        span: def.span,
                        file,
                    });
                }
                DefKind::Opcode => {}
            }
        }

        let mut opcodes: Vec<Opcode> = Vec::new();
        let mut reported: HashSet<(usize, usize)> = HashSet::new();
        let mut reported_pairs: HashSet<((usize, usize), (usize, usize))> = HashSet::new();
        for i in 0..self.defs.len() {
            let DefRef { file, def } = self.defs[i];
            if def.kind != DefKind::Opcode {
                continue;
            }
            let Some(anc) = self.lin[i].clone() else {
                continue;
            };
            let ots: Vec<usize> = anc
                .iter()
                .copied()
                .filter(|&a| self.defs[a].def.kind == DefKind::Optype)
                .collect();
            let optype = match ots.as_slice() {
                [one] => optype_of_def.get(one).copied(),
                [] if self.bad_parents[i] || anc.iter().any(|&a| self.bad_parents[a]) => None,
                [] => {
                    self.err_help(
                        file,
                        def.name.span,
                        format!("opcode `{}` does not belong to an optype", def.name.name),
                        format!("write `__DefOpcode {} : [OPTYPE]`", def.name.name),
                    );
                    None
                }
                many => {
                    let names: Vec<&str> = many
                        .iter()
                        .map(|&a| self.defs[a].def.name.name.as_str())
                        .collect();
                    self.err(
                        file,
                        def.name.span,
                        format!(
                            "opcode `{}` descends from several optypes ({}); it must have exactly one",
                            def.name.name,
                            names.join(", ")
                        ),
                    );
                    None
                }
            };

            // Flatten fields, ancestors first.
            let mut fields: Vec<Field> = Vec::new();
            let mut origin: Vec<(usize, usize)> = Vec::new();
            for d in anc.iter().copied().chain(std::iter::once(i)) {
                let own = self.fields[d].clone();
                for (k, f) in own.iter().enumerate() {
                    let Some(f) = f else { continue };
                    if let Some(prev) = fields.iter().position(|g| g.name == f.name) {
                        if reported.insert((d, k)) {
                            let dfile = self.defs[d].file;
                            let from = &fields[prev].declared_in;
                            let msg = if *from == f.declared_in {
                                format!("field `{}` is declared twice in `{from}`", f.name)
                            } else {
                                format!("field `{}` is already inherited from `{from}`", f.name)
                            };
                            let at = self.place(self.defs[origin[prev].0].file, fields[prev].span);
                            self.err_help(dfile, f.span, msg, format!("first declared at {at}"));
                        }
                        continue;
                    }
                    fields.push(f.clone());
                    origin.push((d, k));
                }
            }
            // Overlaps.
            for b in 0..fields.len() {
                for a in 0..b {
                    let (fa, fb) = (&fields[a], &fields[b]);
                    if fa.mask() & fb.mask() != 0 && reported_pairs.insert((origin[a], origin[b])) {
                        let msg = format!(
                            "field `{}` ({}) overlaps field `{}` ({}) in opcode `{}`",
                            fb.name,
                            bits(fb.lo, fb.width),
                            fa.name,
                            bits(fa.lo, fa.width),
                            def.name.name
                        );
                        let at = self.place(self.defs[origin[a].0].file, fa.span);
                        let bfile = self.defs[origin[b].0].file;
                        self.err_help(
                            bfile,
                            fb.span,
                            msg,
                            format!("`{}` is declared at {at}", fa.name),
                        );
                    }
                }
            }
            let mut fixed_mask: Word = 0;
            let mut fixed_bits: Word = 0;
            for f in &fields {
                if let Some(v) = f.fixed {
                    fixed_mask |= f.mask();
                    fixed_bits = f.insert(fixed_bits, v);
                }
            }
            let (inputs, outputs, order, bitwidths) = self.operands(file, def, &fields);
            let Some(optype) = optype else { continue };
            let idx = opcodes.len();
            optypes[optype].opcodes.push(idx);
            opcodes.push(Opcode {
                name: def.name.name.clone(),
                optype,
                fields,
                inputs,
                outputs,
                order,
                bitwidths,
                docs: docs_of(&def.docs),
                fixed_mask,
                fixed_bits,
                span: def.span,
                file,
            });
        }

        // Optypes some opcode descends from (even one rejected above).
        let mut used: HashSet<usize> = HashSet::new();
        for (i, d) in self.defs.iter().enumerate() {
            if d.def.kind == DefKind::Opcode {
                used.extend(self.lin[i].iter().flatten().copied());
            }
        }
        for (oi, ot) in optypes.iter().enumerate() {
            let has_child = optype_of_def
                .iter()
                .any(|(d, &o)| o == oi && used.contains(d));
            if ot.opcodes.is_empty() && !has_child {
                self.diags.push(
                    Diagnostic::error(ot.span, format!("optype `{}` has no opcodes", ot.name))
                        .with_help("declare at least one `__DefOpcode NAME : [OPTYPE]`")
                        .in_file(ot.file),
                );
            }
        }
        for ot in optypes.iter_mut() {
            ot.modifiers = self.modifiers(ot, &opcodes);
        }
        self.check_ambiguity(&opcodes);

        Isa {
            name: name.to_string(),
            word_bits: self.word_bits,
            types: self.types.clone(),
            groups,
            optypes,
            opcodes,
            dialect: self.dialect,
            derived: Default::default(),
        }
    }

    /// Validates and collects an opcode's operand statements.
    #[allow(clippy::type_complexity)]
    fn operands(
        &mut self,
        file: usize,
        def: &Def,
        fields: &[Field],
    ) -> (Vec<String>, Vec<String>, Vec<String>, Vec<(String, Expr)>) {
        let mut lists: [Option<Vec<String>>; 3] = [None, None, None];
        let mut bitwidths: Vec<(String, Expr)> = Vec::new();
        if def.kind != DefKind::Opcode {
            return (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        }
        let has = |n: &str| fields.iter().any(|f| f.name == n);
        for s in &def.operand_info {
            match &s.kind {
                OperandKind::InList(names)
                | OperandKind::OutList(names)
                | OperandKind::Order(names) => {
                    let (slot, kw) = match &s.kind {
                        OperandKind::InList(_) => (0, "InList"),
                        OperandKind::OutList(_) => (1, "OutList"),
                        _ => (2, "Order"),
                    };
                    if lists[slot].is_some() {
                        self.err(
                            file,
                            s.span,
                            format!("`{kw}` is given twice in opcode `{}`", def.name.name),
                        );
                        continue;
                    }
                    let mut out: Vec<String> = Vec::new();
                    for n in names {
                        if !has(&n.name) {
                            self.err(
                                file,
                                n.span,
                                format!(
                                    "`{}` in `{kw}` is not a field of opcode `{}`",
                                    n.name, def.name.name
                                ),
                            );
                        } else if out.contains(&n.name) {
                            self.err(
                                file,
                                n.span,
                                format!("`{}` is listed twice in `{kw}`", n.name),
                            );
                        } else {
                            out.push(n.name.clone());
                        }
                    }
                    lists[slot] = Some(out);
                }
                OperandKind::Bitwidth(n, e) => {
                    if !has(&n.name) {
                        self.err(
                            file,
                            n.span,
                            format!(
                                "`{}` in `Bitwidth` is not a field of opcode `{}`",
                                n.name, def.name.name
                            ),
                        );
                        continue;
                    }
                    if bitwidths.iter().any(|(b, _)| *b == n.name) {
                        self.err(
                            file,
                            n.span,
                            format!("`Bitwidth<{}>` is given twice", n.name),
                        );
                        continue;
                    }
                    let mut ok = true;
                    for (f, v) in e.comparisons() {
                        match fields.iter().find(|g| g.name == f.name) {
                            None => {
                                self.err(
                                    file,
                                    f.span,
                                    format!(
                                        "`{}` is not a field of opcode `{}`",
                                        f.name, def.name.name
                                    ),
                                );
                                ok = false;
                            }
                            Some(g) => match g.ty {
                                TypeRef::Enum(t) => {
                                    if self.types[t].value_of(&v.name).is_none() {
                                        self.err(
                                            file,
                                            v.span,
                                            format!(
                                                "`{}` is not a value of type `{}`",
                                                v.name, self.types[t].name
                                            ),
                                        );
                                        ok = false;
                                    }
                                }
                                TypeRef::Builtin(_) => {
                                    self.err(
                                        file,
                                        f.span,
                                        format!("`{}` is not an enum field; only enum fields can be compared with a value", f.name),
                                    );
                                    ok = false;
                                }
                            },
                        }
                    }
                    if ok {
                        bitwidths.push((n.name.clone(), e.to_model()));
                    }
                }
            }
        }
        let [i, o, r] = lists;
        (
            i.unwrap_or_default(),
            o.unwrap_or_default(),
            r.unwrap_or_default(),
            bitwidths,
        )
    }

    /// Modifier slots of an optype: those named by the first line of its
    /// `__Syntax` code block, then every other modifier field in field order.
    fn modifiers(&mut self, ot: &Optype, opcodes: &[Opcode]) -> Vec<ModifierSlot> {
        let mut slots: Vec<ModifierSlot> = Vec::new();
        let ops: Vec<&Opcode> = ot.opcodes.iter().filter_map(|&i| opcodes.get(i)).collect();
        if let Some((named, file)) = self.syntax_modifiers(ot) {
            for (m, optional, span) in named {
                if slots.iter().any(|s| s.field == m) {
                    self.err(file, span, format!("modifier `.{m}` is named twice"));
                    continue;
                }
                for op in &ops {
                    let msg = match op.field(&m) {
                        None => Some(format!("modifier `.{m}` of `{}` is not a field of opcode `{}`", ot.name, op.name)),
                        Some(f) if !matches!(f.ty, TypeRef::Enum(_)) => Some(format!(
                            "modifier `.{m}` of `{}` is not an enum field in opcode `{}`",
                            ot.name, op.name
                        )),
                        Some(f) if f.fixed.is_some() => Some(format!(
                            "modifier `.{m}` of `{}` is fixed (`==`) in opcode `{}`",
                            ot.name, op.name
                        )),
                        Some(f) if optional && f.default.is_none() => Some(format!(
                            "optional modifier `{{.{m}}}` of `{}` has no default value in opcode `{}`",
                            ot.name, op.name
                        )),
                        Some(_) => None,
                    };
                    if let Some(msg) = msg {
                        self.err(file, span, msg);
                        break;
                    }
                }
                slots.push(ModifierSlot { field: m, optional });
            }
        }
        for op in &ops {
            for f in &op.fields {
                let is_mod = matches!(f.ty, TypeRef::Enum(_))
                    && f.fixed.is_none()
                    && !op.order.contains(&f.name)
                    && !f.name.ends_with(".not")
                    && !f.name.ends_with(".bitnot");
                if is_mod && !slots.iter().any(|s| s.field == f.name) {
                    slots.push(ModifierSlot {
                        field: f.name.clone(),
                        optional: f.default.is_some(),
                    });
                }
            }
        }
        slots
    }

    /// Reads `MNEMONIC{.a}.b ...` from the optype's `__Syntax` section:
    /// the modifier names, whether each is in braces, and their spans.
    #[allow(clippy::type_complexity)]
    fn syntax_modifiers(&mut self, ot: &Optype) -> Option<(Vec<(String, bool, Span)>, usize)> {
        let DefRef { file, def } = self.defs[*self.def_idx.get(ot.name.as_str())?];
        let sec = def.docs.iter().find(|s| s.name == "Syntax")?;
        let text = sec.text.as_str();
        // Lines with their offsets in the file.
        let mut lines = Vec::new();
        let mut off = sec.text_span.start;
        for l in text.split('\n') {
            lines.push((l.trim_end_matches('\r'), off));
            off += l.len() + 1;
        }
        let fence = lines
            .iter()
            .position(|(l, _)| l.trim_start().starts_with("```"));
        let start = fence.map_or(0, |f| f + 1);
        let &(line, loff) = lines[start.min(lines.len())..]
            .iter()
            .find(|(l, _)| !l.trim().is_empty())?;
        let lead = line.len() - line.trim_start().len();
        let head = line.split_whitespace().next()?;
        let head_off = loff + lead;
        let mnem_len = head.find(['.', '{']).unwrap_or(head.len());
        let mnem = &head[..mnem_len];
        if mnem != ot.name {
            self.err(
                file,
                Span::new(head_off, head_off + mnem_len),
                format!("the `__Syntax` line of `{}` starts with `{mnem}`", ot.name),
            );
            return None;
        }
        let mut out = Vec::new();
        let b = head.as_bytes();
        let mut i = mnem_len;
        while i < b.len() {
            let braced = b[i] == b'{';
            let s = i;
            if braced {
                i += 1;
            }
            if b.get(i) != Some(&b'.') {
                self.err(
                    file,
                    Span::new(head_off + s, head_off + head.len()),
                    format!("cannot read the modifiers of `{}` in `{head}`", ot.name),
                );
                return None;
            }
            i += 1;
            let ns = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let name = &head[ns..i];
            if name.is_empty() || (braced && b.get(i) != Some(&b'}')) {
                self.err(
                    file,
                    Span::new(head_off + s, head_off + head.len()),
                    format!("cannot read the modifiers of `{}` in `{head}`", ot.name),
                );
                return None;
            }
            if braced {
                i += 1;
            }
            out.push((
                name.to_string(),
                braced,
                Span::new(head_off + s, head_off + i),
            ));
        }
        Some((out, file))
    }

    /// No two opcodes may both match one word.
    fn check_ambiguity(&mut self, opcodes: &[Opcode]) {
        for j in 0..opcodes.len() {
            for i in 0..j {
                let (a, b) = (&opcodes[i], &opcodes[j]);
                let common = a.fixed_mask & b.fixed_mask;
                if (a.fixed_bits ^ b.fixed_bits) & common == 0 {
                    let at = self.place(a.file, a.span);
                    self.err_help(
                        b.file,
                        b.span,
                        format!(
                            "opcode `{}` cannot be told apart from `{}`: their fixed (`==`) fields can match the same word",
                            b.name, a.name
                        ),
                        format!("`{}` is declared at {at}; give them different fixed values (e.g. another `stype`)", a.name),
                    );
                }
            }
        }
    }
}

fn article(k: DefKind) -> &'static str {
    match k {
        DefKind::Optype | DefKind::Opcode => "an",
        DefKind::Group => "a",
    }
}
