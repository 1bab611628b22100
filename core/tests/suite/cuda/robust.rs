//! No input makes the front end panic or overflow its stack: deep
//! nesting is an error, garbage is errors, and every error's span lies in
//! the text.

use crate::rng::Rng;
use warpscope_core::cuda::{parse_and_check, MAX_DEPTH, MAX_HEIGHT};

/// Runs the front end on `src` in a thread with the default 2 MiB stack
/// of test threads, and checks the spans of its errors.
fn survives(src: String) -> bool {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || match parse_and_check(&src) {
            Ok(_) => true,
            Err(errs) => {
                assert!(!errs.is_empty());
                for e in &errs {
                    assert!(
                        e.span.start <= e.span.end && e.span.end <= src.len(),
                        "{e:?}"
                    );
                    assert!(src.is_char_boundary(e.span.start) && src.is_char_boundary(e.span.end));
                }
                false
            }
        })
        .expect("spawn")
        .join()
        .expect("the front end panicked")
}

fn kernel(body: &str) -> String {
    format!("__global__ void k() {{ {body} }}")
}

#[test]
fn nesting_within_the_bound_is_accepted() {
    let n = MAX_DEPTH / 4;
    let parens = format!("int a = {}1{};", "(".repeat(n), ")".repeat(n));
    assert!(survives(kernel(&parens)));
    let blocks = format!("{}{}", "{".repeat(n), "}".repeat(n));
    assert!(survives(kernel(&blocks)));
    // A tall tree the checker walks, with a conversion at every level.
    let chain = format!("float a = 1u{};", " + 1".repeat(MAX_HEIGHT - 2));
    assert!(survives(kernel(&chain)));
    let ifs = "if (threadIdx.x) ".repeat(MAX_DEPTH - 2) + ";";
    assert!(survives(kernel(&ifs)));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for n in [MAX_DEPTH + 1, 10_000, 50_000] {
        let deep = [
            format!("int a = {}1{};", "(".repeat(n), ")".repeat(n)),
            format!("int a = {}1;", "-".repeat(n)),
            format!("int a = {}1;", "!".repeat(n)),
            format!("int a = {}1;", "(int)".repeat(n)),
            format!("{}{}", "{".repeat(n), "}".repeat(n)),
            "{".repeat(n),
            "if (1) ".repeat(n) + ";",
            "while (1) ".repeat(n) + ";",
            format!("int a = 1{};", " + 1".repeat(n.max(MAX_HEIGHT + 1))),
            format!("int a = {}1{};", "a = ".repeat(n), ""),
            format!("int a = {}1{};", "1 ? ".repeat(n), " : 2".repeat(n)),
            format!("int a = __popc({}1{});", "__popc(".repeat(n), ")".repeat(n)),
        ];
        for src in deep {
            assert!(!survives(kernel(&src)), "{}", &src[..40.min(src.len())]);
        }
    }
}

#[test]
fn huge_literals_and_empty_input_are_errors() {
    assert!(!survives(String::new()));
    assert!(!survives(" \n\t".into()));
    assert!(!survives(kernel(&format!("int a = {};", "9".repeat(5000)))));
    assert!(!survives(kernel(&format!(
        "int a = 0x{};",
        "f".repeat(5000)
    ))));
    assert!(!survives(kernel(&format!(
        "float a = {}.0f;",
        "9".repeat(5000)
    ))));
    // a width past the subset's bound is an error, not a huge line
    assert!(!survives(kernel(&format!(
        "printf(\"%{}d\", 1);",
        "9".repeat(50)
    ))));
}

/// Pieces of kernels, glued at random.
const PIECES: &[&str] = &[
    "__global__",
    "void",
    "k",
    "(",
    ")",
    "{",
    "}",
    "int",
    "unsigned",
    "float",
    "bool",
    "x",
    "y",
    "=",
    "+=",
    "/",
    "%",
    "<<",
    ">>",
    "-",
    "!",
    "~",
    "?",
    ":",
    ";",
    ",",
    "1",
    "0x80000000",
    "2.5f",
    "1.5",
    "'a'",
    "\"%d\\n\"",
    "printf",
    "__shfl_sync",
    "__match_all_sync",
    "&",
    "*",
    "[",
    "]",
    "if",
    "else",
    "for",
    "while",
    "do",
    "break",
    "continue",
    "return",
    "threadIdx",
    ".",
    "x",
    "__syncwarp",
    "/*",
    "*/",
    "//",
    "\n",
    "#include",
    "é",
    "\"",
    "'",
    "\\",
    "%",
];

#[test]
fn random_token_soup_never_panics() {
    let mut rng = Rng(0x5eed_cafe);
    for _ in 0..3000 {
        let n = rng.below(60) as usize;
        let mut src = String::from("__global__ void k() { ");
        if rng.below(4) == 0 {
            src.clear();
        }
        for _ in 0..n {
            src.push_str(rng.pick(PIECES));
            src.push(' ');
        }
        if rng.below(2) == 0 {
            src.push('}');
        }
        survives(src);
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0xb17e5);
    for _ in 0..2000 {
        let n = rng.below(200) as usize;
        let bytes: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
        survives(String::from_utf8_lossy(&bytes).into_owned());
    }
}

#[test]
fn long_texts_are_read_in_linear_time() {
    // Tens of thousands of names, each used once: one hash per lookup.
    let mut body = String::from("int v0 = 0;");
    for i in 1..50_000 {
        body.push_str(&format!(" int v{i} = v{} + 1;", i - 1));
    }
    let t = std::time::Instant::now();
    assert!(survives(kernel(&body)));
    // A line of a hundred thousand `#`: the lexer stops after its errors.
    assert!(!survives(kernel(&"# ".repeat(100_000))));
    assert!(!survives(kernel(&"@".repeat(100_000))));
    assert!(t.elapsed().as_secs() < 60, "{:?}", t.elapsed());
}
