//! The compiler to w128: the code a reader sees, the limits of w128 as
//! located errors, and division by constants checked against Rust's own
//! division through the simulator.

use warpscope_core::cuda::{self, printf, Compiled};
use warpscope_core::sim::RunStatus;

fn compiled(body: &str) -> Compiled {
    let src = format!("__global__ void k()\n{{\n{body}\n}}\n");
    cuda::compile(&src).unwrap_or_else(|e| panic!("`{body}` refused: {e:#?}"))
}

/// What each lane printed, joined.
fn printed(body: &str) -> Vec<String> {
    let c = compiled(body);
    let out = cuda::run(&c, 1_000_000);
    assert_eq!(out.status, RunStatus::Exited, "{}", c.asm);
    let mut lanes = vec![String::new(); 32];
    for p in out.prints {
        lanes[p.lane as usize].push_str(&p.text);
    }
    lanes
}

#[test]
fn a_shuffle_is_the_one_instruction_a_cuda_programmer_expects() {
    let c = compiled("int v = threadIdx.x; v = __shfl_xor_sync(0xffffffff, v, 16);");
    assert!(
        c.asm.contains("SHFL.BFLY PT, R0, R0, 0x10, 0x1f"),
        "{}",
        c.asm
    );
}

#[test]
fn registers_are_named_after_variables_and_lines_head_their_code() {
    let c = compiled("int total = threadIdx.x;\ntotal += 3;");
    assert!(
        c.asm.contains("// 3: int total = threadIdx.x;"),
        "{}",
        c.asm
    );
    assert!(c.asm.contains("// 4: total += 3;"), "{}", c.asm);
    let add = c
        .asm
        .lines()
        .find(|l| l.contains("IADD3"))
        .expect("an IADD3");
    assert!(add.ends_with("// total"), "{add}");
    // every instruction knows the CUDA line it came from
    let add_at = c
        .program
        .lines
        .iter()
        .find(|l| l.span.end - l.span.start == "total += 3;".len());
    assert_eq!(add_at.map(|l| l.line), Some(4));
    assert_eq!(
        c.registers,
        [("total".to_string(), 0), ("threadIdx.x".to_string(), 1)]
    );
}

#[test]
fn a_simple_kernel_has_no_dead_instructions() {
    // read the lane, add, print, exit: nothing else
    let c = compiled("int v = threadIdx.x + 1;\nprintf(\"%d\\n\", v);");
    let ops: Vec<&str> = c
        .program
        .lines
        .iter()
        .map(|l| {
            let isa = warpscope_core::isas::w128();
            let optype = l.inst.def(isa).optype;
            isa.optypes[optype].name.as_str()
        })
        .collect();
    assert_eq!(ops, ["S2R", "IADD3", "NOP", "EXIT"], "{}", c.asm);
}

#[test]
fn division_by_constants_matches_rust() {
    let divisors: &[i64] = &[
        1,
        2,
        3,
        5,
        6,
        7,
        9,
        10,
        11,
        13,
        25,
        100,
        125,
        641,
        1000,
        65535,
        65537,
        0x7fff_ffff,
        -1,
        -2,
        -3,
        -7,
        -10,
        -64,
        -1000,
    ];
    let xs: Vec<i64> = (0..32)
        .map(|l: i64| l * 0x0913_5c6d - 0x7fff_fff0 + l * l * 977)
        .collect();
    for &d in divisors {
        for signed in [true, false] {
            if !signed && d < 0 {
                continue;
            }
            let (t, suffix) = if signed {
                ("int", "")
            } else {
                ("unsigned", "u")
            };
            let body = format!(
                "{t} x = ({t})(threadIdx.x * 0x09135c6du + threadIdx.x * threadIdx.x * 977u - 0x7ffffff0u);\n\
                 printf(\"%d %d\\n\", ({t})(x / {d}{suffix}), ({t})(x % {d}{suffix}));"
            );
            let got = printed(&body);
            for (lane, x) in xs.iter().enumerate() {
                let want = if signed {
                    let x = *x as u32 as i32;
                    let d = d as i32;
                    format!("{} {}\n", x.wrapping_div(d), x.wrapping_rem(d))
                } else {
                    let x = *x as u32;
                    let d = d as u32;
                    format!("{} {}\n", (x / d) as i32, (x % d) as i32)
                };
                assert_eq!(got[lane], want, "{t} / {d}, lane {lane}");
            }
        }
    }
}

#[test]
fn the_reciprocals_are_exact_for_every_edge_dividend() {
    // through the simulator: the largest values and the multiples' edges
    for d in [3u32, 7, 11, 641, 0x8000_0001, 0xffff_fffe, 0xffff_ffff] {
        let body = format!(
            "unsigned x = 0xffffffffu - threadIdx.x * {d}u / 7u;\n\
             printf(\"%u %u\\n\", x / {d}u, x % {d}u);"
        );
        let got = printed(&body);
        for (lane, text) in got.iter().enumerate() {
            let x = 0xffff_ffffu32.wrapping_sub((lane as u32).wrapping_mul(d) / 7);
            assert_eq!(text, &format!("{} {}\n", x / d, x % d), "{d}, lane {lane}");
        }
    }
}

#[test]
fn too_many_variables_is_a_located_error() {
    let decls: String = (0..300).map(|i| format!("int v{i} = {i};\n")).collect();
    let src = format!("__global__ void k()\n{{\n{decls}}}\n");
    let errs = cuda::compile(&src).expect_err("300 variables do not fit");
    let first = &errs[0];
    assert!(
        first.message().contains("255 registers"),
        "{}",
        first.message()
    );
    assert_eq!(&src[first.span.start..first.span.end], "v255");
}

#[test]
fn printf_formats_as_c_does() {
    let lanes = printed(
        "printf(\"[%5d|%-4u|%08x|%#X|%+.2f|%e|%c|%s|%.3d|%%]\\n\", -42, 7u, 0xbeefu, 255u, 1.005f, 1234.5f, 65, \"hi\", 5);",
    );
    assert_eq!(
        lanes[0],
        "[  -42|7   |0000beef|0XFF|+1.00|1.234500e+03|A|hi|005|%]\n"
    );
}

#[test]
fn printf_of_special_floats() {
    use warpscope_core::cuda::ast::{Conversion, Flags, Piece, Ty};
    let dir = |conv, width| Piece::Directive {
        flags: Flags {
            zero: true,
            ..Flags::default()
        },
        width,
        precision: None,
        conv,
    };
    let pieces = [
        dir(Conversion::Fixed(false), 6),
        Piece::Text(" ".into()),
        dir(Conversion::Fixed(true), 0),
    ];
    let args = [
        printf::Arg::Number(Ty::Float, f32::NEG_INFINITY.to_bits()),
        printf::Arg::Number(Ty::Float, f32::NAN.to_bits()),
    ];
    assert_eq!(printf::format(&pieces, &args), "  -inf NAN");
}

#[test]
fn divergent_code_keeps_cuda_order_and_reconverges() {
    let lanes = printed(
        "unsigned lane = threadIdx.x;\n\
         if (lane < 4u) { printf(\"a\"); if (lane == 1u) return; } else { printf(\"b\"); }\n\
         for (unsigned i = 0; i < lane % 3u; i++) { if (i == 1u) continue; printf(\"%u\", i); }\n\
         printf(\"|%u\\n\", __activemask());",
    );
    assert_eq!(lanes[0], "a|4294967293\n");
    assert_eq!(lanes[1], "a");
    assert_eq!(lanes[2], "a0|4294967293\n");
    assert_eq!(lanes[5], "b0|4294967293\n");
}

#[test]
fn a_printf_field_wider_than_the_subset_allows_is_refused() {
    let src = "__global__ void k()\n{\n    printf(\"%000000008809574745115954739d\\n\", 1);\n}\n";
    let errs = cuda::compile(src).expect_err("refused");
    assert!(
        errs[0].message().contains("above 512"),
        "{}",
        errs[0].message()
    );
    assert!(cuda::compile(
        "__global__ void k()\n{\n    printf(\"%512d|%.512f\\n\", 1, 1.0f);\n}\n"
    )
    .is_ok());
}
