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

mod glue;
pub mod lists;
mod module;
mod record;
#[cfg(test)]
mod tests;

pub use glue::{digest, patch_glue, Mode, FEATURES_FILE, REST_FILE};
pub use module::{rename_imports, strip, EMPTY};
pub use record::{function_names, instrument, stable_name};

use module::{elements_with, err, imports_plus, needs, re, read, shifted, Needs, Renumber};
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

/// A mutable `i32` global (the flag `$loaded`).
const MUT_I32: we::GlobalType = we::GlobalType {
    val_type: we::ValType::I32,
    mutable: true,
    shared: false,
};

/// The two parts.
pub struct Parts {
    pub primary: Vec<u8>,
    pub secondary: Vec<u8>,
    /// How many functions moved, and their bodies' bytes.
    pub moved: usize,
    pub moved_bytes: usize,
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

/// The largest body of the first part that the second part copies rather
/// than calls through a table slot: 64 bytes took the first part down by
/// 1.0 KB gzipped and the second up by 6 KB (16: 0.2 and 0.7; 32: 0.5 and
/// 2.3).
const COPY_MAX: usize = 64;

/// The bytes a stub for a function of `params` parameters takes, about.
fn stub_len(params: usize) -> usize {
    20 + 2 * params
}

/// Names of functions that stay in the first part whatever a recording
/// says, and with them everything they call directly: a function whose
/// stable name contains one of `stay` and none of `except` (which a kept
/// function's call does not keep either). The
/// playground's list is `web/first-part.txt` ([`Keep::read`]).
#[derive(Default, Debug, Clone)]
pub struct Keep {
    pub stay: Vec<String>,
    pub except: Vec<String>,
}

impl Keep {
    /// Reads a list of patterns, one a line: `# ...` a comment, `!PART`
    /// an exception, anything else a part of names that stay.
    pub fn parse(text: &str) -> Keep {
        let mut k = Keep::default();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match line.strip_prefix('!') {
                Some(p) => k.except.push(p.trim().to_string()),
                None => k.stay.push(line.to_string()),
            }
        }
        k
    }

    /// Whether the function of stable name `name` stays by name.
    pub fn names(&self, name: &str) -> bool {
        self.stay.iter().any(|p| name.contains(p.as_str()))
            && !self.except.iter().any(|p| name.contains(p.as_str()))
    }
}

/// The functions that stay by [`Keep`]: named by it, and what those call
/// (directly or by `ref.func`), transitively, except what an exception
/// names (a feature that a kept function opens, the reference pane say,
/// which waits for the second part: `web/first-part.txt`).
fn kept(m: &module::Module<'_>, uses: &[Needs], keep: &Keep) -> HashSet<u32> {
    let excepted = |f: &u32| {
        m.names.get(f).is_some_and(|n| {
            keep.except
                .iter()
                .any(|p| stable_name(n).contains(p.as_str()))
        })
    };
    let mut out: HashSet<u32> = (0..uses.len() as u32)
        .map(|i| i + m.func_imports)
        .filter(|f| m.names.get(f).is_some_and(|n| keep.names(&stable_name(n))))
        .collect();
    let mut queue: Vec<u32> = out.iter().copied().collect();
    while let Some(f) = queue.pop() {
        let Some(i) = m.defined(f) else { continue };
        for &g in uses[i].funcs.iter().chain(&uses[i].ref_funcs) {
            if m.defined(g).is_some() && !excepted(&g) && out.insert(g) {
                queue.push(g);
            }
        }
    }
    out
}

/// [`split_keeping`] with nothing kept by name.
pub fn split(wasm: &[u8], rest: &HashSet<String>) -> Result<Parts, String> {
    split_keeping(wasm, rest, &Keep::default())
}

/// Splits `wasm` (which must carry a name section) in two: the functions
/// whose stable names `rest` holds move to the second part, unless `keep`
/// keeps them, moving one would not save bytes or it uses a data or
/// element segment.
pub fn split_keeping(wasm: &[u8], rest: &HashSet<String>, keep: &Keep) -> Result<Parts, String> {
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
    // What each body refers to, read once.
    let uses: Vec<Needs> = m
        .bodies
        .iter()
        .map(|body| {
            let mut n = Needs::default();
            needs(body, &mut n).map(|()| n)
        })
        .collect::<Result<_, _>>()?;
    let (order, inside) = choose(&m, &uses, rest, keep)?;
    let plan = Plan::new(&m, &uses, order, &inside, table0.ty.initial as u32)?;
    let names = ExportNames::new(&m, &plan.need);
    let primary = primary(&m, &plan, &names, load_ty)?;
    for (id, what) in [(6, "global"), (7, "export"), (9, "element")] {
        if !m.sections.iter().any(|s| s.0 == id) {
            return Err(format!("the wasm has no {what} section"));
        }
    }
    let secondary = secondary(&m, &plan, &names)?;
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
        moved: plan.order.len(),
        moved_bytes: plan.moved_bytes,
    })
}

/// Which functions move (in order) and which of them the first part
/// still refers to (they keep a stub).
fn choose(
    m: &module::Module<'_>,
    uses: &[Needs],
    rest: &HashSet<String>,
    keep: &Keep,
) -> Result<(Vec<u32>, BTreeSet<u32>), String> {
    let uses_of = |f: u32| &uses[m.defined(f).expect("a defined function")];
    let stays = kept(m, uses, keep);
    // Which functions may move: named in the list, not kept, and using no
    // data or element segment.
    let mut candidates = BTreeSet::new();
    for (i, used) in uses.iter().enumerate() {
        let f = i as u32 + m.func_imports;
        let Some(name) = m.names.get(&f) else {
            continue;
        };
        if rest.contains(&stable_name(name))
            && !stays.contains(&f)
            && Some(f) != m.start
            && !used.segments
        {
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
    let refs = |f: u32| uses_of(f).funcs.union(&uses_of(f).ref_funcs).copied();
    let mut inside: BTreeSet<u32> = fixed.funcs.union(&fixed.ref_funcs).copied().collect();
    for f in m.func_imports..m.func_types.len() as u32 {
        if !candidates.contains(&f) {
            inside.extend(refs(f));
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
            inside.extend(refs(f));
        }
    }
    let order: Vec<u32> = candidates.into_iter().collect();
    if order.is_empty() {
        return Err("no function to move".into());
    }
    Ok((order, inside))
}

/// Where everything goes: the moved functions' slots, the new index of
/// each function of the first part, the copies the second part makes of
/// small functions, and the table slots through which it calls the rest.
struct Plan {
    order: Vec<u32>,
    moved: HashMap<u32, u32>,
    moved_bytes: usize,
    renumber: Renumber,
    second: HashMap<u32, u32>,
    copies: Vec<u32>,
    need: Needs,
    outside: HashMap<u32, u32>,
    reached: Vec<(u32, u32)>,
    slot0: u32,
    grow: u64,
}

impl Plan {
    fn new(
        m: &module::Module<'_>,
        uses: &[Needs],
        order: Vec<u32>,
        inside: &BTreeSet<u32>,
        slot0: u32,
    ) -> Result<Plan, String> {
        let uses_of = |f: u32| &uses[m.defined(f).expect("a defined function")];
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
        let renumber = Renumber { map };
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
            let n = uses_of(f);
            for &g in &n.funcs {
                let Some(i) = m.defined(g) else { continue };
                let copyable = !uses[i].segments && uses[i].ref_funcs.is_empty();
                if second.contains_key(&g)
                    || Some(g) == m.start
                    || m.bodies[i].range().len() > COPY_MAX
                    || !copyable
                {
                    continue;
                }
                second.insert(g, (order.len() + copies.len()) as u32);
                copies.push(g);
                queue.push(g);
            }
            need.funcs.extend(&n.funcs);
            need.ref_funcs.extend(&n.ref_funcs);
            need.globals.extend(&n.globals);
            need.tables.extend(&n.tables);
        }
        // A function that `ref.func` names keeps one identity: no copy of it.
        if need.ref_funcs.iter().any(|f| copies.contains(f)) {
            return Err("a copied function is named by ref.func".into());
        }
        need.tables.insert(0);
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

        Ok(Plan {
            order,
            moved,
            moved_bytes,
            renumber,
            second,
            copies,
            need,
            outside,
            reached,
            slot0,
            grow,
        })
    }

    /// Table 0 grown by the moved functions' and the reached functions'
    /// slots.
    fn grown(&self, mut ty: we::TableType) -> we::TableType {
        ty.minimum += self.grow;
        ty.maximum = ty.maximum.map(|x| x + self.grow);
        ty
    }
}

/// The names under which the first part exports what the second imports,
/// and the flag `$loaded`'s index.
struct ExportNames {
    loaded: u32,
    more: Vec<(String, we::ExportKind, u32)>,
    memory: String,
    tables: Vec<(u32, String)>,
    globals: Vec<(u32, String)>,
}

impl ExportNames {
    fn new(m: &module::Module<'_>, need: &Needs) -> ExportNames {
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

        ExportNames {
            loaded,
            more,
            memory: memory_name,
            tables: table_names,
            globals: global_names,
        }
    }
}

/// The first part: stubs, one import, a flag, the exports.
fn primary(
    m: &module::Module<'_>,
    plan: &Plan,
    names: &ExportNames,
    load_ty: u32,
) -> Result<Vec<u8>, String> {
    let mut renumber = Renumber {
        map: plan.renumber.map.clone(),
    };
    let (load, loaded, slot0) = (m.func_imports, names.loaded, plan.slot0);
    let (reached, order, moved, more) = (&plan.reached, &plan.order, &plan.moved, &names.more);
    m.rewrite(|id, out| {
        match id {
            2 => {
                out.section(&imports_plus(m, LOAD_FIELD, load_ty)?);
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
                        ty = plan.grown(ty);
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
                globals.global(MUT_I32, &we::ConstExpr::i32_const(0));
                out.section(&globals);
            }
            9 => {
                let mut elements = elements_with(m, &mut renumber)?;
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
            7 | 8 => return shifted(m, id, &mut renumber, more, out),
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
    })
}

/// The second part: the moved bodies and the copies, calling the first
/// part through table 0.
fn secondary(m: &module::Module<'_>, plan: &Plan, names: &ExportNames) -> Result<Vec<u8>, String> {
    let (order, copies, outside, slot0) = (&plan.order, &plan.copies, &plan.outside, plan.slot0);
    let (second, table_names, memory_name, global_names) =
        (&plan.second, &names.tables, &names.memory, &names.globals);
    let mut rt = RoundtripReencoder;
    let mut s = we::Module::new();
    let type_section = m.sections.iter().find(|s| s.0 == 1).ok_or("no types")?;
    s.section(&we::RawSection {
        id: 1,
        data: type_section.1,
    });
    let mut imports = we::ImportSection::new();
    let mut sec = Secondary {
        moved: second,
        globals: HashMap::new(),
        tables: HashMap::new(),
    };
    for (t, name) in table_names {
        sec.tables.insert(*t, sec.tables.len() as u32);
        let mut ty = rt.table_type(m.tables[*t as usize]).map_err(re)?;
        if *t == 0 {
            ty = plan.grown(ty);
        }
        imports.import(PRIMARY_MODULE, name, ty);
    }
    imports.import(
        PRIMARY_MODULE,
        memory_name,
        rt.memory_type(m.memories[0]).map_err(re)?,
    );
    for (g, name) in global_names {
        sec.globals.insert(*g, sec.globals.len() as u32);
        imports.import(
            PRIMARY_MODULE,
            name,
            rt.global_type(m.globals[*g as usize]).map_err(re)?,
        );
    }
    s.section(&imports);
    let mut funcs = we::FunctionSection::new();
    for &f in order.iter().chain(copies) {
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
    for &f in order.iter().chain(copies) {
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
    Ok(s.finish())
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
