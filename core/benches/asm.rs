//! Assembler and decoder throughput.
//!
//! `cargo bench -p warpscope-core --bench asm` reports:
//! - `assemble/1000_lines`: a 1000-line program with labels, guards,
//!   modifiers, immediates and controls (throughput in lines/s);
//! - `decode/10k_words`: 10 000 words of every w128 opcode, decoded to
//!   instructions (instructions/s), and with the per-field notes of the
//!   bitfield view;
//! - `disasm/10k_insts`: the same instructions printed back as text;
//! - `edit_10k_lines/*`: the 10 000-line program assembled again after
//!   a one-line edit in its middle (an immediate changed, or a line
//!   inserted, which moves every later address), whole with `assemble`
//!   and with an `Incremental` that assembled the text before the edit.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use warpscope_core::{
    asm::{self, incremental::Incremental},
    codec::{decode, encode},
    disasm, isas,
};

const BODY: &[&str] = &[
    "@!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f $sched=4",
    "SHFL.UP P0, R1, R0, R4, R5",
    "REDUX.S32.MIN R2, R3",
    "MATCH.U64.ALL R0, P3, R[2:3]",
    "VOTE.ANY R0, P1, !P2",
    "ISETP.GE.S32.AND P1, P2, R1, R2, PT",
    "IADD3 R4, R4, -1, RZ",
    "LOP3.LUT R0, R1, R2, R3, 0x96",
    "FADD R1, R2, 1.5",
    "S2R R1, SR_LANEID",
    "SWITCH c[0x3][0x160]",
    "ELECTU P1, UR2, ~UR3",
    "MOV R2, 0x12345678 $wsb=1 $req=0x3",
    "@P0 BRA top",
];

fn program(lines: usize) -> String {
    let mut src = String::from(".init R1 = lane * 4\n.active 0xffff\ntop:\n");
    for i in 0..lines {
        if i % 100 == 99 {
            src.push_str(&format!("l{i}: "));
        }
        src.push_str(BODY[i % BODY.len()]);
        src.push_str(" ;\n");
    }
    src
}

fn bench(c: &mut Criterion) {
    let isa = isas::w128();
    let src = program(1000);
    assert_eq!(
        asm::assemble(isa, &src).map(|p| p.lines.len()).ok(),
        Some(1000)
    );
    let mut g = c.benchmark_group("assemble");
    g.throughput(Throughput::Elements(1000));
    g.bench_function("1000_lines", |b| {
        b.iter(|| asm::assemble(isa, black_box(&src)))
    });
    g.finish();

    let prog = asm::assemble(isa, &program(10_000)).expect("the bench program assembles");
    let words: Vec<_> = prog
        .lines
        .iter()
        .map(|l| encode::encode(isa, &l.inst))
        .collect();
    let mut g = c.benchmark_group("decode");
    g.throughput(Throughput::Elements(words.len() as u64));
    g.bench_function("10k_words", |b| {
        b.iter(|| {
            for &w in &words {
                let _ = black_box(decode::decode_inst(isa, black_box(w)));
            }
        })
    });
    g.bench_function("10k_words_with_notes", |b| {
        b.iter(|| {
            for &w in &words {
                let _ = black_box(decode::decode(isa, black_box(w)));
            }
        })
    });
    g.finish();

    let insts: Vec<_> = prog.lines.iter().map(|l| l.inst.clone()).collect();
    let mut g = c.benchmark_group("disasm");
    g.throughput(Throughput::Elements(insts.len() as u64));
    g.bench_function("10k_insts", |b| {
        b.iter(|| {
            for i in &insts {
                black_box(disasm::disasm(isa, black_box(i)));
            }
        })
    });
    g.finish();
    edits(c);
}

/// One line of a 10 000-line program edited, as by a keystroke.
fn edits(c: &mut Criterion) {
    let isa = isas::w128();
    let long = program(10_000);
    let line = long.match_indices('\n').nth(5000).map_or(0, |(i, _)| i + 1);
    let end = line + long[line..].find('\n').unwrap_or(0);
    let mut changed = long.clone();
    changed.replace_range(line..end, "IADD3 R4, R4, -2, RZ ;");
    let mut inserted = long.clone();
    inserted.insert_str(line, "IADD3 R4, R4, -2, RZ ;\n");
    let mut g = c.benchmark_group("edit_10k_lines");
    g.throughput(Throughput::Elements(10_000));
    for (name, edited) in [("changed", &changed), ("inserted", &inserted)] {
        assert_eq!(
            Incremental::new().assemble(isa, edited),
            asm::assemble(isa, edited)
        );
        g.bench_function(format!("{name}/assemble"), |b| {
            b.iter(|| asm::assemble(isa, black_box(edited)))
        });
        // each call one edit away from the last: the edit, then back
        let mut inc = Incremental::new();
        let texts = [edited, &long];
        let _ = inc.assemble(isa, &long);
        let mut k = 0;
        g.bench_function(format!("{name}/incremental"), |b| {
            b.iter(|| {
                k ^= 1;
                inc.assemble(isa, black_box(texts[k ^ 1]))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
