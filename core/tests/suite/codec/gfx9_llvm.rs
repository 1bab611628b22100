//! gfx9 encodings against LLVM's AMDGPU assembler.
//!
//! When `llvm-mc` (`llvm-mc-22`, `llvm-mc` or `llvm-mc-14`) is installed,
//! several hundred instructions covering every opcode, every hwreg form
//! and many operand values are assembled by it (`-arch=amdgcn
//! -mcpu=gfx900 -show-encoding`) and by warpscope; the encodings must agree
//! bit for bit, and warpscope must read back the text llvm-mc prints. With
//! llvm-mc 15 or newer, warpscope's disassembly must also equal llvm-mc's
//! text (llvm-14 does not know the names of hardware registers 16..19 on
//! gfx900). Without llvm-mc the test prints a note and passes; the golden
//! vectors in gfx9_golden.rs need no tool.

use std::io::Write;
use std::process::{Command, Stdio};
use warpscope_core::{asm, codec::encode, disasm, isas};

fn find_llvm_mc() -> Option<(String, u32)> {
    for name in ["llvm-mc-22", "llvm-mc", "llvm-mc-14"] {
        let Ok(out) = Command::new(name).arg("--version").output() else {
            continue;
        };
        if !out.status.success() {
            continue;
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let major = text
            .split("version ")
            .nth(1)
            .and_then(|v| v.split('.').next())
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        return Some((name.to_string(), major));
    }
    None
}

/// A small deterministic generator (no dependency on the test order).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const NAMES: &[(&str, u32)] = &[
    ("HW_REG_MODE", 1),
    ("HW_REG_STATUS", 2),
    ("HW_REG_TRAPSTS", 3),
    ("HW_REG_HW_ID", 4),
    ("HW_REG_GPR_ALLOC", 5),
    ("HW_REG_LDS_ALLOC", 6),
    ("HW_REG_IB_STS", 7),
    ("HW_REG_SH_MEM_BASES", 15),
];

fn hwreg_forms(r: &mut Lcg) -> Vec<String> {
    let mut v = Vec::new();
    for &(name, id) in NAMES {
        v.push(format!("hwreg({name})"));
        let off = r.below(32);
        let size = 1 + r.below(32);
        v.push(format!("hwreg({name}, {off}, {size})"));
        v.push(format!("hwreg({id})"));
    }
    for _ in 0..40 {
        let id = r.below(64);
        let off = r.below(32);
        let size = 1 + r.below(32);
        v.push(format!("hwreg({id}, {off}, {size})"));
        let enc = id | off << 6 | (size - 1) << 11;
        v.push(format!("{enc:#x}"));
        v.push(format!("({id} | ({off} << 6) | (({size} - 1) << 11))"));
    }
    v.push("0".into());
    v.push("0xffff".into());
    v
}

fn inputs() -> Vec<String> {
    let mut r = Lcg(0x5eed);
    let mut lines = Vec::new();
    let sregs = [0u64, 1, 2, 5, 17, 63, 100, 101];
    for h in hwreg_forms(&mut r) {
        let s = sregs[r.below(sregs.len() as u64) as usize];
        lines.push(format!("s_getreg_b32 s{s}, {h}"));
        let s = sregs[r.below(sregs.len() as u64) as usize];
        lines.push(format!("s_setreg_b32 {h}, s{s}"));
    }
    let literals: Vec<String> = [
        "0",
        "1",
        "64",
        "65",
        "-1",
        "-16",
        "-17",
        "0x7fffffff",
        "0x80000000",
        "0xdeadbeef",
        "0xffffffff",
        "100",
        "-100",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain((0..20).map(|_| format!("{:#x}", r.next() as u32)))
    .collect();
    let forms = hwreg_forms(&mut r);
    for (i, lit) in literals.iter().enumerate() {
        let h = &forms[(i * 7) % forms.len()];
        lines.push(format!("s_setreg_imm32_b32 {h}, {lit}"));
    }
    for n in [0u64, 1, 7, 15, 16, 64, 65, 100, 0xffff] {
        lines.push(format!("s_nop {n}"));
    }
    lines.push("s_endpgm".into());
    lines
}

/// `(text, encoding bytes)` per input line, from llvm-mc's output.
fn run_llvm(bin: &str, src: &str) -> Vec<(String, Vec<u8>)> {
    let mut child = Command::new(bin)
        .args(["-arch=amdgcn", "-mcpu=gfx900", "-show-encoding"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("llvm-mc starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(src.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("llvm-mc runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.trim().is_empty(),
        "llvm-mc rejected input:\n{stderr}"
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let (text, enc) = l.split_once("; encoding: [")?;
            let bytes = enc
                .trim_end_matches(']')
                .split(',')
                .map(|b| {
                    u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).expect("hex byte")
                })
                .collect();
            Some((text.trim().to_string(), bytes))
        })
        .collect()
}

#[test]
fn encodings_agree_with_llvm_mc() {
    let Some((bin, major)) = find_llvm_mc() else {
        println!("note: llvm-mc is not installed; skipping the comparison with LLVM");
        return;
    };
    let isa = isas::gfx9();
    let lines = inputs();
    let src = lines.join("\n") + "\n";
    let got = run_llvm(&bin, &src);
    assert_eq!(got.len(), lines.len(), "one encoding per input line");
    let mut checked = 0;
    for (line, (text, bytes)) in lines.iter().zip(&got) {
        let want = bytes
            .iter()
            .rev()
            .fold(0u128, |w, &b| (w << 8) | u128::from(b));
        let inst = asm::assemble_line(isa, line).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let word = encode::encode(isa, &inst);
        assert_eq!(word, want, "{line}: warpscope {word:#x}, {bin} {want:#x}");
        assert_eq!(
            isa.opcode_words(inst.def(isa)) as usize * 4,
            bytes.len(),
            "{line}"
        );
        // warpscope reads llvm-mc's text back to the same instruction.
        let back = asm::assemble_line(isa, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(back, inst, "{text}");
        if major >= 15 {
            assert_eq!(disasm::disasm(isa, &inst), *text, "{line}");
        }
        checked += 1;
    }
    println!("{checked} instructions agree with {bin} (LLVM {major})");
    assert!(checked > 300);
}
