//! The questions asked of the GPU: for every instruction, edge cases
//! first (whole warp, single lanes, every offset), then seeded random ones.

use warpscope_e2e::gpu_truth::{Case, LANES};

/// splitmix64: small, fixed, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn word(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }
    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }
    fn lanes(&mut self) -> [u32; LANES] {
        std::array::from_fn(|_| self.word())
    }
    /// Each lane draws one of `pool`.
    fn pick(&mut self, pool: &[u32]) -> [u32; LANES] {
        std::array::from_fn(|_| pool[self.below(pool.len() as u32) as usize])
    }
    /// A lane mask: dense, sparse, or a fixed shape.
    fn mask(&mut self) -> u32 {
        match self.below(6) {
            0 => self.word() | self.word(),
            1 => self.word() & self.word() & self.word(),
            2 => 1 << self.below(32),
            3 => self.word(),
            _ => MASKS[self.below(MASKS.len() as u32) as usize],
        }
    }
}

/// Lane masks worth asking about by name.
const MASKS: [u32; 10] = [
    0xffff_ffff,
    0x5555_5555,
    0xaaaa_aaaa,
    0x0000_ffff,
    0xffff_0000,
    0x8000_0001,
    0x0000_0001,
    0x8000_0000,
    0x00ff_ff00,
    0x7fff_fffe,
];

const FULL: u32 = 0xffff_ffff;

/// Every case, in table order.
pub fn all() -> Vec<Case> {
    let mut rng = Rng(0x5741_5250_5343_4f50); // "WARPSCOP"
    let mut out = Vec::new();
    for mode in ["idx", "up", "down", "bfly"] {
        shfl(&mut rng, mode, &mut out);
    }
    for op in ["vote.sync", "vote.sync.not"] {
        vote(&mut rng, op, &mut out);
    }
    for op in [
        "add.u32", "add.s32", "min.u32", "min.s32", "max.u32", "max.s32", "and.b32", "or.b32",
        "xor.b32",
    ] {
        redux(&mut rng, &format!("redux.sync.{op}"), &mut out);
    }
    for op in ["any", "all"] {
        for width in ["b32", "b64"] {
            matches(&mut rng, &format!("match.{op}.sync.{width}"), &mut out);
        }
    }
    elect(&mut rng, &mut out);
    for _ in 0..8 {
        let a = rng.lanes();
        out.push(Case::new(
            "movmatrix.sync.aligned.m8n8.trans.b16",
            FULL,
            0,
            a,
        ));
    }
    for op in ["add.rn.f32", "mul.rn.f32", "fma.rn.f32"] {
        floats(&mut rng, op, &mut out);
    }
    for op in ["shl.b32", "shr.u32", "shr.s32"] {
        for i in 0..6 {
            // Amounts 0..31, then 32..63 and whole random words.
            let mut case = Case::new(op, FULL, 0, rng.lanes());
            case.b = std::array::from_fn(|_| match i % 3 {
                0 => rng.below(32),
                1 => 32 + rng.below(32),
                _ => rng.word(),
            });
            out.push(case);
        }
    }
    for op in [
        "popc.b32",
        "lop3.b32.0x96",
        "lop3.b32.0xe8",
        "lop3.b32.0x2d",
    ] {
        for _ in 0..4 {
            let mut case = Case::new(op, FULL, 0, rng.lanes());
            case.b = rng.lanes();
            case.c = rng.lanes();
            out.push(case);
        }
    }
    out
}

/// binary32 values where rounding, signs, subnormals and NaN show.
const FLOATS: [u32; 20] = [
    0x0000_0000, // +0
    0x8000_0000, // -0
    0x3f80_0000, // 1
    0xbf80_0000, // -1
    0x3f80_0001, // 1 + ulp
    0x3400_0000, // 2^-23
    0x3300_0000, // 2^-25
    0x7f7f_ffff, // largest finite
    0xff7f_ffff,
    0x0080_0000, // smallest normal
    0x007f_ffff, // largest subnormal
    0x0000_0001, // smallest subnormal
    0x8000_0001,
    0x7f80_0000, // +inf
    0xff80_0000, // -inf
    0x7fc0_0000, // quiet NaN
    0x7f80_0001, // signalling NaN
    0xffff_ffff, // NaN with sign and payload
    0x1f80_0000, // 2^-64: squares to a subnormal
    0x5f80_0000, // 2^64: squares to infinity
];

/// A float operand: a special value, a number near 1 (where rounding of
/// sums and products shows) or any word.
fn float(rng: &mut Rng) -> u32 {
    match rng.below(4) {
        0 => FLOATS[rng.below(FLOATS.len() as u32) as usize],
        1 => 0x3f00_0000 | rng.below(1 << 24),
        _ => rng.word(),
    }
}

fn floats(rng: &mut Rng, op: &str, out: &mut Vec<Case>) {
    for i in 0..16 {
        let mut case = Case::new(op, FULL, 0, [0; LANES]);
        for l in 0..LANES {
            case.a[l] = float(rng);
            case.b[l] = float(rng);
            case.c[l] = float(rng);
            if i % 2 == 1 {
                // c = -(a * b) rounded: a fused multiply-add leaves the
                // product's rounding error, a separate one would leave 0.
                let p = f32::from_bits(case.a[l]) * f32::from_bits(case.b[l]);
                case.c[l] = (-p).to_bits();
            }
        }
        out.push(case);
    }
}

fn shfl_case(rng: &mut Rng, mode: &str, mask: u32, b: [u32; LANES], c: [u32; LANES]) -> Case {
    let mut case = Case::new(&format!("shfl.sync.{mode}.b32"), mask, 0, rng.lanes());
    case.b = b;
    case.c = c;
    case
}

fn shfl(rng: &mut Rng, mode: &str, out: &mut Vec<Case>) {
    // The clamp CUDA's __shfl_*_sync passes: 0 for up, 0x1f otherwise.
    let clamp = if mode == "up" { 0 } else { 0x1f };
    for b in 0..32 {
        out.push(shfl_case(rng, mode, FULL, [b; LANES], [clamp; LANES]));
    }
    // Segments of `width` lanes, as CUDA's width argument packs them.
    for width in [2u32, 4, 8, 16] {
        for _ in 0..2 {
            let b = rng.below(width);
            let c = ((32 - width) << 8) | (clamp & (width - 1));
            out.push(shfl_case(rng, mode, FULL, [b; LANES], [c; LANES]));
        }
    }
    for _ in 0..6 {
        let (b, c) = (rng.below(32), rng.below(1 << 13));
        out.push(shfl_case(rng, mode, FULL, [b; LANES], [c; LANES]));
    }
    // Bits the instruction ignores: b above 4, c above 12 and 7..5.
    for _ in 0..4 {
        let (b, c) = (rng.word(), rng.word());
        out.push(shfl_case(rng, mode, FULL, [b; LANES], [c; LANES]));
    }
    // A different b, then a different c, in every lane.
    for _ in 0..3 {
        let b = std::array::from_fn(|_| rng.below(32));
        out.push(shfl_case(rng, mode, FULL, b, [clamp; LANES]));
    }
    for _ in 0..3 {
        let (b, c) = (rng.below(32), std::array::from_fn(|_| rng.below(1 << 13)));
        out.push(shfl_case(rng, mode, FULL, [b; LANES], c));
    }
    // Part of the warp.
    for i in 0..10 {
        let mask = rng.mask();
        let b = rng.below(32);
        let c = if i % 2 == 0 {
            clamp
        } else {
            rng.below(1 << 13)
        };
        out.push(shfl_case(rng, mode, mask, [b; LANES], [c; LANES]));
    }
}

fn vote(rng: &mut Rng, op: &str, out: &mut Vec<Case>) {
    let lanes = [0u32; LANES];
    for mask in MASKS {
        for pp in [0, FULL, mask, !mask, rng.word()] {
            out.push(Case::new(op, mask, pp, lanes));
        }
    }
    for _ in 0..10 {
        let (mask, pp) = (rng.mask(), rng.mask());
        out.push(Case::new(op, mask, pp, lanes));
    }
}

fn redux(rng: &mut Rng, op: &str, out: &mut Vec<Case>) {
    const EDGES: [u32; 8] = [
        0,
        1,
        0x7fff_ffff,
        0x8000_0000,
        0x8000_0001,
        0xffff_ffff,
        0xffff_fffe,
        0x0000_ffff,
    ];
    let small: Vec<u32> = (-8i32..8).map(|x| x as u32).collect();
    let inputs: Vec<[u32; LANES]> = vec![
        rng.lanes(),
        rng.pick(&EDGES),
        rng.pick(&EDGES),
        rng.pick(&small),
        [0x8000_0000; LANES],
        [0xffff_ffff; LANES],
        std::array::from_fn(|l| l as u32),
        std::array::from_fn(|l| (l as u32).wrapping_sub(16)),
    ];
    for (i, a) in inputs.into_iter().enumerate() {
        out.push(Case::new(op, FULL, 0, a));
        let mask = if i % 2 == 0 {
            rng.mask()
        } else {
            1 << rng.below(32)
        };
        out.push(Case::new(op, mask, 0, a));
    }
    for _ in 0..4 {
        let mask = rng.mask();
        let a = rng.lanes();
        out.push(Case::new(op, mask, 0, a));
    }
}

fn matches(rng: &mut Rng, op: &str, out: &mut Vec<Case>) {
    let wide = op.ends_with("b64");
    for i in 0..20 {
        let kinds = [1, 1, 2, 3, 5, 32][i % 6];
        let pool: Vec<u32> = (0..kinds).map(|_| rng.word()).collect();
        let mask = if i < 6 { FULL } else { rng.mask() };
        let mut case = Case::new(op, mask, 0, rng.pick(&pool));
        if wide {
            // High halves from a pool of their own, so that pairs can agree
            // in one half and differ in the other.
            let highs: Vec<u32> = (0..kinds.min(3)).map(|_| rng.word()).collect();
            case.b = rng.pick(&highs);
        }
        out.push(case);
    }
}

fn elect(rng: &mut Rng, out: &mut Vec<Case>) {
    let lanes = [0u32; LANES];
    for mask in MASKS {
        out.push(Case::new("elect.sync", mask, FULL, lanes));
        out.push(Case::new("elect.sync", mask, rng.mask(), lanes));
    }
    for _ in 0..16 {
        let (mask, pp) = (rng.mask(), rng.mask());
        out.push(Case::new("elect.sync", mask, pp, lanes));
    }
}
