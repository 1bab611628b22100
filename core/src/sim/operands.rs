//! The operand encodings the simulator relies on, gathered in one place:
//! the zero registers (RZ, URZ, PT/UPT), the packing of AMDGPU's `hwreg`
//! operand, of the two constant-bank operands and of AMDGPU's `SGpr`.
//!
//! Nothing else in the simulator spells these numbers; when the crate
//! gains one home for operand classes, this module becomes a re-export of
//! it.

/// Register number of RZ (reads 0, discards writes).
pub(crate) const RZ: u8 = 255;
/// Register number of URZ (reads 0, discards writes).
pub(crate) const URZ: u8 = 63;
/// Number of PT and UPT (read true, discard writes).
pub(crate) const PT: u8 = 7;

/// An AMDGPU `SGpr` operand's register number (the 7-bit encoding).
pub(crate) fn sgpr(v: u64) -> u8 {
    v.min(127) as u8
}

/// Number of hardware register ids a `hwreg` operand can name (6 bits).
pub(crate) const HWREG_IDS: usize = 64;

/// The parts of a 16-bit `hwreg` operand: register id (bits 5..0), first
/// bit (10..6) and size in bits (15..11 hold size - 1, so 1..=32).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HwRegField {
    pub id: u8,
    pub offset: u32,
    pub size: u32,
}

/// Unpacks a `hwreg` operand value.
pub(crate) fn hwreg_field(v: u64) -> HwRegField {
    HwRegField {
        id: (v & 0x3f) as u8,
        offset: ((v >> 6) & 0x1f) as u32,
        size: ((v >> 11) & 0x1f) as u32 + 1,
    }
}

/// Bank and byte offset of a w128 `CMem` operand (offset in bits 15..0,
/// bank in 21..16).
pub(crate) fn cmem(v: u64) -> (u8, u16) {
    (((v >> 16) & 63) as u8, (v & 0xffff) as u16)
}

/// Bank and byte offset of a Maxwell `CBank` operand (offset / 4 in bits
/// 13..0, bank in 18..14).
pub(crate) fn cbank(v: u64) -> (u8, u16) {
    (((v >> 14) & 31) as u8, ((v & 0x3fff) << 2) as u16)
}
