//! Checks of the generator's output: determinism, shape, and the
//! `printf` conventions the recorder relies on.

use super::kernel;

/// The format strings and first arguments of every `printf` in `src`.
fn printfs(src: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = src;
    while let Some(at) = rest.find("printf(\"") {
        rest = &rest[at + 8..];
        let end = rest.find('"').expect("a closed format");
        let fmt = rest[..end].to_string();
        rest = &rest[end + 1..];
        let args = rest.trim_start_matches(", ");
        let first: String = args
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        found.push((fmt, first));
    }
    found
}

#[test]
fn same_seed_same_text() {
    for seed in [0, 1, 42, 0xdead_beef, u64::MAX] {
        assert_eq!(kernel(seed, "k"), kernel(seed, "k"));
    }
}

#[test]
fn different_seeds_different_texts() {
    let texts: std::collections::HashSet<String> = (0..200).map(|s| kernel(s, "k")).collect();
    assert_eq!(texts.len(), 200);
}

#[test]
fn kernels_have_the_expected_shape() {
    for seed in 0..2000 {
        let src = kernel(seed, "gen_kernel");
        assert!(
            src.starts_with("__global__ void gen_kernel()\n{\n    unsigned lane = threadIdx.x;\n"),
            "seed {seed}:\n{src}"
        );
        assert!(src.ends_with("}\n"), "seed {seed}");
        let mut depth = 0i32;
        let mut parens = 0i32;
        let mut in_str = false;
        for ch in src.chars() {
            match ch {
                '"' => in_str = !in_str,
                '{' if !in_str => depth += 1,
                '}' if !in_str => {
                    depth -= 1;
                    assert!(depth >= 0, "seed {seed}: unbalanced braces\n{src}");
                }
                '(' if !in_str => parens += 1,
                ')' if !in_str => parens -= 1,
                _ => {}
            }
        }
        assert_eq!(depth, 0, "seed {seed}: unbalanced braces\n{src}");
        assert_eq!(parens, 0, "seed {seed}: unbalanced parentheses\n{src}");
        assert!(src.matches("__activemask").count() <= 1, "seed {seed}");
    }
}

#[test]
fn every_printf_is_tagged_with_its_lane() {
    for seed in 0..2000 {
        let src = kernel(seed, "k");
        let calls = printfs(&src);
        assert!(
            (2..=8).contains(&calls.len()),
            "seed {seed}: {} printf calls\n{src}",
            calls.len()
        );
        for (fmt, first) in calls {
            assert!(fmt.starts_with("[%u] "), "seed {seed}: {fmt}");
            assert!(fmt.ends_with("\\n"), "seed {seed}: {fmt}");
            assert_eq!(fmt.matches("\\n").count(), 1, "seed {seed}: {fmt}");
            assert_eq!(first, "lane", "seed {seed}: {fmt}");
        }
    }
}

#[test]
fn float_literals_have_a_suffix() {
    for seed in 0..500 {
        let src = kernel(seed, "k");
        let bytes = src.as_bytes();
        for (i, _) in src.match_indices('.') {
            let before = i > 0 && bytes[i - 1].is_ascii_digit();
            if !before {
                continue;
            }
            // A number with a point ends in `f` (digits and an exponent
            // may come between).
            let tail: String = src[i + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            assert!(tail.ends_with('f'), "seed {seed}: {}", &src[i - 1..]);
        }
    }
}

/// Runs 1000 kernels (`COUNT`, from seed `FIRST`) through the reference
/// interpreter: every one is inside the subset, and nearly all have a
/// defined meaning (the others would be skipped by the recorder). `SHOW=1`
/// prints each rejected kernel.
#[test]
fn the_reference_interpreter_accepts_the_kernels() {
    let mut reasons: std::collections::BTreeMap<String, usize> = Default::default();
    let mut accepted = 0;
    let total: u64 = std::env::var("COUNT").map_or(1000, |s| s.parse().expect("a number"));
    let first: u64 = std::env::var("FIRST").map_or(0, |s| s.parse().expect("a number"));
    for seed in first..first + total {
        let src = kernel(seed, "k");
        match crate::cuda_ref::run(&src) {
            Ok(_) => accepted += 1,
            Err(e) => {
                let key = format!("{:?}: {}", e.kind, e.msg);
                if std::env::var_os("SHOW").is_some() {
                    println!("seed {seed}: {e}\n{src}");
                }
                *reasons.entry(key).or_default() += 1;
            }
        }
    }
    println!("accepted {accepted} of {total}");
    for (why, n) in &reasons {
        println!("{n:5}  {why}");
    }
    let outside: Vec<_> = reasons
        .keys()
        .filter(|k| k.starts_with("Syntax") || k.starts_with("Unsupported"))
        .collect();
    assert!(
        outside.is_empty(),
        "kernels outside the subset: {outside:?}"
    );
    assert!(
        accepted * 10 >= total * 9,
        "only {accepted} of {total} kernels have a defined meaning: {reasons:?}"
    );
}

#[test]
fn kernels_cover_the_subset() {
    let features = [
        "__shfl_sync",
        "__shfl_up_sync",
        "__shfl_down_sync",
        "__shfl_xor_sync",
        "__ballot_sync",
        "__any_sync",
        "__all_sync",
        "__uni_sync",
        "__match_any_sync",
        "__match_all_sync",
        "__reduce_add_sync",
        "__reduce_min_sync",
        "__reduce_max_sync",
        "__reduce_and_sync",
        "__reduce_or_sync",
        "__reduce_xor_sync",
        "__syncwarp",
        "__popc",
        "__ffs",
        "__brev",
        "__clz",
        "__activemask",
        "return;",
        "break;",
        "continue;",
        "while (",
        "do {",
        "for (;;)",
        "} else {",
        "%c",
        "%s",
        "%e",
        "%f",
        "%x",
        "%%",
        "<<=",
        ">>=",
        "/=",
        "%=",
        "++",
        "--",
        " ? ",
        "&&",
        "||",
        "'",
    ];
    let texts: Vec<String> = (0..500).map(|s| kernel(s, "k")).collect();
    for f in features {
        let n = texts.iter().filter(|t| t.contains(f)).count();
        assert!(n >= 5, "`{f}` in only {n} of 500 kernels");
    }
}

/// Prints the kernel for the seed in `SEED`.
#[test]
#[ignore]
fn show() {
    let seed: u64 = std::env::var("SEED").map_or(1, |s| s.parse().expect("a number"));
    println!("{}", kernel(seed, "k"));
}
