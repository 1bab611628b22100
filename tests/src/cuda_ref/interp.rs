//! Runs a kernel as one warp: every statement and expression over the set
//! of lanes running it (a 32-bit mask), the lanes dividing at a condition
//! that differs between them and meeting again after the statement.

use super::ast::{Expr, ExprKind, Kernel, Pos, Stmt, StmtKind, Ty};
use super::value::{self, Lanes};
use super::{Error, Kind, Print};

/// Statements and loop turns one run may take before it is stopped.
pub const STEP_LIMIT: u64 = 2_000_000;

/// A variable: its type, its value in each lane, and the lanes that have
/// assigned it.
struct Var {
    name: String,
    ty: Ty,
    v: [u32; 32],
    set: u32,
}

/// The lanes that left the innermost loop by `break`, and those waiting
/// at the end of its turn after `continue`.
#[derive(Default)]
struct Loop {
    broke: u32,
    continued: u32,
}

/// The warp's state while the kernel runs.
pub struct Machine {
    scopes: Vec<Vec<Var>>,
    loops: Vec<Loop>,
    steps: u64,
    pub out: Vec<Print>,
}

pub type R<T> = Result<T, Error>;

/// An error at `pos`.
pub fn at(pos: Pos, kind: Kind, msg: impl Into<String>) -> Error {
    Error {
        line: pos.line,
        col: pos.col,
        kind,
        msg: msg.into(),
    }
}

/// Each lane of `m`, lowest first.
pub fn lanes(m: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |l| m >> l & 1 == 1)
}

impl Machine {
    /// Runs `k` with all 32 lanes and returns what they printed.
    pub fn run(k: &Kernel) -> R<Vec<Print>> {
        let mut m = Machine {
            scopes: vec![],
            loops: vec![],
            steps: 0,
            out: vec![],
        };
        m.block(&k.body, u32::MAX)?;
        Ok(m.out)
    }

    fn tick(&mut self, pos: Pos) -> R<()> {
        self.steps += 1;
        if self.steps > STEP_LIMIT {
            return Err(at(
                pos,
                Kind::Limit,
                format!("the kernel ran more than {STEP_LIMIT} steps"),
            ));
        }
        Ok(())
    }

    /// Runs statements in a scope of their own; returns the lanes that
    /// reach the end.
    fn block(&mut self, body: &[Stmt], mut m: u32) -> R<u32> {
        self.scopes.push(Vec::new());
        for s in body {
            if m == 0 {
                break;
            }
            m = self.stmt(s, m)?;
        }
        self.scopes.pop();
        Ok(m)
    }

    /// Runs `s` with the lanes `m`; returns the lanes that go on after it.
    fn stmt(&mut self, s: &Stmt, m: u32) -> R<u32> {
        self.tick(s.pos)?;
        match &s.kind {
            StmtKind::Empty => Ok(m),
            StmtKind::Expr(e) => self.eval(e, m).map(|_| m),
            StmtKind::Block(b) => self.block(b, m),
            StmtKind::Decl(ty, names) => {
                for (name, init) in names {
                    let mut var = Var {
                        name: name.clone(),
                        ty: *ty,
                        v: [0; 32],
                        set: 0,
                    };
                    if let Some(e) = init {
                        let x = self.eval(e, m)?;
                        var.v = self.converted(&x, *ty, m, e.pos)?;
                        var.set = m;
                    }
                    self.scopes.last_mut().expect("a scope").push(var);
                }
                Ok(m)
            }
            StmtKind::If(c, then, other) => {
                let t = self.truth(c, m)?;
                let a = if t != 0 { self.scoped(then, t)? } else { 0 };
                let b = match other {
                    Some(o) if m & !t != 0 => self.scoped(o, m & !t)?,
                    Some(_) => 0,
                    None => m & !t,
                };
                Ok(a | b)
            }
            StmtKind::While(c, body) => self.looped(Some(c), None, body, m, false),
            StmtKind::DoWhile(body, c) => self.looped(Some(c), None, body, m, true),
            StmtKind::For(init, c, step, body) => {
                self.scopes.push(Vec::new());
                let m2 = match init {
                    Some(i) => self.stmt(i, m)?,
                    None => m,
                };
                let r = self.looped(c.as_ref(), step.as_ref(), body, m2, false);
                self.scopes.pop();
                r
            }
            StmtKind::Break | StmtKind::Continue => {
                let Some(l) = self.loops.last_mut() else {
                    return Err(at(
                        s.pos,
                        Kind::Syntax,
                        "`break` or `continue` outside a loop",
                    ));
                };
                if matches!(s.kind, StmtKind::Break) {
                    l.broke |= m;
                } else {
                    l.continued |= m;
                }
                Ok(0)
            }
            StmtKind::Return => Ok(0),
        }
    }

    /// A statement that is the body of `if`, `else` or a loop has a scope
    /// of its own even when it is not a block.
    fn scoped(&mut self, s: &Stmt, m: u32) -> R<u32> {
        self.scopes.push(Vec::new());
        let r = self.stmt(s, m);
        self.scopes.pop();
        r
    }

    /// A loop: `cond` tested before each turn (after the first for `do`),
    /// `step` after each; returns the lanes that leave it normally or by
    /// `break`.
    fn looped(
        &mut self,
        cond: Option<&Expr>,
        step: Option<&Expr>,
        body: &Stmt,
        m: u32,
        body_first: bool,
    ) -> R<u32> {
        self.loops.push(Loop::default());
        let mut live = m;
        let mut left = 0;
        let mut first = true;
        while live != 0 {
            if !(first && body_first) {
                if let Some(c) = cond {
                    let t = self.truth(c, live)?;
                    left |= live & !t;
                    live = t;
                    if live == 0 {
                        break;
                    }
                }
            }
            first = false;
            self.tick(body.pos)?;
            let after = self.scoped(body, live)?;
            let l = self.loops.last_mut().expect("the loop");
            live = after | l.continued;
            l.continued = 0;
            if let Some(s) = step {
                if live != 0 {
                    self.eval(s, live)?;
                }
            }
        }
        let l = self.loops.pop().expect("the loop");
        Ok(left | l.broke)
    }

    /// The lanes of `m` for which `c` is true.
    pub fn truth(&mut self, c: &Expr, m: u32) -> R<u32> {
        let x = self.eval(c, m)?;
        Ok(lanes(m)
            .filter(|&l| value::truthy(x.ty, x.v[l]))
            .fold(0, |a, l| a | 1 << l))
    }

    /// `x` converted to `to` in the lanes `m`.
    pub fn converted(&self, x: &Lanes, to: Ty, m: u32, pos: Pos) -> R<[u32; 32]> {
        let mut out = x.v;
        for l in lanes(m) {
            out[l] = value::convert(x.v[l], x.ty, to)
                .map_err(|e| at(pos, Kind::Undefined, format!("lane {l}: {e}")))?;
        }
        Ok(out)
    }

    fn find(&self, name: &str) -> Option<&Var> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|v| v.name == name)
    }
    fn find_mut(&mut self, name: &str) -> Option<&mut Var> {
        self.scopes
            .iter_mut()
            .rev()
            .flat_map(|s| s.iter_mut().rev())
            .find(|v| v.name == name)
    }

    /// The value of variable `name` in the lanes `m`.
    pub fn read(&self, name: &str, m: u32, pos: Pos) -> R<Lanes> {
        let Some(v) = self.find(name) else {
            if name == "warpSize" {
                return Ok(Lanes::splat(Ty::Int, 32));
            }
            return Err(at(
                pos,
                Kind::Unsupported,
                format!("`{name}` is not declared"),
            ));
        };
        if let Some(l) = lanes(m & !v.set).next() {
            return Err(at(
                pos,
                Kind::Undefined,
                format!("lane {l} reads `{name}` before it is assigned"),
            ));
        }
        Ok(Lanes { ty: v.ty, v: v.v })
    }

    /// Stores `x` (already of the variable's type) into `name` in the lanes `m`.
    pub fn write(&mut self, name: &str, x: &[u32; 32], m: u32, pos: Pos) -> R<()> {
        let Some(v) = self.find_mut(name) else {
            return Err(at(
                pos,
                Kind::Unsupported,
                format!("`{name}` is not declared"),
            ));
        };
        for l in lanes(m) {
            v.v[l] = x[l];
        }
        v.set |= m;
        Ok(())
    }

    /// The type of variable `name`.
    pub fn type_of(&self, name: &str, pos: Pos) -> R<Ty> {
        self.find(name)
            .map(|v| v.ty)
            .ok_or_else(|| at(pos, Kind::Unsupported, format!("`{name}` is not declared")))
    }

    /// Evaluates `e` in the lanes `m`. With no lanes it only finds the
    /// type: every effect and every check is per running lane.
    pub fn eval(&mut self, e: &Expr, m: u32) -> R<Lanes> {
        let pos = e.pos;
        let undefined =
            |l: usize, msg: String| at(pos, Kind::Undefined, format!("lane {l}: {msg}"));
        Ok(match &e.kind {
            ExprKind::Lit(t, bits) => Lanes::splat(*t, *bits),
            ExprKind::Str(_) => {
                return Err(at(pos, Kind::Unsupported, "a string outside `printf`"))
            }
            ExprKind::Var(n) => self.read(n, m, pos)?,
            ExprKind::Builtin(base, field) => builtin(base, field, pos)?,
            ExprKind::Unary(op, x) => {
                let x = self.eval(x, m)?;
                let t = if *op == "!" {
                    Ty::Bool
                } else {
                    value::promote(x.ty)
                };
                let mut out = Lanes::splat(t, 0);
                for l in lanes(m) {
                    let v = value::convert(x.v[l], x.ty, value::promote(x.ty))
                        .map_err(|e| undefined(l, e))?;
                    out.v[l] =
                        value::unary(op, value::promote(x.ty), v).map_err(|e| undefined(l, e))?;
                }
                if *op == "~" && x.ty == Ty::Float {
                    return Err(at(pos, Kind::Unsupported, "`~` of a `float`"));
                }
                out
            }
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.eval(a, m)?, self.eval(b, m)?);
                binary(op, &a, &b, m, pos)?
            }
            ExprKind::Logic(op, a, b) => {
                let t = self.truth(a, m)?;
                let rest = if *op == "&&" { t } else { m & !t };
                let u = self.truth(b, rest)?;
                let r = if *op == "&&" { u } else { t | u };
                let mut out = Lanes::splat(Ty::Bool, 0);
                for l in lanes(r) {
                    out.v[l] = 1;
                }
                out
            }
            ExprKind::Cond(c, a, b) => {
                let t = self.truth(c, m)?;
                let (x, y) = (self.eval(a, t)?, self.eval(b, m & !t)?);
                let ty = if x.ty == y.ty {
                    x.ty
                } else {
                    value::common(x.ty, y.ty)
                };
                let (xv, yv) = (
                    self.converted(&x, ty, t, pos)?,
                    self.converted(&y, ty, m & !t, pos)?,
                );
                let mut out = Lanes { ty, v: yv };
                for l in lanes(t) {
                    out.v[l] = xv[l];
                }
                out
            }
            ExprKind::Cast(t, x) => {
                let x = self.eval(x, m)?;
                Lanes {
                    ty: *t,
                    v: self.converted(&x, *t, m, pos)?,
                }
            }
            ExprKind::Assign(op, name, rhs) => {
                let r = self.eval(rhs, m)?;
                self.assign(*op, name, &r, m, pos)?
            }
            ExprKind::Step(op, pre, name) => {
                let old = self.read(name, m, pos)?;
                if old.ty == Ty::Bool {
                    return Err(at(pos, Kind::Unsupported, "`++` and `--` of a `bool`"));
                }
                let new = self.assign(Some(op), name, &Lanes::splat(Ty::Int, 1), m, pos)?;
                if *pre {
                    new
                } else {
                    old
                }
            }
            ExprKind::AddrOf(_) => {
                return Err(at(
                    pos,
                    Kind::Unsupported,
                    "`&` other than as `__match_all_sync`'s third argument",
                ))
            }
            ExprKind::Call(name, args) => self.call(name, args, m, pos)?,
        })
    }

    /// `name op= r` (or `name = r`) in the lanes `m`; the new value.
    fn assign(&mut self, op: Option<&str>, name: &str, r: &Lanes, m: u32, pos: Pos) -> R<Lanes> {
        let ty = self.type_of(name, pos)?;
        let value = match op {
            None => r.v,
            Some(op) => {
                let cur = self.read(name, m, pos)?;
                let x = binary(op, &cur, r, m, pos)?;
                self.converted(&x, ty, m, pos)?
            }
        };
        let value = if op.is_none() {
            self.converted(&Lanes { ty: r.ty, v: value }, ty, m, pos)?
        } else {
            value
        };
        self.write(name, &value, m, pos)?;
        Ok(Lanes { ty, v: value })
    }
}

/// `threadIdx.x` and its kin, for one warp of one block.
fn builtin(base: &str, field: &str, pos: Pos) -> R<Lanes> {
    let (x, other) = match base {
        "threadIdx" => (None, 0),
        "blockDim" => (Some(32), 1),
        "blockIdx" => (Some(0), 0),
        _ => (Some(1), 1),
    };
    Ok(match (field, x) {
        ("x", None) => Lanes {
            ty: Ty::Uint,
            v: std::array::from_fn(|l| l as u32),
        },
        ("x", Some(v)) => Lanes::splat(Ty::Uint, v),
        ("y" | "z", _) => Lanes::splat(Ty::Uint, other),
        _ => return Err(at(pos, Kind::Syntax, format!("`{base}` has no `{field}`"))),
    })
}

/// A binary operator (not `&&`/`||`) over the lanes `m`.
pub fn binary(op: &str, a: &Lanes, b: &Lanes, m: u32, pos: Pos) -> R<Lanes> {
    let undefined = |l: usize, msg: String| at(pos, Kind::Undefined, format!("lane {l}: {msg}"));
    let float = a.ty == Ty::Float || b.ty == Ty::Float;
    let shift = op == "<<" || op == ">>";
    if float && (shift || matches!(op, "%" | "&" | "|" | "^")) {
        return Err(at(pos, Kind::Unsupported, format!("`{op}` of a `float`")));
    }
    let compare = matches!(op, "==" | "!=" | "<" | "<=" | ">" | ">=");
    let t = if shift {
        value::promote(a.ty)
    } else {
        value::common(a.ty, b.ty)
    };
    let mut out = Lanes::splat(if compare { Ty::Bool } else { t }, 0);
    for l in lanes(m) {
        let x = value::convert(a.v[l], a.ty, t).map_err(|e| undefined(l, e))?;
        out.v[l] = if shift {
            let bt = value::promote(b.ty);
            value::shift(op, t, x, bt, b.v[l]).map_err(|e| undefined(l, e))?
        } else {
            let y = value::convert(b.v[l], b.ty, t).map_err(|e| undefined(l, e))?;
            if compare {
                u32::from(value::compare(op, t, x, y))
            } else {
                value::arith(op, t, x, y).map_err(|e| undefined(l, e))?
            }
        };
    }
    Ok(out)
}
