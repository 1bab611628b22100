//! [`WarpState`]: the architectural state of one warp, structure of arrays.

use super::event::{Loc, Value};
use super::machine::NUM_BARRIERS;
use super::operands::{HWREG_IDS, PT, RZ, URZ};
use serde::Serialize;

/// Number of general-purpose registers (R0..R254; RZ is not stored).
pub const NUM_REGS: usize = RZ as usize;

/// One register's 32 lanes, aligned to 16 bytes: the wasm build loads and
/// stores them four lanes (16 bytes) at a time, and the allocator there
/// only promises 8-byte alignment, at which a quarter of those loads
/// would straddle two cache lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[repr(C, align(16))]
pub(crate) struct Lanes(pub(crate) [u32; 32]);

/// Everything a program can change, plus the scheduler's view of each lane.
///
/// Two states compare equal exactly when every register, predicate,
/// barrier, counter, lane PC and lane status is equal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WarpState {
    /// R0..R254, one `[u32; 32]` (indexed by lane) each.
    pub(crate) regs: Vec<Lanes>,
    /// P0..P6 as lane masks.
    pub(crate) preds: [u32; PT as usize],
    /// UR0..UR62.
    pub(crate) uregs: Vec<u32>,
    /// UP0..UP6.
    pub(crate) upreds: [bool; PT as usize],
    /// B0..B15 as lane masks.
    pub(crate) barriers: [u32; NUM_BARRIERS],
    /// SR_PM0..SR_PM7.
    pub(crate) pm: [u32; 8],
    /// SR_PM_HI0..SR_PM_HI7.
    pub(crate) pm_hi: [u32; 8],
    /// Instruction index each lane executes next.
    pub(crate) pc: [u32; 32],
    /// Lanes launched (the `.active` mask).
    pub(crate) launched: u32,
    /// Lanes that executed EXIT.
    pub(crate) exited: u32,
    /// Lanes waiting at a BSYNC.
    pub(crate) waiting: u32,
    /// Barrier each waiting lane waits on (0 for lanes not waiting).
    pub(crate) wait_bar: [u8; 32],
    /// Steps executed.
    pub(crate) steps: u64,
    /// Maxwell condition code flags ZF, SF, CF, OF, each a lane mask.
    pub(crate) cc: [u32; 4],
    /// AMDGPU scalar registers s0..s101.
    pub(crate) sgprs: Vec<u32>,
    /// AMDGPU hardware registers by id (0..63).
    pub(crate) hwregs: Vec<u32>,
}

impl WarpState {
    /// A fresh warp: all registers zero, predicates false, `launched` lanes
    /// at instruction 0.
    pub(crate) fn new(launched: u32) -> WarpState {
        WarpState {
            regs: vec![Lanes([0; 32]); NUM_REGS],
            preds: [0; PT as usize],
            uregs: vec![0; URZ as usize],
            upreds: [false; PT as usize],
            barriers: [0; NUM_BARRIERS],
            pm: [0; 8],
            pm_hi: [0; 8],
            pc: [0; 32],
            launched,
            exited: 0,
            waiting: 0,
            wait_bar: [0; 32],
            steps: 0,
            cc: [0; 4],
            sgprs: vec![0; super::machine::NUM_SGPRS],
            hwregs: vec![0; HWREG_IDS],
        }
    }

    /// The condition code of every lane: ZF in bit 0, SF bit 1, CF bit 2,
    /// OF bit 3.
    pub fn cc(&self) -> [u32; 32] {
        std::array::from_fn(|l| (0..4).fold(0, |v, f| v | (((self.cc[f] >> l) & 1) << f)))
    }

    /// The predicate register `PR` of every lane: P0..P6 in bits 0..6.
    pub fn pr(&self) -> [u32; 32] {
        std::array::from_fn(|l| {
            (0..PT as usize).fold(0, |v, p| v | (((self.preds[p] >> l) & 1) << p))
        })
    }

    /// Scalar register `sN` (0 beyond s101).
    pub fn sgpr(&self, n: u8) -> u32 {
        self.sgprs.get(n as usize).copied().unwrap_or(0)
    }

    /// Hardware register by id (0 beyond 63).
    pub fn hwreg(&self, id: u8) -> u32 {
        self.hwregs.get(id as usize).copied().unwrap_or(0)
    }

    /// `Rn` of every lane (all zero for RZ = 255).
    pub fn reg(&self, n: u8) -> [u32; 32] {
        if n == RZ {
            [0; 32]
        } else {
            self.regs[n as usize].0
        }
    }

    /// `Pn` as a lane mask (all ones for PT = 7).
    pub fn pred(&self, n: u8) -> u32 {
        if n >= PT {
            !0
        } else {
            self.preds[n as usize]
        }
    }

    /// `URn` (0 for URZ = 63).
    pub fn ureg(&self, n: u8) -> u32 {
        if n >= URZ {
            0
        } else {
            self.uregs[n as usize]
        }
    }

    /// `UPn` (true for UPT = 7).
    pub fn upred(&self, n: u8) -> bool {
        if n >= PT {
            true
        } else {
            self.upreds[n as usize]
        }
    }

    /// Barrier register `Bn` as a lane mask.
    pub fn barrier(&self, n: u8) -> u32 {
        self.barriers.get(n as usize).copied().unwrap_or(0)
    }

    /// Performance counter `SR_PMi` (`hi` = false) or `SR_PM_HIi`.
    pub fn perf_counter(&self, i: u8, hi: bool) -> u32 {
        let bank = if hi { &self.pm_hi } else { &self.pm };
        bank.get(i as usize).copied().unwrap_or(0)
    }

    /// The value of a register location (`Loc::SR` reads 0 here; use
    /// [`crate::sim::Sim::special`] for special registers).
    pub fn get(&self, loc: Loc) -> Value {
        match loc {
            Loc::R(n) => Value::Lanes(self.reg(n)),
            Loc::P(n) => Value::Mask(self.pred(n)),
            Loc::UR(n) => Value::Scalar(self.ureg(n)),
            Loc::UP(n) => Value::Bool(self.upred(n)),
            Loc::B(n) => Value::Mask(self.barrier(n)),
            Loc::SR(_) => Value::Scalar(0),
            Loc::CC => Value::Lanes(self.cc()),
            Loc::S(n) => Value::Scalar(self.sgpr(n)),
            Loc::HwReg(n) => Value::Scalar(self.hwreg(n)),
            Loc::PR => Value::Lanes(self.pr()),
        }
    }

    /// Lanes launched by the program's `.active` mask.
    pub fn launched(&self) -> u32 {
        self.launched
    }

    /// Lanes that executed `EXIT`.
    pub fn exited(&self) -> u32 {
        self.exited
    }

    /// Launched lanes that have not exited.
    pub fn active(&self) -> u32 {
        self.launched & !self.exited
    }

    /// Lanes waiting at a `BSYNC`.
    pub fn waiting(&self) -> u32 {
        self.waiting
    }

    /// Instruction index each lane executes next (meaningless for lanes
    /// that are not active).
    pub fn pcs(&self) -> [u32; 32] {
        self.pc
    }

    /// Steps executed so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }
}
