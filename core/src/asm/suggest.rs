//! Help for what went wrong: what a field takes and what was written
//! instead, and names close to a misspelt one (edit distance, with
//! swapped neighbours counting one).
//!
//! ```
//! use warpscope_core::{asm, isas};
//! let errs = asm::assemble_line(isas::w128(), "SHFLL.BFLY P1, R3, R2, 0x1, 0x1f").unwrap_err();
//! assert_eq!(errs[0].help().as_deref(), Some("did you mean `SHF` or `SHFL`?"));
//! let errs = asm::assemble_line(isas::w128(), "IADD3 R0, P1, R2, RZ").unwrap_err();
//! assert!(errs[0].message().contains("must be a register (R0..R254, RZ)"));
//! ```

use super::parser::{Form, Operand};
use super::Ctx;
use crate::msg::Text;
use crate::operand::hwreg;
use crate::operand::reg::{RegClass, RegName};
use crate::spec::model::{Builtin, Field, Isa, TypeRef};

/// What a field takes, for messages: `a register (R0..R254, RZ)`.
pub(super) fn type_text(isa: &Isa, f: &Field) -> Text {
    let b = match f.ty {
        TypeRef::Builtin(b) => b,
        TypeRef::Enum(t) => {
            return match isa.types.get(t) {
                Some(et) => {
                    let names: Vec<&str> =
                        et.values.iter().take(4).map(|v| v.name.as_str()).collect();
                    let more = if et.values.len() > 4 { ", ..." } else { "" };
                    let names = format!("{}{more}", names.join(", "));
                    crate::msg!("a {0} name ({1})", &et.name, names)
                }
                None => crate::msg!("a name"),
            }
        }
    };
    match b {
        Builtin::Reg => crate::msg!("a register ({0})", RegClass::R.names()),
        Builtin::UReg => crate::msg!("a uniform register ({0})", RegClass::UR.names()),
        Builtin::Pred => crate::msg!("a predicate ({0})", RegClass::P.names()),
        Builtin::UPred => crate::msg!("a uniform predicate ({0})", RegClass::UP.names()),
        Builtin::SGpr => crate::msg!("a scalar register ({0})", RegClass::S.names()),
        Builtin::PModi | Builtin::SignModi => crate::msg!("`True` or `False`"),
        Builtin::UImm(n) => crate::msg!("an unsigned {0}-bit immediate", n),
        Builtin::SImm(n) => crate::msg!("a signed {0}-bit immediate", n),
        Builtin::F32Imm => crate::msg!("a float immediate"),
        Builtin::CMem | Builtin::CBank => crate::msg!("a constant `c[bank][offset]`"),
        Builtin::HwReg => crate::msg!(
            "a hardware register `hwreg(...)` or a {0}-bit value",
            hwreg::WIDTH
        ),
    }
}

/// What a written operand is, for messages: `the immediate `0x1``.
pub(super) fn operand_text(ctx: &Ctx, o: &Operand) -> Text {
    let text = ctx.text(o.span);
    match &o.form {
        Form::Ident(RegName::Reg(c, _)) => match c {
            RegClass::R => crate::msg!("register `{0}`", text),
            RegClass::UR => crate::msg!("uniform register `{0}`", text),
            RegClass::P => crate::msg!("predicate `{0}`", text),
            RegClass::UP => crate::msg!("uniform predicate `{0}`", text),
            RegClass::S => crate::msg!("scalar register `{0}`", text),
        },
        Form::Ident(_) => crate::msg!("the name `{0}`", text),
        Form::Pair(..) => crate::msg!("the register pair `{0}`", text),
        Form::Int(..) => crate::msg!("the immediate `{0}`", text),
        Form::Float(..) | Form::FloatBits(..) => crate::msg!("the float `{0}`", text),
        Form::CMem(..) => crate::msg!("the constant `{0}`", text),
        Form::HwReg(..) => crate::msg!("the hardware register `{0}`", text),
    }
}

/// `did you mean `a`?`, `did you mean `a`, `b` or `c`?` for close names
/// (at least one).
pub(super) fn did_you_mean(close: &[String]) -> Text {
    match close {
        [rest @ .., last] if !rest.is_empty() => {
            crate::msg!("did you mean {0} or {1}?", rest.join(", "), last)
        }
        _ => crate::msg!("did you mean {0}?", close.join(", ")),
    }
}

/// `a`, `a or b`, `a, b or c`: any one of `items`.
pub(super) fn one_of(items: Vec<Text>) -> Text {
    let mut items = items.into_iter();
    let Some(first) = items.next() else {
        return crate::msg!("nothing");
    };
    let rest: Vec<Text> = items.collect();
    let last = rest.len();
    rest.into_iter().enumerate().fold(first, |all, (k, t)| {
        if k + 1 == last {
            crate::msg!("{0} or {1}", all, t)
        } else {
            crate::msg!("{0}, {1}", all, t)
        }
    })
}

/// Edit distance (insertions, deletions, substitutions and swaps of two
/// neighbouring characters), case-insensitive.
pub(super) fn distance(a: &str, b: &str) -> usize {
    let a: Vec<u8> = a.bytes().map(|c| c.to_ascii_uppercase()).collect();
    let b: Vec<u8> = b.bytes().map(|c| c.to_ascii_uppercase()).collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            d[i * w + j] = if i == 0 {
                j
            } else if j == 0 {
                i
            } else {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (d[(i - 1) * w + j - 1] + cost)
                    .min(d[(i - 1) * w + j] + 1)
                    .min(d[i * w + j - 1] + 1);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(d[(i - 2) * w + j - 2] + 1);
                }
                best
            };
        }
    }
    d[a.len() * w + b.len()]
}

/// Up to three names close to `word` (by edit distance or prefix).
pub(super) fn suggest<'n>(word: &str, names: impl Iterator<Item = &'n str>) -> Vec<String> {
    let upper = word.to_ascii_uppercase();
    let limit = (word.len() / 3).max(1);
    let mut scored: Vec<(usize, &str)> = names
        .filter_map(|n| {
            let prefix = upper.len() >= 2 && {
                let k = upper.len().min(n.len());
                n.as_bytes()[..k].eq_ignore_ascii_case(&upper.as_bytes()[..k])
            };
            // the distance is at least the difference in length: a name
            // much longer or shorter can only be a prefix match
            if !prefix && n.len().abs_diff(word.len()) > limit {
                return None;
            }
            let d = distance(word, n);
            (d <= limit || prefix).then_some((if prefix { d.min(limit) } else { d }, n))
        })
        .collect();
    scored.sort_unstable();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(3)
        .map(|(_, n)| format!("`{n}`"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        let names = ["SHFL", "S2R", "S2UR", "SETREG", "MOV"];
        assert_eq!(suggest("SHFLL", names.iter().copied()), vec!["`SHFL`"]);
        assert_eq!(suggest("shfl", names.iter().copied())[0], "`SHFL`");
        assert!(suggest("XYZZY", names.iter().copied()).is_empty());
        assert_eq!(distance("kitten", "sitting"), 3);
        let abc = ["a", "b", "c"].map(Text::value).to_vec();
        assert_eq!(one_of(abc).english(), "a, b or c");
        assert_eq!(one_of(vec![Text::value(1)]).english(), "1");
    }
}
