//! What each dialect's machine state holds, for `.init`, state views and
//! the names of locations, derived from the description.
//!
//! The register files a machine has follow from the operand classes its
//! opcodes use: a `Reg` field means general registers R0..R254, `Pred`
//! predicates, `UReg`/`UPred` uniform ones, `SGpr` scalar registers, a
//! `BReg`-typed field the convergence barriers, `HwReg` the hardware
//! registers named by the `HwRegId` enum, and a source selector that can
//! name `CC` (or `PR`) Maxwell's condition code (or packed predicates).
//! What the description does not say is data here: the number of
//! simulated SGPRs, the names of the CC flag bits (the order the state
//! stores them in) and the values hardware registers start with.
//!
//! ```
//! use warpscope_core::{isas, sim::machine};
//! let files = machine::register_files(isas::by_name("gfx9").unwrap());
//! assert_eq!(files[0].name, "s");
//! assert_eq!(files[0].count, 102);
//! assert_eq!(machine::hwreg_name(6), "HW_REG_LDS_ALLOC");
//! let sm50 = machine::register_files(isas::sm50());
//! assert_eq!(sm50[1].packed_in, Some("PR"));
//! assert_eq!(sm50[2].flags[0], ("ZF", 0));
//! ```

use super::operands::{PT, RZ, URZ};
use crate::asm::layout::HWREG_TYPE;
use crate::spec::model::{Builtin, Isa, TypeRef};
use serde::Serialize;

/// Number of AMDGPU scalar registers simulated (s0..s101).
pub const NUM_SGPRS: usize = 102;

/// Number of convergence barrier registers (B0..B15).
pub(crate) const NUM_BARRIERS: usize = 16;

/// Name of the description type of convergence barrier registers.
const BARRIER_TYPE: &str = "BReg";

/// The condition-code flags, in the order the state stores them (bit 0
/// first).
const CC_FLAGS: &[(&str, u32)] = &[("ZF", 0), ("SF", 1), ("CF", 2), ("OF", 3)];

/// The values hardware registers start with in warpscope, by name (the
/// others start at 0). Documented in the `HwRegId` notes of
/// `core/isa/gfx9/base.isa`.
const HWREG_RESETS: &[(&str, u32)] = &[
    ("HW_REG_MODE", 0x0000_03f0),
    ("HW_REG_GPR_ALLOC", 0x0600_3f00),
];

/// One hardware register of a description's `HwRegId` enum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HwReg {
    /// Its id (bits 5..0 of a `hwreg` operand).
    pub id: u8,
    /// Its name as the description (and LLVM) spells it (`HW_REG_MODE`).
    pub name: String,
    /// The value a wave starts with in warpscope.
    pub reset: u32,
    /// What it holds (the description's comment).
    pub doc: String,
}

/// The hardware registers an ISA names, in declaration order (empty
/// without a `HwRegId` enum).
pub fn hwregs(isa: &Isa) -> Vec<HwReg> {
    let Some(t) = isa.enum_type(HWREG_TYPE) else {
        return Vec::new();
    };
    t.values
        .iter()
        .filter_map(|v| {
            Some(HwReg {
                id: u8::try_from(v.value).ok()?,
                name: v.name.clone(),
                reset: hwreg_reset_of(&v.name),
                doc: v.doc.clone().unwrap_or_default(),
            })
        })
        .collect()
}

fn hwreg_reset_of(name: &str) -> u32 {
    HWREG_RESETS.iter().find(|r| r.0 == name).map_or(0, |r| r.1)
}

/// The hardware registers of `isa` that start non-zero: (id, value).
pub(crate) fn hwreg_resets(isa: &Isa) -> Vec<(u8, u32)> {
    hwregs(isa)
        .into_iter()
        .filter(|h| h.reset != 0)
        .map(|h| (h.id, h.reset))
        .collect()
}

/// The hardware register id a name stands for in `isa` (the exact name;
/// the assembler's `asm::layout::hwreg_id` also accepts other cases).
pub fn hwreg_id(isa: &Isa, name: &str) -> Option<u8> {
    let v = isa.enum_type(HWREG_TYPE)?.value_of(name)?;
    u8::try_from(v).ok()
}

/// Name of hardware register `id` in `isa`: `HW_REG_MODE`, or
/// `hwreg(N)` for an id the ISA does not name.
pub fn hwreg_name_in(isa: &Isa, id: u8) -> String {
    crate::loc::hwreg_name(isa, id)
}

/// Name of hardware register `id` in the bundled gfx9 ISA: `HW_REG_MODE`,
/// or `hwreg(N)` for an id GFX9 does not name.
pub fn hwreg_name(id: u8) -> String {
    hwreg_name_in(crate::isas::gfx9(), id)
}

/// The value hardware register `id` of the bundled gfx9 ISA holds when a
/// wave starts.
pub fn hwreg_reset(id: u8) -> u32 {
    hwregs(crate::isas::gfx9())
        .iter()
        .find(|h| h.id == id)
        .map_or(0, |h| h.reset)
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

/// A file's zero register: reads 0 (or true) and discards writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ZeroReg {
    /// Its name (`RZ`, `PT`, `URZ`, `UPT`).
    pub name: &'static str,
    /// Its number (one past the file's last register).
    pub number: u32,
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
    /// What it is, in prose (for a tooltip; the facts below are the ones
    /// to compute with).
    pub doc: &'static str,
    /// The zero register, if the file has one.
    pub zero: Option<ZeroReg>,
    /// Named bits of each register, `(name, bit)`, low bit first (the
    /// flags of Maxwell's CC); empty for other files.
    pub flags: &'static [(&'static str, u32)],
    /// The register that packs the whole file, register `i` in bit `i`
    /// (`PR` for Maxwell's predicates), if the machine has one.
    pub packed_in: Option<&'static str>,
}

/// What a description's opcodes use, to tell which files a machine has.
#[derive(Default)]
struct Uses {
    builtins: Vec<Builtin>,
    enums: Vec<usize>,
}

impl Uses {
    fn of(isa: &Isa) -> Uses {
        let mut u = Uses::default();
        for f in isa.opcodes.iter().flat_map(|o| &o.fields) {
            match f.ty {
                TypeRef::Builtin(b) if !u.builtins.contains(&b) => u.builtins.push(b),
                TypeRef::Enum(t) if !u.enums.contains(&t) => u.enums.push(t),
                _ => {}
            }
        }
        u
    }
    fn builtin(&self, b: Builtin) -> bool {
        self.builtins.contains(&b)
    }
    /// The used enum type called `name`.
    fn enum_named<'a>(&self, isa: &'a Isa, name: &str) -> Option<&'a crate::spec::model::EnumType> {
        self.enums
            .iter()
            .filter_map(|&t| isa.types.get(t))
            .find(|t| t.name == name)
    }
    /// True when a used enum has a value called `name` (an operand that
    /// can name that register, such as P2R's `CC`).
    fn names_value(&self, isa: &Isa, name: &str) -> bool {
        self.enums
            .iter()
            .filter_map(|&t| isa.types.get(t))
            .any(|t| t.value_of(name).is_some())
    }
}

/// The files of the operand classes with a zero register: class, file
/// name, zero register and its number (the file's size), shape, doc.
const ZERO_FILES: &[(Builtin, &str, &str, u8, FileShape, &str)] = &[
    (
        Builtin::Reg,
        "R",
        "RZ",
        RZ,
        FileShape::PerLane,
        crate::msg_str!("general registers R0..R254 (RZ reads 0)"),
    ),
    (
        Builtin::Pred,
        "P",
        "PT",
        PT,
        FileShape::Mask,
        crate::msg_str!("predicates P0..P6 (PT reads true)"),
    ),
    (
        Builtin::UReg,
        "UR",
        "URZ",
        URZ,
        FileShape::Scalar,
        crate::msg_str!("uniform registers UR0..UR62"),
    ),
    (
        Builtin::UPred,
        "UP",
        "UPT",
        PT,
        FileShape::Bool,
        crate::msg_str!("uniform predicates UP0..UP6"),
    ),
];

/// The register files of an ISA's machine, in display order (worked out
/// from the description once and kept with the ISA).
pub fn register_files(isa: &Isa) -> Vec<RegFile> {
    isa.derived
        .get_or_init(|| RegFiles(files_of(isa)))
        .0
        .clone()
}

/// The register files of an ISA, as kept in [`Isa::derived`].
struct RegFiles(Vec<RegFile>);

fn files_of(isa: &Isa) -> Vec<RegFile> {
    let uses = Uses::of(isa);
    let file = |name, count, shape, doc| RegFile {
        name,
        count,
        shape,
        doc,
        zero: None,
        flags: &[],
        packed_in: None,
    };
    let mut files = Vec::new();
    for &(class, name, zero, number, shape, doc) in ZERO_FILES {
        if !uses.builtin(class) {
            continue;
        }
        let mut f = RegFile {
            zero: Some(ZeroReg {
                name: zero,
                number: u32::from(number),
            }),
            ..file(name, u32::from(number), shape, doc)
        };
        if class == Builtin::Pred && uses.names_value(isa, "PR") {
            f.packed_in = Some("PR");
            f.doc = crate::msg_str!("predicates P0..P6; PR packs them in bits 0..6");
        }
        files.push(f);
    }
    if let Some(t) = uses.enum_named(isa, BARRIER_TYPE) {
        let count = t.values.len().min(NUM_BARRIERS) as u32;
        files.push(file(
            "B",
            count,
            FileShape::Mask,
            crate::msg_str!("convergence barriers B0..B15"),
        ));
    }
    if uses.names_value(isa, "CC") {
        files.push(RegFile {
            flags: CC_FLAGS,
            ..file(
                "CC",
                1,
                FileShape::Flags,
                crate::msg_str!("condition code: ZF bit 0, SF bit 1, CF bit 2, OF bit 3"),
            )
        });
    }
    if uses.builtin(Builtin::SGpr) {
        files.push(file(
            "s",
            NUM_SGPRS as u32,
            FileShape::Scalar,
            crate::msg_str!("scalar registers s0..s101"),
        ));
    }
    if uses.builtin(Builtin::HwReg) {
        let count = hwregs(isa).len() as u32;
        files.push(file(
            "HW_REG",
            count,
            FileShape::Scalar,
            crate::msg_str!("hardware registers (s_getreg/s_setreg)"),
        ));
    }
    files
}
