//! What each dialect's machine state holds, for `.init`, state views and
//! the names of locations.
//!
//! ```
//! use warpscope_core::{isas, sim::machine};
//! let files = machine::register_files(isas::by_name("gfx9").unwrap());
//! assert_eq!(files[0].name, "s");
//! assert_eq!(files[0].count, 102);
//! assert_eq!(machine::hwreg_name(6), "HW_REG_LDS_ALLOC");
//! ```

use crate::spec::model::{Isa, Machine};
use serde::Serialize;

/// Number of AMDGPU scalar registers simulated (s0..s101).
pub const NUM_SGPRS: usize = 102;

/// GFX9 hardware registers: id, name (as LLVM spells it), the value a
/// wave starts with in warpscope, and what the register holds.
pub const GFX9_HWREGS: &[(u8, &str, u32, &str)] = &[
    (1, "HW_REG_MODE", 0x0000_03f0, "shader-writable mode bits"),
    (
        2,
        "HW_REG_STATUS",
        0,
        "shader status (read-only on hardware)",
    ),
    (3, "HW_REG_TRAPSTS", 0, "trap status"),
    (4, "HW_REG_HW_ID", 0, "wave, SIMD, CU, shader-engine ids"),
    (
        5,
        "HW_REG_GPR_ALLOC",
        0x0600_3f00,
        "per-wave SGPR and VGPR allocation",
    ),
    (6, "HW_REG_LDS_ALLOC", 0, "per-wave LDS allocation"),
    (
        7,
        "HW_REG_IB_STS",
        0,
        "counters of outstanding instructions",
    ),
    (15, "HW_REG_SH_MEM_BASES", 0, "memory apertures"),
    (16, "HW_REG_TBA_LO", 0, "trap base address, low"),
    (17, "HW_REG_TBA_HI", 0, "trap base address, high"),
    (18, "HW_REG_TMA_LO", 0, "trap memory address, low"),
    (19, "HW_REG_TMA_HI", 0, "trap memory address, high"),
];

/// Name of the description type that names the hardware registers.
const HWREG_TYPE: &str = "HwRegId";

/// The values hardware registers start with in warpscope, by name (the
/// others start at 0). Documented in the `HwRegId` notes of
/// `core/isa/gfx9/base.isa`.
const HWREG_RESETS: &[(&str, u32)] = &[
    ("HW_REG_MODE", 0x0000_03f0),
    ("HW_REG_GPR_ALLOC", 0x0600_3f00),
];

/// The hardware registers of `isa` that start non-zero: (id, value).
pub(crate) fn hwreg_resets(isa: &Isa) -> Vec<(u8, u32)> {
    let Some(t) = isa.enum_type(HWREG_TYPE) else {
        return Vec::new();
    };
    HWREG_RESETS
        .iter()
        .filter_map(|&(name, reset)| Some((u8::try_from(t.value_of(name)?).ok()?, reset)))
        .collect()
}

/// Name of hardware register `id`: `HW_REG_MODE`, or `hwreg(N)` for an id
/// GFX9 does not name.
pub fn hwreg_name(id: u8) -> String {
    GFX9_HWREGS
        .iter()
        .find(|h| h.0 == id)
        .map_or_else(|| format!("hwreg({id})"), |h| h.1.to_string())
}

/// The value hardware register `id` holds when a wave starts.
pub fn hwreg_reset(id: u8) -> u32 {
    GFX9_HWREGS.iter().find(|h| h.0 == id).map_or(0, |h| h.2)
}

/// How a register file's values are shaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum FileShape {
    /// One 32-bit value per lane.
    PerLane,
    /// One bit per lane (a lane mask).
    Mask,
    /// A few flag bits per lane (Maxwell CC: ZF, SF, CF, OF).
    Flags,
    /// One 32-bit value for the whole warp or wave.
    Scalar,
    /// One boolean for the whole warp.
    Bool,
}

/// One register file of a machine, for a state view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegFile {
    /// Name prefix (`R`, `P`, `UR`, `CC`, `s`, `HW_REG`).
    pub name: &'static str,
    /// Number of registers (RZ/PT/URZ/UPT not counted).
    pub count: u32,
    /// Shape of each register.
    pub shape: FileShape,
    /// What it is.
    pub doc: &'static str,
}

/// The register files of an ISA's machine, in display order.
pub fn register_files(isa: &Isa) -> Vec<RegFile> {
    let f = |name, count, shape, doc| RegFile {
        name,
        count,
        shape,
        doc,
    };
    match isa.dialect.machine {
        Machine::Warp => vec![
            f(
                "R",
                255,
                FileShape::PerLane,
                "general registers R0..R254 (RZ reads 0)",
            ),
            f("P", 7, FileShape::Mask, "predicates P0..P6 (PT reads true)"),
            f("UR", 63, FileShape::Scalar, "uniform registers UR0..UR62"),
            f("UP", 7, FileShape::Bool, "uniform predicates UP0..UP6"),
            f("B", 16, FileShape::Mask, "convergence barriers B0..B15"),
        ],
        Machine::Maxwell => vec![
            f(
                "R",
                255,
                FileShape::PerLane,
                "general registers R0..R254 (RZ reads 0)",
            ),
            f(
                "P",
                7,
                FileShape::Mask,
                "predicates P0..P6; PR packs them in bits 0..6",
            ),
            f(
                "CC",
                1,
                FileShape::Flags,
                "condition code: ZF bit 0, SF bit 1, CF bit 2, OF bit 3",
            ),
        ],
        Machine::ScalarWave => vec![
            f(
                "s",
                NUM_SGPRS as u32,
                FileShape::Scalar,
                "scalar registers s0..s101",
            ),
            f(
                "HW_REG",
                GFX9_HWREGS.len() as u32,
                FileShape::Scalar,
                "hardware registers (s_getreg/s_setreg)",
            ),
        ],
    }
}
