//! Records what a real NVIDIA GPU does for SHFL, VOTE, REDUX, MATCH, ELECT
//! and MOVM, and for the float, shift, POPC and LOP3 operations (through
//! their PTX forms) on generated cases, as the table `tests/gpu_truth.rs`
//! checks the simulator against.
//!
//! ```text
//! record-gpu-truth --out tests/gpu/h200.truth   # on a machine with a GPU (sm_90 or newer)
//! record-gpu-truth --exit --out tests/gpu/h200-exit.truth
//! record-gpu-truth --ptx                        # print the kernels (check with ptxas -arch=sm_90)
//! record-gpu-truth --cases                      # print the cases without running them
//! ```
//!
//! Lanes outside a case's membermask wait at the end of the kernel while
//! the others run the instruction, or with `--exit` exit before it: the
//! two differ only in what a SHFL reads from such a lane, which PTX leaves
//! undefined.
//!
//! The cases come from a fixed seed, so every recording asks the same
//! questions; the table holds the inputs too, so the check does not depend
//! on this program.

mod cases;
mod cuda;
mod ptx;

use ptx::{Frame, IN_WORDS, OUT_WORDS, VARIANTS};
use std::process::ExitCode;
use warpscope_e2e::gpu_truth::{Case, Outcome, LANES};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let frame = if args.first().is_some_and(|a| a == "--exit") {
        args.remove(0);
        Frame::Exit
    } else {
        Frame::Wait
    };
    let result = match args.first().map(String::as_str) {
        Some("--ptx") => {
            print!("{}", ptx::module(frame));
            Ok(())
        }
        Some("--cases") => {
            for c in cases::all() {
                println!("{}", c.line());
            }
            Ok(())
        }
        Some("--out") if args.len() == 2 => record(&args[1], frame),
        _ => Err("usage: record-gpu-truth [--exit] --out FILE | --ptx | --cases".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs every case on device 0 and writes the table to `path`.
fn record(path: &str, frame: Frame) -> Result<(), String> {
    let gpu = cuda::Gpu::open()?;
    eprintln!("{}", gpu.description);
    let module = gpu.load(&ptx::module(frame))?;
    let mut cases = cases::all();
    for (k, v) in VARIANTS.iter().enumerate() {
        let mine: Vec<&mut Case> = cases.iter_mut().filter(|c| c.op == v.op).collect();
        let mut input = Vec::with_capacity(mine.len() * IN_WORDS);
        for c in &mine {
            input.extend([c.mask, c.pp]);
            input.extend(c.a.iter().chain(&c.b).chain(&c.c));
        }
        let out = gpu.run(
            &module,
            &format!("k{k}"),
            mine.len() as u32,
            &input,
            mine.len() * OUT_WORDS,
        )?;
        for (c, o) in mine.into_iter().zip(out.chunks(OUT_WORDS)) {
            c.out = Some(outcome(&o[..LANES], &o[LANES..], v.preds));
        }
        eprintln!("{}: done", v.op);
    }
    let mut text = format!(
        "# Warp instructions on a real GPU, recorded by `record-gpu-truth` (tests/src/bin/record_gpu_truth/).\n\
         # device: {}\n\
         # Each kernel runs one PTX instruction; the driver's JIT compiled them for this device.\n\
         # Lanes outside the membermask {}.\n\
         # Format: tests/src/gpu_truth.rs.\n",
        gpu.description,
        match frame {
            Frame::Wait => "wait at the end of the kernel, their `a` loaded",
            Frame::Exit => "exit before the instruction",
        }
    );
    for c in &cases {
        text += &c.line();
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    eprintln!("{} cases written to {path}", cases.len());
    Ok(())
}

/// A case's outcome from its output words.
fn outcome(d: &[u32], flags: &[u32], preds: usize) -> Outcome {
    let lanes = |bit: u32| (0..LANES).fold(0u32, |m, l| m | (u32::from(flags[l] & bit != 0) << l));
    let ran = lanes(1);
    let mut dv = [0; LANES];
    for l in 0..LANES {
        if ran >> l & 1 == 1 {
            dv[l] = d[l];
        }
    }
    Outcome {
        ran,
        d: dv,
        p: (0..preds).map(|k| lanes(2 << k)).collect(),
    }
}
