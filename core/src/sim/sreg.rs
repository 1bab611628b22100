//! Special registers: what each `SReg` number means to the simulator.

use super::config::LaunchConfig;

/// Simulated time per step, in nanoseconds (`SR_GLOBALTIMELO/HI`).
pub const NS_PER_STEP: u64 = 1000;

/// The meaning of one `SReg` value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sr {
    LaneId,
    EqMask,
    LtMask,
    LeMask,
    GtMask,
    GeMask,
    WarpId,
    TeId,
    TcId,
    PhyTcId,
    PhyWarpId,
    CtaId(u8),
    Pm(u8),
    PmHi(u8),
    LwinHi,
    LwinLo,
    LwinSz,
    SwinHi,
    SwinLo,
    SmemSz,
    ClockLo,
    ClockHi,
    /// `SR_CLOCK`: the 64-bit step counter (32-bit reads give its low half).
    Clock,
    TimeLo,
    TimeHi,
    RegAlloc,
    GlobalError,
    WarpError,
    /// `SR_TID`, `SR_TID.X` (sm50): the thread index within the block,
    /// warp id * 32 + lane (a one-dimensional block).
    TidX,
    /// `SRZ`: reads zero.
    Zero,
    /// A number the description does not name: reads zero, with a warning.
    Unknown,
}

impl Sr {
    /// Meaning of a special-register name from the description.
    pub(crate) fn from_name(name: &str) -> Sr {
        let idx = |prefix: &str| -> Option<u8> {
            let rest = name.strip_prefix(prefix)?;
            let n: u8 = rest.parse().ok()?;
            (n < 8).then_some(n)
        };
        if let Some(n) = idx("SR_PM_HI") {
            return Sr::PmHi(n);
        }
        if let Some(n) = idx("SR_PM") {
            return Sr::Pm(n);
        }
        match name {
            "SR_LANEID" => Sr::LaneId,
            "SR_EQMASK" => Sr::EqMask,
            "SR_LTMASK" => Sr::LtMask,
            "SR_LEMASK" => Sr::LeMask,
            "SR_GTMASK" => Sr::GtMask,
            "SR_GEMASK" => Sr::GeMask,
            "SR_WARPID" => Sr::WarpId,
            "SR_TEID" => Sr::TeId,
            "SR_TCID" => Sr::TcId,
            "SR_PHYTCID" => Sr::PhyTcId,
            "SR_PHYWARPID" => Sr::PhyWarpId,
            "SR_CTAID.X" | "SR_CTAID" => Sr::CtaId(0),
            "SR_CTAID.Y" => Sr::CtaId(1),
            "SR_CTAID.Z" => Sr::CtaId(2),
            "SR_LWINHI" => Sr::LwinHi,
            "SR_LWINLO" => Sr::LwinLo,
            "SR_LWINSZ" => Sr::LwinSz,
            "SR_SWINHI" => Sr::SwinHi,
            "SR_SWINLO" => Sr::SwinLo,
            "SR_SMEMSZ" => Sr::SmemSz,
            "SR_CLOCKLO" => Sr::ClockLo,
            "SR_CLOCKHI" => Sr::ClockHi,
            "SR_CLOCK" => Sr::Clock,
            "SR_GLOBALTIMELO" | "SR_GLOBALTIMERLO" => Sr::TimeLo,
            "SR_GLOBALTIMEHI" | "SR_GLOBALTIMERHI" => Sr::TimeHi,
            "SR_REGALLOC" => Sr::RegAlloc,
            "SR_GLOBALERRORSTATUS" => Sr::GlobalError,
            "SR_WARPERRORSTATUS" => Sr::WarpError,
            "SR_TID" | "SR_TID.X" => Sr::TidX,
            "SRZ" | "SR_TID.Y" | "SR_TID.Z" => Sr::Zero,
            _ => Sr::Unknown,
        }
    }
}

/// Everything special registers are computed from.
pub(crate) struct SrEnv<'a> {
    pub config: &'a LaunchConfig,
    pub steps: u64,
    pub pm: &'a [u32; 8],
    pub pm_hi: &'a [u32; 8],
}

impl SrEnv<'_> {
    /// The 32-bit value `lane` reads.
    pub(crate) fn read(&self, sr: Sr, lane: usize) -> u32 {
        let c = self.config;
        let bit = 1u32 << lane;
        match sr {
            Sr::LaneId => lane as u32,
            Sr::EqMask => bit,
            Sr::LtMask => bit - 1,
            Sr::LeMask => bit | (bit - 1),
            Sr::GtMask => !(bit | (bit - 1)),
            Sr::GeMask => !(bit - 1),
            Sr::WarpId => c.warp_id,
            Sr::TeId => c.te_id,
            Sr::TcId => c.tc_id,
            Sr::PhyTcId => c.phy_tc_id,
            Sr::PhyWarpId => c.phy_warp_id,
            Sr::CtaId(i) => c.cta_id[i as usize],
            Sr::Pm(i) => self.pm[i as usize],
            Sr::PmHi(i) => self.pm_hi[i as usize],
            Sr::LwinHi => c.lwin[0],
            Sr::LwinLo => c.lwin[1],
            Sr::LwinSz => c.lwin[2],
            Sr::SwinHi => c.swin[0],
            Sr::SwinLo => c.swin[1],
            Sr::SmemSz => c.smem_size,
            Sr::ClockLo | Sr::Clock => self.steps as u32,
            Sr::ClockHi => (self.steps >> 32) as u32,
            Sr::TimeLo => self.time() as u32,
            Sr::TimeHi => (self.time() >> 32) as u32,
            Sr::RegAlloc => c.reg_alloc,
            Sr::GlobalError => c.global_error_status,
            Sr::WarpError => c.warp_error_status,
            Sr::TidX => c.warp_id.wrapping_mul(32).wrapping_add(lane as u32),
            Sr::Zero | Sr::Unknown => 0,
        }
    }

    /// The 64-bit value `CS2R` reads: `SR_CLOCK` is the 64-bit step
    /// counter; every 32-bit register is zero-extended.
    pub(crate) fn read64(&self, sr: Sr, lane: usize) -> u64 {
        match sr {
            Sr::Clock => self.steps,
            _ => u64::from(self.read(sr, lane)),
        }
    }

    fn time(&self) -> u64 {
        self.steps.wrapping_mul(NS_PER_STEP)
    }
}
