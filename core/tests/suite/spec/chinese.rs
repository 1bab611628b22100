//! Every bundled ISA documents every instruction in Chinese too: each
//! English description, operand and modifier note of a mnemonic, and each
//! English description of an opcode, has its `_zh` section beside it.

use super::w128_seed::has_cjk;
use warpscope_core::isas::{self, Id};
use warpscope_core::spec::model::{Docs, ORIGINAL_SUFFIX as ZH};

/// The English sections of `docs` among `names` that have no Chinese
/// section beside them, or one without Chinese characters.
fn untranslated(docs: &Docs, names: &[&'static str]) -> Vec<&'static str> {
    names
        .iter()
        .copied()
        .filter(|name| docs.get(name).is_some_and(|en| !en.trim().is_empty()))
        .filter(|name| {
            docs.original(name)
                .is_none_or(|zh| zh.trim().is_empty() || !has_cjk(zh))
        })
        .collect()
}

/// Every missing Chinese section of `isa`, as `ISA NAME Section_zh`.
fn missing(id: Id) -> Vec<String> {
    let isa = id.isa();
    let mnemonics = isa.optypes.iter().map(|o| {
        let sections = ["Description", "OperandInfo", "ModifierInfo"];
        (&o.name, untranslated(&o.docs, &sections))
    });
    let opcodes = isa
        .opcodes
        .iter()
        .map(|op| (&op.name, untranslated(&op.docs, &["Description"])));
    mnemonics
        .chain(opcodes)
        .flat_map(|(name, sections)| {
            sections
                .into_iter()
                .map(move |s| format!("{} {name} {s}{ZH}", id.name()))
        })
        .collect()
}

#[test]
fn every_instruction_of_every_isa_is_described_in_chinese() {
    let mut all = Vec::new();
    let mut described = 0;
    for id in Id::ALL {
        let isa = id.isa();
        described += isa
            .optypes
            .iter()
            .filter(|o| o.docs.get("Description").is_some())
            .count();
        all.extend(missing(id));
    }
    assert!(described > 30, "only {described} described mnemonics");
    assert!(
        all.is_empty(),
        "{} English sections have no Chinese beside them:\n{}",
        all.len(),
        all.join("\n")
    );
    let iadd3 = isas::w128().optypes.iter().find(|o| o.name == "IADD3");
    let zh = iadd3.and_then(|o| o.docs.original("Description"));
    assert!(
        zh.is_some_and(|t| t.starts_with("将三个 32 位整数相加")),
        "{zh:?}"
    );
}
