//! Loops: ones every lane of the mask runs the same number of times (the
//! mask stays), ones that carry a ballot of the lanes still inside, and
//! lane-dependent ones with `break` and `continue` and no intrinsics.
//! Every loop's counter is changed only by the loop itself, so each one
//! ends after a small number of iterations.

use super::{Ctx, LoopRules, Mask, Ty, Var, E, F_CAP, F_HUGE, I_MAX, I_MIN, U_MAX};

/// Where a loop's counter lives and how its end is written.
struct Shape {
    /// Text before the body's `{` (`for (…)`, `while (…)`, `do`).
    head: String,
    /// Lines at the start of the body (the counter's step in loops that
    /// may `continue`).
    first: Vec<String>,
    /// Lines at the end of the body.
    last: Vec<String>,
    /// Text after the body's `}` (` while (k < 4);`).
    tail: String,
    /// The most iterations any lane runs.
    trips: u32,
    /// A counter declared in the loop's header: name and range.
    counter: Option<(String, i128, i128, Ty)>,
}

impl Shape {
    /// A loop with header `head` and no other parts.
    fn new(head: String, trips: u32) -> Shape {
        Shape {
            head,
            first: Vec::new(),
            last: Vec::new(),
            tail: String::new(),
            trips,
            counter: None,
        }
    }
}

/// The range `v` needs to hold after `trips` iterations that each grow it
/// as `after` grew from `entry`, starting from `start`; `None` when
/// `entry` holds it already.
fn needed(start: &Var, entry: &Var, after: &Var, trips: u32) -> Option<Var> {
    let t = i128::from(trips);
    let grow_hi = (after.hi - entry.hi).max(0);
    let grow_lo = (entry.lo - after.lo).max(0);
    let grow_mag = (after.mag - entry.mag).max(0.0);
    let whole = whole(entry);
    let hi = (start.hi + t * grow_hi).min(whole.hi);
    let lo = (start.lo - t * grow_lo).max(whole.lo);
    let mag = (start.mag + f64::from(trips) * grow_mag).min(F_HUGE);
    if hi <= entry.hi && lo >= entry.lo && mag <= entry.mag {
        return None;
    }
    Some(Var {
        lo: lo.min(entry.lo),
        hi: hi.max(entry.hi),
        mag: mag.max(entry.mag),
        ..entry.clone()
    })
}

/// `v` with the whole range of its type (the largest magnitude for a
/// `float`), which no assignment can grow.
fn whole(v: &Var) -> Var {
    let (lo, hi) = match v.ty {
        Ty::Int => (I_MIN, I_MAX),
        Ty::Uns => (0, U_MAX),
        _ => (0, 1),
    };
    let mag = if v.ty == Ty::Float { F_HUGE } else { v.mag };
    Var {
        lo,
        hi,
        mag,
        ..v.clone()
    }
}

impl Ctx {
    /// Runs `body` (which writes a loop body) until the ranges of the
    /// variables declared outside it cover what `trips` iterations can
    /// make of them: when a pass grows a variable, the text of that pass is
    /// dropped and the body is generated again, from the same random
    /// state, with the variable's range widened by `trips` times the
    /// growth. When the second pass grows a variable again, every writable
    /// variable gets the whole range of its type, which no pass can grow,
    /// and the third pass is kept.
    pub(crate) fn repeat(&mut self, trips: u32, body: &mut dyn FnMut(&mut Ctx)) {
        let start = self.clone();
        let mut entry = self.clone();
        for pass in 0..3 {
            *self = entry.clone();
            body(self);
            if pass == 2 {
                return;
            }
            let mut next = entry.clone();
            let mut grew = false;
            for (si, scope) in entry.scopes.iter().enumerate() {
                for (vi, v) in scope.iter().enumerate() {
                    let after = &self.scopes[si][vi];
                    let first = &start.scopes[si][vi];
                    if let Some(w) = needed(first, v, after, trips) {
                        next.scopes[si][vi] = w;
                        grew = true;
                    }
                }
            }
            if !grew {
                return;
            }
            if pass == 1 {
                for v in next.scopes.iter_mut().flatten() {
                    if !v.ro {
                        *v = whole(v);
                    }
                }
            }
            entry = next;
        }
    }

    /// A loop of a kind the current mask allows.
    pub(crate) fn loop_stmt(&mut self) {
        let known = self.mask_text().is_some();
        let w = [
            if known { 4 } else { 0 },
            if known { 2 } else { 0 },
            4,
            if self.full() { 1 } else { 0 },
        ];
        match self.weighted(&w) {
            0 => {
                let shape = self.uniform_shape();
                let rules = LoopRules {
                    jumps: false,
                    ret: false,
                };
                let mask = self.mask.clone();
                self.run_loop(shape, rules, mask);
            }
            1 => self.ballot_loop(),
            2 => {
                let shape = self.free_shape();
                let rules = LoopRules {
                    jumps: true,
                    ret: self.rules.is_none_or(|r| r.ret) && self.pct(25),
                };
                self.run_loop(shape, rules, Mask::Unknown);
            }
            _ => self.butterfly(),
        }
    }

    /// Writes a loop of shape `shape` whose body runs with `mask` under
    /// `rules`; afterwards the mask is the one before unless a lane
    /// returned.
    fn run_loop(&mut self, shape: Shape, rules: LoopRules, mask: Mask) {
        let outer = self.mask.clone();
        let (old_rules, old_trips, returns) = (self.rules, self.trips, self.returns);
        self.depth += 1;
        self.open(&shape.head);
        if let Some((name, lo, hi, ty)) = &shape.counter {
            let e = E {
                s: name.clone(),
                ty: *ty,
                lo: *lo,
                hi: *hi,
                mag: 0.0,
            };
            self.declare(name, &e, true);
        }
        let inner_trips = self.trips.saturating_mul(shape.trips);
        self.repeat(shape.trips, &mut |c: &mut Ctx| {
            c.rules = Some(rules);
            c.trips = inner_trips;
            c.mask = mask.clone();
            for l in &shape.first {
                c.line(l);
            }
            c.stmts(4);
            for l in &shape.last {
                c.line(l);
            }
        });
        self.close(&shape.tail);
        self.depth -= 1;
        self.rules = old_rules;
        self.trips = old_trips;
        self.mask = if self.returns == returns {
            outer
        } else {
            Mask::Unknown
        };
    }

    /// Declares a read-only counter before a loop: `T name = init;`.
    fn counter(&mut self, base: &str, e: &E) -> String {
        let name = self.fresh(base);
        self.decl_line(&name, e, true);
        name
    }

    /// A loop that every lane of the mask runs equally often.
    fn uniform_shape(&mut self) -> Shape {
        let c = self.range(1, 6);
        match self.r(6) {
            0 => {
                let i = self.fresh("i");
                let step = self.pick(&["++", "+", "pre"]);
                let step = match step {
                    "++" => format!("{i}++"),
                    "+" => format!("{i} += 1"),
                    _ => format!("++{i}"),
                };
                let mut s = Shape::new(format!("for (int {i} = 0; {i} < {c}; {step})"), c as u32);
                s.counter = Some((i, 0, i128::from(c - 1), Ty::Int));
                s
            }
            1 => {
                let d = self.fresh("d");
                let top: u32 = self.pick(&[16, 8, 4, 2]);
                let step = if self.pct(50) {
                    format!("{d} /= 2")
                } else {
                    format!("{d} >>= 1")
                };
                let trips = 1 + top.trailing_zeros();
                let mut s = Shape::new(format!("for (int {d} = {top}; {d} > 0; {step})"), trips);
                s.counter = Some((d, 1, i128::from(top), Ty::Int));
                s
            }
            2 => {
                let s = self.fresh("s");
                let step = self.pick(&["<<= 1", "*= 2u"]);
                let mut sh =
                    Shape::new(format!("for (unsigned {s} = 1u; {s} < 32u; {s} {step})"), 5);
                sh.counter = Some((s, 1, 16, Ty::Uns));
                sh
            }
            3 => {
                let i = self.fresh("i");
                let k = self.range(1, 3);
                let top = self.range(1, 9);
                let step = if k == 1 {
                    format!("{i}--")
                } else {
                    format!("{i} -= {k}")
                };
                let trips = ((top + k - 1) / k) as u32;
                let mut s = Shape::new(format!("for (int {i} = {top}; {i} > 0; {step})"), trips);
                s.counter = Some((i, 1, i128::from(top), Ty::Int));
                s
            }
            4 => {
                let k = self.counter("k", &E::int("0".into(), 0, i128::from(c)).expect("small"));
                let mut s = Shape::new(format!("while ({k} < {c})"), c as u32);
                s.last.push(format!("{k}++;"));
                s
            }
            _ => {
                let init = E::int(c.to_string(), 0, i128::from(c)).expect("small");
                let k = self.counter("k", &init);
                let mut s = Shape::new("do".into(), c as u32);
                s.last.push(format!("{k}--;"));
                s.tail = format!(" while ({k} > 0);");
                s
            }
        }
    }

    /// A lane-dependent bound for a loop counter: its text and the
    /// largest value it can have.
    fn lane_limit(&mut self) -> (String, i128) {
        match self.r(5) {
            0 => ("(int)(lane & 7u)".into(), 7),
            1 => ("(int)(lane >> 2)".into(), 7),
            2 => ("(int)(lane % 4u) + 2".into(), 5),
            3 => {
                let c = self.range(2, 8);
                (c.to_string(), i128::from(c))
            }
            _ => match self.pick_var(Ty::Int, false) {
                Some(at) => (format!("({} & 7)", self.var(at).name), 7),
                None => ("(int)(lane & 3u)".into(), 3),
            },
        }
    }

    /// A loop whose lanes may run different numbers of iterations.
    fn free_shape(&mut self) -> Shape {
        let (lim, max) = self.lane_limit();
        let trips = max.max(1) as u32;
        match self.r(5) {
            0 => {
                let i = self.fresh("i");
                let mut s = Shape::new(format!("for (int {i} = 0; {i} < {lim}; {i}++)"), trips);
                s.counter = Some((i, 0, max - 1, Ty::Int));
                s
            }
            1 => {
                let j = self.fresh("j");
                let (init, k) = self.pick(&[("lane & 3u", 2), ("lane % 8u", 3), ("lane >> 3", 1)]);
                let head = format!("for (unsigned {j} = {init}; {j} < 8u; {j} += {k}u)");
                let mut s = Shape::new(head, 8);
                s.counter = Some((j, 0, 7, Ty::Uns));
                s
            }
            2 => {
                let k = self.counter("k", &E::int("0".into(), 0, max).expect("small"));
                let mut s = Shape::new(format!("while ({k} < {lim})"), trips);
                s.first.push(format!("{k}++;"));
                s
            }
            3 => {
                let k = self.counter("k", &E::int("0".into(), 0, max + 1).expect("small"));
                let mut s = Shape::new("do".into(), trips);
                s.first.push(format!("{k}++;"));
                s.tail = format!(" while ({k} < {lim});");
                s
            }
            _ => {
                let k = self.counter("k", &E::int("0".into(), 0, max).expect("small"));
                let head = if self.pct(50) {
                    "for (;;)"
                } else {
                    "while (true)"
                };
                let mut s = Shape::new(head.into(), trips + 1);
                s.first.push(format!("if ({k} >= {lim}) break;"));
                s.first.push(format!("{k}++;"));
                s
            }
        }
    }

    /// A `while` or `do` loop that keeps in a variable the ballot of the
    /// lanes still inside, and uses it as the mask in its body.
    fn ballot_loop(&mut self) {
        let outer = self.mask.clone();
        let m = self.mask_text().expect("a known mask");
        let ml = self.numbered("m");
        let shape = if self.pct(60) {
            let (init, max) = self.pick(&[
                ("(int)(lane & 7u)", 7),
                ("(int)(lane >> 2)", 7),
                ("(int)(lane % 4u) + 1", 4),
            ]);
            let k = self.counter("k", &E::int(init.into(), 0, max).expect("small"));
            let all = E::uns(format!("__ballot_sync({m}, {k} > 0)"), 0, U_MAX);
            self.decl_line(&ml, &all, true);
            let mut s = Shape::new(format!("while ({k} > 0)"), max as u32);
            s.last.push(format!("{k}--;"));
            s.last.push(format!("{ml} = __ballot_sync({ml}, {k} > 0);"));
            s
        } else {
            let k = self.counter("k", &E::uns("lane & 3u".into(), 0, 5));
            self.decl_line(&ml, &E::uns(m.clone(), 0, U_MAX), true);
            let mut s = Shape::new("do".into(), 5);
            s.last.push(format!("{k}++;"));
            s.last
                .push(format!("{ml} = __ballot_sync({ml}, {k} < 5u);"));
            s.tail = format!(" while ({k} < 5u);");
            s
        };
        let rules = LoopRules {
            jumps: false,
            ret: false,
        };
        self.run_loop(shape, rules, Mask::Part(ml));
        self.mask = outer;
    }

    /// A butterfly over the whole warp: `for (int d = 16; d > 0; d /= 2)
    /// x += __shfl_xor_sync(mask, x, d);` or the `__shfl_down_sync`
    /// reduction, on a variable that cannot overflow doing it.
    fn butterfly(&mut self) {
        let m = self.mask_text().expect("a known mask");
        let ty = self.pick(&[Ty::Uns, Ty::Int, Ty::Float]);
        let Some(at) = self.pick_var(ty, true) else {
            return self.warp_stmt();
        };
        let v = self.var(at).e();
        let fits = match ty {
            Ty::Int => v.abs_max() * 32 <= I_MAX,
            Ty::Float => v.mag * 32.0 <= F_CAP,
            _ => true,
        };
        if !fits {
            return self.warp_stmt();
        }
        let d = self.fresh("d");
        let shfl = self.pick(&["__shfl_xor_sync", "__shfl_down_sync"]);
        let op = if ty == Ty::Uns && self.pct(40) {
            self.pick(&["^=", "|="])
        } else {
            "+="
        };
        self.line(&format!("for (int {d} = 16; {d} > 0; {d} /= 2)"));
        self.indent += 1;
        self.line(&format!("{} {op} {shfl}({m}, {}, {d});", v.s, v.s));
        self.indent -= 1;
        let var = self.var_mut(at);
        match ty {
            Ty::Int => {
                var.lo = (var.lo * 32).min(var.lo);
                var.hi = (var.hi * 32).max(var.hi);
            }
            Ty::Float => var.mag *= 32.0,
            _ => {
                var.lo = 0;
                var.hi = U_MAX;
            }
        }
    }
}
