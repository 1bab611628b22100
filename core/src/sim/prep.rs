//! Turning [`Inst`] values into pre-resolved operations.
//!
//! The simulator looks at field names and enum value names exactly once,
//! when a program is loaded: every instruction becomes an [`Op`] whose
//! operands are register numbers, immediates and small enums, so a step
//! never searches a name.

use super::event::{IntType, MatchOp, ReduxOp, ShflMode, VoteOp};
use super::sreg::Sr;
use crate::inst::Inst;
use crate::spec::model::{Builtin, Isa, Opcode, TypeRef};

/// Register number of RZ.
pub(crate) const RZ: u8 = 255;
/// Number of PT / UPT.
pub(crate) const PT: u8 = 7;
/// Number of URZ.
pub(crate) const URZ: u8 = 63;

/// Where a source operand's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Src {
    /// A general-purpose register (per lane).
    R(u8),
    /// A uniform register.
    UR(u8),
    /// An immediate, or a constant-bank word resolved when loading.
    Imm(u32),
}

/// A source operand with its `~` companion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Operand {
    pub src: Src,
    pub bitnot: bool,
}

impl Operand {
    pub(crate) const ZERO: Operand = Operand {
        src: Src::Imm(0),
        bitnot: false,
    };
}

/// A predicate operand: number (7 = PT) and `!`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PredSrc {
    pub idx: u8,
    pub not: bool,
}

impl PredSrc {
    pub(crate) const TRUE: PredSrc = PredSrc {
        idx: PT,
        not: false,
    };
}

/// A destination that may be per-lane or uniform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dst {
    R(u8),
    UR(u8),
}

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

/// Integer comparison as a bit set: 1 = less, 2 = equal, 4 = greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cmp(pub u8);

/// `ISETP` combining operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BoolOp {
    And,
    Or,
    Xor,
}

/// The operation of one instruction, operands resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    S2r {
        rd: u8,
        sr: Sr,
        num: u8,
    },
    Cs2r {
        rd: u8,
        sr: Sr,
        num: u8,
    },
    S2ur {
        urd: u8,
        sr: Sr,
        num: u8,
    },
    Pmtrig {
        mask: u32,
    },
    Setreg {
        addr: Operand,
        ra: u8,
    },
    Getreg {
        rd: u8,
        addr: Operand,
    },
    Switch {
        target: Operand,
    },
    Nop,
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
    Imad {
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
    Isetp {
        cmp: Cmp,
        signed: bool,
        bop: BoolOp,
        pd: u8,
        pq: u8,
        a: Operand,
        b: Operand,
        pp: PredSrc,
    },
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
    /// Maxwell `P2R`: `rd = ra` with byte `byte` merged from PR or CC
    /// under `sb[7:0]`.
    P2r {
        rd: u8,
        ra: u8,
        sb: Operand,
        cc: bool,
        byte: u8,
    },
    /// AMDGPU `s_getreg_b32 sd, hwreg`.
    Getreg32 {
        sd: u8,
        hw: u16,
    },
    /// AMDGPU `s_setreg_b32 hwreg, ss` / `s_setreg_imm32_b32 hwreg, imm`.
    Setreg32 {
        hw: u16,
        src: Scalar,
    },
    /// An opcode the simulator has no semantics for: a no-op with a warning.
    Unknown,
}

/// A scalar source: an SGPR or an immediate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scalar {
    S(u8),
    Imm(u32),
}

/// One loaded instruction.
#[derive(Debug, Clone)]
pub(crate) struct Op {
    pub kind: Kind,
    pub guard: PredSrc,
    pub addr: u32,
    pub line: usize,
    /// Opcode name, for warnings.
    pub name: String,
}

/// Field access by name for one instruction.
struct Fields<'a> {
    isa: &'a Isa,
    def: &'a Opcode,
    inst: &'a Inst,
}

impl<'a> Fields<'a> {
    fn val(&self, name: &str) -> Option<u64> {
        let i = self.def.field_index(name)?;
        self.inst.values.get(i).copied()
    }
    fn has(&self, name: &str) -> bool {
        self.def.field_index(name).is_some()
    }
    fn flag(&self, name: &str) -> bool {
        self.val(name).unwrap_or(0) != 0
    }
    /// Enum value name of a modifier field.
    fn enum_name(&self, name: &str) -> Option<&'a str> {
        let v = self.val(name)?;
        match self.def.field(name)?.ty {
            TypeRef::Enum(t) => self.isa.types.get(t)?.name_of(v),
            TypeRef::Builtin(_) => None,
        }
    }
    fn reg(&self, name: &str) -> u8 {
        self.val(name).map_or(RZ, |v| v.min(255) as u8)
    }
    fn ureg(&self, name: &str) -> u8 {
        self.val(name).map_or(URZ, |v| v.min(63) as u8)
    }
    fn pidx(&self, name: &str) -> u8 {
        self.val(name).map_or(PT, |v| v.min(7) as u8)
    }
    fn pred(&self, name: &str) -> PredSrc {
        PredSrc {
            idx: self.pidx(name),
            not: self.flag(&format!("{name}.not")),
        }
    }
    /// The first field among `names` that the opcode has, as a source
    /// operand (zero when it has none).
    fn operand(&self, names: &[&str], consts: &dyn Fn(u8, u16) -> u32) -> Operand {
        for name in names {
            let Some(v) = self.val(name) else { continue };
            let bitnot = self.flag(&format!("{name}.bitnot"));
            let src = match self.def.field(name).map(|f| f.ty) {
                Some(TypeRef::Builtin(Builtin::Reg)) => Src::R(v.min(255) as u8),
                Some(TypeRef::Builtin(Builtin::UReg)) => Src::UR(v.min(63) as u8),
                Some(TypeRef::Builtin(Builtin::CMem)) => {
                    Src::Imm(consts(((v >> 16) & 63) as u8, (v & 0xffff) as u16))
                }
                Some(TypeRef::Builtin(Builtin::CBank)) => {
                    Src::Imm(consts(((v >> 14) & 31) as u8, ((v & 0x3fff) << 2) as u16))
                }
                Some(TypeRef::Builtin(Builtin::SImm(n))) => Src::Imm(sign_extend(v, n)),
                _ => Src::Imm(v as u32),
            };
            return Operand { src, bitnot };
        }
        Operand::ZERO
    }
}

fn sign_extend(v: u64, bits: u32) -> u32 {
    if bits == 0 || bits >= 64 {
        return v as u32;
    }
    let shift = 64 - bits;
    (((v << shift) as i64) >> shift) as u32
}

/// What [`prepare`] needs besides the instruction.
pub(crate) struct Env<'a> {
    pub isa: &'a Isa,
    /// Instruction index of a byte address.
    pub index_of: &'a dyn Fn(u32) -> Option<u32>,
    /// Meaning of an SReg number.
    pub sr_of: &'a dyn Fn(u64) -> Sr,
    /// Constant-bank contents.
    pub consts: &'a dyn Fn(u8, u16) -> u32,
}

/// Loads one instruction.
pub(crate) fn prepare(env: &Env, inst: &Inst, addr: u32, line: usize) -> Op {
    let isa = env.isa;
    let Some(def) = isa.opcodes.get(inst.opcode) else {
        return Op {
            kind: Kind::Unknown,
            guard: PredSrc::TRUE,
            addr,
            line,
            name: format!("opcode #{}", inst.opcode),
        };
    };
    let f = Fields { isa, def, inst };
    let optype = isa.optypes.get(def.optype).map_or("", |o| o.name.as_str());
    let guard = f.pred("pg");
    let op = |names: &[&str]| f.operand(names, env.consts);
    let sreg = || {
        let num = f.val("sreg").unwrap_or(0xff);
        ((env.sr_of)(num), num.min(255) as u8)
    };
    let int_type = |name: &str| match f.enum_name(name) {
        Some("S32") => IntType::S32,
        _ => IntType::U32,
    };
    const SRC_B: &[&str] = &["rb", "vb", "urb"];
    let kind = match optype {
        "S2R" => {
            let (sr, num) = sreg();
            Kind::S2r {
                rd: f.reg("rd"),
                sr,
                num,
            }
        }
        "CS2R" => {
            let (sr, num) = sreg();
            Kind::Cs2r {
                rd: f.reg("rd"),
                sr,
                num,
            }
        }
        "S2UR" => {
            let (sr, num) = sreg();
            Kind::S2ur {
                urd: f.ureg("urd"),
                sr,
                num,
            }
        }
        "PMTRIG" => Kind::Pmtrig {
            mask: f.val("vb").unwrap_or(0) as u32,
        },
        "SETREG" => Kind::Setreg {
            addr: op(&["regaddr", "rb", "urb"]),
            ra: f.reg("ra"),
        },
        "GETREG" => Kind::Getreg {
            rd: f.reg("rd"),
            addr: op(&["regaddr", "rb", "urb"]),
        },
        "SWITCH" => Kind::Switch {
            target: op(&["rb", "vb", "hidx", "urb"]),
        },
        "NOP" | "IBBAR" | "DEPBAR" => Kind::Nop,
        "SHFL" => {
            let mode = match f.enum_name("mode") {
                Some("UP") => ShflMode::Up,
                Some("DOWN") => ShflMode::Down,
                Some("BFLY") => ShflMode::Bfly,
                _ => ShflMode::Idx,
            };
            Kind::Shfl {
                mode,
                pu: f.pidx("pu"),
                rd: f.reg("rd"),
                ra: f.reg("ra"),
                b: op(&["rb", "vb"]),
                c: op(&["rc", "vc"]),
            }
        }
        "MOVM" => Kind::Movm {
            rd: f.reg("rd"),
            ra: f.reg("ra"),
        },
        "VOTE" | "VOTEU" => {
            let vop = match f.enum_name("voteop") {
                Some("ALL") => VoteOp::All,
                Some("EQ") => VoteOp::Eq,
                _ => VoteOp::Any,
            };
            let (d, pu) = if optype == "VOTEU" {
                (Dst::UR(f.ureg("urd")), PDst::UP(f.pidx("upu")))
            } else {
                (Dst::R(f.reg("rd")), PDst::P(f.pidx("pu")))
            };
            Kind::Vote {
                op: vop,
                d,
                pu,
                pp: f.pred("pp"),
            }
        }
        "REDUX" | "REDUXU" => {
            let rop = match f.enum_name("reduxop") {
                Some("OR") => ReduxOp::Or,
                Some("XOR") => ReduxOp::Xor,
                Some("SUM") => ReduxOp::Sum,
                Some("MAX") => ReduxOp::Max,
                Some("MIN") => ReduxOp::Min,
                _ => ReduxOp::And,
            };
            let d = if optype == "REDUXU" {
                Dst::UR(f.ureg("urd"))
            } else {
                Dst::R(f.reg("rd"))
            };
            Kind::Redux {
                op: rop,
                dtype: int_type("dtype"),
                d,
                ra: f.reg("ra"),
            }
        }
        "MATCH" => Kind::Match {
            op: match f.enum_name("matchop") {
                Some("ALL") => MatchOp::All,
                _ => MatchOp::Any,
            },
            wide: f.enum_name("dtype") == Some("U64"),
            rd: f.reg("rd"),
            pu: f.pidx("pu"),
            ra: f.reg("ra"),
        },
        "ELECT" | "ELECTU" => {
            let d = if optype == "ELECTU" {
                Dst::UR(f.ureg("urd"))
            } else {
                Dst::R(f.reg("rd"))
            };
            let cand = if f.has("urb") {
                Cand::Mask(op(&["urb"]))
            } else {
                Cand::Pred(f.pred("pp"))
            };
            Kind::Elect {
                d,
                pu: f.pidx("pu"),
                cand,
            }
        }
        "MOV" => Kind::Mov {
            d: Dst::R(f.reg("rd")),
            a: op(&["ra", "vb", "ura", "urb", "rb"]),
        },
        "UMOV" => Kind::Mov {
            d: Dst::UR(f.ureg("urd")),
            a: op(&["ura", "vb", "urb"]),
        },
        "IADD3" => Kind::Iadd3 {
            rd: f.reg("rd"),
            a: op(&["ra"]),
            b: op(SRC_B),
            c: op(&["rc"]),
        },
        "IMAD" => Kind::Imad {
            rd: f.reg("rd"),
            a: op(&["ra"]),
            b: op(SRC_B),
            c: op(&["rc"]),
        },
        "LOP3" => Kind::Lop3 {
            rd: f.reg("rd"),
            a: op(&["ra"]),
            b: op(SRC_B),
            c: op(&["rc"]),
            lut: f.val("lut").unwrap_or(0) as u8,
        },
        "SHF" => Kind::Shf {
            rd: f.reg("rd"),
            a: op(&["ra"]),
            b: op(SRC_B),
            left: f.enum_name("dir") != Some("R"),
            signed: int_type("dtype") == IntType::S32,
        },
        "ISETP" => Kind::Isetp {
            cmp: Cmp(f.val("cmp").unwrap_or(0) as u8 & 7),
            signed: int_type("dtype") == IntType::S32,
            bop: match f.enum_name("bop") {
                Some("OR") => BoolOp::Or,
                Some("XOR") => BoolOp::Xor,
                _ => BoolOp::And,
            },
            pd: f.pidx("pd"),
            pq: f.pidx("pq"),
            a: op(&["ra"]),
            b: op(SRC_B),
            pp: f.pred("pp"),
        },
        "SEL" => Kind::Sel {
            rd: f.reg("rd"),
            a: op(&["ra"]),
            b: op(SRC_B),
            pp: f.pred("pp"),
        },
        "POPC" => Kind::Popc {
            rd: f.reg("rd"),
            b: op(&["rb", "vb", "ra", "urb"]),
        },
        "FADD" => Kind::Fadd {
            rd: f.reg("rd"),
            a: op(&["ra"]),
            b: op(SRC_B),
        },
        "FMUL" => Kind::Fmul {
            rd: f.reg("rd"),
            a: op(&["ra"]),
            b: op(SRC_B),
        },
        "FFMA" => Kind::Ffma {
            rd: f.reg("rd"),
            a: op(&["ra"]),
            b: op(SRC_B),
            c: op(&["rc", "vc"]),
        },
        "BRA" => {
            let t = f.val("target").unwrap_or(0) as u32;
            Kind::Bra {
                target: (env.index_of)(t),
                addr: t,
            }
        }
        "EXIT" | "s_endpgm" => Kind::Exit,
        "s_nop" => Kind::Nop,
        "P2R" => Kind::P2r {
            rd: f.reg("rd"),
            ra: f.reg("ra"),
            sb: op(&["rb", "sb"]),
            cc: f.enum_name("src") == Some("CC"),
            byte: f.val("insert").unwrap_or(0).min(3) as u8,
        },
        "s_getreg_b32" => Kind::Getreg32 {
            sd: f.val("sdst").unwrap_or(0).min(127) as u8,
            hw: f.val("simm16").unwrap_or(0) as u16,
        },
        "s_setreg_b32" => Kind::Setreg32 {
            hw: f.val("simm16").unwrap_or(0) as u16,
            src: Scalar::S(f.val("sdst").unwrap_or(0).min(127) as u8),
        },
        "s_setreg_imm32_b32" => Kind::Setreg32 {
            hw: f.val("simm16").unwrap_or(0) as u16,
            src: Scalar::Imm(f.val("literal").unwrap_or(0) as u32),
        },
        "BSSY" => Kind::Bssy {
            bar: f.val("bd").unwrap_or(0).min(15) as u8,
        },
        "BSYNC" => Kind::Bsync {
            bar: f.val("ba").unwrap_or(0).min(15) as u8,
        },
        _ => Kind::Unknown,
    };
    Op {
        kind,
        guard,
        addr,
        line,
        name: def.name.clone(),
    }
}
