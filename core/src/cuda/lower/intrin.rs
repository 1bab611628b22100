//! The warp and bit intrinsics: each warp intrinsic is the one w128
//! instruction a CUDA programmer expects (`__shfl_xor_sync(m, v, 16)` is
//! `SHFL.BFLY PT, Rd, Rv, 0x10, 0x1f`). The `mask` argument gives no
//! instruction: in the subset it must name exactly the lanes that run
//! the call, which are the lanes the instruction combines.

use super::super::ast::{Expr, Intrinsic, Ty};
use super::super::fold;
use super::code::{Code, Mark, Src};

impl Code {
    /// An intrinsic's value.
    pub fn intrinsic(&mut self, i: Intrinsic, args: &[Expr], dst: Option<u8>, m: Mark) -> Src {
        use Intrinsic as I;
        match i {
            I::Shfl | I::ShflUp | I::ShflDown | I::ShflXor => self.shuffle(i, args, dst, m),
            I::Ballot | I::Any | I::All | I::Uni => self.vote(i, args, dst, m),
            I::ActiveMask => {
                let d = self.out(m, dst);
                self.emit_to(d, format!("VOTE.ANY R{d}, PT, PT"))
            }
            I::MatchAny => {
                self.effect_only(&args[0]);
                let v = self.value(&args[1]);
                let r = self.reg(v);
                let d = self.out(m, dst);
                self.emit_to(d, format!("MATCH.ANY R{d}, PT, R{r}"))
            }
            I::ReduceAdd
            | I::ReduceMin
            | I::ReduceMax
            | I::ReduceAnd
            | I::ReduceOr
            | I::ReduceXor => {
                self.effect_only(&args[0]);
                let op = match i {
                    I::ReduceAdd => "SUM",
                    I::ReduceMin => "MIN",
                    I::ReduceMax => "MAX",
                    I::ReduceAnd => "AND",
                    I::ReduceOr => "OR",
                    _ => "XOR",
                };
                let ty = if args[1].ty == Ty::Int { "S32" } else { "U32" };
                let v = self.value(&args[1]);
                let r = self.reg(v);
                let d = self.out(m, dst);
                self.emit_to(d, format!("REDUX.{ty}.{op} R{d}, R{r}"))
            }
            I::Popc | I::Brev => {
                let name = if i == I::Popc { "POPC" } else { "BREV" };
                let v = self.value(&args[0]);
                let d = self.out(m, dst);
                self.emit_to(d, format!("{name} R{d}, {}", v.b_text()))
            }
            I::Clz => {
                // 31 - (index of the highest set bit), 32 for 0 (FLO gives -1)
                let v = self.value(&args[0]);
                let t = self.temp();
                self.emit(format!("FLO.U32 R{t}, {}", v.b_text()));
                self.emit(format!("IMAD R{t}, R{t}, -0x1, RZ"));
                let d = self.out(m, dst);
                self.emit_to(d, format!("IADD3 R{d}, R{t}, 0x1f, RZ"))
            }
            I::Ffs => self.ffs(&args[0], dst, m),
        }
    }

    /// `__ffs(x)`: `popc(x ^ (x - 1))`, the lowest set bit's index + 1,
    /// and 0 where `x` is 0.
    fn ffs(&mut self, x: &Expr, dst: Option<u8>, m: Mark) -> Src {
        let v = self.value(x);
        let r = self.reg(v);
        let t = self.temp();
        self.emit(format!("IADD3 R{t}, R{r}, -0x1, RZ"));
        self.emit(format!("LOP3.LUT R{t}, R{t}, R{r}, RZ, 0x3c"));
        self.emit(format!("POPC R{t}, R{t}"));
        let p = self.pred();
        self.emit(format!("ISETP.NE.U32.AND {}, PT, R{r}, 0x0, PT", p.text()));
        let d = self.out(m, dst);
        self.emit_to(d, format!("SEL R{d}, R{t}, 0x0, {}", p.text()))
    }

    /// The four shuffles.
    fn shuffle(&mut self, i: Intrinsic, args: &[Expr], dst: Option<u8>, m: Mark) -> Src {
        let (mode, clamp) = match i {
            Intrinsic::Shfl => ("IDX", 0x1f),
            Intrinsic::ShflUp => ("UP", 0),
            Intrinsic::ShflDown => ("DOWN", 0x1f),
            _ => ("BFLY", 0x1f),
        };
        self.effect_only(&args[0]);
        let v = self.value(&args[1]);
        let rv = self.reg(v);
        let b = match self.value(&args[2]) {
            Src::Imm(x) => Src::Imm(x & 0x1f),
            r => r,
        };
        let c = match fold::value(&args[3]) {
            Some(w) => Src::Imm((32u32.wrapping_sub(w) & 0x1f) << 8 | clamp),
            None => {
                // ((32 - width) << 8) | clamp, at run time
                let w = self.value(&args[3]);
                let rw = self.reg(w);
                let t = self.temp();
                self.emit(format!("IMAD R{t}, R{rw}, -0x1, RZ"));
                self.emit(format!("IADD3 R{t}, R{t}, 0x20, RZ"));
                self.emit(format!("SHF.L.U32 R{t}, R{t}, 0x8"));
                self.emit(format!("LOP3.LUT R{t}, R{t}, {clamp:#x}, RZ, 0xfc"));
                Src::R(t)
            }
        };
        let d = self.out(m, dst);
        self.emit_to(
            d,
            format!(
                "SHFL.{mode} PT, R{d}, R{rv}, {}, {}",
                b.b_text(),
                c.b_text()
            ),
        )
    }

    /// `__ballot_sync` and the votes that give 1 or 0.
    fn vote(&mut self, i: Intrinsic, args: &[Expr], dst: Option<u8>, m: Mark) -> Src {
        self.effect_only(&args[0]);
        let p = self.cond(&args[1]);
        if i == Intrinsic::Ballot {
            let d = self.out(m, dst);
            return self.emit_to(d, format!("VOTE.ANY R{d}, PT, {}", p.text()));
        }
        let op = match i {
            Intrinsic::Any => "ANY",
            Intrinsic::All => "ALL",
            _ => "EQ",
        };
        let q = self.pred();
        self.emit(format!("VOTE.{op} RZ, {}, {}", q.text(), p.text()));
        self.select_bool(q, dst, m)
    }

    /// `__match_all_sync(mask, v, &pred)`: the mask (or 0) as the value,
    /// 1 or 0 into `pred`'s register `pr`.
    pub fn match_all(&mut self, value: &Expr, pr: u8, dst: Option<u8>, m: Mark) -> Src {
        let v = self.value(value);
        let r = self.reg(v);
        let q = self.pred();
        let t = self.temp();
        self.emit(format!("MATCH.ALL R{t}, {}, R{r}", q.text()));
        let inner = self.mark();
        self.select_bool(q, Some(pr), inner);
        if dst.is_none() {
            return Src::R(t);
        }
        let d = self.out(m, dst);
        self.emit_to(d, format!("MOV R{d}, R{t}"))
    }
}
