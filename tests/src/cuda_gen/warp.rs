//! Warp intrinsics: shuffles, votes, matches and reductions, always with
//! the exact mask of the lanes that run them.

use super::{Ctx, Mask, Ty, E, I_MAX, I_MIN, U_MAX};

impl Ctx {
    /// The mask text; only called where intrinsics are allowed.
    fn m(&self) -> String {
        self.mask_text().expect("intrinsics need a known mask")
    }

    /// A lane index in `0..32` for `__shfl_sync` at full mask: a constant
    /// (sometimes above 31, which counts by its low five bits) or a
    /// lane-dependent expression.
    fn src_lane(&mut self) -> String {
        match self.weighted(&[4, 1, 2, 2, 1, 2]) {
            0 => self.range(0, 31).to_string(),
            1 => self.range(32, 40).to_string(),
            2 => format!("lane ^ {}u", self.range(1, 31)),
            3 => format!("(lane + {}u) & 31u", self.range(1, 31)),
            4 => "31u - lane".to_string(),
            _ => self.small_index(31),
        }
    }

    /// An expression in `0..=max` (`max` is `2^k - 1`) built from a
    /// variable: one already in range (a loop counter) or a masked one.
    fn small_index(&mut self, max: i128) -> String {
        let fits: Vec<_> = self
            .visible()
            .into_iter()
            .filter(|&at| {
                let v = self.var(at);
                matches!(v.ty, Ty::Int | Ty::Uns) && v.lo >= 0 && v.hi <= max && v.hi > 0
            })
            .collect();
        if !fits.is_empty() && self.pct(60) {
            let at = fits[self.r(fits.len() as u64) as usize];
            return self.var(at).name.clone();
        }
        let e = self.uns_expr(1);
        format!("{} & {max}u", e.s)
    }

    /// A distance for `__shfl_up_sync`, `__shfl_down_sync` or a mask for
    /// `__shfl_xor_sync`.
    fn delta(&mut self, xor: bool) -> String {
        match self.weighted(&[6, 1, 2, 2]) {
            0 if xor => self.pick(&[1, 2, 4, 8, 16, 3, 5, 31, 7]).to_string(),
            0 => self.pick(&[1, 2, 3, 4, 8, 16, 0, 31, 5]).to_string(),
            1 => self.range(32, 40).to_string(),
            2 => {
                let max = self.pick(&[3, 7, 15, 31]);
                self.small_index(max)
            }
            _ => format!("lane >> {}", self.range(2, 4)),
        }
    }

    /// A shuffle of `v` among the lanes of the mask. At full mask every
    /// kind of shuffle may read any lane; in a part of the warp only
    /// `__shfl_sync` from the first or last lane of the mask is written,
    /// so that no lane outside the mask is read.
    pub(crate) fn shfl(&mut self, v: &E) -> E {
        let m = self.m();
        let s = if self.full() {
            let width = if self.pct(25) {
                format!(", {}", self.pick(&[1, 2, 4, 8, 16, 32]))
            } else {
                String::new()
            };
            match self.r(4) {
                0 => format!("__shfl_sync({m}, {}, {}{width})", v.bare(), self.src_lane()),
                1 => format!(
                    "__shfl_up_sync({m}, {}, {}{width})",
                    v.bare(),
                    self.delta(false)
                ),
                2 => format!(
                    "__shfl_down_sync({m}, {}, {}{width})",
                    v.bare(),
                    self.delta(false)
                ),
                _ => format!(
                    "__shfl_xor_sync({m}, {}, {}{width})",
                    v.bare(),
                    self.delta(true)
                ),
            }
        } else if self.pct(60) {
            format!("__shfl_sync({m}, {}, __ffs({m}) - 1)", v.bare())
        } else {
            format!("__shfl_sync({m}, {}, 31 - __clz({m}))", v.bare())
        };
        E { s, ..v.clone() }
    }

    /// `__any_sync`, `__all_sync` or `__uni_sync` of a condition.
    pub(crate) fn warp_vote(&mut self, d: u32) -> E {
        let m = self.m();
        let p = self.bool_expr(d);
        let f = self.pick(&["__any_sync", "__all_sync", "__uni_sync"]);
        E::int(format!("{f}({m}, {})", p.bare()), 0, 1).expect("small")
    }

    /// An `int` intrinsic: a vote, a shuffle, a reduction or a count of a
    /// ballot.
    pub(crate) fn warp_int(&mut self, d: u32) -> E {
        let m = self.m();
        match self.weighted(&[2, 4, 3, 1, 1]) {
            0 => self.warp_vote(d),
            1 => {
                let v = self.int_expr(d);
                self.shfl(&v)
            }
            2 => {
                let v = self.int_expr(d);
                let f = self.pick(&["add", "min", "max", "add"]);
                let (lo, hi) = if f == "add" {
                    let (lo, hi) = (v.lo.min(32 * v.lo), v.hi.max(32 * v.hi));
                    if lo < I_MIN || hi > I_MAX {
                        (I_MIN, I_MAX)
                    } else {
                        (lo, hi)
                    }
                } else {
                    (v.lo, v.hi)
                };
                let s = format!("__reduce_{f}_sync({m}, {})", v.bare());
                E::int(s, lo, hi).expect("clamped")
            }
            3 => {
                let p = self.bool_expr(d);
                E::int(format!("__popc(__ballot_sync({m}, {}))", p.bare()), 0, 32).expect("small")
            }
            _ => {
                let ty = self.pick(&[Ty::Int, Ty::Uns]);
                let v = self.expr(ty, d);
                let s = format!("__ffs(__match_any_sync({m}, {}))", v.bare());
                E::int(s, 1, 32).expect("small")
            }
        }
    }

    /// An `unsigned` intrinsic: a ballot, a match, a shuffle or a
    /// reduction.
    pub(crate) fn warp_uns(&mut self, d: u32) -> E {
        let m = self.m();
        match self.weighted(&[3, 1, 3, 3]) {
            0 => {
                let p = self.bool_expr(d);
                E::uns(format!("__ballot_sync({m}, {})", p.bare()), 0, U_MAX)
            }
            1 => {
                let ty = self.pick(&[Ty::Int, Ty::Uns]);
                let v = self.expr(ty, d);
                E::uns(format!("__match_any_sync({m}, {})", v.bare()), 0, U_MAX)
            }
            2 => {
                let v = self.uns_expr(d);
                self.shfl(&v)
            }
            _ => {
                let v = self.uns_expr(d);
                let f = self.pick(&["and", "or", "xor", "add", "min", "max"]);
                let (lo, hi) = match f {
                    "and" | "min" | "max" => (v.lo, v.hi),
                    _ => (0, U_MAX),
                };
                E::uns(format!("__reduce_{f}_sync({m}, {})", v.bare()), lo, hi)
            }
        }
    }

    /// A shuffle of a `float`.
    pub(crate) fn warp_float(&mut self, d: u32) -> E {
        let v = self.float_expr(d);
        self.shfl(&v)
    }

    /// A statement built around an intrinsic: a ballot, a match of all
    /// lanes with its predicate, a `__syncwarp`, a shuffle or a reduction
    /// stored in a new variable.
    pub(crate) fn warp_stmt(&mut self) {
        let m = self.m();
        match self.weighted(&[2, 2, 1, 3, 2]) {
            0 => {
                let c = self.cond();
                let base = self.pick(&["bal", "votes", "mask"]);
                let name = self.fresh(base);
                let e = E::uns(format!("__ballot_sync({m}, {})", c.bare()), 0, U_MAX);
                self.decl_line(&name, &e, false);
            }
            1 => {
                let p = self.fresh("pred");
                self.decl_line(&p, &E::int("0".into(), 0, 1).expect("small"), false);
                let ty = self.pick(&[Ty::Int, Ty::Uns]);
                let v = self.expr(ty, 1);
                let v = if self.pct(40) { self.narrow(v) } else { v };
                let name = self.fresh("same");
                let s = format!("__match_all_sync({m}, {}, &{p})", v.bare());
                self.decl_line(&name, &E::uns(s, 0, U_MAX), false);
            }
            2 => {
                if matches!(self.mask, Mask::Full(_)) && self.pct(40) {
                    self.line("__syncwarp();");
                } else {
                    self.line(&format!("__syncwarp({m});"));
                }
            }
            3 => {
                let ty = self.pick(&[Ty::Int, Ty::Uns, Ty::Float, Ty::Int]);
                let v = self.expr(ty, 1);
                let e = self.shfl(&v);
                let base = self.pick(&["nb", "peer", "got", "from"]);
                let name = self.fresh(base);
                self.decl_line(&name, &e, false);
            }
            _ => {
                let e = if self.pct(50) {
                    self.warp_int(1)
                } else {
                    self.warp_uns(1)
                };
                let base = self.pick(&["red", "all", "tot"]);
                let name = self.fresh(base);
                self.decl_line(&name, &e, false);
            }
        }
    }
}
