//! w128 collectives (warp.isa): `SHFL`, `MOVM`, `VOTE`, `VOTEU`, `REDUX`,
//! `REDUXU`, `MATCH`, `ELECT`, `ELECTU`. Each combines the participating
//! lanes of one step.

use super::fields::Fields;
use super::{build, lowest, At, Build, Builder, Dst, Kind, Operand, PredSrc, PrepError};
use crate::sim::event::{EventDetail, IntType, Loc, MatchOp, ReduxOp, ShflMode, Value, VoteOp};
use crate::sim::operands::RZ;
use crate::sim::{lanes, Ctx, Sim};

/// A predicate destination that may be per-lane or uniform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PDst {
    P(u8),
    UP(u8),
}

/// Candidate condition of ELECT/ELECTU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cand {
    Pred(PredSrc),
    Mask(Operand),
}

/// A collective operation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Collective {
    Shfl {
        mode: ShflMode,
        pu: u8,
        rd: u8,
        ra: u8,
        b: Operand,
        c: Operand,
    },
    Movm {
        rd: u8,
        ra: u8,
    },
    Vote {
        op: VoteOp,
        d: Dst,
        pu: PDst,
        pp: PredSrc,
    },
    Redux {
        op: ReduxOp,
        dtype: IntType,
        d: Dst,
        ra: u8,
    },
    Match {
        op: MatchOp,
        wide: bool,
        rd: u8,
        pu: u8,
        ra: u8,
    },
    Elect {
        d: Dst,
        pu: u8,
        cand: Cand,
    },
}

fn op(c: Collective) -> Kind {
    Kind::Collective(c)
}

fn shfl(f: &Fields) -> Result<Build, PrepError> {
    use ShflMode::*;
    let modes = [("IDX", Idx), ("UP", Up), ("DOWN", Down), ("BFLY", Bfly)];
    let mode = f.enumerated("mode", &modes, Idx)?;
    let (pu, rd, ra) = (f.pidx("pu")?, f.reg("rd")?, f.reg("ra")?);
    let (b, c) = (f.operand(&["rb", "vb"])?, f.operand(&["rc", "vc"])?);
    build(move |v, env| {
        op(Collective::Shfl {
            mode: mode.get(v),
            pu: pu.get(v),
            rd: rd.get(v),
            ra: ra.get(v),
            b: b.get(v, env.consts),
            c: c.get(v, env.consts),
        })
    })
}

fn movm(f: &Fields) -> Result<Build, PrepError> {
    let (rd, ra) = (f.reg("rd")?, f.reg("ra")?);
    build(move |v, _| {
        op(Collective::Movm {
            rd: rd.get(v),
            ra: ra.get(v),
        })
    })
}

/// `VOTE` (`uniform`: `VOTEU`).
fn vote(f: &Fields, uniform: bool) -> Result<Build, PrepError> {
    use VoteOp::*;
    let vop = f.enumerated("voteop", &[("ANY", Any), ("ALL", All), ("EQ", Eq)], Any)?;
    let (pp, d) = (f.pred("pp")?, f.dst(uniform)?);
    let pu = f.pidx(if uniform { "upu" } else { "pu" })?;
    build(move |v, _| {
        op(Collective::Vote {
            op: vop.get(v),
            d: d.get(v),
            pu: if uniform {
                PDst::UP(pu.get(v))
            } else {
                PDst::P(pu.get(v))
            },
            pp: pp.get(v),
        })
    })
}

/// `REDUX` (`uniform`: `REDUXU`).
fn redux(f: &Fields, uniform: bool) -> Result<Build, PrepError> {
    use ReduxOp::*;
    let ops = [
        ("AND", And),
        ("OR", Or),
        ("XOR", Xor),
        ("SUM", Sum),
        ("MAX", Max),
        ("MIN", Min),
    ];
    let rop = f.enumerated("reduxop", &ops, And)?;
    let types = [("U32", IntType::U32), ("S32", IntType::S32)];
    let dtype = f.enumerated("dtype", &types, IntType::U32)?;
    let (d, ra) = (f.dst(uniform)?, f.reg("ra")?);
    build(move |v, _| {
        op(Collective::Redux {
            op: rop.get(v),
            dtype: dtype.get(v),
            d: d.get(v),
            ra: ra.get(v),
        })
    })
}

fn matching(f: &Fields) -> Result<Build, PrepError> {
    let mop = f.enumerated(
        "matchop",
        &[("ANY", MatchOp::Any), ("ALL", MatchOp::All)],
        MatchOp::Any,
    )?;
    let wide = f.enumerated("dtype", &[("U32", false), ("U64", true)], false)?;
    let (rd, pu, ra) = (f.reg("rd")?, f.pidx("pu")?, f.reg("ra")?);
    build(move |v, _| {
        op(Collective::Match {
            op: mop.get(v),
            wide: wide.get(v),
            rd: rd.get(v),
            pu: pu.get(v),
            ra: ra.get(v),
        })
    })
}

/// `ELECT` (`uniform`: `ELECTU`). The candidates are the lanes of a
/// uniform mask `URb` where the opcode has one, else a predicate `Pp`.
fn elect(f: &Fields, uniform: bool) -> Result<Build, PrepError> {
    let (d, pu) = (f.dst(uniform)?, f.pidx("pu")?);
    let cand = if f.has("urb") {
        Ok(f.operand(&["urb"])?)
    } else {
        Err(f.pred("pp")?)
    };
    build(move |v, env| {
        op(Collective::Elect {
            d: d.get(v),
            pu: pu.get(v),
            cand: cand.map_or_else(
                |p| Cand::Pred(p.get(v)),
                |m| Cand::Mask(m.get(v, env.consts)),
            ),
        })
    })
}

/// The builder of each optype of the family.
pub(super) fn recipe(optype: &str) -> Option<Builder> {
    let builder: Builder = match optype {
        "SHFL" => shfl,
        "MOVM" => movm,
        "VOTE" => |f| vote(f, false),
        "VOTEU" => |f| vote(f, true),
        "REDUX" => |f| redux(f, false),
        "REDUXU" => |f| redux(f, true),
        "MATCH" => matching,
        "ELECT" => |f| elect(f, false),
        "ELECTU" => |f| elect(f, true),
        _ => return None,
    };
    Some(builder)
}

/// Reduction of `vals` over the lanes of `mask` (the identity when empty).
fn reduce(op: ReduxOp, dtype: IntType, mask: u32, vals: &[u32; 32]) -> u32 {
    let items = lanes(mask).map(|l| vals[l]);
    match (op, dtype) {
        (ReduxOp::And, _) => items.fold(!0, |a, b| a & b),
        (ReduxOp::Or, _) => items.fold(0, |a, b| a | b),
        (ReduxOp::Xor, _) => items.fold(0, |a, b| a ^ b),
        (ReduxOp::Sum, _) => items.fold(0, u32::wrapping_add),
        (ReduxOp::Max, IntType::U32) => items.fold(0, u32::max),
        (ReduxOp::Min, IntType::U32) => items.fold(u32::MAX, u32::min),
        (ReduxOp::Max, IntType::S32) => items.map(|v| v as i32).fold(i32::MIN, i32::max) as u32,
        (ReduxOp::Min, IntType::S32) => items.map(|v| v as i32).fold(i32::MAX, i32::min) as u32,
    }
}

/// Where one lane of a `SHFL` reads, with the operand fields the event
/// reports.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ShflLane {
    /// The lane read: the computed source when `ok`, else the lane itself.
    pub src: u8,
    /// Whether the source lies inside the lane's segment.
    pub ok: bool,
    pub b: u8,
    pub c: u8,
    pub seg: u8,
    pub min: u8,
    pub max: u8,
}

/// The source lane of lane `l` of a `SHFL` in `mode` with operands `b`, `c`.
pub(crate) fn shfl_lane(mode: ShflMode, l: usize, b: u32, c: u32) -> ShflLane {
    let lane = (l & 31) as i32;
    let bl = (b & 31) as i32;
    let cl = (c & 31) as i32;
    let seg = ((c >> 8) & 31) as i32;
    let maxl = (lane & seg) | (cl & !seg);
    let minl = lane & seg;
    let (j, ok) = match mode {
        ShflMode::Up => (lane - bl, lane - bl >= maxl),
        ShflMode::Down => (lane + bl, lane + bl <= maxl),
        ShflMode::Bfly => (lane ^ bl, (lane ^ bl) <= maxl),
        ShflMode::Idx => {
            let j = minl | (bl & !seg);
            (j, j <= maxl)
        }
    };
    ShflLane {
        src: if ok { j as u8 } else { lane as u8 },
        ok,
        b: bl as u8,
        c: cl as u8,
        seg: seg as u8,
        min: minl as u8,
        max: maxl as u8,
    }
}

impl Sim {
    pub(super) fn exec_collective(&mut self, op: Collective, at: At, ctx: &mut Ctx) -> EventDetail {
        let part = at.part;
        match op {
            Collective::Shfl {
                mode,
                pu,
                rd,
                ra,
                b,
                c,
            } => self.shfl(ctx, part, mode, (pu, rd, ra), b, c),
            Collective::Movm { rd, ra } => self.movm(ctx, part, rd, ra),
            Collective::Vote { op, d, pu, pp } => self.vote(ctx, part, op, (d, pu), pp),
            Collective::Redux { op, dtype, d, ra } => {
                let v = self.st.reg(ra);
                let result = reduce(op, dtype, part, &v);
                let mut inputs = [0u32; 32];
                for l in lanes(part) {
                    inputs[l] = v[l];
                }
                self.write_dst(ctx, d, part, &[result; 32]);
                EventDetail::Redux {
                    op,
                    dtype,
                    inputs,
                    result,
                }
            }
            Collective::Match {
                op,
                wide,
                rd,
                pu,
                ra,
            } => self.matching(ctx, part, (op, wide), (rd, pu, ra)),
            Collective::Elect { d, pu, cand } => {
                let c = match cand {
                    Cand::Pred(p) => self.pred_mask(p),
                    Cand::Mask(o) => self.vals(o)[0],
                } & part;
                let leader = lowest(c);
                if let Some(l) = leader {
                    self.write_dst(ctx, d, c, &[l as u32; 32]);
                }
                let bits = leader.map_or(0, |l| 1u32 << l);
                self.write_p(ctx, pu, part, bits);
                EventDetail::Elect {
                    candidates: c,
                    leader: leader.map(|l| l as u8),
                }
            }
        }
    }

    fn vote(
        &mut self,
        ctx: &mut Ctx,
        part: u32,
        op: VoteOp,
        (d, pu): (Dst, PDst),
        pp: PredSrc,
    ) -> EventDetail {
        let inputs = self.pred_mask(pp) & part;
        let result = match op {
            VoteOp::Any => inputs != 0,
            VoteOp::All => inputs == part,
            VoteOp::Eq => inputs == 0 || inputs == part,
        };
        if part != 0 {
            self.write_dst(ctx, d, part, &[inputs; 32]);
            match pu {
                PDst::P(p) => self.write_p(ctx, p, part, if result { !0 } else { 0 }),
                PDst::UP(u) => self.write(ctx, Loc::UP(u), !0, Value::Bool(result)),
            }
        }
        EventDetail::Vote {
            op,
            inputs,
            ballot: inputs,
            result,
        }
    }

    fn matching(
        &mut self,
        ctx: &mut Ctx,
        part: u32,
        (op, wide): (MatchOp, bool),
        (rd, pu, ra): (u8, u8, u8),
    ) -> EventDetail {
        let lo = self.st.reg(ra);
        let hi = if wide && ra != RZ {
            self.st.reg(ra + 1)
        } else {
            [0; 32]
        };
        let key = |l: usize| (u64::from(hi[l]) << 32) | u64::from(lo[l]);
        let all_equal = match lowest(part) {
            Some(f) => lanes(part).all(|l| key(l) == key(f)),
            None => true,
        };
        let mut masks = [0u32; 32];
        for l in lanes(part) {
            masks[l] = match op {
                MatchOp::Any => lanes(part)
                    .filter(|&k| key(k) == key(l))
                    .fold(0, |m, k| m | (1 << k)),
                MatchOp::All if all_equal => part,
                MatchOp::All => 0,
            };
        }
        self.write_r(ctx, rd, part, &masks);
        let pbits = if op == MatchOp::All && all_equal {
            !0
        } else {
            0
        };
        self.write_p(ctx, pu, part, pbits);
        EventDetail::Match {
            op,
            wide,
            masks,
            all_equal,
        }
    }

    fn shfl(
        &mut self,
        ctx: &mut Ctx,
        part: u32,
        mode: ShflMode,
        (pu, rd, ra): (u8, u8, u8),
        b: Operand,
        c: Operand,
    ) -> EventDetail {
        let a = self.st.reg(ra);
        let (bv, cv) = (self.vals(b), self.vals(c));
        let mut src_lane = [0u8; 32];
        let mut bval = [0u8; 32];
        let mut cval = [0u8; 32];
        let mut segmask = [0u8; 32];
        let mut min_lane = [0u8; 32];
        let mut max_lane = [0u8; 32];
        let mut values = [0u32; 32];
        let (mut valid, mut reads_inactive) = (0u32, 0u32);
        for l in lanes(part) {
            let sl = shfl_lane(mode, l, bv[l], cv[l]);
            let j = sl.src as usize;
            if sl.ok {
                valid |= 1 << l;
                if part & (1 << j) == 0 {
                    reads_inactive |= 1 << l;
                }
            }
            src_lane[l] = sl.src;
            bval[l] = sl.b;
            cval[l] = sl.c;
            segmask[l] = sl.seg;
            min_lane[l] = sl.min;
            max_lane[l] = sl.max;
            // A lane that does not take part delivers 0, as on an H200
            // (tests/gpu); PTX leaves the value undefined.
            values[l] = if reads_inactive & (1 << l) != 0 {
                0
            } else {
                a[j]
            };
        }
        if reads_inactive != 0 {
            ctx.warnings.push(crate::msg!(
                "SHFL: lanes {0} read lanes that do not take part \
                 and receive 0 (undefined in PTX; an H200 gives 0)",
                format!("{reads_inactive:#010x}")
            ));
        }
        self.write_r(ctx, rd, part, &values);
        self.write_p(ctx, pu, part, valid);
        EventDetail::Shfl {
            mode,
            src_lane,
            valid,
            reads_inactive,
            bval,
            cval,
            segmask,
            min_lane,
            max_lane,
            values,
        }
    }

    fn movm(&mut self, ctx: &mut Ctx, part: u32, rd: u8, ra: u8) -> EventDetail {
        let a = self.st.reg(ra);
        let mut src_lane = [[0u8; 2]; 32];
        let mut src_half = [[0u8; 2]; 32];
        let mut out = [0u32; 32];
        let mut reads_inactive = 0u32;
        for l in lanes(part) {
            let (r, c) = (l / 4, 2 * (l % 4));
            let mut v = 0u32;
            for h in 0..2 {
                // D[r][c + h] = A[c + h][r]; A[i][k] is half k % 2 of lane 4i + k / 2.
                let sl = 4 * (c + h) + r / 2;
                let sh = r % 2;
                src_lane[l][h] = sl as u8;
                src_half[l][h] = sh as u8;
                if part & (1 << sl) == 0 {
                    reads_inactive |= 1 << l;
                }
                v |= ((a[sl] >> (16 * sh)) & 0xffff) << (16 * h);
            }
            out[l] = v;
        }
        if reads_inactive != 0 {
            ctx.warnings.push(crate::msg!(
                "MOVM: lanes {0} read lanes that do not take part; \
                 the values are undefined on hardware",
                format!("{reads_inactive:#010x}")
            ));
        }
        self.write_r(ctx, rd, part, &out);
        EventDetail::Movm {
            src_lane,
            src_half,
            reads_inactive,
        }
    }
}
