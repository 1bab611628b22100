//! Statements to instructions, and the warp's divergence.
//!
//! The code of a statement is laid out in source order: an `if`'s body
//! before its `else`, a loop's body before the code after it, and only a
//! loop's back edge branches up. w128 runs the lanes that share the
//! lowest PC, so lanes that branch ahead wait there for the others: the
//! `then` lanes run before the `else` lanes, a loop runs while any lane is
//! still in it, and `continue` (a branch to the end of the body) waits for
//! the lanes still in the body. Each `if` and loop is also a `BSSY`/`BSYNC`
//! region (barriers `B0`.., one per nesting level), which makes the
//! meeting point explicit, as CUDA compilers do; an `if` that a `break`
//! or `continue` leaves gets none (w128 has no instruction to leave a
//! barrier), nor do regions nested deeper than the 16 barriers.

use super::super::ast::{PrintArg, Stmt, StmtKind, StrArg};
use super::code::{Code, PrintValue, Printf, Src, BARRIERS};
use super::expr::pure;

/// Whether `s` holds a `break` or `continue` that leaves it (one not
/// inside a loop of its own).
fn escapes(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Break | StmtKind::Continue => true,
        StmtKind::Block(b) => b.iter().any(escapes),
        StmtKind::If(_, a, b) => escapes(a) || b.as_deref().is_some_and(escapes),
        _ => false,
    }
}

/// Whether control never goes on past `s` (it ends in a jump or `return`).
fn jumps(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Break | StmtKind::Continue | StmtKind::Return => true,
        StmtKind::Block(b) => b.last().is_some_and(jumps),
        _ => false,
    }
}

impl Code {
    /// Lowers one statement.
    pub fn stmt(&mut self, s: &Stmt) {
        self.origin = s.span;
        let m = self.mark();
        match &s.kind {
            StmtKind::Decl(v, Some(e)) => {
                let r = self.var_reg[v.0];
                self.value_into(e, r);
            }
            StmtKind::Decl(_, None) | StmtKind::Empty | StmtKind::SyncWarp(_) => {
                if let StmtKind::SyncWarp(mask) = &s.kind {
                    self.effect_only(mask);
                }
            }
            StmtKind::Expr(e) => self.effect(e),
            StmtKind::Printf(pieces, args) => self.printf(pieces, args),
            StmtKind::Block(b) => b.iter().for_each(|s| self.stmt(s)),
            StmtKind::If(c, a, b) => self.if_else(s, c, a, b.as_deref()),
            StmtKind::While(c, body) => self.looping(s, Some(c), body, None, false),
            StmtKind::DoWhile(body, c) => self.looping(s, Some(c), body, None, true),
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                init.iter().for_each(|s| self.stmt(s));
                self.origin = s.span;
                self.looping(s, cond.as_ref(), body, step.as_ref(), false);
            }
            StmtKind::Break | StmtKind::Continue => {
                let (cont, brk) = self.loops.last().cloned().unwrap_or_default();
                let to = if s.kind == StmtKind::Break { brk } else { cont };
                self.emit(format!("BRA {to}"));
            }
            StmtKind::Return => self.exit(),
            StmtKind::Output(k, e) => self.output(*k, e, s.span),
        }
        self.release(m);
    }

    /// An expression statement: its effects only.
    fn effect(&mut self, e: &super::super::ast::Expr) {
        use super::super::ast::ExprKind;
        if pure(e) {
            return;
        }
        let m = self.mark();
        match &e.kind {
            ExprKind::Step { var, inc, .. } => {
                let r = self.var_reg[var.0];
                let ty = self.var_ty[var.0];
                self.step(r, ty, *inc, false, None, m);
            }
            _ => {
                self.eval(e, None);
            }
        }
    }

    /// A convergence barrier for a region, when one is free.
    fn barrier(&mut self, wanted: bool) -> Option<u8> {
        (wanted && self.barriers < BARRIERS).then(|| {
            self.barriers += 1;
            self.barriers - 1
        })
    }

    /// Closes a region opened with [`Code::barrier`].
    fn close(&mut self, bar: Option<u8>, end: &str) {
        self.place(end);
        if let Some(b) = bar {
            self.emit(format!("BSYNC B{b}"));
            self.barriers -= 1;
        }
    }

    /// `if (c) a else b`.
    fn if_else(&mut self, s: &Stmt, c: &super::super::ast::Expr, a: &Stmt, b: Option<&Stmt>) {
        self.origin = c.span;
        if let (true, Some(v)) = (pure(c), super::super::fold::value(c)) {
            match (v != 0, b) {
                (true, _) => self.stmt(a),
                (false, Some(b)) => self.stmt(b),
                (false, None) => {}
            }
            return;
        }
        let pm = self.mark();
        let p = self.cond(c);
        let bar = self.barrier(!escapes(s));
        let (other, end) = (self.label(), self.label());
        self.origin = c.span;
        if let Some(bar) = bar {
            self.emit(format!("BSSY B{bar}, {end}"));
        }
        let target = if b.is_some() { &other } else { &end };
        self.emit(format!("@{} BRA {target}", p.negated().text()));
        self.release_preds(pm);
        self.stmt(a);
        if let Some(b) = b {
            if !jumps(a) {
                self.origin = b.span;
                self.emit(format!("BRA {end}"));
            }
            self.place(&other);
            self.stmt(b);
        }
        self.origin = s.span;
        self.close(bar, &end);
    }

    /// `while`, `do`…`while` (`test_last`) and `for` (with its `step`).
    fn looping(
        &mut self,
        s: &Stmt,
        cond: Option<&super::super::ast::Expr>,
        body: &Stmt,
        step: Option<&super::super::ast::Expr>,
        test_last: bool,
    ) {
        let bar = self.barrier(true);
        let (top, cont, brk) = (self.label(), self.label(), self.label());
        if let Some(bar) = bar {
            self.emit(format!("BSSY B{bar}, {brk}"));
        }
        self.place(&top);
        if let (Some(c), false) = (cond, test_last) {
            self.origin = c.span;
            let pm = self.mark();
            let p = self.cond(c);
            if p.num != super::code::PT || p.not {
                self.emit(format!("@{} BRA {brk}", p.negated().text()));
            }
            self.release_preds(pm);
        }
        self.loops.push((cont.clone(), brk.clone()));
        self.stmt(body);
        self.loops.pop();
        self.origin = s.span;
        self.place(&cont);
        if let Some(e) = step {
            self.origin = e.span;
            self.effect(e);
        }
        match (cond, test_last) {
            (Some(c), true) => {
                self.origin = c.span;
                let pm = self.mark();
                let p = self.cond(c);
                self.emit(format!("@{} BRA {top}", p.text()));
                self.release_preds(pm);
            }
            _ => self.emit(format!("BRA {top}")),
        }
        self.origin = s.span;
        self.close(bar, &brk);
    }

    /// `printf`: its arguments are computed, then a `NOP` marks the call;
    /// the runner prints, for each lane that runs the `NOP`, the format
    /// filled with the values the registers hold there.
    fn printf(&mut self, pieces: &[super::super::ast::Piece], args: &[PrintArg]) {
        let mut values = Vec::new();
        for a in args {
            values.push(match a {
                PrintArg::Value(e) => {
                    let v = self.value(e);
                    PrintValue::Number(e.ty, v)
                }
                PrintArg::Str(s) => self.print_str(s),
            });
        }
        let index = self.lines.len();
        self.emit_noted("NOP".into(), "printf".into());
        self.prints.push((
            index,
            Printf {
                pieces: pieces.to_vec(),
                args: values,
            },
        ));
    }

    /// A `%s` argument.
    fn print_str(&mut self, s: &StrArg) -> PrintValue {
        match s {
            StrArg::Literal(t) => PrintValue::Str(t.clone()),
            StrArg::Choose(c, a, b) => {
                let v: Src = self.value(c);
                let a = self.print_str(a);
                let b = self.print_str(b);
                PrintValue::Choose(v, Box::new(a), Box::new(b))
            }
        }
    }
}
