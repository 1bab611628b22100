//! Loading whole descriptions: flattening, modifiers and the seeds.

use super::seed;
use std::path::PathBuf;
use warpscope_core::diag::render;
use warpscope_core::spec::load;
use warpscope_core::spec::model::{Builtin, Isa, TypeRef};

fn fixture(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/spec")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn load_ok(name: &str, bits: u32, files: &[(&str, &str)]) -> Isa {
    match load(name, bits, files) {
        Ok(isa) => isa,
        Err(d) => panic!("{}", render(&d, files)),
    }
}

fn mini() -> Isa {
    let t = fixture("mini_types.isa");
    let o = fixture("mini_ops.isa");
    load_ok("mini", 32, &[("mini_types.isa", &t), ("mini_ops.isa", &o)])
}

fn field_names(isa: &Isa, opcode: &str) -> Vec<String> {
    let i = isa.opcode_index(opcode).unwrap();
    isa.opcodes[i]
        .fields
        .iter()
        .map(|f| f.name.clone())
        .collect()
}

fn mods<'a>(isa: &'a Isa, optype: &str) -> Vec<(&'a str, bool)> {
    isa.optype(optype)
        .unwrap()
        .modifiers
        .iter()
        .map(|m| (m.field.as_str(), m.optional))
        .collect()
}

#[test]
fn mini_isa_loads_and_flattens() {
    let isa = mini();
    assert_eq!(isa.name, "mini");
    assert_eq!(isa.word_bits, 32);
    let tn: Vec<&str> = isa.types.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(tn, ["Optype", "SType", "ShfMode", "RedOp", "DType"]);
    let gn: Vec<&str> = isa.groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(gn, ["ALL", "G"]);
    assert_eq!(isa.groups[1].parents, ["ALL"]);
    assert_eq!(isa.groups[1].fields.len(), 2);
    assert_eq!(
        isa.groups[1].docs.get("Description"),
        Some("Guarded instructions.")
    );
    let on: Vec<&str> = isa.optypes.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(on, ["NOP", "SHF", "RED", "VOT"]);
    assert!(isa.optypes.iter().all(|o| o.group == "G"));
    let opn: Vec<&str> = isa.opcodes.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(opn, ["NOP_X", "SHF_R", "SHF_I", "RED_R", "VOT_X"]);
    assert_eq!(isa.optype("SHF").unwrap().opcodes, [1, 2]);
    assert_eq!(isa.opcodes[2].optype, 1);
    assert_eq!(isa.opcodes[2].file, 1);
    assert_eq!(isa.types[0].file, 0);

    assert_eq!(
        field_names(&isa, "SHF_R"),
        ["sched", "pg", "pg.not", "optype", "rd", "mode", "stype", "ra", "rb"]
    );
    let shf_r = &isa.opcodes[1];
    assert_eq!(shf_r.fixed_mask, 0xff);
    assert_eq!(shf_r.fixed_bits, 2 | (1 << 6));
    let pg = shf_r.field("pg").unwrap();
    assert_eq!(
        (pg.lo, pg.width, pg.default, pg.fixed),
        (8, 3, Some(7), None)
    );
    assert_eq!(pg.ty, TypeRef::Builtin(Builtin::Pred));
    assert_eq!(pg.declared_in, "G");
    assert_eq!(shf_r.field("sched").unwrap().declared_in, "ALL");
    assert_eq!(shf_r.field("pg.not").unwrap().default, Some(0));
    assert_eq!(shf_r.field("mode").unwrap().ty, TypeRef::Enum(2));
    assert_eq!(shf_r.inputs, ["pg", "ra", "rb"]);
    assert_eq!(shf_r.outputs, ["rd"]);
    assert_eq!(shf_r.order, ["pg", "rd", "ra", "rb"]);
    assert_eq!(shf_r.bitwidths.len(), 1);

    // Enum details: implicit numbering, aliases, docs.
    let op = isa.enum_type("Optype").unwrap();
    assert_eq!(op.value_of("RED"), Some(3));
    assert_eq!(op.value_of("VOT"), Some(0x10));
    assert_eq!(op.values[4].doc.as_deref(), Some("vote"));
    assert_eq!(op.values[5].doc, None);
    let red = isa.enum_type("RedOp").unwrap();
    assert_eq!(red.name_of(3), Some("SUM"));
    assert_eq!(red.value_of("ADD"), Some(3));
    assert_eq!(red.docs.get("Notes"), Some("ADD is an alias of SUM."));
    assert_eq!(isa.enum_type("ShfMode").unwrap().values.len(), 4);

    // Docs stay where they are declared.
    let shf = isa.optype("SHF").unwrap();
    assert_eq!(shf.docs.get("Description"), Some("Shuffle."));
    assert!(shf.docs.get("Syntax").unwrap().contains("SHF.mode Rd"));
    assert_eq!(
        isa.opcodes[2].docs.get("Notes"),
        Some("The immediate form.")
    );
    assert!(isa.opcodes[1].docs.sections.is_empty());
    let vot = isa.optype("VOT").unwrap();
    assert_eq!(
        vot.docs.get("OperandInfo"),
        Some("操作数说明 (prose in an optype).")
    );
}

#[test]
fn mini_isa_modifiers() {
    let isa = mini();
    assert_eq!(mods(&isa, "NOP"), []);
    assert_eq!(mods(&isa, "SHF"), [("mode", false)]);
    // `RED{.dtype}.op`: the syntax order wins over field order.
    assert_eq!(mods(&isa, "RED"), [("dtype", true), ("op", false)]);
    // No __Syntax: enum fields in declaration order; `pp.not` is a companion.
    assert_eq!(mods(&isa, "VOT"), [("kind", true), ("dtype", false)]);
}

#[test]
fn seeds_load_with_a_base() {
    let (Some(s0), Some(s2)) = (seed("000_"), seed("002_")) else {
        eprintln!("note: seed documents not found; test skipped");
        return;
    };
    let base = fixture("seed_base.isa");
    let files = [
        ("base.isa", base.as_str()),
        ("000.isa", &s0),
        ("002.isa", &s2),
    ];
    let isa = load_ok("w128", 128, &files);
    assert_eq!(isa.optypes.len(), 19);
    assert_eq!(isa.opcodes.len(), 30);
    let gn: Vec<&str> = isa.groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(gn, ["ALL", "MISC", "IB", "SYNCOp"]);
    assert_eq!(mods(&isa, "SHFL"), [("mode", false)]);
    assert_eq!(mods(&isa, "REDUX"), [("dtype", true), ("reduxop", false)]);
    assert_eq!(mods(&isa, "MATCH"), [("dtype", true), ("matchop", false)]);
    assert_eq!(mods(&isa, "VOTE"), [("voteop", false)]);
    assert_eq!(mods(&isa, "S2R"), []);
    assert_eq!(isa.optype("SHFL").unwrap().group, "SYNCOp");
    assert_eq!(
        field_names(&isa, "SHFL_RRI"),
        [
            "sched", "req", "wsb", "pg", "pg.not", "optype", "rd", "ra", "mode", "pu", "stype",
            "rb", "vc"
        ]
    );
    let rri = &isa.opcodes[isa.opcode_index("SHFL_RRI").unwrap()];
    assert_eq!(rri.fixed_mask, 0xfff);
    assert_eq!(rri.fixed_bits, 0x20 | (9 << 8));
    assert_eq!(
        rri.field("vc").unwrap().ty,
        TypeRef::Builtin(Builtin::UImm(13))
    );
    let srz = isa.enum_type("SReg").unwrap().value_of("SRZ");
    assert_eq!(srz, Some(0xff));
    let eu = &isa.opcodes[isa.opcode_index("ELECTU_U").unwrap()];
    assert_eq!(
        eu.field("urb.bitnot").unwrap().ty,
        TypeRef::Builtin(Builtin::SignModi)
    );
}
