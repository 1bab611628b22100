//! sm50 (Maxwell): `P2R`, plus `S2R` and `EXIT` with the w128 semantics.

use super::fields::Fields;
use super::{alu, build, special, At, Build, Builder, Kind, Operand, PrepError};
use crate::sim::event::EventDetail;
use crate::sim::{lanes, Ctx, Sim};

/// A Maxwell-only operation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Maxwell {
    /// `P2R`: `rd = ra` with byte `byte` merged from PR or CC under
    /// `sb[7:0]`.
    P2r {
        rd: u8,
        ra: u8,
        sb: Operand,
        cc: bool,
        byte: u8,
    },
}

fn p2r(f: &Fields) -> Result<Build, PrepError> {
    let (rd, ra, sb) = (f.reg("rd")?, f.reg("ra")?, f.operand(&["rb", "sb"])?);
    let cc = f.enumerated("src", &[("PR", false), ("CC", true)], false)?;
    let byte = f.raw("insert")?;
    build(move |v, env| {
        Kind::Maxwell(Maxwell::P2r {
            rd: rd.get(v),
            ra: ra.get(v),
            sb: sb.get(v, env.consts),
            cc: cc.get(v),
            byte: byte.get(v).min(3) as u8,
        })
    })
}

/// The builder of each optype of the family.
pub(super) fn recipe(optype: &str) -> Option<Builder> {
    let builder: Builder = match optype {
        "P2R" => p2r,
        "S2R" => special::s2r,
        "EXIT" => alu::exit,
        _ => return None,
    };
    Some(builder)
}

impl Sim {
    pub(super) fn exec_maxwell(&mut self, op: Maxwell, at: At, ctx: &mut Ctx) -> EventDetail {
        let Maxwell::P2r {
            rd,
            ra,
            sb,
            cc,
            byte,
        } = op;
        let src = if cc { self.st.cc() } else { self.st.pr() };
        let a = self.st.reg(ra);
        let m = self.vals(sb);
        let shift = 8 * u32::from(byte);
        let mut out = [0u32; 32];
        let mut source = [0u8; 32];
        let mut mask = [0u8; 32];
        for l in lanes(at.part) {
            let k = m[l] & 0xff;
            out[l] = (a[l] & !(k << shift)) | ((src[l] & k) << shift);
            source[l] = src[l] as u8;
            mask[l] = k as u8;
        }
        self.write_r(ctx, rd, at.part, &out);
        EventDetail::P2r {
            cc,
            byte,
            source,
            mask,
        }
    }
}
