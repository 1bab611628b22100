//! Building a [`Sim`]: instructions become prepared operations (see
//! `semantics`), `.init` values are applied to a fresh state, and the
//! registers the program names are collected for state views.

use super::machine;
use super::operands::{hwreg_field, HWREG_IDS, PT, RZ, URZ};
use super::semantics::{self, Env};
use super::sreg::Sr;
use super::write::{Cell, Counters};
use super::{LaunchConfig, Loc, Sim, SimWarning, Value, WarpState};
use crate::asm::layout::is_pair;
use crate::asm::Program;
use crate::inst::Inst;
use crate::spec::model::{Builtin, Isa, TypeRef};

/// One instruction handed to [`Sim::with_code`].
#[derive(Debug, Clone, Copy)]
pub struct Code<'a> {
    /// The instruction.
    pub inst: &'a Inst,
    /// Its byte address (addresses must increase).
    pub addr: u32,
    /// Its 1-based source line (0 when unknown).
    pub line: usize,
}

impl Sim {
    /// A simulator for an assembled program: its instructions, its `.active`
    /// mask and its `.init` values.
    pub fn new(isa: &Isa, program: &Program, config: LaunchConfig) -> Sim {
        let code: Vec<Code> = program
            .lines
            .iter()
            .map(|l| Code {
                inst: &l.inst,
                addr: u32::try_from(l.addr).unwrap_or(u32::MAX),
                line: l.line,
            })
            .collect();
        let inits = program_inits(program);
        Sim::with_code(isa, &code, program.setup.active, &inits, config)
    }

    /// A simulator for a list of instructions, launched with the lanes of
    /// `active` and the registers of `inits` set (later entries win).
    pub fn with_code(
        isa: &Isa,
        code: &[Code],
        active: u32,
        inits: &[(Loc, Value)],
        config: LaunchConfig,
    ) -> Sim {
        let sr_table = sr_table(isa);
        let counters = counters(&sr_table);
        let addrs: Vec<u32> = code.iter().map(|c| c.addr).collect();
        let index_of = |a: u32| addrs.binary_search(&a).ok().map(|i| i as u32);
        let sr_of = |n: u64| sr_table.get(n as usize).copied().unwrap_or(Sr::Unknown);
        let consts = |bank: u8, off: u16| config.constant(bank, off);
        let env = Env {
            index_of: &index_of,
            sr_of: &sr_of,
            consts: &consts,
        };
        let prepared = semantics::prepared(isa);
        let mut load_warnings = Vec::new();
        let mut ops = Vec::with_capacity(code.len());
        let mut touched = Vec::new();
        for c in code {
            let (op, warning) = prepared.op(isa, &env, c.inst, (c.addr, c.line));
            let at = (c.line, c.addr);
            load_warnings.extend(warning.map(|text| SimWarning::new(None, at, text)));
            if let Some(addr) = op.kind.lost_branch() {
                let text = crate::msg!(
                    "branch target {0} is not the address of an instruction",
                    format!("{addr:#x}")
                );
                load_warnings.push(SimWarning::new(None, at, text));
            }
            registers_named(isa, c.inst, &mut touched);
            if op.kind.reads_cc() {
                touched.push(Loc::CC);
            }
            ops.push(op);
        }
        let mut st = WarpState::new(active);
        for (id, value) in machine::hwreg_resets(isa) {
            if let Some(r) = st.hwregs.get_mut(usize::from(id)) {
                *r = value;
            }
        }
        for (loc, value) in inits {
            touched.push(*loc);
            apply_init(&mut st, &counters, *loc, *value);
        }
        touched.retain(|&l| listed(l));
        touched.sort_unstable();
        touched.dedup();
        Sim {
            fast: ops.iter().map(super::fast::lower).collect(),
            ops,
            addrs,
            sr_table,
            counters,
            config,
            init: st.clone(),
            st,
            log: Vec::new(),
            pool: Vec::new(),
            marks: Vec::new(),
            warnings: Vec::new(),
            load_warnings,
            limit_hit: false,
            touched,
        }
    }
}

/// The `.init` values of a program as locations. `.init PR` sets P0..P6
/// of each lane from bits 0..6; those predicates take the place of the
/// first `.init PR`, so a later `.init Pn` still wins.
fn program_inits(program: &Program) -> Vec<(Loc, Value)> {
    let mut pr_inits: Vec<(Loc, Value)> = Vec::new();
    let mut inits: Vec<(Loc, Value)> = Vec::new();
    for i in &program.setup.inits {
        if i.target == Loc::PR {
            if let Value::Lanes(v) = i.value {
                for p in 0..PT {
                    let m = (0..32).fold(0u32, |m, l| m | (((v[l] >> p) & 1) << l));
                    pr_inits.push((Loc::P(p), Value::Mask(m)));
                }
            }
            continue;
        }
        inits.push((i.target, i.value));
    }
    let setup = &program.setup.inits;
    if let Some(at) = setup.iter().position(|i| i.target == Loc::PR) {
        let before = setup[..at].iter().filter(|i| i.target != Loc::PR).count();
        let tail = inits.split_off(before);
        inits.extend(pr_inits);
        inits.extend(tail);
    }
    inits
}

/// Whether a location is listed among the registers a program touches:
/// every register with storage, CC, never the zero registers, barriers
/// or special registers.
fn listed(l: Loc) -> bool {
    match l {
        Loc::R(n) => n != RZ,
        Loc::P(n) | Loc::UP(n) => n < PT,
        Loc::UR(n) => n < URZ,
        Loc::CC => true,
        Loc::S(n) => (n as usize) < machine::NUM_SGPRS,
        Loc::HwReg(n) => (n as usize) < HWREG_IDS,
        Loc::B(_) | Loc::SR(_) | Loc::PR => false,
    }
}

/// The meaning of every `SReg` number (index = number); the first declared
/// name of a number that the simulator knows wins.
fn sr_table(isa: &Isa) -> Vec<Sr> {
    let mut table = vec![Sr::Unknown; 256];
    if let Some(t) = isa.enum_type("SReg") {
        for v in &t.values {
            if let Some(slot) = table.get_mut(v.value as usize) {
                if *slot == Sr::Unknown {
                    *slot = Sr::from_name(&v.name);
                }
            }
        }
    }
    table
}

/// The numbers of the performance counters (SR_PM0 = 14.. and
/// SR_PM_HI0 = 22.. when the description does not name them).
fn counters(sr_table: &[Sr]) -> Counters {
    let num_of = |sr: Sr, fallback: u8| {
        sr_table
            .iter()
            .position(|s| *s == sr)
            .map_or(fallback, |p| p as u8)
    };
    Counters {
        lo: std::array::from_fn(|i| num_of(Sr::Pm(i as u8), 14 + i as u8)),
        hi: std::array::from_fn(|i| num_of(Sr::PmHi(i as u8), 22 + i as u8)),
    }
}

/// Adds every register an instruction names to `out` (both halves of a
/// register pair, as the assembler's width rule says).
fn registers_named(isa: &Isa, inst: &Inst, out: &mut Vec<Loc>) {
    let Some(def) = isa.opcodes.get(inst.opcode) else {
        return;
    };
    for (i, (f, &v)) in def.fields.iter().zip(&inst.values).enumerate() {
        let TypeRef::Builtin(b) = f.ty else { continue };
        match b {
            Builtin::Reg if v < u64::from(RZ) => {
                out.push(Loc::R(v as u8));
                if v + 1 < u64::from(RZ) && is_pair(isa, inst, i) {
                    out.push(Loc::R(v as u8 + 1));
                }
            }
            Builtin::UReg if v < u64::from(URZ) => out.push(Loc::UR(v as u8)),
            Builtin::Pred if v < u64::from(PT) => out.push(Loc::P(v as u8)),
            Builtin::UPred if v < u64::from(PT) => out.push(Loc::UP(v as u8)),
            Builtin::SGpr if (v as usize) < machine::NUM_SGPRS => out.push(Loc::S(v as u8)),
            Builtin::HwReg => out.push(Loc::HwReg(hwreg_field(v).id)),
            _ => {}
        }
    }
}

/// Applies one `.init` to a fresh state, converting the value to the
/// location's shape. Special registers are not initialised.
fn apply_init(st: &mut WarpState, counters: &Counters, loc: Loc, value: Value) {
    let all = |b: bool| if b { !0u32 } else { 0 };
    let mask_of = |v: Value| -> u32 {
        match v {
            Value::Mask(m) => m,
            Value::Bool(b) => all(b),
            Value::Scalar(s) => all(s != 0),
            Value::Lanes(l) => (0..32).fold(0, |m, i| m | (u32::from(l[i] != 0) << i)),
        }
    };
    let scalar_of = |v: Value| -> u32 {
        match v {
            Value::Scalar(s) | Value::Mask(s) => s,
            Value::Bool(b) => u32::from(b),
            Value::Lanes(l) => l[0],
        }
    };
    if let (Loc::CC, Value::Lanes(v)) = (loc, value) {
        for (f, m) in st.cc.iter_mut().enumerate() {
            *m = (0..32).fold(0, |acc, l| acc | (((v[l] >> f) & 1) << l));
        }
    }
    if matches!(loc, Loc::SR(_)) {
        return;
    }
    match st.cell(loc, counters) {
        Some(Cell::Lanes(r)) => {
            *r = match value {
                Value::Lanes(l) => l,
                Value::Mask(m) => std::array::from_fn(|l| (m >> l) & 1),
                other => [scalar_of(other); 32],
            }
        }
        Some(Cell::Mask(m)) => *m = mask_of(value),
        Some(Cell::Scalar(s)) => *s = scalar_of(value),
        Some(Cell::Bool(b)) => *b = scalar_of(value) != 0,
        None => {}
    }
}
