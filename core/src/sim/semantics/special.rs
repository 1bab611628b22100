//! w128 special-register instructions (sreg.isa): `S2R`, `CS2R`, `S2UR`,
//! `GETREG`, `SETREG`, `PMTRIG`, and `SWITCH` (an indexed branch).
//! sm50 shares `S2R`.

use super::fields::Fields;
use super::{build, lowest, At, Build, Builder, Dst, Env, Kind, Operand, PrepError};
use crate::sim::event::{EventDetail, Loc, Value};
use crate::sim::operands::RZ;
use crate::sim::sreg::Sr;
use crate::sim::{lanes, Ctx, Sim};

/// A special-register operation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Special {
    /// `S2R Rd, SR`: `num` is the SReg number, `sr` its meaning.
    S2r { rd: u8, sr: Sr, num: u8 },
    /// `CS2R Rd, SR`: a 64-bit read into the pair `Rd`, `Rd+1`.
    Cs2r { rd: u8, sr: Sr, num: u8 },
    /// `S2UR URd, SR`: the lowest participating lane's value.
    S2ur { urd: u8, sr: Sr, num: u8 },
    /// `PMTRIG mask`: increments the counters SR_PMi of the mask's bits.
    Pmtrig { mask: u32 },
    /// `SETREG addr, Ra`: writes a counter named by its SReg number.
    Setreg { addr: Operand, ra: u8 },
    /// `GETREG Rd, addr`: reads a special register by number.
    Getreg { rd: u8, addr: Operand },
    /// `SWITCH target`: each lane branches to its own byte address.
    Switch { target: Operand },
}

fn op(s: Special) -> Kind {
    Kind::Special(s)
}

/// The special register an instruction's `sreg` field names: its meaning
/// and its number.
fn sreg(f: &Fields) -> Result<impl Fn(&[u64], &Env) -> (Sr, u8) + Copy, PrepError> {
    let s = f.raw_or("sreg", 0xff)?;
    Ok(move |v: &[u64], env: &Env| {
        let num = s.get(v);
        ((env.sr_of)(num), num.min(255) as u8)
    })
}

/// `S2R`, `CS2R` (`make` builds which) or, with `uniform`, `S2UR`: the
/// destination and the special register.
fn read(f: &Fields, uniform: bool, make: fn(Dst, Sr, u8) -> Special) -> Result<Build, PrepError> {
    let (d, sreg) = (f.dst(uniform)?, sreg(f)?);
    build(move |v, env| {
        let (sr, num) = sreg(v, env);
        op(make(d.get(v), sr, num))
    })
}

/// `S2R Rd, SR` (shared with sm50).
pub(super) fn s2r(f: &Fields) -> Result<Build, PrepError> {
    read(f, false, |d, sr, num| Special::S2r {
        rd: d.number(),
        sr,
        num,
    })
}

fn pmtrig(f: &Fields) -> Result<Build, PrepError> {
    let mask = f.raw("vb")?;
    build(move |v, _| {
        op(Special::Pmtrig {
            mask: mask.get(v) as u32,
        })
    })
}

/// The SReg number operand of `SETREG` and `GETREG`.
const REG_ADDR: &[&str] = &["regaddr", "rb", "urb"];

fn setreg(f: &Fields) -> Result<Build, PrepError> {
    let (addr, ra) = (f.operand(REG_ADDR)?, f.reg("ra")?);
    build(move |v, env| {
        op(Special::Setreg {
            addr: addr.get(v, env.consts),
            ra: ra.get(v),
        })
    })
}

fn getreg(f: &Fields) -> Result<Build, PrepError> {
    let (rd, addr) = (f.reg("rd")?, f.operand(REG_ADDR)?);
    build(move |v, env| {
        op(Special::Getreg {
            rd: rd.get(v),
            addr: addr.get(v, env.consts),
        })
    })
}

fn switch(f: &Fields) -> Result<Build, PrepError> {
    let target = f.operand(&["rb", "vb", "hidx", "urb"])?;
    build(move |v, env| {
        op(Special::Switch {
            target: target.get(v, env.consts),
        })
    })
}

/// The builder of each optype of the family.
pub(super) fn recipe(optype: &str) -> Option<Builder> {
    let builder: Builder = match optype {
        "S2R" => s2r,
        "CS2R" => |f| {
            read(f, false, |d, sr, num| Special::Cs2r {
                rd: d.number(),
                sr,
                num,
            })
        },
        "S2UR" => |f| {
            read(f, true, |d, sr, num| Special::S2ur {
                urd: d.number(),
                sr,
                num,
            })
        },
        "PMTRIG" => pmtrig,
        "SETREG" => setreg,
        "GETREG" => getreg,
        "SWITCH" => switch,
        _ => return None,
    };
    Some(builder)
}

impl Sim {
    pub(super) fn exec_special(&mut self, op: Special, at: At, ctx: &mut Ctx) -> EventDetail {
        let part = at.part;
        let special = |sreg: u32, write: bool| EventDetail::Special { sreg, write };
        match op {
            Special::S2r { rd, sr, num } => {
                let env = self.sr_env();
                let v: [u32; 32] = std::array::from_fn(|l| env.read(sr, l));
                self.warn_unknown_sr(ctx, sr, num, part);
                self.write_r(ctx, rd, part, &v);
                special(num.into(), false)
            }
            Special::Cs2r { rd, sr, num } => {
                let env = self.sr_env();
                let v: [u64; 32] = std::array::from_fn(|l| env.read64(sr, l));
                let lo: [u32; 32] = std::array::from_fn(|l| v[l] as u32);
                let hi: [u32; 32] = std::array::from_fn(|l| (v[l] >> 32) as u32);
                self.warn_unknown_sr(ctx, sr, num, part);
                if rd != RZ {
                    self.write_r(ctx, rd, part, &lo);
                    self.write_r(ctx, rd.saturating_add(1), part, &hi);
                }
                special(num.into(), false)
            }
            Special::S2ur { urd, sr, num } => {
                if let Some(l) = lowest(part) {
                    let v = self.sr_env().read(sr, l);
                    self.warn_unknown_sr(ctx, sr, num, part);
                    self.write(ctx, Loc::UR(urd), !0, Value::Scalar(v));
                }
                special(num.into(), false)
            }
            Special::Getreg { rd, addr } => self.get_sreg(ctx, part, rd, addr),
            Special::Setreg { addr, ra } => self.set_sreg(ctx, part, addr, ra),
            Special::Pmtrig { mask } => {
                if part != 0 {
                    for i in 0..8u8 {
                        if mask & (1 << i) != 0 {
                            let v = self.st.pm[i as usize].wrapping_add(1);
                            let loc = self.counters.loc(i, false);
                            self.write(ctx, loc, !0, Value::Scalar(v));
                        }
                    }
                }
                EventDetail::Plain
            }
            Special::Switch { target } => {
                let t = self.vals(target);
                self.branch(ctx, at, |l| t[l])
            }
        }
    }

    fn get_sreg(&mut self, ctx: &mut Ctx, part: u32, rd: u8, addr: Operand) -> EventDetail {
        let a = self.vals(addr);
        let env = self.sr_env();
        let mut out = [0u32; 32];
        let mut unknown = Vec::new();
        for l in lanes(part) {
            let sr = self.sr_at(a[l]);
            if sr == Sr::Unknown && !unknown.contains(&a[l]) {
                unknown.push(a[l]);
            }
            out[l] = env.read(sr, l);
        }
        for n in unknown {
            ctx.warnings.push(crate::msg!(
                "GETREG of special register number {0}, which names none; read 0",
                format!("{n:#x}")
            ));
        }
        self.write_r(ctx, rd, part, &out);
        EventDetail::Special {
            sreg: lowest(part).map_or(a[0], |l| a[l]),
            write: false,
        }
    }

    fn set_sreg(&mut self, ctx: &mut Ctx, part: u32, addr: Operand, ra: u8) -> EventDetail {
        let a = self.vals(addr);
        let v = self.st.reg(ra);
        let mut bad = Vec::new();
        for l in lanes(part) {
            let loc = match self.sr_at(a[l]) {
                Sr::Pm(i) => self.counters.loc(i, false),
                Sr::PmHi(i) => self.counters.loc(i, true),
                _ => {
                    if !bad.contains(&a[l]) {
                        bad.push(a[l]);
                    }
                    continue;
                }
            };
            self.write(ctx, loc, !0, Value::Scalar(v[l]));
        }
        for n in bad {
            ctx.warnings.push(crate::msg!(
                "SETREG to special register number {0}, which is not writable; ignored",
                format!("{n:#x}")
            ));
        }
        EventDetail::Special {
            sreg: lowest(part).map_or(a[0], |l| a[l]),
            write: true,
        }
    }

    fn sr_at(&self, num: u32) -> Sr {
        self.sr_table
            .get(num as usize)
            .copied()
            .unwrap_or(Sr::Unknown)
    }

    fn warn_unknown_sr(&self, ctx: &mut Ctx, sr: Sr, num: u8, part: u32) {
        if sr == Sr::Unknown && part != 0 {
            ctx.warnings.push(crate::msg!(
                "special register number {0} names no register; read 0",
                format!("{num:#x}")
            ));
        }
    }
}
