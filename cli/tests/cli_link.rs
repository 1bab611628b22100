//! End-to-end tests of `warpscope link encode` and `warpscope link decode`.

mod common;

use common::{dir_with, succeed, text, warpscope};

const PROGRAM: &str = "\
// Title: sum
.init R0 = lane
    REDUX.SUM R1, R0   // <b>not html</b>
    EXIT
";

fn encode(args: &[&str], stdin: &str) -> String {
    let out = succeed(args, stdin);
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.ends_with('\n') && s.lines().count() == 1, "{s:?}");
    s.trim_end().to_string()
}

#[test]
fn encode_then_decode_gives_the_source_back() {
    let fragment = encode(&["link", "encode"], PROGRAM);
    assert!(fragment.starts_with("v1."), "{fragment}");
    let out = succeed(&["link", "decode", &fragment], "");
    assert_eq!(text(&out.stdout), PROGRAM);
    assert!(out.stderr.is_empty());
}

#[test]
fn decode_takes_a_url_or_standard_input() {
    let fragment = encode(&["link", "encode", "--isa", "w128", "-"], PROGRAM);
    let url = format!("https://example.org/warpscope/?q=1#{fragment}");
    let out = warpscope(&["link", "decode", &url], "");
    assert_eq!(text(&out.stdout), PROGRAM);
    let out = succeed(&["link", "decode", "-"], &format!("{url}\n"));
    assert_eq!(text(&out.stdout), PROGRAM);
}

#[test]
fn encode_reads_a_file_and_matches_the_library() {
    let dir = dir_with("cli-link", &[("prog.s", PROGRAM)]);
    let path = dir.join("prog.s");
    let fragment = encode(&["link", "encode", path.to_str().unwrap()], "");
    let state = warpscope_core::link::LinkState::new("w128", PROGRAM);
    assert_eq!(fragment, warpscope_core::link::encode_link(&state));
    let out = warpscope(
        &["link", "encode", dir.join("missing.s").to_str().unwrap()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot read"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_whole_state_round_trips_through_json() {
    let link = encode(
        &[
            "link",
            "encode",
            "--selected",
            "2",
            "--step=5",
            "--view",
            "fmt=hex",
            "--view=embed=1",
            "--url",
            "https://h.example/p/#old",
        ],
        "EXIT\n",
    );
    let fragment = link
        .strip_prefix("https://h.example/p/#")
        .expect("the base URL without its old fragment");
    let out = succeed(&["link", "decode", "--json", fragment], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(
        v,
        serde_json::json!({
            "isa": "w128",
            "source": "EXIT\n",
            "selected": 2,
            "step": 5,
            "view": [["fmt", "hex"], ["embed", "1"]],
        })
    );
}

#[test]
fn presentation_mode_round_trips_as_a_view_key() {
    let link = encode(
        &[
            "link",
            "encode",
            "--view",
            "present=1",
            "--url",
            "https://h.example/p/",
        ],
        PROGRAM,
    );
    let out = succeed(&["link", "decode", "--json", &link], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["view"], serde_json::json!([["present", "1"]]));
    assert_eq!(v["source"], serde_json::json!(PROGRAM));
    let state = warpscope_core::link::decode_link(&link).expect("the link decodes");
    assert_eq!(state.view_value("present"), Some("1"));
}

#[test]
fn a_golden_link_still_decodes() {
    // The same link is pinned in core/tests/link_golden.rs.
    let out = succeed(&["link", "decode", "v1.Y2ApNzSyYAX7OO8ZAA"], "");
    assert_eq!(text(&out.stdout), "EXIT\n");
}

#[test]
fn unknown_isa_in_a_link_warns_and_still_prints() {
    let out = warpscope(&["link", "decode", "v1.Y2AuNzNhAZURE94BAA"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "NOP\n");
    let err = text(&out.stderr);
    assert!(err.contains("warning") && err.contains("`w64`"), "{err}");
}

#[test]
fn bad_links_exit_2_with_a_message() {
    let fragment = encode(&["link", "encode"], PROGRAM);
    let cut = &fragment[..fragment.len() - 4];
    let cases: Vec<(String, &str)> = vec![
        (cut.to_string(), "cut off"),
        (format!("{}*{}", &fragment[..8], &fragment[9..]), "'*'"),
        (format!("v2{}", &fragment[2..]), "`v2`"),
        ("hello".into(), "not a warpscope link"),
        ("".into(), "empty"),
        (format!("{fragment}AAAA"), "extra data"),
    ];
    for (link, want) in cases {
        let out = warpscope(&["link", "decode", &link], "");
        assert_eq!(out.status.code(), Some(2), "{link}");
        assert!(out.stdout.is_empty(), "{link}");
        let err = text(&out.stderr);
        assert!(err.starts_with("warpscope link: "), "{err}");
        assert!(err.contains(want), "{link}: {err}");
    }
    // The position is shown under the fragment.
    let bad = format!("{}*{}", &fragment[..8], &fragment[9..]);
    let err = text(&warpscope(&["link", "decode", &bad], "").stderr);
    assert!(err.contains("at character 8"), "{err}");
    assert!(
        err.lines().any(|l| l == format!("  {}^", " ".repeat(8))),
        "{err}"
    );
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        vec!["link"],
        vec!["link", "frobnicate"],
        vec!["link", "decode"],
        vec!["link", "decode", "a", "b"],
        vec!["link", "decode", "--bogus", "v1.x"],
        vec!["link", "encode", "--isa", "w64"],
        vec!["link", "encode", "--isa"],
        vec!["link", "encode", "--step", "-1"],
        vec!["link", "encode", "--selected", "x"],
        vec!["link", "encode", "--view", "novalue"],
        vec!["link", "encode", "--wat"],
        vec!["link", "encode", "a.s", "b.s"],
    ] {
        let out = warpscope(&args, "EXIT\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let out = warpscope(&["link", "--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("warpscope link encode"));
    let out = warpscope(&["--help"], "");
    assert!(text(&out.stdout).contains("warpscope link decode"));
}

#[test]
fn decode_reads_a_history_entry_copied_out_of_storage() {
    use warpscope_core::history;
    // Core's history store over a map standing in for local storage.
    let store = history::Memory::default();
    history::save(&store, "k1", 1_700_000_000_000, "sm50", PROGRAM).unwrap();
    let entry = history::list(&store).remove(0);
    assert_eq!(entry.first_line, "// Title: sum");
    // The value exactly as it sits under the entry's key.
    let stored = store.0.borrow()[&history::entry_key(&entry.id)].clone();
    let out = succeed(&["link", "decode", &stored], "");
    assert_eq!(text(&out.stdout), PROGRAM);
    let out = warpscope(&["link", "decode", "--json", &stored], "");
    assert!(
        text(&out.stdout).contains("\"sm50\""),
        "{}",
        text(&out.stdout)
    );
}
