//! Standard workloads for measuring the simulator.
//!
//! The same programs are run natively by the criterion benchmarks
//! (`core/benches/sim.rs`) and inside the browser by the wasm build
//! (`tests/tests/browser_sim_bench.rs`), so the two figures, and their ratio,
//! describe the same work.
//!
//! ```
//! use warpscope_core::workloads::{self, Workload};
//! use warpscope_core::sim::RunStatus;
//! let mut sim = workloads::sim(Workload::ShflLoop, false);
//! assert_eq!(sim.run(u64::MAX), RunStatus::Exited);
//! assert_eq!(sim.steps(), Workload::ShflLoop.steps());
//! ```

use crate::sim::{LaunchConfig, Sim};
use crate::{asm, isas};

/// 1000 iterations of six ALU/control instructions.
pub const ALU_LOOP: &str = "
.init R0 = lane
    MOV R1, 0x0
loop:
    IADD3 R0, R0, 0x1, RZ
    LOP3.LUT R2, R0, R1, RZ, 0x96
    IMAD R3, R2, 0x3, R0
    IADD3 R1, R1, 0x1, RZ
    ISETP.LT.AND P0, PT, R1, 0x3e8, PT
@P0 BRA loop
    EXIT
";

/// 500 warp-wide butterfly sums (5 SHFL + 5 IADD3 each) plus loop control.
pub const SHFL_LOOP: &str = "
.init R0 = lane
    MOV R5, 0x0
loop:
    SHFL.BFLY P0, R1, R0, 0x10, 0x1f
    IADD3 R0, R0, R1, RZ
    SHFL.BFLY P0, R1, R0, 0x8, 0x1f
    IADD3 R0, R0, R1, RZ
    SHFL.BFLY P0, R1, R0, 0x4, 0x1f
    IADD3 R0, R0, R1, RZ
    SHFL.BFLY P0, R1, R0, 0x2, 0x1f
    IADD3 R0, R0, R1, RZ
    SHFL.BFLY P0, R1, R0, 0x1, 0x1f
    IADD3 R0, R0, R1, RZ
    IADD3 R5, R5, 0x1, RZ
    ISETP.LT.AND P1, PT, R5, 0x1f4, PT
@P1 BRA loop
    EXIT
";

/// One of the standard workloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workload {
    /// [`ALU_LOOP`].
    AluLoop,
    /// [`SHFL_LOOP`].
    ShflLoop,
}

impl Workload {
    /// Every workload.
    pub const ALL: [Workload; 2] = [Workload::AluLoop, Workload::ShflLoop];

    /// Short name (`alu_loop`, `shfl_loop`).
    pub fn name(self) -> &'static str {
        match self {
            Workload::AluLoop => "alu_loop",
            Workload::ShflLoop => "shfl_loop",
        }
    }

    /// The workload called `name`.
    pub fn by_name(name: &str) -> Option<Workload> {
        Workload::ALL.into_iter().find(|w| w.name() == name)
    }

    /// Its w128 source.
    pub fn source(self) -> &'static str {
        match self {
            Workload::AluLoop => ALU_LOOP,
            Workload::ShflLoop => SHFL_LOOP,
        }
    }

    /// Warp instructions (simulator steps) one run takes.
    pub fn steps(self) -> u64 {
        match self {
            // MOV, 1000 × 6 loop instructions, EXIT
            Workload::AluLoop => 1 + 1000 * 6 + 1,
            // MOV, 500 × 13 loop instructions, EXIT
            Workload::ShflLoop => 1 + 500 * 13 + 1,
        }
    }
}

/// A simulator loaded with `w`, with or without the undo log.
pub fn sim(w: Workload, undo: bool) -> Sim {
    // The workloads are fixed text that the tests assemble; failing here is a
    // bug in this file, not bad input.
    sim_of(w.source(), undo).expect("workload assembles")
}

/// A simulator loaded with the w128 program `source` as the workloads are
/// (with or without the undo log); `None` when it does not assemble.
pub fn sim_of(source: &str, undo: bool) -> Option<Sim> {
    let isa = isas::w128();
    let program = asm::assemble(isa, source).ok()?;
    let config = LaunchConfig {
        undo,
        ..LaunchConfig::default()
    };
    Some(Sim::new(isa, &program, config))
}

/// The CUDA C kernel the compiler's benchmarks compile (natively and in
/// the browser's build): exactly 100 lines of declarations, arithmetic, shuffles and
/// votes, divergent `if`s, loops, a division by a constant and `printf`s,
/// in blocks of ten lines.
pub fn cuda_kernel_100() -> String {
    let mut lines = vec![
        "__global__ void long_kernel()".to_string(),
        "{".to_string(),
        "    unsigned lane = threadIdx.x;".to_string(),
        "    int acc = (int)lane;".to_string(),
    ];
    let mut k = 0;
    while lines.len() + 10 <= 99 {
        lines.extend([
            format!("    int a{k} = acc * {} + (int)(lane ^ {}u);", k + 3, k + 1),
            format!(
                "    a{k} += __shfl_xor_sync(0xffffffff, a{k}, {});",
                1 << (k % 5)
            ),
            format!("    unsigned m{k} = __ballot_sync(0xffffffff, (a{k} & 1) == 0);"),
            format!("    if (lane < {}u) {{", 4 + k),
            format!("        acc -= a{k} / 3 + __popc(m{k});"),
            "    } else {".to_string(),
            format!("        acc ^= a{k} >> {};", k % 7 + 1),
            "    }".to_string(),
            format!(
                "    for (int i = 0; i < {}; i++) acc += i * a{k};",
                k % 4 + 1
            ),
            format!("    printf(\"%u: %d %08x\\n\", lane, acc, m{k});"),
        ]);
        k += 1;
    }
    while lines.len() < 99 {
        lines.push("    acc = __reduce_add_sync(0xffffffff, acc & 0xff);".to_string());
    }
    lines.push("}".to_string());
    lines.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::RunStatus;

    #[test]
    fn workloads_exit_after_their_documented_step_counts() {
        for w in Workload::ALL {
            let mut s = sim(w, false);
            assert_eq!(s.run(u64::MAX), RunStatus::Exited, "{}", w.name());
            assert_eq!(s.steps(), w.steps(), "{}", w.name());
            assert_eq!(Workload::by_name(w.name()), Some(w));
        }
        assert_eq!(Workload::by_name("nope"), None);
    }
}
