//! The fast path of [`Sim::run`]: the same semantics as a step, without
//! the per-step scheduling scan and without building events.
//!
//! # How it works
//!
//! * **Decoded once.** When a [`Sim`] is built, every prepared operation
//!   (see `semantics`) is lowered to a [`FastOp`]: its guard and either an
//!   operation the fast path executes (`MOV`, `IADD3`, `IMAD`, `IMAD.HI`,
//!   `LOP3`, `SHF`, `POPC`, `BREV`, `FLO`, `I2F`, `F2I`, `FADD`, `FMUL`,
//!   `FFMA`, `SEL`, `ISETP`, `FSETP`, `NOP`, `BRA` to an instruction,
//!   `EXIT`, and `SHFL` with immediate lane operands,
//!   whose source lane of every lane is computed here, once) or
//!   [`Fast::Slow`], which the general step executes.
//! * **Converged warps only.** The loop starts when every runnable lane
//!   (launched, not exited, PC inside the program) sits at one PC and no
//!   lane waits at a `BSYNC`. It then keeps that PC and the lane mask in
//!   locals: no per-lane PC scan per step. It hands back to the general
//!   scheduler (writing the lane PCs back) before an operation it does not
//!   execute, a `BRA` taken by some lanes only, a `SHFL` that reads lanes
//!   not taking part (the general step warns about those), or when the
//!   lanes run past the program. Diverged lanes are scheduled by the
//!   general step, which still executes an operation through the fast
//!   path when it fits and no event is wanted.
//! * **Whole-warp lane loops.** Sources are `[u32; 32]`, results are
//!   computed for all 32 lanes and merged into the destination with the
//!   participating-lane mask (a blend, see `write::store_lanes`), so the
//!   loops have no per-lane branch and vectorise. Predicates are lane
//!   masks.
//! * **Nothing built that nobody reads.** No [`StepEvent`](super::StepEvent),
//!   no per-step `Vec`. With the undo log on, each step pushes the same
//!   [`Mark`] and `Undo` records as the general step (so [`Sim::back`]
//!   cannot tell the two apart), into buffers whose capacity is kept
//!   across [`Sim::reset`].
//!
//! `core/tests/suite/sim/fast.rs` runs random programs one step at a time
//! through both paths and compares the whole state after every step.
//!
//! ```
//! use warpscope_core::workloads::{self, Workload};
//! use warpscope_core::sim::RunStatus;
//! let mut fast = workloads::sim(Workload::AluLoop, false);
//! let mut stepped = workloads::sim(Workload::AluLoop, false);
//! assert_eq!(fast.run(u64::MAX), RunStatus::Exited);
//! while stepped.step().is_some() {}
//! assert!(fast.state() == stepped.state());
//! ```

use super::event::{Loc, ShflMode};
use super::semantics::alu::{fbits, setp_bits, shift, Alu, Cmp, Compared, Func, Isetp};
use super::semantics::collective::{shfl_lane, Collective};
use super::semantics::{Dst, Kind, Op, Operand, PredSrc, Src};
use super::vector::{self, each_chunk, Gather, V, WIDTH};
use super::write::{store_lanes, store_mask, Undo};
use super::{lanes, Sim, WarpState};

/// A per-lane function of up to three sources.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Map {
    Mov,
    Iadd3,
    Imad,
    Lop3(u8),
    Shf { left: bool, signed: bool },
    Popc,
    Func(Func),
    Fadd,
    Fmul,
    Ffma,
}

/// An operation as the fast path executes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Fast {
    /// Executed by the general step.
    Slow,
    Nop,
    Map {
        f: Map,
        rd: u8,
        src: [Operand; 3],
    },
    Sel {
        rd: u8,
        a: Operand,
        b: Operand,
        pp: PredSrc,
    },
    /// `ISETP` and `FSETP`, as prepared.
    Isetp(Isetp),
    /// `SHFL` with immediate lane operands.
    Shfl(ShflMap),
    /// A branch to instruction `target`.
    Bra {
        target: u32,
    },
    Exit,
}

/// A `SHFL` whose lane operands are immediates: `src` is the lane each
/// lane reads (itself where out of its segment), `valid` the in-segment
/// lanes, `plan` how the build gathers them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ShflMap {
    rd: u8,
    ra: u8,
    pu: u8,
    src: [u8; 32],
    valid: u32,
    plan: Gather,
}

/// One instruction of the fast path: its guard and operation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct FastOp {
    pub guard: PredSrc,
    pub op: Fast,
}

/// The value of an immediate operand (`~` applied), if it is one.
fn imm(o: Operand) -> Option<u32> {
    match o.src {
        Src::Imm(x) if o.bitnot => Some(!x),
        Src::Imm(x) => Some(x),
        _ => None,
    }
}

/// Lowers a prepared operation.
pub(crate) fn lower(op: &Op) -> FastOp {
    let z = Operand::ZERO;
    let map = |f, rd, src| Fast::Map { f, rd, src };
    let fast = match op.kind {
        Kind::Alu(alu) => match alu {
            Alu::Nop => Fast::Nop,
            Alu::Mov { d: Dst::R(rd), a } => map(Map::Mov, rd, [a, z, z]),
            Alu::Iadd3 { rd, a, b, c } => map(Map::Iadd3, rd, [a, b, c]),
            Alu::Lop3 { rd, a, b, c, lut } => map(Map::Lop3(lut), rd, [a, b, c]),
            Alu::Shf {
                rd,
                a,
                b,
                left,
                signed,
            } => map(Map::Shf { left, signed }, rd, [a, b, z]),
            Alu::Popc { rd, b } => map(Map::Popc, rd, [b, z, z]),
            // IMAD's low half in whole chunks.
            Alu::Func {
                rd,
                src,
                f: Func::MulLo,
            } => map(Map::Imad, rd, src),
            Alu::Func { rd, src, f } => map(Map::Func(f), rd, src),
            Alu::Fadd { rd, a, b } => map(Map::Fadd, rd, [a, b, z]),
            Alu::Fmul { rd, a, b } => map(Map::Fmul, rd, [a, b, z]),
            Alu::Ffma { rd, a, b, c } => map(Map::Ffma, rd, [a, b, c]),
            Alu::Sel { rd, a, b, pp } => Fast::Sel { rd, a, b, pp },
            Alu::Isetp(i) => Fast::Isetp(i),
            Alu::Bra {
                target: Some(target),
                ..
            } => Fast::Bra { target },
            Alu::Exit => Fast::Exit,
            _ => Fast::Slow,
        },
        Kind::Collective(Collective::Shfl {
            mode,
            pu,
            rd,
            ra,
            b,
            c,
        }) => shfl(mode, (pu, rd, ra), b, c),
        _ => Fast::Slow,
    };
    FastOp {
        guard: op.guard,
        op: fast,
    }
}

/// A `SHFL` whose lane operands are immediates: every lane's source is
/// known now.
fn shfl(mode: ShflMode, (pu, rd, ra): (u8, u8, u8), b: Operand, c: Operand) -> Fast {
    let (Some(b), Some(c)) = (imm(b), imm(c)) else {
        return Fast::Slow;
    };
    let mut src = [0u8; 32];
    let mut valid = 0u32;
    for (l, s) in src.iter_mut().enumerate() {
        let sl = shfl_lane(mode, l, b, c);
        *s = sl.src & 31;
        valid |= u32::from(sl.ok) << l;
    }
    Fast::Shfl(ShflMap {
        rd,
        ra,
        pu,
        src,
        valid,
        plan: Gather::new(&src),
    })
}

/// Room for the lanes of immediate and uniform sources, and a result.
type Scratch = [[u32; 32]; 4];

/// Room for two sources.
type Pair<'a> = (&'a mut [u32; 32], &'a mut [u32; 32]);

/// The lanes of a source operand (`~` applied): a register in place, or
/// `scratch` filled with the value.
#[inline(always)]
fn view<'a>(st: &'a WarpState, o: Operand, scratch: &'a mut [u32; 32]) -> &'a [u32; 32] {
    let not = if o.bitnot { !0 } else { 0 };
    let value = match o.src {
        Src::R(r) => match st.regs.get(r as usize).map(|r| &r.0) {
            Some(reg) if not == 0 => return reg,
            Some(reg) => {
                each_chunk!(k => {
                    V::load(reg, k).xor(V::splat(not)).store(scratch, k);
                });
                return scratch;
            }
            None => not,
        },
        Src::UR(u) => st.ureg(u) ^ not,
        Src::Imm(x) => x ^ not,
    };
    each_chunk!(k => {
        V::splat(value).store(scratch, k);
    });
    scratch
}

/// The value of an operand that is the same in every lane (an immediate,
/// a uniform register), if it is one.
#[inline(always)]
fn uniform(st: &WarpState, o: Operand) -> Option<u32> {
    let not = if o.bitnot { !0 } else { 0 };
    match o.src {
        Src::R(_) => None,
        Src::UR(u) => Some(st.ureg(u) ^ not),
        Src::Imm(x) => Some(x ^ not),
    }
}

/// `out` = `$e` of the chunks `$x`, `$y`, `$z` of the three sources, one
/// chunk after another ([`each_chunk!`]), with no call per chunk.
macro_rules! chunks {
    ($v:expr, $out:expr, |$x:pat_param, $y:pat_param, $z:pat_param| $e:expr) => {{
        let [a, b, c] = $v;
        each_chunk!(k => {
            let ($x, $y, $z) = (V::load(a, k), V::load(b, k), V::load(c, k));
            $e.store($out, k);
        });
    }};
}

/// [`chunks!`] as a loop, for the operations that go lane by lane inside
/// a chunk anyway (`FFMA`, `IMAD.HI`, the conversions and bit scans,
/// shifts by a per-lane amount): written out,
/// their long bodies would cost the bundle more than the loop costs them.
macro_rules! chunks_looped {
    ($v:expr, $out:expr, |$x:pat_param, $y:pat_param, $z:pat_param| $e:expr) => {{
        let [a, b, c] = $v;
        for k in 0..32 / WIDTH {
            let ($x, $y, $z) = (V::load(a, k), V::load(b, k), V::load(c, k));
            $e.store($out, k);
        }
    }};
}

/// The results of a [`Map`] on every lane, into `out`.
#[inline(always)]
fn compute(f: Map, v: [&[u32; 32]; 3], shift_by: Option<u32>, out: &mut [u32; 32]) {
    match f {
        Map::Mov => chunks!(v, out, |x, _, _| x),
        Map::Iadd3 => chunks!(v, out, |x, y, z| x.add(y).add(z)),
        Map::Imad => chunks!(v, out, |x, y, z| x.mul(y).add(z)),
        Map::Lop3(lut) => chunks!(v, out, |x, y, z| vector::lop3(lut, x, y, z)),
        Map::Shf { left, signed } => match shift_by {
            // One amount for the warp: a vector shift.
            Some(n) if n < 32 && left => chunks!(v, out, |x, _, _| x.shl(n)),
            Some(n) if n < 32 && signed => chunks!(v, out, |x, _, _| x.sar(n)),
            Some(n) if n < 32 => chunks!(v, out, |x, _, _| x.shr(n)),
            _ => chunks_looped!(v, out, |x, y, z| V::map3(x, y, z, |a, n, _| shift(
                a, n, left, signed
            ))),
        },
        Map::Popc => chunks!(v, out, |x, _, _| x.popcnt()),
        Map::Func(f) => chunks_looped!(v, out, |x, y, z| V::map3(x, y, z, |a, b, c| f
            .apply(a, b, c))),
        Map::Fadd => chunks!(v, out, |x, y, _| x.fadd(y)),
        Map::Fmul => chunks!(v, out, |x, y, _| x.fmul(y)),
        Map::Ffma => chunks_looped!(v, out, |x, y, z| V::map3(x, y, z, |a, b, c| {
            fbits(f32::from_bits(a).mul_add(f32::from_bits(b), f32::from_bits(c)))
        })),
    }
}

/// The most steps one call of the fast loop runs ([`Sim::run_fast_until`]):
/// about a quarter of a millisecond natively.
const SLICE: u64 = 1 << 14;

/// What executing one fast operation did to the converged lanes.
enum Next {
    /// Continue at this instruction.
    At(u32),
    /// The lanes of this mask exited; the others continue at `pc + 1`.
    Exited(u32),
}

impl Sim {
    /// Runs up to `budget` steps on the fast path and returns how many it
    /// ran (0 when the warp is not converged or the next operation is not
    /// one the fast path executes).
    pub(crate) fn run_fast(&mut self, budget: u64) -> u64 {
        self.run_fast_until(budget, None)
    }

    /// Like [`Sim::run_fast`], stopping also after a step when `stop`
    /// holds for the index of the instruction the lanes are at.
    ///
    /// The loop is entered for at most [`SLICE`] steps at a time. A
    /// browser first runs a wasm function as baseline code and compiles
    /// it with its optimising tier in the background once it is hot, but
    /// a call already running keeps the baseline code to its end. In
    /// Node, a 12 M-step run right after the module was instantiated ran
    /// at 28–34 M/s in one call and at 48–52 M/s in slices, against
    /// 60–63 M/s once optimised.
    pub(crate) fn run_fast_until(
        &mut self,
        budget: u64,
        mut stop: Option<&mut dyn FnMut(usize) -> bool>,
    ) -> u64 {
        let mut done = 0;
        while done < budget {
            let Some(at) = self.converged() else {
                break;
            };
            let slice = (budget - done).min(SLICE);
            let n = self.run_lanes(at, slice, stop.as_deref_mut(), true);
            done += n;
            // Fewer steps than asked: stopped for its own reasons. All of
            // them: go on, unless the stop test holds where the slice
            // ended (the loop's own test after its last step).
            if n < slice {
                break;
            }
            if let (Some(f), Some(next)) = (stop.as_mut(), self.next_index()) {
                if f(next) {
                    break;
                }
            }
        }
        if done > 0 {
            self.limit_hit = false;
        }
        done
    }

    /// The PC and lanes of a converged warp: every runnable lane at one
    /// PC, none waiting.
    fn converged(&self) -> Option<(u32, u32)> {
        if self.st.waiting != 0 {
            return None;
        }
        let (pc, exec) = self.schedule();
        (exec != 0 && exec == self.can_arrive()).then_some((pc, exec))
    }

    /// One step of the general scheduler on the fast path: executes the
    /// instruction at `pc` for the lanes `exec` (whose PCs already point
    /// past it, the step's undo mark already pushed) when it fits, and
    /// counts it; false, with nothing changed, when not.
    pub(crate) fn fast_step(&mut self, pc: u32, exec: u32) -> bool {
        self.run_lanes((pc, exec), 1, None, false) == 1
    }

    /// The fast loop: runs up to `budget` steps of the lanes `exec`, all
    /// at `pc`, while each operation fits, pushing each step's undo mark
    /// when `mark` (and the undo log is on); stops early after a step
    /// when `stop` holds for the next instruction's index. Returns the
    /// steps run; the lanes' PCs are written back when there was one.
    ///
    /// Not inlined: the run loop and the general step's fast case share
    /// this one copy, and with it the one copy of every operation's
    /// chunks written out ([`each_chunk!`]), which the browser's bundle
    /// carries once.
    #[inline(never)]
    fn run_lanes<'s>(
        &mut self,
        (mut pc, mut exec): (u32, u32),
        budget: u64,
        mut stop: Option<&mut (dyn FnMut(usize) -> bool + 's)>,
        mark: bool,
    ) -> u64 {
        // Borrowed out of `self` for the loop, so an operation is read in
        // place rather than copied while `self` is written.
        let ops = std::mem::take(&mut self.fast);
        let mark = mark && self.config.undo;
        let mut scratch = [[0; 32]; 4];
        let mut done = 0u64;
        while done < budget {
            let Some(op) = ops.get(pc as usize) else {
                break;
            };
            let part = exec & self.pred_mask(op.guard);
            if !self.fits(&op.op, exec, part) {
                break;
            }
            if mark {
                self.mark(pc, exec);
            }
            match self.exec_fast(&op.op, (pc, part), &mut scratch) {
                Next::At(next) => pc = next,
                Next::Exited(gone) => {
                    for l in lanes(gone) {
                        self.st.pc[l] = pc + 1;
                    }
                    exec &= !gone;
                    pc += 1;
                }
            }
            self.st.steps += 1;
            done += 1;
            if exec == 0 || stop.as_mut().is_some_and(|f| f(pc as usize)) {
                break;
            }
        }
        self.fast = ops;
        if done > 0 {
            if exec == !0 {
                self.st.pc = [pc; 32];
            } else {
                for l in lanes(exec) {
                    self.st.pc[l] = pc;
                }
            }
        }
        done
    }

    /// Whether the fast path executes `op` for these lanes exactly as the
    /// general step would, without a warning and without splitting them.
    #[inline(always)]
    fn fits(&self, op: &Fast, exec: u32, part: u32) -> bool {
        match *op {
            Fast::Slow => false,
            Fast::Bra { .. } => part == exec || part == 0,
            Fast::Shfl(ref m) => {
                part == !0 || lanes(part & m.valid).all(|l| part & (1 << m.src[l]) != 0)
            }
            _ => true,
        }
    }

    /// Executes one fast operation for the lanes `part`.
    #[inline(always)]
    fn exec_fast(&mut self, op: &Fast, (pc, part): (u32, u32), scratch: &mut Scratch) -> Next {
        let [s0, s1, s2, out] = scratch;
        match *op {
            Fast::Slow | Fast::Nop => {}
            Fast::Map { f, rd, src } => {
                let st = &self.st;
                let v = [
                    view(st, src[0], s0),
                    view(st, src[1], s1),
                    view(st, src[2], s2),
                ];
                compute(f, v, uniform(st, src[1]), out);
                self.put_r(rd, part, out);
            }
            Fast::Sel { rd, a, b, pp } => {
                let p = self.pred_mask(pp);
                let (a, b) = (view(&self.st, a, s0), view(&self.st, b, s1));
                each_chunk!(k => {
                    let pick = V::from_bits(p >> (WIDTH * k));
                    pick.select(V::load(a, k), V::load(b, k)).store(out, k);
                });
                self.put_r(rd, part, out);
            }
            Fast::Isetp(ref i) => {
                let t = if i.ty == Compared::F32 {
                    // Lane by lane: floats have no chunked comparison here.
                    let (a, b) = (view(&self.st, i.a, s0), view(&self.st, i.b, s1));
                    setp_bits((i.cmp, i.ty), a, b)
                } else {
                    self.compare((i.cmp, i.ty == Compared::S32), (i.a, i.b), (s0, s1))
                };
                let (d, q) = i.bop.combine(t, self.pred_mask(i.pp));
                self.put_p(i.pd, part, d);
                self.put_p(i.pq, part, q);
            }
            Fast::Shfl(ref m) => {
                match self.st.regs.get(m.ra as usize).map(|r| &r.0) {
                    Some(a) => m.plan.gather(&m.src, a, out),
                    None => *out = [0; 32],
                }
                self.put_r(m.rd, part, out);
                self.put_p(m.pu, part, m.valid);
            }
            Fast::Bra { target } if part != 0 => return Next::At(target),
            Fast::Bra { .. } => {}
            Fast::Exit => {
                self.st.exited |= part;
                return Next::Exited(part);
            }
        }
        Next::At(pc + 1)
    }

    /// The lanes where `a cmp b` holds (`signed` or not), compared a
    /// chunk at a time.
    #[inline(always)]
    fn compare(&self, (cmp, signed): (Cmp, bool), ab: (Operand, Operand), s: Pair) -> u32 {
        let (a, b) = (view(&self.st, ab.0, s.0), view(&self.st, ab.1, s.1));
        // Flipping the sign bits turns a signed comparison into an unsigned one.
        let flip = V::splat(if signed { 1 << 31 } else { 0 });
        let mut t = 0u32;
        each_chunk!(k => {
            let (x, y) = (V::load(a, k).xor(flip), V::load(b, k).xor(flip));
            t |= x.compare(y, cmp.0) << (WIDTH * k);
        });
        t
    }

    /// Writes the lanes `mask` of `Rd` (nothing for RZ or no lanes),
    /// logging for undo as `Sim::write` does.
    #[inline(always)]
    fn put_r(&mut self, rd: u8, mask: u32, v: &[u32; 32]) {
        let Some(reg) = self.st.regs.get_mut(rd as usize).map(|r| &mut r.0) else {
            return;
        };
        if mask == 0 {
            return;
        }
        if self.config.undo {
            let old = self.pool.len() as u32;
            store_lanes(reg, Some(&mut self.pool), mask, v);
            let undo = Undo::Loc {
                loc: Loc::R(rd),
                lanes: mask,
                old,
            };
            vector::push(&mut self.log, undo);
        } else {
            store_lanes(reg, None, mask, v);
        }
    }

    /// Writes the lanes `mask` of `Pd` (nothing for PT or no lanes).
    #[inline(always)]
    fn put_p(&mut self, pd: u8, mask: u32, bits: u32) {
        let Some(m) = self.st.preds.get_mut(pd as usize) else {
            return;
        };
        if mask == 0 {
            return;
        }
        let old = store_mask(m, mask, bits);
        if self.config.undo {
            let undo = Undo::Loc {
                loc: Loc::P(pd),
                lanes: mask,
                old,
            };
            vector::push(&mut self.log, undo);
        }
    }
}
