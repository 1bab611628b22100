//! [`LaunchConfig`]: where the warp runs and what the fixed special registers
//! read.

use serde::Serialize;

/// One 32-bit word of a constant bank: `c[bank][offset]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ConstWord {
    /// Bank, 0..=63.
    pub bank: u8,
    /// Byte offset (a multiple of 4).
    pub offset: u16,
    /// The value.
    pub value: u32,
}

/// The launch environment of the simulated warp.
///
/// Everything a program can observe but not compute: its CTA and warp
/// numbers, the fixed special registers and the constant banks. The
/// defaults describe warp 0 of CTA (0, 0, 0), as the w128 description
/// documents:
///
/// | register | default |
/// |---|---|
/// | `SR_CTAID.X/Y/Z` | `cta_id` = 0, 0, 0 |
/// | `SR_WARPID`, `SR_PHYWARPID` | `warp_id` = 0, `phy_warp_id` = 0 |
/// | `SR_TEID`, `SR_TCID`, `SR_PHYTCID` | 0 |
/// | `SR_LWINHI/LWINLO/LWINSZ`, `SR_SWINHI/SWINLO`, `SR_SMEMSZ` | 0 |
/// | `SR_REGALLOC` | 255 |
/// | `SR_GLOBALERRORSTATUS`, `SR_WARPERRORSTATUS` | 0 |
///
/// Constant-bank words not listed in `constants` read 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LaunchConfig {
    /// `SR_CTAID.X`, `.Y`, `.Z`.
    pub cta_id: [u32; 3],
    /// `SR_WARPID`.
    pub warp_id: u32,
    /// `SR_PHYWARPID`.
    pub phy_warp_id: u32,
    /// `SR_TEID`.
    pub te_id: u32,
    /// `SR_TCID`.
    pub tc_id: u32,
    /// `SR_PHYTCID`.
    pub phy_tc_id: u32,
    /// `SR_LWINHI`, `SR_LWINLO`, `SR_LWINSZ` (local memory window).
    pub lwin: [u32; 3],
    /// `SR_SWINHI`, `SR_SWINLO` (shared memory window).
    pub swin: [u32; 2],
    /// `SR_SMEMSZ`.
    pub smem_size: u32,
    /// `SR_REGALLOC`.
    pub reg_alloc: u32,
    /// `SR_GLOBALERRORSTATUS`.
    pub global_error_status: u32,
    /// `SR_WARPERRORSTATUS`.
    pub warp_error_status: u32,
    /// Constant-bank contents (later entries win).
    pub constants: Vec<ConstWord>,
    /// Keep an undo log so that [`crate::sim::Sim::back`] works (on by
    /// default; turn it off for long batch runs to keep memory flat).
    pub undo: bool,
}

impl Default for LaunchConfig {
    fn default() -> Self {
        LaunchConfig {
            cta_id: [0; 3],
            warp_id: 0,
            phy_warp_id: 0,
            te_id: 0,
            tc_id: 0,
            phy_tc_id: 0,
            lwin: [0; 3],
            swin: [0; 2],
            smem_size: 0,
            reg_alloc: 255,
            global_error_status: 0,
            warp_error_status: 0,
            constants: Vec::new(),
            undo: true,
        }
    }
}

impl LaunchConfig {
    /// The value of `c[bank][offset]` (0 unless set).
    pub fn constant(&self, bank: u8, offset: u16) -> u32 {
        self.constants
            .iter()
            .rev()
            .find(|w| w.bank == bank && w.offset == offset)
            .map_or(0, |w| w.value)
    }
}
