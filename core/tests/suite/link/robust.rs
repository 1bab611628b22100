//! The link codec on random and hostile input: round trips of random
//! states, every truncation and single-character corruption of real links,
//! wrong versions, oversized and malformed content. Nothing may panic, and
//! every failure must say what is wrong.

use proptest::prelude::*;
use warpscope_core::examples::w128_examples;
use warpscope_core::link::{
    decode_link, encode_link, try_encode_link, LinkErrorKind, LinkState, MAX_FRAGMENT, MAX_PAYLOAD,
};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding, written independently of the library's.
fn b64(data: &[u8]) -> String {
    let mut bits = String::new();
    for b in data {
        bits.push_str(&format!("{b:08b}"));
    }
    while bits.len() % 6 != 0 {
        bits.push('0');
    }
    bits.as_bytes()
        .chunks(6)
        .map(|c| B64[usize::from_str_radix(std::str::from_utf8(c).unwrap(), 2).unwrap()] as char)
        .collect()
}

/// CRC-32 (IEEE), written independently of the library's.
fn crc32(data: &[u8]) -> u32 {
    let table: Vec<u32> = (0..256u32)
        .map(|n| {
            (0..8).fold(n, |c, _| {
                if c & 1 == 1 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                }
            })
        })
        .collect();
    !data.iter().fold(!0u32, |c, &b| {
        table[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8)
    })
}

/// A v1 link around hand-made payload fields (the check value is added),
/// compressed without referring to the dictionary (which is still valid v1).
fn link_of_payload(fields: &[u8]) -> String {
    let mut payload = fields.to_vec();
    payload.extend_from_slice(&(crc32(fields) as u16).to_le_bytes());
    link_of_raw_payload(&payload)
}

/// A v1 link around exactly these payload bytes.
fn link_of_raw_payload(payload: &[u8]) -> String {
    format!(
        "v1.{}",
        b64(&miniz_oxide::deflate::compress_to_vec(payload, 6))
    )
}

fn real_state() -> LinkState {
    let mut s = LinkState::new("w128", w128_examples()[3].source);
    s.selected = Some(5);
    s.step = Some(9);
    s.view.push(("fmt".into(), "bin".into()));
    s
}

fn kind(fragment: &str) -> LinkErrorKind {
    match decode_link(fragment) {
        Ok(s) => panic!("{fragment:?} decoded to {s:?}"),
        Err(e) => {
            assert!(!e.message().is_empty());
            e.kind
        }
    }
}

fn arb_state() -> impl Strategy<Value = LinkState> {
    (
        "[a-z0-9]{0,6}",
        any::<String>(),
        proptest::option::of(any::<u32>()),
        proptest::option::of(any::<u64>()),
        proptest::collection::vec((any::<String>(), any::<String>()), 0..4),
    )
        .prop_map(|(isa, source, selected, step, view)| LinkState {
            isa,
            source,
            selected,
            step,
            view,
        })
}

proptest! {
    #[test]
    fn random_states_round_trip(state in arb_state()) {
        let link = encode_link(&state);
        prop_assert!(link.starts_with("v1."));
        prop_assert!(link[3..].bytes().all(|b| B64.contains(&b)));
        prop_assert_eq!(decode_link(&link), Ok(state));
    }

    #[test]
    fn assembly_like_text_round_trips(
        lines in proptest::collection::vec(
            "(@!?P[0-6] )?(SHFL\\.(UP|DOWN|BFLY|IDX)|IADD3|VOTE\\.ANY|EXIT|REDUX\\.SUM) R[0-9]{1,3}, 0x[0-9a-f]{1,4}( // .{0,20})?",
            0..40,
        )
    ) {
        let state = LinkState::new("w128", &lines.join("\n"));
        prop_assert_eq!(decode_link(&encode_link(&state)), Ok(state));
    }

    #[test]
    fn arbitrary_text_never_panics(s in ".{0,200}") {
        let _ = decode_link(&s);
        let _ = decode_link(&format!("v1.{s}"));
    }

    #[test]
    fn arbitrary_base64_bodies_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = decode_link(&format!("v1.{}", b64(&bytes)));
        // The same bytes as a raw deflate stream of a payload.
        let _ = decode_link(&link_of_payload(&bytes));
    }
}

#[test]
fn every_example_round_trips() {
    for e in w128_examples() {
        let state = LinkState::new("w128", e.source);
        assert_eq!(decode_link(&encode_link(&state)), Ok(state), "{}", e.id);
    }
}

#[test]
fn every_truncation_fails_cleanly() {
    let state = real_state();
    let link = encode_link(&state);
    for n in 0..link.len() {
        let cut = &link[..n];
        match decode_link(cut) {
            Err(e) => {
                assert!(e.offset.is_none_or(|at| at <= n), "{cut}: {e:?}");
                if n > 3 {
                    assert!(
                        matches!(e.kind, LinkErrorKind::Truncated | LinkErrorKind::Corrupt),
                        "{n}: {e:?}"
                    );
                }
            }
            // Losing only bits that the decoder would have read as zeros
            // anyway may still open the same state, never another one.
            Ok(s) => assert_eq!(s, state, "prefix of length {n}"),
        }
    }
    assert_eq!(kind(&link[..link.len() - 1]), LinkErrorKind::Truncated);
}

#[test]
fn every_single_character_corruption_is_handled() {
    let state = real_state();
    let link = encode_link(&state);
    let replacements: Vec<char> = B64
        .iter()
        .map(|&b| b as char)
        .chain(['=', '.', '+', '/', ' ', '%', '#', '\u{e9}', '\u{0}'])
        .collect();
    let mut opened_differently = 0;
    for (i, orig) in link.char_indices() {
        for &r in &replacements {
            if r == orig {
                continue;
            }
            let mut bad = String::with_capacity(link.len() + 2);
            bad.push_str(&link[..i]);
            bad.push(r);
            bad.push_str(&link[i + orig.len_utf8()..]);
            match decode_link(&bad) {
                Ok(s) => {
                    if s != state {
                        opened_differently += 1;
                    }
                }
                Err(e) => {
                    let shown = e.to_string();
                    assert!(!shown.is_empty());
                    if let Some(at) = e.offset {
                        assert!(at <= bad.len(), "{bad}: {e:?}");
                    }
                }
            }
        }
    }
    // The 16-bit check value lets about one damaged link in 65536 through.
    let total = link.len() * replacements.len();
    assert!(opened_differently <= 2, "{opened_differently} of {total}");
    assert!(
        opened_differently * 20 < total,
        "{opened_differently} of {total}"
    );
}

#[test]
fn bad_characters_are_located() {
    let link = encode_link(&real_state());
    let bad = format!("{}*{}", &link[..10], &link[11..]);
    let e = decode_link(&bad).unwrap_err();
    assert_eq!(e.kind, LinkErrorKind::BadCharacter('*'));
    assert_eq!(e.offset, Some(10));
    assert!(e.to_string().contains("at character 10"), "{e}");
    // Offsets count from the fragment, also when a URL was given.
    let e = decode_link(&format!("https://h.example/a?b=c#{bad}")).unwrap_err();
    assert_eq!(e.kind, LinkErrorKind::BadCharacter('*'));
    assert_eq!(e.offset, Some(10));
    // A second '#' is part of the fragment, and not base64.
    let e = decode_link(&format!("https://h.example/#{link}#x")).unwrap_err();
    assert_eq!(e.kind, LinkErrorKind::BadCharacter('#'));
    assert_eq!(e.offset, Some(link.len()));
}

#[test]
fn versions() {
    let body = &encode_link(&real_state())[3..];
    assert_eq!(
        kind(&format!("v2.{body}")),
        LinkErrorKind::UnsupportedVersion("v2".into())
    );
    assert_eq!(
        kind(&format!("v10.{body}")),
        LinkErrorKind::UnsupportedVersion("v10".into())
    );
    let e = decode_link(&format!("v2.{body}")).unwrap_err();
    assert!(e.message().contains("newer"), "{e}");
    for not_a_link in [
        format!("V1.{body}"),
        format!("1.{body}"),
        format!("v1{body}"),
        format!("vx.{body}"),
        "hello".to_string(),
        "https://example.org/".to_string(),
    ] {
        assert_eq!(kind(&not_a_link), LinkErrorKind::NotALink, "{not_a_link}");
    }
    assert_eq!(kind(""), LinkErrorKind::Empty);
    assert_eq!(kind("#"), LinkErrorKind::Empty);
    assert_eq!(kind("  \n"), LinkErrorKind::Empty);
    assert_eq!(kind("v1."), LinkErrorKind::Truncated);
    assert_eq!(kind("v1.A"), LinkErrorKind::Truncated);
}

#[test]
fn padding_is_accepted_and_trailing_data_is_not() {
    let state = real_state();
    let link = encode_link(&state);
    assert_eq!(decode_link(&format!("{link}=")), Ok(state.clone()));
    assert_eq!(decode_link(&format!("{link}==")), Ok(state.clone()));
    assert!(decode_link(&format!("{link}===")).is_err());
    // Whole extra bytes after the end of the deflate stream.
    let packed_extra = format!("{link}AAAA");
    assert_eq!(kind(&packed_extra), LinkErrorKind::TrailingData);
    // Extra bytes after the payload's last field.
    let mut payload = vec![0u8, 4];
    payload.extend_from_slice(b"w128");
    payload.extend_from_slice(&[4]);
    payload.extend_from_slice(b"EXIT");
    assert_eq!(
        decode_link(&link_of_payload(&payload)),
        Ok(LinkState::new("w128", "EXIT"))
    );
    payload.push(0);
    assert_eq!(
        kind(&link_of_payload(&payload)),
        LinkErrorKind::TrailingData
    );
}

#[test]
fn oversized_content_is_refused_without_inflating_it_all() {
    // 16 MiB of zeros compresses to a few KiB: a small deflate bomb.
    let mut payload = vec![0u8, 4];
    payload.extend_from_slice(b"w128");
    payload.extend_from_slice(&[0x80, 0x80, 0x80, 0x08]); // 16 Mi as a varint
    payload.resize(payload.len() + (16 << 20), b' ');
    let bomb = link_of_payload(&payload);
    assert!(bomb.len() < 100_000, "{}", bomb.len());
    let e = decode_link(&bomb).unwrap_err();
    assert_eq!(e.kind, LinkErrorKind::TooLarge);
    assert!(e.message().contains("256 KiB"), "{e}");

    // Just over the limit through the public encoder.
    let big = LinkState::new("w128", &"x".repeat(MAX_PAYLOAD));
    assert_eq!(kind(&encode_link(&big)), LinkErrorKind::TooLarge);
    assert_eq!(
        try_encode_link(&big).unwrap_err().kind,
        LinkErrorKind::TooLarge
    );
    // Just under it works.
    let fits = LinkState::new("w128", &"x".repeat(MAX_PAYLOAD - 16));
    assert_eq!(decode_link(&try_encode_link(&fits).unwrap()), Ok(fits));

    // A fragment longer than any valid link is refused before decoding.
    let long = format!("v1.{}", "A".repeat(MAX_FRAGMENT + 1));
    assert_eq!(kind(&long), LinkErrorKind::TooLarge);
}

#[test]
fn malformed_payloads() {
    let with = |bytes: &[u8]| kind(&link_of_payload(bytes));
    // Unknown flag bits.
    assert!(
        matches!(with(&[8, 0, 0]), LinkErrorKind::BadLayout(m) if m.english().contains("flag"))
    );
    // A length past the end.
    assert!(
        matches!(with(&[0, 4, b'w']), LinkErrorKind::BadLayout(m) if m.english().contains("claims 4"))
    );
    // Missing fields.
    assert!(matches!(with(&[]), LinkErrorKind::BadLayout(_)));
    assert!(
        matches!(with(&[1, 0, 0]), LinkErrorKind::BadLayout(m) if m.english().contains("selected"))
    );
    assert!(
        matches!(with(&[2, 0, 0, 0x80]), LinkErrorKind::BadLayout(m) if m.english().contains("step"))
    );
    // A selected instruction beyond u32.
    assert!(matches!(
        with(&[1, 0, 0, 0x80, 0x80, 0x80, 0x80, 0x10]),
        LinkErrorKind::BadLayout(m) if m.english().contains("out of range")
    ));
    // A varint longer than 64 bits.
    assert!(
        matches!(with(&[2, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), LinkErrorKind::BadLayout(m) if m.english().contains("too large"))
    );
    // A view count that cannot fit.
    assert!(
        matches!(with(&[4, 0, 0, 100, 0, 0]), LinkErrorKind::BadLayout(m) if m.english().contains("view"))
    );
    // Invalid UTF-8 in each text field.
    assert_eq!(
        with(&[0, 1, 0xff, 0]),
        LinkErrorKind::InvalidUtf8(warpscope_core::msg!("ISA name"))
    );
    assert_eq!(
        with(&[0, 0, 2, 0xc3, 0x28]),
        LinkErrorKind::InvalidUtf8(warpscope_core::msg!("source"))
    );
    assert_eq!(
        with(&[4, 0, 0, 1, 1, 0x80, 0]),
        LinkErrorKind::InvalidUtf8(warpscope_core::msg!("view setting name"))
    );
    // A wrong check value, and a payload too short to have one.
    let mut payload = vec![0u8, 0, 0];
    payload.extend_from_slice(&(crc32(&payload) as u16 ^ 1).to_le_bytes());
    assert_eq!(kind(&link_of_raw_payload(&payload)), LinkErrorKind::Corrupt);
    assert!(
        matches!(kind(&link_of_raw_payload(&[0])), LinkErrorKind::BadLayout(m) if m.english().contains("check"))
    );
    assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    // Damaged deflate data: a reserved block type.
    assert_eq!(
        kind(&format!("v1.{}", b64(&[0x07, 0, 0]))),
        LinkErrorKind::Corrupt
    );
}
