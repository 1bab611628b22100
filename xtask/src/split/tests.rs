//! A small module like the bundle's, split and instrumented.

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
    globals.global(MUT_I32, &we::ConstExpr::i32_const(1024));
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
    let glue = "let wasmModule, wasmInstance, wasm;\nreturn { \"./warpscope_bg.js\": import0, };";
    let split = patch_glue(glue, Mode::Split(0x00c0_ffee), &[("zh.txt".into(), 0xabc)]).unwrap();
    assert!(split.contains("\"./warpscope_bg.js\": import0, s: __wsHost,"));
    assert!(split.contains(&format!("new URL('{REST_FILE}'")));
    assert!(split.contains("export function loadRest()"));
    // the digest it checks, as 8 hex digits; never a request that blocks
    assert!(split.contains("const __wsDigest = '00c0ffee';"));
    assert!(split.contains("window.__warpscopeDigests = { \"zh.txt\": '00000abc' };"));
    assert!(!split.contains("XMLHttpRequest"));
    let record = patch_glue(glue, Mode::Record, &[]).unwrap();
    assert!(record.contains("__wsMarks") && !record.contains("loadRest"));
    assert!(patch_glue("return { import0 };", Mode::Split(0), &[]).is_none());
}

#[test]
fn the_digest_is_fnv_1a() {
    // the published FNV-1a (32-bit) values, which the glue's loop gives too
    assert_eq!(digest(b""), 0x811c_9dc5);
    assert_eq!(digest(b"a"), 0xe40c_292c);
    assert_eq!(digest(b"foobar"), 0xbf9c_f968);
}

#[test]
fn what_the_keep_list_names_stays_with_what_it_calls() {
    let wasm = module();
    let all = ["app::moved", "app::helper", "app::deep", "app::unit"];
    // `moved` stays by name, `deep` because `moved` calls it: only
    // `unit` moves.
    let keep = Keep::parse("# the engine\napp::moved\n\n");
    let parts = split_keeping(&wasm, &rest(&all), &keep).unwrap();
    assert_eq!(parts.moved, 1);
    assert_eq!(read(&parts.primary).unwrap().bodies.len(), 4);
    // An exception wins over a wider pattern.
    let keep = Keep::parse("app::\n!app::unit\n");
    assert!(keep.names("app::deep") && keep.names("<x<app::moved>>::f"));
    assert!(!keep.names("app::unit") && !keep.names("other::f"));
    assert_eq!(split_keeping(&wasm, &rest(&all), &keep).unwrap().moved, 1);
    // Keeping everything leaves nothing to move.
    assert!(split_keeping(&wasm, &rest(&all), &Keep::parse("app::")).is_err());
}
