//! What each instruction does, one module per family.
//!
//! | family | optypes | module |
//! |---|---|---|
//! | w128 collectives | `SHFL`, `MOVM`, `VOTE(U)`, `REDUX(U)`, `MATCH`, `ELECT(U)` | `collective` |
//! | w128 ALU and control flow | `MOV`, `IADD3`, `ISETP`, `FFMA`, `BRA`, `BSSY`, `EXIT`... | `alu` |
//! | w128 special registers | `S2R`, `CS2R`, `S2UR`, `GETREG`, `SETREG`, `PMTRIG`, `SWITCH` | `special` |
//! | sm50 (Maxwell) | `P2R` (and `S2R`, `EXIT` from the w128 modules) | `maxwell` |
//! | gfx9 (scalar wave) | `s_getreg_b32`, `s_setreg_b32`, `s_setreg_imm32_b32`, `s_nop`, `s_endpgm` | `wave` |
//!
//! Which families an ISA's optypes are looked up in depends on its
//! machine (`families`): a w128 `P2R` is not Maxwell's.
//!
//! Each family module has three parts:
//!
//! * an operation enum (`Alu`, `Collective`...): operands resolved to
//!   register numbers, immediates and small enums, so a step never looks
//!   a name up;
//! * `recipe(optype)`: the table of the family's optypes, each with a
//!   builder that looks its fields up by name **once per ISA**
//!   ([`prepare`], cached for the bundled ISAs) through `fields::Fields`.
//!   A field that is missing or of the wrong class is a [`PrepError`]
//!   naming the opcode and the field, never a silent RZ; so is an enum
//!   value the semantics do not know. The builder turns one instruction's
//!   field values into the operation;
//! * an `exec_*` method on `Sim`: executes one operation for the step's
//!   participating lanes and returns its [`EventDetail`]. Every change to
//!   the state goes through `Sim::write` (`sim/write.rs`), which also
//!   logs it for undo and records it in the event.
//!
//! To add an instruction: a variant in its family's operation enum, a
//! builder and an arm in that module's `recipe`, an arm in its `exec_*`.
//! A new family: a module, a variant of `Kind`, an arm in `Sim::exec` and
//! an entry in `families`. The bundled ISAs must keep preparing without
//! error (`core/tests/suite/sim/prepare.rs`).
//!
//! ```
//! use warpscope_core::{isas, sim};
//! for name in isas::NAMES {
//!     let prepared = sim::prepare(isas::by_name(name).unwrap()).expect("prepares");
//!     assert_eq!(prepared.len(), isas::by_name(name).unwrap().opcodes.len());
//! }
//! ```

pub(super) mod alu;
pub(super) mod collective;
mod fields;
mod maxwell;
mod special;
mod wave;

use super::event::{EventDetail, Loc, Value};
use super::sreg::Sr;
use super::{Ctx, Sim};
use crate::inst::Inst;
use crate::msg::Text;
use crate::sim::operands::PT;
use crate::spec::model::{Isa, Machine};
use fields::{Fields, PredSlot};
use std::sync::Arc;

/// Where a source operand's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Src {
    /// A general-purpose register (per lane).
    R(u8),
    /// A uniform register.
    UR(u8),
    /// An immediate, or a constant-bank word resolved when loading.
    Imm(u32),
}

/// A source operand with its `~` companion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Operand {
    pub src: Src,
    pub bitnot: bool,
}

impl Operand {
    pub(crate) const ZERO: Operand = Operand {
        src: Src::Imm(0),
        bitnot: false,
    };
}

/// A predicate operand: number (PT reads true) and `!`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PredSrc {
    pub idx: u8,
    pub not: bool,
}

impl PredSrc {
    pub(crate) const TRUE: PredSrc = PredSrc {
        idx: PT,
        not: false,
    };
}

/// The operation of one instruction, operands resolved, by family.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Kind {
    Collective(collective::Collective),
    Alu(alu::Alu),
    Special(special::Special),
    Maxwell(maxwell::Maxwell),
    Wave(wave::Wave),
    /// An opcode the simulator has no semantics for: a no-op with a warning.
    Unknown,
}

impl Kind {
    /// The byte address of a `BRA` whose target holds no instruction.
    pub(crate) fn lost_branch(&self) -> Option<u32> {
        match *self {
            Kind::Alu(alu::Alu::Bra { target: None, addr }) => Some(addr),
            _ => None,
        }
    }

    /// True for an operation that reads Maxwell's condition code.
    pub(crate) fn reads_cc(&self) -> bool {
        matches!(self, Kind::Maxwell(maxwell::Maxwell::P2r { cc: true, .. }))
    }
}

/// One loaded instruction.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Op {
    pub kind: Kind,
    pub guard: PredSrc,
    pub addr: u32,
    pub line: usize,
}

/// What building an operation needs besides the field values: facts of
/// the program and the launch.
pub(crate) struct Env<'a> {
    /// Instruction index of a byte address.
    pub index_of: &'a dyn Fn(u32) -> Option<u32>,
    /// Meaning of an SReg number.
    pub sr_of: &'a dyn Fn(u64) -> Sr,
    /// Constant-bank contents.
    pub consts: &'a dyn Fn(u8, u16) -> u32,
}

/// A destination that may be per-lane or uniform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dst {
    R(u8),
    UR(u8),
}

impl Dst {
    /// The register number.
    pub(crate) fn number(self) -> u8 {
        match self {
            Dst::R(n) | Dst::UR(n) => n,
        }
    }
}

/// Builds one operation from an instruction's field values.
type Build = Arc<dyn Fn(&[u64], &Env) -> Kind + Send + Sync>;

/// Resolves one opcode's fields (once per ISA) into its [`Build`].
type Builder = fn(&Fields) -> Result<Build, PrepError>;

/// A family's table: the builder of an optype it knows, `None` for the
/// others.
type Recipe = fn(&str) -> Option<Builder>;

/// Wraps a builder.
fn build(f: impl Fn(&[u64], &Env) -> Kind + Send + Sync + 'static) -> Result<Build, PrepError> {
    Ok(Arc::new(f))
}

/// The families whose optypes a machine's programs use, in lookup order.
fn families(machine: Machine) -> &'static [Recipe] {
    match machine {
        Machine::Warp => &[special::recipe, collective::recipe, alu::recipe],
        Machine::Maxwell => &[maxwell::recipe],
        Machine::ScalarWave => &[wave::recipe],
    }
}

/// An opcode whose semantics need a field it lacks (or has with another
/// class): found when the ISA is prepared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrepError {
    /// The opcode (`SHFL_RRI`).
    pub opcode: String,
    /// The field (several alternatives joined by `|`).
    pub field: String,
    /// What is wrong with it (`is missing`, `has type UReg, expected one of Reg`).
    pub problem: Text,
}

impl PrepError {
    /// The message.
    pub fn text(&self) -> Text {
        let problem = self.problem.clone();
        crate::msg!("{0}: field `{1}` {2}", &self.opcode, &self.field, problem)
    }
}

impl std::fmt::Display for PrepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text().english())
    }
}

impl std::error::Error for PrepError {}

/// How one opcode executes.
#[derive(Clone)]
enum How {
    Ready(Build),
    /// No family knows its optype: it executes as a no-op, with a warning.
    NoSemantics,
    /// Its family knows the optype but the fields do not fit: a no-op
    /// with a warning that says why.
    Broken(PrepError),
}

/// One opcode: its guard (`pg`, `pg.not`; none reads true) and how it
/// executes.
#[derive(Clone)]
struct Entry {
    guard: Option<PredSlot>,
    how: How,
}

/// The semantics of every opcode of one ISA, resolved once
/// ([`prepare`]) and reused by every simulator of that ISA.
#[derive(Clone)]
pub struct Prepared {
    entries: Vec<Entry>,
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("opcodes", &self.entries.len())
            .finish()
    }
}

impl Prepared {
    /// Number of opcodes (that of the ISA).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True for an ISA without opcodes.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// True when opcode `index` has simulation semantics.
    pub fn simulates(&self, index: usize) -> bool {
        matches!(
            self.entries.get(index),
            Some(Entry {
                how: How::Ready(_),
                ..
            })
        )
    }

    fn errors(&self) -> Vec<PrepError> {
        self.entries
            .iter()
            .filter_map(|e| match &e.how {
                How::Broken(err) => Some(err.clone()),
                _ => None,
            })
            .collect()
    }

    /// Loads one instruction; the message is a load warning.
    pub(crate) fn op(
        &self,
        isa: &Isa,
        env: &Env,
        inst: &Inst,
        (addr, line): (u32, usize),
    ) -> (Op, Option<Text>) {
        let mut op = Op {
            kind: Kind::Unknown,
            guard: PredSrc::TRUE,
            addr,
            line,
        };
        let name = || {
            isa.opcodes
                .get(inst.opcode)
                .map_or_else(|| format!("opcode #{}", inst.opcode), |d| d.name.clone())
        };
        let none = || {
            crate::msg!(
                "{0} has no simulation semantics; it executes as NOP",
                name()
            )
        };
        let Some(entry) = self.entries.get(inst.opcode) else {
            return (op, Some(none()));
        };
        op.guard = entry.guard.map_or(PredSrc::TRUE, |g| g.get(&inst.values));
        let warning = match &entry.how {
            How::Ready(build) => {
                op.kind = build(&inst.values, env);
                return (op, None);
            }
            How::Broken(e) => crate::msg!(
                "{0} cannot be simulated ({1}); it executes as NOP",
                name(),
                e.text()
            ),
            How::NoSemantics => none(),
        };
        (op, Some(warning))
    }
}

/// Resolves the semantics of every opcode of `isa`: an error for each
/// opcode whose fields do not fit its semantics. Opcodes of optypes the
/// simulator does not know are not errors (they execute as no-ops).
pub fn prepare(isa: &Isa) -> Result<Prepared, Vec<PrepError>> {
    let p = prepare_all(isa);
    let errors = p.errors();
    if errors.is_empty() {
        Ok(p)
    } else {
        Err(errors)
    }
}

fn prepare_all(isa: &Isa) -> Prepared {
    let entries = isa
        .opcodes
        .iter()
        .map(|def| {
            let f = Fields { isa, def };
            let optype = isa.optypes.get(def.optype).map_or("", |o| o.name.as_str());
            let found = families(isa.dialect.machine)
                .iter()
                .find_map(|recipe| recipe(optype))
                .map(|builder| builder(&f));
            let guard = f.has("pg").then(|| f.pred("pg")).transpose();
            let how = match (found, &guard) {
                (None, _) => How::NoSemantics,
                (Some(_), Err(e)) => How::Broken(e.clone()),
                (Some(Ok(build)), Ok(_)) => How::Ready(build),
                (Some(Err(e)), Ok(_)) => How::Broken(e),
            };
            Entry {
                guard: guard.ok().flatten(),
                how,
            }
        })
        .collect();
    Prepared { entries }
}

/// The prepared semantics of `isa`, computed the first time a simulator
/// of it is built and kept with the ISA (as the codec keeps its layouts).
pub(crate) fn prepared(isa: &Isa) -> Arc<Prepared> {
    isa.derived.get_or_init(|| prepare_all(isa))
}

/// The lanes of one step.
#[derive(Debug, Clone, Copy)]
pub(crate) struct At {
    /// Instruction index (the PCs of `exec` already point past it).
    pub pc: u32,
    /// Lanes at this instruction.
    pub exec: u32,
    /// Those whose guard is true.
    pub part: u32,
}

impl Sim {
    /// Executes one instruction and returns what it did.
    #[inline(always)]
    pub(crate) fn exec(&mut self, kind: Kind, at: At, ctx: &mut Ctx) -> EventDetail {
        match kind {
            Kind::Collective(op) => self.exec_collective(op, at, ctx),
            Kind::Alu(op) => self.exec_alu(op, at, ctx),
            Kind::Special(op) => self.exec_special(op, at, ctx),
            Kind::Maxwell(op) => self.exec_maxwell(op, at, ctx),
            Kind::Wave(op) => self.exec_wave(op, at, ctx),
            Kind::Unknown => {
                ctx.warnings.push(crate::msg!(
                    "instruction has no simulation semantics; executed as NOP"
                ));
                EventDetail::Plain
            }
        }
    }

    /// Per-lane values of a source operand (`~` applied).
    #[inline(always)]
    pub(crate) fn vals(&self, o: Operand) -> [u32; 32] {
        let mut v = match o.src {
            Src::R(r) => self.st.reg(r),
            Src::UR(u) => [self.st.ureg(u); 32],
            Src::Imm(x) => [x; 32],
        };
        if o.bitnot {
            for x in &mut v {
                *x = !*x;
            }
        }
        v
    }

    /// Writes `vals` to the lanes `mask` of register `r`.
    pub(crate) fn write_r(&mut self, ctx: &mut Ctx, r: u8, mask: u32, vals: &[u32; 32]) {
        self.write(ctx, Loc::R(r), mask, Value::Lanes(*vals));
    }

    /// Writes the bits `bits` of the lanes `mask` of predicate `p`.
    pub(crate) fn write_p(&mut self, ctx: &mut Ctx, p: u8, mask: u32, bits: u32) {
        self.write(ctx, Loc::P(p), mask, Value::Mask(bits));
    }

    /// Writes a destination register: per-lane values for `Rd`, the value
    /// of the lowest lane of `mask` for `URd`.
    pub(crate) fn write_dst(&mut self, ctx: &mut Ctx, d: Dst, mask: u32, vals: &[u32; 32]) {
        match d {
            Dst::R(r) => self.write_r(ctx, r, mask, vals),
            Dst::UR(u) => {
                if let Some(l) = lowest(mask) {
                    self.write(ctx, Loc::UR(u), !0, Value::Scalar(vals[l]));
                }
            }
        }
    }

    /// Lane mask of a predicate operand.
    pub(crate) fn pred_mask(&self, p: PredSrc) -> u32 {
        let m = self.st.pred(p.idx);
        if p.not {
            !m
        } else {
            m
        }
    }
}

/// Lowest set lane of a mask.
pub(crate) fn lowest(mask: u32) -> Option<usize> {
    (mask != 0).then(|| mask.trailing_zeros() as usize)
}
