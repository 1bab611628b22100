//! A compact binary form of a loaded [`Isa`], so that a program can carry
//! its ISAs already read and validated and open them without the
//! description reader.
//!
//! The bundled descriptions are read when warpscope is built (core's build
//! script runs [`crate::spec::load_with`] on `core/isa/**` and writes each
//! model with [`write()`]); [`crate::isas`] opens them with [`read()`], which
//! only copies numbers and strings back into the model. A browser tab
//! therefore does no description parsing at start-up.
//!
//! Layout: the magic `WSI2`, a string table (every distinct string once),
//! then the model in declaration order. Numbers are unsigned LEB128
//! varints (signed ones zigzag-encoded first, 128-bit ones as two halves);
//! strings are indices into the table; lists are a count then the items.
//!
//! ```
//! use warpscope_core::spec::{compact, load};
//! let src = "__DefBitFieldType Optype<4>\n    NOP;\n    MOV;\n";
//! let isa = load("mini", 32, &[("mini.isa", src)]).unwrap();
//! let bytes = compact::write(&isa);
//! let back = compact::read(&bytes).unwrap();
//! assert_eq!(back.types[0].value_of("MOV"), Some(1));
//! assert_eq!(compact::write(&back), bytes);
//! assert!(compact::read(&bytes[..bytes.len() - 1]).is_none());
//! ```

use super::model::*;
use crate::diag::Span;
use std::collections::HashMap;

const MAGIC: &[u8; 4] = b"WSI2";

/// The compact form of `isa`: every string it holds (documentation
/// mostly) is written out, so the form stands alone; a program that opens
/// it need not carry the description texts at all (the browser bundle
/// does not).
pub fn write(isa: &Isa) -> Vec<u8> {
    let mut w = Writer::default();
    w.isa(isa);
    w.finish(MAGIC.to_vec())
}

/// The model written by [`write()`], or `None` if `bytes` is not a whole,
/// well-formed compact description.
pub fn read(bytes: &[u8]) -> Option<Isa> {
    let mut r = Reader::open(bytes.strip_prefix(MAGIC)?)?;
    let isa = r.isa()?;
    r.b.is_empty().then_some(isa)
}

/// Documentation sections that a lean form keeps ([`write_split`]): the
/// ones the engine itself reads (the assembler quotes `Syntax` in its
/// messages).
pub const KEPT_SECTIONS: &[&str] = &["Syntax"];

const DOCS_MAGIC: &[u8; 4] = b"WSD1";

/// The compact form of `isa` in two parts: the lean form, which
/// [`read()`] opens, with every documentation section but the
/// [`KEPT_SECTIONS`] left out, and without the places of declarations
/// (spans, files, the class that declares a field), which only the
/// description reader's own messages use; and the documentation with those
/// places, which [`read_docs`] puts back. A program can then carry the lean form and
/// fetch the documentation when it is first shown (the playground does,
/// for its reference pane: most of a description's text is prose).
///
/// The documentation part names the lean form it belongs to by a digest
/// ([`digest`]), so that a pair from two different builds is refused.
///
/// ```
/// use warpscope_core::{isas, spec::compact};
/// let (lean, docs) = compact::write_split(isas::w128());
/// let bare = compact::read(&lean).unwrap();
/// let mov = bare.optype("MOV").unwrap();
/// assert_eq!(mov.docs.get("Description"), None);
/// assert!(mov.docs.get("Syntax").is_some());
/// // Where MOV is declared is part of the documentation too.
/// assert_eq!((mov.span.end, mov.file), (0, 0));
/// assert!(bare.opcodes.iter().flat_map(|o| &o.fields).all(|f| f.declared_in.is_empty()));
/// let whole = compact::read_docs(&bare, compact::digest(&lean), &docs).unwrap();
/// assert_eq!(compact::write(&whole), compact::write(isas::w128()));
/// // A documentation part is refused for another lean form, or damaged.
/// assert!(compact::read_docs(&bare, 1, &docs).is_none());
/// assert!(compact::read_docs(&bare, compact::digest(&lean), &docs[..docs.len() - 1]).is_none());
/// ```
pub fn write_split(isa: &Isa) -> (Vec<u8>, Vec<u8>) {
    let mut lean = isa.clone();
    let mut w = Writer::default();
    each_docs(&mut lean, |d| {
        w.docs(d);
        d.sections
            .retain(|(name, _)| KEPT_SECTIONS.contains(&name.as_str()));
    });
    each_place(&mut lean, |span, file, declared_in| {
        w.span(*span, *file);
        (*span, *file) = (Span::default(), 0);
        if let Some(d) = declared_in {
            w.str(d);
            d.clear();
        }
    });
    let lean = write(&lean);
    let mut head = DOCS_MAGIC.to_vec();
    head.extend_from_slice(&digest(&lean).to_le_bytes());
    let docs = w.finish(head);
    (lean, docs)
}

/// A copy of `lean` (opened from a lean form whose [`digest`] is `key`)
/// with the documentation part written by [`write_split`] put back; `None`
/// if `docs` is damaged or belongs to another lean form.
pub fn read_docs(lean: &Isa, key: u64, docs: &[u8]) -> Option<Isa> {
    let rest = docs.strip_prefix(DOCS_MAGIC)?;
    let (stamp, rest) = rest.split_first_chunk::<8>()?;
    if u64::from_le_bytes(*stamp) != key {
        return None;
    }
    let mut r = Reader::open(rest)?;
    let mut isa = lean.clone();
    let mut ok = true;
    each_docs(&mut isa, |d| match r.docs() {
        Some(read) if ok => *d = read,
        _ => ok = false,
    });
    each_place(&mut isa, |span, file, declared_in| {
        match r.span() {
            Some(place) if ok => (*span, *file) = place,
            _ => ok = false,
        }
        if let Some(d) = declared_in {
            match r.str() {
                Some(name) if ok => *d = name,
                _ => ok = false,
            }
        }
    });
    (ok && r.b.is_empty()).then_some(isa)
}

/// A 64-bit digest of a compact form (FNV-1a), which names it in its
/// documentation part.
pub fn digest(bytes: &[u8]) -> u64 {
    crate::digest::fnv1a(bytes)
}

/// Calls `f` on where each item of `isa` is declared (its span, its
/// file, and for a field the class that declares it), in declaration
/// order. Only the description reader's messages use these; a lean form
/// leaves them to the documentation part. Fields have no file of their
/// own (`f` gets a 0 for it).
fn each_place(isa: &mut Isa, mut f: impl FnMut(&mut Span, &mut usize, Option<&mut String>)) {
    type Place<'a> = dyn FnMut(&mut Span, &mut usize, Option<&mut String>) + 'a;
    fn fields(v: &mut [Field], f: &mut Place) {
        for x in v {
            f(&mut x.span, &mut 0, Some(&mut x.declared_in));
        }
    }
    for t in &mut isa.types {
        f(&mut t.span, &mut t.file, None);
    }
    for g in &mut isa.groups {
        f(&mut g.span, &mut g.file, None);
        fields(&mut g.fields, &mut f);
    }
    for o in &mut isa.optypes {
        f(&mut o.span, &mut o.file, None);
    }
    for o in &mut isa.opcodes {
        f(&mut o.span, &mut o.file, None);
        fields(&mut o.fields, &mut f);
    }
}

/// Calls `f` on every documentation block of `isa`, in declaration order
/// (types, groups, optypes, opcodes).
fn each_docs(isa: &mut Isa, f: impl FnMut(&mut Docs)) {
    let types = isa.types.iter_mut().map(|t| &mut t.docs);
    let groups = isa.groups.iter_mut().map(|g| &mut g.docs);
    let optypes = isa.optypes.iter_mut().map(|o| &mut o.docs);
    let opcodes = isa.opcodes.iter_mut().map(|o| &mut o.docs);
    types
        .chain(groups)
        .chain(optypes)
        .chain(opcodes)
        .for_each(f);
}

fn put(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

#[derive(Default)]
struct Writer {
    body: Vec<u8>,
    strings: Vec<String>,
    index: HashMap<String, u64>,
}

impl Writer {
    /// `head`, then the string table, then the body.
    fn finish(self, mut out: Vec<u8>) -> Vec<u8> {
        put(&mut out, self.strings.len() as u64);
        for s in &self.strings {
            put(&mut out, s.len() as u64);
            out.extend_from_slice(s.as_bytes());
        }
        out.extend_from_slice(&self.body);
        out
    }
    fn num(&mut self, v: u64) {
        put(&mut self.body, v);
    }
    fn int(&mut self, v: i64) {
        self.num(((v << 1) ^ (v >> 63)) as u64);
    }
    fn wide(&mut self, v: Word) {
        self.num(v as u64);
        self.num((v >> 64) as u64);
    }
    fn opt(&mut self, v: Option<u64>) {
        match v {
            Some(v) => {
                self.num(1);
                self.num(v);
            }
            None => self.num(0),
        }
    }
    fn str(&mut self, s: &str) {
        let next = self.strings.len() as u64;
        let i = *self.index.entry(s.to_string()).or_insert(next);
        if i == next {
            self.strings.push(s.to_string());
        }
        self.num(i);
    }
    fn strs(&mut self, v: &[String]) {
        self.num(v.len() as u64);
        for s in v {
            self.str(s);
        }
    }
    fn span(&mut self, s: Span, file: usize) {
        self.num(s.start as u64);
        self.num(s.end as u64);
        self.num(file as u64);
    }
    fn docs(&mut self, d: &Docs) {
        self.num(d.sections.len() as u64);
        for (name, text) in &d.sections {
            self.str(name);
            self.str(text);
        }
    }
    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::Int(v) => {
                self.num(0);
                self.int(*v);
            }
            Expr::Eq(a, b) => {
                self.num(1);
                self.str(a);
                self.str(b);
            }
            Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) => {
                self.num(match e {
                    Expr::Add(..) => 2,
                    Expr::Sub(..) => 3,
                    _ => 4,
                });
                self.expr(a);
                self.expr(b);
            }
        }
    }
    fn field(&mut self, f: &Field) {
        self.str(&f.name);
        self.num(f.lo.into());
        self.num(f.width.into());
        self.opt(f.high.map(|(lo, w)| u64::from(lo) << 32 | u64::from(w)));
        let (tag, arg) = match f.ty {
            TypeRef::Enum(i) => (0, i as u64),
            TypeRef::Builtin(b) => builtin_code(b),
        };
        self.num(tag);
        self.num(arg);
        self.opt(f.fixed);
        self.opt(f.default);
        self.str(&f.declared_in);
        self.span(f.span, 0);
    }
    fn fields(&mut self, v: &[Field]) {
        self.num(v.len() as u64);
        for f in v {
            self.field(f);
        }
    }
    fn isa(&mut self, isa: &Isa) {
        self.str(&isa.name);
        self.num(isa.word_bits.into());
        let d = isa.dialect;
        self.num(d.syntax as u64);
        self.num(d.max_words.into());
        match d.control {
            Some(c) => {
                self.num(1);
                self.num(c.per_word.into());
                self.num(c.slot_bits.into());
                self.num(c.empty_slot);
            }
            None => self.num(0),
        }
        self.num(d.machine as u64);
        self.num(isa.types.len() as u64);
        for t in &isa.types {
            self.str(&t.name);
            self.num(t.width.into());
            self.num(t.values.len() as u64);
            for v in &t.values {
                self.str(&v.name);
                self.num(v.value);
                match &v.doc {
                    Some(doc) => {
                        self.num(1);
                        self.str(doc);
                    }
                    None => self.num(0),
                }
            }
            self.docs(&t.docs);
            self.span(t.span, t.file);
        }
        self.num(isa.groups.len() as u64);
        for g in &isa.groups {
            self.str(&g.name);
            self.strs(&g.parents);
            self.fields(&g.fields);
            self.docs(&g.docs);
            self.span(g.span, g.file);
        }
        self.num(isa.optypes.len() as u64);
        for o in &isa.optypes {
            self.str(&o.name);
            self.str(&o.group);
            self.docs(&o.docs);
            self.num(o.modifiers.len() as u64);
            for m in &o.modifiers {
                self.str(&m.field);
                self.num(m.optional.into());
            }
            self.num(o.opcodes.len() as u64);
            for &i in &o.opcodes {
                self.num(i as u64);
            }
            self.span(o.span, o.file);
        }
        self.num(isa.opcodes.len() as u64);
        for op in &isa.opcodes {
            self.str(&op.name);
            self.num(op.optype as u64);
            self.fields(&op.fields);
            self.strs(&op.inputs);
            self.strs(&op.outputs);
            self.strs(&op.order);
            self.num(op.bitwidths.len() as u64);
            for (name, e) in &op.bitwidths {
                self.str(name);
                self.expr(e);
            }
            self.docs(&op.docs);
            self.wide(op.fixed_mask);
            self.wide(op.fixed_bits);
            self.span(op.span, op.file);
        }
    }
}

/// `(tag, argument)` of a built-in operand class; tag 0 is an enum type.
fn builtin_code(b: Builtin) -> (u64, u64) {
    match b {
        Builtin::Reg => (1, 0),
        Builtin::UReg => (2, 0),
        Builtin::Pred => (3, 0),
        Builtin::UPred => (4, 0),
        Builtin::PModi => (5, 0),
        Builtin::SignModi => (6, 0),
        Builtin::UImm(w) => (7, w.into()),
        Builtin::SImm(w) => (8, w.into()),
        Builtin::F32Imm => (9, 0),
        Builtin::CMem => (10, 0),
        Builtin::CBank => (11, 0),
        Builtin::SGpr => (12, 0),
        Builtin::HwReg => (13, 0),
    }
}

struct Reader<'a> {
    b: &'a [u8],
    strings: Vec<&'a str>,
}

impl<'a> Reader<'a> {
    /// A reader of `b` after its string table, which it has read.
    fn open(b: &'a [u8]) -> Option<Self> {
        let mut r = Reader {
            b,
            strings: Vec::new(),
        };
        let n = r.num()?;
        for _ in 0..n {
            let len = r.index()?;
            let s = std::str::from_utf8(r.take(len as u64)?).ok()?;
            r.strings.push(s);
        }
        Some(r)
    }
    fn take(&mut self, n: u64) -> Option<&'a [u8]> {
        let n = usize::try_from(n).ok()?;
        if n > self.b.len() {
            return None;
        }
        let (head, rest) = self.b.split_at(n);
        self.b = rest;
        Some(head)
    }
    fn num(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let (&byte, rest) = self.b.split_first()?;
            self.b = rest;
            v |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }
    fn small(&mut self) -> Option<u32> {
        u32::try_from(self.num()?).ok()
    }
    fn index(&mut self) -> Option<usize> {
        usize::try_from(self.num()?).ok()
    }
    fn flag(&mut self) -> Option<bool> {
        match self.num()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
    fn int(&mut self) -> Option<i64> {
        let v = self.num()?;
        Some((v >> 1) as i64 ^ -((v & 1) as i64))
    }
    fn wide(&mut self) -> Option<Word> {
        let lo = self.num()?;
        Some(Word::from(lo) | Word::from(self.num()?) << 64)
    }
    fn opt(&mut self) -> Option<Option<u64>> {
        Some(if self.flag()? {
            Some(self.num()?)
        } else {
            None
        })
    }
    fn str(&mut self) -> Option<String> {
        let i = self.index()?;
        self.strings.get(i).map(|s| s.to_string())
    }
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let n = self.index()?;
        // every item takes at least one byte: a bad count cannot allocate
        if n > self.b.len() {
            return None;
        }
        (0..n).map(|_| item(self)).collect()
    }
    fn strs(&mut self) -> Option<Vec<String>> {
        self.list(Self::str)
    }
    fn span(&mut self) -> Option<(Span, usize)> {
        let start = self.index()?;
        let end = self.index()?;
        Some((Span { start, end }, self.index()?))
    }
    fn docs(&mut self) -> Option<Docs> {
        let sections = self.list(|r| Some((r.str()?, r.str()?)))?;
        Some(Docs { sections })
    }
    fn expr(&mut self) -> Option<Expr> {
        Some(match self.num()? {
            0 => Expr::Int(self.int()?),
            1 => Expr::Eq(self.str()?, self.str()?),
            tag @ 2..=4 => {
                let a = Box::new(self.expr()?);
                let b = Box::new(self.expr()?);
                match tag {
                    2 => Expr::Add(a, b),
                    3 => Expr::Sub(a, b),
                    _ => Expr::Mul(a, b),
                }
            }
            _ => return None,
        })
    }
    fn ty(&mut self) -> Option<TypeRef> {
        let tag = self.num()?;
        let arg = self.num()?;
        let w = u32::try_from(arg).ok()?;
        Some(match tag {
            0 => TypeRef::Enum(usize::try_from(arg).ok()?),
            1 => TypeRef::Builtin(Builtin::Reg),
            2 => TypeRef::Builtin(Builtin::UReg),
            3 => TypeRef::Builtin(Builtin::Pred),
            4 => TypeRef::Builtin(Builtin::UPred),
            5 => TypeRef::Builtin(Builtin::PModi),
            6 => TypeRef::Builtin(Builtin::SignModi),
            7 => TypeRef::Builtin(Builtin::UImm(w)),
            8 => TypeRef::Builtin(Builtin::SImm(w)),
            9 => TypeRef::Builtin(Builtin::F32Imm),
            10 => TypeRef::Builtin(Builtin::CMem),
            11 => TypeRef::Builtin(Builtin::CBank),
            12 => TypeRef::Builtin(Builtin::SGpr),
            13 => TypeRef::Builtin(Builtin::HwReg),
            _ => return None,
        })
    }
    fn field(&mut self) -> Option<Field> {
        // fields are evaluated in the order written: the order of `write`
        Some(Field {
            name: self.str()?,
            lo: self.small()?,
            width: self.small()?,
            high: self.opt()?.map(|v| ((v >> 32) as u32, v as u32)),
            ty: self.ty()?,
            fixed: self.opt()?,
            default: self.opt()?,
            declared_in: self.str()?,
            span: self.span()?.0,
        })
    }
    fn fields(&mut self) -> Option<Vec<Field>> {
        self.list(Self::field)
    }
    fn dialect(&mut self) -> Option<Dialect> {
        let syntax = match self.num()? {
            0 => Syntax::Sass,
            1 => Syntax::Amdgpu,
            _ => return None,
        };
        let max_words = self.small()?;
        let control = if self.flag()? {
            Some(ControlLayout {
                per_word: self.small()?,
                slot_bits: self.small()?,
                empty_slot: self.num()?,
            })
        } else {
            None
        };
        let machine = match self.num()? {
            0 => Machine::Warp,
            1 => Machine::Maxwell,
            2 => Machine::ScalarWave,
            _ => return None,
        };
        Some(Dialect {
            syntax,
            max_words,
            control,
            machine,
        })
    }
    fn enum_type(&mut self) -> Option<EnumType> {
        let mut t = EnumType {
            name: self.str()?,
            width: self.small()?,
            values: self.list(|r| {
                Some(EnumValue {
                    name: r.str()?,
                    value: r.num()?,
                    doc: if r.flag()? { Some(r.str()?) } else { None },
                })
            })?,
            docs: self.docs()?,
            span: Span::default(),
            file: 0,
        };
        (t.span, t.file) = self.span()?;
        Some(t)
    }
    fn class(&mut self) -> Option<Class> {
        let mut c = Class {
            name: self.str()?,
            parents: self.strs()?,
            fields: self.fields()?,
            docs: self.docs()?,
            span: Span::default(),
            file: 0,
        };
        (c.span, c.file) = self.span()?;
        Some(c)
    }
    fn optype(&mut self) -> Option<Optype> {
        let mut o = Optype {
            name: self.str()?,
            group: self.str()?,
            docs: self.docs()?,
            modifiers: self.list(|r| {
                Some(ModifierSlot {
                    field: r.str()?,
                    optional: r.flag()?,
                })
            })?,
            opcodes: self.list(Self::index)?,
            span: Span::default(),
            file: 0,
        };
        (o.span, o.file) = self.span()?;
        Some(o)
    }
    fn opcode(&mut self) -> Option<Opcode> {
        let mut op = Opcode {
            name: self.str()?,
            optype: self.index()?,
            fields: self.fields()?,
            inputs: self.strs()?,
            outputs: self.strs()?,
            order: self.strs()?,
            bitwidths: self.list(|r| Some((r.str()?, r.expr()?)))?,
            docs: self.docs()?,
            fixed_mask: self.wide()?,
            fixed_bits: self.wide()?,
            span: Span::default(),
            file: 0,
        };
        (op.span, op.file) = self.span()?;
        Some(op)
    }
    fn isa(&mut self) -> Option<Isa> {
        Some(Isa {
            name: self.str()?,
            word_bits: self.small()?,
            dialect: self.dialect()?,
            types: self.list(Self::enum_type)?,
            groups: self.list(Self::class)?,
            optypes: self.list(Self::optype)?,
            opcodes: self.list(Self::opcode)?,
            derived: Default::default(),
        })
    }
}
