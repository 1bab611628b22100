//! Calls: the warp intrinsics, the bit intrinsics and `printf`.

use super::ast::{Expr, ExprKind, Pos, Ty};
use super::interp::{at, lanes, Machine, R};
use super::value::{self, Lanes};
use super::{printf, Kind, Print};

/// The shuffles' kinds.
#[derive(Clone, Copy, PartialEq)]
enum Shfl {
    Idx,
    Up,
    Down,
    Xor,
}

fn arity(name: &str, args: &[Expr], lo: usize, hi: usize, pos: Pos) -> R<()> {
    if args.len() < lo || args.len() > hi {
        let want = if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo} or {hi}")
        };
        return Err(at(
            pos,
            Kind::Unsupported,
            format!("`{name}` takes {want} arguments, not {}", args.len()),
        ));
    }
    Ok(())
}

fn bits_of(m: u32, f: impl Fn(usize) -> bool) -> u32 {
    lanes(m).filter(|&l| f(l)).fold(0, |a, l| a | 1 << l)
}

impl Machine {
    /// Calls `name` in the lanes `m`.
    pub fn call(&mut self, name: &str, args: &[Expr], m: u32, pos: Pos) -> R<Lanes> {
        match name {
            "printf" => return self.printf(args, m, pos),
            "__activemask" => {
                arity(name, args, 0, 0, pos)?;
                return Ok(Lanes::splat(Ty::Uint, m));
            }
            "__syncwarp" => {
                arity(name, args, 0, 1, pos)?;
                if let Some(a) = args.first() {
                    self.mask(a, m, pos)?;
                } else if m != 0 && m != u32::MAX {
                    return Err(at(
                        pos,
                        Kind::Undefined,
                        format!("`__syncwarp()` names all lanes; {m:#010x} run it"),
                    ));
                }
                return Ok(Lanes::splat(Ty::Int, 0));
            }
            "__popc" | "__ffs" | "__brev" | "__clz" => return self.bit_op(name, args, m, pos),
            _ => {}
        }
        let shfl = match name {
            "__shfl_sync" => Some(Shfl::Idx),
            "__shfl_up_sync" => Some(Shfl::Up),
            "__shfl_down_sync" => Some(Shfl::Down),
            "__shfl_xor_sync" => Some(Shfl::Xor),
            _ => None,
        };
        if let Some(kind) = shfl {
            arity(name, args, 3, 4, pos)?;
            return self.shuffle(kind, args, m, pos);
        }
        let known = [
            "__ballot_sync",
            "__any_sync",
            "__all_sync",
            "__uni_sync",
            "__match_any_sync",
            "__match_all_sync",
            "__reduce_add_sync",
            "__reduce_min_sync",
            "__reduce_max_sync",
            "__reduce_and_sync",
            "__reduce_or_sync",
            "__reduce_xor_sync",
        ];
        if !known.contains(&name) {
            return Err(at(
                pos,
                Kind::Unsupported,
                format!("`{name}` is not a function of the CUDA subset"),
            ));
        }
        arity(
            name,
            args,
            if name == "__match_all_sync" { 3 } else { 2 },
            if name == "__match_all_sync" { 3 } else { 2 },
            pos,
        )?;
        self.mask(&args[0], m, pos)?;
        let v = self.eval(&args[1], m)?;
        if name.starts_with("__match") {
            return self.matched(name, &v, args.get(2), m, pos);
        }
        if name.starts_with("__reduce") {
            return reduce(&name[9..12], &v, m, pos);
        }
        let ballot = bits_of(m, |l| value::truthy(v.ty, v.v[l]));
        Ok(match name {
            "__ballot_sync" => Lanes::splat(Ty::Uint, ballot),
            "__any_sync" => Lanes::splat(Ty::Int, u32::from(ballot != 0)),
            "__all_sync" => Lanes::splat(Ty::Int, u32::from(ballot == m)),
            _ => Lanes::splat(Ty::Int, u32::from(ballot == m || ballot == 0)),
        })
    }

    /// Checks that the mask argument is exactly the running lanes.
    fn mask(&mut self, a: &Expr, m: u32, pos: Pos) -> R<()> {
        let x = self.eval(a, m)?;
        let v = self.converted(&x, Ty::Uint, m, pos)?;
        if let Some(l) = lanes(m).find(|&l| v[l] != m) {
            return Err(at(
                pos,
                Kind::Undefined,
                format!(
                    "lane {l} gives the mask {:#010x} but the lanes {m:#010x} run the call",
                    v[l]
                ),
            ));
        }
        Ok(())
    }

    fn shuffle(&mut self, kind: Shfl, args: &[Expr], m: u32, pos: Pos) -> R<Lanes> {
        self.mask(&args[0], m, pos)?;
        let v = self.eval(&args[1], m)?;
        let ty = value::promote(v.ty);
        let by = self.eval(&args[2], m)?;
        let width = match args.get(3) {
            Some(w) => self.eval(w, m)?,
            None => Lanes::splat(Ty::Int, 32),
        };
        let mut out = Lanes::splat(ty, 0);
        for l in lanes(m) {
            let w = width.v[l];
            if !(1..=32).contains(&w) || !w.is_power_of_two() {
                return Err(at(
                    pos,
                    Kind::Undefined,
                    format!(
                        "lane {l}: width {} is not a power of two up to 32",
                        w as i32
                    ),
                ));
            }
            let b = (by.v[l] & 31) as i64;
            let lane = l as i64;
            let start = lane & !(i64::from(w) - 1);
            let end = start + i64::from(w) - 1;
            let (j, ok) = match kind {
                Shfl::Idx => (start + (b & (i64::from(w) - 1)), true),
                Shfl::Up => (lane - b, lane - b >= start),
                Shfl::Down => (lane + b, lane + b <= end),
                Shfl::Xor => (lane ^ b, (lane ^ b) <= end),
            };
            out.v[l] = if !ok {
                v.v[l]
            } else if m >> j & 1 == 1 {
                v.v[j as usize]
            } else {
                return Err(at(
                    pos,
                    Kind::Undefined,
                    format!("lane {l} reads lane {j}, which is not running the call"),
                ));
            };
        }
        Ok(out)
    }

    fn matched(
        &mut self,
        name: &str,
        v: &Lanes,
        pred: Option<&Expr>,
        m: u32,
        pos: Pos,
    ) -> R<Lanes> {
        if v.ty == Ty::Bool {
            return Err(at(pos, Kind::Unsupported, format!("`{name}` of a `bool`")));
        }
        let Some(p) = pred else {
            let mut out = Lanes::splat(Ty::Uint, 0);
            for l in lanes(m) {
                out.v[l] = bits_of(m, |k| v.v[k] == v.v[l]);
            }
            return Ok(out);
        };
        let ExprKind::AddrOf(var) = &p.kind else {
            return Err(at(
                p.pos,
                Kind::Unsupported,
                "`__match_all_sync`'s third argument is `&` and an `int` variable",
            ));
        };
        if self.type_of(var, p.pos)? != Ty::Int {
            return Err(at(
                p.pos,
                Kind::Unsupported,
                format!("`{var}` must be an `int`"),
            ));
        }
        let first = lanes(m).next().map_or(0, |l| v.v[l]);
        let all = lanes(m).all(|l| v.v[l] == first);
        self.write(var, &[u32::from(all); 32], m, p.pos)?;
        Ok(Lanes::splat(Ty::Uint, if all { m } else { 0 }))
    }

    fn bit_op(&mut self, name: &str, args: &[Expr], m: u32, pos: Pos) -> R<Lanes> {
        arity(name, args, 1, 1, pos)?;
        let x = self.eval(&args[0], m)?;
        let arg_ty = if name == "__popc" || name == "__brev" {
            Ty::Uint
        } else {
            Ty::Int
        };
        let v = self.converted(&x, arg_ty, m, pos)?;
        let mut out = Lanes::splat(if name == "__brev" { Ty::Uint } else { Ty::Int }, 0);
        for l in lanes(m) {
            let x = v[l];
            out.v[l] = match name {
                "__popc" => x.count_ones(),
                "__ffs" if x == 0 => 0,
                "__ffs" => x.trailing_zeros() + 1,
                "__brev" => x.reverse_bits(),
                _ => x.leading_zeros(),
            };
        }
        Ok(out)
    }

    fn printf(&mut self, args: &[Expr], m: u32, pos: Pos) -> R<Lanes> {
        let Some(ExprKind::Str(fmt)) = args.first().map(|a| &a.kind) else {
            return Err(at(
                pos,
                Kind::Unsupported,
                "`printf`'s first argument is a string literal",
            ));
        };
        let mut vals = Vec::new();
        for a in &args[1..] {
            vals.push(match self.strings(a, m)? {
                Some(s) => printf::Arg::Str(s),
                None => printf::Arg::Lanes(self.eval(a, m)?),
            });
        }
        for l in lanes(m) {
            let text = printf::format(fmt, &vals, l).map_err(|e| at(pos, Kind::Unsupported, e))?;
            self.out.push(Print {
                lane: l as u32,
                text,
            });
        }
        if m == 0 {
            printf::format(fmt, &vals, 0).map_err(|e| at(pos, Kind::Unsupported, e))?;
        }
        Ok(Lanes::splat(Ty::Int, 0))
    }
}

impl Machine {
    /// A string argument in each lane of `m`: a literal, or `?:` choosing
    /// between strings; `None` for anything else.
    fn strings(&mut self, a: &Expr, m: u32) -> R<Option<Vec<String>>> {
        match &a.kind {
            ExprKind::Str(s) => Ok(Some(vec![s.clone(); 32])),
            ExprKind::Cond(c, x, y) if is_string(x) && is_string(y) => {
                let t = self.truth(c, m)?;
                let (x, y) = (self.strings(x, t)?, self.strings(y, m & !t)?);
                let (Some(x), Some(y)) = (x, y) else {
                    return Ok(None);
                };
                Ok(Some(
                    (0..32)
                        .map(|l| {
                            if t >> l & 1 == 1 {
                                x[l].clone()
                            } else {
                                y[l].clone()
                            }
                        })
                        .collect(),
                ))
            }
            _ => Ok(None),
        }
    }
}

fn is_string(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Str(_) => true,
        ExprKind::Cond(_, x, y) => is_string(x) && is_string(y),
        _ => false,
    }
}

/// `__reduce_{add,min,max,and,or,xor}_sync` of `v` over the lanes `m`.
fn reduce(op: &str, v: &Lanes, m: u32, pos: Pos) -> R<Lanes> {
    let logical = matches!(op, "and" | "or_" | "xor");
    let ty = match value::promote(v.ty) {
        Ty::Float => return Err(at(pos, Kind::Unsupported, "a reduction of a `float`")),
        _ if logical => Ty::Uint,
        t => t,
    };
    let vals = lanes(m).map(|l| v.v[l]);
    let r = match op {
        "add" => vals.fold(0u32, u32::wrapping_add),
        "min" if ty == Ty::Int => vals.map(|x| x as i32).min().unwrap_or(0) as u32,
        "max" if ty == Ty::Int => vals.map(|x| x as i32).max().unwrap_or(0) as u32,
        "min" => vals.min().unwrap_or(0),
        "max" => vals.max().unwrap_or(0),
        "and" => vals.fold(u32::MAX, |a, x| a & x),
        "or_" => vals.fold(0, |a, x| a | x),
        _ => vals.fold(0, |a, x| a ^ x),
    };
    Ok(Lanes::splat(ty, r))
}
