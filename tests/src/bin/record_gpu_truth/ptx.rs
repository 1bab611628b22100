//! The kernels: one per recorded instruction, each the same frame around
//! one PTX instruction (or, for `vote.sync`, the four votes of one input).
//! PTX's float operations are written as `.b32` registers, which PTX
//! accepts for `.f32` operands.
//!
//! Block `i` (32 threads, one warp) runs case `i`. Its input record is
//! `mask, pp, a[32], b[32], c[32]` (98 words); lane `l` writes its
//! destination to output word `64 i + l` and its flags to `64 i + 32 + l`:
//! bit 0 = the lane ran the instruction, bit `k` = output predicate `k`.

/// Words of one case's input record.
pub const IN_WORDS: usize = 2 + 3 * 32;
/// Words of one case's output.
pub const OUT_WORDS: usize = 64;

/// One recorded instruction.
pub struct Variant {
    /// The PTX instruction, as the table names it.
    pub op: &'static str,
    /// The kernel body. Inputs: `%r3` membermask, `%r5` a, `%r6` b, `%r7`
    /// c, `%p1` this lane's pp, `%rd10` = {b, a} (64-bit); outputs: `%r10`
    /// and predicates `%p3`, `%p4`, `%p5`.
    pub body: &'static str,
    /// How many output predicates the body sets.
    pub preds: usize,
    /// Only lanes whose pp is true run it (`elect.sync` among candidates).
    pub pp_gates: bool,
}

macro_rules! v {
    ($op:expr, $preds:expr, $body:expr) => {
        Variant {
            op: $op,
            body: $body,
            preds: $preds,
            pp_gates: false,
        }
    };
}

/// Every recorded instruction.
pub const VARIANTS: &[Variant] = &[
    v!(
        "shfl.sync.idx.b32",
        1,
        "shfl.sync.idx.b32 %r10|%p3, %r5, %r6, %r7, %r3;"
    ),
    v!(
        "shfl.sync.up.b32",
        1,
        "shfl.sync.up.b32 %r10|%p3, %r5, %r6, %r7, %r3;"
    ),
    v!(
        "shfl.sync.down.b32",
        1,
        "shfl.sync.down.b32 %r10|%p3, %r5, %r6, %r7, %r3;"
    ),
    v!(
        "shfl.sync.bfly.b32",
        1,
        "shfl.sync.bfly.b32 %r10|%p3, %r5, %r6, %r7, %r3;"
    ),
    v!(
        "vote.sync",
        3,
        "vote.sync.ballot.b32 %r10, %p1, %r3;
    vote.sync.any.pred %p3, %p1, %r3;
    vote.sync.all.pred %p4, %p1, %r3;
    vote.sync.uni.pred %p5, %p1, %r3;"
    ),
    v!(
        "vote.sync.not",
        3,
        "vote.sync.ballot.b32 %r10, !%p1, %r3;
    vote.sync.any.pred %p3, !%p1, %r3;
    vote.sync.all.pred %p4, !%p1, %r3;
    vote.sync.uni.pred %p5, !%p1, %r3;"
    ),
    v!(
        "redux.sync.add.u32",
        0,
        "redux.sync.add.u32 %r10, %r5, %r3;"
    ),
    v!(
        "redux.sync.add.s32",
        0,
        "redux.sync.add.s32 %r10, %r5, %r3;"
    ),
    v!(
        "redux.sync.min.u32",
        0,
        "redux.sync.min.u32 %r10, %r5, %r3;"
    ),
    v!(
        "redux.sync.min.s32",
        0,
        "redux.sync.min.s32 %r10, %r5, %r3;"
    ),
    v!(
        "redux.sync.max.u32",
        0,
        "redux.sync.max.u32 %r10, %r5, %r3;"
    ),
    v!(
        "redux.sync.max.s32",
        0,
        "redux.sync.max.s32 %r10, %r5, %r3;"
    ),
    v!(
        "redux.sync.and.b32",
        0,
        "redux.sync.and.b32 %r10, %r5, %r3;"
    ),
    v!("redux.sync.or.b32", 0, "redux.sync.or.b32 %r10, %r5, %r3;"),
    v!(
        "redux.sync.xor.b32",
        0,
        "redux.sync.xor.b32 %r10, %r5, %r3;"
    ),
    v!(
        "match.any.sync.b32",
        0,
        "match.any.sync.b32 %r10, %r5, %r3;"
    ),
    v!(
        "match.all.sync.b32",
        1,
        "match.all.sync.b32 %r10|%p3, %r5, %r3;"
    ),
    v!(
        "match.any.sync.b64",
        0,
        "match.any.sync.b64 %r10, %rd10, %r3;"
    ),
    v!(
        "match.all.sync.b64",
        1,
        "match.all.sync.b64 %r10|%p3, %rd10, %r3;"
    ),
    Variant {
        op: "elect.sync",
        body: "elect.sync %r10|%p3, %r3;",
        preds: 1,
        pp_gates: true,
    },
    v!(
        "movmatrix.sync.aligned.m8n8.trans.b16",
        0,
        "movmatrix.sync.aligned.m8n8.trans.b16 %r10, %r5;"
    ),
    // Lane-by-lane arithmetic whose w128 rules follow PTX: rounding,
    // subnormals and NaN of the float operations, shift amounts of 32 and
    // more, and LOP3's truth table.
    v!("add.rn.f32", 0, "add.rn.f32 %r10, %r5, %r6;"),
    v!("mul.rn.f32", 0, "mul.rn.f32 %r10, %r5, %r6;"),
    v!("fma.rn.f32", 0, "fma.rn.f32 %r10, %r5, %r6, %r7;"),
    v!("shl.b32", 0, "shl.b32 %r10, %r5, %r6;"),
    v!("shr.u32", 0, "shr.u32 %r10, %r5, %r6;"),
    v!("shr.s32", 0, "shr.s32 %r10, %r5, %r6;"),
    v!("popc.b32", 0, "popc.b32 %r10, %r5;"),
    v!("lop3.b32.0x96", 0, "lop3.b32 %r10, %r5, %r6, %r7, 0x96;"),
    v!("lop3.b32.0xe8", 0, "lop3.b32 %r10, %r5, %r6, %r7, 0xe8;"),
    v!("lop3.b32.0x2d", 0, "lop3.b32 %r10, %r5, %r6, %r7, 0x2d;"),
];

/// What the lanes outside the membermask do.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// They wait at the reconvergence point with `a` loaded.
    Wait,
    /// They exit before the instruction (and store nothing).
    Exit,
}

/// The module: one kernel `k<i>` per variant.
pub fn module(frame: Frame) -> String {
    let mut s = String::from(".version 8.0\n.target sm_90\n.address_size 64\n");
    for (i, v) in VARIANTS.iter().enumerate() {
        s += &kernel(i, v, frame);
    }
    s
}

fn kernel(index: usize, v: &Variant, frame: Frame) -> String {
    let skip = match frame {
        Frame::Wait => "DONE",
        Frame::Exit => "SKIP",
    };
    let gate = if v.pp_gates {
        "and.b32 %r3, %r3, %r4;"
    } else {
        ""
    };
    let flags: String = (0..v.preds)
        .map(|k| {
            format!(
                "    selp.u32 %r12, {}, 0, %p{};\n    or.b32 %r11, %r11, %r12;\n",
                2 << k,
                3 + k
            )
        })
        .collect();
    format!(
        "
.visible .entry k{index}(.param .u64 k_in, .param .u64 k_out)
{{
    .reg .pred %p<8>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [k_in];
    ld.param.u64 %rd2, [k_out];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %tid.x;
    mul.wide.u32 %rd3, %r1, {in_bytes};
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r3, [%rd4];
    ld.global.u32 %r4, [%rd4+4];
    mul.wide.u32 %rd5, %r2, 4;
    add.s64 %rd6, %rd4, %rd5;
    ld.global.u32 %r5, [%rd6+8];
    ld.global.u32 %r6, [%rd6+136];
    ld.global.u32 %r7, [%rd6+264];
    mov.b64 %rd10, {{%r5, %r6}};
    shr.b32 %r8, %r4, %r2;
    and.b32 %r8, %r8, 1;
    setp.ne.u32 %p1, %r8, 0;
    mul.wide.u32 %rd7, %r1, {out_bytes};
    add.s64 %rd8, %rd2, %rd7;
    add.s64 %rd9, %rd8, %rd5;
    mov.u32 %r10, %r5;
    mov.u32 %r11, 0;
    {gate}
    shr.b32 %r9, %r3, %r2;
    and.b32 %r9, %r9, 1;
    setp.eq.u32 %p2, %r9, 0;
    @%p2 bra {skip};
    {body}
{flags}    or.b32 %r11, %r11, 1;
DONE:
    st.global.u32 [%rd9], %r10;
    st.global.u32 [%rd9+128], %r11;
SKIP:
    ret;
}}
",
        in_bytes = IN_WORDS * 4,
        out_bytes = OUT_WORDS * 4,
        body = v.body,
    )
}
