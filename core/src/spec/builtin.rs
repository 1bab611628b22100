//! The built-in operand classes: reserved type names, widths and the names
//! of their special values.
//!
//! ```
//! use warpscope_core::spec::builtin;
//! use warpscope_core::spec::model::Builtin;
//! assert_eq!(builtin::from_name("UImm13"), Some(Builtin::UImm(13)));
//! assert_eq!(builtin::width(Builtin::Reg), 8);
//! assert_eq!(builtin::value_of(Builtin::Reg, "RZ"), Some(255));
//! assert_eq!(builtin::value_of(Builtin::Pred, "P3"), Some(3));
//! assert_eq!(builtin::value_of(Builtin::PModi, "True"), Some(1));
//! assert_eq!(builtin::value_of(Builtin::Reg, "R255"), None);
//! ```

use super::model::Builtin;

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

/// The highest scalar register number of the `SGpr` class (`s101`).
pub const LAST_SGPR: u64 = 101;

/// Width in bits of a field of this class.
pub fn width(b: Builtin) -> u32 {
    match b {
        Builtin::Reg => 8,
        Builtin::UReg => 6,
        Builtin::Pred | Builtin::UPred => 3,
        Builtin::PModi | Builtin::SignModi => 1,
        Builtin::UImm(n) | Builtin::SImm(n) => n,
        Builtin::F32Imm => 32,
        Builtin::CMem => 22,
        Builtin::CBank => 19,
        Builtin::SGpr => 7,
        Builtin::HwReg => 16,
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

fn digits(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 19 || !s.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The value a name stands for in a field of this class: `R5`, `RZ`,
/// `UR3`, `URZ`, `P2`, `PT`, `UP1`, `UPT`, `False`, `True`. Immediates and
/// constant operands have no names.
pub fn value_of(b: Builtin, name: &str) -> Option<u64> {
    let numbered = |prefix: &str, zero: &str, zero_value: u64| -> Option<u64> {
        if name == zero {
            return Some(zero_value);
        }
        let n = digits(name.strip_prefix(prefix)?)?;
        (n < zero_value).then_some(n)
    };
    match b {
        Builtin::Reg => numbered("R", "RZ", 255),
        Builtin::UReg => numbered("UR", "URZ", 63),
        Builtin::Pred => numbered("P", "PT", 7),
        Builtin::UPred => numbered("UP", "UPT", 7),
        Builtin::PModi | Builtin::SignModi => match name {
            "False" => Some(0),
            "True" => Some(1),
            _ => None,
        },
        Builtin::SGpr => {
            let n = digits(name.strip_prefix('s')?)?;
            (n <= LAST_SGPR).then_some(n)
        }
        Builtin::UImm(_)
        | Builtin::SImm(_)
        | Builtin::F32Imm
        | Builtin::CMem
        | Builtin::CBank
        | Builtin::HwReg => None,
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
/// use warpscope_core::spec::{builtin, model::Builtin};
/// let parts = builtin::parts(Builtin::HwReg);
/// let names: Vec<_> = parts.iter().map(|p| (p.name, p.lo, p.width)).collect();
/// assert_eq!(names, [("id", 0, 6), ("offset", 6, 5), ("size-1", 11, 5)]);
/// assert!(builtin::parts(Builtin::Reg).is_empty());
/// ```
pub fn parts(b: Builtin) -> &'static [Part] {
    const fn p(name: &'static str, lo: u32, width: u32, bias: u64) -> Part {
        Part {
            name,
            lo,
            width,
            bias,
        }
    }
    const HWREG: &[Part] = &[
        p("id", 0, 6, 0),
        p("offset", 6, 5, 0),
        p("size-1", 11, 5, 1),
    ];
    const CMEM: &[Part] = &[p("offset", 0, 16, 0), p("bank", 16, 6, 0)];
    const CBANK: &[Part] = &[p("offset/4", 0, 14, 0), p("bank", 14, 5, 0)];
    match b {
        Builtin::HwReg => HWREG,
        Builtin::CMem => CMEM,
        Builtin::CBank => CBANK,
        _ => &[],
    }
}
