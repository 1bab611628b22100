//! The one write path: every change a step makes goes through
//! [`Sim::write`], which updates the state, the undo log and the event in
//! one place, and [`Sim::back`] undoes it with one arm per record shape.
//!
//! Storage is indexed by [`Loc`]: [`WarpState::cell`] maps a location to
//! its slot, shaped like the [`Value`] it holds. The zero registers (RZ,
//! URZ, PT, UPT) are the first numbers past the end of their files, so
//! they have no slot and writes to them vanish.

use super::event::{Loc, Value, Write};
use super::state::WarpState;
use super::vector::{each_chunk, V, WIDTH};
use super::{lanes, Ctx, Sim};

/// One undoable change.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Undo {
    /// A location before a write. Per-lane locations keep the old values
    /// of `lanes` at `pool[old..]`, in lane order; the others keep their
    /// old value in `old` (a boolean as 0 or 1).
    Loc { loc: Loc, lanes: u32, old: u32 },
    /// A lane's PC and waited-on barrier before a change.
    Lane { lane: u8, pc: u32, bar: u8 },
}

/// Where one step's changes start in the log, and the scheduler fields
/// every step may change.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    pub log: usize,
    pub pool: usize,
    pub warnings: usize,
    pub exec: u32,
    pub pc: u32,
    pub exited: u32,
    pub waiting: u32,
}

/// The storage slot of one location.
pub(crate) enum Cell<'a> {
    /// One value per lane.
    Lanes(&'a mut [u32; 32]),
    /// A lane mask; a write replaces the bits of the written lanes.
    Mask(&'a mut u32),
    /// One warp-wide value.
    Scalar(&'a mut u32),
    /// One warp-wide boolean.
    Bool(&'a mut bool),
}

/// The `SReg` numbers that name the writable performance counters
/// SR_PM0..7 (`lo`) and SR_PM_HI0..7 (`hi`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Counters {
    pub lo: [u8; 8],
    pub hi: [u8; 8],
}

impl Counters {
    /// The location of counter `i` (`hi`: its SR_PM_HI half).
    pub(crate) fn loc(&self, i: u8, hi: bool) -> Loc {
        let nums = if hi { &self.hi } else { &self.lo };
        Loc::SR(nums[i as usize & 7])
    }
    /// Which counter `SReg` number `n` names: (index, hi).
    fn of(&self, n: u8) -> Option<(usize, bool)> {
        let lo = self.lo.iter().position(|&x| x == n).map(|i| (i, false));
        lo.or_else(|| self.hi.iter().position(|&x| x == n).map(|i| (i, true)))
    }
}

impl WarpState {
    /// The slot of a writable location: `None` for the zero registers,
    /// numbers past a file's end, CC and special registers that are not
    /// counters.
    #[inline(always)]
    pub(crate) fn cell(&mut self, loc: Loc, counters: &Counters) -> Option<Cell<'_>> {
        let n = |x: u8| x as usize;
        Some(match loc {
            Loc::R(r) => Cell::Lanes(&mut self.regs.get_mut(n(r))?.0),
            Loc::P(p) => Cell::Mask(self.preds.get_mut(n(p))?),
            Loc::UR(u) => Cell::Scalar(self.uregs.get_mut(n(u))?),
            Loc::UP(u) => Cell::Bool(self.upreds.get_mut(n(u))?),
            Loc::B(b) => Cell::Mask(self.barriers.get_mut(n(b))?),
            Loc::SR(s) => match counters.of(s)? {
                (i, false) => Cell::Scalar(&mut self.pm[i]),
                (i, true) => Cell::Scalar(&mut self.pm_hi[i]),
            },
            Loc::S(s) => Cell::Scalar(self.sgprs.get_mut(n(s))?),
            Loc::HwReg(h) => Cell::Scalar(self.hwregs.get_mut(n(h))?),
            Loc::CC | Loc::PR => return None,
        })
    }
}

/// Whether an undo record of `loc` keeps its old values in the pool (a
/// position there) rather than in the record: the locations whose slot
/// is [`Cell::Lanes`], registers.
fn saved_in_pool(loc: Loc) -> bool {
    matches!(loc, Loc::R(_))
}

/// Stores `v` into the lanes `mask` of `reg`, first appending the old
/// values of those lanes (in lane order) to `pool` when there is one.
#[inline(always)]
pub(crate) fn store_lanes(
    reg: &mut [u32; 32],
    pool: Option<&mut Vec<u32>>,
    mask: u32,
    v: &[u32; 32],
) {
    if let Some(pool) = pool {
        if mask == !0 {
            super::vector::append(pool, reg);
        } else {
            pool.extend(lanes(mask).map(|l| reg[l]));
        }
    }
    // Chunk by chunk (see `vector`): a copy for the whole warp, else a
    // blend rather than a branch per lane. Neither becomes a call to
    // `memory.copy` in the size-built wasm.
    if mask == !0 {
        each_chunk!(k => {
            V::load(v, k).store(reg, k);
        });
    } else {
        each_chunk!(k => {
            let keep = V::from_bits(!mask >> (WIDTH * k));
            keep.select(V::load(reg, k), V::load(v, k)).store(reg, k);
        });
    }
}

/// Replaces the bits `mask` of a lane mask with those of `bits`; returns
/// the old mask.
#[inline(always)]
pub(crate) fn store_mask(m: &mut u32, mask: u32, bits: u32) -> u32 {
    let old = *m;
    *m = (old & !mask) | (bits & mask);
    old
}

impl Sim {
    /// Writes `value` to the `lanes` of `loc` (pass all ones for warp-wide
    /// locations), logging the old value for [`Sim::back`] and recording
    /// the write in the step's event. Nothing happens when `lanes` is 0,
    /// for locations without storage, or for a value of the wrong shape.
    pub(crate) fn write(&mut self, ctx: &mut Ctx, loc: Loc, lanes_: u32, value: Value) {
        if lanes_ == 0 {
            return;
        }
        let (undo, emit) = (self.config.undo, ctx.emit);
        let Some(cell) = self.st.cell(loc, &self.counters) else {
            return;
        };
        // The old value (or, per lane, where the old values went), and
        // the event's old and new values when the step reports them.
        let (saved, event) = match (cell, value) {
            (Cell::Lanes(reg), Value::Lanes(v)) => {
                let at = self.pool.len() as u32;
                let old = emit.then_some(*reg);
                store_lanes(reg, undo.then_some(&mut self.pool), lanes_, &v);
                (at, old.map(|o| (Value::Lanes(o), Value::Lanes(*reg))))
            }
            (Cell::Mask(m), Value::Mask(bits)) => {
                let old = store_mask(m, lanes_, bits);
                (old, emit.then_some((Value::Mask(old), Value::Mask(*m))))
            }
            (Cell::Scalar(s), Value::Scalar(v)) => {
                let old = std::mem::replace(s, v);
                (old, emit.then_some((Value::Scalar(old), Value::Scalar(v))))
            }
            (Cell::Bool(b), Value::Bool(v)) => {
                let old = std::mem::replace(b, v);
                (
                    u32::from(old),
                    emit.then_some((Value::Bool(old), Value::Bool(v))),
                )
            }
            _ => return,
        };
        if undo {
            self.log.push(Undo::Loc {
                loc,
                lanes: lanes_,
                old: saved,
            });
        }
        if let Some((old, new)) = event {
            ctx.writes.push(Write {
                loc,
                lanes: lanes_,
                old,
                new,
            });
        }
    }

    /// Forgets the oldest `n` steps of the undo history (all of it when it
    /// holds fewer): their changes can no longer be undone. The positions
    /// the remaining records hold are moved down with them. Out of line:
    /// inlined into [`Sim::mark`], it gave every step's mark a stack
    /// frame in the wasm build.
    #[cold]
    #[inline(never)]
    pub(crate) fn forget_oldest(&mut self, n: usize) {
        let Some(&first) = self.marks.get(n) else {
            self.marks.clear();
            self.log.clear();
            self.pool.clear();
            return;
        };
        let (log, pool) = (first.log, first.pool);
        self.marks.drain(..n);
        self.log.drain(..log);
        self.pool.drain(..pool);
        for m in &mut self.marks {
            m.log -= log;
            m.pool -= pool;
        }
        for u in &mut self.log {
            if let Undo::Loc { loc, old, .. } = u {
                if saved_in_pool(*loc) {
                    *old -= pool as u32;
                }
            }
        }
    }

    /// Logs lane `lane`'s PC and barrier before the scheduler changes them.
    pub(crate) fn log_lane(&mut self, lane: usize) {
        if self.config.undo {
            self.log.push(Undo::Lane {
                lane: lane as u8,
                pc: self.st.pc[lane],
                bar: self.st.wait_bar[lane],
            });
        }
    }

    /// Reverts one logged change.
    pub(crate) fn revert(&mut self, u: Undo) {
        match u {
            Undo::Loc { loc, lanes: m, old } => match self.st.cell(loc, &self.counters) {
                Some(Cell::Lanes(reg)) => {
                    for (k, l) in (old as usize..).zip(lanes(m)) {
                        reg[l] = self.pool[k];
                    }
                }
                Some(Cell::Mask(w) | Cell::Scalar(w)) => *w = old,
                Some(Cell::Bool(b)) => *b = old != 0,
                None => {}
            },
            Undo::Lane { lane, pc, bar } => {
                self.st.pc[lane as usize] = pc;
                self.st.wait_bar[lane as usize] = bar;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `saved_in_pool` names exactly the locations whose slot holds one
    /// value per lane, which the write path saves in the pool.
    #[test]
    fn the_pool_holds_exactly_the_per_lane_locations() {
        let mut st = WarpState::new(!0);
        let counters = Counters {
            lo: [0, 1, 2, 3, 4, 5, 6, 7],
            hi: [8, 9, 10, 11, 12, 13, 14, 15],
        };
        let locs = [
            Loc::R(0),
            Loc::R(254),
            Loc::P(0),
            Loc::UR(0),
            Loc::UP(0),
            Loc::B(0),
            Loc::SR(0),
            Loc::SR(8),
            Loc::S(0),
            Loc::HwReg(1),
            Loc::CC,
            Loc::PR,
        ];
        for loc in locs {
            let lanes = matches!(st.cell(loc, &counters), Some(Cell::Lanes(_)));
            assert_eq!(lanes, saved_in_pool(loc), "{loc:?}");
        }
    }
}
