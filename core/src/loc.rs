//! Locations of machine state and the values they hold: what `.init`
//! sets, what a step writes, what a puzzle reads, what a view shows.
//! The assembler, the simulator and the front ends all name registers
//! with these.
//!
//! ```
//! use warpscope_core::loc::{Loc, Value};
//! assert_eq!(Loc::R(5).name(), "R5");
//! assert_eq!(Loc::HwReg(1).name(), "HW_REG_MODE");
//! assert_eq!(Loc::PR.name(), "PR");
//! assert_ne!(Value::Mask(1), Value::Scalar(1));
//! ```

use crate::operand::hwreg;
use crate::spec::model::Isa;
use serde::Serialize;

/// A storage location of the warp state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Loc {
    /// General-purpose register `Rn` (per lane), n in 0..=254.
    R(u8),
    /// Predicate `Pn` (per lane, stored as a lane mask), n in 0..=6.
    P(u8),
    /// Uniform register `URn`, n in 0..=62.
    UR(u8),
    /// Uniform predicate `UPn`, n in 0..=6.
    UP(u8),
    /// Convergence barrier register `Bn` (a lane mask), n in 0..=15.
    B(u8),
    /// Writable special register, by its `SReg` number (`SR_PM0`...).
    SR(u8),
    /// Maxwell condition code of each lane: ZF, SF, CF, OF in bits 0..3
    /// (a [`Value::Lanes`] of 4-bit values).
    CC,
    /// AMDGPU scalar register `s0`..`s101`.
    S(u8),
    /// AMDGPU hardware register by id (`HW_REG_MODE` = 1).
    HwReg(u8),
    /// Maxwell predicate register `PR` of each lane: P0..P6 in bits 0..6
    /// (a [`Value::Lanes`]). A view on the `P` registers: a program sets
    /// it with `.init PR` and a puzzle may read it; it is never stored.
    PR,
}

impl Loc {
    /// Assembly name (`R5`, `P0`, `UR2`, `UP1`, `B0`, `SR14`).
    pub fn name(&self) -> String {
        match *self {
            Loc::R(n) => format!("R{n}"),
            Loc::P(n) => format!("P{n}"),
            Loc::UR(n) => format!("UR{n}"),
            Loc::UP(n) => format!("UP{n}"),
            Loc::B(n) => format!("B{n}"),
            Loc::SR(n) => format!("SR{n}"),
            Loc::CC => "CC".to_string(),
            Loc::S(n) => format!("s{n}"),
            Loc::HwReg(n) => hwreg_name(crate::isas::gfx9(), n),
            Loc::PR => "PR".to_string(),
        }
    }
}

impl std::fmt::Display for Loc {
    /// The location as a program's text refers to it: like [`Loc::name`],
    /// but a hardware register by number (`hwreg(1)`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Loc::HwReg(n) => write!(f, "hwreg({n})"),
            other => f.write_str(&other.name()),
        }
    }
}

/// The value of a location, before or after a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Value {
    /// One 32-bit value per lane (general-purpose registers).
    Lanes([u32; 32]),
    /// A lane mask (predicates, barrier registers).
    Mask(u32),
    /// A warp-wide 32-bit value (uniform and special registers).
    Scalar(u32),
    /// A warp-wide boolean (uniform predicates).
    Bool(bool),
}

/// Name of hardware register `id` in `isa`: `HW_REG_MODE`, or
/// `hwreg(N)` for an id the ISA does not name.
pub fn hwreg_name(isa: &Isa, id: u8) -> String {
    isa.enum_type(hwreg::TYPE_NAME)
        .and_then(|t| t.name_of(u64::from(id)))
        .map_or_else(|| format!("hwreg({id})"), str::to_string)
}
