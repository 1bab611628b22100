//! The example programs offered in the header's examples menu.
//!
//! The programs and their titles come from `warpscope_core::examples` (the
//! files of `examples/<isa>/`, each with a `// Title:` header). This
//! module is the one place the UI asks for them: a new example file listed
//! in core appears in the menu, and anything that refers to examples by id
//! (a link format) resolves them through [`by_id`].

pub use warpscope_core::examples::Example;
use warpscope_core::isas::Id;

/// The examples written for one ISA, in menu order.
pub fn for_isa(isa: Id) -> &'static [Example] {
    warpscope_core::examples::examples_for(isa.name())
}

/// An example by ISA and id.
pub fn by_id(isa: Id, id: &str) -> Option<&'static Example> {
    for_isa(isa).iter().find(|e| e.id == id)
}

/// The program shown when the page opens: the butterfly sum, a SHFL
/// reduction that shows off the lane diagrams.
pub fn default_example() -> &'static Example {
    by_id(Id::W128, "butterfly_sum")
        .or_else(|| for_isa(Id::W128).first())
        .expect("core bundles w128 examples")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_assembles() {
        let all = for_isa(Id::W128);
        assert!(all.len() >= 8);
        for e in all {
            let isa = warpscope_core::isas::w128();
            let prog = warpscope_core::asm::assemble(isa, e.source);
            assert!(prog.is_ok(), "{} does not assemble: {:?}", e.id, prog.err());
            assert_eq!(by_id(Id::W128, e.id), Some(e));
            assert!(!e.title.is_empty());
        }
        assert_eq!(default_example().id, "butterfly_sum");
        for name in [Id::Sm50, Id::Gfx9] {
            let isa = name.isa();
            assert!(!for_isa(name).is_empty(), "{name}");
            for e in for_isa(name) {
                assert!(
                    warpscope_core::asm::assemble(isa, e.source).is_ok(),
                    "{}",
                    e.id
                );
            }
        }
    }
}
