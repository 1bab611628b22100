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
pub mod cuda;
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
    /// The title in Chinese; empty when not given.
    pub title_zh: String,
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
    /// The hints in Chinese, one for each hint; empty when not given.
    pub hints_zh: Vec<String>,
    /// The reference solution.
    pub solution: String,
    /// A reference solution in CUDA C (`[solution.cuda]`, w128 puzzles
    /// only); empty when not given. The checker grades against
    /// [`Puzzle::solution`]; this one is for people to read.
    pub solution_cuda: String,
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
    /// Most steps one case of a CUDA submission may take (compiled code
    /// runs longer than hand-written assembly); `None`: [`Limits::steps`].
    pub cuda_steps: Option<u64>,
    /// Forbidden mnemonics: `SHFL.IDX` forbids `SHFL.IDX` with any further
    /// modifiers, `REDUX` every `REDUX.*`.
    pub forbid: Vec<String>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            instructions: None,
            steps: 1000,
            cuda_steps: None,
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
        /// The bundled puzzles' ids, easiest first.
        pub const BUNDLED_IDS: &[&str] = &[$($id),*];
        /// The bundled puzzles' files, compiled in.
        #[cfg(feature = "texts")]
        static COMPILED: &[(&str, &str)] = &[
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

/// The bundled puzzles: `(id, file text)`, easiest first.
///
/// With the `texts` feature (the default) the files are compiled in.
/// Without it (the playground, which leaves them out of the wasm it loads
/// to start) they come from [`BUNDLED_FILE`]: installed with
/// [`install_bundled`], or read through the loader given to
/// [`set_bundled_loader`] the first time they are asked for. Until then,
/// or when neither gives them, there are none.
pub fn bundled_texts() -> &'static [(&'static str, &'static str)] {
    #[cfg(feature = "texts")]
    {
        COMPILED
    }
    #[cfg(not(feature = "texts"))]
    {
        if INSTALLED.get().is_none() {
            if let Some(file) = LOADER.get().and_then(|load| load()) {
                install_bundled(&file);
            }
        }
        INSTALLED.get().map_or(&[], |v| v.as_slice())
    }
}

/// The name of the file that holds the bundled puzzles for a build
/// without them: each file in [`BUNDLED_IDS`] order, separated by U+001E.
pub const BUNDLED_FILE: &str = "puzzles.txt";

/// The separator of [`BUNDLED_FILE`]'s texts.
const SEPARATOR: char = '\u{1e}';

/// [`BUNDLED_FILE`]'s contents, from the files compiled in.
#[cfg(feature = "texts")]
pub fn bundled_file() -> String {
    let texts: Vec<&str> = COMPILED.iter().map(|(_, t)| *t).collect();
    texts.join(&SEPARATOR.to_string())
}

#[cfg(not(feature = "texts"))]
static INSTALLED: std::sync::OnceLock<Vec<(&'static str, &'static str)>> =
    std::sync::OnceLock::new();
#[cfg(not(feature = "texts"))]
static LOADER: std::sync::OnceLock<fn() -> Option<String>> = std::sync::OnceLock::new();

/// Makes `file` (a [`BUNDLED_FILE`]) the bundled puzzles; false, and
/// nothing installed, when it does not hold one text per id (or when they
/// are compiled in, or were installed before).
pub fn install_bundled(file: &str) -> bool {
    let texts: Vec<&str> = file.split(SEPARATOR).collect();
    if texts.len() != BUNDLED_IDS.len() {
        return false;
    }
    #[cfg(feature = "texts")]
    {
        false
    }
    #[cfg(not(feature = "texts"))]
    {
        let file: &'static str = Box::leak(file.to_string().into_boxed_str());
        let pairs = BUNDLED_IDS
            .iter()
            .copied()
            .zip(file.split(SEPARATOR))
            .collect();
        INSTALLED.set(pairs).is_ok()
    }
}

/// Gives the function that reads [`BUNDLED_FILE`] when the bundled puzzles
/// are first asked for and not installed (a build without them).
pub fn set_bundled_loader(load: fn() -> Option<String>) {
    #[cfg(not(feature = "texts"))]
    let _ = LOADER.set(load);
    #[cfg(feature = "texts")]
    let _ = load;
}

/// A bundled puzzle by id, parsed.
pub fn bundled(id: &str) -> Option<Puzzle> {
    bundled_texts()
        .iter()
        .find(|(i, _)| *i == id)
        .and_then(|(_, text)| parse(text).ok())
}

/// Every bundled puzzle, parsed (a bundled file that does not parse is a
/// bug caught by the tests; it is left out here).
pub fn bundled_all() -> Vec<Puzzle> {
    bundled_texts()
        .iter()
        .filter_map(|(_, t)| parse(t).ok())
        .collect()
}

/// Errors of a puzzle text (empty when it parses).
pub fn errors(text: &str) -> Vec<Diagnostic> {
    parse(text).err().unwrap_or_default()
}

#[cfg(all(test, feature = "texts"))]
mod bundled_file_tests {
    use super::*;

    #[test]
    fn the_file_holds_each_bundled_text_in_order() {
        let file = bundled_file();
        let texts: Vec<&str> = file.split(SEPARATOR).collect();
        assert_eq!(texts.len(), BUNDLED_IDS.len());
        for ((id, text), file_text) in bundled_texts().iter().zip(&texts) {
            assert_eq!(text, file_text, "{id}");
            assert_eq!(parse(file_text).unwrap().id, *id);
        }
        // compiled in: nothing to install, and a file of the wrong shape
        // is refused either way
        assert!(!install_bundled(&file));
        assert!(!install_bundled(texts[0]));
    }
}
