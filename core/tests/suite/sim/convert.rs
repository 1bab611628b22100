//! FSETP, I2F, F2I, IMAD.HI, BREV and FLO against reference functions
//! written from their `__Semantics` and notes in `core/isa/w128/alu.isa`
//! (and the FCmp table), sharing no code with the simulator: floats are
//! taken apart bit by bit, integer rounding and saturation are worked out
//! in i128, and no `as` conversion between floats and integers is used.
//!
//! Every case runs one instruction on random and edge-case lanes, with a
//! random launch mask and guard, once through `step()` (the general path)
//! and once through `run()` (the fast path), and compares every lane of
//! the destination: lanes that do not take part keep their old values.

use crate::rng::Rng;
use warpscope_core::asm;
use warpscope_core::isas;
use warpscope_core::sim::{Code, LaunchConfig, Loc, Sim, Value, WarpState};

// ------------------------------------------------------- the references ---

fn is_nan(x: u32) -> bool {
    x & 0x7f80_0000 == 0x7f80_0000 && x & 0x007f_ffff != 0
}

/// A non-NaN float's place on the number line, -0.0 and +0.0 alike.
fn place(x: u32) -> i64 {
    let magnitude = i64::from(x & 0x7fff_ffff);
    if x >> 31 == 1 {
        -magnitude
    } else {
        magnitude
    }
}

/// `a cmp b` for each FCmp name, from its description.
fn ref_fcmp(cmp: &str, a: u32, b: u32) -> bool {
    let unordered = is_nan(a) || is_nan(b);
    let (lt, eq, gt) = if unordered {
        (false, false, false)
    } else {
        (
            place(a) < place(b),
            place(a) == place(b),
            place(a) > place(b),
        )
    };
    match cmp {
        "F" => false,
        "LT" => lt,
        "EQ" => eq,
        "LE" => lt || eq,
        "GT" => gt,
        "NE" => lt || gt,
        "GE" => gt || eq,
        "NUM" => !unordered,
        "NAN" => unordered,
        "LTU" => unordered || lt,
        "EQU" => unordered || eq,
        "LEU" => unordered || lt || eq,
        "GTU" => unordered || gt,
        "NEU" => unordered || !eq,
        "GEU" => unordered || gt || eq,
        "T" => true,
        _ => unreachable!("{cmp}"),
    }
}

const FCMPS: [&str; 16] = [
    "F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN", "LTU", "EQU", "LEU", "GTU", "NEU",
    "GEU", "T",
];

fn ref_bop(bop: &str, t: bool, p: bool) -> bool {
    match bop {
        "AND" => t && p,
        "OR" => t || p,
        _ => t != p,
    }
}

/// The binary32 nearest to `n` (ties to the even significand).
fn ref_i2f(n: i64) -> u32 {
    if n == 0 {
        return 0;
    }
    let sign = if n < 0 { 1u32 << 31 } else { 0 };
    let m = n.unsigned_abs();
    let top = 63 - m.leading_zeros(); // index of the leading 1
    let (mut q, mut top) = if top <= 23 {
        (m << (23 - top), top)
    } else {
        let cut = top - 23;
        let (q, rest, half) = (m >> cut, m & ((1 << cut) - 1), 1u64 << (cut - 1));
        let up = rest > half || (rest == half && q & 1 == 1);
        (q + u64::from(up), top)
    };
    if q == 1 << 24 {
        q >>= 1;
        top += 1;
    }
    sign | ((top + 127) << 23) | (q as u32 & 0x007f_ffff)
}

/// `x` rounded toward zero and clamped to the type; NaN is 0.
fn ref_f2i(x: u32, signed: bool) -> u32 {
    if is_nan(x) {
        return 0;
    }
    let (exp, frac) = ((x >> 23) & 0xff, i128::from(x & 0x007f_ffff));
    let magnitude: i128 = match exp {
        0xff => 1 << 100, // infinity: beyond every range
        0 => 0,           // subnormal: below 1
        _ => {
            let (m, e) = (frac | 1 << 23, exp as i32 - 150);
            if e >= 0 {
                m << e.min(60)
            } else if e > -24 {
                m >> -e
            } else {
                0
            }
        }
    };
    let value = if x >> 31 == 1 { -magnitude } else { magnitude };
    let (lo, hi) = if signed {
        (-(1i128 << 31), (1i128 << 31) - 1)
    } else {
        (0, (1i128 << 32) - 1)
    };
    (value.clamp(lo, hi) & 0xffff_ffff) as u32
}

/// `(floor(a * b / 2^32) + c) mod 2^32`, the operands read as `signed`.
fn ref_mul_hi(a: u32, b: u32, c: u32, signed: bool) -> u32 {
    let read = |x: u32| {
        if signed && x >> 31 == 1 {
            i128::from(x) - (1 << 32)
        } else {
            i128::from(x)
        }
    };
    let high = (read(a) * read(b)).div_euclid(1 << 32);
    (high + i128::from(c)).rem_euclid(1 << 32) as u32
}

fn ref_brev(x: u32) -> u32 {
    (0..32).fold(0, |out, i| out | (((x >> (31 - i)) & 1) << i))
}

fn ref_flo(x: u32, signed: bool) -> u32 {
    let x = if signed && x >> 31 == 1 { !x } else { x };
    (0..32)
        .rev()
        .find(|&i| (x >> i) & 1 == 1)
        .unwrap_or(0xffff_ffff)
}

// ---------------------------------------------------------- the inputs ---

/// Integers: zero, ones, the signed and unsigned limits and ties of I2F
/// (2^24 + 1 and + 3, 2^31 - 64, 2^32 - 128 lie halfway between floats).
const INTS: [u32; 22] = [
    0,
    1,
    2,
    3,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_ffff,
    0xffff_fffe,
    0xffff_fff0,
    0x0100_0000,
    0x0100_0001,
    0x0100_0003,
    0xfeff_ffff,
    0x7fff_ffc0,
    0x7fff_ff80,
    0xffff_ff80,
    0xffff_ffc0,
    0x8000_0040,
    0x5555_5555,
    0xaaaa_aaab,
    0x0000_ffff,
];

/// Floats: zeros, infinities, NaNs, subnormals, halves, the edges of the
/// integer ranges (2^31, -2^31 and the floats next to them, 2^32) and
/// the largest finite values.
const FLOATS: [u32; 32] = [
    0x0000_0000,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0000,
    0x7f80_0001,
    0x7fff_ffff,
    0x0000_0001,
    0x8000_0001,
    0x007f_ffff,
    0x807f_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0x3f00_0000,
    0xbf00_0000,
    0x3f7f_ffff,
    0xbf7f_ffff,
    0x3fc0_0000,
    0xc020_0000,
    0x4f00_0000,
    0x4eff_ffff,
    0x4f00_0001,
    0xcf00_0000,
    0xcf00_0001,
    0xceff_ffff,
    0x4f80_0000,
    0x4f7f_ffff,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x4b80_0001,
    0xcb7f_ffff,
];

/// An edge value, an edge value with one bit flipped, or a random word.
fn pick(rng: &mut Rng, edges: &[u32]) -> u32 {
    match rng.below(8) {
        0..=3 => edges[rng.below(edges.len() as u32) as usize],
        4 => edges[rng.below(edges.len() as u32) as usize] ^ (1 << rng.below(32)),
        _ => rng.next(),
    }
}

fn lanes(rng: &mut Rng, edges: &[u32]) -> [u32; 32] {
    std::array::from_fn(|_| pick(rng, edges))
}

// ----------------------------------------------------------- the runs ---

/// One case: `body` (an instruction without guard) run with a random
/// launch mask and guard on R0..R2 = `src`, R4 and P1, P2 holding old
/// values, P3 random; returns the lanes taking part and the two states,
/// stepped and run.
struct Case {
    part: u32,
    old: [u32; 32],
    p_old: [u32; 2],
    p3: u32,
    states: [WarpState; 2],
}

fn run_case(rng: &mut Rng, body: &str, src: [[u32; 32]; 3]) -> Case {
    let active = match rng.below(3) {
        0 => !0,
        _ => rng.next(),
    };
    let (p5, guard) = (rng.next(), rng.below(3));
    let prefix = ["", "@P5 ", "@!P5 "][guard as usize];
    let text = format!("{prefix}{body} ;");
    let isa = isas::w128();
    let inst = asm::assemble_line(isa, &text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    let (old, p_old, p3) = (rng.lanes(), [rng.next(), rng.next()], rng.next());
    let mut inits: Vec<(Loc, Value)> = (0..3)
        .map(|r| (Loc::R(r as u8), Value::Lanes(src[r])))
        .collect();
    inits.extend([
        (Loc::R(4), Value::Lanes(old)),
        (Loc::P(1), Value::Mask(p_old[0])),
        (Loc::P(2), Value::Mask(p_old[1])),
        (Loc::P(3), Value::Mask(p3)),
        (Loc::P(5), Value::Mask(p5)),
    ]);
    let code = [Code {
        inst: &inst,
        addr: 0,
        line: 1,
    }];
    let new = || Sim::with_code(isa, &code, active, &inits, LaunchConfig::default());
    let (mut stepped, mut ran) = (new(), new());
    if active != 0 {
        stepped.step().expect("one step");
    }
    ran.run(1);
    let part = active & [!0, p5, !p5][guard as usize];
    Case {
        part,
        old,
        p_old,
        p3,
        states: [stepped.state().clone(), ran.state().clone()],
    }
}

/// Runs `body` (destination R4) on random sources and checks every lane
/// of R4 against `f` of the lane's R0, R1, R2.
fn check_r4(rng: &mut Rng, body: &str, edges: &[u32], f: impl Fn(u32, u32, u32) -> u32) {
    for _ in 0..40 {
        let src = [lanes(rng, edges), lanes(rng, edges), rng.lanes()];
        let case = run_case(rng, body, src);
        let want: [u32; 32] = std::array::from_fn(|l| {
            if case.part >> l & 1 == 1 {
                f(src[0][l], src[1][l], src[2][l])
            } else {
                case.old[l]
            }
        });
        for (how, st) in ["step", "run"].iter().zip(&case.states) {
            assert_eq!(st.reg(4), want, "{body} ({how}), part {:#x}", case.part);
            assert_eq!(st.reg(0), src[0], "{body}: the source is kept");
        }
    }
}

#[test]
fn fsetp_matches_the_fcmp_table() {
    let mut rng = Rng(0xf5e7_0001);
    for cmp in FCMPS {
        for bop in ["AND", "OR", "XOR"] {
            for _ in 0..12 {
                let not = rng.below(2) == 1;
                let b_imm = (rng.below(2) == 1).then(|| pick(&mut rng, &FLOATS));
                let b_text = b_imm.map_or("R1".to_string(), |x| format!("0f{x:08x}"));
                let bang = if not { "!" } else { "" };
                let body = format!("FSETP.{cmp}.{bop} P1, P2, R0, {b_text}, {bang}P3");
                let mut a = lanes(&mut rng, &FLOATS);
                let mut b = lanes(&mut rng, &FLOATS);
                // Equal pairs, and zeros of both signs, in some lanes.
                for l in 0..8 {
                    b[l] = a[l] ^ if l % 2 == 0 { 0 } else { 0x8000_0000 };
                    a[l] &= if l < 4 { 0x8000_0000 } else { !0 };
                }
                let case = run_case(&mut rng, &body, [a, b, [0; 32]]);
                let (mut d, mut q) = (case.p_old[0], case.p_old[1]);
                for l in 0..32 {
                    if case.part >> l & 1 == 0 {
                        continue;
                    }
                    let t = ref_fcmp(cmp, a[l], b_imm.unwrap_or(b[l]));
                    let p = (case.p3 >> l & 1 == 1) != not;
                    let bit = 1u32 << l;
                    d = (d & !bit) | (u32::from(ref_bop(bop, t, p)) << l);
                    q = (q & !bit) | (u32::from(ref_bop(bop, !t, p)) << l);
                }
                for (how, st) in ["step", "run"].iter().zip(&case.states) {
                    let got = (st.pred(1), st.pred(2));
                    assert_eq!(got, (d, q), "{body} ({how}), part {:#x}", case.part);
                }
            }
        }
    }
}

#[test]
fn i2f_rounds_to_nearest_even() {
    let mut rng = Rng(0x12f0_0002);
    check_r4(&mut rng, "I2F.F32.S32 R4, R0", &INTS, |a, _, _| {
        ref_i2f(i64::from(a) - if a >> 31 == 1 { 1 << 32 } else { 0 })
    });
    check_r4(&mut rng, "I2F.F32.U32 R4, R1", &INTS, |_, b, _| {
        ref_i2f(i64::from(b))
    });
    for x in INTS {
        let body = format!("I2F.F32.U32 R4, {x:#x}");
        check_r4(&mut rng, &body, &INTS, |_, _, _| ref_i2f(i64::from(x)));
    }
    // The ties named in the description, worked out by hand.
    assert_eq!(ref_i2f(16_777_217), 0x4b80_0000);
    assert_eq!(ref_i2f(16_777_219), 0x4b80_0002);
    assert_eq!(ref_i2f(0xffff_ffff), 0x4f80_0000);
    assert_eq!(ref_i2f(-(1 << 31)), 0xcf00_0000);
}

#[test]
fn f2i_truncates_and_saturates() {
    let mut rng = Rng(0xf210_0003);
    check_r4(&mut rng, "F2I.S32.TRUNC R4, R0", &FLOATS, |a, _, _| {
        ref_f2i(a, true)
    });
    check_r4(&mut rng, "F2I.U32.TRUNC R4, R1", &FLOATS, |_, b, _| {
        ref_f2i(b, false)
    });
    for x in FLOATS {
        for (ty, signed) in [("S32", true), ("U32", false)] {
            let body = format!("F2I.{ty}.TRUNC R4, 0f{x:08x}");
            check_r4(&mut rng, &body, &FLOATS, |_, _, _| ref_f2i(x, signed));
        }
    }
    // From the description's examples and notes, by hand.
    assert_eq!(ref_f2i(0xc020_0000, true), 0xffff_fffe, "-2.5");
    assert_eq!(ref_f2i(0x4f00_0000, true), 0x7fff_ffff, "2^31");
    assert_eq!(ref_f2i(0xcf00_0001, true), 0x8000_0000, "below -2^31");
    assert_eq!(ref_f2i(0xbf00_0000, false), 0, "-0.5");
    assert_eq!(ref_f2i(0x4f7f_ffff, false), 0xffff_ff00);
}

#[test]
fn imad_hi_takes_the_high_half() {
    let mut rng = Rng(0x1a4d_0004);
    for (ty, signed) in [("", false), (".U32", false), (".S32", true)] {
        let body = format!("IMAD.HI{ty} R4, R0, R1, R2");
        check_r4(&mut rng, &body, &INTS, |a, b, c| {
            ref_mul_hi(a, b, c, signed)
        });
        for _ in 0..6 {
            let x = pick(&mut rng, &INTS);
            let body = format!("IMAD.HI{ty} R4, R0, {x:#x}, RZ");
            check_r4(&mut rng, &body, &INTS, |a, _, _| {
                ref_mul_hi(a, x, 0, signed)
            });
        }
    }
    // Division by 3 as the description's note does it.
    assert_eq!(ref_mul_hi(100, 0xaaaa_aaab, 0, false) >> 1, 33);
    assert_eq!(ref_mul_hi(0xffff_ffff, 0xffff_ffff, 0, true), 0);
    assert_eq!(ref_mul_hi(0xffff_ffff, 1, 0, true), 0xffff_ffff);
}

#[test]
fn brev_and_flo_scan_the_bits() {
    let mut rng = Rng(0xb4e0_0005);
    check_r4(&mut rng, "BREV R4, R0", &INTS, |a, _, _| ref_brev(a));
    check_r4(&mut rng, "FLO.U32 R4, R1", &INTS, |_, b, _| {
        ref_flo(b, false)
    });
    check_r4(&mut rng, "FLO.S32 R4, R0", &INTS, |a, _, _| {
        ref_flo(a, true)
    });
    for x in INTS {
        check_r4(&mut rng, &format!("BREV R4, {x:#x}"), &INTS, |_, _, _| {
            ref_brev(x)
        });
        for (ty, signed) in [("U32", false), ("S32", true)] {
            let body = format!("FLO.{ty} R4, {x:#x}");
            check_r4(&mut rng, &body, &INTS, |_, _, _| ref_flo(x, signed));
        }
    }
    assert_eq!(ref_brev(1), 0x8000_0000);
    assert_eq!(ref_flo(0x100, false), 8);
    assert_eq!(ref_flo(0xffff_fff0, true), 3);
    assert_eq!(ref_flo(0, false), 0xffff_ffff);
    assert_eq!(ref_flo(0xffff_ffff, true), 0xffff_ffff);
}
