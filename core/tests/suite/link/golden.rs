//! Pinned golden links: links made by the v1 encoder, committed as literal
//! strings together with the state each one must open to.
//!
//! Links are versioned forever. Every entry of [`GOLDEN`] is a promise that
//! a link someone already shared keeps opening, with exactly the same state,
//! in every later version of warpscope. If a change makes one of these tests
//! fail, the change breaks old links: fix the change, never the table.
//! New entries may be added (made with the encoder of the day); existing
//! entries are never edited or removed. A new format gets a new version tag
//! and its own table beside this one, and the v1 table stays.
//!
//! The expected states are literals too (not read from example files, which
//! may change).

use warpscope_core::link::{decode_link, encode_link, LinkState, DICTIONARY_V1};

/// A 20-line program, as typed in the playground.
const TWENTY_LINES: &str = "\
// Title: Warp sum
.init R0 = lane + 1

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
    REDUX.SUM R2, R0
    ELECT P1, R3, PT
@P1 MOV R4, R2
    VOTE.ANY R5, PT, P1
    POPC R6, R5
    S2R R7, SR_LANEID
    EXIT
";

fn state(
    isa: &str,
    source: &str,
    selected: Option<u32>,
    step: Option<u64>,
    view: &[(&str, &str)],
) -> LinkState {
    LinkState {
        isa: isa.to_string(),
        source: source.to_string(),
        selected,
        step,
        view: view
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// Links made by warpscope's own deflate encoder, which replaced miniz's
/// compressor (level 10) to make the wasm bundle smaller, for the states of
/// older entries whose link it writes differently: (older fragment, newer
/// fragment). Never edit an entry; only add new ones.
const REENCODED: &[(&str, &str)] = &[
    (
        "v1.pZU9CoAwDIXBKl7D3cV_O3qLzoIVQbqIoMfyPJ7GpKG1i1LoWvJKhvd9SeOjrPjNrP0yge4FvxoHFcZBOcjO6-PPNX_TPCTchISrkHDpE3boIFx0y4hJnKo1kwNcDV3sRjsZZ14OWrIVcIDvxEIHcy1th17pXa_YHrM0YrPa2SLPBC6zkvE0buslHg",
        "v1.Y2cpNzSyuMUML_0UwoFlL6h8hZVBBrAySBtY2BFlME5n4tVtQYlmE0o0G1Gi2ZAYzfDcAc0uYEFongSpMgbnSQdgrQFO2CagbApWg8gHpiAloHwAFofkBTMdoDiYDy5XzJHKFUQ6ZmZnYk7LLWHOSK1gBdbMuaksKYlF2RvCAQ",
    ),
    (
        "v1.fdSxCQAgDABBA-oc9jaJINi7iZjS2gFdxUEEI9hlgS--OG8npVKfN1c0RAxRGFIeZIn8XwYcj8YdaO0D",
        "v1.Y2MpNzSycIaWN-ASzcDAQEEbXOzgCwNTiCGI8GJgZE3NTUpNYTQ8_AQA",
    ),
    (
        "v1.AUYAuf8BBHcxMjg8Ly8gaMOpbGxvIHfDtnJsZCDinJMg8J-agCAADQo8c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ-CglFWElUAMWL",
        "v1.Y2QpNzSysAEWeRmHV-bk5CuUH95WlJOi8GjOZIUP82c1KDDwctkUJxdlFpTYJeakFpVoGGra6EMFuDhBIcVwtBsA",
    ),
];

/// (fragment, expected state), made with the v1 encoder of the day, then
/// the entries of [`REENCODED`]. Never edit an entry; only add new ones.
fn golden() -> Vec<(&'static str, LinkState)> {
    let mut all = vec![
        (
            "v1.Y2ApNzSyYAX7OO8ZAA",
            state("w128", "EXIT\n", None, None, &[]),
        ),
        (
            "v1.Y2ApNzSyYCjbDAA",
            state("w128", "", None, None, &[]),
        ),
        (
            "v1.pZU9CoAwDIXBKl7D3cV_O3qLzoIVQbqIoMfyPJ7GpKG1i1LoWvJKhvd9SeOjrPjNrP0yge4FvxoHFcZBOcjO6-PPNX_TPCTchISrkHDpE3boIFx0y4hJnKo1kwNcDV3sRjsZZ14OWrIVcIDvxEIHcy1th17pXa_YHrM0YrPa2SLPBC6zkvE0buslHg",
            state(
                "w128",
                TWENTY_LINES,
                Some(3),
                Some(7),
                &[("fmt", "hex"), ("theme", "dark")],
            ),
        ),
        (
            "v1.fdSxCQAgDABBA-oc9jaJINi7iZjS2gFdxUEEI9hlgS--OG8npVKfN1c0RAxRGFIeZIn8XwYcj8YdaO0D",
            state(
                "w128",
                ".init R0 = 1000 + lane\n    SHFL.IDX PT, R1, R0, 0x5, 0x1f\n    EXIT\n",
                None,
                Some(0),
                &[("embed", "1")],
            ),
        ),
        (
            "v1.AUYAuf8BBHcxMjg8Ly8gaMOpbGxvIHfDtnJsZCDinJMg8J-agCAADQo8c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ-CglFWElUAMWL",
            state(
                "w128",
                "// h\u{e9}llo w\u{f6}rld \u{2713} \u{1f680} \u{0}\r\n<script>alert(1)</script>\n\tEXIT",
                Some(0),
                None,
                &[],
            ),
        ),
        (
            "v1.Y2AuNzNhAZURE94BAA",
            state("w64", "NOP\n", None, None, &[]),
        ),
        (
            "v1.Y2dgrPgPBPz_YYCRiYGBMZv18B5bNeWzEwA",
            state(
                "",
                "x",
                Some(u32::MAX),
                Some(u64::MAX),
                &[("", ""), ("k", "\u{fc}=&#")],
            ),
        ),
    ];
    for &(older, newer) in REENCODED {
        let state = all
            .iter()
            .find(|(f, _)| *f == older)
            .map(|(_, s)| s.clone());
        all.push((newer, state.expect("REENCODED names an entry of the table")));
    }
    all
}

#[test]
fn golden_links_open_to_their_state() {
    for (fragment, want) in golden() {
        match decode_link(fragment) {
            Ok(got) => assert_eq!(got, want, "{fragment}"),
            Err(e) => panic!("golden link {fragment} no longer opens: {e}"),
        }
    }
}

#[test]
fn golden_links_open_as_urls_too() {
    for (fragment, want) in golden() {
        let url = format!("https://example.org/warpscope/?x=1#{fragment}");
        assert_eq!(decode_link(&url).as_ref(), Ok(&want));
        assert_eq!(decode_link(&format!("#{fragment}")).as_ref(), Ok(&want));
    }
}

/// The encoder of today still produces the pinned text: for each state,
/// the last entry of the table that holds it. Unlike the test above, this
/// one may legitimately change (a better compressor gives different,
/// equally valid bytes): if it fails while the decoding tests pass, old
/// links still work; add the new outputs as new golden entries (as
/// [`REENCODED`] does) instead of editing old ones.
#[test]
fn encoder_output_is_stable() {
    let all = golden();
    for (_, want) in &all {
        let newest = all.iter().rev().find(|(_, s)| s == want).map(|(f, _)| *f);
        assert_eq!(Some(encode_link(want).as_str()), newest);
    }
}

#[test]
fn a_twenty_line_program_makes_a_short_link() {
    let link = encode_link(&state("w128", TWENTY_LINES, None, None, &[]));
    assert!(TWENTY_LINES.lines().count() == 20);
    // 474 bytes of source; the link is well under half of it.
    assert!(link.len() < TWENTY_LINES.len() / 2, "{} chars", link.len());
}

#[test]
fn unknown_isa_keeps_the_source_and_warns() {
    let (fragment, _) = &golden()[5];
    let st = decode_link(fragment).expect("opens");
    assert_eq!(st.source, "NOP\n");
    let w = st.warnings();
    assert_eq!(w.len(), 1);
    assert!(w[0].contains("`w64`") && w[0].contains("`w128`"), "{w:?}");
}

#[test]
fn hostile_text_is_returned_as_plain_text() {
    let (fragment, _) = &golden()[4];
    let st = decode_link(fragment).expect("opens");
    assert!(st.source.contains("<script>alert(1)</script>"));
    assert!(st.source.contains('\u{0}'));
}

/// docs/links.md reproduces the v1 dictionary byte for byte.
#[test]
fn the_documented_dictionary_is_the_real_one() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/links.md"))
        .expect("docs/links.md");
    let start = doc
        .find("<!-- dictionary-v1 -->\n```text\n")
        .expect("the dictionary block in docs/links.md")
        + "<!-- dictionary-v1 -->\n```text\n".len();
    let len = doc[start..].find("```\n").expect("end of the block");
    assert_eq!(&doc[start..start + len], DICTIONARY_V1);
    assert_eq!(DICTIONARY_V1.len(), 1601);
    assert!(doc.contains("These 1601 bytes"));
}
