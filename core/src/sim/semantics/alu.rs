//! w128 per-lane arithmetic, moves and control flow (alu.isa): `MOV`,
//! `UMOV`, `IADD3`, `IMAD` (and `IMAD.HI`), `LOP3`, `SHF`, `ISETP`, `SEL`,
//! `POPC`, `BREV`, `FLO`, `FADD`, `FMUL`, `FFMA`, `FSETP`, `I2F`, `F2I`,
//! `BRA`, `EXIT`, `BSSY`, `BSYNC`, and the no-ops `NOP`, `IBBAR`,
//! `DEPBAR`. `EXIT` and the no-op are shared with sm50 and gfx9.

use super::fields::{EnumSlot, Fields, OperandSlot};
use super::{build, At, Build, Builder, Dst, Kind, Operand, PredSrc, PrepError};
use crate::sim::event::{EventDetail, Loc, Value};
use crate::sim::machine::NUM_BARRIERS;
use crate::sim::operands::RZ;
pub(crate) use crate::sim::vector::fbits;
use crate::sim::write::store_lanes;
use crate::sim::{lanes, Ctx, Sim};

/// A comparison as a bit set: 1 = less, 2 = equal, 4 = greater, 8 =
/// unordered (floats only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cmp(pub u8);

/// How `ISETP` (`U32`, `S32`) and `FSETP` (`F32`) read their operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Compared {
    U32,
    S32,
    F32,
}

/// `ISETP` combining operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BoolOp {
    And,
    Or,
    Xor,
}

impl BoolOp {
    /// `ISETP`'s two results from the comparison's lane mask `t` and the
    /// predicate `p`: `t bop p` and `!t bop p`.
    #[inline(always)]
    pub(crate) fn combine(self, t: u32, p: u32) -> (u32, u32) {
        match self {
            BoolOp::And => (t & p, !t & p),
            BoolOp::Or => (t | p, !t | p),
            BoolOp::Xor => (t ^ p, !t ^ p),
        }
    }
}

/// `ISETP` and `FSETP`: `Pd = (a cmp b) bop pp`, `Pq = !(a cmp b) bop pp`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Isetp {
    pub cmp: Cmp,
    pub ty: Compared,
    pub bop: BoolOp,
    pub pd: u8,
    pub pq: u8,
    pub a: Operand,
    pub b: Operand,
    pub pp: PredSrc,
}

/// The operations computed lane by lane by one function: `IMAD` (and
/// `IMAD.HI`), and `I2F`, `F2I`, `BREV`, `FLO` of their one source, by
/// type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Func {
    /// `IMAD`: the low half of `a * b`, plus `c`.
    MulLo,
    I2fU32,
    I2fS32,
    F2iU32,
    F2iS32,
    Brev,
    FloU32,
    FloS32,
    MulHiU32,
    MulHiS32,
}

impl Func {
    /// The result for the sources `a`, `b`, `c` (the one-source
    /// operations read `a`; `IMAD.HI` adds `c` to the high half of
    /// `a * b`). Rust's `as` between integers and floats is what the
    /// instructions say on every target: round to nearest even from an
    /// integer; toward zero, NaN to 0 and saturating to an integer. Not
    /// inlined: one copy serves the step and the fast path's lane loops,
    /// which the first part of the page carries once.
    #[inline(never)]
    pub(crate) fn apply(self, a: u32, b: u32, c: u32) -> u32 {
        match self {
            Func::MulLo => a.wrapping_mul(b).wrapping_add(c),
            Func::I2fU32 => (a as f32).to_bits(),
            Func::I2fS32 => (a as i32 as f32).to_bits(),
            Func::F2iU32 => f32::from_bits(a) as u32,
            Func::F2iS32 => f32::from_bits(a) as i32 as u32,
            Func::Brev => a.reverse_bits(),
            // 31 - 32 wraps to 0xffffffff for no bit.
            Func::FloU32 => 31u32.wrapping_sub(a.leading_zeros()),
            Func::FloS32 => 31u32.wrapping_sub((a ^ ((a as i32 >> 31) as u32)).leading_zeros()),
            Func::MulHiU32 => (((u64::from(a) * u64::from(b)) >> 32) as u32).wrapping_add(c),
            Func::MulHiS32 => {
                (((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32).wrapping_add(c)
            }
        }
    }
}

/// A per-lane arithmetic, move or control-flow operation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Alu {
    Nop,
    Mov {
        d: Dst,
        a: Operand,
    },
    Iadd3 {
        rd: u8,
        a: Operand,
        b: Operand,
        c: Operand,
    },
    Lop3 {
        rd: u8,
        a: Operand,
        b: Operand,
        c: Operand,
        lut: u8,
    },
    Shf {
        rd: u8,
        a: Operand,
        b: Operand,
        left: bool,
        signed: bool,
    },
    Isetp(Isetp),
    Sel {
        rd: u8,
        a: Operand,
        b: Operand,
        pp: PredSrc,
    },
    Popc {
        rd: u8,
        b: Operand,
    },
    /// `IMAD`, and `I2F`, `F2I`, `BREV`, `FLO` of `src[0]`.
    Func {
        rd: u8,
        src: [Operand; 3],
        f: Func,
    },
    Fadd {
        rd: u8,
        a: Operand,
        b: Operand,
    },
    Fmul {
        rd: u8,
        a: Operand,
        b: Operand,
    },
    Ffma {
        rd: u8,
        a: Operand,
        b: Operand,
        c: Operand,
    },
    /// `target`: instruction index, `None` when the address holds none.
    Bra {
        target: Option<u32>,
        addr: u32,
    },
    Exit,
    Bssy {
        bar: u8,
    },
    Bsync {
        bar: u8,
    },
}

fn op(a: Alu) -> Kind {
    Kind::Alu(a)
}

/// The second source of the ALU instructions: a register, an immediate
/// or constant, or a uniform register.
const SRC_B: &[&str] = &["rb", "vb", "urb"];

/// An opcode without operands that does nothing (shared with sm50, gfx9).
pub(super) fn nop(_: &Fields) -> Result<Build, PrepError> {
    build(|_, _| op(Alu::Nop))
}

/// `EXIT` (shared with sm50 `EXIT` and gfx9 `s_endpgm`).
pub(super) fn exit(_: &Fields) -> Result<Build, PrepError> {
    build(|_, _| op(Alu::Exit))
}

/// `MOV` (`uniform`: `UMOV`).
fn mov(f: &Fields, uniform: bool) -> Result<Build, PrepError> {
    let a = if uniform {
        f.operand(&["ura", "vb", "urb"])?
    } else {
        f.operand(&["ra", "vb", "ura", "urb", "rb"])?
    };
    let d = f.dst(uniform)?;
    build(move |v, env| {
        op(Alu::Mov {
            d: d.get(v),
            a: a.get(v, env.consts),
        })
    })
}

/// The sources of the three-source instructions: `Ra`, [`SRC_B`] and `c`
/// (the names of the third source).
fn abc(f: &Fields, c: &[&str]) -> Result<[OperandSlot; 3], PrepError> {
    Ok([f.operand(&["ra"])?, f.operand(SRC_B)?, f.operand(c)?])
}

/// The three-source instructions `IADD3`, `FFMA`: `Rd` and [`abc`].
fn three(f: &Fields, c: &[&str], make: fn(u8, [Operand; 3]) -> Alu) -> Result<Build, PrepError> {
    let (rd, src) = (f.reg("rd")?, abc(f, c)?);
    build(move |v, env| op(make(rd.get(v), src.map(|o| o.get(v, env.consts)))))
}

/// The two-source instructions `FADD`, `FMUL`, `SEL`-like shapes: `Rd`,
/// `Ra`, [`SRC_B`].
fn two(f: &Fields, make: fn(u8, Operand, Operand) -> Alu) -> Result<Build, PrepError> {
    let (rd, a, b) = (f.reg("rd")?, f.operand(&["ra"])?, f.operand(SRC_B)?);
    build(move |v, env| op(make(rd.get(v), a.get(v, env.consts), b.get(v, env.consts))))
}

fn lop3(f: &Fields) -> Result<Build, PrepError> {
    let (lut, rd, src) = (f.raw("lut")?, f.reg("rd")?, abc(f, &["rc"])?);
    build(move |v, env| {
        let [a, b, c] = src.map(|o| o.get(v, env.consts));
        let (rd, lut) = (rd.get(v), lut.get(v) as u8);
        op(Alu::Lop3 { rd, a, b, c, lut })
    })
}

/// The signedness modifier `dtype` of `SHF` and `ISETP`.
fn signed(f: &Fields) -> Result<EnumSlot<bool>, PrepError> {
    f.enumerated("dtype", &[("U32", false), ("S32", true)], false)
}

fn shf(f: &Fields) -> Result<Build, PrepError> {
    let left = f.enumerated("dir", &[("L", true), ("R", false)], true)?;
    let signed = signed(f)?;
    let (rd, a, b) = (f.reg("rd")?, f.operand(&["ra"])?, f.operand(SRC_B)?);
    build(move |v, env| {
        op(Alu::Shf {
            rd: rd.get(v),
            a: a.get(v, env.consts),
            b: b.get(v, env.consts),
            left: left.get(v),
            signed: signed.get(v),
        })
    })
}

/// `ISETP` (`float`: `FSETP`, whose comparison has 4 bits and no type).
fn setp(f: &Fields, float: bool) -> Result<Build, PrepError> {
    let cmp = f.raw("cmp")?;
    // A bool slot, as SHF's: another type would be another copy of the
    // generic lookup in the page's first part.
    let signed = (!float).then(|| signed(f)).transpose()?;
    let bits = if float { 15 } else { 7 };
    let bops = [
        ("AND", BoolOp::And),
        ("OR", BoolOp::Or),
        ("XOR", BoolOp::Xor),
    ];
    let bop = f.enumerated("bop", &bops, BoolOp::And)?;
    let (pd, pq, pp) = (f.pidx("pd")?, f.pidx("pq")?, f.pred("pp")?);
    let (a, b) = (f.operand(&["ra"])?, f.operand(SRC_B)?);
    build(move |v, env| {
        op(Alu::Isetp(Isetp {
            cmp: Cmp(cmp.get(v) as u8 & bits),
            ty: match signed.as_ref().map(|s| s.get(v)) {
                None => Compared::F32,
                Some(false) => Compared::U32,
                Some(true) => Compared::S32,
            },
            bop: bop.get(v),
            pd: pd.get(v),
            pq: pq.get(v),
            a: a.get(v, env.consts),
            b: b.get(v, env.consts),
            pp: pp.get(v),
        }))
    })
}

fn sel(f: &Fields) -> Result<Build, PrepError> {
    let (rd, a, b, pp) = (
        f.reg("rd")?,
        f.operand(&["ra"])?,
        f.operand(SRC_B)?,
        f.pred("pp")?,
    );
    build(move |v, env| {
        op(Alu::Sel {
            rd: rd.get(v),
            a: a.get(v, env.consts),
            b: b.get(v, env.consts),
            pp: pp.get(v),
        })
    })
}

fn popc(f: &Fields) -> Result<Build, PrepError> {
    let (rd, b) = (f.reg("rd")?, f.operand(&["rb", "vb", "ra", "urb"])?);
    build(move |v, env| {
        op(Alu::Popc {
            rd: rd.get(v),
            b: b.get(v, env.consts),
        })
    })
}

/// A modifier of the [`Func`] instructions that chooses between two
/// functions: its field and the names of its two values.
type Choice<'a> = Option<(&'a str, [&'a str; 2])>;

/// The instructions computed by a [`Func`] (`IMAD`, `BREV`, `FLO`, `I2F`,
/// `F2I`): `Rd`, the sources named by `srcs` (the rest read 0), and the
/// function `table[2 * outer + inner]`, where each choice is 1 for its
/// second value and 0 for its first (or when there is none). Every such
/// instruction is built here, for one copy of the code in the page.
fn func(
    f: &Fields,
    srcs: &[&[&str]],
    (outer, inner): (Choice, Choice),
    table: [Func; 4],
) -> Result<Build, PrepError> {
    let choice = |c: Choice| {
        c.map(|(name, [no, yes])| f.enumerated(name, &[(no, false), (yes, true)], false))
            .transpose()
    };
    let (outer, inner, rd) = (choice(outer)?, choice(inner)?, f.reg("rd")?);
    let mut slots = [None; 3];
    for (slot, names) in slots.iter_mut().zip(srcs) {
        *slot = Some(f.operand(names)?);
    }
    build(move |v, env| {
        let bit = |c: &Option<EnumSlot<bool>>| usize::from(c.as_ref().is_some_and(|s| s.get(v)));
        let src = slots.map(|s| s.map_or(Operand::ZERO, |s| s.get(v, env.consts)));
        let (rd, f) = (rd.get(v), table[2 * bit(&outer) + bit(&inner)]);
        op(Alu::Func { rd, src, f })
    })
}

/// The `.U32`/`.S32` choice of `FLO`, `I2F`, `F2I` (field `name`).
fn int_type(name: &str) -> Choice<'_> {
    Some((name, ["U32", "S32"]))
}

fn bra(f: &Fields) -> Result<Build, PrepError> {
    let target = f.raw("target")?;
    build(move |v, env| {
        let t = target.get(v) as u32;
        op(Alu::Bra {
            target: (env.index_of)(t),
            addr: t,
        })
    })
}

/// `BSSY` (`sync`: `BSYNC`): the barrier register field `bd` (`ba`).
fn barrier(f: &Fields, sync: bool) -> Result<Build, PrepError> {
    let bar = f.raw(if sync { "ba" } else { "bd" })?;
    build(move |v, _| {
        let bar = bar.get(v).min(NUM_BARRIERS as u64 - 1) as u8;
        op(if sync {
            Alu::Bsync { bar }
        } else {
            Alu::Bssy { bar }
        })
    })
}

/// The builder of each optype of the family.
pub(super) fn recipe(optype: &str) -> Option<Builder> {
    let builder: Builder = match optype {
        "NOP" | "IBBAR" | "DEPBAR" => nop,
        "MOV" => |f| mov(f, false),
        "UMOV" => |f| mov(f, true),
        "IADD3" => |f| three(f, &["rc"], |rd, [a, b, c]| Alu::Iadd3 { rd, a, b, c }),
        "IMAD" => |f| {
            let (abc, mode) = ([&["ra"], SRC_B, &["rc"]], ("mode", ["LO", "HI"]));
            let table = [Func::MulLo, Func::MulLo, Func::MulHiU32, Func::MulHiS32];
            func(f, &abc, (Some(mode), int_type("dtype")), table)
        },
        "FFMA" => |f| three(f, &["rc", "vc"], |rd, [a, b, c]| Alu::Ffma { rd, a, b, c }),
        "LOP3" => lop3,
        "SHF" => shf,
        "ISETP" => |f| setp(f, false),
        "FSETP" => |f| setp(f, true),
        "SEL" => sel,
        "POPC" => popc,
        "BREV" => |f| func(f, &[SRC_B], (None, None), [Func::Brev; 4]),
        "FLO" => |f| {
            let table = [Func::FloU32, Func::FloS32, Func::FloU32, Func::FloS32];
            func(f, &[SRC_B], (None, int_type("dtype")), table)
        },
        // The one-value modifiers (.F32, .TRUNC) are checked to mean what
        // the function assumes.
        "I2F" => |f| {
            let table = [Func::I2fU32, Func::I2fS32, Func::I2fU32, Func::I2fS32];
            let only = Some(("ftype", ["F32", ""]));
            func(f, &[SRC_B], (only, int_type("itype")), table)
        },
        "F2I" => |f| {
            let table = [Func::F2iU32, Func::F2iS32, Func::F2iU32, Func::F2iS32];
            let only = Some(("rnd", ["TRUNC", ""]));
            func(f, &[SRC_B], (only, int_type("itype")), table)
        },
        "FADD" => |f| two(f, |rd, a, b| Alu::Fadd { rd, a, b }),
        "FMUL" => |f| two(f, |rd, a, b| Alu::Fmul { rd, a, b }),
        "BRA" => bra,
        "EXIT" => exit,
        "BSSY" => |f| barrier(f, false),
        "BSYNC" => |f| barrier(f, true),
        _ => return None,
    };
    Some(builder)
}

/// `$e` for every lane, with the three patterns bound to the lane's
/// sources (`[&[u32; 32]; 3]`). The body is written out in a counted loop
/// rather than called through a closure or iterator adapters, so that the
/// browser's size-optimised build, which keeps those as calls, runs it
/// without a call per lane.
macro_rules! each_lane {
    ($v:expr, |$a:pat_param, $b:pat_param, $c:pat_param| $e:expr) => {{
        let [va, vb, vc] = $v;
        let mut out = [0u32; 32];
        for l in 0..32 {
            let ($a, $b, $c) = (va[l], vb[l], vc[l]);
            out[l] = $e;
        }
        out
    }};
}

#[inline(always)]
pub(crate) fn fop(a: u32, b: u32, f: impl Fn(f32, f32) -> f32) -> u32 {
    fbits(f(f32::from_bits(a), f32::from_bits(b)))
}

impl Sim {
    pub(super) fn exec_alu(&mut self, op: Alu, at: At, ctx: &mut Ctx) -> EventDetail {
        let (part, z) = (at.part, Operand::ZERO);
        match op {
            Alu::Nop => {}
            Alu::Mov { d, a } => {
                let v = self.vals(a);
                self.write_dst(ctx, d, part, &v);
            }
            Alu::Iadd3 { rd, a, b, c } => {
                self.map3(ctx, rd, part, (a, b, c), |a, b, c| {
                    a.wrapping_add(b).wrapping_add(c)
                });
            }
            Alu::Lop3 { rd, a, b, c, lut } => {
                self.map3(ctx, rd, part, (a, b, c), |a, b, c| lop3_lut(lut, a, b, c));
            }
            Alu::Shf {
                rd,
                a,
                b,
                left,
                signed,
            } => self.map3(ctx, rd, part, (a, b, z), |a, n, _| {
                shift(a, n, left, signed)
            }),
            Alu::Isetp(i) => self.isetp(ctx, part, i),
            Alu::Sel { rd, a, b, pp } => {
                let out = self.sel(a, b, pp);
                self.write_r(ctx, rd, part, &out);
            }
            Alu::Popc { rd, b } => self.map3(ctx, rd, part, (b, z, z), |b, _, _| b.count_ones()),
            Alu::Func {
                rd,
                src: [a, b, c],
                f,
            } => self.map3(ctx, rd, part, (a, b, c), |a, b, c| f.apply(a, b, c)),
            Alu::Fadd { rd, a, b } => {
                self.map3(ctx, rd, part, (a, b, z), |a, b, _| fop(a, b, |x, y| x + y));
            }
            Alu::Fmul { rd, a, b } => {
                self.map3(ctx, rd, part, (a, b, z), |a, b, _| fop(a, b, |x, y| x * y));
            }
            Alu::Ffma { rd, a, b, c } => {
                self.map3(ctx, rd, part, (a, b, c), |a, b, c| {
                    fbits(f32::from_bits(a).mul_add(f32::from_bits(b), f32::from_bits(c)))
                });
            }
            Alu::Bra { addr, .. } => return self.branch(ctx, at, |_| addr),
            Alu::Exit => {
                self.st.exited |= part;
                return EventDetail::Exit { exited: part };
            }
            Alu::Bssy { bar } => {
                self.write(ctx, Loc::B(bar), !0, Value::Mask(part));
                return EventDetail::Bssy {
                    barrier: bar,
                    mask: part,
                };
            }
            Alu::Bsync { bar } => {
                for l in lanes(part) {
                    self.log_lane(l);
                    self.st.pc[l] = at.pc;
                    self.st.wait_bar[l] = bar;
                }
                self.st.waiting |= part;
                return EventDetail::Bsync {
                    barrier: bar,
                    arrived: part,
                    expected: self.st.barriers[bar as usize] & self.can_arrive(),
                };
            }
        }
        EventDetail::Plain
    }

    /// `rd[l] = f(a[l], b[l], c[l])` for the lanes of `mask`.
    fn map3(
        &mut self,
        ctx: &mut Ctx,
        rd: u8,
        mask: u32,
        (a, b, c): (Operand, Operand, Operand),
        f: impl Fn(u32, u32, u32) -> u32,
    ) {
        if rd == RZ || mask == 0 {
            return;
        }
        let (av, bv, cv) = (self.vals(a), self.vals(b), self.vals(c));
        let out = each_lane!([&av, &bv, &cv], |x, y, z| f(x, y, z));
        self.write_r(ctx, rd, mask, &out);
    }

    fn isetp(&mut self, ctx: &mut Ctx, part: u32, i: Isetp) {
        let t = setp_bits((i.cmp, i.ty), &self.vals(i.a), &self.vals(i.b));
        let (d, q) = i.bop.combine(t, self.pred_mask(i.pp));
        self.write_p(ctx, i.pd, part, d);
        self.write_p(ctx, i.pq, part, q);
    }

    /// `SEL` on every lane: `a` where `pp` holds, else `b`.
    #[inline(always)]
    fn sel(&self, a: Operand, b: Operand, pp: PredSrc) -> [u32; 32] {
        let mut out = self.vals(b);
        store_lanes(&mut out, None, self.pred_mask(pp), &self.vals(a));
        out
    }

    /// Sends the participating lanes to the byte address `target(lane)`.
    pub(super) fn branch(
        &mut self,
        ctx: &mut Ctx,
        at: At,
        target: impl Fn(usize) -> u32,
    ) -> EventDetail {
        let n = self.ops.len() as u32;
        let pc = at.pc as usize;
        let next = self
            .addrs
            .get(pc + 1)
            .copied()
            .unwrap_or_else(|| self.addrs[pc].wrapping_add(16));
        let mut targets = [0u32; 32];
        let mut bad = Vec::new();
        for l in lanes(at.exec) {
            if at.part & (1 << l) == 0 {
                targets[l] = next;
                continue;
            }
            let t = target(l);
            targets[l] = t;
            match self.addrs.binary_search(&t) {
                Ok(i) => self.st.pc[l] = i as u32,
                Err(_) => {
                    self.st.pc[l] = n;
                    if !bad.contains(&t) {
                        bad.push(t);
                    }
                }
            }
        }
        for t in bad {
            ctx.warnings.push(crate::msg!(
                "branch to {0}, which is not the address of an instruction; the lanes stop",
                format!("{t:#x}")
            ));
        }
        EventDetail::Branch {
            taken: at.part,
            targets,
        }
    }
}

/// The lanes where `a cmp b` holds, read as `ty`, one lane at a time.
/// Not inlined: the step and the fast path's float comparison share it.
#[inline(never)]
pub(crate) fn setp_bits((cmp, ty): (Cmp, Compared), a: &[u32; 32], b: &[u32; 32]) -> u32 {
    let mut t = 0u32;
    for (l, (&x, &y)) in a.iter().zip(b).enumerate() {
        t |= u32::from(u32::from(cmp.0) & relation(x, y, ty) != 0) << l;
    }
    t
}

/// Which one of less (1), equal (2), greater (4) and unordered (8) `x`
/// and `y` are, read as `ty`. Not inlined, for size: the fast path
/// compares integers a chunk at a time without it.
#[inline(never)]
fn relation(x: u32, y: u32, ty: Compared) -> u32 {
    if ty == Compared::F32 {
        return match f32::from_bits(x).partial_cmp(&f32::from_bits(y)) {
            Some(std::cmp::Ordering::Less) => 1,
            Some(std::cmp::Ordering::Equal) => 2,
            Some(std::cmp::Ordering::Greater) => 4,
            None => 8,
        };
    }
    // Flipping the sign bits turns a signed comparison into an unsigned one.
    let flip = if ty == Compared::S32 { 1u32 << 31 } else { 0 };
    let (x, y) = (x ^ flip, y ^ flip);
    u32::from(x < y) | (u32::from(x == y) << 1) | (u32::from(x > y) << 2)
}

/// `LOP3.LUT`: bit i of the result is `lut[(a_i << 2) | (b_i << 1) | c_i]`,
/// read as a tree of bitwise selects: `a` picks the table's upper or lower
/// half, `b` a quarter, `c` the entry. No loop and no branch, so a lane
/// loop over it stays straight-line code even where it is built for size.
#[inline(always)]
pub(crate) fn lop3_lut(lut: u8, a: u32, b: u32, c: u32) -> u32 {
    let m = |k: u8| entry(lut, k);
    let lo = bit_select(b, bit_select(c, m(3), m(2)), bit_select(c, m(1), m(0)));
    let hi = bit_select(b, bit_select(c, m(7), m(6)), bit_select(c, m(5), m(4)));
    bit_select(a, hi, lo)
}

/// Entry `k` of a `LOP3` table as all ones or all zeros.
#[inline(always)]
fn entry(lut: u8, k: u8) -> u32 {
    u32::from((lut >> k) & 1).wrapping_neg()
}

/// The bits of `t` where `x` has ones and of `f` where it has zeros.
#[inline(always)]
fn bit_select(x: u32, t: u32, f: u32) -> u32 {
    (x & t) | (!x & f)
}

/// `SHF`: the whole 32-bit amount is used.
#[inline(always)]
pub(crate) fn shift(a: u32, n: u32, left: bool, signed: bool) -> u32 {
    if left {
        if n >= 32 {
            0
        } else {
            a << n
        }
    } else if signed {
        ((a as i32) >> n.min(31)) as u32
    } else if n >= 32 {
        0
    } else {
        a >> n
    }
}

#[cfg(test)]
mod tests {
    use super::lop3_lut;

    /// Every table: on 0xf0, 0xcc, 0xaa (bit k of the three is input
    /// combination k) the result is the table itself; on mixed values it is
    /// the definition read one bit at a time.
    #[test]
    fn lop3_reads_the_table_bit_by_bit() {
        let (a, b, c) = (
            0xf0f0_f0f0u32 ^ 0x1234_5678,
            0xcccc_cccc ^ 0x9abc_def0,
            0xaaaa_aaaa,
        );
        for lut in 0..=255u8 {
            assert_eq!(lop3_lut(lut, 0xf0, 0xcc, 0xaa) & 0xff, u32::from(lut));
            let mut want = 0u32;
            for i in 0..32 {
                let k = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1);
                want |= u32::from((lut >> k) & 1) << i;
            }
            assert_eq!(lop3_lut(lut, a, b, c), want, "lut {lut:#04x}");
        }
    }
}
