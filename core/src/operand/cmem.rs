//! Constant-bank operands `c[bank][offset]`, written with a bank number
//! and a byte offset that is a multiple of 4, in two encodings:
//!
//! - [`Form::CMem`] (SASS, 22 bits): the byte offset in bits 15..0, the
//!   bank (0..63) in bits 21..16;
//! - [`Form::CBank`] (Maxwell, 19 bits): the offset / 4 in bits 13..0,
//!   the bank (0..31) in bits 18..14.
//!
//! ```
//! use warpscope_core::operand::cmem::{Form, Problem};
//! assert_eq!(Form::CMem.check(3, 0x160), Ok(0x3_0160));
//! assert_eq!(Form::CBank.check(3, 0x160), Ok((3 << 14) | 0x58));
//! assert_eq!(Form::CBank.unpack((3 << 14) | 0x58), (3, 0x160));
//! assert_eq!(Form::CMem.text(0x3_0160), "c[0x3][0x160]");
//! assert_eq!(Form::CBank.check(32, 0), Err(Problem::Bank));
//! assert_eq!(Form::CMem.check(0, 0x10000), Err(Problem::OffsetRange));
//! assert_eq!(Form::CMem.check(0, 0x162), Err(Problem::Misaligned));
//! ```

use super::{Builtin, Part};

/// The largest byte offset a constant operand can be written with
/// (before the alignment check).
pub const MAX_OFFSET: u128 = 0xffff;
/// The last byte offset that is a multiple of [`ALIGN`].
pub const LAST_OFFSET: u64 = 0xfffc;
/// Constant offsets are multiples of this many bytes.
pub const ALIGN: u64 = 4;

/// One of the encodings of a constant-bank operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// The `CMem` class: bank << 16 | byte offset.
    CMem,
    /// The `CBank` class: bank << 14 | byte offset / 4.
    CBank,
}

/// Why a written `c[bank][offset]` does not fit a [`Form`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// The bank is above [`Form::last_bank`].
    Bank,
    /// The offset is above [`MAX_OFFSET`].
    OffsetRange,
    /// The offset is not a multiple of [`ALIGN`].
    Misaligned,
}

impl Form {
    /// The form of a built-in operand type, if it is a constant class.
    pub fn of(b: Builtin) -> Option<Form> {
        match b {
            Builtin::CMem => Some(Form::CMem),
            Builtin::CBank => Some(Form::CBank),
            _ => None,
        }
    }

    /// Bits of the field that hold the offset (in bytes >> [`Form::shift`]).
    pub const fn offset_bits(self) -> u32 {
        match self {
            Form::CMem => 16,
            Form::CBank => 14,
        }
    }

    /// Bits of the field that hold the bank, above the offset.
    pub const fn bank_bits(self) -> u32 {
        match self {
            Form::CMem => 6,
            Form::CBank => 5,
        }
    }

    /// How far the byte offset is shifted right to be stored.
    pub const fn shift(self) -> u32 {
        match self {
            Form::CMem => 0,
            Form::CBank => 2,
        }
    }

    /// Width in bits of a field of this form.
    pub const fn width(self) -> u32 {
        self.offset_bits() + self.bank_bits()
    }

    /// The highest bank number (63 for `CMem`, 31 for `CBank`).
    pub const fn last_bank(self) -> u64 {
        (1 << self.bank_bits()) - 1
    }

    /// Range-checks a written bank and byte offset (bank first, then the
    /// offset's range, then its alignment) and packs them.
    pub fn check(self, bank: u128, offset: u128) -> Result<u64, Problem> {
        if bank > u128::from(self.last_bank()) {
            return Err(Problem::Bank);
        }
        if offset > MAX_OFFSET {
            return Err(Problem::OffsetRange);
        }
        if offset % u128::from(ALIGN) != 0 {
            return Err(Problem::Misaligned);
        }
        Ok(self.pack(bank as u64, offset as u64))
    }

    /// The field value of a bank and byte offset already in range.
    pub fn pack(self, bank: u64, offset: u64) -> u64 {
        (bank << self.offset_bits()) | (offset >> self.shift())
    }

    /// The bank and byte offset of a field value.
    pub fn unpack(self, v: u64) -> (u64, u64) {
        let bank = (v >> self.offset_bits()) & self.last_bank();
        let offset = (v & ((1 << self.offset_bits()) - 1)) << self.shift();
        (bank, offset)
    }

    /// True when the field value's byte offset is a multiple of [`ALIGN`]
    /// (always for `CBank`, which stores offset / 4).
    pub fn is_aligned(self, v: u64) -> bool {
        self.unpack(v).1 % ALIGN == 0
    }

    /// The text of a field value: `c[0x3][0x160]`.
    pub fn text(self, v: u64) -> String {
        let mut s = String::new();
        self.write_text(&mut s, v);
        s
    }

    /// Appends [`Form::text`] to `out`.
    pub fn write_text(self, out: &mut String, v: u64) {
        let (bank, offset) = self.unpack(v);
        out.push_str("c[");
        super::push_hex(out, bank);
        out.push_str("][");
        super::push_hex(out, offset);
        out.push(']');
    }

    /// The parts of the field value, low bits first, for a bitfield view.
    pub const fn parts(self) -> &'static [Part] {
        match self {
            Form::CMem => CMEM_PARTS,
            Form::CBank => CBANK_PARTS,
        }
    }
}

const fn part(name: &'static str, lo: u32, width: u32) -> Part {
    Part {
        name,
        lo,
        width,
        bias: 0,
    }
}

const CMEM_PARTS: &[Part] = &[
    part("offset", 0, Form::CMem.offset_bits()),
    part("bank", Form::CMem.offset_bits(), Form::CMem.bank_bits()),
];

const CBANK_PARTS: &[Part] = &[
    part("offset/4", 0, Form::CBank.offset_bits()),
    part("bank", Form::CBank.offset_bits(), Form::CBank.bank_bits()),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_unpack() {
        for form in [Form::CMem, Form::CBank] {
            for (bank, offset) in [(0, 0), (1, 4), (form.last_bank(), LAST_OFFSET)] {
                let v = form
                    .check(u128::from(bank), u128::from(offset))
                    .expect("in range");
                assert!(v < 1 << form.width());
                assert_eq!(form.unpack(v), (bank, offset));
                assert!(form.is_aligned(v));
            }
        }
        assert!(!Form::CMem.is_aligned(2));
    }
}
