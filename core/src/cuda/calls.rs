//! Calls: the warp and bit intrinsics (argument counts and types, the
//! result's type), `__match_all_sync`'s `&pred`, and the statements
//! `printf` (its format against its arguments) and `__syncwarp`, and
//! a puzzle's `__input(k)` and `__output(k, v)` (whose `k` is a constant
//! naming one of the puzzle's registers, whose type it takes).

use super::ast::{Conversion, Expr, ExprKind, Intrinsic, Piece, PrintArg, StmtKind, StrArg, Ty};
use super::check::{convert, Checker, Failed, C};
use super::check_expr::promote;
use super::errors;
use super::fold;
use super::format::{self, FormatError};
use super::io::Io;
use super::syntax::{SExpr, SExprKind};
use crate::diag::Span;
use crate::loc::Loc;

/// What an intrinsic's parameter takes.
#[derive(Clone, Copy, PartialEq)]
enum Param {
    /// A value converted to this type.
    To(Ty),
    /// An `int`, `unsigned` or `float` (a `bool` becomes `int`).
    Value,
    /// An `int` or `unsigned` (a `bool` becomes `int`).
    Integer,
    /// A shuffle's width: an `int`, a power of two up to 32 when constant.
    Width,
}

/// An intrinsic's name, its parameters, whether the last may be left
/// out, and its result: a type, or that of the parameter at an index.
type Sig = (
    &'static str,
    Intrinsic,
    &'static [Param],
    bool,
    Result<Ty, usize>,
);

const U: Param = Param::To(Ty::Unsigned);
const I: Param = Param::To(Ty::Int);
const B: Param = Param::To(Ty::Bool);
const SHFL_IDX: &[Param] = &[U, Param::Value, I, Param::Width];
const SHFL_BY: &[Param] = &[U, Param::Value, U, Param::Width];

/// The calls that are statements or have a place of their own (not in
/// [`INTRINSICS`]).
pub(crate) const OTHER_CALLS: &[&str] = &[
    "printf",
    "__syncwarp",
    "__input",
    "__output",
    "__match_all_sync",
];

/// Whether `name` names something the kernel can call.
pub(crate) fn is_callable(name: &str) -> bool {
    OTHER_CALLS.contains(&name) || INTRINSICS.iter().any(|s| s.0 == name)
}

/// The intrinsics that give a value.
const INTRINSICS: &[Sig] = &[
    ("__shfl_sync", Intrinsic::Shfl, SHFL_IDX, true, Err(1)),
    ("__shfl_up_sync", Intrinsic::ShflUp, SHFL_BY, true, Err(1)),
    (
        "__shfl_down_sync",
        Intrinsic::ShflDown,
        SHFL_BY,
        true,
        Err(1),
    ),
    (
        "__shfl_xor_sync",
        Intrinsic::ShflXor,
        SHFL_IDX,
        true,
        Err(1),
    ),
    (
        "__ballot_sync",
        Intrinsic::Ballot,
        &[U, B],
        false,
        Ok(Ty::Unsigned),
    ),
    ("__any_sync", Intrinsic::Any, &[U, B], false, Ok(Ty::Int)),
    ("__all_sync", Intrinsic::All, &[U, B], false, Ok(Ty::Int)),
    ("__uni_sync", Intrinsic::Uni, &[U, B], false, Ok(Ty::Int)),
    (
        "__activemask",
        Intrinsic::ActiveMask,
        &[],
        false,
        Ok(Ty::Unsigned),
    ),
    (
        "__match_any_sync",
        Intrinsic::MatchAny,
        &[U, Param::Value],
        false,
        Ok(Ty::Unsigned),
    ),
    (
        "__reduce_add_sync",
        Intrinsic::ReduceAdd,
        &[U, Param::Integer],
        false,
        Err(1),
    ),
    (
        "__reduce_min_sync",
        Intrinsic::ReduceMin,
        &[U, Param::Integer],
        false,
        Err(1),
    ),
    (
        "__reduce_max_sync",
        Intrinsic::ReduceMax,
        &[U, Param::Integer],
        false,
        Err(1),
    ),
    (
        "__reduce_and_sync",
        Intrinsic::ReduceAnd,
        &[U, Param::Integer],
        false,
        Ok(Ty::Unsigned),
    ),
    (
        "__reduce_or_sync",
        Intrinsic::ReduceOr,
        &[U, Param::Integer],
        false,
        Ok(Ty::Unsigned),
    ),
    (
        "__reduce_xor_sync",
        Intrinsic::ReduceXor,
        &[U, Param::Integer],
        false,
        Ok(Ty::Unsigned),
    ),
    ("__popc", Intrinsic::Popc, &[U], false, Ok(Ty::Int)),
    ("__ffs", Intrinsic::Ffs, &[I], false, Ok(Ty::Int)),
    ("__brev", Intrinsic::Brev, &[U], false, Ok(Ty::Unsigned)),
    ("__clz", Intrinsic::Clz, &[I], false, Ok(Ty::Int)),
];

impl Checker {
    /// A call used for its value.
    pub(crate) fn call(
        &mut self,
        name: &str,
        name_span: Span,
        args: Vec<SExpr>,
        span: Span,
    ) -> C<Expr> {
        if name == "printf" || name == "__syncwarp" || name == "__output" {
            return self.fail(errors::no_value(span, name));
        }
        if name == "__input" {
            return self.input(args, span);
        }
        if name == "__match_all_sync" {
            return self.match_all(args, span);
        }
        let Some(&(_, which, params, optional, result)) = INTRINSICS.iter().find(|s| s.0 == name)
        else {
            if name == self.kernel {
                return self.fail(errors::recursion(name_span, name));
            }
            return self.fail(errors::unknown_function(name_span, name));
        };
        let fits = args.len() == params.len() || (optional && args.len() + 1 == params.len());
        if !fits {
            let d = errors::arg_count(span, name, params.len(), optional, args.len());
            return self.fail(d);
        }
        let mut out = Vec::new();
        let mut failed = false;
        for (a, p) in args.into_iter().zip(params) {
            match self.argument(name, a, *p) {
                Ok(e) => out.push(e),
                Err(Failed) => failed = true,
            }
        }
        if failed {
            return Err(Failed);
        }
        if params.last() == Some(&Param::Width) && out.len() < params.len() {
            out.push(Expr {
                span,
                ty: Ty::Int,
                kind: ExprKind::Const(32),
            });
        }
        let ty = result.unwrap_or_else(|i| out.get(i).map_or(Ty::Int, |e| e.ty));
        Ok(Expr {
            span,
            ty,
            kind: ExprKind::Intrinsic(which, out),
        })
    }

    /// One argument, converted as its parameter asks.
    fn argument(&mut self, name: &str, a: SExpr, p: Param) -> C<Expr> {
        let e = self.expr(a)?;
        match p {
            Param::To(t) => Ok(convert(e, t)),
            Param::Width => {
                let e = convert(e, Ty::Int);
                match fold::integer(&e) {
                    Some(w) if !(1..=32).contains(&w) || !(w as u32).is_power_of_two() => {
                        self.fail(errors::bad_width(e.span, w))
                    }
                    _ => Ok(e),
                }
            }
            Param::Value | Param::Integer => {
                let e = promote(e);
                if p == Param::Integer && e.ty == Ty::Float {
                    let d = errors::arg_type(e.span, name, errors::an_integer(), Ty::Float);
                    return self.fail(d);
                }
                Ok(e)
            }
        }
    }

    /// `__input(k)`: the puzzle's `k`-th input, `unsigned` or `bool`.
    fn input(&mut self, args: Vec<SExpr>, span: Span) -> C<Expr> {
        let [k]: [SExpr; 1] = match args.try_into() {
            Ok(a) => a,
            Err(a) => return self.fail(errors::arg_count(span, "__input", 1, false, a.len())),
        };
        let (k, reg) = self.io_number("__input", k, span, true)?;
        Ok(Expr {
            span,
            ty: Io::ty(reg),
            kind: ExprKind::Input(k),
        })
    }

    /// `__output(k, v)`: `v` converted to the `k`-th output's type.
    fn output(&mut self, args: &[SExpr], span: Span) -> C<StmtKind> {
        let [k, v] = args else {
            return self.fail(errors::arg_count(span, "__output", 2, false, args.len()));
        };
        let number = self.io_number("__output", k.clone(), span, false);
        let v = self.expr(v.clone());
        let ((k, reg), v) = (number?, v?);
        Ok(StmtKind::Output(k, convert(v, Io::ty(reg))))
    }

    /// The constant number `k` of an input (`input`) or an output, in
    /// range, and its register.
    fn io_number(&mut self, name: &str, k: SExpr, span: Span, input: bool) -> C<(usize, Loc)> {
        let Some(io) = &self.io else {
            return self.fail(errors::no_puzzle(span, name));
        };
        let regs = if input { &io.inputs } else { &io.outputs }.clone();
        let count = regs.len();
        let e = self.expr(k)?;
        let Some(n) = fold::integer(&e).filter(|_| e.ty.is_integer()) else {
            return self.fail(errors::io_not_constant(e.span, name));
        };
        match usize::try_from(n)
            .ok()
            .and_then(|i| Some((i, *regs.get(i)?)))
        {
            Some(found) => Ok(found),
            None => self.fail(errors::io_range(e.span, name, n, count)),
        }
    }

    /// `__match_all_sync(mask, v, &pred)`.
    fn match_all(&mut self, args: Vec<SExpr>, span: Span) -> C<Expr> {
        let [mask, value, pred]: [SExpr; 3] = match args.try_into() {
            Ok(a) => a,
            Err(a) => {
                let d = errors::arg_count(span, "__match_all_sync", 3, false, a.len());
                return self.fail(d);
            }
        };
        let mask = self.expr(mask).map(|m| convert(m, Ty::Unsigned));
        let value = self.expr(value).map(promote);
        let pred = self.pred_var(&pred);
        let (mask, value, pred) = (mask?, value?, pred?);
        let kind = ExprKind::MatchAll {
            mask: Box::new(mask),
            value: Box::new(value),
            pred,
        };
        Ok(Expr {
            span,
            ty: Ty::Unsigned,
            kind,
        })
    }

    /// The `int` variable of `&pred`.
    fn pred_var(&mut self, e: &SExpr) -> C<super::ast::VarId> {
        if let SExprKind::AddrOf(x) = &e.kind {
            if let SExprKind::Name(n) = &x.kind {
                match self.lookup(n) {
                    Some(id) if self.var_ty(id) == Ty::Int => return Ok(id),
                    Some(_) => {}
                    None => return self.fail(errors::not_declared(x.span, n)),
                }
            }
        }
        self.fail(errors::match_all_pred(e.span))
    }

    /// `printf(…)` or `__syncwarp(…)` as a statement.
    pub(crate) fn statement_call(
        &mut self,
        name: &str,
        name_span: Span,
        args: &[SExpr],
        span: Span,
    ) -> C<StmtKind> {
        if name == "printf" {
            return self.printf(args, span);
        }
        if name == "__output" {
            return self.output(args, span);
        }
        let mask = match args {
            [] => Expr {
                span: name_span,
                ty: Ty::Unsigned,
                kind: ExprKind::Const(u32::MAX),
            },
            [m] => convert(self.expr(m.clone())?, Ty::Unsigned),
            _ => return self.fail(errors::arg_count(span, name, 1, true, args.len())),
        };
        Ok(StmtKind::SyncWarp(mask))
    }

    /// `printf(format, args…)`: each directive has an argument it prints.
    fn printf(&mut self, args: &[SExpr], span: Span) -> C<StmtKind> {
        let Some(SExpr {
            kind: SExprKind::Str(fmt),
            span: fmt_span,
            ..
        }) = args.first()
        else {
            let at = args.first().map_or(span, |a| a.span);
            return self.fail(errors::format_not_literal(at));
        };
        let (pieces, letters) = match format::parse(fmt) {
            Ok(f) => f,
            Err(FormatError::Cut) => return self.fail(errors::format_cut(*fmt_span)),
            Err(FormatError::TooWide) => return self.fail(errors::format_too_wide(*fmt_span)),
            Err(FormatError::Unknown(c)) => {
                return self.fail(errors::unknown_directive(*fmt_span, c))
            }
        };
        let convs = pieces.iter().filter_map(|p| match p {
            Piece::Directive { conv, .. } => Some(*conv),
            Piece::Text(_) => None,
        });
        let rest = &args[1..];
        if let Some(extra) = rest.get(letters.len()) {
            return self.fail(errors::extra_arg(extra.span));
        }
        let mut out = Vec::new();
        let mut failed = false;
        for (k, conv) in convs.enumerate() {
            let directive = format!("%{}", letters.get(k).copied().unwrap_or('?'));
            let Some(a) = rest.get(k) else {
                return self.fail(errors::missing_arg(*fmt_span, &directive));
            };
            match self.print_arg(a, conv, &directive) {
                Ok(p) => out.push(p),
                Err(Failed) => failed = true,
            }
        }
        if failed {
            return Err(Failed);
        }
        Ok(StmtKind::Printf(pieces, out))
    }

    /// One argument of `printf` for a directive.
    fn print_arg(&mut self, a: &SExpr, conv: Conversion, directive: &str) -> C<PrintArg> {
        if conv == Conversion::Str {
            return match self.string_arg(a) {
                Some(s) => Ok(PrintArg::Str(s?)),
                None => {
                    let e = self.expr(a.clone())?;
                    self.fail(errors::directive_type(
                        a.span,
                        directive,
                        errors::noun(e.ty),
                    ))
                }
            };
        }
        if self.string_arg_shape(a) {
            return self.fail(errors::directive_type(
                a.span,
                directive,
                errors::a_string(),
            ));
        }
        let e = promote(self.expr(a.clone())?);
        let float = matches!(conv, Conversion::Fixed(_) | Conversion::Exp(_));
        if float != (e.ty == Ty::Float) {
            return self.fail(errors::directive_type(
                a.span,
                directive,
                errors::noun(e.ty),
            ));
        }
        Ok(PrintArg::Value(e))
    }

    /// Whether `a` is a string or a `?:` between strings.
    fn string_arg_shape(&self, a: &SExpr) -> bool {
        match &a.kind {
            SExprKind::Str(_) => true,
            SExprKind::Cond(_, x, y) => self.string_arg_shape(x) && self.string_arg_shape(y),
            _ => false,
        }
    }

    /// `a` as a `%s` argument, or `None` when it is not one.
    fn string_arg(&mut self, a: &SExpr) -> Option<C<StrArg>> {
        if !self.string_arg_shape(a) {
            return None;
        }
        Some(self.string_arg_of(a))
    }

    fn string_arg_of(&mut self, a: &SExpr) -> C<StrArg> {
        match &a.kind {
            SExprKind::Cond(c, x, y) => {
                let c = self.value_as((**c).clone(), Ty::Bool)?;
                let (x, y) = (self.string_arg_of(x)?, self.string_arg_of(y)?);
                Ok(StrArg::Choose(Box::new(c), Box::new(x), Box::new(y)))
            }
            SExprKind::Str(s) => Ok(StrArg::Literal(s.clone())),
            _ => self.fail(errors::stray_string(a.span)),
        }
    }
}
