//! Every syntax and validation error of the description reader, each with
//! its own fixture under `tests/fixtures/spec/errors/`, asserting the
//! message and the `file:line:col` it points at.

use std::path::PathBuf;
use warpscope_core::diag::line_col;
use warpscope_core::spec::load;

fn read(rel: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/spec")
        .join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Loads `errors_base.isa` + `errors/<name>.isa` (32-bit words) and returns
/// every diagnostic as `file:line:col: message`.
fn errors(name: &str) -> Vec<String> {
    let base = read("errors_base.isa");
    let case = read(&format!("errors/{name}.isa"));
    let files = [("base", base.as_str()), ("case", case.as_str())];
    let diags = match load("t", 32, &files) {
        Ok(_) => return Vec::new(),
        Err(d) => d,
    };
    diags
        .iter()
        .map(|d| {
            let (fname, text) = files[d.file];
            assert!(d.span.end <= text.len(), "span past the end: {d:?}");
            let lc = line_col(text, d.span.start);
            format!("{fname}:{}:{}: {}", lc.line, lc.col, d.message())
        })
        .collect()
}

#[test]
fn ambiguous_opcodes() {
    assert_eq!(
        errors("ambiguous_opcodes"),
        [
        "case:7:1: opcode `A_Y` cannot be told apart from `A_X`: their fixed (`==`) fields can match the same word",
        "case:10:1: opcode `A_Z` cannot be told apart from `A_X`: their fixed (`==`) fields can match the same word",
        "case:10:1: opcode `A_Z` cannot be told apart from `A_Y`: their fixed (`==`) fields can match the same word"
        ]
    );
}

#[test]
fn bad_bitwidth_comparison() {
    assert_eq!(
        errors("bad_bitwidth_comparison"),
        [
            "case:10:31: `MID` is not a value of type `Mode`",
            "case:10:44: `rd` is not an enum field; only enum fields can be compared with a value",
            "case:10:59: `q` is not a field of opcode `A_X`"
        ]
    );
}

#[test]
fn bad_bitwidth_expression() {
    assert_eq!(
        errors("bad_bitwidth_expression"),
        [
            "case:9:25: expected a number, `(` or `field == \"VALUE\"`, found `;`",
            "case:10:5: `Bitwidth` takes exactly one operand name, found 2",
            "case:11:14: expected `,` or `>`, found `rd`"
        ]
    );
}

#[test]
fn bad_builtin_value() {
    assert_eq!(
        errors("bad_builtin_value"),
        [
            "case:7:26: `R255` is not a value of type `Reg` (field `rd`)",
            "case:8:28: `UP1` is not a value of type `Pred` (field `pp`)",
            "case:9:33: `Yes` is not a value of type `PModi` (field `pp.not`)",
            "case:10:28: `PT` is not a value of type `UImm4` (field `v`)"
        ]
    );
}

#[test]
fn bad_character() {
    assert_eq!(
        errors("bad_character"),
        ["case:3:23: unexpected character `$`"]
    );
}

#[test]
fn bad_fixed_value() {
    assert_eq!(
        errors("bad_fixed_value"),
        ["case:6:32: `Q` is not a value of type `SType` (field `stype`)"]
    );
}

#[test]
fn builtin_redefined() {
    assert_eq!(
        errors("builtin_redefined"),
        [
            "case:1:19: `UImm4` is a built-in operand class and cannot be redefined",
            "case:3:19: `Reg` is a built-in operand class and cannot be redefined"
        ]
    );
}

#[test]
fn duplicate_definition() {
    assert_eq!(
        errors("duplicate_definition"),
        ["case:7:12: `A` is already defined (as an optype)"]
    );
}

#[test]
fn duplicate_enum_value() {
    assert_eq!(
        errors("duplicate_enum_value"),
        ["case:2:11: value `A` is declared twice in type `T`"]
    );
}

#[test]
fn duplicate_operand_statements() {
    assert_eq!(
        errors("duplicate_operand_statements"),
        [
            "case:9:5: `InList` is given twice in opcode `A_X`",
            "case:11:14: `Bitwidth<pg>` is given twice"
        ]
    );
}

#[test]
fn duplicate_type() {
    assert_eq!(
        errors("duplicate_type"),
        ["case:1:19: type `Mode` is defined twice"]
    );
}

#[test]
fn encoding_in_bitfield_type() {
    assert_eq!(
        errors("encoding_in_bitfield_type"),
        ["case:3:3: a bit-field type has no `__Encoding` section"]
    );
}

#[test]
fn enum_value_missing_semicolon() {
    assert_eq!(
        errors("enum_value_missing_semicolon"),
        ["case:2:6: expected `;` after the value"]
    );
}

#[test]
fn enum_value_too_wide() {
    assert_eq!(
        errors("enum_value_too_wide"),
        [
            "case:2:17: value `E` = 4 does not fit in the 2-bit type `T`",
            "case:3:1: type `U` has width 0; widths go from 1 to 64 bits"
        ]
    );
}

#[test]
fn errors_everywhere() {
    assert_eq!(
        errors("errors_everywhere"),
        [
            "case:1:21: expected the width in bits, found `>`",
            "case:3:20: expected `,` or `]` before the end of the line",
            "case:8:16: expected `>`, found `Optype`",
            "case:11:32: expected a value (a name or a number), found `;`"
        ]
    );
}

#[test]
fn field_declared_twice() {
    assert_eq!(
        errors("field_declared_twice"),
        ["case:7:5: field `stype` is declared twice in `A_X`"]
    );
}

#[test]
fn field_outside_word() {
    assert_eq!(
        errors("field_outside_word"),
        ["case:7:5: field `rd` (bits 30..37) does not fit in the 32-bit word"]
    );
}

#[test]
fn field_width_zero() {
    assert_eq!(
        errors("field_width_zero"),
        ["case:7:5: field `x` has width 0; widths go from 1 to 64 bits"]
    );
}

#[test]
fn group_inherits_optype() {
    assert_eq!(
        errors("group_inherits_optype"),
        ["case:7:17: group `G` cannot inherit from optype `A`: its parents must be groups"]
    );
}

#[test]
fn header_without_name() {
    assert_eq!(
        errors("header_without_name"),
        ["case:1:13: expected a name, found `:`"]
    );
}

#[test]
fn inheritance_cycle() {
    assert_eq!(
        errors("inheritance_cycle"),
        ["case:3:18: inheritance cycle: G1 -> G2 -> G3 -> G1"]
    );
}

#[test]
fn missing_semicolon() {
    assert_eq!(
        errors("missing_semicolon"),
        ["case:3:23: expected `;` before the end of the line"]
    );
}

#[test]
fn mixed_operand_info() {
    assert_eq!(
        errors("mixed_operand_info"),
        ["case:9:5: `__OperandInfo` mixes operand statements with prose"]
    );
}

#[test]
fn modifier_not_a_field() {
    assert_eq!(
        errors("modifier_not_a_field"),
        [
            "case:8:4: modifier `.q` of `A` is not a field of opcode `A_X`",
            "case:8:6: optional modifier `{.n}` of `A` has no default value in opcode `A_X`"
        ]
    );
}

#[test]
fn number_too_large() {
    assert_eq!(
        errors("number_too_large"),
        ["case:2:9: number does not fit in 64 bits `0x1ffffffffffffffff`"]
    );
}

#[test]
fn opcode_inherits_opcode() {
    assert_eq!(
        errors("opcode_inherits_opcode"),
        [
        "case:7:20: opcode `A_R` cannot inherit from opcode `A_X`: its parents must be optypes and groups"
        ]
    );
}

#[test]
fn opcode_with_two_optypes() {
    assert_eq!(
        errors("opcode_with_two_optypes"),
        [
        "case:10:13: opcode `AB_X` descends from several optypes (A, B); it must have exactly one"
        ]
    );
}

#[test]
fn opcode_without_optype() {
    assert_eq!(
        errors("opcode_without_optype"),
        ["case:7:13: opcode `B_X` does not belong to an optype"]
    );
}

#[test]
fn operand_not_a_field() {
    assert_eq!(
        errors("operand_not_a_field"),
        [
            "case:8:16: `ra` in `InList` is not a field of opcode `A_X`",
            "case:9:13: `rd` in `OutList` is not a field of opcode `A_X`",
            "case:10:15: `pg` is listed twice in `Order`",
            "case:11:14: `vb` in `Bitwidth` is not a field of opcode `A_X`"
        ]
    );
}

#[test]
fn operand_statements_in_optype() {
    assert_eq!(
        errors("operand_statements_in_optype"),
        ["case:5:5: operand statements are only allowed in an opcode, not in optype `A`"]
    );
}

#[test]
fn optype_without_group() {
    assert_eq!(
        errors("optype_without_group"),
        ["case:1:13: optype `A` does not belong to a group"]
    );
}

#[test]
fn optype_without_opcodes() {
    assert_eq!(
        errors("optype_without_opcodes"),
        ["case:7:1: optype `B` has no opcodes"]
    );
}

#[test]
fn overlapping_fields() {
    assert_eq!(
        errors("overlapping_fields"),
        ["case:8:5: field `ra` (bits 12..19) overlaps field `rd` (bits 8..15) in opcode `A_X`"]
    );
}

#[test]
fn parent_is_a_type() {
    assert_eq!(
        errors("parent_is_a_type"),
        ["case:1:18: unknown parent `Mode`"]
    );
}

#[test]
fn redeclared_inherited_field() {
    assert_eq!(
        errors("redeclared_inherited_field"),
        ["case:7:5: field `pg` is already inherited from `ALL`"]
    );
}

#[test]
fn section_outside_definition() {
    assert_eq!(
        errors("section_outside_definition"),
        ["case:1:3: section `__Encoding` outside a definition"]
    );
}

#[test]
fn stray_text_at_top() {
    assert_eq!(
        errors("stray_text_at_top"),
        [
        "case:1:1: expected a definition (`__DefBitFieldType`, `__DefGroup`, `__DefOptype` or `__DefOpcode`)"
        ]
    );
}

#[test]
fn syntax_names_other_mnemonic() {
    assert_eq!(
        errors("syntax_names_other_mnemonic"),
        ["case:6:1: the `__Syntax` line of `A` starts with `B`"]
    );
}

#[test]
fn text_before_first_section() {
    assert_eq!(
        errors("text_before_first_section"),
        ["case:2:3: expected a section header such as `__Encoding`"]
    );
}

#[test]
fn unknown_definition_kind() {
    assert_eq!(
        errors("unknown_definition_kind"),
        ["case:1:1: unknown definition kind `__DefThing`"]
    );
}

#[test]
fn unknown_parent() {
    assert_eq!(
        errors("unknown_parent"),
        ["case:1:18: unknown parent `MISC`"]
    );
}

#[test]
fn unknown_type() {
    assert_eq!(errors("unknown_type"), ["case:6:17: unknown type `Stype`"]);
}

#[test]
fn unterminated_string() {
    assert_eq!(
        errors("unterminated_string"),
        ["case:8:27: unterminated string (a `\"` is missing on this line)"]
    );
}

#[test]
fn value_does_not_fit() {
    assert_eq!(
        errors("value_does_not_fit"),
        ["case:7:27: value 16 does not fit in the 4-bit field `v`"]
    );
}

#[test]
fn width_mismatch() {
    assert_eq!(
        errors("width_mismatch"),
        [
            "case:7:5: field `rd` is 6 bits wide but type `Reg` has 8 bits",
            "case:8:5: field `v` is 4 bits wide but type `UImm5` has 5 bits"
        ]
    );
}

#[test]
fn every_fixture_has_a_test() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/spec/errors");
    let this = include_str!("errors.rs");
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let stem = name.trim_end_matches(".isa");
        assert!(
            this.contains(&format!("errors(\"{stem}\")")),
            "fixture {name} has no test"
        );
        assert!(
            !errors(stem).is_empty(),
            "fixture {name} loads without errors"
        );
    }
}

#[test]
fn errors_in_several_files_are_reported_together() {
    let a = "__DefBitFieldType T<2>\n    A; B; C; D; E;\n__DefGroup ALL\n  __Encoding\n    field<0, 8> Rgg r;\n";
    let b = "__DefOptype X : [ALL, NOPE]\n  __Encoding\n    field<8, 3> T t == F;\n";
    let files = [("a.isa", a), ("b.isa", b)];
    let diags = load("t", 32, &files).unwrap_err();
    let got: Vec<(usize, String)> = diags
        .iter()
        .map(|d| {
            let lc = line_col(files[d.file].1, d.span.start);
            (d.file, format!("{}:{}", lc.line, lc.col))
        })
        .collect();
    assert_eq!(
        got,
        [
            (0, "2:17".to_string()),
            (0, "5:17".to_string()),
            (1, "1:1".to_string()),
            (1, "1:23".to_string()),
            (1, "3:5".to_string()),
        ],
        "{diags:#?}"
    );
}

#[test]
fn syntax_errors_in_one_file_stop_the_load() {
    let good = read("errors_base.isa");
    let bad = "__DefGroup G : [ALL]\n  __Encoding\n    field<8, 8> Reg rd\n";
    let diags = load("t", 32, &[("good", &good), ("bad", bad)]).unwrap_err();
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].file, 1);
    assert_eq!(
        diags[0].message(),
        "expected `;` before the end of the line"
    );
}

#[test]
fn word_size_is_checked() {
    let base = read("errors_base.isa");
    let diags = load("t", 0, &[("base", &base)]).unwrap_err();
    assert_eq!(
        diags[0].message(),
        "word size 0 is not between 1 and 128 bits"
    );
    let diags = load("t", 129, &[("base", &base)]).unwrap_err();
    assert_eq!(
        diags[0].message(),
        "word size 129 is not between 1 and 128 bits"
    );
}

#[test]
fn help_points_at_the_first_definition() {
    let base = read("errors_base.isa");
    let case = read("errors/duplicate_type.isa");
    let diags = load("t", 32, &[("base", &base), ("case", &case)]).unwrap_err();
    assert_eq!(
        diags[0].help().as_deref(),
        Some("first defined at base:6:1")
    );
}
