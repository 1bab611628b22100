//! The semantics of every instruction.

use super::event::{EventDetail, IntType, MatchOp, ReduxOp, ShflMode, VoteOp};
use super::prep::{BoolOp, Cand, Dst, Kind, Operand, PDst, Scalar, Src, RZ};

/// Register id, first bit and size (1..32) of a 16-bit hwreg operand.
fn hwreg_parts(hw: u16) -> (u8, u32, u32) {
    (
        (hw & 0x3f) as u8,
        u32::from((hw >> 6) & 0x1f),
        u32::from((hw >> 11) & 0x1f) + 1,
    )
}
use super::sreg::Sr;
use super::{lanes, Ctx, Sim};

/// The canonical NaN every floating-point instruction writes.
const CANONICAL_NAN: u32 = 0x7fff_ffff;

fn fbits(x: f32) -> u32 {
    if x.is_nan() {
        CANONICAL_NAN
    } else {
        x.to_bits()
    }
}

/// Lowest set lane of a mask.
fn lowest(mask: u32) -> Option<usize> {
    (mask != 0).then(|| mask.trailing_zeros() as usize)
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

impl Sim {
    /// Per-lane values of a source operand (`~` applied).
    fn vals(&self, o: Operand) -> [u32; 32] {
        let mut v = match o.src {
            Src::R(r) => self.st.reg(r),
            Src::UR(u) => [self.st.ureg(u); 32],
            Src::Imm(x) => [x; 32],
        };
        if o.bitnot {
            for x in &mut v {
                *x = !*x;
            }
        }
        v
    }

    /// A destination register write of per-lane values (a uniform
    /// destination takes the lowest lane of `mask`).
    fn wr_dst(&mut self, ctx: &mut Ctx, d: Dst, mask: u32, vals: &[u32; 32]) {
        match d {
            Dst::R(r) => self.wr_r(ctx, r, mask, vals),
            Dst::UR(u) => {
                if let Some(l) = lowest(mask) {
                    self.wr_ur(ctx, u, vals[l]);
                }
            }
        }
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
        let out: [u32; 32] = std::array::from_fn(|l| f(av[l], bv[l], cv[l]));
        self.wr_r(ctx, rd, mask, &out);
    }

    /// Executes one instruction for the lanes `exec` (at instruction `pc`),
    /// of which `part` participate. The PCs of `exec` already point at the
    /// next instruction.
    pub(crate) fn exec(
        &mut self,
        kind: Kind,
        pc: u32,
        exec: u32,
        part: u32,
        ctx: &mut Ctx,
    ) -> EventDetail {
        let z = Operand::ZERO;
        match kind {
            Kind::Nop => EventDetail::Plain,
            Kind::Unknown => {
                ctx.warnings
                    .push("instruction has no simulation semantics; executed as NOP".into());
                EventDetail::Plain
            }
            Kind::S2r { rd, sr, num } => {
                let env = self.sr_env();
                let v: [u32; 32] = std::array::from_fn(|l| env.read(sr, l));
                self.warn_unknown_sr(ctx, sr, num, part);
                self.wr_r(ctx, rd, part, &v);
                EventDetail::Special {
                    sreg: num.into(),
                    write: false,
                }
            }
            Kind::Cs2r { rd, sr, num } => {
                let env = self.sr_env();
                let v: [u64; 32] = std::array::from_fn(|l| env.read64(sr, l));
                let lo: [u32; 32] = std::array::from_fn(|l| v[l] as u32);
                let hi: [u32; 32] = std::array::from_fn(|l| (v[l] >> 32) as u32);
                self.warn_unknown_sr(ctx, sr, num, part);
                if rd != RZ {
                    self.wr_r(ctx, rd, part, &lo);
                    self.wr_r(ctx, rd.saturating_add(1), part, &hi);
                }
                EventDetail::Special {
                    sreg: num.into(),
                    write: false,
                }
            }
            Kind::S2ur { urd, sr, num } => {
                if let Some(l) = lowest(part) {
                    let v = self.sr_env().read(sr, l);
                    self.warn_unknown_sr(ctx, sr, num, part);
                    self.wr_ur(ctx, urd, v);
                }
                EventDetail::Special {
                    sreg: num.into(),
                    write: false,
                }
            }
            Kind::Getreg { rd, addr } => {
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
                    ctx.warnings.push(format!(
                        "GETREG of special register number {n:#x}, which names none; read 0"
                    ));
                }
                self.wr_r(ctx, rd, part, &out);
                EventDetail::Special {
                    sreg: lowest(part).map_or(a[0], |l| a[l]),
                    write: false,
                }
            }
            Kind::Setreg { addr, ra } => {
                let a = self.vals(addr);
                let v = self.st.reg(ra);
                let mut bad = Vec::new();
                for l in lanes(part) {
                    match self.sr_at(a[l]) {
                        Sr::Pm(i) => self.wr_pm(ctx, i, false, v[l]),
                        Sr::PmHi(i) => self.wr_pm(ctx, i, true, v[l]),
                        _ => {
                            if !bad.contains(&a[l]) {
                                bad.push(a[l]);
                            }
                        }
                    }
                }
                for n in bad {
                    ctx.warnings.push(format!(
                        "SETREG to special register number {n:#x}, which is not writable; ignored"
                    ));
                }
                EventDetail::Special {
                    sreg: lowest(part).map_or(a[0], |l| a[l]),
                    write: true,
                }
            }
            Kind::Pmtrig { mask } => {
                if part != 0 {
                    for i in 0..8u8 {
                        if mask & (1 << i) != 0 {
                            let v = self.st.pm[i as usize].wrapping_add(1);
                            self.wr_pm(ctx, i, false, v);
                        }
                    }
                }
                EventDetail::Plain
            }
            Kind::Switch { target } => {
                let t = self.vals(target);
                self.branch(ctx, pc, exec, part, |l| t[l])
            }
            Kind::Bra { addr, .. } => self.branch(ctx, pc, exec, part, |_| addr),
            Kind::Exit => {
                self.st.exited |= part;
                EventDetail::Exit { exited: part }
            }
            Kind::P2r {
                rd,
                ra,
                sb,
                cc,
                byte,
            } => {
                let src = if cc { self.st.cc() } else { self.st.pr() };
                let a = self.st.reg(ra);
                let m = self.vals(sb);
                let shift = 8 * u32::from(byte);
                let mut out = [0u32; 32];
                let mut source = [0u8; 32];
                let mut mask = [0u8; 32];
                for l in lanes(part) {
                    let k = m[l] & 0xff;
                    out[l] = (a[l] & !(k << shift)) | ((src[l] & k) << shift);
                    source[l] = src[l] as u8;
                    mask[l] = k as u8;
                }
                self.wr_r(ctx, rd, part, &out);
                EventDetail::P2r {
                    cc,
                    byte,
                    source,
                    mask,
                }
            }
            Kind::Getreg32 { sd, hw } => {
                let (id, off, size) = hwreg_parts(hw);
                let reg = self.st.hwreg(id);
                let field = (u64::from(reg) >> off) & ((1u64 << size) - 1);
                if part != 0 {
                    self.wr_s(ctx, sd, field as u32);
                }
                EventDetail::HwReg {
                    id,
                    offset: off as u8,
                    size: size as u8,
                    write: false,
                    value: field as u32,
                    register: reg,
                }
            }
            Kind::Setreg32 { hw, src } => {
                let (id, off, size) = hwreg_parts(hw);
                let v = match src {
                    Scalar::S(n) => self.st.sgpr(n),
                    Scalar::Imm(x) => x,
                };
                let old = self.st.hwreg(id);
                let mask = (((1u64 << size) - 1) << off) as u32;
                let new = (old & !mask) | (((u64::from(v) << off) as u32) & mask);
                if part != 0 {
                    self.wr_hw(ctx, id, new);
                }
                EventDetail::HwReg {
                    id,
                    offset: off as u8,
                    size: size as u8,
                    write: true,
                    value: v,
                    register: self.st.hwreg(id),
                }
            }
            Kind::Bssy { bar } => {
                self.wr_b(ctx, bar, part);
                EventDetail::Bssy {
                    barrier: bar,
                    mask: part,
                }
            }
            Kind::Bsync { bar } => {
                for l in lanes(part) {
                    self.log_lane(l);
                    self.st.pc[l] = pc;
                    self.st.wait_bar[l] = bar;
                }
                self.st.waiting |= part;
                EventDetail::Bsync {
                    barrier: bar,
                    arrived: part,
                    expected: self.st.barriers[bar as usize] & self.can_arrive(),
                }
            }
            Kind::Shfl {
                mode,
                pu,
                rd,
                ra,
                b,
                c,
            } => self.shfl(ctx, part, mode, (pu, rd, ra), b, c),
            Kind::Movm { rd, ra } => self.movm(ctx, part, rd, ra),
            Kind::Vote { op, d, pu, pp } => {
                let inputs = self.pred_mask(pp) & part;
                let result = match op {
                    VoteOp::Any => inputs != 0,
                    VoteOp::All => inputs == part,
                    VoteOp::Eq => inputs == 0 || inputs == part,
                };
                if part != 0 {
                    self.wr_dst(ctx, d, part, &[inputs; 32]);
                    match pu {
                        PDst::P(p) => self.wr_p(ctx, p, part, if result { !0 } else { 0 }),
                        PDst::UP(u) => self.wr_up(ctx, u, result),
                    }
                }
                EventDetail::Vote {
                    op,
                    inputs,
                    ballot: inputs,
                    result,
                }
            }
            Kind::Redux { op, dtype, d, ra } => {
                let v = self.st.reg(ra);
                let result = reduce(op, dtype, part, &v);
                let mut inputs = [0u32; 32];
                for l in lanes(part) {
                    inputs[l] = v[l];
                }
                self.wr_dst(ctx, d, part, &[result; 32]);
                EventDetail::Redux {
                    op,
                    dtype,
                    inputs,
                    result,
                }
            }
            Kind::Match {
                op,
                wide,
                rd,
                pu,
                ra,
            } => {
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
                self.wr_r(ctx, rd, part, &masks);
                let pbits = if op == MatchOp::All && all_equal {
                    !0
                } else {
                    0
                };
                self.wr_p(ctx, pu, part, pbits);
                EventDetail::Match {
                    op,
                    wide,
                    masks,
                    all_equal,
                }
            }
            Kind::Elect { d, pu, cand } => {
                let c = match cand {
                    Cand::Pred(p) => self.pred_mask(p),
                    Cand::Mask(o) => self.vals(o)[0],
                } & part;
                let leader = lowest(c);
                if let Some(l) = leader {
                    self.wr_dst(ctx, d, c, &[l as u32; 32]);
                }
                let bits = leader.map_or(0, |l| 1u32 << l);
                self.wr_p(ctx, pu, part, bits);
                EventDetail::Elect {
                    candidates: c,
                    leader: leader.map(|l| l as u8),
                }
            }
            Kind::Mov { d, a } => {
                let v = self.vals(a);
                self.wr_dst(ctx, d, part, &v);
                EventDetail::Plain
            }
            Kind::Iadd3 { rd, a, b, c } => {
                self.map3(ctx, rd, part, (a, b, c), |a, b, c| {
                    a.wrapping_add(b).wrapping_add(c)
                });
                EventDetail::Plain
            }
            Kind::Imad { rd, a, b, c } => {
                self.map3(ctx, rd, part, (a, b, c), |a, b, c| {
                    a.wrapping_mul(b).wrapping_add(c)
                });
                EventDetail::Plain
            }
            Kind::Lop3 { rd, a, b, c, lut } => {
                self.map3(ctx, rd, part, (a, b, c), |a, b, c| lop3(lut, a, b, c));
                EventDetail::Plain
            }
            Kind::Shf {
                rd,
                a,
                b,
                left,
                signed,
            } => {
                self.map3(ctx, rd, part, (a, b, z), |a, n, _| shf(a, n, left, signed));
                EventDetail::Plain
            }
            Kind::Isetp {
                cmp,
                signed,
                bop,
                pd,
                pq,
                a,
                b,
                pp,
            } => {
                let (av, bv) = (self.vals(a), self.vals(b));
                let p = self.pred_mask(pp);
                let (mut dbits, mut qbits) = (0u32, 0u32);
                for l in lanes(part) {
                    let rel = if signed {
                        (av[l] as i32).cmp(&(bv[l] as i32))
                    } else {
                        av[l].cmp(&bv[l])
                    };
                    let relbit = match rel {
                        std::cmp::Ordering::Less => 1,
                        std::cmp::Ordering::Equal => 2,
                        std::cmp::Ordering::Greater => 4,
                    };
                    let t = cmp.0 & relbit != 0;
                    let pv = p & (1 << l) != 0;
                    let comb = |x: bool| match bop {
                        BoolOp::And => x && pv,
                        BoolOp::Or => x || pv,
                        BoolOp::Xor => x != pv,
                    };
                    dbits |= u32::from(comb(t)) << l;
                    qbits |= u32::from(comb(!t)) << l;
                }
                self.wr_p(ctx, pd, part, dbits);
                self.wr_p(ctx, pq, part, qbits);
                EventDetail::Plain
            }
            Kind::Sel { rd, a, b, pp } => {
                let p = self.pred_mask(pp);
                let (av, bv) = (self.vals(a), self.vals(b));
                let out: [u32; 32] =
                    std::array::from_fn(|l| if p & (1 << l) != 0 { av[l] } else { bv[l] });
                self.wr_r(ctx, rd, part, &out);
                EventDetail::Plain
            }
            Kind::Popc { rd, b } => {
                self.map3(ctx, rd, part, (b, z, z), |b, _, _| b.count_ones());
                EventDetail::Plain
            }
            Kind::Fadd { rd, a, b } => {
                self.map3(ctx, rd, part, (a, b, z), |a, b, _| {
                    fbits(f32::from_bits(a) + f32::from_bits(b))
                });
                EventDetail::Plain
            }
            Kind::Fmul { rd, a, b } => {
                self.map3(ctx, rd, part, (a, b, z), |a, b, _| {
                    fbits(f32::from_bits(a) * f32::from_bits(b))
                });
                EventDetail::Plain
            }
            Kind::Ffma { rd, a, b, c } => {
                self.map3(ctx, rd, part, (a, b, c), |a, b, c| {
                    fbits(f32::from_bits(a).mul_add(f32::from_bits(b), f32::from_bits(c)))
                });
                EventDetail::Plain
            }
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
            ctx.warnings.push(format!(
                "special register number {num:#x} names no register; read 0"
            ));
        }
    }

    /// Sends the participating lanes to the byte address `target(lane)`.
    fn branch(
        &mut self,
        ctx: &mut Ctx,
        pc: u32,
        exec: u32,
        part: u32,
        target: impl Fn(usize) -> u32,
    ) -> EventDetail {
        let n = self.ops.len() as u32;
        let next = self
            .addrs
            .get(pc as usize + 1)
            .copied()
            .unwrap_or_else(|| self.addrs[pc as usize].wrapping_add(16));
        let mut targets = [0u32; 32];
        let mut bad = Vec::new();
        for l in lanes(exec) {
            if part & (1 << l) == 0 {
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
            ctx.warnings.push(format!(
                "branch to {t:#x}, which is not the address of an instruction; the lanes stop"
            ));
        }
        EventDetail::Branch {
            taken: part,
            targets,
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
            let lane = l as i32;
            let bl = (bv[l] & 31) as i32;
            let cl = (cv[l] & 31) as i32;
            let seg = ((cv[l] >> 8) & 31) as i32;
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
            let j = if ok { j as usize } else { l };
            if ok {
                valid |= 1 << l;
                if part & (1 << j) == 0 {
                    reads_inactive |= 1 << l;
                }
            }
            src_lane[l] = j as u8;
            bval[l] = bl as u8;
            cval[l] = cl as u8;
            segmask[l] = seg as u8;
            min_lane[l] = minl as u8;
            max_lane[l] = maxl as u8;
            values[l] = a[j];
        }
        if reads_inactive != 0 {
            ctx.warnings.push(format!(
                "SHFL: lanes {reads_inactive:#010x} read lanes that do not take part; \
                 the values are undefined on hardware"
            ));
        }
        self.wr_r(ctx, rd, part, &values);
        self.wr_p(ctx, pu, part, valid);
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
            ctx.warnings.push(format!(
                "MOVM: lanes {reads_inactive:#010x} read lanes that do not take part; \
                 the values are undefined on hardware"
            ));
        }
        self.wr_r(ctx, rd, part, &out);
        EventDetail::Movm {
            src_lane,
            src_half,
            reads_inactive,
        }
    }
}

/// `LOP3.LUT`: bit i of the result is `lut[(a_i << 2) | (b_i << 1) | c_i]`.
fn lop3(lut: u8, a: u32, b: u32, c: u32) -> u32 {
    let mut r = 0u32;
    for k in 0..8u32 {
        if lut & (1 << k) != 0 {
            let ta = if k & 4 != 0 { a } else { !a };
            let tb = if k & 2 != 0 { b } else { !b };
            let tc = if k & 1 != 0 { c } else { !c };
            r |= ta & tb & tc;
        }
    }
    r
}

/// `SHF`: the whole 32-bit amount is used.
fn shf(a: u32, n: u32, left: bool, signed: bool) -> u32 {
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
