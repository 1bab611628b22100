//! Malformed puzzle files and puzzle links: every problem gets a message
//! with its line and column, never a panic.

use warpscope_core::diag::render;
use warpscope_core::link::{encode_link, LinkState};
use warpscope_core::puzzle::link::{
    decode_puzzle_link, encode_bundled_link, encode_puzzle_link, PuzzleLinkError,
};
use warpscope_core::puzzle::{self, bundled_texts};

const GOOD: &str = "\
title = T
isa = w128

[output R1]

[solution]
    MOV R1, R0
    EXIT
";

/// The first line of each rendered error, `p:LINE:COL: error: MESSAGE`.
fn errors(text: &str) -> Vec<String> {
    let diags = puzzle::parse(text).expect_err("the text should not parse");
    render(&diags, &[("p", text)])
        .lines()
        .filter(|l| l.starts_with("p:"))
        .map(str::to_string)
        .collect()
}

fn first_error(text: &str) -> String {
    errors(text).into_iter().next().unwrap_or_default()
}

#[test]
fn the_minimal_puzzle_parses() {
    let p = puzzle::parse(GOOD).unwrap();
    assert_eq!(p.id, "custom");
    assert_eq!(p.solution, "    MOV R1, R0\n    EXIT");
}

#[test]
fn malformed_puzzles_get_located_messages() {
    let cases: &[(&str, &str)] = &[
        (
            "title = T\nisa = w64\n[output R1]\n[solution]\nEXIT\n",
            "p:2:7: error: unknown ISA `w64`",
        ),
        (
            "title = T\nisa = w128\n[output R300]\n[solution]\nEXIT\n",
            "p:3:9: error: `R300` is not a register of w128",
        ),
        (
            "title = T\nisa = gfx9\n[output R1]\n[solution]\ns_endpgm\n",
            "p:3:9: error: `R1` is not a register of gfx9",
        ),
        (
            "title = T\nisa = w128\n[outputs R1]\n[solution]\nEXIT\n",
            "p:3:2: error: unknown section `[outputs]`",
        ),
        (
            "title = T\nisa = w128\n[output]\n[solution]\nEXIT\n",
            "p:3:2: error: `[output]` needs a register: `[output R0]`",
        ),
        (
            "title = T\nisa = w128\n[input R0]\n[output R1]\n[solution]\nEXIT\n[solution.cuda]\n__global__ void k() {\n  __output(0, __input(1));\n}\n",
            "p:9:23: error: in the CUDA solution: the puzzle has 1 input(s), numbered from 0; there is no input 1",
        ),
        (
            "title = T\nisa = sm50\n[output R1]\n[solution]\nEXIT\n[solution.cuda]\n__global__ void k() { }\n",
            "p:7:1: error: in the CUDA solution: CUDA C compiles to w128; this puzzle is for sm50",
        ),
        (
            "title = T\nisa = w128\n[output R1]\n[limits]\ncuda_steps = 0\n[solution]\nEXIT\n",
            "p:5:14: error: `cuda_steps` is a count from 1 to 1000000",
        ),
        (
            "title = T\nisa = w128\ncolour = red\n[output R1]\n[solution]\nEXIT\n",
            "p:3:1: error: unknown key `colour` at the top of a puzzle",
        ),
        (
            "title = T\nisa = w128\n[input R0]\nrange = 10..2\n[output R1]\n[solution]\nEXIT\n",
            "p:4:9: error: the low end of the range is above the high end",
        ),
        (
            "title = T\nisa = w128\n[input R0]\nspecial = 1, x2, 3\n[output R1]\n[solution]\nEXIT\n",
            "p:4:14: error: `x2` is not a 32-bit number",
        ),
        (
            "title = T\nisa = w128\n[output R1]\nlanes = some\n[solution]\nEXIT\n",
            "p:4:9: error: `some` is not a lane choice: use `active`, `all` or a mask",
        ),
        (
            "title = T\nisa = w128\n[cases]\nactive = all, most\n[output R1]\n[solution]\nEXIT\n",
            "p:4:15: error: `most` is not a lane set (all, one, alternating, partial, random or a non-zero mask)",
        ),
        (
            "title = T\nisa = w128\n[limits]\nsteps = 0\n[output R1]\n[solution]\nEXIT\n",
            "p:4:9: error: `steps` is a count from 1 to 1000000",
        ),
        (
            "title = T\nisa = w128\n[limits]\nsteps\n[output R1]\n[solution]\nEXIT\n",
            "p:4:1: error: expected `key = value`",
        ),
        (
            "title = T\ntitle = U\nisa = w128\n[output R1]\n[solution]\nEXIT\n",
            "p:2:1: error: `title` is given twice",
        ),
        (
            "title = T\nisa = w128\n[output R1]\n[output R1]\n[solution]\nEXIT\n",
            "p:4:2: error: `[output R1]` is given twice",
        ),
        (
            "title = T\nisa = w128\n[output R1]\n[solution]\n    MOV R1, R0\n    FROB R1\n",
            "p:6:5: error: in the solution: unknown mnemonic `FROB`",
        ),
        (
            "title = T\nisa = w128\n[output R1]\n[solution]\n.init R0 = 1\nEXIT\n",
            "p:5:1: error: the solution may not use `.active` or `.init`",
        ),
        (
            "title = T\nisa = sm50\n[input CC]\n[output R1]\n[solution]\nEXIT\n",
            "p:3:8: error: `CC` holds values up to 0xf",
        ),
        (
            "title = T\nisa = w128\n[output R1]\n",
            "p:4:1: error: the puzzle has no `[solution]` section",
        ),
        (
            "isa = w128\n[output R1]\n[solution]\nEXIT\n",
            "p:1:1: error: the puzzle has no `title = ...`",
        ),
        (
            "title = T\nisa = w128\n[solution]\nEXIT\n",
            "p:5:1: error: the puzzle checks nothing: add an `[output REG]` section",
        ),
        (
            "title = T\nisa = w128\n[output R1]\n[hint.zh]\n提示\n[solution]\nEXIT\n",
            "p:5:1: error: a `[hint.zh]` must come after its `[hint]`, one for each",
        ),
        (
            "title = T\nisa = w128\n[output R1]\n[hint]\nA\n[hint.zh]\n甲\n[hint]\nB\n[solution]\nEXIT\n",
            "p:12:1: error: 2 hints but 1 in Chinese: give every `[hint]` a `[hint.zh]`, or none",
        ),
    ];
    for (text, want) in cases {
        let got = first_error(text);
        assert!(
            got.starts_with(want),
            "for {text:?}\n  want {want}\n  got  {got}\n  all  {:?}",
            errors(text)
        );
    }
}

#[test]
fn a_markdown_link_in_a_statement_is_text_not_a_section() {
    let text = GOOD.replace(
        "[output R1]",
        "[statement]\nRead this:\n[the docs](https://example.org)\n[note]\n\n[output R1]",
    );
    let p = puzzle::parse(&text).unwrap();
    assert_eq!(
        p.statement,
        "Read this:\n[the docs](https://example.org)\n[note]"
    );
}

#[test]
fn every_error_is_reported_not_only_the_first() {
    let text = "title = T\nisa = w128\nlevel = 9\n[input R999]\n[output R1]\n[solution]\nEXIT\n";
    let errs = errors(text);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs[0].starts_with("p:3:9: error: `level`"));
    assert!(errs[1].starts_with("p:4:8: error: `R999`"));
}

#[test]
fn damaged_text_never_panics() {
    // Every prefix of every bundled puzzle, and a few byte-level mutations.
    for (_, text) in bundled_texts().iter().take(4) {
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                let _ = puzzle::parse(&text[..cut]);
            }
            cut += 7;
        }
        for pat in ["[", "]", "=", "\n", "..", ","] {
            let _ = puzzle::parse(&text.replace(pat, ""));
        }
    }
}

#[test]
fn puzzle_links_carry_a_whole_puzzle_and_an_attempt() {
    let fragment = encode_puzzle_link(GOOD, Some("MOV R1, R0\n"));
    assert!(fragment.starts_with("v1."));
    let opened = decode_puzzle_link(&fragment).unwrap().unwrap();
    assert_eq!(opened.text, GOOD);
    assert_eq!(opened.puzzle.title, "T");
    assert_eq!(opened.attempt.as_deref(), Some("MOV R1, R0\n"));

    let short = encode_bundled_link("rotate", None).unwrap();
    let opened = decode_puzzle_link(&short).unwrap().unwrap();
    assert_eq!(opened.puzzle.id, "rotate");
    assert_eq!(opened.attempt, None);
    assert!(short.len() < encode_puzzle_link(opened.text.as_str(), None).len());

    // An ordinary program link is no puzzle link.
    let plain = encode_link(&LinkState::new("w128", "EXIT\n"));
    assert_eq!(decode_puzzle_link(&plain).unwrap(), None);
}

#[test]
fn broken_puzzle_links_get_located_messages() {
    let bad = "title = T\nisa = w128\n[output R1]\n[solution]\nFROB\n";
    let fragment = encode_puzzle_link(bad, None);
    match decode_puzzle_link(&fragment) {
        Err(e @ PuzzleLinkError::Puzzle { .. }) => {
            let msg = e.to_string();
            assert!(
                msg.starts_with(
                    "puzzle in the link:5:1: error: in the solution: unknown mnemonic `FROB`"
                ),
                "{msg}"
            );
        }
        other => panic!("{other:?}"),
    }
    let cut = &fragment[..fragment.len() - 4];
    match decode_puzzle_link(cut) {
        Err(PuzzleLinkError::Link(e)) => assert!(e.offset.is_some(), "{e}"),
        other => panic!("{other:?}"),
    }
    let mut s = LinkState::new("w128", "");
    s.view.push(("puzzle-id".into(), "no_such_puzzle".into()));
    let e = decode_puzzle_link(&encode_link(&s)).unwrap_err();
    assert!(e.to_string().contains("`no_such_puzzle`"));
}
