//! Warp puzzles: graded exercises read from a small text format.
//!
//! A puzzle file names its ISA, the registers that carry its inputs (and
//! how their values are drawn), the registers checked after the run (and on
//! which lanes), limits, hints and a reference solution. [`parse`] reads it
//! into a [`Puzzle`], reporting every problem as a located
//! [`Diagnostic`]; [`check::check`] grades a submission against the
//! reference solution. The format is documented in `docs/puzzles.md`.
//!
//! ```
//! use warpscope_core::puzzle;
//! let p = puzzle::bundled("broadcast").unwrap();
//! let report = puzzle::check::check(&p, &p.solution).unwrap();
//! assert!(report.passed());
//! ```

pub mod check;
pub mod link;
mod reader;

use crate::diag::Diagnostic;
use crate::loc::Loc;
use serde::Serialize;

pub use reader::parse;

/// A parsed puzzle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Puzzle {
    /// Short identifier (`broadcast`), used on the command line.
    pub id: String,
    /// One-line title.
    pub title: String,
    /// The CUDA intrinsic or idiom the puzzle teaches.
    pub teaches: String,
    /// Difficulty, 1 (easy) to 5 (hard).
    pub level: u8,
    /// ISA name: `w128`, `sm50` or `gfx9`.
    pub isa: String,
    /// The statement in English (Markdown).
    pub statement: String,
    /// The statement in Chinese (Markdown); empty when not given.
    pub statement_zh: String,
    /// The code the editor starts with.
    pub starter: String,
    /// Input registers, in file order.
    pub inputs: Vec<Input>,
    /// Checked registers, in file order.
    pub outputs: Vec<Output>,
    /// Which cases are run.
    pub cases: CaseSpec,
    /// Limits a submission must respect.
    pub limits: Limits,
    /// Hints, to be shown one at a time.
    pub hints: Vec<String>,
    /// The reference solution.
    pub solution: String,
}

/// An input register and how its values are drawn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Input {
    /// The register.
    pub reg: Loc,
    /// Smallest value drawn (inclusive).
    pub min: u32,
    /// Largest value drawn (inclusive).
    pub max: u32,
    /// Edge values, tried first and mixed into random cases.
    pub special: Vec<u32>,
}

/// Which lanes of a checked register are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lanes {
    /// The lanes active when the case starts.
    Active,
    /// All 32 lanes.
    All,
    /// The lanes in a fixed mask (and active).
    Mask(u32),
}

/// A checked register.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Output {
    /// The register.
    pub reg: Loc,
    /// The lanes compared (ignored for warp-wide registers).
    pub lanes: Lanes,
}

/// A kind of active-lane set the cases use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LaneSet {
    /// All 32 lanes.
    All,
    /// A single lane (lane 0, then lane 31).
    One,
    /// Every other lane (even lanes, then odd lanes).
    Alternating,
    /// The first lanes of the warp, as in the last warp of a grid.
    Partial,
    /// Random non-empty masks.
    Random,
    /// One fixed mask.
    Mask(u32),
}

/// Which cases run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseSpec {
    /// Active-lane sets, in the order their edge cases run.
    pub active: Vec<LaneSet>,
    /// Number of random cases after the edge cases.
    pub random: u32,
    /// Seed of the random cases.
    pub seed: u64,
}

impl Default for CaseSpec {
    fn default() -> CaseSpec {
        CaseSpec {
            active: vec![
                LaneSet::All,
                LaneSet::One,
                LaneSet::Alternating,
                LaneSet::Partial,
                LaneSet::Random,
            ],
            random: 24,
            seed: 1,
        }
    }
}

/// Limits of a submission.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Limits {
    /// Most instructions allowed.
    pub instructions: Option<usize>,
    /// Most steps one case may take.
    pub steps: u64,
    /// Forbidden mnemonics: `SHFL.IDX` forbids `SHFL.IDX` with any further
    /// modifiers, `REDUX` every `REDUX.*`.
    pub forbid: Vec<String>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            instructions: None,
            steps: 1000,
            forbid: Vec::new(),
        }
    }
}

/// The assembly name of a register (`R1`, `P0`, `UR2`, `s3`, `HW_REG_MODE`).
pub fn reg_name(reg: Loc) -> String {
    match reg {
        Loc::HwReg(id) => crate::sim::machine::hwreg_name(id),
        other => other.to_string(),
    }
}

/// True when the register holds one value per lane.
pub fn per_lane(reg: Loc) -> bool {
    matches!(reg, Loc::R(_) | Loc::P(_) | Loc::CC | Loc::PR)
}

macro_rules! bundle {
    ($($id:literal),* $(,)?) => {
        /// The bundled puzzles: `(id, file text)`, easiest first.
        pub static BUNDLED: &[(&str, &str)] = &[
            $(($id, include_str!(concat!("../../puzzles/", $id, ".puzzle")))),*
        ];
    };
}

bundle!(
    "broadcast",
    "rotate",
    "reverse",
    "ballot_count",
    "butterfly_sum",
    "inclusive_scan",
    "segmented_sum",
    "compaction_index",
    "min_with_lane",
    "aggregated_atomic",
    "group_by_key",
    "transpose",
    "divergent_join",
    "pack_predicates",
    "mode_fields",
);

/// A bundled puzzle by id, parsed.
pub fn bundled(id: &str) -> Option<Puzzle> {
    BUNDLED
        .iter()
        .find(|(i, _)| *i == id)
        .and_then(|(_, text)| parse(text).ok())
}

/// Every bundled puzzle, parsed (a bundled file that does not parse is a
/// bug caught by the tests; it is left out here).
pub fn bundled_all() -> Vec<Puzzle> {
    BUNDLED.iter().filter_map(|(_, t)| parse(t).ok()).collect()
}

/// Errors of a puzzle text (empty when it parses).
pub fn errors(text: &str) -> Vec<Diagnostic> {
    parse(text).err().unwrap_or_default()
}
