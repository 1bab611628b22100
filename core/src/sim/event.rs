//! What one step did: [`StepEvent`] and its per-instruction [`EventDetail`].
//!
//! Events carry everything a lane diagram needs (which lane read which,
//! which lanes were valid, the ballot, the reduction inputs...), so a front
//! end draws them without knowing any instruction semantics.

pub use crate::loc::{Loc, Value};
use serde::Serialize;

/// How a run or the warp as a whole stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// Some lanes can still execute.
    Running,
    /// Every launched lane executed `EXIT`.
    Exited,
    /// No lane can execute any more and not all of them exited: some ran
    /// past the last instruction (or branched to an address that holds no
    /// instruction), or lanes wait forever at a `BSYNC`.
    Halted,
    /// [`crate::sim::Sim::run`] stopped because its step budget ran out;
    /// the warp could still execute.
    StepLimit,
}

impl RunStatus {
    /// The lower-case name used in JSON output (`"exited"`, `"step_limit"`).
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Running => "running",
            RunStatus::Exited => "exited",
            RunStatus::Halted => "halted",
            RunStatus::StepLimit => "step_limit",
        }
    }
}

/// One location written by a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Write {
    /// What was written.
    pub loc: Loc,
    /// Lanes whose value was written (all ones for warp-wide locations).
    pub lanes: u32,
    /// Value before the step.
    pub old: Value,
    /// Value after the step.
    pub new: Value,
}

/// One executed instruction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepEvent {
    /// 0-based number of this step (the value of `steps()` before it).
    pub step: u64,
    /// Index of the instruction in the program.
    pub index: usize,
    /// Its byte address.
    pub pc: u32,
    /// Its 1-based source line (0 when unknown).
    pub line: usize,
    /// Lanes at this PC that executed the instruction (the warp's active
    /// lanes for this step).
    pub active: u32,
    /// Lanes among `active` whose guard predicate was true: the
    /// participating lanes.
    pub lanes: u32,
    /// Every location the step wrote, in write order.
    pub writes: Vec<Write>,
    /// Lanes that were waiting at a `BSYNC` and were released at the end of
    /// this step.
    pub released: u32,
    /// Warnings raised by this step (also collected by the simulator),
    /// in English.
    pub warnings: Vec<String>,
    /// The same warnings as templates and values ([`crate::msg`](mod@crate::msg)).
    #[serde(skip)]
    pub warning_texts: Vec<crate::msg::Text>,
    /// What the instruction did, in its own terms.
    pub detail: EventDetail,
}

/// `SHFL` mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ShflMode {
    /// Read lane `minLane | (b & ~segmask)`.
    Idx,
    /// Read lane `lane - b`.
    Up,
    /// Read lane `lane + b`.
    Down,
    /// Read lane `lane ^ b`.
    Bfly,
}

/// `VOTE`/`VOTEU` operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum VoteOp {
    /// Result: some participating lane's predicate is true.
    Any,
    /// Result: every participating lane's predicate is true.
    All,
    /// Result: all participating lanes' predicates are equal.
    Eq,
}

/// `REDUX`/`REDUXU` operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ReduxOp {
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise exclusive or.
    Xor,
    /// Wrapping sum.
    Sum,
    /// Maximum (unsigned or signed per the data type).
    Max,
    /// Minimum (unsigned or signed per the data type).
    Min,
}

/// Integer interpretation of 32-bit values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum IntType {
    /// Unsigned.
    U32,
    /// Two's-complement signed.
    S32,
}

/// `MATCH` operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum MatchOp {
    /// Each lane gets the mask of participating lanes holding its value.
    Any,
    /// Each lane gets the participating mask if all values are equal, else 0.
    All,
}

impl ShflMode {
    /// The name as the instruction's modifier writes it (`Idx`).
    pub const fn name(self) -> &'static str {
        match self {
            ShflMode::Idx => "Idx",
            ShflMode::Up => "Up",
            ShflMode::Down => "Down",
            ShflMode::Bfly => "Bfly",
        }
    }
}

impl VoteOp {
    /// The name as the instruction's modifier writes it (`Any`).
    pub const fn name(self) -> &'static str {
        match self {
            VoteOp::Any => "Any",
            VoteOp::All => "All",
            VoteOp::Eq => "Eq",
        }
    }
}

impl ReduxOp {
    /// The name as the instruction's modifier writes it (`And`).
    pub const fn name(self) -> &'static str {
        match self {
            ReduxOp::And => "And",
            ReduxOp::Or => "Or",
            ReduxOp::Xor => "Xor",
            ReduxOp::Sum => "Sum",
            ReduxOp::Max => "Max",
            ReduxOp::Min => "Min",
        }
    }
}

impl IntType {
    /// The name as the instruction's modifier writes it (`U32`).
    pub const fn name(self) -> &'static str {
        match self {
            IntType::U32 => "U32",
            IntType::S32 => "S32",
        }
    }
}

impl MatchOp {
    /// The name as the instruction's modifier writes it (`Any`).
    pub const fn name(self) -> &'static str {
        match self {
            MatchOp::Any => "Any",
            MatchOp::All => "All",
        }
    }
}

/// Instruction-specific facts about a step.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum EventDetail {
    /// Nothing beyond the writes (ALU, moves, no-ops).
    Plain,
    /// A `SHFL`. Arrays are indexed by lane; entries of lanes that did not
    /// participate are 0.
    Shfl {
        /// The mode.
        mode: ShflMode,
        /// Lane whose `Ra` each lane received (its own lane when invalid).
        src_lane: [u8; 32],
        /// Lanes whose exchange was valid (the value written to `pu`).
        valid: u32,
        /// Lanes that read a lane that does not participate (undefined in
        /// PTX; they receive 0, as on an H200: tests/gpu).
        reads_inactive: u32,
        /// `b[4:0]` per lane.
        bval: [u8; 32],
        /// `c[4:0]` per lane.
        cval: [u8; 32],
        /// `c[12:8]` per lane.
        segmask: [u8; 32],
        /// First lane of each lane's segment.
        min_lane: [u8; 32],
        /// `maxLane` per lane (the bound the validity test compares with).
        max_lane: [u8; 32],
        /// The value each lane received.
        values: [u32; 32],
    },
    /// A `VOTE` or `VOTEU`.
    Vote {
        /// The operation.
        op: VoteOp,
        /// Input predicate (after `!`) of participating lanes, as a mask.
        inputs: u32,
        /// The ballot written to `Rd`/`URd` (equal to `inputs`).
        ballot: u32,
        /// The predicate result written to `pu`/`upu`.
        result: bool,
    },
    /// A `REDUX` or `REDUXU`.
    Redux {
        /// The operation.
        op: ReduxOp,
        /// How `MIN`/`MAX` compare (and how the UI prints values).
        dtype: IntType,
        /// `Ra` of each lane (0 for lanes that do not participate).
        inputs: [u32; 32],
        /// The reduction result.
        result: u32,
    },
    /// A `MATCH`.
    Match {
        /// The operation.
        op: MatchOp,
        /// True for `.U64` (register pairs compared).
        wide: bool,
        /// Value written to `Rd` of each lane (0 for lanes that do not
        /// participate).
        masks: [u32; 32],
        /// Whether all participating lanes held the same value.
        all_equal: bool,
    },
    /// An `ELECT` or `ELECTU`.
    Elect {
        /// Lanes that were candidates.
        candidates: u32,
        /// The elected (lowest) candidate lane.
        leader: Option<u8>,
    },
    /// A `MOVM` 8x8 transpose of 16-bit elements.
    Movm {
        /// For each lane and each half (0 = low, 1 = high) of its result:
        /// the source lane.
        src_lane: [[u8; 2]; 32],
        /// ... and the half of the source lane's register it came from.
        src_half: [[u8; 2]; 32],
        /// Lanes that read a lane that does not participate (undefined on
        /// hardware; here that lane's current register half).
        reads_inactive: u32,
    },
    /// A branch (`BRA`, `SWITCH`).
    Branch {
        /// Lanes that jumped.
        taken: u32,
        /// Byte address each lane continues at (0 for lanes not at this PC).
        targets: [u32; 32],
    },
    /// An `EXIT`.
    Exit {
        /// Lanes that retired.
        exited: u32,
    },
    /// A `BSSY`: the lane set recorded in a barrier register.
    Bssy {
        /// Barrier register number.
        barrier: u8,
        /// Lanes recorded.
        mask: u32,
    },
    /// A `BSYNC`: lanes arrive at a convergence barrier.
    Bsync {
        /// Barrier register number.
        barrier: u8,
        /// Lanes that arrived in this step.
        arrived: u32,
        /// Lanes the barrier waits for (its recorded lanes that can still
        /// arrive).
        expected: u32,
    },
    /// A Maxwell `P2R`: predicate or condition-code bits packed into a
    /// byte of `Ra`.
    P2r {
        /// True when the source is CC (else PR).
        cc: bool,
        /// The byte of `Ra` written (0..3, `.B0`..`.B3`).
        byte: u8,
        /// The source of each participating lane (PR: P0..P6 in bits 0..6;
        /// CC: ZF, SF, CF, OF in bits 0..3), 0 elsewhere.
        source: [u8; 32],
        /// The mask (`SbMask` bits 7..0) of each participating lane.
        mask: [u8; 32],
    },
    /// An AMDGPU `s_getreg_b32` / `s_setreg_b32` / `s_setreg_imm32_b32`.
    HwReg {
        /// Hardware register id.
        id: u8,
        /// First bit.
        offset: u8,
        /// Number of bits (1..32).
        size: u8,
        /// True for a write (`s_setreg*`).
        write: bool,
        /// The bits read (right-aligned) or written (before shifting).
        value: u32,
        /// The register's value after the instruction.
        register: u32,
    },
    /// A special-register read (`S2R`, `CS2R`, `S2UR`, `GETREG`) or write
    /// (`SETREG`).
    Special {
        /// `SReg` number (of the lowest participating lane, for `GETREG` and
        /// `SETREG` with a register address).
        sreg: u32,
        /// True for `SETREG`.
        write: bool,
    },
}
