//! The bundle's wasm in two parts: what the page runs to start, and the
//! rest, fetched once the page is ready.
//!
//! [`split`] moves the functions named in a list (the profile, recorded by
//! `cargo xtask profile` from the page starting in Chromium) out of the
//! module into a second one. Each moved function leaves a stub behind with
//! the same index and type, so nothing else in the first part changes:
//!
//! ```text
//! global.get $loaded  i32.eqz  if  call $load  end   ;; first call only
//! local.get 0 … local.get n-1
//! i32.const SLOT  call_indirect (type T)             ;; the moved body
//! ```
//!
//! A moved function that nothing in the first part refers to leaves no
//! stub at all. The second part imports the first's memory, table 0 and
//! the globals its bodies use (the first part exports them under short
//! names); it calls the first part's functions through slots of table 0
//! that the first part fills, and its own element segment fills the moved
//! functions' slots. `$load` is a JavaScript import (`s.l`, written into
//! the glue by [`patch_glue`]): it instantiates the second part, from the
//! copy fetched in the background if it has arrived and otherwise by a
//! synchronous request, and sets `$loaded`, so later calls go straight
//! through the table. docs/perf.md, "The bundle in two parts", has the
//! measurements.
//!
//! [`instrument`] is the recording side: every function's entry reports
//! its index to `s.m`, so a run of the page says which functions it used.

use std::collections::{BTreeSet, HashMap, HashSet};
use wasm_encoder::reencode::{Error as ReError, Reencode, RoundtripReencoder};
use wasm_encoder::{self as we, Instruction as I};
use wasmparser as wp;

/// The import module and field names the parts and the glue agree on.
pub const HOST_MODULE: &str = "s";
/// `s.l`: load the second part now.
pub const LOAD_FIELD: &str = "l";
/// `s.m`: a function started (instrumented builds).
pub const MARK_FIELD: &str = "m";
/// The module name under which the second part imports the first's exports.
pub const PRIMARY_MODULE: &str = "p";
/// The first part's export of `$loaded`.
pub const LOADED_EXPORT: &str = "$loaded";

/// The two parts.
pub struct Parts {
    pub primary: Vec<u8>,
    pub secondary: Vec<u8>,
    /// How many functions moved, and their bodies' bytes.
    pub moved: usize,
    pub moved_bytes: usize,
}

/// A module read enough to rewrite it.
struct Module<'a> {
    /// Every section in order: id and contents.
    sections: Vec<(u8, &'a [u8])>,
    types: Vec<wp::FuncType>,
    imports: Vec<wp::Import<'a>>,
    func_imports: u32,
    /// Type of each function, imported ones first.
    func_types: Vec<u32>,
    tables: Vec<wp::TableType>,
    memories: Vec<wp::MemoryType>,
    globals: Vec<wp::GlobalType>,
    /// Defined tables, globals (with their initialisers).
    defined_tables: Vec<wp::Table<'a>>,
    defined_globals: Vec<wp::Global<'a>>,
    exports: Vec<wp::Export<'a>>,
    start: Option<u32>,
    elements: Vec<wp::Element<'a>>,
    bodies: Vec<wp::FunctionBody<'a>>,
    /// Function names from the name section.
    names: HashMap<u32, String>,
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Every item of a section.
fn all<'a, T: wp::FromReader<'a>>(r: wp::SectionLimited<'a, T>) -> Result<Vec<T>, String> {
    r.into_iter().collect::<Result<_, _>>().map_err(err)
}

fn read(wasm: &[u8]) -> Result<Module<'_>, String> {
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
    fn defined(&self, f: u32) -> Option<usize> {
        f.checked_sub(self.func_imports).map(|i| i as usize)
    }

    /// A type index of `params -> results`, if the module has one.
    fn find_type(&self, params: &[wp::ValType], results: &[wp::ValType]) -> Option<u32> {
        self.types
            .iter()
            .position(|t| t.params() == params && t.results() == results)
            .map(|i| i as u32)
    }

    fn sig(&self, f: u32) -> &wp::FuncType {
        &self.types[self.func_types[f as usize] as usize]
    }

    /// Rewrites every section through `hooks`, in order; the hooks write
    /// the sections they change and return false for the ones copied.
    fn rewrite(
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

fn re<E: std::fmt::Display>(e: ReError<E>) -> String {
    match e {
        ReError::UserError(e) => e.to_string(),
        other => format!("{other}"),
    }
}

/// The import section with one more function import, `s.<field>` of type
/// `ty`, after the others.
fn imports_plus(m: &Module, field: &str, ty: u32) -> Result<we::ImportSection, String> {
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
fn shifted(
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

fn exports_shifted(
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

fn elements_with(
    m: &Module,
    r: &mut impl Reencode<Error = String>,
) -> Result<we::ElementSection, String> {
    let mut out = we::ElementSection::new();
    for e in &m.elements {
        r.parse_element(&mut out, e.clone()).map_err(re)?;
    }
    Ok(out)
}

/// An empty module: the second part of a wasm that is not split.
pub const EMPTY: &[u8] = b"\0asm\x01\0\0\0";

/// `wasm` without its custom sections (names, producers).
pub fn strip(wasm: &[u8]) -> Result<Vec<u8>, String> {
    read(wasm)?.rewrite(|_, _| Ok(false))
}

/// `wasm` with each function's entry reporting its index (its index in
/// `wasm`) to the import `s.m`, which the glue adds ([`patch_glue`]).
pub fn instrument(wasm: &[u8]) -> Result<Vec<u8>, String> {
    let m = read(wasm)?;
    let mark_ty = m
        .find_type(&[wp::ValType::I32], &[])
        .ok_or("no (i32) -> () type to mark with")?;
    let mark = m.func_imports;
    let mut shift = Renumber::shifted(&m);
    m.rewrite(|id, out| {
        match id {
            2 => {
                out.section(&imports_plus(&m, MARK_FIELD, mark_ty)?);
            }
            7..=9 => return shifted(&m, id, &mut shift, &[], out),
            10 => {
                let mut code = we::CodeSection::new();
                for (i, body) in m.bodies.iter().enumerate() {
                    let mut f = shift.new_function_with_parsed_locals(body).map_err(re)?;
                    f.instruction(&I::I32Const((i as u32 + m.func_imports) as i32));
                    f.instruction(&I::Call(mark));
                    let mut ops = body.get_operators_reader().map_err(err)?;
                    while !ops.eof() {
                        f.instruction(&shift.parse_instruction(&mut ops).map_err(re)?);
                    }
                    code.function(&f);
                }
                out.section(&code);
            }
            _ => return Ok(false),
        }
        Ok(true)
    })
}

/// The functions, globals and tables that some code refers to (by its
/// index in the module as it was), collected by re-encoding it.
#[derive(Default)]
struct Needs {
    funcs: BTreeSet<u32>,
    globals: BTreeSet<u32>,
    tables: BTreeSet<u32>,
    ref_funcs: BTreeSet<u32>,
    /// A data or element segment is used (such a body cannot move).
    segments: bool,
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
fn needs(body: &wp::FunctionBody, into: &mut Needs) -> Result<(), String> {
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

/// Indices in the second part, which imports no functions: its own are the
/// moved ones, in order, then the copies of small functions of the first
/// part; it reaches the first part's other functions through table 0.
struct Secondary<'m> {
    moved: &'m HashMap<u32, u32>,
    globals: HashMap<u32, u32>,
    tables: HashMap<u32, u32>,
}

impl Reencode for Secondary<'_> {
    type Error = String;
    fn function_index(&mut self, f: u32) -> Result<u32, ReError<String>> {
        self.moved
            .get(&f)
            .copied()
            .ok_or_else(|| ReError::UserError(format!("function {f} is not in the second part")))
    }
    fn global_index(&mut self, g: u32) -> Result<u32, ReError<String>> {
        Ok(self.globals[&g])
    }
    fn table_index(&mut self, t: u32) -> Result<u32, ReError<String>> {
        Ok(self.tables[&t])
    }
    fn memory_index(&mut self, _: u32) -> Result<u32, ReError<String>> {
        Ok(0)
    }
}

/// Function indices of the first part: the imports, `s.l`, then the
/// defined functions that stay (a moved function that nothing in the first
/// part refers to leaves no stub).
struct Renumber {
    map: Vec<Option<u32>>,
}

impl Renumber {
    /// Every defined function one up: one import added after the others.
    fn shifted(m: &Module) -> Renumber {
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

/// The largest body of the first part that the second part copies rather
/// than calls through a table slot: 64 bytes took the first part down by
/// 1.0 KB gzipped and the second up by 6 KB (16: 0.2 and 0.7; 32: 0.5 and
/// 2.3).
const COPY_MAX: usize = 64;

/// The bytes a stub for a function of `params` parameters takes, about.
fn stub_len(params: usize) -> usize {
    20 + 2 * params
}

/// A function's name as it is written in [`crate::profile::LIST`]: without
/// the crate disambiguators of the demangled name (`yew[edfc1106b468f828]`
/// becomes `yew`), which change with the compiler's version, so that it
/// names the same function in another build; names over 200 characters
/// (deeply nested iterator adapters) are cut to their first 120 and a
/// digest of the whole.
pub fn stable_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(at) = rest.find('[') {
        let tail = &rest[at + 1..];
        let hex = tail.bytes().take_while(u8::is_ascii_hexdigit).count();
        if hex == 16 && tail.as_bytes().get(16) == Some(&b']') {
            out.push_str(&rest[..at]);
            rest = &tail[17..];
        } else {
            out.push_str(&rest[..=at]);
            rest = tail;
        }
    }
    out.push_str(rest);
    if out.len() > 200 {
        let digest = out.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        let mut cut = 120;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out = format!("{}…{digest:016x}", &out[..cut]);
    }
    out
}

/// The named functions of `wasm` (stable names, see [`stable_name`]), by
/// index, with their bodies' sizes: what a recording maps marks back to.
pub fn function_names(wasm: &[u8]) -> Result<Vec<(u32, String, usize)>, String> {
    let m = read(wasm)?;
    let mut out = Vec::new();
    for (i, body) in m.bodies.iter().enumerate() {
        let f = i as u32 + m.func_imports;
        if let Some(name) = m.names.get(&f) {
            out.push((f, stable_name(name), body.range().len()));
        }
    }
    Ok(out)
}

/// Splits `wasm` (which must carry a name section) in two: the functions
/// whose stable names `rest` holds move to the second part, unless moving
/// one would not save bytes or it uses a data or element segment.
pub fn split(wasm: &[u8], rest: &HashSet<String>) -> Result<Parts, String> {
    let m = read(wasm)?;
    if m.names.is_empty() {
        return Err("the wasm has no names".into());
    }
    let load_ty = m.find_type(&[], &[]).ok_or("no () -> () type")?;
    let Some(table0) = m.defined_tables.first().filter(|_| {
        // table 0 must be a defined funcref table
        !m.imports
            .iter()
            .any(|i| matches!(i.ty, wp::TypeRef::Table(_)))
    }) else {
        return Err("table 0 is not a defined table".into());
    };
    if table0.ty.element_type != wp::RefType::FUNCREF {
        return Err("table 0 is not a funcref table".into());
    }
    // Which functions may move: named in the list, and using no data or
    // element segment.
    let mut candidates = BTreeSet::new();
    for (i, body) in m.bodies.iter().enumerate() {
        let f = i as u32 + m.func_imports;
        let Some(name) = m.names.get(&f) else {
            continue;
        };
        if !rest.contains(&stable_name(name)) || Some(f) == m.start {
            continue;
        }
        let mut n = Needs::default();
        needs(body, &mut n)?;
        if !n.segments {
            candidates.insert(f);
        }
    }
    // What the first part refers to itself (exports, segments, the start,
    // the bodies that stay): a moved function it refers to keeps a stub,
    // which is only worth it for a body larger than the stub. Keeping one
    // may make others referred to, so until nothing changes.
    let mut fixed = Needs::default();
    for e in &m.elements {
        fixed
            .parse_element(&mut we::ElementSection::new(), e.clone())
            .map_err(re)?;
    }
    for g in &m.defined_globals {
        fixed
            .parse_global(&mut we::GlobalSection::new(), g.clone())
            .map_err(re)?;
    }
    for e in &m.exports {
        if e.kind == wp::ExternalKind::Func {
            fixed.funcs.insert(e.index);
        }
    }
    fixed.funcs.extend(m.start);
    let refs = |f: u32| -> Result<BTreeSet<u32>, String> {
        let mut n = Needs::default();
        needs(&m.bodies[m.defined(f).unwrap()], &mut n)?;
        Ok(n.funcs.union(&n.ref_funcs).copied().collect())
    };
    let mut inside: BTreeSet<u32> = fixed.funcs.union(&fixed.ref_funcs).copied().collect();
    for f in m.func_imports..m.func_types.len() as u32 {
        if !candidates.contains(&f) {
            inside.extend(refs(f)?);
        }
    }
    loop {
        let small: Vec<u32> = candidates
            .iter()
            .copied()
            .filter(|&f| {
                inside.contains(&f)
                    && m.bodies[m.defined(f).unwrap()].range().len()
                        <= stub_len(m.sig(f).params().len()) + 8
            })
            .collect();
        if small.is_empty() {
            break;
        }
        for f in small {
            candidates.remove(&f);
            inside.extend(refs(f)?);
        }
    }
    let order: Vec<u32> = candidates.into_iter().collect();
    if order.is_empty() {
        return Err("no function to move".into());
    }
    let moved: HashMap<u32, u32> = order
        .iter()
        .enumerate()
        .map(|(k, &f)| (f, k as u32))
        .collect();
    let moved_bytes = order
        .iter()
        .map(|&f| m.bodies[m.defined(f).unwrap()].range().len())
        .sum();
    let mut map = Vec::with_capacity(m.func_types.len());
    let mut next = 0u32;
    for f in 0..m.func_types.len() as u32 {
        if f == m.func_imports {
            next += 1; // s.l
        }
        if moved.contains_key(&f) && !inside.contains(&f) {
            map.push(None);
        } else {
            map.push(Some(next));
            next += 1;
        }
    }
    let mut renumber = Renumber { map };
    let load = m.func_imports;

    // What the moved bodies need from the first part. A small function of
    // the first part that they call gets a copy in the second part (and so
    // does what it calls in turn): a copy costs the first part nothing, a
    // table slot about two bytes that do not compress. Everything else
    // they call goes in table 0 after the moved functions' slots.
    let mut second: HashMap<u32, u32> = moved.clone();
    let mut copies = Vec::new();
    let mut need = Needs::default();
    let mut queue = order.clone();
    while let Some(f) = queue.pop() {
        let mut n = Needs::default();
        needs(&m.bodies[m.defined(f).unwrap()], &mut n)?;
        for &g in &n.funcs {
            let Some(i) = m.defined(g) else { continue };
            if second.contains_key(&g) || Some(g) == m.start || m.bodies[i].range().len() > COPY_MAX
            {
                continue;
            }
            let mut c = Needs::default();
            needs(&m.bodies[i], &mut c)?;
            if c.segments || !c.ref_funcs.is_empty() {
                continue;
            }
            second.insert(g, (order.len() + copies.len()) as u32);
            copies.push(g);
            queue.push(g);
        }
        need.funcs.extend(n.funcs);
        need.ref_funcs.extend(n.ref_funcs);
        need.globals.extend(n.globals);
        need.tables.extend(n.tables);
    }
    // A function that `ref.func` names keeps one identity: no copy of it.
    if need.ref_funcs.iter().any(|f| copies.contains(f)) {
        return Err("a copied function is named by ref.func".into());
    }
    need.tables.insert(0);
    let slot0 = table0.ty.initial as u32;
    let outside: HashMap<u32, u32> = need
        .funcs
        .iter()
        .chain(&need.ref_funcs)
        .copied()
        .filter(|f| !second.contains_key(f))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .enumerate()
        .map(|(j, f)| (f, slot0 + (order.len() + j) as u32))
        .collect();
    let grow = (order.len() + outside.len()) as u64;
    let mut reached: Vec<(u32, u32)> = outside.iter().map(|(&f, &slot)| (slot, f)).collect();
    reached.sort_unstable();

    // The first part: stubs, one import, a flag, the exports.
    let loaded = m.globals.len() as u32;
    let existing: HashMap<(we::ExportKind, u32), &str> = m
        .exports
        .iter()
        .filter_map(|e| {
            let kind = match e.kind {
                wp::ExternalKind::Table => we::ExportKind::Table,
                wp::ExternalKind::Memory => we::ExportKind::Memory,
                wp::ExternalKind::Global => we::ExportKind::Global,
                _ => return None,
            };
            Some(((kind, e.index), e.name))
        })
        .collect();
    let mut more = vec![(LOADED_EXPORT.to_string(), we::ExportKind::Global, loaded)];
    let export_name = |kind: we::ExportKind, index: u32, more: &mut Vec<_>| -> String {
        if let Some(name) = existing.get(&(kind, index)) {
            return name.to_string();
        }
        let name = short(more.len() - 1);
        more.push((name.clone(), kind, index));
        name
    };
    let memory_name = export_name(we::ExportKind::Memory, 0, &mut more);
    let table_names: Vec<(u32, String)> = need
        .tables
        .iter()
        .map(|&t| (t, export_name(we::ExportKind::Table, t, &mut more)))
        .collect();
    let global_names: Vec<(u32, String)> = need
        .globals
        .iter()
        .map(|&g| (g, export_name(we::ExportKind::Global, g, &mut more)))
        .collect();

    let grown = |mut ty: we::TableType| {
        ty.minimum += grow;
        ty.maximum = ty.maximum.map(|x| x + grow);
        ty
    };
    let primary = m.rewrite(|id, out| {
        match id {
            2 => {
                out.section(&imports_plus(&m, LOAD_FIELD, load_ty)?);
            }
            3 => {
                let mut funcs = we::FunctionSection::new();
                for f in m.func_imports..m.func_types.len() as u32 {
                    if renumber.map[f as usize].is_some() {
                        funcs.function(m.func_types[f as usize]);
                    }
                }
                out.section(&funcs);
            }
            4 => {
                let mut tables = we::TableSection::new();
                for (i, t) in m.defined_tables.iter().enumerate() {
                    let mut ty = renumber.table_type(t.ty).map_err(re)?;
                    if i == 0 {
                        ty = grown(ty);
                    }
                    match &t.init {
                        wp::TableInit::RefNull => tables.table(ty),
                        wp::TableInit::Expr(e) => {
                            tables.table_with_init(ty, &renumber.const_expr(e.clone()).map_err(re)?)
                        }
                    };
                }
                out.section(&tables);
            }
            6 => {
                let mut globals = we::GlobalSection::new();
                for g in &m.defined_globals {
                    renumber.parse_global(&mut globals, g.clone()).map_err(re)?;
                }
                globals.global(
                    we::GlobalType {
                        val_type: we::ValType::I32,
                        mutable: true,
                        shared: false,
                    },
                    &we::ConstExpr::i32_const(0),
                );
                out.section(&globals);
            }
            9 => {
                let mut elements = elements_with(&m, &mut renumber)?;
                // the first part's functions that the second calls
                let funcs: Vec<u32> = reached
                    .iter()
                    .map(|&(_, f)| renumber.function_index(f).map_err(re))
                    .collect::<Result<_, _>>()?;
                elements.active(
                    Some(0),
                    &we::ConstExpr::i32_const((slot0 as usize + order.len()) as i32),
                    we::Elements::Functions(funcs.into()),
                );
                out.section(&elements);
            }
            7 | 8 => return shifted(&m, id, &mut renumber, &more, out),
            10 => {
                let mut code = we::CodeSection::new();
                for (i, body) in m.bodies.iter().enumerate() {
                    let f = i as u32 + m.func_imports;
                    match moved.get(&f) {
                        Some(_) if renumber.map[f as usize].is_none() => {}
                        Some(&k) => {
                            let mut s = we::Function::new(Vec::<(u32, we::ValType)>::new());
                            s.instruction(&I::GlobalGet(loaded));
                            s.instruction(&I::I32Eqz);
                            s.instruction(&I::If(we::BlockType::Empty));
                            s.instruction(&I::Call(load));
                            s.instruction(&I::End);
                            for p in 0..m.sig(f).params().len() as u32 {
                                s.instruction(&I::LocalGet(p));
                            }
                            s.instruction(&I::I32Const((slot0 + k) as i32));
                            s.instruction(&I::CallIndirect {
                                type_index: m.func_types[f as usize],
                                table_index: 0,
                            });
                            s.instruction(&I::End);
                            code.function(&s);
                        }
                        None => renumber
                            .parse_function_body(&mut code, body.clone())
                            .map_err(re)?,
                    }
                }
                out.section(&code);
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    for (id, what) in [(6, "global"), (7, "export"), (9, "element")] {
        if !m.sections.iter().any(|s| s.0 == id) {
            return Err(format!("the wasm has no {what} section"));
        }
    }

    // The second part.
    let mut rt = RoundtripReencoder;
    let mut s = we::Module::new();
    let type_section = m.sections.iter().find(|s| s.0 == 1).ok_or("no types")?;
    s.section(&we::RawSection {
        id: 1,
        data: type_section.1,
    });
    let mut imports = we::ImportSection::new();
    let mut sec = Secondary {
        moved: &second,
        globals: HashMap::new(),
        tables: HashMap::new(),
    };
    for (t, name) in &table_names {
        sec.tables.insert(*t, sec.tables.len() as u32);
        let mut ty = rt.table_type(m.tables[*t as usize]).map_err(re)?;
        if *t == 0 {
            ty = grown(ty);
        }
        imports.import(PRIMARY_MODULE, name, ty);
    }
    imports.import(
        PRIMARY_MODULE,
        &memory_name,
        rt.memory_type(m.memories[0]).map_err(re)?,
    );
    for (g, name) in &global_names {
        sec.globals.insert(*g, sec.globals.len() as u32);
        imports.import(
            PRIMARY_MODULE,
            name,
            rt.global_type(m.globals[*g as usize]).map_err(re)?,
        );
    }
    s.section(&imports);
    let mut funcs = we::FunctionSection::new();
    for &f in order.iter().chain(&copies) {
        funcs.function(m.func_types[f as usize]);
    }
    s.section(&funcs);
    let mut elements = we::ElementSection::new();
    let table0 = sec.tables[&0];
    elements.active(
        Some(table0),
        &we::ConstExpr::i32_const(slot0 as i32),
        we::Elements::Functions((0..order.len() as u32).collect::<Vec<_>>().into()),
    );
    s.section(&elements);
    let mut code = we::CodeSection::new();
    for &f in order.iter().chain(&copies) {
        let body = &m.bodies[m.defined(f).unwrap()];
        let mut out = sec.new_function_with_parsed_locals(body).map_err(re)?;
        let mut ops = body.get_operators_reader().map_err(err)?;
        while !ops.eof() {
            match ops.read().map_err(err)? {
                wp::Operator::Call { function_index } if outside.contains_key(&function_index) => {
                    out.instruction(&I::I32Const(outside[&function_index] as i32));
                    out.instruction(&I::CallIndirect {
                        type_index: m.func_types[function_index as usize],
                        table_index: table0,
                    });
                }
                wp::Operator::RefFunc { function_index }
                    if outside.contains_key(&function_index) =>
                {
                    out.instruction(&I::I32Const(outside[&function_index] as i32));
                    out.instruction(&I::TableGet(table0));
                }
                op => {
                    out.instruction(&sec.instruction(op).map_err(re)?);
                }
            }
        }
        code.function(&out);
    }
    s.section(&code);
    let secondary = s.finish();
    for (what, bytes) in [("first", &primary), ("second", &secondary)] {
        let mut features = wp::WasmFeatures::default();
        features.insert(wp::WasmFeatures::all());
        wp::Validator::new_with_features(features)
            .validate_all(bytes)
            .map_err(|e| format!("the {what} part does not validate: {e}"))?;
    }
    Ok(Parts {
        primary,
        secondary,
        moved: order.len(),
        moved_bytes,
    })
}

/// `$0`, `$1`, … `$a`, … : export names that cannot clash with
/// wasm-bindgen's.
fn short(i: usize) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s = String::from("$");
    let mut i = i;
    loop {
        s.push(char::from(DIGITS[i % DIGITS.len()]));
        i /= DIGITS.len();
        if i == 0 {
            return s;
        }
    }
}

/// What the glue provides to the wasm's `s` imports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// `s.m`: collect the functions that ran in `window.__wsMarks`.
    Record,
    /// `s.l`: load the second part, and the `loadRest` export.
    Split,
}

/// The file name of the second part, next to the first.
pub const REST_FILE: &str = "warpscope_rest.wasm";

/// The glue for a recording build. Its `__warpscopeLoadRest` stands in
/// for the split's, so that the page runs the same code as it will when
/// split.
const RECORD_GLUE: &str = "
const __wsHost = { m(i) { (window.__wsMarks ||= new Set()).add(i); } };
window.__warpscopeLoadRest = async function () {};
";

/// The glue for a split build. `l` runs inside a wasm call the first time a
/// moved function is called, so it cannot wait: it uses the module that
/// `loadRest` compiled if there is one and otherwise fetches it
/// synchronously (the bytes as x-user-defined text, the only binary form a
/// synchronous request gives a window). `window.__warpscopeRest` says how
/// the second part came: `fetched` in the background, or `requested` at
/// once; `window.__warpscopeRestAt` when (the start-up bench reads both).
/// `window.__warpscopeLoadRest` is `loadRest` for the page's own code (a
/// start that needs the rest before it can show, `web/src/fetch.rs`).
/// Once the rest is in, `loadRest` also reads the files the page reads at
/// once when it needs them (the bundled puzzles) into
/// `window.__warpscopeFiles`, where `fetch::text_now` looks first.
const SPLIT_GLUE: &str = "
const __wsRestUrl = new URL('{REST_FILE}', import.meta.url);
let __wsRest;
function __wsInstall(m, how) {
    if (!wasm.$loaded.value) {
        new WebAssembly.Instance(m, { p: wasm });
        wasm.$loaded.value = 1;
        window.__warpscopeRest = how;
        window.__warpscopeRestAt = performance.now();
    }
}
const __wsHost = { l() {
    if (wasm.$loaded.value) return;
    if (!__wsRest) {
        const x = new XMLHttpRequest();
        x.open('GET', __wsRestUrl, false);
        x.overrideMimeType('text/plain; charset=x-user-defined');
        x.send();
        if (x.status !== 200) throw new Error('cannot load ' + __wsRestUrl + ': ' + x.status);
        const t = x.responseText, b = new Uint8Array(t.length);
        for (let i = 0; i < t.length; i++) b[i] = t.charCodeAt(i);
        __wsRest = new WebAssembly.Module(b);
        __wsInstall(__wsRest, 'requested');
    }
    __wsInstall(__wsRest, 'fetched');
} };
/** Fetches, compiles and installs the part of the wasm that starting the page does not run. */
window.__warpscopeLoadRest = loadRest;
export async function loadRest() {
    if (wasm === undefined || wasm.$loaded.value) return;
    const r = await fetch(__wsRestUrl);
    if (!r.ok) throw new Error('cannot load ' + __wsRestUrl + ': ' + r.status);
    const m = await WebAssembly.compile(await r.arrayBuffer());
    __wsRest = __wsRest || m;
    __wsInstall(__wsRest, 'fetched');
    // The files the page reads at once when it needs them, read now: a
    // synchronous request does not reach the service worker, so offline
    // it would fail where this finds the stored copy.
    const files = window.__warpscopeFiles ||= {};
    for (const name of {PREFETCH}) {
        fetch(new URL(name, import.meta.url))
            .then((r) => (r.ok ? r.text() : null))
            .then((t) => { if (t !== null) files[name] = t; }, () => {});
    }
}
";

/// `glue` (wasm-bindgen's, for `--target web`) with the `s` imports added;
/// `None` when it is not of the expected shape.
pub fn patch_glue(glue: &str, mode: Mode) -> Option<String> {
    let prefetch = format!("[\"{}\"]", warpscope_core::puzzle::BUNDLED_FILE);
    const AT: &str = "\"./warpscope_bg.js\": import0,";
    if glue.matches(AT).count() != 1 || !glue.contains("let wasmModule, wasmInstance, wasm;") {
        return None;
    }
    let mut out = glue.replace(AT, &format!("{AT} {HOST_MODULE}: __wsHost,"));
    out.push_str(&match mode {
        Mode::Record => RECORD_GLUE.to_string(),
        Mode::Split => SPLIT_GLUE
            .replace("{REST_FILE}", REST_FILE)
            .replace("{PREFETCH}", &prefetch),
    });
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIG: i32 = 64; // enough adds that moving the body saves bytes

    /// A module like the bundle's: one imported function, table 0 with
    /// two entries, a memory, a stack-pointer global, and `keep` calling
    /// `moved`, which calls the import, `helper` and reads the global.
    fn module() -> Vec<u8> {
        let mut m = we::Module::new();
        let mut types = we::TypeSection::new();
        types.ty().function([we::ValType::I32], [we::ValType::I32]); // 0
        types.ty().function([we::ValType::I32], []); // 1
        types.ty().function([], []); // 2
        m.section(&types);
        let mut imports = we::ImportSection::new();
        imports.import("./warpscope_bg.js", "log", we::EntityType::Function(1));
        m.section(&imports);
        let mut funcs = we::FunctionSection::new();
        for ty in [0, 0, 0, 2, 0] {
            funcs.function(ty);
        }
        m.section(&funcs);
        let mut tables = we::TableSection::new();
        tables.table(we::TableType {
            element_type: we::RefType::FUNCREF,
            minimum: 2,
            maximum: Some(2),
            table64: false,
            shared: false,
        });
        m.section(&tables);
        let mut memories = we::MemorySection::new();
        memories.memory(we::MemoryType {
            minimum: 1,
            maximum: None,
            memory64: false,
            shared: false,
            page_size_log2: None,
        });
        m.section(&memories);
        let mut globals = we::GlobalSection::new();
        globals.global(
            we::GlobalType {
                val_type: we::ValType::I32,
                mutable: true,
                shared: false,
            },
            &we::ConstExpr::i32_const(1024),
        );
        m.section(&globals);
        let mut exports = we::ExportSection::new();
        exports.export("memory", we::ExportKind::Memory, 0);
        exports.export("keep", we::ExportKind::Func, 1);
        exports.export("moved", we::ExportKind::Func, 2);
        exports.export("helper", we::ExportKind::Func, 3);
        m.section(&exports);
        let mut elements = we::ElementSection::new();
        elements.active(
            Some(0),
            &we::ConstExpr::i32_const(0),
            we::Elements::Functions(vec![1, 2].into()),
        );
        m.section(&elements);
        let mut code = we::CodeSection::new();
        // keep(x) = moved(x) + 1
        let mut f = we::Function::new([]);
        f.instructions()
            .local_get(0)
            .call(2)
            .i32_const(1)
            .i32_add()
            .end();
        code.function(&f);
        // moved(x) = log(x); deep(helper(x + sp + 1 + 1 + …))
        let mut f = we::Function::new([]);
        let mut body = f.instructions();
        body.local_get(0)
            .call(0)
            .local_get(0)
            .global_get(0)
            .i32_add();
        for _ in 0..BIG {
            body.i32_const(1).i32_add();
        }
        body.call(3).call(5).end();
        code.function(&f);
        // helper(x) = x * 2
        let mut f = we::Function::new([]);
        f.instructions().local_get(0).i32_const(2).i32_mul().end();
        code.function(&f);
        let mut f = we::Function::new([]);
        f.instructions().end();
        code.function(&f);
        // deep(x) = x - 1 - 1 - …: called from `moved` only
        let mut f = we::Function::new([]);
        let mut body = f.instructions();
        body.local_get(0);
        for _ in 0..BIG {
            body.i32_const(1).i32_sub();
        }
        body.end();
        code.function(&f);
        m.section(&code);
        let mut names = we::NameSection::new();
        let mut map = we::NameMap::new();
        map.append(0, "log");
        map.append(1, "app[0123456789abcdef]::keep");
        map.append(2, "app[0123456789abcdef]::moved");
        map.append(3, "app[0123456789abcdef]::helper");
        map.append(4, "app[0123456789abcdef]::unit");
        map.append(5, "app[0123456789abcdef]::deep");
        names.functions(&map);
        m.section(&names);
        m.finish()
    }

    fn rest(names: &[&str]) -> HashSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    /// (module, name, kind) of each import; (name, kind) of each export.
    fn imports_of(wasm: &[u8]) -> Vec<(String, String, wp::TypeRef)> {
        let m = read(wasm).unwrap();
        m.imports
            .iter()
            .map(|i| (i.module.to_string(), i.name.to_string(), i.ty))
            .collect()
    }

    /// The operators of `body` that the tests look at (others as `Nop`).
    fn ops(body: &wp::FunctionBody) -> Vec<wp::Operator<'static>> {
        use wp::Operator as O;
        body.get_operators_reader()
            .unwrap()
            .into_iter()
            .map(|op| match op.unwrap() {
                O::CallIndirect {
                    type_index,
                    table_index,
                } => O::CallIndirect {
                    type_index,
                    table_index,
                },
                O::GlobalGet { global_index } => O::GlobalGet { global_index },
                O::Call { function_index } => O::Call { function_index },
                O::I32Const { value } => O::I32Const { value },
                _ => O::Nop,
            })
            .collect()
    }

    #[test]
    fn the_named_functions_move_and_stubs_take_their_place() {
        use wp::Operator as O;
        let wasm = module();
        let all = ["app::moved", "app::helper", "app::deep", "app::unit"];
        let parts = split(&wasm, &rest(&all)).unwrap();
        // `helper`, which the first part exports, is too small to be worth
        // a stub; `moved`, `unit` and `deep` move.
        assert_eq!(parts.moved, 3);
        let first = read(&parts.primary).unwrap();
        let second = read(&parts.secondary).unwrap();
        // The first part: a stub for `moved`, none for `deep`, which only
        // `moved` calls, nor for `unit`, which nothing calls; one more
        // import; table 0 with slots for the three moved functions and for
        // `log`, which the second part calls (it has a copy of the small
        // `helper`); the flag exported.
        assert_eq!(first.bodies.len(), 3);
        assert_eq!(first.func_imports, 2);
        assert_eq!(first.imports[1].module, HOST_MODULE);
        assert_eq!(first.imports[1].name, LOAD_FIELD);
        assert_eq!(first.tables[0].initial, 6);
        assert!(first.names.is_empty(), "names are not shipped");
        let stub = ops(&first.bodies[1]);
        assert!(matches!(stub[0], O::GlobalGet { global_index: 1 }));
        assert!(matches!(stub[3], O::Call { function_index: 1 }));
        assert!(matches!(stub[6], O::I32Const { value: 2 }));
        assert!(matches!(stub[7], O::CallIndirect { type_index: 0, .. }));
        // `keep` still calls `moved` (one up, after the new import).
        assert!(matches!(
            ops(&first.bodies[0])[1],
            O::Call { function_index: 3 }
        ));
        // `log` (import 0) in the slot after the moved ones
        assert_eq!(first.elements.len(), 2);
        match &first.elements[1].items {
            wp::ElementItems::Functions(r) => {
                let funcs: Vec<u32> = r.clone().into_iter().map(Result::unwrap).collect();
                assert_eq!(funcs, [0]);
            }
            _ => panic!("function indices expected"),
        }
        // The second part: the three bodies and the copy of `helper`, its
        // element segment at slot 2, and calls to the first part through
        // the table, to its own functions directly.
        assert_eq!(second.bodies.len(), 4);
        assert!(second.bodies[0].range().len() > 2 * BIG as usize);
        assert_eq!(second.elements.len(), 1);
        assert_eq!(second.func_imports, 0);
        let moved = ops(&second.bodies[0]);
        assert!(matches!(moved[1], O::I32Const { value: 5 }));
        assert!(matches!(moved[2], O::CallIndirect { type_index: 1, .. }));
        let n = moved.len();
        assert!(matches!(moved[n - 3], O::Call { function_index: 3 }));
        assert!(matches!(moved[n - 2], O::Call { function_index: 2 }));
        // the copy of `helper` is `helper`'s body
        assert_eq!(
            ops(&second.bodies[3]).len(),
            ops(&read(&wasm).unwrap().bodies[2]).len()
        );
        // Everything it imports, the first part exports, with its kind.
        let exports: HashMap<&str, wp::ExternalKind> =
            first.exports.iter().map(|e| (e.name, e.kind)).collect();
        let imported = imports_of(&parts.secondary);
        for (module, name, ty) in &imported {
            assert_eq!(module, PRIMARY_MODULE);
            let kind = match ty {
                wp::TypeRef::Table(_) => wp::ExternalKind::Table,
                wp::TypeRef::Memory(_) => wp::ExternalKind::Memory,
                wp::TypeRef::Global(_) => wp::ExternalKind::Global,
                _ => panic!("{name}: the second part imports only tables, memory and globals"),
            };
            assert_eq!(exports.get(name.as_str()), Some(&kind), "{name}");
        }
        assert_eq!(imported.len(), 3);
        assert_eq!(imported[1].1, "memory");
        assert!(exports.contains_key(LOADED_EXPORT));
    }

    #[test]
    fn without_anything_to_move_there_is_no_split() {
        let wasm = module();
        assert!(split(&wasm, &rest(&["app::helper", "other"])).is_err());
        assert!(split(&wasm, &HashSet::new()).is_err());
        // A module without names cannot be split by name.
        let bare = strip(&wasm).unwrap();
        assert!(read(&bare).unwrap().names.is_empty());
        assert!(split(&bare, &rest(&["app::moved"])).is_err());
        assert!(split(&wasm[..wasm.len() - 3], &rest(&["app::moved"])).is_err());
    }

    #[test]
    fn instrumented_functions_report_their_index_first() {
        let out = instrument(&module()).unwrap();
        let m = read(&out).unwrap();
        assert_eq!(m.imports.last().unwrap().name, MARK_FIELD);
        for (i, body) in m.bodies.iter().enumerate() {
            let ops: Vec<wp::Operator> = body
                .get_operators_reader()
                .unwrap()
                .into_iter()
                .take(2)
                .map(Result::unwrap)
                .collect();
            // the index in the module as it was (one import before them)
            assert!(matches!(ops[0], wp::Operator::I32Const { value } if value == i as i32 + 1));
            assert!(matches!(ops[1], wp::Operator::Call { function_index: 1 }));
        }
        let names = function_names(&module()).unwrap();
        assert_eq!(names[1], (2, "app::moved".to_string(), names[1].2));
    }

    #[test]
    fn stable_names_drop_crate_hashes_and_cut_long_names() {
        assert_eq!(
            stable_name("<yew[edfc1106b468f828]::Comp<app[0123456789abcdef]::App>>::view"),
            "<yew::Comp<app::App>>::view"
        );
        assert_eq!(stable_name("<[u8]>::contains"), "<[u8]>::contains");
        assert_eq!(stable_name("a[0123]b"), "a[0123]b");
        let long = format!("f::<{}>", "Map<".repeat(80));
        let cut = stable_name(&long);
        assert!(cut.chars().count() < 140 && cut.starts_with("f::<Map<"));
        assert_ne!(cut, stable_name(&format!("{long}x")));
    }

    #[test]
    fn the_glue_learns_the_imports_or_is_refused() {
        let glue =
            "let wasmModule, wasmInstance, wasm;\nreturn { \"./warpscope_bg.js\": import0, };";
        let split = patch_glue(glue, Mode::Split).unwrap();
        assert!(split.contains("\"./warpscope_bg.js\": import0, s: __wsHost,"));
        assert!(split.contains(&format!("new URL('{REST_FILE}'")));
        assert!(split.contains("export async function loadRest()"));
        let record = patch_glue(glue, Mode::Record).unwrap();
        assert!(record.contains("__wsMarks") && !record.contains("loadRest"));
        assert!(patch_glue("return { import0 };", Mode::Split).is_none());
    }
}
