//! Parsing the seed documents and the syntax-level behaviour of the
//! description parser.

use super::seed;
use warpscope_core::diag::line_col;
use warpscope_core::spec::ast::{self, Constraint, DefKind, Item, OperandKind, ValueKind};
use warpscope_core::spec::parse;

/// The syntax tree of `src`, checking that it parses without diagnostics.
fn parse_clean(src: &str) -> ast::File {
    let (f, diags) = parse(0, src);
    assert!(diags.is_empty(), "{diags:#?}");
    f
}

fn types(f: &ast::File) -> Vec<&ast::BitFieldType> {
    f.items
        .iter()
        .filter_map(|i| match i {
            Item::BitFieldType(t) => Some(t),
            _ => None,
        })
        .collect()
}

fn defs(f: &ast::File, kind: DefKind) -> Vec<&ast::Def> {
    f.items
        .iter()
        .filter_map(|i| match i {
            Item::Def(d) if d.kind == kind => Some(d),
            _ => None,
        })
        .collect()
}

fn def<'a>(f: &'a ast::File, name: &str) -> &'a ast::Def {
    f.items
        .iter()
        .find_map(|i| match i {
            Item::Def(d) if d.name.name == name => Some(d),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no definition {name}"))
}

#[test]
fn seed_000_parses_cleanly() {
    let Some(src) = seed("000_") else { return };
    let f = parse_clean(&src);
    let t = types(&f);
    assert_eq!(t.len(), 1);
    let sreg = t[0];
    assert_eq!(sreg.name.name, "SReg");
    assert_eq!(sreg.width, 8);
    // Commented-out SR_THREADID, SR_CLOCK and SR_BARALLOC are not values.
    assert!(sreg.values.iter().all(|v| v.name != "SR_THREADID"));
    assert_eq!(sreg.values[0].name, "SR_LANEID");
    assert_eq!(sreg.values[0].value, 0);
    assert_eq!(sreg.values[1].name, "SR_EQMASK");
    assert_eq!(sreg.values[1].value, 1);
    let ctaid_x = sreg.values.iter().find(|v| v.name == "SR_CTAID.X").unwrap();
    assert_eq!(ctaid_x.value, 11);
    let lwinhi = sreg.values.iter().find(|v| v.name == "SR_LWINHI").unwrap();
    assert_eq!(lwinhi.doc.as_deref(), Some("???"));
    let phy = sreg.values.iter().find(|v| v.name == "SR_PHYTCID").unwrap();
    assert_eq!(phy.doc, None);
    let last = sreg.values.last().unwrap();
    assert_eq!(
        (last.name.as_str(), last.value, last.explicit),
        ("SRZ", 0xff, true)
    );
    assert_eq!(sreg.values.len(), 44);

    assert_eq!(defs(&f, DefKind::Group).len(), 2);
    assert_eq!(defs(&f, DefKind::Optype).len(), 10);
    assert_eq!(defs(&f, DefKind::Opcode).len(), 16);

    let s2r = def(&f, "S2R");
    assert_eq!(s2r.parents[0].name, "MISC");
    let names: Vec<&str> = s2r.docs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Syntax",
            "Description",
            "OperandInfo",
            "Semantics",
            "Examples"
        ]
    );
    assert!(s2r.docs[0].text.starts_with("```asm"));
    assert!(s2r.docs[0].text.contains("S2R Rd, SRa"));
    assert!(s2r.docs[0].text.ends_with("```"));
    assert!(s2r.docs[2].text.starts_with("Rd必须来源于GPR"));
    assert!(s2r.operand_info.is_empty());
    // Doc text is an exact slice of the source.
    let d = &s2r.docs[4];
    assert_eq!(&src[d.text_span.start..d.text_span.end], d.text);
    assert!(d.text.contains("// R1 = SR_LANEID"));

    let pm = def(&f, "PMTRIG_I");
    assert_eq!(pm.fields[0].name.name, "stype");
    assert_eq!(
        pm.fields[0].constraint,
        Constraint::Fixed(ast::Value {
            kind: ValueKind::Ident("I".into()),
            span: pm.fields[0].constraint_span(),
        })
    );
    assert!(matches!(&pm.operand_info[1].kind, OperandKind::OutList(v) if v.is_empty()));

    let dep = def(&f, "DEPBAR_I");
    assert_eq!(dep.fields.len(), 3);
    assert_eq!(dep.operand_info.len(), 5);
}

trait ConstraintSpan {
    fn constraint_span(&self) -> warpscope_core::diag::Span;
}
impl ConstraintSpan for ast::FieldDecl {
    fn constraint_span(&self) -> warpscope_core::diag::Span {
        match &self.constraint {
            Constraint::Fixed(v) | Constraint::Default(v) => v.span,
            Constraint::None => self.span,
        }
    }
}

#[test]
fn seed_002_parses_cleanly() {
    let Some(src) = seed("002_") else { return };
    let f = parse_clean(&src);
    let t = types(&f);
    assert_eq!(t.len(), 6);
    let names: Vec<&str> = t.iter().map(|t| t.name.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "SHFLMode",
            "VOTEOp",
            "MATCHOp",
            "MATCHDType",
            "REDUXOp",
            "REDUXDType"
        ]
    );
    let redux = t[4];
    let vals: Vec<(&str, u64)> = redux
        .values
        .iter()
        .map(|v| (v.name.as_str(), v.value))
        .collect();
    assert_eq!(
        vals,
        [
            ("AND", 0),
            ("OR", 1),
            ("XOR", 2),
            ("SUM", 3),
            ("MAX", 4),
            ("MIN", 5)
        ]
    );
    assert_eq!(t[5].values.len(), 2, "//F32??? is a comment");

    assert_eq!(defs(&f, DefKind::Group).len(), 1);
    assert_eq!(defs(&f, DefKind::Optype).len(), 9);
    assert_eq!(defs(&f, DefKind::Opcode).len(), 14);

    let rri = def(&f, "SHFL_RRI");
    assert_eq!(rri.parents.len(), 1);
    assert_eq!(rri.parents[0].name, "SHFL");
    let fields: Vec<(&str, u64, u64, &str)> = rri
        .fields
        .iter()
        .map(|x| (x.name.name.as_str(), x.lo, x.width, x.ty.name.as_str()))
        .collect();
    assert_eq!(
        fields,
        [
            ("stype", 8, 4, "SType"),
            ("rb", 32, 8, "Reg"),
            ("vc", 40, 13, "UImm13")
        ]
    );
    assert!(
        matches!(&rri.fields[0].constraint, Constraint::Fixed(v) if v.kind == ValueKind::Ident("RRI".into()))
    );
    assert_eq!(rri.fields[1].constraint, Constraint::None);
    let kinds: Vec<String> = rri
        .operand_info
        .iter()
        .map(|s| match &s.kind {
            OperandKind::InList(v) => format!("in:{}", v.len()),
            OperandKind::OutList(v) => format!("out:{}", v.len()),
            OperandKind::Order(v) => format!("order:{}", v.len()),
            OperandKind::Bitwidth(n, _) => format!("bw:{}", n.name),
        })
        .collect();
    assert_eq!(
        kinds,
        ["in:4", "out:2", "order:6", "bw:rd", "bw:ra", "bw:rb", "bw:vc"]
    );
    // Positions: `SHFL_RRI` is on the line of its header.
    let lc = line_col(&src, rri.name.span.start);
    assert_eq!(
        src.lines().nth(lc.line - 1).unwrap(),
        "__DefOpcode SHFL_RRI : [SHFL]"
    );
    assert_eq!(lc.col, 13);

    let sync = def(&f, "SYNCOp");
    assert!(
        matches!(&sync.fields[0].constraint, Constraint::Default(v) if v.kind == ValueKind::Ident("PT".into()))
    );
    assert_eq!(sync.fields[1].name.name, "pg.not");

    let shfl = def(&f, "SHFL");
    let names: Vec<&str> = shfl.docs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Syntax",
            "Description",
            "OperandInfo",
            "ModifierInfo",
            "Semantics",
            "Examples"
        ]
    );
    assert!(shfl.docs[4].text.contains("switch (.mode) {"));

    let elect_u = def(&f, "ELECTU_U");
    assert_eq!(elect_u.fields[2].name.name, "urb.bitnot");
    assert!(
        matches!(&elect_u.fields[2].constraint, Constraint::Default(v) if v.kind == ValueKind::Ident("False".into()))
    );

    let m = def(&f, "MATCH_R");
    let bw = m
        .operand_info
        .iter()
        .find_map(|s| match &s.kind {
            OperandKind::Bitwidth(n, e) if n.name == "ra" => Some(e.to_model()),
            _ => None,
        })
        .unwrap();
    use warpscope_core::spec::model::Expr as E;
    assert_eq!(
        bw,
        E::Add(
            Box::new(E::Int(32)),
            Box::new(E::Mul(
                Box::new(E::Eq("dtype".into(), "U64".into())),
                Box::new(E::Int(32))
            ))
        )
    );
}

#[test]
fn constraint_spellings_are_equivalent() {
    let src = "__DefGroup G\n  __Encoding\n    field<0,4> SType a==I;\n    field< 4 , 4 > SType b == I ;\n    field<8, 3> Pred c=PT; field<11, 1> PModi c.not = False;\n    field<12, 4> UImm4 d = 0x3;\n";
    let (f, diags) = parse(0, src);
    assert!(diags.is_empty(), "{diags:#?}");
    let g = def(&f, "G");
    let c: Vec<(&str, &Constraint)> = g
        .fields
        .iter()
        .map(|x| (x.name.name.as_str(), &x.constraint))
        .collect();
    assert!(matches!(c[0].1, Constraint::Fixed(v) if v.kind == ValueKind::Ident("I".into())));
    assert!(matches!(c[1].1, Constraint::Fixed(v) if v.kind == ValueKind::Ident("I".into())));
    assert!(matches!(c[2].1, Constraint::Default(v) if v.kind == ValueKind::Ident("PT".into())));
    assert_eq!(c[3].0, "c.not");
    assert!(matches!(c[4].1, Constraint::Default(v) if v.kind == ValueKind::Int(3)));
    assert_eq!((g.fields[1].lo, g.fields[1].width), (4, 4));
    // Field spans run from `field` to `;`.
    let s = g.fields[1].span;
    assert_eq!(&src[s.start..s.end], "field< 4 , 4 > SType b == I ;");
}

#[test]
fn enum_values_several_per_line_with_docs() {
    let src = "__DefBitFieldType T<8>\n    A; B = 5; C; // c doc\n    // D;\n    E.X;\n    F = 0x10; //\n  __Description\nsome text\n\n\n__DefBitFieldType U<1>\n    Z;\n";
    let (f, diags) = parse(0, src);
    assert!(diags.is_empty(), "{diags:#?}");
    let t = types(&f);
    let v: Vec<(&str, u64, bool, Option<&str>)> = t[0]
        .values
        .iter()
        .map(|v| (v.name.as_str(), v.value, v.explicit, v.doc.as_deref()))
        .collect();
    assert_eq!(
        v,
        [
            ("A", 0, false, None),
            ("B", 5, true, None),
            ("C", 6, false, Some("c doc")),
            ("E.X", 7, false, None),
            ("F", 16, true, None)
        ]
    );
    assert_eq!(t[0].docs.len(), 1);
    assert_eq!(t[0].docs[0].name, "Description");
    assert_eq!(
        t[0].docs[0].text, "some text",
        "trailing blank lines are trimmed"
    );
    assert_eq!(t[1].values[0].name, "Z");
}

#[test]
fn operand_info_statements_or_prose() {
    let src = "\
__DefOptype O : [G]
  __OperandInfo
    Reads the operands of InList<a>.
    InList<a>;
__DefOpcode P : [O]
  __OperandInfo
    // a comment line is neither
    InList<a, b>; OutList<>;
    Order<a>;

    Bitwidth<a> = (2 - 1) * 3 + (m == U64); // note
  __Notes
    Indented prose.
";
    let (f, diags) = parse(0, src);
    assert!(diags.is_empty(), "{diags:#?}");
    let o = def(&f, "O");
    assert!(o.operand_info.is_empty());
    assert_eq!(o.docs[0].name, "OperandInfo");
    // Mixed lines in an optype: the whole section is prose.
    assert_eq!(
        o.docs[0].text,
        "    Reads the operands of InList<a>.\n    InList<a>;"
    );
    let p = def(&f, "P");
    assert_eq!(p.operand_info.len(), 4);
    assert!(p.docs.iter().all(|d| d.name != "OperandInfo"));
    assert_eq!(p.docs[0].name, "Notes");
    use warpscope_core::spec::model::Expr as E;
    let OperandKind::Bitwidth(n, e) = &p.operand_info[3].kind else {
        panic!()
    };
    assert_eq!(n.name, "a");
    assert_eq!(
        e.to_model(),
        E::Add(
            Box::new(E::Mul(
                Box::new(E::Sub(Box::new(E::Int(2)), Box::new(E::Int(1)))),
                Box::new(E::Int(3))
            )),
            Box::new(E::Eq("m".into(), "U64".into()))
        )
    );
}

#[test]
fn crlf_and_tabs_parse_like_lf() {
    let Some(src) = seed("002_") else { return };
    let crlf = src.replace('\n', "\r\n").replace("    field", "\tfield");
    let (a, da) = parse(0, &src);
    let (b, db) = parse(0, &crlf);
    assert!(da.is_empty() && db.is_empty(), "{db:#?}");
    assert_eq!(a.items.len(), b.items.len());
    for (x, y) in a.items.iter().zip(&b.items) {
        match (x, y) {
            (Item::BitFieldType(x), Item::BitFieldType(y)) => {
                let xv: Vec<_> = x.values.iter().map(|v| (&v.name, v.value)).collect();
                let yv: Vec<_> = y.values.iter().map(|v| (&v.name, v.value)).collect();
                assert_eq!(xv, yv);
            }
            (Item::Def(x), Item::Def(y)) => {
                assert_eq!(x.name.name, y.name.name);
                let xf: Vec<_> = x
                    .fields
                    .iter()
                    .map(|f| (&f.name.name, f.lo, f.width, &f.ty.name))
                    .collect();
                let yf: Vec<_> = y
                    .fields
                    .iter()
                    .map(|f| (&f.name.name, f.lo, f.width, &f.ty.name))
                    .collect();
                assert_eq!(xf, yf);
                assert_eq!(x.operand_info.len(), y.operand_info.len());
                assert_eq!(x.docs.len(), y.docs.len());
            }
            _ => panic!("items differ"),
        }
    }
}

#[test]
fn recovery_keeps_later_definitions() {
    let src = "__DefGroup A : [\n__DefGroup B\n  __Encoding\n    field<0, 8> Reg r;\n    field<8 8> Reg s;\n    field<16, 8> Reg t;\n__DefGroup C\n";
    let (f, diags) = parse(2, src);
    assert_eq!(diags.len(), 2, "{diags:#?}");
    assert!(diags.iter().all(|d| d.file == 2));
    let at: Vec<(usize, usize)> = diags
        .iter()
        .map(|d| {
            let lc = line_col(src, d.span.start);
            (lc.line, lc.col)
        })
        .collect();
    assert_eq!(at, [(1, 17), (5, 13)]);
    let names: Vec<&str> = f
        .items
        .iter()
        .map(|i| match i {
            Item::Def(d) => d.name.name.as_str(),
            Item::BitFieldType(t) => t.name.name.as_str(),
        })
        .collect();
    assert_eq!(names, ["B", "C"]);
    let b = def(&f, "B");
    let fields: Vec<&str> = b.fields.iter().map(|f| f.name.name.as_str()).collect();
    assert_eq!(fields, ["r", "t"]);
}
