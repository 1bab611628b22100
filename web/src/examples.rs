//! The example programs offered in the header's examples menu.
//!
//! Each entry is a file of `examples/<isa>/` compiled into the bundle. To
//! offer a new example, add the file there and one line to [`EXAMPLES`];
//! the menu, [`by_name`] and anything that refers to examples by name (a
//! future link format) pick it up from this table.

/// One example program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// The ISA it is written for (`w128`).
    pub isa: &'static str,
    /// Stable short name (the file name without `.s`).
    pub name: &'static str,
    /// Menu label.
    pub title: &'static str,
    /// The program text.
    pub source: &'static str,
}

macro_rules! example {
    ($isa:literal, $name:literal, $title:literal) => {
        Example {
            isa: $isa,
            name: $name,
            title: $title,
            source: include_str!(concat!("../../examples/", $isa, "/", $name, ".s")),
        }
    };
}

/// Every bundled example, in menu order.
pub const EXAMPLES: &[Example] = &[
    example!("w128", "butterfly_sum", "Butterfly sum (SHFL.BFLY)"),
    example!("w128", "segmented", "Segmented shuffles (SHFL.IDX/DOWN)"),
    example!("w128", "inclusive_scan", "Inclusive scan (SHFL.UP)"),
    example!("w128", "broadcast", "Broadcast"),
    example!("w128", "ballot_popc", "Ballot and popcount (VOTE)"),
    example!("w128", "match_any", "Grouping equal values (MATCH)"),
    example!(
        "w128",
        "elect_redux",
        "Elect a leader, reduce (ELECT, REDUX)"
    ),
    example!("w128", "divergent_branch", "Divergent branch (BSSY/BSYNC)"),
];

/// The examples written for one ISA.
pub fn for_isa(isa: &str) -> impl Iterator<Item = &'static Example> + '_ {
    EXAMPLES.iter().filter(move |e| e.isa == isa)
}

/// An example by its short name.
pub fn by_name(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name == name)
}

/// The program shown when the page opens.
pub fn default_example() -> &'static Example {
    &EXAMPLES[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_assembles() {
        for e in EXAMPLES {
            let isa = warpscope_core::isas::by_name(e.isa).expect("known ISA");
            let prog = warpscope_core::asm::assemble(isa, e.source);
            assert!(
                prog.is_ok(),
                "{} does not assemble: {:?}",
                e.name,
                prog.err()
            );
            assert_eq!(by_name(e.name), Some(e));
        }
        assert!(for_isa("w128").count() >= 8);
    }
}
