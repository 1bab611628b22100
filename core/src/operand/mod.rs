//! The built-in operand classes: what a description file may name without
//! declaring it (`Reg`, `UImm13`, `CMem`, `HwReg`, ...), and every fact
//! about their values in one place.
//!
//! Each class owns its names, its zero or true register, the parsing of
//! its names, its range, how several numbers pack into one field value
//! and how a value prints:
//!
//! - [`reg`]: the numbered register classes (`R5`/`RZ`, `UR3`/`URZ`,
//!   `P2`/`PT`, `UP1`/`UPT`, `s0`..`s101`);
//! - [`cmem`]: constant-bank operands `c[bank][offset]` (SASS `CMem`,
//!   Maxwell `CBank`);
//! - [`hwreg`]: AMDGPU `hwreg(id, offset, size)` operands;
//! - [`float`]: the decimal text of `F32Imm` values, read and written.
//!
//! This module sits below the description language: the loader checks
//! type names and widths against it, and it depends on no other part of
//! the crate.
//!
//! ```
//! use warpscope_core::operand::{self, Builtin};
//! assert_eq!(operand::from_name("UImm13"), Some(Builtin::UImm(13)));
//! assert_eq!(operand::width(Builtin::Reg), 8);
//! assert_eq!(operand::value_of(Builtin::Reg, "RZ"), Some(255));
//! assert_eq!(operand::value_of(Builtin::Pred, "P3"), Some(3));
//! assert_eq!(operand::value_of(Builtin::PModi, "True"), Some(1));
//! assert_eq!(operand::value_of(Builtin::Reg, "R255"), None);
//! ```

pub mod cmem;
pub mod float;
pub mod hwreg;
pub mod reg;

use serde::Serialize;

/// Operand classes the tools understand without a table in the description.
///
/// Their names are reserved type names in a description file; see
/// `core/isa/w128/base.isa` for the encodings (`Reg`: R0..R254, RZ = 255; ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Builtin {
    /// General-purpose register, per lane. RZ is the all-ones encoding.
    Reg,
    /// Uniform register, one per warp. URZ is the all-ones encoding.
    UReg,
    /// Predicate register, per lane. PT is the all-ones encoding.
    Pred,
    /// Uniform predicate. UPT is the all-ones encoding.
    UPred,
    /// Logical-not modifier of a predicate operand (`!P0`): False/True.
    PModi,
    /// Bitwise-not modifier of a register operand (`~UR4`): False/True.
    SignModi,
    /// Unsigned immediate of the given width.
    UImm(u32),
    /// Signed (two's complement) immediate of the given width.
    SImm(u32),
    /// 32-bit float immediate (the field holds its IEEE-754 bits).
    F32Imm,
    /// Constant-bank operand `c[bank][offset]`.
    CMem,
    /// Maxwell constant-bank operand `c[bank][offset]` in 19 bits:
    /// bits 13..0 = offset / 4, bits 18..14 = bank (0..31).
    CBank,
    /// AMDGPU scalar register `s0`..`s101` (7 bits).
    SGpr,
    /// AMDGPU `hwreg(...)` operand (16 bits): register id in bits 5..0,
    /// first bit offset in 10..6, size - 1 in 15..11. Register names come
    /// from the description's `HwRegId` enum.
    HwReg,
}

/// The built-in class a type name refers to (`Reg`, `UImm13`, ...).
/// `UImmN`/`SImmN` accept N from 1 to 64.
pub fn from_name(name: &str) -> Option<Builtin> {
    Some(match name {
        "Reg" => Builtin::Reg,
        "UReg" => Builtin::UReg,
        "Pred" => Builtin::Pred,
        "UPred" => Builtin::UPred,
        "PModi" => Builtin::PModi,
        "SignModi" => Builtin::SignModi,
        "F32Imm" => Builtin::F32Imm,
        "CMem" => Builtin::CMem,
        "CBank" => Builtin::CBank,
        "SGpr" => Builtin::SGpr,
        "HwReg" => Builtin::HwReg,
        _ => {
            let (n, signed) = if let Some(n) = name.strip_prefix("UImm") {
                (n, false)
            } else {
                (name.strip_prefix("SImm")?, true)
            };
            let n = digits(n)?;
            if !(1..=64).contains(&n) {
                return None;
            }
            let n = n as u32;
            if signed {
                Builtin::SImm(n)
            } else {
                Builtin::UImm(n)
            }
        }
    })
}

/// True for every name a description file may not define as a type:
/// the built-in classes and any `UImm<digits>` / `SImm<digits>`.
pub fn is_reserved(name: &str) -> bool {
    from_name(name).is_some()
        || name
            .strip_prefix("UImm")
            .or_else(|| name.strip_prefix("SImm"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
}

/// Width in bits of a field of this class.
pub fn width(b: Builtin) -> u32 {
    match b {
        Builtin::Reg | Builtin::UReg | Builtin::Pred | Builtin::UPred | Builtin::SGpr => {
            reg::RegClass::of(b).map_or(0, reg::RegClass::width)
        }
        Builtin::PModi | Builtin::SignModi => 1,
        Builtin::UImm(n) | Builtin::SImm(n) => n,
        Builtin::F32Imm => 32,
        Builtin::CMem => cmem::Form::CMem.width(),
        Builtin::CBank => cmem::Form::CBank.width(),
        Builtin::HwReg => hwreg::WIDTH,
    }
}

/// Name of the class as written in a description (`Reg`, `UImm13`).
pub fn name(b: Builtin) -> String {
    match b {
        Builtin::Reg => "Reg".into(),
        Builtin::UReg => "UReg".into(),
        Builtin::Pred => "Pred".into(),
        Builtin::UPred => "UPred".into(),
        Builtin::PModi => "PModi".into(),
        Builtin::SignModi => "SignModi".into(),
        Builtin::UImm(n) => format!("UImm{n}"),
        Builtin::SImm(n) => format!("SImm{n}"),
        Builtin::F32Imm => "F32Imm".into(),
        Builtin::CMem => "CMem".into(),
        Builtin::CBank => "CBank".into(),
        Builtin::SGpr => "SGpr".into(),
        Builtin::HwReg => "HwReg".into(),
    }
}

/// A decimal number of at most 19 digits (no sign, no separators).
fn digits(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 19 || !s.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The value a name stands for in a field of this class: `R5`, `RZ`,
/// `UR3`, `URZ`, `P2`, `PT`, `UP1`, `UPT`, `s7`, `False`, `True` (exact
/// case). Immediates and constant operands have no names.
pub fn value_of(b: Builtin, name: &str) -> Option<u64> {
    match b {
        Builtin::PModi | Builtin::SignModi => match name {
            "False" => Some(0),
            "True" => Some(1),
            _ => None,
        },
        _ => reg::RegClass::of(b)?.value_of(name),
    }
}

/// Appends `v` in decimal, as `{v}` would (operand texts are built often:
/// every operand of every disassembled instruction).
pub(crate) fn push_decimal(out: &mut String, v: u64) {
    // Register numbers, the usual case, have one to three digits: pushed
    // as characters the compiler knows are ASCII (one byte each).
    let digit = |d: u64| char::from(b'0' + (d % 10) as u8);
    match v {
        0..=9 => out.push(digit(v)),
        10..=99 => {
            out.push(digit(v / 10));
            out.push(digit(v));
        }
        100..=999 => {
            out.push(digit(v / 100));
            out.push(digit(v / 10));
            out.push(digit(v));
        }
        _ => push_digits::<10>(out, v),
    }
}

/// Appends `v` in hex with `0x`, as `{v:#x}` would.
pub(crate) fn push_hex(out: &mut String, v: u64) {
    out.push_str("0x");
    push_digits::<16>(out, v);
}

/// Appends the digits of `v` in `RADIX` (at most 16), lower case. (A
/// constant radix: division by it compiles to a multiplication.)
fn push_digits<const RADIX: u64>(out: &mut String, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = DIGITS[(v % RADIX) as usize];
        v /= RADIX;
        if v == 0 {
            break;
        }
    }
    push_digit_bytes(out, &digits[i..]);
}

/// The digits up to base 16, by value, lower case.
pub(crate) const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// The two lower-case hex digits of every byte value.
pub(crate) static HEX_PAIRS: [[u8; 2]; 256] = {
    let mut t = [[0u8; 2]; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = [DIGITS[b >> 4], DIGITS[b & 0xf]];
        b += 1;
    }
    t
};

/// Appends `digits` (bytes of [`DIGITS`]) to `out`. They are ASCII: up to
/// 4 are pushed as characters (cheaper than checking a short buffer as
/// UTF-8), longer runs checked and copied at once.
pub(crate) fn push_digit_bytes(out: &mut String, digits: &[u8]) {
    if digits.len() <= 4 {
        out.extend(digits.iter().map(|&d| char::from(d)));
    } else {
        out.push_str(std::str::from_utf8(digits).unwrap_or_default());
    }
}

/// Appends a signed `v` in decimal, as `{v}` would.
pub(crate) fn push_signed(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_decimal(out, v.unsigned_abs());
}

/// The text of a value of a `PModi` or `SignModi` field: `False` for 0,
/// `True` for anything else.
pub fn flag_text(v: u64) -> &'static str {
    if v == 0 {
        "False"
    } else {
        "True"
    }
}

/// One named part of a built-in operand's bits, for a bitfield view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Part {
    /// Part name (`id`, `offset`, `size-1`, `bank`).
    pub name: &'static str,
    /// Lowest bit within the operand's value.
    pub lo: u32,
    /// Width in bits.
    pub width: u32,
    /// Added to the raw bits to give the value written in assembly (1 for
    /// a size stored as size - 1, else 0).
    pub bias: u64,
}

/// The named parts of an operand class whose value packs several numbers
/// (`hwreg(id, offset, size)`, `c[bank][offset]`), low bits first; empty
/// for the other classes.
///
/// ```
/// use warpscope_core::operand::{self, Builtin};
/// let parts = operand::parts(Builtin::HwReg);
/// let names: Vec<_> = parts.iter().map(|p| (p.name, p.lo, p.width)).collect();
/// assert_eq!(names, [("id", 0, 6), ("offset", 6, 5), ("size-1", 11, 5)]);
/// assert!(operand::parts(Builtin::Reg).is_empty());
/// ```
pub fn parts(b: Builtin) -> &'static [Part] {
    match b {
        Builtin::HwReg => hwreg::PARTS,
        Builtin::CMem => cmem::Form::CMem.parts(),
        Builtin::CBank => cmem::Form::CBank.parts(),
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::{push_decimal, push_hex, push_signed};

    /// The number writers give what `format!` gives, at the edges too.
    #[test]
    fn number_text_matches_format() {
        let values = [
            0u64,
            1,
            9,
            10,
            15,
            16,
            255,
            4096,
            0x1234_5678_9abc,
            u64::MAX - 1,
            u64::MAX,
        ];
        for v in values.into_iter().chain(0..1200) {
            let (mut d, mut h) = (String::new(), String::new());
            push_decimal(&mut d, v);
            push_hex(&mut h, v);
            assert_eq!((d, h), (format!("{v}"), format!("{v:#x}")));
            for s in [v as i64, -(v as i64), i64::MIN] {
                let mut t = String::new();
                push_signed(&mut t, s);
                assert_eq!(t, format!("{s}"));
            }
        }
    }
}
