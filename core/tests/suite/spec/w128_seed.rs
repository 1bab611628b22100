//! The bundled w128 description: it loads cleanly, keeps every definition
//! of the original description documents (seeds 000 and 002) unchanged,
//! documents every mnemonic in English, and numbers mnemonics and operand
//! shapes without collisions.

use crate::roundtrip::checks as common_roundtrip;

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use common_roundtrip::{asm_blocks, full_round_trip};
use warpscope_core::isas;
use warpscope_core::spec::ast::{self, Constraint, Item, OperandKind, ValueKind};
use warpscope_core::spec::model::{Builtin, Docs, Isa, TypeRef, ORIGINAL_SUFFIX as ORIGINAL};
use warpscope_core::spec::{self, parse};

fn isa() -> &'static Isa {
    isas::w128()
}

/// Every item of our files, by name (bit-field types and definitions have
/// separate name spaces).
struct Ours {
    types: HashMap<String, ast::BitFieldType>,
    defs: HashMap<String, ast::Def>,
}

fn ours() -> Ours {
    let mut types = HashMap::new();
    let mut defs = HashMap::new();
    for (i, (name, text)) in isas::w128_sources().iter().enumerate() {
        let (file, diags) = parse(i, text);
        assert!(diags.is_empty(), "{name} has syntax diagnostics: {diags:?}");
        for item in file.items {
            match item {
                Item::BitFieldType(t) => {
                    let prev = types.insert(t.name.name.clone(), t);
                    assert!(prev.is_none(), "type declared twice");
                }
                Item::Def(d) => {
                    let prev = defs.insert(d.name.name.clone(), d);
                    assert!(prev.is_none(), "definition declared twice");
                }
            }
        }
    }
    Ours { types, defs }
}

/// The seed documents 000 and 002, if this checkout has them next to the
/// workspace (`../shared/seeds`).
fn seeds() -> Option<Vec<(String, String)>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds");
    let entries = std::fs::read_dir(&dir).ok()?;
    let mut out = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with("000_") || name.starts_with("002_") {
            let text = std::fs::read_to_string(e.path()).ok()?;
            out.push((name, text));
        }
    }
    out.sort();
    (out.len() == 2).then_some(out)
}

fn constraint_key(c: &Constraint) -> String {
    match c {
        Constraint::None => String::new(),
        Constraint::Default(v) => format!("={}", value_key(&v.kind)),
        Constraint::Fixed(v) => format!("=={}", value_key(&v.kind)),
    }
}

fn value_key(v: &ValueKind) -> String {
    match v {
        ValueKind::Ident(s) => s.clone(),
        ValueKind::Int(n) => n.to_string(),
    }
}

fn field_keys(d: &ast::Def) -> Vec<(String, u64, u64, String, String)> {
    d.fields
        .iter()
        .map(|f| {
            (
                f.name.name.clone(),
                f.lo,
                f.width,
                f.ty.name.clone(),
                constraint_key(&f.constraint),
            )
        })
        .collect()
}

fn operand_keys(d: &ast::Def) -> Vec<String> {
    let names = |v: &[ast::Ident]| {
        v.iter()
            .map(|i| i.name.as_str())
            .collect::<Vec<_>>()
            .join(",")
    };
    d.operand_info
        .iter()
        .map(|s| match &s.kind {
            OperandKind::InList(v) => format!("InList<{}>", names(v)),
            OperandKind::OutList(v) => format!("OutList<{}>", names(v)),
            OperandKind::Order(v) => format!("Order<{}>", names(v)),
            OperandKind::Bitwidth(x, e) => format!("Bitwidth<{}> = {:?}", x.name, e.to_model()),
        })
        .collect()
}

#[test]
fn loads_without_diagnostics() {
    let files = isas::w128_sources();
    let names: Vec<&str> = files.iter().map(|f| f.0).collect();
    assert_eq!(names, ["base.isa", "sreg.isa", "warp.isa", "alu.isa"]);
    for (i, (name, text)) in files.iter().enumerate() {
        let (_, diags) = parse(i, text);
        assert!(diags.is_empty(), "{name}: {diags:?}");
    }
    let isa = spec::load("w128", 128, files).unwrap_or_else(|d| {
        panic!("{}", warpscope_core::diag::render(&d, files));
    });
    assert_eq!(isa.name, "w128");
    assert_eq!(isa.word_bits, 128);
    assert_eq!(isa.optypes.len(), 40);
}

#[test]
fn bundled_isa_is_loaded_once_and_found_by_name() {
    let a = isas::w128();
    assert!(std::ptr::eq(a, isas::w128()));
    assert!(std::ptr::eq(
        a,
        isas::by_name("w128").expect("w128 is bundled")
    ));
    assert!(isas::by_name("W128").is_none());
    assert!(isas::by_name("").is_none());
    assert_eq!(isas::NAMES, ["w128", "sm50", "gfx9"]);
    assert_eq!(
        isas::sources_by_name("w128").map(|s| s.len()),
        Some(isas::w128_sources().len())
    );
    assert!(isas::sources_by_name("w64").is_none());
}

#[test]
fn seed_definitions_are_kept_exactly() {
    let Some(seed_files) = seeds() else {
        eprintln!("note: ../shared/seeds (000_*, 002_*) not found; comparison skipped");
        return;
    };
    let ours = ours();
    let mut checked = 0;
    for (name, text) in &seed_files {
        let (file, diags) = parse(0, text);
        assert!(diags.is_empty(), "seed {name} does not parse: {diags:?}");
        for item in &file.items {
            match item {
                Item::BitFieldType(s) => {
                    let o = ours
                        .types
                        .get(&s.name.name)
                        .unwrap_or_else(|| panic!("type {} is missing", s.name.name));
                    assert_eq!(o.width, s.width, "width of {}", s.name.name);
                    for sv in &s.values {
                        let ov = o
                            .values
                            .iter()
                            .find(|v| v.name == sv.name)
                            .unwrap_or_else(|| panic!("{}.{} is missing", s.name.name, sv.name));
                        assert_eq!(ov.value, sv.value, "{}.{}", s.name.name, sv.name);
                        // The seed's name stays the one printed for its number.
                        let first = o
                            .values
                            .iter()
                            .find(|v| v.value == sv.value)
                            .map(|v| &v.name);
                        assert_eq!(first, Some(&sv.name), "canonical name of {}", sv.value);
                    }
                }
                Item::Def(s) => {
                    let n = &s.name.name;
                    let o = ours
                        .defs
                        .get(n)
                        .unwrap_or_else(|| panic!("definition {n} is missing"));
                    assert_eq!(o.kind, s.kind, "kind of {n}");
                    let parents =
                        |d: &ast::Def| d.parents.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
                    assert_eq!(parents(o), parents(s), "parents of {n}");
                    assert_eq!(field_keys(o), field_keys(s), "fields of {n}");
                    assert_eq!(operand_keys(o), operand_keys(s), "operand info of {n}");
                }
            }
            checked += 1;
        }
    }
    // 000: SReg, MISC, IB and 10 optypes with 16 opcodes;
    // 002: 6 types, SYNCOp, 9 optypes with 14 opcodes.
    assert_eq!(checked, 1 + 2 + 10 + 16 + 6 + 1 + 9 + 14);
}

#[test]
fn sreg_numbers_and_additions() {
    let t = isa().enum_type("SReg").expect("SReg");
    let v = |n: &str| t.value_of(n).unwrap_or_else(|| panic!("{n}"));
    assert_eq!(v("SR_LANEID"), 0);
    assert_eq!(v("SR_EQMASK"), 1);
    assert_eq!(v("SR_CTAID.X"), 11);
    assert_eq!(v("SR_PM0"), 14);
    assert_eq!(v("SR_PM_HI7"), 29);
    assert_eq!(v("SR_CLOCKLO"), 36);
    assert_eq!(v("SR_WARPERRORSTATUS"), 42);
    assert_eq!(v("SRZ"), 0xff);
    // Additions: aliases print as the original name; SR_CLOCK has its own.
    assert_eq!(v("SR_CTAID"), 11);
    assert_eq!(t.name_of(11), Some("SR_CTAID.X"));
    assert_eq!(v("SR_GLOBALTIMERLO"), v("SR_GLOBALTIMELO"));
    assert_eq!(v("SR_GLOBALTIMERHI"), v("SR_GLOBALTIMEHI"));
    assert_eq!(t.name_of(38), Some("SR_GLOBALTIMELO"));
    let clock = v("SR_CLOCK");
    assert_eq!(t.name_of(clock), Some("SR_CLOCK"));
}

pub(super) fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| {
        matches!(c as u32,
            0x2E80..=0x2FDF | 0x3000..=0x303F | 0x3040..=0x30FF | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
    })
}

#[test]
fn cjk_detector_works() {
    assert!(has_cjk("将特殊寄存器"));
    assert!(has_cjk("a（b）"));
    assert!(!has_cjk("SHFL.BFLY P0, R1, R0, 0x1, 0x1f ; // swap"));
}

#[test]
fn the_documents_chinese_text_is_kept_beside_the_english() {
    let isa = isa();
    // The optypes whose description and operand notes the two w128
    // documents write in Chinese.
    let from_documents = [
        "S2R", "CS2R", "S2UR", "SETREG", "GETREG", "SHFL", "VOTE", "VOTEU", "REDUX", "REDUXU",
        "MATCH",
    ];
    for o in &isa.optypes {
        let zh: Vec<&str> = o
            .docs
            .sections
            .iter()
            .filter_map(|(n, _)| n.strip_suffix(ORIGINAL))
            .collect();
        // The others' Chinese is a translation of their English
        // (`chinese::every_instruction_of_every_isa_is_described_in_chinese`).
        if from_documents.contains(&o.name.as_str()) {
            assert!(
                zh.contains(&"Description") && zh.contains(&"OperandInfo"),
                "{}: {zh:?}",
                o.name
            );
        }
        for base in zh {
            let en = o.docs.get(base).unwrap_or("");
            assert!(
                !en.trim().is_empty(),
                "{} has {base}{ORIGINAL} but no English {base}",
                o.name
            );
            let text = o.docs.original(base).unwrap_or("");
            assert!(has_cjk(text), "{} {base}{ORIGINAL} is not Chinese", o.name);
        }
    }
    // A sentence of each document, as written there.
    let shfl = isa
        .optypes
        .iter()
        .find(|o| o.name == "SHFL")
        .map(|o| o.docs.original("Description"));
    assert!(shfl
        .flatten()
        .is_some_and(|t| t.starts_with("在同一个warp的参与线程之间进行GPR值的交换")));
    let s2r = isa
        .optypes
        .iter()
        .find(|o| o.name == "S2R")
        .map(|o| o.docs.get("Description_zh"));
    assert_eq!(
        s2r.flatten(),
        Some("将特殊寄存器SRa的值精确复制给通用寄存器Rd。")
    );
}

#[test]
fn every_mnemonic_is_documented_in_english() {
    let isa = isa();
    for o in &isa.optypes {
        for (section, text) in &o.docs.sections {
            assert!(
                Docs::is_original(section) || !has_cjk(text),
                "{} {section} holds Chinese text outside a `{ORIGINAL}` section",
                o.name
            );
        }
        for section in [
            "Syntax",
            "Description",
            "OperandInfo",
            "Semantics",
            "Examples",
        ] {
            let text = o.docs.get(section).unwrap_or("");
            assert!(!text.trim().is_empty(), "{} has no {section}", o.name);
        }
        let syntax = o.docs.get("Syntax").unwrap_or("");
        let first = syntax
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("```asm"))
            .nth(1)
            .unwrap_or("");
        let mnemonic: String = first
            .trim()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert_eq!(
            mnemonic, o.name,
            "first Syntax line of {}: {first:?}",
            o.name
        );
        for slot in &o.modifiers {
            let needle = if slot.optional {
                format!("{{.{}}}", slot.field)
            } else {
                format!(".{}", slot.field)
            };
            assert!(first.contains(&needle), "{} syntax lacks {needle}", o.name);
        }
        let examples = o.docs.get("Examples").unwrap_or("");
        assert!(
            examples.contains("```asm") && examples.contains(&o.name),
            "{} Examples hold no assembly using it",
            o.name
        );
    }
}

#[test]
fn optype_and_stype_numbers_are_consistent() {
    let isa = isa();
    let optype_t = isa.enum_type("Optype").expect("Optype");
    let stype_t = isa.enum_type("SType").expect("SType");
    assert_eq!((optype_t.width, stype_t.width), (8, 4));
    for t in [optype_t, stype_t] {
        let mut seen = HashSet::new();
        for v in &t.values {
            assert!(
                seen.insert(v.value),
                "{}: {} reuses {}",
                t.name,
                v.name,
                v.value
            );
            assert!(v.value < (1 << t.width));
        }
    }
    assert_eq!(optype_t.value_of("NOP").map(|v| v != 0), Some(true));
    assert!(
        optype_t.name_of(0).is_none(),
        "an all-zero word must not decode"
    );
    // Each mnemonic fixes `optype` to its own name, and every Optype value
    // has a mnemonic.
    let names: HashSet<&str> = isa.optypes.iter().map(|o| o.name.as_str()).collect();
    for v in &optype_t.values {
        assert!(
            names.contains(v.name.as_str()),
            "Optype {} has no optype",
            v.name
        );
    }
    let mut encodings = HashMap::new();
    for op in &isa.opcodes {
        let ot = &isa.optypes[op.optype];
        let f = op.field("optype").expect("optype field");
        assert_eq!((f.lo, f.width), (0, 8), "{}", op.name);
        assert_eq!(f.fixed, optype_t.value_of(&ot.name), "{}", op.name);
        let s = op.field("stype").expect("stype field");
        assert_eq!((s.lo, s.width), (8, 4), "{}", op.name);
        let st = s
            .fixed
            .and_then(|v| stype_t.name_of(v))
            .expect("fixed stype");
        assert!(
            op.name.ends_with(&format!("_{st}")),
            "{} has SType {st}",
            op.name
        );
        let key = (f.fixed, s.fixed);
        if let Some(other) = encodings.insert(key, op.name.clone()) {
            panic!("{} and {other} share optype and stype", op.name);
        }
    }
}

#[test]
fn every_opcode_has_guard_and_controls_and_nothing_else_there() {
    let isa = isa();
    let all = isa
        .groups
        .iter()
        .find(|g| g.name == "ALL")
        .expect("group ALL");
    let ctl: Vec<_> = all
        .fields
        .iter()
        .map(|f| (f.name.as_str(), f.lo, f.width, f.default))
        .collect();
    assert_eq!(
        ctl,
        [
            ("sched", 112, 4, Some(0)),
            ("req", 116, 6, Some(0)),
            ("wsb", 122, 3, Some(7))
        ]
    );
    for op in &isa.opcodes {
        // The guard and its negation: bits, width and default.
        for (name, want) in [("pg", (12, 3, Some(7))), ("pg.not", (15, 1, Some(0)))] {
            let f = op
                .field(name)
                .unwrap_or_else(|| panic!("{}: no {name}", op.name));
            assert_eq!((f.lo, f.width, f.default), want, "{}.{name}", op.name);
        }
        assert_eq!(
            op.field("pg").map(|pg| &pg.ty),
            Some(&TypeRef::Builtin(Builtin::Pred))
        );
        assert_eq!(
            op.order.first().map(String::as_str),
            Some("pg"),
            "{}",
            op.name
        );
        let mut used: u128 = 0;
        for f in &op.fields {
            assert!(
                f.lo + f.width <= 125,
                "{}.{} reaches bits 125..127",
                op.name,
                f.name
            );
            if f.declared_in != "ALL" {
                assert!(
                    f.lo + f.width <= 112,
                    "{}.{} overlaps the controls",
                    op.name,
                    f.name
                );
            }
            assert_eq!(
                used & f.mask(),
                0,
                "{}.{} overlaps another field",
                op.name,
                f.name
            );
            used |= f.mask();
        }
        for name in op.order.iter().chain(&op.inputs).chain(&op.outputs) {
            assert!(
                op.field(name).is_some(),
                "{} names unknown field {name}",
                op.name
            );
        }
    }
}

#[test]
fn alu_and_control_shapes() {
    let isa = isa();
    let order = |name: &str| {
        let i = isa.opcode_index(name).unwrap_or_else(|| panic!("{name}"));
        isa.opcodes[i].order.join(" ")
    };
    assert_eq!(order("ISETP_RI"), "pg pd pq ra vb pp");
    assert_eq!(order("LOP3_RRR"), "pg rd ra rb rc lut");
    assert_eq!(order("SEL_RR"), "pg rd ra rb pp");
    assert_eq!(order("BSSY_I"), "pg bd target");
    assert_eq!(order("BRA_I"), "pg target");
    let mods = |name: &str| {
        isa.optype(name)
            .unwrap_or_else(|| panic!("{name}"))
            .modifiers
            .iter()
            .map(|m| format!("{}{}", m.field, if m.optional { "?" } else { "" }))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(mods("ISETP"), "cmp dtype? bop");
    assert_eq!(mods("SHF"), "dir dtype");
    assert_eq!(mods("LOP3"), "lop");
    assert_eq!(mods("REDUX"), "dtype? reduxop");
    assert_eq!(mods("MATCH"), "dtype? matchop");
    assert_eq!(mods("SHFL"), "mode");
    let breg = isa.enum_type("BReg").expect("BReg");
    assert_eq!(breg.values.len(), 16);
    assert_eq!(breg.value_of("B15"), Some(15));
    let cmp = isa.enum_type("ICmp").expect("ICmp");
    let c = |n: &str| cmp.value_of(n).unwrap_or(99);
    assert_eq!(c("LE"), c("LT") | c("EQ"));
    assert_eq!(c("NE"), c("LT") | c("GT"));
    assert_eq!(c("GE"), c("EQ") | c("GT"));
    let fadd = &isa.opcodes[isa.opcode_index("FADD_RI").expect("FADD_RI")];
    assert_eq!(
        fadd.field("vb").map(|f| f.ty),
        Some(TypeRef::Builtin(Builtin::F32Imm))
    );
}

#[test]
fn every_example_assembles_and_disassembles_back() {
    use warpscope_core::asm;
    let isa = isa();
    let mut count = 0;
    for o in &isa.optypes {
        let blocks = asm_blocks(o.docs.get("Examples").unwrap_or(""));
        assert!(!blocks.is_empty(), "{} has no example block", o.name);
        for block in blocks {
            let program = asm::assemble(isa, &block).unwrap_or_else(|d| {
                panic!(
                    "{} example does not assemble:\n{}",
                    o.name,
                    warpscope_core::diag::render(&d, &[("example", block.as_str())])
                )
            });
            assert!(
                program.warnings.is_empty(),
                "{}: {:?}",
                o.name,
                program.warnings
            );
            let uses_it = program
                .lines
                .iter()
                .any(|l| isa.optypes[isa.opcodes[l.inst.opcode].optype].name == o.name);
            assert!(uses_it, "{} example does not use {}", o.name, o.name);
            for line in &program.lines {
                if let Err(e) = full_round_trip(isa, &line.inst) {
                    panic!("{} example: {e}", o.name);
                }
                count += 1;
            }
        }
    }
    assert!(count >= 80, "only {count} example instructions");
}
