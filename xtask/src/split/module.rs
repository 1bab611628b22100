//! A wasm module read enough to rewrite it, and the pieces [`super::split`]
//! and [`super::instrument`] rewrite it with: function indices renumbered,
//! one more import, the export, start and element sections shifted, and
//! what a body refers to.

use super::HOST_MODULE;
use std::collections::{BTreeSet, HashMap};
use wasm_encoder as we;
use wasm_encoder::reencode::{Error as ReError, Reencode, RoundtripReencoder};
use wasmparser as wp;

/// A module read enough to rewrite it.
pub(super) struct Module<'a> {
    /// Every section in order: id and contents.
    pub(super) sections: Vec<(u8, &'a [u8])>,
    pub(super) types: Vec<wp::FuncType>,
    pub(super) imports: Vec<wp::Import<'a>>,
    pub(super) func_imports: u32,
    /// Type of each function, imported ones first.
    pub(super) func_types: Vec<u32>,
    pub(super) tables: Vec<wp::TableType>,
    pub(super) memories: Vec<wp::MemoryType>,
    pub(super) globals: Vec<wp::GlobalType>,
    /// Defined tables, globals (with their initialisers).
    pub(super) defined_tables: Vec<wp::Table<'a>>,
    pub(super) defined_globals: Vec<wp::Global<'a>>,
    pub(super) exports: Vec<wp::Export<'a>>,
    pub(super) start: Option<u32>,
    pub(super) elements: Vec<wp::Element<'a>>,
    pub(super) bodies: Vec<wp::FunctionBody<'a>>,
    /// Function names from the name section.
    pub(super) names: HashMap<u32, String>,
}

pub(super) fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Every item of a section.
pub(super) fn all<'a, T: wp::FromReader<'a>>(
    r: wp::SectionLimited<'a, T>,
) -> Result<Vec<T>, String> {
    r.into_iter().collect::<Result<_, _>>().map_err(err)
}

pub(super) fn read(wasm: &[u8]) -> Result<Module<'_>, String> {
    let mut m = Module {
        sections: Vec::new(),
        types: Vec::new(),
        imports: Vec::new(),
        func_imports: 0,
        func_types: Vec::new(),
        tables: Vec::new(),
        memories: Vec::new(),
        globals: Vec::new(),
        defined_tables: Vec::new(),
        defined_globals: Vec::new(),
        exports: Vec::new(),
        start: None,
        elements: Vec::new(),
        bodies: Vec::new(),
        names: HashMap::new(),
    };
    let mut features = wp::WasmFeatures::default();
    features.insert(wp::WasmFeatures::all());
    wp::Validator::new_with_features(features)
        .validate_all(wasm)
        .map_err(|e| format!("the wasm does not validate: {e}"))?;
    for payload in wp::Parser::new(0).parse_all(wasm) {
        use wp::Payload as P;
        let payload = payload.map_err(err)?;
        if let Some((id, range)) = payload.as_section() {
            m.sections.push((id, &wasm[range]));
        }
        match payload {
            P::TypeSection(r) => {
                for ty in r.into_iter_err_on_gc_types() {
                    m.types.push(ty.map_err(err)?);
                }
            }
            P::ImportSection(r) => {
                for import in r.into_imports() {
                    let import = import.map_err(err)?;
                    match import.ty {
                        wp::TypeRef::Func(t) => {
                            m.func_imports += 1;
                            m.func_types.push(t);
                        }
                        wp::TypeRef::Table(t) => m.tables.push(t),
                        wp::TypeRef::Memory(t) => m.memories.push(t),
                        wp::TypeRef::Global(t) => m.globals.push(t),
                        _ => return Err("an import of an unexpected kind".into()),
                    }
                    m.imports.push(import);
                }
            }
            P::FunctionSection(r) => m.func_types.extend(all(r)?),
            P::TableSection(r) => {
                for t in all(r)? {
                    m.tables.push(t.ty);
                    m.defined_tables.push(t);
                }
            }
            P::MemorySection(r) => m.memories.extend(all(r)?),
            P::GlobalSection(r) => {
                for g in all(r)? {
                    m.globals.push(g.ty);
                    m.defined_globals.push(g);
                }
            }
            P::ExportSection(r) => m.exports = all(r)?,
            P::StartSection { func, .. } => m.start = Some(func),
            P::ElementSection(r) => m.elements = all(r)?,
            P::CodeSectionEntry(body) => m.bodies.push(body),
            P::CustomSection(c) => {
                if let wp::KnownCustom::Name(names) = c.as_known() {
                    for name in names {
                        if let wp::Name::Function(map) = name.map_err(err)? {
                            for n in map {
                                let n = n.map_err(err)?;
                                m.names.insert(n.index, n.name.to_string());
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if m.memories.len() != 1 {
        return Err("the wasm does not have exactly one memory".into());
    }
    Ok(m)
}

impl Module<'_> {
    pub(super) fn defined(&self, f: u32) -> Option<usize> {
        f.checked_sub(self.func_imports).map(|i| i as usize)
    }

    /// A type index of `params -> results`, if the module has one.
    pub(super) fn find_type(&self, params: &[wp::ValType], results: &[wp::ValType]) -> Option<u32> {
        self.types
            .iter()
            .position(|t| t.params() == params && t.results() == results)
            .map(|i| i as u32)
    }

    pub(super) fn sig(&self, f: u32) -> &wp::FuncType {
        &self.types[self.func_types[f as usize] as usize]
    }

    /// Rewrites every section through `hooks`, in order; the hooks write
    /// the sections they change and return false for the ones copied.
    pub(super) fn rewrite(
        &self,
        mut hook: impl FnMut(u8, &mut we::Module) -> Result<bool, String>,
    ) -> Result<Vec<u8>, String> {
        let mut out = we::Module::new();
        for &(id, data) in &self.sections {
            if id == 0 {
                continue; // custom sections (names, producers) are dropped
            }
            if !hook(id, &mut out)? {
                out.section(&we::RawSection { id, data });
            }
        }
        Ok(out.finish())
    }
}

pub(super) fn re<E: std::fmt::Display>(e: ReError<E>) -> String {
    match e {
        ReError::UserError(e) => e.to_string(),
        other => format!("{other}"),
    }
}

/// The import section with one more function import, `s.<field>` of type
/// `ty`, after the others.
pub(super) fn imports_plus(m: &Module, field: &str, ty: u32) -> Result<we::ImportSection, String> {
    let mut out = we::ImportSection::new();
    let mut rt = RoundtripReencoder;
    for i in &m.imports {
        out.import(i.module, i.name, rt.entity_type(i.ty).map_err(re)?);
    }
    out.import(HOST_MODULE, field, we::EntityType::Function(ty));
    Ok(out)
}

/// The export (with `more` exports), start or element section, `id` 7 to 9,
/// with function indices moved by `shift`; false for another section.
pub(super) fn shifted(
    m: &Module,
    id: u8,
    shift: &mut impl Reencode<Error = String>,
    more: &[(String, we::ExportKind, u32)],
    out: &mut we::Module,
) -> Result<bool, String> {
    match id {
        7 => {
            out.section(&exports_shifted(m, shift, more)?);
        }
        8 => {
            let start = m.start.ok_or("a start section without a start")?;
            out.section(&we::StartSection {
                function_index: shift.function_index(start).map_err(re)?,
            });
        }
        9 => {
            out.section(&elements_with(m, shift)?);
        }
        _ => return Ok(false),
    }
    Ok(true)
}

pub(super) fn exports_shifted(
    m: &Module,
    shift: &mut impl Reencode<Error = String>,
    more: &[(String, we::ExportKind, u32)],
) -> Result<we::ExportSection, String> {
    let mut out = we::ExportSection::new();
    for e in &m.exports {
        shift.parse_export(&mut out, *e).map_err(re)?;
    }
    for (name, kind, index) in more {
        out.export(name, *kind, *index);
    }
    Ok(out)
}

pub(super) fn elements_with(
    m: &Module,
    r: &mut impl Reencode<Error = String>,
) -> Result<we::ElementSection, String> {
    let mut out = we::ElementSection::new();
    for e in &m.elements {
        r.parse_element(&mut out, e.clone()).map_err(re)?;
    }
    Ok(out)
}

/// `wasm` with each import's field renamed to `rename(module, field)`
/// (custom sections dropped, as by [`strip`]).
pub fn rename_imports(
    wasm: &[u8],
    mut rename: impl FnMut(&str, &str) -> String,
) -> Result<Vec<u8>, String> {
    let m = read(wasm)?;
    m.rewrite(|id, out| {
        if id != 2 {
            return Ok(false);
        }
        let mut section = we::ImportSection::new();
        let mut rt = RoundtripReencoder;
        for i in &m.imports {
            let field = rename(i.module, i.name);
            section.import(i.module, &field, rt.entity_type(i.ty).map_err(re)?);
        }
        out.section(&section);
        Ok(true)
    })
}

/// An empty module: the second part of a wasm that is not split.
pub const EMPTY: &[u8] = b"\0asm\x01\0\0\0";

/// `wasm` without its custom sections (names, producers).
pub fn strip(wasm: &[u8]) -> Result<Vec<u8>, String> {
    read(wasm)?.rewrite(|_, _| Ok(false))
}

/// The functions, globals and tables that some code refers to (by its
/// index in the module as it was), collected by re-encoding it.
#[derive(Default)]
pub(super) struct Needs {
    pub(super) funcs: BTreeSet<u32>,
    pub(super) globals: BTreeSet<u32>,
    pub(super) tables: BTreeSet<u32>,
    pub(super) ref_funcs: BTreeSet<u32>,
    /// A data or element segment is used (such a body cannot move).
    pub(super) segments: bool,
}

impl Reencode for Needs {
    type Error = String;
    fn function_index(&mut self, f: u32) -> Result<u32, ReError<String>> {
        self.funcs.insert(f);
        Ok(f)
    }
    fn global_index(&mut self, g: u32) -> Result<u32, ReError<String>> {
        self.globals.insert(g);
        Ok(g)
    }
    fn table_index(&mut self, t: u32) -> Result<u32, ReError<String>> {
        self.tables.insert(t);
        Ok(t)
    }
    fn data_index(&mut self, d: u32) -> Result<u32, ReError<String>> {
        self.segments = true;
        Ok(d)
    }
    fn element_index(&mut self, e: u32) -> Result<u32, ReError<String>> {
        self.segments = true;
        Ok(e)
    }
}

/// Adds what `body` refers to to `into`.
pub(super) fn needs(body: &wp::FunctionBody, into: &mut Needs) -> Result<(), String> {
    let mut ops = body.get_operators_reader().map_err(err)?;
    while !ops.eof() {
        let op = ops.read().map_err(err)?;
        if let wp::Operator::RefFunc { function_index } = op {
            into.ref_funcs.insert(function_index);
        }
        into.instruction(op).map_err(re)?;
    }
    Ok(())
}

/// Function indices of the first part: the imports, `s.l`, then the
/// defined functions that stay (a moved function that nothing in the first
/// part refers to leaves no stub).
pub(super) struct Renumber {
    pub(super) map: Vec<Option<u32>>,
}

impl Renumber {
    /// Every defined function one up: one import added after the others.
    pub(super) fn shifted(m: &Module) -> Renumber {
        let n = m.func_types.len() as u32;
        let map = (0..n)
            .map(|f| Some(f + u32::from(f >= m.func_imports)))
            .collect();
        Renumber { map }
    }
}

impl Reencode for Renumber {
    type Error = String;
    fn function_index(&mut self, f: u32) -> Result<u32, ReError<String>> {
        self.map
            .get(f as usize)
            .copied()
            .flatten()
            .ok_or_else(|| ReError::UserError(format!("function {f} has no stub")))
    }
}
