//! Statements: declarations, assignments, `if`, blocks that shadow a name,
//! `break`, `continue` and `return`, and the mask each of them leaves.

use super::expr::{bin, bitwise, divmod, lit_i, lit_u};
use super::{Ctx, Mask, Ty, E, F_CAP, I_MAX, I_MIN};

/// The most control statements nested around a statement.
const MAX_DEPTH: u32 = 3;

impl Ctx {
    /// Writes one statement, of a kind chosen for the current place.
    pub(crate) fn stmt(&mut self) {
        self.budget -= 1;
        let nest = self.depth < MAX_DEPTH && self.budget > 1;
        let known = self.mask_text().is_some();
        let jumps = self.rules.is_some_and(|r| r.jumps);
        let can_ret = self.rules.is_none_or(|r| r.ret);
        let w = [
            4,
            7,
            1,
            if self.printfs < 8 { 3 } else { 0 },
            if nest { 4 } else { 0 },
            if nest && self.trips < 64 { 3 } else { 0 },
            if nest { 1 } else { 0 },
            if known { 3 } else { 0 },
            if jumps && self.depth < MAX_DEPTH {
                2
            } else {
                0
            },
            if can_ret && self.depth < MAX_DEPTH {
                1
            } else {
                0
            },
        ];
        match self.weighted(&w) {
            0 => self.decl(),
            1 => self.assign(),
            2 => self.incdec(),
            3 => self.printf(),
            4 => self.if_stmt(),
            5 => self.loop_stmt(),
            6 => self.shadow_block(),
            7 => self.warp_stmt(),
            8 => self.jump(),
            _ => self.ret_if(),
        }
    }

    /// Writes one to `max` statements (fewer when the budget runs out).
    pub(crate) fn stmts(&mut self, max: u64) {
        let n = 1 + self.r(max);
        for i in 0..n {
            if i > 0 && self.budget <= 0 {
                break;
            }
            self.stmt();
        }
    }

    /// A condition that usually differs between lanes.
    pub(crate) fn cond(&mut self) -> E {
        match self.weighted(&[3, 4, 2]) {
            0 => self.lane_cond(),
            1 => self.bool_expr(2),
            _ => {
                let ty = self.pick(&[Ty::Int, Ty::Uns]);
                let Some(v) = self.var_e(ty) else {
                    return self.lane_cond();
                };
                let op = self.pick(&["<", ">", "==", "!=", "<=", ">="]);
                let k = if ty == Ty::Int {
                    lit_i(self.range(-5, 30) as i128)
                } else {
                    lit_u(self.range(0, 31) as i128)
                };
                super::expr::cmp(op, &v, &k)
            }
        }
    }

    /// A condition that holds in some lanes of the warp and fails in
    /// others, for a `return` that leaves lanes behind.
    pub(crate) fn ret_cond(&mut self) -> E {
        let s = match self.r(4) {
            0 => format!("(lane >= {}u)", self.range(8, 31)),
            1 => format!("((lane & {}u) == 0u)", self.pick(&[1, 2, 3, 4, 7, 8, 12])),
            2 => format!("(lane % 4u == {}u)", self.r(4)),
            _ => format!("(((lane >> {}) & 1u) != 0u)", self.r(5)),
        };
        E::boolean(s)
    }

    /// The condition of an `if`; one from [`Ctx::ret_cond`] when a side
    /// returns.
    fn branch_cond(&mut self, returns: bool) -> E {
        if returns {
            self.ret_cond()
        } else {
            self.cond()
        }
    }

    /// A declaration with an initialiser; now and then two at once.
    fn decl(&mut self) {
        let ty = self.pick(&[Ty::Int, Ty::Int, Ty::Uns, Ty::Uns, Ty::Float, Ty::Bool]);
        let e = self.expr(ty, 2);
        let name = self.fresh_var();
        if self.pct(15) && ty != Ty::Bool {
            let e2 = self.expr(ty, 1);
            let name2 = self.fresh_var();
            let name2 = if name2 == name {
                self.fresh(&format!("{name}x"))
            } else {
                name2
            };
            let text = format!("{} {name} = {}, {name2} = {};", ty.c(), e.bare(), e2.bare());
            self.line(&text);
            self.declare(&name, &e, false);
            self.declare(&name2, &e2, false);
        } else {
            self.decl_line(&name, &e, false);
        }
    }

    /// Widens the range of the variable at `at` to hold `e`'s values too.
    fn widen_var(&mut self, at: (usize, usize), e: &E) {
        let v = self.var_mut(at);
        v.lo = v.lo.min(e.lo);
        v.hi = v.hi.max(e.hi);
        v.mag = v.mag.max(e.mag);
    }

    /// An assignment or a compound assignment to a writable variable.
    fn assign(&mut self) {
        let ty = self.pick(&[Ty::Int, Ty::Int, Ty::Uns, Ty::Uns, Ty::Float, Ty::Bool]);
        let Some(at) = self.pick_var(ty, true) else {
            return self.decl();
        };
        let v = self.var(at).e();
        let (op, rhs, result) = match ty {
            Ty::Int => self.int_assign(&v),
            Ty::Uns => self.uns_assign(&v),
            Ty::Float => self.float_assign(&v),
            Ty::Bool => {
                let e = self.bool_expr(2);
                if self.pct(20) {
                    let op = self.pick(&["&=", "|=", "^="]);
                    (op, e.bare().to_string(), E::boolean(String::new()))
                } else {
                    ("=", e.bare().to_string(), e)
                }
            }
        };
        self.line(&format!("{} {op} {rhs};", v.s));
        self.widen_var(at, &result);
    }

    /// The operator, right-hand side and resulting range of an assignment
    /// to the `int` variable `v`.
    fn int_assign(&mut self, v: &E) -> (&'static str, String, E) {
        match self.weighted(&[3, 4, 1, 2, 1, 1, 1]) {
            0 => {
                let e = self.int_expr(2);
                ("=", e.bare().into(), e)
            }
            1 => {
                let op = self.pick(&["+", "-"]);
                let e = self.int_expr(1);
                let e = if bin(op, v, &e).is_some() {
                    e
                } else {
                    self.narrow(e)
                };
                match bin(op, v, &e) {
                    Some(r) => (if op == "+" { "+=" } else { "-=" }, e.bare().into(), r),
                    None => self.int_bitwise_assign(v),
                }
            }
            2 => {
                let e = lit_i(self.range(-3, 5) as i128);
                match bin("*", v, &e) {
                    Some(r) => ("*=", e.bare().into(), r),
                    None => self.int_bitwise_assign(v),
                }
            }
            3 => self.int_bitwise_assign(v),
            4 => {
                let (amt, _) = self.shift_amount();
                let r = E::int(String::new(), v.lo.min(0), v.hi.max(0)).expect("narrows");
                (">>=", amt, r)
            }
            5 => {
                let k = 1 << self.r(8);
                ("/=", k.to_string(), divmod(v, k, true))
            }
            _ => {
                let k = 1 << self.r(8);
                ("%=", k.to_string(), divmod(v, k, false))
            }
        }
    }

    /// `&=`, `|=` or `^=` on an `int`, which cannot overflow.
    fn int_bitwise_assign(&mut self, v: &E) -> (&'static str, String, E) {
        let e = self.int_expr(1);
        let op = self.pick(&["&", "|", "^"]);
        let (lo, hi) = bitwise(op, v, &e);
        let r = E::int(String::new(), lo, hi).expect("bitwise results fit");
        let op = match op {
            "&" => "&=",
            "|" => "|=",
            _ => "^=",
        };
        (op, e.bare().into(), r)
    }

    /// The operator, right-hand side and resulting range of an assignment
    /// to the `unsigned` variable `v`.
    fn uns_assign(&mut self, v: &E) -> (&'static str, String, E) {
        let op = self.pick(&[
            "=", "=", "+=", "-=", "*=", "&=", "|=", "^=", "^=", "<<=", ">>=", "/=", "%=",
        ]);
        match op {
            "<<=" | ">>=" => {
                let (amt, max) = self.shift_amount();
                let r = if op == ">>=" {
                    E::uns(String::new(), 0, v.hi)
                } else if amt == max.to_string() {
                    super::expr::shl(v, max)
                } else {
                    E::uns(String::new(), 0, super::U_MAX)
                };
                (op, amt, r)
            }
            "/=" | "%=" => {
                let k = 1 << self.r(10);
                (op, format!("{k}u"), divmod(v, k, op == "/="))
            }
            _ => {
                let e = if self.pct(30) {
                    self.uns_lit()
                } else {
                    self.uns_expr(2)
                };
                let r = if op == "=" {
                    e.clone()
                } else {
                    bin(&op[..1], v, &e).expect("unsigned wraps")
                };
                (op, e.bare().into(), r)
            }
        }
    }

    /// The operator, right-hand side and resulting range of an assignment
    /// to the `float` variable `v`, keeping its magnitude at most
    /// [`F_CAP`].
    fn float_assign(&mut self, v: &E) -> (&'static str, String, E) {
        let op = self.pick(&["=", "+=", "-=", "*=", "+="]);
        let e = self.float_expr(2);
        if op != "=" {
            let r = bin(&op[..1], v, &e).expect("floats");
            if r.mag <= F_CAP {
                return (op, e.bare().into(), r);
            }
            let half = self.pick(&["0.5f", "0.25f"]);
            let r = E::float(String::new(), v.mag * 0.5);
            if v.mag <= F_CAP && self.pct(50) {
                return ("*=", half.into(), r);
            }
        }
        ("=", e.bare().into(), e)
    }

    /// `x++`, `++x`, `x--` or `--x` on an integer variable.
    fn incdec(&mut self) {
        let ty = self.pick(&[Ty::Int, Ty::Uns]);
        let Some(at) = self.pick_var(ty, true) else {
            return self.assign();
        };
        let v = self.var(at).e();
        let up = self.pct(55);
        let (lo, hi) = if up {
            (v.lo, v.hi + 1)
        } else {
            (v.lo - 1, v.hi)
        };
        if ty == Ty::Int && (lo < I_MIN || hi > I_MAX) {
            return self.assign();
        }
        let op = if up { "++" } else { "--" };
        let text = if self.pct(50) {
            format!("{}{op};", v.s)
        } else {
            format!("{op}{};", v.s)
        };
        self.line(&text);
        let r = if ty == Ty::Int {
            E::int(String::new(), lo, hi).expect("checked")
        } else {
            E::uns(String::new(), lo, hi)
        };
        self.widen_var(at, &r);
    }

    /// Writes the statements of a block whose lanes are `mask` (the block's
    /// braces are written by the caller); `ret` ends it with `return;`.
    fn branch(&mut self, mask: Mask, ret: bool) {
        self.mask = mask;
        self.stmts(3);
        if ret {
            if self.printfs < 8 && self.pct(50) {
                self.printf();
            }
            self.line("return;");
            self.returns += 1;
        }
    }

    /// Opens a scope without writing anything (after `} else {`).
    fn enter(&mut self) {
        self.indent += 1;
        self.scopes.push(Vec::new());
    }

    /// An `if`, with an `else` now and then. Where the mask is known the
    /// condition and the ballots of both sides are stored first, so that
    /// both sides know their lanes; a side may end with `return`, after
    /// which the other side's lanes are the mask.
    fn if_stmt(&mut self) {
        let outer = self.mask.clone();
        let has_else = self.pct(45);
        let can_ret = self.rules.is_none_or(|r| r.ret);
        let ret_then = can_ret && self.pct(15);
        let ret_else = can_ret && has_else && !ret_then && self.pct(12);
        self.depth += 1;
        if let (Some(m), true) = (self.mask_text(), self.pct(75)) {
            let c = self.numbered("c");
            let e = self.branch_cond(ret_then || ret_else);
            self.decl_line(&c, &e, true);
            let mt = self.numbered("m");
            let ballot = E::uns(format!("__ballot_sync({m}, {c})"), 0, super::U_MAX);
            self.decl_line(&mt, &ballot, true);
            let mut me = Mask::Unknown;
            if has_else || ret_then {
                me = Mask::Part(self.numbered("n"));
                let Mask::Part(n) = &me else { unreachable!() };
                let n = n.clone();
                let rest = E::uns(format!("{m} & ~{mt}"), 0, super::U_MAX);
                self.decl_line(&n, &rest, true);
            }
            self.open(&format!("if ({c})"));
            self.branch(Mask::Part(mt.clone()), ret_then);
            let (then_end, else_end) = if has_else {
                self.close(" else {");
                let then_end = self.mask.clone();
                self.enter();
                self.branch(me.clone(), ret_else);
                self.close("");
                (then_end, self.mask.clone())
            } else {
                self.close("");
                (self.mask.clone(), me.clone())
            };
            let then_mask = Mask::Part(mt);
            self.mask = match (ret_then, ret_else) {
                (true, _) if else_end == me => me,
                (_, true) if then_end == then_mask => then_mask,
                (false, false) if then_end == then_mask && else_end == me => outer,
                _ => Mask::Unknown,
            };
        } else {
            self.plain_if(outer, has_else, ret_then, ret_else);
        }
        self.depth -= 1;
    }

    /// An `if` whose sides do not know their lanes; after it the mask is
    /// the one before, unless some lane returned.
    fn plain_if(&mut self, outer: Mask, has_else: bool, ret_then: bool, ret_else: bool) {
        let returns = self.returns;
        let e = self.branch_cond(ret_then || ret_else);
        if !has_else && !ret_then && self.printfs < 8 && self.pct(25) {
            self.line(&format!("if ({})", e.bare()));
            self.indent += 1;
            self.mask = Mask::Unknown;
            self.printf();
            self.indent -= 1;
        } else {
            self.open(&format!("if ({})", e.bare()));
            self.branch(Mask::Unknown, ret_then);
            if has_else {
                self.close(" else {");
                self.enter();
                self.branch(Mask::Unknown, ret_else);
            }
            self.close("");
        }
        self.mask = if self.returns == returns {
            outer
        } else {
            Mask::Unknown
        };
    }

    /// A block that declares a variable, often shadowing a visible one
    /// (the initialiser does not read the shadowed name).
    fn shadow_block(&mut self) {
        let outer = self.mask.clone();
        let returns = self.returns;
        self.depth += 1;
        let target = self
            .visible()
            .into_iter()
            .filter(|&at| !self.var(at).ro)
            .collect::<Vec<_>>();
        self.open("");
        if !target.is_empty() && self.pct(75) {
            let at = target[self.r(target.len() as u64) as usize];
            let name = self.var(at).name.clone();
            let ty = self.pick(&[Ty::Int, Ty::Uns, Ty::Float, self.var(at).ty]);
            self.hidden = Some(name.clone());
            let e = self.expr(ty, 2);
            self.hidden = None;
            self.decl_line(&name, &e, false);
            self.stmts(3);
            if self.printfs < 8 && self.pct(50) {
                let v = self.var((self.scopes.len() - 1, 0)).e();
                self.printf_var(&v);
            }
        } else {
            self.stmts(4);
        }
        self.close("");
        self.depth -= 1;
        if self.returns == returns && self.mask == Mask::Unknown {
            self.mask = outer;
        }
    }

    /// `if (c) break;`, `if (c) continue;` or a block ending in one, inside
    /// a loop that allows them.
    fn jump(&mut self) {
        let what = if self.pct(55) { "break" } else { "continue" };
        let e = self.cond();
        if self.pct(60) {
            self.line(&format!("if ({}) {what};", e.bare()));
        } else {
            self.open(&format!("if ({})", e.bare()));
            if self.printfs < 8 {
                self.printf();
            } else {
                self.assign();
            }
            self.line(&format!("{what};"));
            self.close("");
        }
    }

    /// A `return` under a condition. Where the mask is known, the lanes
    /// that stay are computed first and become the mask.
    fn ret_if(&mut self) {
        if let Some(m) = self.mask_text() {
            let c = self.numbered("c");
            let e = self.ret_cond();
            self.decl_line(&c, &e, true);
            let n = self.numbered("n");
            let rest = E::uns(format!("{m} & ~__ballot_sync({m}, {c})"), 0, super::U_MAX);
            self.decl_line(&n, &rest, true);
            self.line(&format!("if ({c}) return;"));
            self.mask = Mask::Part(n);
        } else {
            let e = self.ret_cond();
            self.line(&format!("if ({}) return;", e.bare()));
        }
        self.returns += 1;
    }
}
