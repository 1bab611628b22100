//! Whole-warp lane arithmetic in chunks of lanes ([`V`]), for the fast
//! path (`fast.rs`).
//!
//! In the browser's build (wasm with the `simd128` feature) a chunk is
//! four lanes, one `v128`, and each operation one SIMD instruction: the
//! bundle is optimised for size, which turns the compiler's own loop
//! vectorisation off, so the lanes would otherwise run one at a time.
//! Elsewhere a chunk is the whole warp, `[u32; 32]`, whose 32-lane loops
//! the native compiler vectorises for the machine (chunks of four there
//! ran the ALU loop 17 % slower).
//!
//! The general step (`semantics/`) keeps its own lane-by-lane code, so the
//! two paths check each other: `core/tests/suite/sim/fast.rs` natively,
//! and `js/tests/` in the wasm build, where these chunks are `v128`.

/// Lanes in a chunk: four in the wasm build (one `v128`), the whole warp
/// elsewhere.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) const WIDTH: usize = 4;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub(crate) const WIDTH: usize = 32;

/// `$body` for every chunk `$k` of a warp, written out rather than looped:
/// in the wasm build V8 gives each turn of a loop a stack check and a
/// counter, as much work as the chunk's own two or three SIMD
/// instructions, so the eight chunks are eight copies of the body.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
macro_rules! each_chunk {
    ($k:ident => $body:block) => {
        $crate::sim::vector::each_chunk!(@ $k $body 0 1 2 3 4 5 6 7)
    };
    (@ $k:ident $body:block $($n:literal)*) => {{
        $({
            let $k: usize = $n;
            $body
        })*
    }};
}
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
const _: () = assert!(8 * WIDTH == 32, "each_chunk! writes out eight chunks");

/// `$body` for the one chunk, the whole warp.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
macro_rules! each_chunk {
    ($k:ident => $body:block) => {{
        let $k: usize = 0;
        $body
    }};
}
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
const _: () = assert!(WIDTH == 32, "each_chunk! writes out one chunk");

pub(crate) use each_chunk;

/// The canonical NaN every floating-point instruction writes (the group
/// ALU notes of the w128 description).
pub(crate) const CANONICAL_NAN: u32 = 0x7fff_ffff;

/// The bits a floating-point instruction writes for `x`: NaN made
/// canonical.
#[inline(always)]
pub(crate) fn fbits(x: f32) -> u32 {
    if x.is_nan() {
        CANONICAL_NAN
    } else {
        x.to_bits()
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod imp {
    use core::arch::wasm32::*;

    /// Four lanes.
    #[derive(Clone, Copy)]
    pub(crate) struct V(v128);

    /// How a SHFL with immediate lane operands gathers its result: for
    /// each chunk of four lanes whose sources all lie in one chunk, that
    /// chunk's number and the bytes a swizzle takes from it (one
    /// `i8x16.swizzle` instead of four loads); `MIXED` for a chunk that
    /// reads from several, which is gathered lane by lane.
    /// (Aligned so that each swizzle's bytes are one aligned load.)
    #[derive(Debug, Clone, Copy, PartialEq)]
    #[repr(C, align(16))]
    pub(crate) struct Gather {
        idx: [[u8; 16]; 8],
        from: [u8; 8],
    }

    const MIXED: u8 = u8::MAX;

    impl Gather {
        /// The plan for the source lanes `src` (each below 32).
        pub(crate) fn new(src: &[u8; 32]) -> Gather {
            let mut g = Gather {
                idx: [[0; 16]; 8],
                from: [MIXED; 8],
            };
            for k in 0..8 {
                let lanes = &src[4 * k..4 * k + 4];
                let j = lanes[0] >> 2;
                if lanes.iter().all(|&s| s >> 2 == j) {
                    g.from[k] = j;
                    for (i, &s) in lanes.iter().enumerate() {
                        for b in 0..4 {
                            g.idx[k][4 * i + b] = (s & 3) * 4 + b as u8;
                        }
                    }
                }
            }
            g
        }

        /// `out[l] = a[src[l]]` for every lane.
        #[inline(always)]
        pub(crate) fn gather(&self, src: &[u8; 32], a: &[u32; 32], out: &mut [u32; 32]) {
            super::each_chunk!(k => {
                match self.from[k] {
                    MIXED => {
                        for l in 4 * k..4 * k + 4 {
                            out[l] = a[usize::from(src[l]) & 31];
                        }
                    }
                    j => {
                        // SAFETY: 16 readable bytes; no alignment needed.
                        let idx = unsafe { v128_load(self.idx[k].as_ptr().cast()) };
                        let from = V::load(a, usize::from(j) & 7);
                        V(i8x16_swizzle(from.0, idx)).store(out, k);
                    }
                }
            });
        }
    }

    /// Appends the 32 lanes of `w` to `pool`, a chunk per `v128` store.
    /// (`extend_from_slice` becomes a `memory.copy`, which V8 runs as a
    /// call out of the compiled code: as costly as a whole fast step.)
    #[inline(always)]
    pub(crate) fn append(pool: &mut Vec<u32>, w: &[u32; 32]) {
        // (The call to `reserve` only when it has to grow.)
        if pool.capacity() - pool.len() < 32 {
            pool.reserve(32);
        }
        let at = pool.len();
        let dst = pool.spare_capacity_mut()[..32].as_mut_ptr().cast::<v128>();
        super::each_chunk!(k => {
            // SAFETY: `reserve` left room for 32 more u32 past `at`;
            // `dst.add(k)` is the k-th 16 bytes of it (`v128_store` has no
            // alignment requirement).
            unsafe { v128_store(dst.add(k), V::load(w, k).0) }
        });
        // SAFETY: the eight stores above initialised all 32 new slots.
        unsafe { pool.set_len(at + 32) }
    }

    /// Pushes `x` onto `v` with the capacity check in place: the
    /// size-built wasm kept `Vec::push` out of line, a call for every undo
    /// record of every step.
    #[inline(always)]
    pub(crate) fn push<T>(v: &mut Vec<T>, x: T) {
        // (The call to `reserve` only when it has to grow.)
        if v.len() == v.capacity() {
            v.reserve(1);
        }
        let at = v.len();
        v.spare_capacity_mut()[0].write(x);
        // SAFETY: the slot at `at` was just written; `reserve` made it
        // part of the capacity.
        unsafe { v.set_len(at + 1) }
    }

    impl V {
        #[inline(always)]
        pub(crate) fn load(w: &[u32; 32], k: usize) -> V {
            let s: &[u32; 4] = w[4 * k..4 * k + 4].try_into().expect("four lanes");
            // SAFETY: `s` is four readable, contiguous u32 (16 bytes);
            // v128_load has no alignment requirement.
            V(unsafe { v128_load(s.as_ptr().cast()) })
        }
        #[inline(always)]
        pub(crate) fn store(self, w: &mut [u32; 32], k: usize) {
            let s: &mut [u32; 4] = (&mut w[4 * k..4 * k + 4]).try_into().expect("four lanes");
            // SAFETY: as in `load`, for writing.
            unsafe { v128_store(s.as_mut_ptr().cast(), self.0) }
        }
        #[inline(always)]
        pub(crate) fn splat(x: u32) -> V {
            V(u32x4_splat(x))
        }
        #[inline(always)]
        pub(crate) fn add(self, o: V) -> V {
            V(i32x4_add(self.0, o.0))
        }
        #[inline(always)]
        pub(crate) fn mul(self, o: V) -> V {
            V(i32x4_mul(self.0, o.0))
        }
        #[inline(always)]
        pub(crate) fn xor(self, o: V) -> V {
            V(v128_xor(self.0, o.0))
        }
        /// The bits of `t` where `self` has ones, of `f` where it has zeros.
        #[inline(always)]
        pub(crate) fn select(self, t: V, f: V) -> V {
            V(v128_bitselect(t.0, f.0, self.0))
        }
        /// All ones in lane `i` when bit `i` of `bits` is set.
        #[inline(always)]
        pub(crate) fn from_bits(bits: u32) -> V {
            let b = v128_and(u32x4_splat(bits), u32x4(1, 2, 4, 8));
            V(i32x4_ne(b, u32x4_splat(0)))
        }
        /// Bit `i` set where lane `i` of `self` compares with `o` as `cmp`
        /// asks (a set of LT 1, EQ 2, GT 4), unsigned.
        #[inline(always)]
        pub(crate) fn compare(self, o: V, cmp: u8) -> u32 {
            let mut hit = u32x4_splat(0);
            if cmp & 1 != 0 {
                hit = v128_or(hit, u32x4_lt(self.0, o.0));
            }
            if cmp & 2 != 0 {
                hit = v128_or(hit, i32x4_eq(self.0, o.0));
            }
            if cmp & 4 != 0 {
                hit = v128_or(hit, u32x4_gt(self.0, o.0));
            }
            u32::from(i32x4_bitmask(hit))
        }
        /// Shifts by `n` < 32: left, logical right, arithmetic right.
        #[inline(always)]
        pub(crate) fn shl(self, n: u32) -> V {
            V(i32x4_shl(self.0, n))
        }
        #[inline(always)]
        pub(crate) fn shr(self, n: u32) -> V {
            V(u32x4_shr(self.0, n))
        }
        #[inline(always)]
        pub(crate) fn sar(self, n: u32) -> V {
            V(i32x4_shr(self.0, n))
        }
        #[inline(always)]
        pub(crate) fn popcnt(self) -> V {
            let bytes = i8x16_popcnt(self.0);
            V(u32x4_extadd_pairwise_u16x8(u16x8_extadd_pairwise_u8x16(
                bytes,
            )))
        }
        /// binary32 sum and product, NaN made canonical.
        #[inline(always)]
        pub(crate) fn fadd(self, o: V) -> V {
            V(f32x4_add(self.0, o.0)).canonical()
        }
        #[inline(always)]
        pub(crate) fn fmul(self, o: V) -> V {
            V(f32x4_mul(self.0, o.0)).canonical()
        }
        #[inline(always)]
        fn canonical(self) -> V {
            let nan = f32x4_ne(self.0, self.0);
            V(v128_bitselect(
                u32x4_splat(super::CANONICAL_NAN),
                self.0,
                nan,
            ))
        }
        /// `f` on each lane (for what has no vector instruction).
        #[inline(always)]
        pub(crate) fn map3(a: V, b: V, c: V, f: impl Fn(u32, u32, u32) -> u32) -> V {
            let l = |v: V, i: usize| -> u32 {
                match i {
                    0 => u32x4_extract_lane::<0>(v.0),
                    1 => u32x4_extract_lane::<1>(v.0),
                    2 => u32x4_extract_lane::<2>(v.0),
                    _ => u32x4_extract_lane::<3>(v.0),
                }
            };
            let r = |i: usize| f(l(a, i), l(b, i), l(c, i));
            V(u32x4(r(0), r(1), r(2), r(3)))
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod imp {
    /// The whole warp: one chunk, whose 32-lane loops the compiler
    /// vectorises for the machine.
    #[derive(Clone, Copy)]
    pub(crate) struct V([u32; 32]);

    /// Appends the 32 lanes of `w` to `pool` (a plain copy natively).
    #[inline(always)]
    pub(crate) fn append(pool: &mut Vec<u32>, w: &[u32; 32]) {
        pool.extend_from_slice(w);
    }

    /// Pushes `x` onto `v` (`Vec::push` natively).
    #[inline(always)]
    pub(crate) fn push<T>(v: &mut Vec<T>, x: T) {
        v.push(x);
    }

    /// `[e(0), e(1), .., e(31)]` as a counted loop, which vectorises.
    macro_rules! each {
        (|$i:ident| $e:expr) => {{
            let mut out = [0u32; 32];
            for $i in 0..32 {
                out[$i] = $e;
            }
            out
        }};
    }

    /// All ones for true.
    #[inline(always)]
    fn ones(t: bool) -> u32 {
        u32::from(t).wrapping_neg()
    }

    use super::fbits as canonical;

    /// How a SHFL with immediate lane operands gathers its result: lane by
    /// lane from its source lanes, which natively needs no plan.
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub(crate) struct Gather;

    impl Gather {
        /// The plan for the source lanes `src` (each below 32).
        pub(crate) fn new(_src: &[u8; 32]) -> Gather {
            Gather
        }

        /// `out[l] = a[src[l]]` for every lane.
        #[inline(always)]
        pub(crate) fn gather(&self, src: &[u8; 32], a: &[u32; 32], out: &mut [u32; 32]) {
            for (o, &s) in out.iter_mut().zip(src) {
                *o = a[usize::from(s) & 31];
            }
        }
    }

    impl V {
        #[inline(always)]
        pub(crate) fn load(w: &[u32; 32], _k: usize) -> V {
            V(*w)
        }
        #[inline(always)]
        pub(crate) fn store(self, w: &mut [u32; 32], _k: usize) {
            *w = self.0;
        }
        #[inline(always)]
        pub(crate) fn splat(x: u32) -> V {
            V([x; 32])
        }
        #[inline(always)]
        pub(crate) fn add(self, o: V) -> V {
            V(each!(|i| self.0[i].wrapping_add(o.0[i])))
        }
        #[inline(always)]
        pub(crate) fn mul(self, o: V) -> V {
            V(each!(|i| self.0[i].wrapping_mul(o.0[i])))
        }
        #[inline(always)]
        pub(crate) fn xor(self, o: V) -> V {
            V(each!(|i| self.0[i] ^ o.0[i]))
        }
        /// The bits of `t` where `self` has ones, of `f` where it has zeros.
        #[inline(always)]
        pub(crate) fn select(self, t: V, f: V) -> V {
            V(each!(|i| (t.0[i] & self.0[i]) | (f.0[i] & !self.0[i])))
        }
        /// All ones in lane `i` when bit `i` of `bits` is set.
        #[inline(always)]
        pub(crate) fn from_bits(bits: u32) -> V {
            V(each!(|i| ones(bits >> i & 1 == 1)))
        }
        /// Bit `i` set where lane `i` of `self` compares with `o` as `cmp`
        /// asks (a set of LT 1, EQ 2, GT 4), unsigned.
        #[inline(always)]
        pub(crate) fn compare(self, o: V, cmp: u8) -> u32 {
            let mut m = 0;
            for i in 0..32 {
                let (x, y) = (self.0[i], o.0[i]);
                let rel = u32::from(x < y) | (u32::from(x == y) << 1) | (u32::from(x > y) << 2);
                m |= u32::from(u32::from(cmp) & rel != 0) << i;
            }
            m
        }
        /// Shifts by `n` < 32: left, logical right, arithmetic right.
        #[inline(always)]
        pub(crate) fn shl(self, n: u32) -> V {
            V(each!(|i| self.0[i] << n))
        }
        #[inline(always)]
        pub(crate) fn shr(self, n: u32) -> V {
            V(each!(|i| self.0[i] >> n))
        }
        #[inline(always)]
        pub(crate) fn sar(self, n: u32) -> V {
            V(each!(|i| ((self.0[i] as i32) >> n) as u32))
        }
        #[inline(always)]
        pub(crate) fn popcnt(self) -> V {
            V(each!(|i| self.0[i].count_ones()))
        }
        /// binary32 sum and product, NaN made canonical.
        #[inline(always)]
        pub(crate) fn fadd(self, o: V) -> V {
            V(each!(|i| canonical(
                f32::from_bits(self.0[i]) + f32::from_bits(o.0[i])
            )))
        }
        #[inline(always)]
        pub(crate) fn fmul(self, o: V) -> V {
            V(each!(|i| canonical(
                f32::from_bits(self.0[i]) * f32::from_bits(o.0[i])
            )))
        }
        /// `f` on each lane (for what has no vector instruction).
        #[inline(always)]
        pub(crate) fn map3(a: V, b: V, c: V, f: impl Fn(u32, u32, u32) -> u32) -> V {
            V(each!(|i| f(a.0[i], b.0[i], c.0[i])))
        }
    }
}

pub(crate) use imp::{append, push, Gather, V};

/// `LOP3.LUT` on four lanes: the table read as a tree of selects (`a`
/// picks its upper or lower half, `b` a quarter, `c` the entry).
#[inline(always)]
pub(crate) fn lop3(lut: u8, a: V, b: V, c: V) -> V {
    let m = |k: u8| V::splat(u32::from((lut >> k) & 1).wrapping_neg());
    let lo = b.select(c.select(m(3), m(2)), c.select(m(1), m(0)));
    let hi = b.select(c.select(m(7), m(6)), c.select(m(5), m(4)));
    a.select(hi, lo)
}
