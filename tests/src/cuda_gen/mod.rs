//! A deterministic generator of small CUDA C kernels in warpscope's CUDA
//! subset (`docs/cuda.md`), for comparing the reference interpreter with
//! what a real GPU prints.
//!
//! [`kernel`] turns a seed into the text of one `__global__ void` kernel
//! that runs as a single warp and prints, through `printf`, lines tagged
//! with the lane that printed them (`"[%u] "` and `lane` come first in
//! every call). The same seed gives the same text on every machine: the
//! generator draws from its own splitmix64 sequence.
//!
//! The generator keeps, for every variable in scope, an interval that
//! holds its value in every lane (a magnitude bound for `float`), and only
//! writes `int` arithmetic whose result fits in 32 bits for the operand
//! intervals; operands that are too wide are first narrowed with a mask or
//! a remainder. Loop bodies are generated again with wider intervals when a
//! variable grows inside them.
//!
//! It also keeps the exact set of lanes that run the current statement as
//! the name of an `unsigned` variable (`Mask`), so that every `*_sync`
//! intrinsic gets exactly that set as its mask: a divergent `if` stores its
//! condition and the ballot of both sides before branching, and loops whose
//! lanes leave at different times either carry a ballot of the lanes still
//! inside or use no intrinsics. Where the set cannot be named, no intrinsic
//! is written.

mod expr;
mod loops;
mod printf;
mod stmt;
#[cfg(test)]
mod tests;
mod warp;

/// The text of one kernel named `name`, built from `seed`.
pub fn kernel(seed: u64, name: &str) -> String {
    let mut cx = Ctx::new(seed);
    cx.prologue();
    cx.top_level();
    cx.epilogue();
    format!("__global__ void {name}()\n{{\n{}}}\n", cx.out)
}

/// The splitmix64 sequence.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The four value types of the subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    Int,
    Uns,
    Bool,
    Float,
}

impl Ty {
    /// The type's name in CUDA C.
    pub(crate) fn c(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Uns => "unsigned",
            Ty::Bool => "bool",
            Ty::Float => "float",
        }
    }
}

/// The smallest `int`.
pub(crate) const I_MIN: i128 = -(1 << 31);
/// The largest `int`.
pub(crate) const I_MAX: i128 = (1 << 31) - 1;
/// The largest `unsigned`.
pub(crate) const U_MAX: i128 = (1 << 32) - 1;
/// The largest magnitude a `float` variable is allowed to reach.
pub(crate) const F_CAP: f64 = 1.0e6;
/// The magnitude bound of a `float` of unknown size.
pub(crate) const F_HUGE: f64 = 3.0e38;

/// A generated expression: its text (an identifier, a literal, a call,
/// a cast of one of those, or a parenthesised expression), its type, and
/// what its value can be in any lane: `lo..=hi` for `int`, `unsigned` and
/// `bool`, `|value| <= mag` for `float`.
#[derive(Clone, Debug)]
pub(crate) struct E {
    pub(crate) s: String,
    pub(crate) ty: Ty,
    pub(crate) lo: i128,
    pub(crate) hi: i128,
    pub(crate) mag: f64,
}

impl E {
    /// An `int` expression, `None` when `lo..=hi` does not fit in `int`.
    pub(crate) fn int(s: String, lo: i128, hi: i128) -> Option<E> {
        (lo >= I_MIN && hi <= I_MAX).then_some(E {
            s,
            ty: Ty::Int,
            lo,
            hi,
            mag: 0.0,
        })
    }

    /// An `unsigned` expression; a range outside `0..=U_MAX` (the value
    /// wrapped) becomes the whole range.
    pub(crate) fn uns(s: String, lo: i128, hi: i128) -> E {
        let (lo, hi) = if lo < 0 || hi > U_MAX {
            (0, U_MAX)
        } else {
            (lo, hi)
        };
        E {
            s,
            ty: Ty::Uns,
            lo,
            hi,
            mag: 0.0,
        }
    }

    /// A `bool` expression.
    pub(crate) fn boolean(s: String) -> E {
        E {
            s,
            ty: Ty::Bool,
            lo: 0,
            hi: 1,
            mag: 0.0,
        }
    }

    /// A `float` expression with `|value| <= mag`.
    pub(crate) fn float(s: String, mag: f64) -> E {
        E {
            s,
            ty: Ty::Float,
            lo: 0,
            hi: 0,
            mag,
        }
    }

    /// The largest magnitude of an integer expression.
    pub(crate) fn abs_max(&self) -> i128 {
        self.lo.abs().max(self.hi.abs())
    }

    /// The text without a pair of parentheses around all of it.
    pub(crate) fn bare(&self) -> &str {
        let s = self.s.as_str();
        if !s.starts_with('(') || !s.ends_with(')') {
            return s;
        }
        let mut depth = 0;
        for (i, ch) in s.char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 && i + 1 < s.len() {
                        return s;
                    }
                }
                _ => {}
            }
        }
        &s[1..s.len() - 1]
    }
}

/// A variable in scope, with what its value can be in any lane.
#[derive(Clone, Debug)]
pub(crate) struct Var {
    pub(crate) name: String,
    pub(crate) ty: Ty,
    pub(crate) lo: i128,
    pub(crate) hi: i128,
    pub(crate) mag: f64,
    /// Never assigned by generated statements: `lane`, masks, conditions
    /// stored before a branch, loop counters.
    pub(crate) ro: bool,
}

impl Var {
    /// The variable as an expression.
    pub(crate) fn e(&self) -> E {
        E {
            s: self.name.clone(),
            ty: self.ty,
            lo: self.lo,
            hi: self.hi,
            mag: self.mag,
        }
    }
}

/// The lanes that run the statement being generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mask {
    /// All 32 lanes; the text names them (`0xffffffffu` or a variable).
    Full(String),
    /// The lanes whose bits are set in the named `unsigned` variable.
    Part(String),
    /// A set that no variable holds: no `*_sync` intrinsic may run here.
    Unknown,
}

/// What the innermost loop allows in its body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LoopRules {
    /// `break` and `continue` may be written.
    pub(crate) jumps: bool,
    /// `return` may be written.
    pub(crate) ret: bool,
}

/// Names for ordinary variables; a number is added when one is taken.
const NAMES: &[&str] = &[
    "a", "b", "d", "e", "g", "h", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "acc",
    "sum", "val", "tmp", "lo", "hi", "bits", "cnt", "fv", "ff", "key", "pos", "mix",
];

/// The generator's state: the text so far, the scopes, the current mask.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    pub(crate) rng: Rng,
    pub(crate) out: String,
    pub(crate) indent: usize,
    pub(crate) scopes: Vec<Vec<Var>>,
    pub(crate) counter: u32,
    pub(crate) mask: Mask,
    /// Control statements around the current statement.
    pub(crate) depth: u32,
    /// Iterations of the loops around the current statement, multiplied.
    pub(crate) trips: u32,
    /// Statements still to write.
    pub(crate) budget: i32,
    pub(crate) printfs: u32,
    /// `return` statements written so far.
    pub(crate) returns: u32,
    /// Rules of the innermost loop; `None` outside loops.
    pub(crate) rules: Option<LoopRules>,
    /// Above zero while generating an operand that not every lane of the
    /// mask evaluates (after `&&`, `||`, in a `?:` branch).
    pub(crate) no_sync: u32,
    /// A variable name that expressions must not read (the one a
    /// declaration is about to shadow).
    pub(crate) hidden: Option<String>,
}

impl Ctx {
    /// A generator at the start of a kernel.
    pub(crate) fn new(seed: u64) -> Ctx {
        let mut rng = Rng(seed ^ 0x5eed_c0de_0000_0000);
        let budget = 12 + rng.below(24) as i32;
        Ctx {
            rng,
            out: String::new(),
            indent: 1,
            scopes: vec![Vec::new()],
            counter: 0,
            mask: Mask::Full("0xffffffffu".into()),
            depth: 0,
            trips: 1,
            budget,
            printfs: 0,
            returns: 0,
            rules: None,
            no_sync: 0,
            hidden: None,
        }
    }

    /// A number in `0..n`.
    pub(crate) fn r(&mut self, n: u64) -> u64 {
        self.rng.below(n)
    }

    /// True with `pct` percent probability.
    pub(crate) fn pct(&mut self, pct: u64) -> bool {
        self.rng.below(100) < pct
    }

    /// A number in `lo..=hi`.
    pub(crate) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.rng.below((hi - lo + 1) as u64) as i64
    }

    /// One of `xs`, chosen uniformly.
    pub(crate) fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.rng.below(xs.len() as u64) as usize]
    }

    /// An index into `ws` chosen with the weights `ws` (not all zero).
    pub(crate) fn weighted(&mut self, ws: &[u32]) -> usize {
        let total: u32 = ws.iter().sum();
        let mut x = self.rng.below(u64::from(total)) as u32;
        for (i, &w) in ws.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        ws.len() - 1
    }

    /// Writes one line at the current indentation.
    pub(crate) fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// The positions `(scope, index)` of the visible variables, innermost
    /// declaration of each name only, without the hidden name.
    pub(crate) fn visible(&self) -> Vec<(usize, usize)> {
        let mut seen: Vec<&str> = Vec::new();
        let mut found = Vec::new();
        for (si, scope) in self.scopes.iter().enumerate().rev() {
            for (vi, v) in scope.iter().enumerate().rev() {
                if seen.contains(&v.name.as_str()) {
                    continue;
                }
                seen.push(&v.name);
                if self.hidden.as_deref() != Some(v.name.as_str()) {
                    found.push((si, vi));
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// The variable at a position from [`Ctx::visible`].
    pub(crate) fn var(&self, at: (usize, usize)) -> &Var {
        &self.scopes[at.0][at.1]
    }

    /// The variable at a position from [`Ctx::visible`], to change.
    pub(crate) fn var_mut(&mut self, at: (usize, usize)) -> &mut Var {
        &mut self.scopes[at.0][at.1]
    }

    /// A visible variable of type `ty` (writable ones only when
    /// `writable`), chosen at random.
    pub(crate) fn pick_var(&mut self, ty: Ty, writable: bool) -> Option<(usize, usize)> {
        let all: Vec<_> = self
            .visible()
            .into_iter()
            .filter(|&at| {
                let v = self.var(at);
                v.ty == ty && (!writable || !v.ro)
            })
            .collect();
        if all.is_empty() {
            return None;
        }
        // Recent variables are chosen a little more often.
        let n = all.len() as u64;
        let i = if self.pct(40) {
            n - 1 - self.r(n.min(3))
        } else {
            self.r(n)
        };
        Some(all[i as usize])
    }

    /// Whether any scope declares `name`.
    fn declared(&self, name: &str) -> bool {
        self.scopes.iter().flatten().any(|v| v.name == name)
    }

    /// A name no scope declares, made from `base`.
    pub(crate) fn fresh(&mut self, base: &str) -> String {
        if !self.declared(base) {
            return base.to_string();
        }
        loop {
            self.counter += 1;
            let name = format!("{base}{}", self.counter);
            if !self.declared(&name) {
                return name;
            }
        }
    }

    /// A fresh name for an ordinary variable.
    pub(crate) fn fresh_var(&mut self) -> String {
        let base = self.pick(NAMES);
        self.fresh(base)
    }

    /// A fresh name with a numbered prefix (`c3`, `m3`), for masks and
    /// conditions.
    pub(crate) fn numbered(&mut self, prefix: &str) -> String {
        loop {
            self.counter += 1;
            let name = format!("{prefix}{}", self.counter);
            if !self.declared(&name) {
                return name;
            }
        }
    }

    /// Declares a variable in the innermost scope with the value range of
    /// `e` (no text is written).
    pub(crate) fn declare(&mut self, name: &str, e: &E, ro: bool) {
        let v = Var {
            name: name.to_string(),
            ty: e.ty,
            lo: e.lo,
            hi: e.hi,
            mag: e.mag,
            ro,
        };
        self.scopes.last_mut().expect("a scope").push(v);
    }

    /// Writes `T name = e;` and declares `name`.
    pub(crate) fn decl_line(&mut self, name: &str, e: &E, ro: bool) {
        let text = format!("{} {name} = {};", e.ty.c(), e.bare());
        self.line(&text);
        self.declare(name, e, ro);
    }

    /// Opens a block: `head {` and a new scope.
    pub(crate) fn open(&mut self, head: &str) {
        let text = if head.is_empty() {
            "{".to_string()
        } else {
            format!("{head} {{")
        };
        self.line(&text);
        self.indent += 1;
        self.scopes.push(Vec::new());
    }

    /// Closes a block with `}` and a tail (`} else {`, `} while (c);`).
    /// A mask held by a variable of the closed scope is no longer known.
    pub(crate) fn close(&mut self, tail: &str) {
        let scope = self.scopes.pop().expect("a scope");
        let gone = match &self.mask {
            Mask::Full(n) | Mask::Part(n) => scope.iter().any(|v| &v.name == n),
            Mask::Unknown => false,
        };
        if gone {
            self.mask = Mask::Unknown;
        }
        self.indent -= 1;
        self.line(&format!("}}{tail}"));
    }

    /// The mask's text, when intrinsics may be written here.
    pub(crate) fn mask_text(&self) -> Option<String> {
        if self.no_sync > 0 {
            return None;
        }
        match &self.mask {
            Mask::Full(s) | Mask::Part(s) => Some(s.clone()),
            Mask::Unknown => None,
        }
    }

    /// Whether all 32 lanes run the current statement.
    pub(crate) fn full(&self) -> bool {
        matches!(self.mask, Mask::Full(_))
    }

    /// The first statements: `lane`, perhaps `__activemask()`, and a few
    /// lane-dependent locals.
    fn prologue(&mut self) {
        let lane = E::uns("threadIdx.x".into(), 0, 31);
        self.decl_line("lane", &lane, true);
        if self.pct(30) {
            let am = self.fresh("am");
            self.line(&format!("unsigned {am} = __activemask();"));
            self.declare(&am, &E::uns(am.clone(), 0, U_MAX), true);
            self.mask = Mask::Full(am);
        } else if self.pct(30) {
            self.mask = Mask::Full("0xffffffff".into());
        }
        let n = 2 + self.r(3);
        for i in 0..n {
            let ty = match i {
                0 => Ty::Int,
                1 => Ty::Uns,
                2 => Ty::Float,
                _ => self.pick(&[Ty::Int, Ty::Uns, Ty::Bool, Ty::Float]),
            };
            let e = self.seed_expr(ty);
            let name = self.fresh_var();
            self.decl_line(&name, &e, false);
        }
    }

    /// The statements of the kernel's outermost block.
    fn top_level(&mut self) {
        while self.budget > 0 {
            self.stmt();
        }
    }

    /// Final `printf` calls so that every kernel prints at least twice.
    fn epilogue(&mut self) {
        while self.printfs < 2 {
            self.printf();
        }
        if self.printfs < 8 && self.pct(60) {
            self.printf();
        }
    }
}
