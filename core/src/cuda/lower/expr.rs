//! Expressions to instructions: the value of an expression in a
//! register (or as an immediate when it is a constant), computed into a
//! destination the caller names when it has one, so that `v = v + 1`
//! becomes one `IADD3` into `v`'s register.
//!
//! Every sequence of several instructions writes its destination only in
//! its last one, so a destination may also be one of its operands.

use super::super::ast::{BinOp, Expr, ExprKind, Ty, UnOp};
use super::super::fold;
use super::code::{Code, Mark, Pred, Src, RZ};

/// `+1.0f` and `-1.0f`.
const ONE: u32 = 0x3f80_0000;
const MINUS_ONE: u32 = 0xbf80_0000;
/// The sign bit of a `float`.
const SIGN: u32 = 0x8000_0000;

/// Whether evaluating `e` has no effect and does not depend on which
/// lanes run it: no assignment, step or warp intrinsic.
pub(crate) fn pure(e: &Expr) -> bool {
    use super::super::ast::Intrinsic as I;
    match &e.kind {
        ExprKind::Const(_) | ExprKind::Var(_) | ExprKind::Lane | ExprKind::Input(_) => true,
        ExprKind::Convert(x) | ExprKind::Unary(_, x) => pure(x),
        ExprKind::Binary(_, a, b) | ExprKind::Logic(_, a, b) => pure(a) && pure(b),
        ExprKind::Cond(c, a, b) => pure(c) && pure(a) && pure(b),
        ExprKind::Intrinsic(i, args) => {
            matches!(i, I::Popc | I::Ffs | I::Brev | I::Clz) && args.iter().all(pure)
        }
        ExprKind::Assign(..) | ExprKind::Step { .. } | ExprKind::MatchAll { .. } => false,
    }
}

impl Code {
    /// The value of `e`.
    pub fn value(&mut self, e: &Expr) -> Src {
        self.eval(e, None)
    }

    /// Computes `e` into register `d`.
    pub fn value_into(&mut self, e: &Expr, d: u8) {
        self.eval(e, Some(d));
    }

    /// A register holding `s`: an immediate other than 0 is moved into a
    /// temporary.
    pub fn reg(&mut self, s: Src) -> u8 {
        match s {
            Src::R(r) => r,
            Src::Imm(0) => RZ,
            Src::Imm(x) => {
                let t = self.temp();
                self.emit(format!("MOV R{t}, {x:#x}"));
                t
            }
        }
    }

    /// `s`, moved into `dst` when one is named.
    pub fn to(&mut self, s: Src, dst: Option<u8>) -> Src {
        match dst {
            Some(d) if s != Src::R(d) => {
                let note = self.note_of(d);
                self.emit_noted(format!("MOV R{d}, {}", s.b_text()), note);
                Src::R(d)
            }
            _ => s,
        }
    }

    /// The register an instruction's result goes to: `dst`, or a
    /// temporary taken after freeing those taken since `m` (the
    /// instruction reads its operands before it writes).
    pub fn out(&mut self, m: Mark, dst: Option<u8>) -> u8 {
        match dst {
            Some(d) => d,
            None => {
                self.release(m);
                self.temp()
            }
        }
    }

    /// Emits `text` whose destination is `d`, noted with `d`'s variable.
    pub fn emit_to(&mut self, d: u8, text: String) -> Src {
        let note = self.note_of(d);
        self.emit_noted(text, note);
        Src::R(d)
    }

    /// `e`'s value, in `dst` when one is named.
    pub fn eval(&mut self, e: &Expr, dst: Option<u8>) -> Src {
        if let (true, Some(v)) = (pure(e), fold::value(e)) {
            return self.to(Src::Imm(v), dst);
        }
        let m = self.mark();
        match &e.kind {
            ExprKind::Const(v) => self.to(Src::Imm(*v), dst),
            ExprKind::Var(v) => {
                let r = self.var_reg[v.0];
                self.to(Src::R(r), dst)
            }
            ExprKind::Lane => {
                let r = self.lane();
                self.to(Src::R(r), dst)
            }
            ExprKind::Input(k) => {
                let r = self.input(*k, e.span);
                self.to(r, dst)
            }
            ExprKind::Convert(x) => self.convert(x, e.ty, dst, m),
            ExprKind::Unary(op, x) => self.unary(*op, x, e.ty, dst, m),
            ExprKind::Binary(op, _, _) if op.is_comparison() => self.boolean(e, dst, m),
            ExprKind::Binary(op, a, b) => self.arith(*op, a, b, e.ty, dst, m),
            ExprKind::Logic(..) if pure(e) => self.boolean(e, dst, m),
            ExprKind::Logic(and, a, b) => self.short_circuit(*and, a, b, dst, m),
            ExprKind::Cond(c, a, b) => self.choose(c, a, b, dst, m),
            ExprKind::Assign(v, x) => {
                let r = self.var_reg[v.0];
                self.eval(x, Some(r));
                self.to(Src::R(r), dst)
            }
            ExprKind::Step { var, inc, prefix } => {
                let r = self.var_reg[var.0];
                let ty = self.var_ty[var.0];
                self.step(r, ty, *inc, !*prefix, dst, m)
            }
            ExprKind::Intrinsic(i, args) => self.intrinsic(*i, args, dst, m),
            ExprKind::MatchAll { mask, value, pred } => {
                self.effect_only(mask);
                let r = self.var_reg[pred.0];
                self.match_all(value, r, dst, m)
            }
        }
    }

    /// Evaluates `e` for its effects only (a mask argument that nothing
    /// in w128 reads: the lanes running a call are the ones it names).
    pub fn effect_only(&mut self, e: &Expr) {
        if !pure(e) {
            let m = self.mark();
            self.eval(e, None);
            self.release(m);
        }
    }

    /// `++`/`--` of the variable in register `r`; `old`: the value before
    /// is wanted.
    pub fn step(&mut self, r: u8, ty: Ty, inc: bool, old: bool, dst: Option<u8>, m: Mark) -> Src {
        let before = if old {
            let d = self.out(m, dst);
            self.emit(format!("MOV R{d}, R{r}"));
            Some(d)
        } else {
            None
        };
        let text = match (ty, inc) {
            (Ty::Float, true) => format!("FADD R{r}, R{r}, {}", Src::Imm(ONE).f_text()),
            (Ty::Float, false) => format!("FADD R{r}, R{r}, {}", Src::Imm(MINUS_ONE).f_text()),
            (_, true) => format!("IADD3 R{r}, R{r}, 0x1, RZ"),
            (_, false) => format!("IADD3 R{r}, R{r}, -0x1, RZ"),
        };
        self.emit_to(r, text);
        match before {
            Some(d) => Src::R(d),
            None => self.to(Src::R(r), dst),
        }
    }

    /// `x` converted from its type to `to`.
    fn convert(&mut self, x: &Expr, to: Ty, dst: Option<u8>, m: Mark) -> Src {
        let from = x.ty;
        if to == Ty::Bool {
            let p = self.cond_of_value(x);
            return self.select_bool(p, dst, m);
        }
        let op = match (from, to) {
            (Ty::Float, Ty::Float) => None,
            (Ty::Float, Ty::Int) => Some("F2I.S32.TRUNC"),
            (Ty::Float, _) => Some("F2I.U32.TRUNC"),
            (Ty::Unsigned, Ty::Float) => Some("I2F.F32.U32"),
            (_, Ty::Float) => Some("I2F.F32.S32"),
            _ => None,
        };
        let Some(op) = op else {
            return self.eval(x, dst);
        };
        let v = self.value(x);
        let r = self.reg(v);
        let d = self.out(m, dst);
        self.emit_to(d, format!("{op} R{d}, R{r}"))
    }

    /// A `bool` expression's value, 0 or 1.
    fn boolean(&mut self, e: &Expr, dst: Option<u8>, m: Mark) -> Src {
        let p = self.cond(e);
        self.select_bool(p, dst, m)
    }

    /// 1 where `p` holds, else 0.
    pub fn select_bool(&mut self, p: Pred, dst: Option<u8>, m: Mark) -> Src {
        let d = self.out(m, dst);
        let not_p = p.negated().text();
        self.emit_to(d, format!("SEL R{d}, RZ, 0x1, {not_p}"))
    }

    /// A unary operator.
    fn unary(&mut self, op: UnOp, x: &Expr, ty: Ty, dst: Option<u8>, m: Mark) -> Src {
        if op == UnOp::LogicNot {
            let p = self.cond(x);
            return self.select_bool(p.negated(), dst, m);
        }
        let v = self.value(x);
        let r = self.reg(v);
        let d = self.out(m, dst);
        let text = match (op, ty) {
            (UnOp::Neg, Ty::Float) => format!("LOP3.LUT R{d}, R{r}, {SIGN:#x}, RZ, 0x3c"),
            (UnOp::Neg, _) => format!("IMAD R{d}, R{r}, -0x1, RZ"),
            _ => format!("LOP3.LUT R{d}, R{r}, RZ, RZ, 0xf"),
        };
        self.emit_to(d, text)
    }

    /// An arithmetic, bitwise or shift operator.
    fn arith(&mut self, op: BinOp, a: &Expr, b: &Expr, ty: Ty, dst: Option<u8>, m: Mark) -> Src {
        if matches!(op, BinOp::Div | BinOp::Rem) {
            let x = self.value(a);
            return self.divide(op, x, b, ty, dst, m);
        }
        let mut x = self.value(a);
        let mut y = self.value(b);
        let commutes = matches!(
            op,
            BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
        );
        if commutes && matches!(x, Src::Imm(_)) && matches!(y, Src::R(_)) {
            std::mem::swap(&mut x, &mut y);
        }
        let ra = self.reg(x);
        let yb = y.b_text();
        if ty == Ty::Float {
            return self.float_arith(op, ra, y, dst, m);
        }
        let text = |d: u8| match op {
            BinOp::Add => format!("IADD3 R{d}, R{ra}, {yb}, RZ"),
            BinOp::Mul => format!("IMAD R{d}, R{ra}, {yb}, RZ"),
            BinOp::And => format!("LOP3.LUT R{d}, R{ra}, {yb}, RZ, 0xc0"),
            BinOp::Or => format!("LOP3.LUT R{d}, R{ra}, {yb}, RZ, 0xfc"),
            BinOp::Xor => format!("LOP3.LUT R{d}, R{ra}, {yb}, RZ, 0x3c"),
            BinOp::Shl => format!("SHF.L.U32 R{d}, R{ra}, {yb}"),
            BinOp::Shr if ty == Ty::Int => format!("SHF.R.S32 R{d}, R{ra}, {yb}"),
            BinOp::Shr => format!("SHF.R.U32 R{d}, R{ra}, {yb}"),
            _ => String::new(),
        };
        if op == BinOp::Sub {
            let d = match y {
                Src::Imm(c) => {
                    let d = self.out(m, dst);
                    let neg = c.wrapping_neg();
                    self.emit_to(d, format!("IADD3 R{d}, R{ra}, {neg:#x}, RZ"))
                }
                Src::R(rb) => {
                    let d = self.out(m, dst);
                    self.emit_to(d, format!("IMAD R{d}, R{rb}, -0x1, R{ra}"))
                }
            };
            return d;
        }
        let d = self.out(m, dst);
        let t = text(d);
        self.emit_to(d, t)
    }

    /// `float` `+ - *` (a division is a multiplication, see `divide`).
    fn float_arith(&mut self, op: BinOp, ra: u8, y: Src, dst: Option<u8>, m: Mark) -> Src {
        let y = match (op, y) {
            (BinOp::Sub, Src::Imm(c)) => Src::Imm(c ^ SIGN),
            (BinOp::Sub, Src::R(rb)) => {
                let t = self.temp();
                self.emit(format!("LOP3.LUT R{t}, R{rb}, {SIGN:#x}, RZ, 0x3c"));
                Src::R(t)
            }
            _ => y,
        };
        let name = if op == BinOp::Mul { "FMUL" } else { "FADD" };
        let d = self.out(m, dst);
        self.emit_to(d, format!("{name} R{d}, R{ra}, {}", y.f_text()))
    }

    /// `a && b` or `a || b` whose right side has effects (or runs warp
    /// intrinsics): the lanes the left side decides skip it.
    fn short_circuit(&mut self, and: bool, a: &Expr, b: &Expr, dst: Option<u8>, m: Mark) -> Src {
        let d = dst.unwrap_or_else(|| self.temp());
        let p = self.cond(a);
        self.select_bool(p, Some(d), self.mark());
        let end = self.label();
        let skip = if and { p.negated() } else { p };
        self.emit(format!("@{} BRA {end}", skip.text()));
        self.release_preds(m);
        let p2 = self.cond(b);
        let inner = self.mark();
        self.select_bool(p2, Some(d), inner);
        self.place(&end);
        self.release(m);
        if dst.is_none() {
            self.temp();
        }
        Src::R(d)
    }

    /// `c ? a : b`: a `SEL` when neither side has effects, else branches.
    fn choose(&mut self, c: &Expr, a: &Expr, b: &Expr, dst: Option<u8>, m: Mark) -> Src {
        if pure(a) && pure(b) {
            let p = self.cond(c);
            let x = self.value(a);
            let y = self.value(b);
            let ra = self.reg(x);
            let d = self.out(m, dst);
            return self.emit_to(d, format!("SEL R{d}, R{ra}, {}, {}", y.b_text(), p.text()));
        }
        let d = dst.unwrap_or_else(|| self.temp());
        let p = self.cond(c);
        let (other, end) = (self.label(), self.label());
        self.emit(format!("@{} BRA {other}", p.negated().text()));
        self.release_preds(m);
        self.eval(a, Some(d));
        self.emit(format!("BRA {end}"));
        self.place(&other);
        self.eval(b, Some(d));
        self.place(&end);
        self.release(m);
        if dst.is_none() {
            self.temp();
        }
        Src::R(d)
    }
}
