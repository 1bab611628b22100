//! Writes generated CUDA C kernels as programs for nvcc, for an NVIDIA
//! GPU to run and print what each lane printed; `tests/cuda_truth.rs`
//! checks the reference interpreter (and, through it, the subset's
//! definition) against that output.
//!
//! ```text
//! record-cuda-truth --out DIR [--files N] [--kernels K] [--seed S]
//! record-cuda-truth --run FILE.cu      # what the reference interpreter prints
//! ```
//!
//! Kernel seeds are drawn from `--seed`; a kernel is kept only when the
//! reference interpreter runs it to the end (a kernel whose meaning is
//! undefined, or that runs too long, is skipped). Each of the `N` files
//! `DIR/random-I.cu` holds `K` kernels and a `main` that launches each as
//! one warp and prints `== case C` before its output; `DIR/examples.cu`
//! does the same for the CUDA examples (`examples/cuda/*.cu`, case I the
//! I-th in name order). On the GPU's machine:
//!
//! ```text
//! nvcc -arch=sm_90 -fmad=false -o random-I random-I.cu && ./random-I > h200-random-I.out
//! ```

use std::fmt::Write as _;
use std::process::ExitCode;
use warpscope_e2e::{cuda_gen, cuda_ref};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = if args.len() == 2 && args[0] == "--run" {
        show(&args[1])
    } else {
        parse(&args).and_then(|o| write(&o))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints what the reference interpreter gives for the kernel in `path`.
fn show(path: &str) -> Result<(), String> {
    let src = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let prints = cuda_ref::run(&src).map_err(|e| format!("{path}:{e}"))?;
    for p in prints {
        print!("{}", p.text);
    }
    Ok(())
}

/// The CUDA examples in name order: `(file name, text)`.
pub fn examples() -> Result<Vec<(String, String)>, String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/cuda");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".cu"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            std::fs::read_to_string(format!("{dir}/{n}"))
                .map(|t| (n.clone(), t))
                .map_err(|e| format!("{n}: {e}"))
        })
        .collect()
}

struct Options {
    out: String,
    files: usize,
    kernels: usize,
    seed: u64,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        out: String::new(),
        files: 4,
        kernels: 150,
        seed: 1,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--out" => o.out = value()?,
            "--files" => o.files = value()?.parse().map_err(|_| "--files takes a number")?,
            "--kernels" => o.kernels = value()?.parse().map_err(|_| "--kernels takes a number")?,
            "--seed" => o.seed = value()?.parse().map_err(|_| "--seed takes a number")?,
            _ => return Err(format!("unknown argument {a}; usage: record-cuda-truth --out DIR [--files N] [--kernels K] [--seed S]")),
        }
    }
    if o.out.is_empty() {
        return Err("--out DIR is needed".into());
    }
    Ok(o)
}

fn write(o: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&o.out).map_err(|e| format!("{}: {e}", o.out))?;
    let mut seed = o.seed.wrapping_mul(1_000_003);
    let mut skipped = std::collections::BTreeMap::<String, usize>::new();
    for f in 0..o.files {
        let mut kernels = Vec::new();
        while kernels.len() < o.kernels {
            seed += 1;
            let case = f * o.kernels + kernels.len();
            let name = format!("k{case:04}");
            let src = cuda_gen::kernel(seed, &name);
            match cuda_ref::run(&src) {
                Ok(_) => kernels.push((case, seed, src)),
                Err(e) if matches!(e.kind, cuda_ref::Kind::Undefined | cuda_ref::Kind::Limit) => {
                    let why = e
                        .msg
                        .split(": ")
                        .last()
                        .unwrap_or("")
                        .split(' ')
                        .take(3)
                        .collect::<Vec<_>>()
                        .join(" ");
                    *skipped.entry(why).or_default() += 1;
                }
                Err(e) => {
                    return Err(format!(
                        "seed {seed} made a kernel outside the subset: {e}\n{src}"
                    ))
                }
            }
        }
        let path = format!("{}/random-{f}.cu", o.out);
        std::fs::write(&path, program(&kernels, o.seed)).map_err(|e| format!("{path}: {e}"))?;
    }
    let mut kernels = Vec::new();
    for (case, (name, text)) in examples()?.into_iter().enumerate() {
        cuda_ref::run(&text).map_err(|e| format!("{name}:{e}"))?;
        let Some(kernel) = text.find("__global__ void ") else {
            return Err(format!("{name} has no kernel"));
        };
        let ident: String = text[kernel + 16..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The launcher calls each kernel k<case>; a macro gives it that name.
        let src = format!("#define k{case:04} {ident}\n{}", &text[kernel..]);
        kernels.push((case, 0, src));
    }
    let path = format!("{}/examples.cu", o.out);
    std::fs::write(&path, program(&kernels, o.seed)).map_err(|e| format!("{path}: {e}"))?;
    eprintln!(
        "kept {} kernels; skipped {:?}",
        o.files * o.kernels,
        skipped
    );
    Ok(())
}

/// One nvcc program: the kernels, then a `main` launching each as one warp.
fn program(kernels: &[(usize, u64, String)], seed: u64) -> String {
    let mut s = format!(
        "// Kernels of warpscope's CUDA C subset, generated by record-cuda-truth --seed {seed}.\n\
         // Build: nvcc -arch=sm_90 -fmad=false -o prog THIS.cu\n#include <cstdio>\n\n"
    );
    for (case, seed, src) in kernels {
        let from = if *seed == 0 {
            "an example".to_string()
        } else {
            format!("generator seed {seed}")
        };
        let _ = writeln!(s, "// case {case} ({from})\n{src}");
    }
    s.push_str("int main()\n{\n    cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 26);\n    struct { int c; void (*k)(); } all[] = {\n");
    for (case, _, _) in kernels {
        let _ = writeln!(s, "        {{ {case}, k{case:04} }},");
    }
    s.push_str(
        "    };\n    for (auto &k : all) {\n        printf(\"== case %d\\n\", k.c);\n        fflush(stdout);\n        \
         k.k<<<1, 32>>>();\n        cudaError_t e = cudaDeviceSynchronize();\n        fflush(stdout);\n        \
         if (e != cudaSuccess) {\n            printf(\"== error %s\\n\", cudaGetErrorString(e));\n            return 1;\n        }\n    }\n    \
         printf(\"== end\\n\");\n    return 0;\n}\n",
    );
    s
}
