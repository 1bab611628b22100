//! gfx9 (AMDGPU scalar wave): `s_getreg_b32`, `s_setreg_b32`,
//! `s_setreg_imm32_b32`, and `s_nop`, `s_endpgm` with the w128 semantics
//! of a no-op and `EXIT`.

use super::fields::Fields;
use super::{alu, build, At, Build, Builder, Kind, PrepError};
use crate::sim::event::{EventDetail, Loc, Value};
use crate::sim::operands::{hwreg_field, sgpr};
use crate::sim::{Ctx, Sim};

/// A scalar source: an SGPR or an immediate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scalar {
    S(u8),
    Imm(u32),
}

/// A scalar-wave operation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Wave {
    /// `s_getreg_b32 sd, hwreg`.
    Getreg { sd: u8, hw: u16 },
    /// `s_setreg_b32 hwreg, ss` / `s_setreg_imm32_b32 hwreg, imm`.
    Setreg { hw: u16, src: Scalar },
}

fn getreg(f: &Fields) -> Result<Build, PrepError> {
    let (sd, hw) = (f.raw("sdst")?, f.raw("simm16")?);
    build(move |v, _| {
        Kind::Wave(Wave::Getreg {
            sd: sgpr(sd.get(v)),
            hw: hw.get(v) as u16,
        })
    })
}

/// `s_setreg_b32` (`imm`: `s_setreg_imm32_b32`, whose source is the
/// literal).
fn setreg(f: &Fields, imm: bool) -> Result<Build, PrepError> {
    let hw = f.raw("simm16")?;
    let src = f.raw(if imm { "literal" } else { "sdst" })?;
    build(move |v, _| {
        let x = src.get(v);
        Kind::Wave(Wave::Setreg {
            hw: hw.get(v) as u16,
            src: if imm {
                Scalar::Imm(x as u32)
            } else {
                Scalar::S(sgpr(x))
            },
        })
    })
}

/// The builder of each optype of the family.
pub(super) fn recipe(optype: &str) -> Option<Builder> {
    let builder: Builder = match optype {
        "s_getreg_b32" => getreg,
        "s_setreg_b32" => |f| setreg(f, false),
        "s_setreg_imm32_b32" => |f| setreg(f, true),
        "s_nop" => alu::nop,
        "s_endpgm" => alu::exit,
        _ => return None,
    };
    Some(builder)
}

impl Sim {
    pub(super) fn exec_wave(&mut self, op: Wave, at: At, ctx: &mut Ctx) -> EventDetail {
        let (hw, write) = match op {
            Wave::Getreg { hw, .. } => (hw, false),
            Wave::Setreg { hw, .. } => (hw, true),
        };
        let h = hwreg_field(u64::from(hw));
        let old = self.st.hwreg(h.id);
        let field_mask = (((1u64 << h.size) - 1) << h.offset) as u32;
        let value = match op {
            Wave::Getreg { sd, .. } => {
                let field = (old & field_mask) >> h.offset;
                if at.part != 0 {
                    self.write(ctx, Loc::S(sd), !0, Value::Scalar(field));
                }
                field
            }
            Wave::Setreg { src, .. } => {
                let v = match src {
                    Scalar::S(n) => self.st.sgpr(n),
                    Scalar::Imm(x) => x,
                };
                let new = (old & !field_mask) | (((u64::from(v) << h.offset) as u32) & field_mask);
                if at.part != 0 {
                    self.write(ctx, Loc::HwReg(h.id), !0, Value::Scalar(new));
                }
                v
            }
        };
        EventDetail::HwReg {
            id: h.id,
            offset: h.offset as u8,
            size: h.size as u8,
            write,
            value,
            register: self.st.hwreg(h.id),
        }
    }
}
