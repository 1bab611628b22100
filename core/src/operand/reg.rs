//! The numbered register classes: general registers `R0`..`R254` with the
//! zero register `RZ`, uniform registers `UR0`..`UR62` with `URZ`,
//! predicates `P0`..`P6` with the true predicate `PT`, uniform predicates
//! `UP0`..`UP6` with `UPT`, and AMDGPU scalar registers `s0`..`s101`.
//!
//! A zero (or true) register is the all-ones encoding of its field. Names
//! are case-insensitive in assembly ([`parse`]) and exact in description
//! files ([`RegClass::value_of`]).
//!
//! ```
//! use warpscope_core::operand::reg::{self, RegClass, RegName};
//! assert_eq!((reg::RZ, reg::URZ, reg::PT, reg::UPT), (255, 63, 7, 7));
//! assert!(matches!(reg::parse("rz", RegClass::SASS), RegName::Reg(RegClass::R, 255)));
//! assert!(matches!(reg::parse("s101", RegClass::AMDGPU), RegName::Reg(RegClass::S, 101)));
//! assert!(matches!(reg::parse("P7", RegClass::SASS), RegName::Bad(RegClass::P, ..)));
//! assert_eq!(RegClass::R.text(2, true), "R[2:3]");
//! assert_eq!(RegClass::UP.text(reg::UPT, false), "UPT");
//! assert_eq!(RegClass::UR.names(), "UR0..UR62, URZ");
//! ```

use super::{digits, Builtin};
use crate::msg::Text;

/// Encoding of the zero register `RZ` (reads 0, writes are dropped).
pub const RZ: u64 = 255;
/// Encoding of the uniform zero register `URZ`.
pub const URZ: u64 = 63;
/// Encoding of the true predicate `PT`.
pub const PT: u64 = 7;
/// Encoding of the uniform true predicate `UPT`.
pub const UPT: u64 = 7;
/// The highest scalar register number of the `SGpr` class (`s101`).
pub const LAST_SGPR: u64 = 101;

/// A class of numbered registers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegClass {
    /// General register `R0`..`R254`, `RZ`.
    R,
    /// Uniform register `UR0`..`UR62`, `URZ`.
    UR,
    /// Predicate `P0`..`P6`, `PT`.
    P,
    /// Uniform predicate `UP0`..`UP6`, `UPT`.
    UP,
    /// AMDGPU scalar register `s0`..`s101` (no zero register).
    S,
}

impl RegClass {
    /// The register classes of NVIDIA SASS text, longest prefix first.
    pub const SASS: &'static [RegClass] = &[RegClass::UR, RegClass::UP, RegClass::R, RegClass::P];
    /// The register classes of AMDGPU text.
    pub const AMDGPU: &'static [RegClass] = &[RegClass::S];

    /// The class of a built-in operand type, if it is a register class.
    pub fn of(b: Builtin) -> Option<RegClass> {
        Some(match b {
            Builtin::Reg => RegClass::R,
            Builtin::UReg => RegClass::UR,
            Builtin::Pred => RegClass::P,
            Builtin::UPred => RegClass::UP,
            Builtin::SGpr => RegClass::S,
            _ => return None,
        })
    }

    /// The built-in operand type of this class.
    pub fn builtin(self) -> Builtin {
        match self {
            RegClass::R => Builtin::Reg,
            RegClass::UR => Builtin::UReg,
            RegClass::P => Builtin::Pred,
            RegClass::UP => Builtin::UPred,
            RegClass::S => Builtin::SGpr,
        }
    }

    /// Width in bits of a field of this class.
    pub fn width(self) -> u32 {
        match self {
            RegClass::R => 8,
            RegClass::UR => 6,
            RegClass::P | RegClass::UP => 3,
            RegClass::S => 7,
        }
    }

    /// The encoding of the zero (or true) register, if the class has one.
    pub fn zero(self) -> Option<u64> {
        match self {
            RegClass::R => Some(RZ),
            RegClass::UR => Some(URZ),
            RegClass::P => Some(PT),
            RegClass::UP => Some(UPT),
            RegClass::S => None,
        }
    }

    /// The name of the zero (or true) register (`RZ`, `PT`), if any.
    pub fn zero_name(self) -> Option<&'static str> {
        match self {
            RegClass::R => Some("RZ"),
            RegClass::UR => Some("URZ"),
            RegClass::P => Some("PT"),
            RegClass::UP => Some("UPT"),
            RegClass::S => None,
        }
    }

    /// What the zero register always reads: `0` for registers, `true`
    /// for predicates.
    pub fn zero_meaning(self) -> &'static str {
        match self {
            RegClass::R | RegClass::UR | RegClass::S => "0",
            RegClass::P | RegClass::UP => "true",
        }
    }

    /// The highest numbered register (`R254`: 254).
    pub fn last(self) -> u64 {
        match self.zero() {
            Some(z) => z - 1,
            None => LAST_SGPR,
        }
    }

    /// The prefix of the register names as printed (`R`, `UP`, `s`).
    pub fn prefix(self) -> &'static str {
        match self {
            RegClass::R => "R",
            RegClass::UR => "UR",
            RegClass::P => "P",
            RegClass::UP => "UP",
            RegClass::S => "s",
        }
    }

    /// What a register of this class is called in messages (in English:
    /// [`RegClass::describe`]).
    pub fn noun(self) -> Text {
        match self {
            RegClass::R => crate::msg!("register"),
            RegClass::UR => crate::msg!("uniform register"),
            RegClass::P => crate::msg!("predicate"),
            RegClass::UP => crate::msg!("uniform predicate"),
            RegClass::S => crate::msg!("scalar register"),
        }
    }

    /// What a register of this class is called in English messages.
    pub fn describe(self) -> &'static str {
        self.noun().template
    }

    /// The numbered registers: `R0..R254`, `s0..s101`.
    pub fn range(self) -> String {
        let p = self.prefix();
        format!("{p}0..{p}{}", self.last())
    }

    /// Every name of the class: `R0..R254, RZ`, `s0..s101`.
    pub fn names(self) -> String {
        match self.zero_name() {
            Some(z) => format!("{}, {z}", self.range()),
            None => self.range(),
        }
    }

    /// The value of a register name, exact case (`R5`, `RZ`, `s7`), as a
    /// description file writes it.
    pub fn value_of(self, name: &str) -> Option<u64> {
        if let (Some(z), Some(zn)) = (self.zero(), self.zero_name()) {
            if name == zn {
                return Some(z);
            }
        }
        let n = digits(name.strip_prefix(self.prefix())?)?;
        (n <= self.last()).then_some(n)
    }

    /// The text of register `v`: `R5`, `RZ`, `PT`, `s7`; with `pair`, a
    /// general or uniform register prints as the pair `R[2:3]`.
    pub fn text(self, v: u64, pair: bool) -> String {
        let mut out = String::with_capacity(12);
        self.write_text(&mut out, v, pair);
        out
    }

    /// Appends [`RegClass::text`] to `out`.
    pub fn write_text(self, out: &mut String, v: u64, pair: bool) {
        if let (Some(z), Some(zn)) = (self.zero(), self.zero_name()) {
            if v == z {
                out.push_str(zn);
                return;
            }
        }
        out.push_str(self.prefix());
        if pair && matches!(self, RegClass::R | RegClass::UR) {
            out.push('[');
            super::push_decimal(out, v);
            out.push(':');
            super::push_decimal(out, v.wrapping_add(1));
            out.push(']');
        } else {
            super::push_decimal(out, v);
        }
    }
}

/// What a name is as a register.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegName {
    /// A register of a class and its number (the zero register's encoding
    /// for `RZ`, `PT`, ...).
    Reg(RegClass, u64),
    /// Looks like a register of the class but is not one (`R255`, `P7`):
    /// message and help.
    Bad(RegClass, Text, Text),
    /// Not a register name.
    NotReg,
}

/// `text` without `prefix`, compared case-insensitively.
fn strip_prefix_ignore_case<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// Classifies a name among `classes` (tried in order), case-insensitive:
/// a register (`R5`, `RZ`, `up3`...), something that looks like one but
/// is out of range (`R255`, `P7`), or neither.
pub fn parse(text: &str, classes: &[RegClass]) -> RegName {
    parse_short(text, classes).unwrap_or_else(|| parse_any(text, classes))
}

/// [`parse`] for any text: each class in turn.
fn parse_any(text: &str, classes: &[RegClass]) -> RegName {
    let first = text.as_bytes().first().map(u8::to_ascii_uppercase);
    for &class in classes {
        // (The first letter alone rules most classes out.)
        if first
            != class
                .prefix()
                .as_bytes()
                .first()
                .map(u8::to_ascii_uppercase)
        {
            continue;
        }
        let Some(rest) = strip_prefix_ignore_case(text, class.prefix()) else {
            continue;
        };
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
            match (class.zero(), class.zero_name()) {
                (Some(z), Some(zn)) if text.eq_ignore_ascii_case(zn) => {
                    return RegName::Reg(class, z)
                }
                _ => continue,
            }
        }
        // All digits: their value, or None when it does not fit in 64 bits.
        let n = rest.bytes().try_fold(0u64, |n, d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        match n {
            Some(n) if n <= class.last() => return RegName::Reg(class, n),
            _ => return bad(class, text, n),
        }
    }
    RegName::NotReg
}

/// [`parse`] for the common shape, one or two letters and one to three
/// digits (`R5`, `ur12`, `P0`); `None` for any other text, which the
/// general loop reads. The letters must then be exactly a class's prefix:
/// prefixes are letters only, so no other class could leave digits alone.
fn parse_short(text: &str, classes: &[RegClass]) -> Option<RegName> {
    let b = text.as_bytes();
    let letters = match b {
        [a, d, ..] if a.is_ascii_alphabetic() && d.is_ascii_digit() => 1,
        [a, c, d, ..]
            if a.is_ascii_alphabetic() && c.is_ascii_alphabetic() && d.is_ascii_digit() =>
        {
            2
        }
        _ => return None,
    };
    let digits = &b[letters..];
    if digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = digits
        .iter()
        .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
    let head = &text[..letters];
    let class = *classes
        .iter()
        .find(|c| c.prefix().eq_ignore_ascii_case(head))?;
    Some(if n <= class.last() {
        RegName::Reg(class, n)
    } else {
        bad(class, text, Some(n))
    })
}

/// The error for `text`, which names register `n` (`None`: too large to
/// read) of `class` that does not exist.
fn bad(class: RegClass, text: &str, n: Option<u64>) -> RegName {
    let range = class.range();
    let msg = crate::msg!(
        "`{0}` is not a {1}: they are {2}",
        text,
        class.noun(),
        &range
    );
    let help = match (n, class.zero_name()) {
        (Some(n), Some(z)) if Some(n) == class.zero() => {
            let reg = format!("{}{n}", class.prefix());
            crate::msg!("{0} is the encoding of {1}: write `{1}`", reg, z)
        }
        (_, Some(z)) => crate::msg!("use {0}, or {1}", range, z),
        (_, None) => crate::msg!("use {0}", range),
    };
    RegName::Bad(class, msg, help)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sass(text: &str) -> RegName {
        parse(text, RegClass::SASS)
    }

    /// The short path reads what the general loop reads, for every text
    /// of its shape and its neighbours (three letters, four digits).
    #[test]
    fn short_names_read_as_the_general_loop_reads_them() {
        let heads = [
            "R", "r", "UR", "uR", "P", "p", "UP", "up", "s", "S", "U", "X", "RZ", "Rx", "URX", "PT",
        ];
        let mut checked = 0;
        for classes in [RegClass::SASS, RegClass::AMDGPU] {
            for h in heads {
                for n in (0..1100).chain([9999, 10000]) {
                    for text in [format!("{h}{n}"), format!("{h}{n:03}"), format!("{h}{n}x")] {
                        if let Some(short) = parse_short(&text, classes) {
                            assert_eq!(short, parse_any(&text, classes), "{text}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn names() {
        assert!(matches!(sass("R0"), RegName::Reg(RegClass::R, 0)));
        assert!(matches!(sass("r254"), RegName::Reg(RegClass::R, 254)));
        assert!(matches!(sass("RZ"), RegName::Reg(RegClass::R, 255)));
        assert!(matches!(sass("URZ"), RegName::Reg(RegClass::UR, 63)));
        assert!(matches!(sass("UR62"), RegName::Reg(RegClass::UR, 62)));
        assert!(matches!(sass("PT"), RegName::Reg(RegClass::P, 7)));
        assert!(matches!(sass("up6"), RegName::Reg(RegClass::UP, 6)));
        assert!(matches!(sass("UPT"), RegName::Reg(RegClass::UP, 7)));
        match sass("R255") {
            RegName::Bad(RegClass::R, m, h) => {
                let (m, h) = (m.english(), h.english());
                assert!(m.contains("R0..R254"), "{m}");
                assert!(h.contains("RZ"), "{h}");
            }
            _ => panic!("R255 must be rejected"),
        }
        assert!(matches!(sass("P7"), RegName::Bad(RegClass::P, ..)));
        assert!(matches!(sass("UR63"), RegName::Bad(RegClass::UR, ..)));
        assert!(matches!(sass("R99999999999999999999999"), RegName::Bad(..)));
        for not in ["UP", "R", "RX", "loop", "SR_LANEID", "B0", "PX1", "s1", "é"] {
            assert!(matches!(sass(not), RegName::NotReg), "{not}");
        }
        assert!(matches!(
            parse("S102", RegClass::AMDGPU),
            RegName::Bad(RegClass::S, ..)
        ));
    }

    #[test]
    fn zero_is_all_ones() {
        for c in [RegClass::R, RegClass::UR, RegClass::P, RegClass::UP] {
            assert_eq!(c.zero(), Some((1 << c.width()) - 1), "{c:?}");
        }
        assert!(LAST_SGPR < 1 << RegClass::S.width());
    }

    #[test]
    fn texts_of_any_number() {
        assert_eq!(RegClass::R.text(u64::MAX, false), format!("R{}", u64::MAX));
        assert_eq!(
            RegClass::UR.text(u64::MAX, true),
            format!("UR[{}:0]", u64::MAX)
        );
        assert_eq!(RegClass::S.text(0, true), "s0");
        assert_eq!(RegClass::R.text(10, true), "R[10:11]");
    }

    #[test]
    fn texts_read_back() {
        for c in [
            RegClass::R,
            RegClass::UR,
            RegClass::P,
            RegClass::UP,
            RegClass::S,
        ] {
            for v in [0, 1, c.last(), c.zero().unwrap_or(0)] {
                let t = c.text(v, false);
                assert_eq!(c.value_of(&t), Some(v), "{t}");
                assert!(matches!(parse(&t, &[c]), RegName::Reg(k, n) if k == c && n == v));
            }
        }
    }
}
