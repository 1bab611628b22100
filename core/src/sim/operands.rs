//! The operand facts the simulator relies on, as `crate::operand` defines
//! them, in the shapes the simulator stores (register numbers as `u8`,
//! constant addresses as bank and byte offset).
//!
//! Nothing in the simulator spells these numbers itself.

use crate::operand::cmem::Form;
use crate::operand::hwreg::{self, HwReg};
use crate::operand::reg::{self, RegClass};

/// Register number of RZ (reads 0, discards writes).
pub(crate) const RZ: u8 = reg::RZ as u8;
/// Register number of URZ (reads 0, discards writes).
pub(crate) const URZ: u8 = reg::URZ as u8;
/// Number of PT and UPT (read true, discard writes).
pub(crate) const PT: u8 = reg::PT as u8;

/// An AMDGPU `SGpr` operand's register number (as its field encodes it).
pub(crate) fn sgpr(v: u64) -> u8 {
    v.min((1 << RegClass::S.width()) - 1) as u8
}

/// Number of hardware register ids a `hwreg` operand can name.
pub(crate) const HWREG_IDS: usize = hwreg::LAST_ID as usize + 1;

/// The parts of a 16-bit `hwreg` operand: register id, first bit and size
/// in bits (1..=32).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HwRegField {
    pub id: u8,
    pub offset: u32,
    pub size: u32,
}

/// Unpacks a `hwreg` operand value.
pub(crate) fn hwreg_field(v: u64) -> HwRegField {
    let h = HwReg::unpack(v);
    HwRegField {
        id: h.id as u8,
        offset: h.offset,
        size: h.size,
    }
}

/// Bank and byte offset of a w128 `CMem` operand.
pub(crate) fn cmem(v: u64) -> (u8, u16) {
    let (bank, offset) = Form::CMem.unpack(v);
    (bank as u8, offset as u16)
}

/// Bank and byte offset of a Maxwell `CBank` operand.
pub(crate) fn cbank(v: u64) -> (u8, u16) {
    let (bank, offset) = Form::CBank.unpack(v);
    (bank as u8, offset as u16)
}
