//! Expressions of each type, with the range of their values, and the
//! operator rules that compute those ranges.

use super::{Ctx, Ty, E, F_CAP, I_MAX, I_MIN, U_MAX};

/// Float literals (text and value) that appear in expressions.
const FLOATS: &[(&str, f64)] = &[
    ("0.5f", 0.5),
    ("0.25f", 0.25),
    ("1.5f", 1.5),
    ("2.0f", 2.0),
    ("0.125f", 0.125),
    ("3.0f", 3.0),
    ("0.75f", 0.75),
    ("1.0f", 1.0),
    ("10.0f", 10.0),
    ("0.1f", 0.1),
    ("2.5f", 2.5),
    ("100.0f", 100.0),
    ("1e-3f", 1e-3),
    ("4.f", 4.0),
    ("0.3f", 0.3),
    ("1.25f", 1.25),
    ("(-1.5f)", 1.5),
    ("(-0.5f)", 0.5),
    ("7.75f", 7.75),
];

/// Float literals that keep a product small.
const SMALL_FLOATS: &[(&str, f64)] = &[
    ("0.5f", 0.5),
    ("0.25f", 0.25),
    ("0.125f", 0.125),
    ("0.75f", 0.75),
    ("(-0.5f)", 0.5),
    ("0.1f", 0.1),
];

/// Masks that narrow an integer to a small range.
const NARROW_MASKS: &[i128] = &[0xf, 0x1f, 0x3f, 0xff, 0x3ff, 7];

/// The smallest power of two above `m` (at least 1).
fn pow_above(m: i128) -> i128 {
    let mut p = 1;
    while p <= m {
        p <<= 1;
    }
    p
}

/// The range of `a & b`, `a | b` or `a ^ b` for two integers of one type.
pub(crate) fn bitwise(op: &str, a: &E, b: &E) -> (i128, i128) {
    if op == "&" {
        match (a.lo >= 0, b.lo >= 0) {
            (true, true) => return (0, a.hi.min(b.hi)),
            (true, false) => return (0, a.hi),
            (false, true) => return (0, b.hi),
            (false, false) => {}
        }
    }
    let m = [a.hi, b.hi, -a.lo - 1, -b.lo - 1, 0]
        .into_iter()
        .max()
        .unwrap_or(0);
    let p = pow_above(m);
    if a.lo >= 0 && b.lo >= 0 {
        (0, p - 1)
    } else {
        (-p, p - 1)
    }
}

/// `a op b` for operands of one type and `op` one of `+ - * & | ^`;
/// `None` where an `int` result could overflow.
pub(crate) fn bin(op: &str, a: &E, b: &E) -> Option<E> {
    let s = format!("({} {op} {})", a.s, b.s);
    if a.ty == Ty::Float {
        let mag = if op == "*" {
            a.mag * b.mag
        } else {
            a.mag + b.mag
        };
        return Some(E::float(s, mag));
    }
    let (lo, hi) = match op {
        "+" => (a.lo + b.lo, a.hi + b.hi),
        "-" => (a.lo - b.hi, a.hi - b.lo),
        "*" => {
            let p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
            (
                p.into_iter().min().unwrap_or(0),
                p.into_iter().max().unwrap_or(0),
            )
        }
        _ => bitwise(op, a, b),
    };
    if a.ty == Ty::Int {
        E::int(s, lo, hi)
    } else {
        Some(E::uns(s, lo, hi))
    }
}

/// The comparison `a op b` of two operands of one type.
pub(crate) fn cmp(op: &str, a: &E, b: &E) -> E {
    E::boolean(format!("({} {op} {})", a.s, b.s))
}

/// `a >> c` for a constant `c` in `0..32`.
pub(crate) fn shr(a: &E, c: u32) -> E {
    let s = format!("({} >> {c})", a.s);
    if a.ty == Ty::Int {
        E::int(s, a.lo >> c, a.hi >> c).expect("a right shift narrows")
    } else {
        E::uns(s, a.lo >> c, a.hi >> c)
    }
}

/// `a << c` for an `unsigned` `a` and a constant `c` in `0..32`.
pub(crate) fn shl(a: &E, c: u32) -> E {
    E::uns(format!("({} << {c})", a.s), a.lo << c, a.hi << c)
}

/// `a / k` (`div`) or `a % k` for a power of two `k`.
pub(crate) fn divmod(a: &E, k: i128, div: bool) -> E {
    let (op, suffix) = (
        if div { "/" } else { "%" },
        if a.ty == Ty::Uns { "u" } else { "" },
    );
    let s = format!("({} {op} {k}{suffix})", a.s);
    let (lo, hi) = if div {
        (a.lo / k, a.hi / k)
    } else {
        (a.lo.max(-(k - 1)).min(0), a.hi.min(k - 1).max(0))
    };
    let (lo, hi) = if !div && a.lo >= 0 && a.hi < k {
        (a.lo, a.hi)
    } else {
        (lo, hi)
    };
    if a.ty == Ty::Int {
        E::int(s, lo, hi).expect("a quotient narrows")
    } else {
        E::uns(s, lo, hi)
    }
}

/// `(int)e` for an `unsigned`, `bool` or small `float` `e`.
pub(crate) fn to_int(e: &E) -> E {
    let s = format!("(int){}", e.s);
    let (lo, hi) = match e.ty {
        Ty::Float => {
            let m = (e.mag * 1.0001).floor() as i128 + 1;
            (-m, m)
        }
        Ty::Uns if e.hi > I_MAX => (I_MIN, I_MAX),
        _ => (e.lo, e.hi),
    };
    E::int(s, lo.max(I_MIN), hi.min(I_MAX)).expect("clamped")
}

/// `(unsigned)e` for an `int` or `bool` `e`.
pub(crate) fn to_uns(e: &E) -> E {
    E::uns(format!("(unsigned){}", e.s), e.lo, e.hi)
}

/// `(float)e` for an integer `e`.
pub(crate) fn to_float(e: &E) -> E {
    E::float(format!("(float){}", e.s), e.abs_max() as f64)
}

/// An `int` literal.
pub(crate) fn lit_i(v: i128) -> E {
    let s = if v < 0 {
        format!("({v})")
    } else {
        v.to_string()
    };
    E::int(s, v, v).expect("an int literal")
}

/// An `unsigned` literal, in decimal.
pub(crate) fn lit_u(v: i128) -> E {
    E::uns(format!("{v}u"), v, v)
}

/// The union of two ranges, for `c ? a : b`.
pub(crate) fn ternary(c: &E, a: &E, b: &E) -> E {
    E {
        s: format!("({} ? {} : {})", c.s, a.s, b.s),
        ty: a.ty,
        lo: a.lo.min(b.lo),
        hi: a.hi.max(b.hi),
        mag: a.mag.max(b.mag),
    }
}

impl Ctx {
    /// An expression of type `ty` nested at most `depth` operators deep.
    pub(crate) fn expr(&mut self, ty: Ty, depth: u32) -> E {
        match ty {
            Ty::Int => self.int_expr(depth),
            Ty::Uns => self.uns_expr(depth),
            Ty::Bool => self.bool_expr(depth),
            Ty::Float => self.float_expr(depth),
        }
    }

    /// A visible variable of type `ty` as an expression (floats only when
    /// small enough to compute with).
    pub(crate) fn var_e(&mut self, ty: Ty) -> Option<E> {
        let at = self.pick_var(ty, false)?;
        let e = self.var(at).e();
        (ty != Ty::Float || e.mag <= F_CAP).then_some(e)
    }

    /// An `int` literal: small, hexadecimal or a character.
    pub(crate) fn int_lit(&mut self) -> E {
        match self.weighted(&[6, 2, 1]) {
            0 => lit_i(self.range(-9, 40) as i128),
            1 => {
                let v = self.pick(&[0x1f, 0x3f, 0x7f, 0xff, 0x10, 0xf0, 0x55, 0x3]);
                E::int(format!("0x{v:x}"), v, v).expect("small")
            }
            _ => {
                let c = self.range(i64::from(b'A'), i64::from(b'Z')) as u8;
                E::int(format!("'{}'", c as char), c.into(), c.into()).expect("small")
            }
        }
    }

    /// An `unsigned` literal.
    pub(crate) fn uns_lit(&mut self) -> E {
        match self.weighted(&[5, 3, 2]) {
            0 => lit_u(self.range(0, 40) as i128),
            1 => {
                let v = self.pick(&[0xf_i128, 0xff, 0xf0, 0x55, 0xaaaa, 0xffff, 0x1f, 0x80]);
                E::uns(format!("0x{v:x}u"), v, v)
            }
            _ => {
                let v = self.pick(&[
                    0x9e37_79b9_i128,
                    0xdead_beef,
                    0x8000_0000,
                    0xffff_ffff,
                    0x7fff_ffff,
                    0x0f0f_0f0f,
                    0x1234_5678,
                ]);
                E::uns(format!("0x{v:x}u"), v, v)
            }
        }
    }

    /// A `float` literal from `list`.
    pub(crate) fn float_lit(&mut self, list: &[(&str, f64)]) -> E {
        let (s, v) = self.pick(list);
        E::float(s.to_string(), v)
    }

    /// `e` itself when its magnitude is at most 255, else `e` narrowed by
    /// a mask, a remainder or a shift.
    pub(crate) fn narrow(&mut self, e: E) -> E {
        if e.abs_max() <= 255 {
            return e;
        }
        let m = self.pick(NARROW_MASKS);
        match self.r(4) {
            0 if e.ty == Ty::Int => divmod(&e, m + 1, false),
            1 if e.hi >= 1 << 16 => {
                let c = if e.abs_max() > (1 << 24) { 24 } else { 12 };
                let e = shr(&e, c);
                self.narrow(e)
            }
            _ => {
                let mask = if e.ty == Ty::Int {
                    E::int(format!("0x{m:x}"), m, m).expect("small")
                } else {
                    E::uns(format!("0x{m:x}u"), m, m)
                };
                bin("&", &e, &mask).expect("a mask narrows")
            }
        }
    }

    /// A shift amount: a constant in `0..32` or `(x & 31)`; the text and
    /// the largest amount.
    pub(crate) fn shift_amount(&mut self) -> (String, u32) {
        if self.pct(65) {
            let c = self.pick(&[1, 2, 3, 4, 5, 8, 12, 16, 24, 31, 0, 7]);
            return (c.to_string(), c);
        }
        if self.pct(50) {
            let e = self.uns_expr(1);
            (format!("({} & 31u)", e.s), 31)
        } else {
            let e = self.int_expr(1);
            (format!("({} & 31)", e.s), 31)
        }
    }

    /// An `int` leaf: a variable or a literal.
    fn int_leaf(&mut self) -> E {
        match self.weighted(&[8, 4, 1, 1]) {
            0 => match self.var_e(Ty::Int) {
                Some(e) => e,
                None => self.int_lit(),
            },
            1 => self.int_lit(),
            2 => to_int(&E::uns("lane".into(), 0, 31)),
            _ => E::int("warpSize".into(), 32, 32).expect("small"),
        }
    }

    /// An `int` expression.
    pub(crate) fn int_expr(&mut self, depth: u32) -> E {
        if depth == 0 || self.pct(20) {
            return self.int_leaf();
        }
        let d = depth - 1;
        let sync = if self.mask_text().is_some() { 2 } else { 0 };
        match self.weighted(&[6, 3, 2, 2, 1, 3, 1, 1, 1, 1, sync]) {
            0 => {
                let op = self.pick(&["+", "-", "*", "+", "-"]);
                let a = self.int_expr(d);
                let b = if op == "*" && self.pct(60) {
                    lit_i(self.range(-3, 9) as i128)
                } else {
                    self.int_expr(d)
                };
                self.int_arith(op, a, b)
            }
            1 => {
                let op = self.pick(&["&", "|", "^"]);
                let a = self.int_expr(d);
                let b = self.int_expr(d);
                bin(op, &a, &b).expect("bitwise ops fit")
            }
            2 => {
                let a = self.int_expr(d);
                let (amt, _) = self.shift_amount();
                let s = format!("({} >> {amt})", a.s);
                E::int(s, a.lo.min(0), a.hi.max(0)).expect("a right shift narrows")
            }
            3 => {
                let a = self.int_expr(d);
                let k = 1 << self.r(11);
                divmod(&a, k, self.pct(50))
            }
            4 => {
                let a = self.int_expr(d);
                if self.pct(50) && a.lo > I_MIN {
                    E::int(format!("(-{})", a.s), -a.hi, -a.lo).expect("negation fits")
                } else {
                    E::int(format!("(~{})", a.s), -a.hi - 1, -a.lo - 1).expect("fits")
                }
            }
            5 => {
                let u = self.uns_expr(d);
                let u = if self.pct(70) { self.narrow(u) } else { u };
                to_int(&u)
            }
            6 => {
                let f = self.float_expr(d);
                to_int(&f)
            }
            7 => {
                let b = self.bool_expr(d);
                E::int(format!("(int){}", b.s), 0, 1).expect("small")
            }
            8 => self.ternary_of(Ty::Int, d),
            9 => {
                let u = self.uns_expr(d);
                let f = self.pick(&["__popc", "__ffs", "__clz"]);
                E::int(format!("{f}({})", u.bare()), 0, 32).expect("small")
            }
            _ => self.warp_int(d),
        }
    }

    /// `a op b` for `int` operands, narrowing them first when the result
    /// could overflow.
    pub(crate) fn int_arith(&mut self, op: &str, a: E, b: E) -> E {
        if let Some(e) = bin(op, &a, &b) {
            return e;
        }
        let a = self.narrow(a);
        let b = self.narrow(b);
        bin(op, &a, &b).expect("narrowed operands fit")
    }

    /// `c ? a : b` with operands of type `ty`; the operands are evaluated
    /// by only some lanes, so they hold no intrinsic.
    pub(crate) fn ternary_of(&mut self, ty: Ty, d: u32) -> E {
        let c = self.bool_expr(d);
        self.no_sync += 1;
        let a = self.expr(ty, d);
        let b = self.expr(ty, d);
        self.no_sync -= 1;
        ternary(&c, &a, &b)
    }

    /// An `unsigned` leaf: a variable, the lane or a literal.
    fn uns_leaf(&mut self) -> E {
        match self.weighted(&[8, 3, 4, 1, 1]) {
            0 => match self.var_e(Ty::Uns) {
                Some(e) => e,
                None => self.uns_lit(),
            },
            1 => E::uns("lane".into(), 0, 31),
            2 => self.uns_lit(),
            3 => E::uns("threadIdx.x".into(), 0, 31),
            _ => {
                if self.pct(50) {
                    E::uns("blockDim.x".into(), 32, 32)
                } else {
                    E::uns("blockIdx.x".into(), 0, 0)
                }
            }
        }
    }

    /// An `unsigned` expression.
    pub(crate) fn uns_expr(&mut self, depth: u32) -> E {
        if depth == 0 || self.pct(20) {
            return self.uns_leaf();
        }
        let d = depth - 1;
        let sync = if self.mask_text().is_some() { 3 } else { 0 };
        match self.weighted(&[6, 4, 3, 2, 1, 2, 1, 1, sync]) {
            0 => {
                let op = self.pick(&["+", "-", "*"]);
                let a = self.uns_expr(d);
                let b = if self.pct(40) {
                    self.uns_lit()
                } else {
                    self.uns_expr(d)
                };
                bin(op, &a, &b).expect("unsigned wraps")
            }
            1 => {
                let op = self.pick(&["&", "|", "^"]);
                let a = self.uns_expr(d);
                let b = if self.pct(50) {
                    self.uns_lit()
                } else {
                    self.uns_expr(d)
                };
                bin(op, &a, &b).expect("unsigned wraps")
            }
            2 => {
                let a = self.uns_expr(d);
                let (amt, max) = self.shift_amount();
                if self.pct(50) {
                    if amt == max.to_string() {
                        shl(&a, max)
                    } else {
                        E::uns(format!("({} << {amt})", a.s), 0, U_MAX)
                    }
                } else if amt == max.to_string() {
                    shr(&a, max)
                } else {
                    E::uns(format!("({} >> {amt})", a.s), 0, a.hi)
                }
            }
            3 => {
                let a = self.uns_expr(d);
                let k = 1 << self.r(11);
                divmod(&a, k, self.pct(50))
            }
            4 => {
                let a = self.uns_expr(d);
                if self.pct(80) {
                    E::uns(format!("(~{})", a.s), U_MAX - a.hi, U_MAX - a.lo)
                } else {
                    E::uns(format!("(-{})", a.s), 0, U_MAX)
                }
            }
            5 => {
                let i = self.int_expr(d);
                to_uns(&i)
            }
            6 => {
                let a = self.uns_expr(d);
                E::uns(format!("__brev({})", a.bare()), 0, U_MAX)
            }
            7 => self.ternary_of(Ty::Uns, d),
            _ => self.warp_uns(d),
        }
    }

    /// A comparison of two operands of one type, chosen at random.
    fn compare(&mut self, d: u32) -> E {
        let op = self.pick(&["==", "!=", "<", "<=", ">", ">="]);
        let ty = self.pick(&[Ty::Int, Ty::Int, Ty::Uns, Ty::Uns, Ty::Float]);
        let a = self.expr(ty, d);
        let b = if self.pct(50) {
            match ty {
                Ty::Int => self.int_lit(),
                Ty::Uns => self.uns_lit(),
                _ => self.float_lit(FLOATS),
            }
        } else {
            self.expr(ty, d)
        };
        cmp(op, &a, &b)
    }

    /// A condition on the lane number alone.
    pub(crate) fn lane_cond(&mut self) -> E {
        let k = self.range(0, 31);
        let s = match self.r(6) {
            0 => {
                let op = self.pick(&["==", "!="]);
                format!("((lane & {}u) {op} 0u)", self.pick(&[1, 3, 7, 4, 2, 12]))
            }
            1 => format!("(lane < {k}u)"),
            2 => format!("(lane >= {k}u)"),
            3 => format!("(((lane >> {}) & 1u) != 0u)", self.r(5)),
            4 => format!("((lane ^ {k}u) > {}u)", self.range(4, 28)),
            _ => format!("(lane % {}u == {}u)", self.pick(&[2, 4, 8]), self.r(2)),
        };
        E::boolean(s)
    }

    /// A `bool` expression.
    pub(crate) fn bool_expr(&mut self, depth: u32) -> E {
        if depth == 0 {
            return match self.var_e(Ty::Bool) {
                Some(e) if self.pct(60) => e,
                _ => self.lane_cond(),
            };
        }
        let d = depth - 1;
        match self.weighted(&[6, 2, 2, 1, 1, 2, 1]) {
            0 => self.compare(d),
            1 => {
                let op = self.pick(&["&&", "||"]);
                let a = self.bool_expr(d);
                self.no_sync += 1;
                let b = self.bool_expr(d);
                self.no_sync -= 1;
                E::boolean(format!("({} {op} {})", a.s, b.s))
            }
            2 => {
                let a = self.bool_expr(d);
                E::boolean(format!("(!{})", a.s))
            }
            3 => {
                let ty = self.pick(&[Ty::Int, Ty::Uns]);
                let a = self.expr(ty, d);
                E::boolean(format!("(bool){}", a.s))
            }
            4 if self.mask_text().is_some() => {
                let i = self.warp_vote(d);
                E::boolean(format!("(bool){}", i.s))
            }
            5 => self.lane_cond(),
            _ => match self.var_e(Ty::Bool) {
                Some(e) => e,
                None => self.compare(d),
            },
        }
    }

    /// A `float` leaf: a variable, a literal or a converted lane.
    fn float_leaf(&mut self) -> E {
        match self.weighted(&[8, 4, 1]) {
            0 => match self.var_e(Ty::Float) {
                Some(e) => e,
                None => self.float_lit(FLOATS),
            },
            1 => self.float_lit(FLOATS),
            _ => to_float(&E::uns("lane".into(), 0, 31)),
        }
    }

    /// A `float` expression; its magnitude stays at most [`F_CAP`].
    pub(crate) fn float_expr(&mut self, depth: u32) -> E {
        if depth == 0 || self.pct(20) {
            return self.float_leaf();
        }
        let d = depth - 1;
        let sync = if self.mask_text().is_some() { 1 } else { 0 };
        let e = match self.weighted(&[5, 3, 3, 1, 2, 1, 1, sync]) {
            0 => {
                let op = self.pick(&["+", "-"]);
                let a = self.float_expr(d);
                let b = self.float_expr(d);
                bin(op, &a, &b).expect("floats")
            }
            1 => {
                let a = self.float_expr(d);
                let b = self.float_expr(d);
                bin("*", &a, &b).expect("floats")
            }
            2 => {
                let a = self.float_expr(d);
                let b = self.float_lit(SMALL_FLOATS);
                bin("*", &a, &b).expect("floats")
            }
            3 => {
                let a = self.float_expr(d);
                E::float(format!("(-{})", a.s), a.mag)
            }
            4 => {
                let i = self.int_expr(d);
                let i = if i.abs_max() > 65536 {
                    self.narrow(i)
                } else {
                    i
                };
                to_float(&i)
            }
            5 => {
                let u = self.uns_expr(d);
                let u = self.narrow(u);
                to_float(&u)
            }
            6 => self.ternary_of(Ty::Float, d),
            _ => self.warp_float(d),
        };
        if e.mag <= F_CAP {
            e
        } else {
            self.float_leaf()
        }
    }

    /// A lane-dependent initial value for the kernel's first locals.
    pub(crate) fn seed_expr(&mut self, ty: Ty) -> E {
        let lane = E::uns("lane".into(), 0, 31);
        match ty {
            Ty::Int => {
                let k = lit_u(self.range(1, 9) as i128);
                let scaled = to_int(&bin("*", &lane, &k).expect("unsigned"));
                let c = lit_i(self.range(0, 50) as i128);
                match self.r(3) {
                    0 => bin("-", &scaled, &c).expect("small"),
                    1 => {
                        bin("^", &to_int(&lane), &lit_i(self.range(1, 63) as i128)).expect("small")
                    }
                    _ => bin("+", &scaled, &self.int_lit()).expect("small"),
                }
            }
            Ty::Uns => {
                let u = self.uns_lit();
                match self.r(4) {
                    0 => bin("^", &lane, &u).expect("unsigned"),
                    1 => bin("*", &lane, &u).expect("unsigned"),
                    2 => bin("|", &shl(&lane, self.range(1, 8) as u32), &u).expect("unsigned"),
                    _ => bin("+", &lane, &u).expect("unsigned"),
                }
            }
            Ty::Float => {
                let base = match self.var_e(Ty::Int) {
                    Some(e) if self.pct(60) => to_float(&e),
                    _ => to_float(&lane),
                };
                let k = self.float_lit(SMALL_FLOATS);
                let p = bin("*", &base, &k).expect("floats");
                if self.pct(50) {
                    let c = self.float_lit(FLOATS);
                    bin("-", &p, &c).expect("floats")
                } else {
                    p
                }
            }
            Ty::Bool => self.lane_cond(),
        }
    }
}
