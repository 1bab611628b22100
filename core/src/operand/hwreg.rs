//! AMDGPU hardware-register operands `hwreg(id)` and
//! `hwreg(id, offset, size)`: 16 bits holding the register id in bits
//! 5..0, the first bit in 10..6 and the size - 1 in 15..11.
//!
//! Register names come from the ISA description (its `HwRegId` enum), so
//! [`HwReg::text`] takes the name lookup as a closure.
//!
//! ```
//! use warpscope_core::operand::hwreg::HwReg;
//! let mode = HwReg::whole(1);
//! assert_eq!(mode.pack(), 0xf801);
//! assert_eq!(HwReg::unpack(0xf801), mode);
//! let name = |id| (id == 1).then_some("HW_REG_MODE");
//! assert_eq!(mode.text(name), "hwreg(HW_REG_MODE)");
//! let part = HwReg { id: 6, offset: 8, size: 4 };
//! assert_eq!(HwReg::unpack(part.pack()), part);
//! assert_eq!(part.text(name), "hwreg(6, 8, 4)");
//! ```

use super::Part;

/// Width in bits of a `HwReg` field.
pub const WIDTH: u32 = 16;
/// The highest register id.
pub const LAST_ID: u32 = 63;
/// The highest first bit.
pub const LAST_OFFSET: u32 = 31;
/// The size of a whole register, the largest bit-field size.
pub const MAX_SIZE: u32 = 32;
/// The name of the description's enum type that names the registers.
pub const TYPE_NAME: &str = "HwRegId";

const OFFSET_LO: u32 = 6;
const SIZE_LO: u32 = 11;
const FIVE_BITS: u64 = 0x1f;

/// The bit fields of a `HwReg` value, low bits first.
pub const PARTS: &[Part] = &[
    Part {
        name: "id",
        lo: 0,
        width: OFFSET_LO,
        bias: 0,
    },
    Part {
        name: "offset",
        lo: OFFSET_LO,
        width: SIZE_LO - OFFSET_LO,
        bias: 0,
    },
    Part {
        name: "size-1",
        lo: SIZE_LO,
        width: WIDTH - SIZE_LO,
        bias: 1,
    },
];

/// A hardware register, or a bit field of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HwReg {
    /// Register id, 0..=[`LAST_ID`].
    pub id: u32,
    /// First bit, 0..=[`LAST_OFFSET`].
    pub offset: u32,
    /// Bits in the field, 1..=[`MAX_SIZE`].
    pub size: u32,
}

impl HwReg {
    /// The whole of register `id` (offset 0, size 32).
    pub fn whole(id: u32) -> HwReg {
        HwReg {
            id,
            offset: 0,
            size: MAX_SIZE,
        }
    }

    /// The 16-bit field value (parts out of range are cut to their bits).
    pub fn pack(self) -> u64 {
        (u64::from(self.id) & u64::from(LAST_ID))
            | ((u64::from(self.offset) & FIVE_BITS) << OFFSET_LO)
            | ((u64::from(self.size.wrapping_sub(1)) & FIVE_BITS) << SIZE_LO)
    }

    /// The register and bit field of a field value.
    pub fn unpack(v: u64) -> HwReg {
        HwReg {
            id: (v & u64::from(LAST_ID)) as u32,
            offset: ((v >> OFFSET_LO) & FIVE_BITS) as u32,
            size: ((v >> SIZE_LO) & FIVE_BITS) as u32 + 1,
        }
    }

    /// True when the value covers the whole register.
    pub fn is_whole(self) -> bool {
        self.offset == 0 && self.size == MAX_SIZE
    }

    /// `hwreg(...)` text as LLVM prints it: the register by the name
    /// `name_of` gives for its id, else by id; offset and size only when
    /// they are not the whole register.
    pub fn text<'n>(self, name_of: impl FnOnce(u64) -> Option<&'n str>) -> String {
        let mut out = String::with_capacity(32);
        self.write_text(&mut out, name_of);
        out
    }

    /// Appends [`HwReg::text`] to `out`.
    pub fn write_text<'n>(self, out: &mut String, name_of: impl FnOnce(u64) -> Option<&'n str>) {
        out.push_str("hwreg(");
        match name_of(u64::from(self.id)) {
            Some(name) => out.push_str(name),
            None => super::push_decimal(out, u64::from(self.id)),
        }
        if !self.is_whole() {
            out.push_str(", ");
            super::push_decimal(out, u64::from(self.offset));
            out.push_str(", ");
            super::push_decimal(out, u64::from(self.size));
        }
        out.push(')');
    }
}
