//! Permalink codec: link lengths compared with lz-string, and encode/decode
//! speed.
//!
//! Before the timings, the bench prints one row per bundled example: its
//! source size, the length of our fragment (`v1.` included) for a state
//! holding just the ISA and the source, and the length of lz-string's
//! `compressToEncodedURIComponent` of the source alone (what other
//! playgrounds put in their URLs). A second table does the same for the
//! examples with their comments removed, which is closer to what people
//! write by hand. `docs/links.md` records these numbers.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use warpscope_core::examples::w128_examples;
use warpscope_core::link::{base64url_encode, decode_link, encode_link, LinkState, MAX_FRAGMENT};

/// The example without its comments and blank lines.
fn strip_comments(src: &str) -> String {
    let mut out = String::new();
    for line in src.lines() {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let code = code.trim_end();
        if !code.is_empty() {
            out.push_str(code);
            out.push('\n');
        }
    }
    out
}

fn report(title: &str, rows: &[(&str, String)]) {
    println!("\n{title}");
    println!(
        "| {:<18} | {:>6} | {:>5} | {:>9} | {:>5} |",
        "example", "source", "lines", "warpscope", "lz-string"
    );
    println!(
        "|{:-<20}|{:->8}|{:->7}|{:->11}|{:->11}|",
        "", ":", ":", ":", ":"
    );
    let (mut s, mut ours, mut theirs) = (0, 0, 0);
    for (id, src) in rows {
        let link = encode_link(&LinkState::new("w128", src));
        let lz = lz_str::compress_to_encoded_uri_component(src);
        assert_eq!(
            decode_link(&link).map(|st| st.source).as_deref(),
            Ok(src.as_str())
        );
        s += src.len();
        ours += link.len();
        theirs += lz.len();
        println!(
            "| {:<18} | {:>6} | {:>5} | {:>9} | {:>9} |",
            id,
            src.len(),
            src.lines().count(),
            link.len(),
            lz.len()
        );
    }
    println!(
        "| {:<18} | {:>6} | {:>5} | {:>9} | {:>9} |",
        "total", s, "", ours, theirs
    );
}

fn lengths() {
    let full: Vec<(&str, String)> = w128_examples()
        .iter()
        .map(|e| (e.id, e.source.to_string()))
        .collect();
    report("link lengths, examples as bundled (characters)", &full);
    let bare: Vec<(&str, String)> = w128_examples()
        .iter()
        .map(|e| (e.id, strip_comments(e.source)))
        .collect();
    report(
        "link lengths, examples without comments (characters)",
        &bare,
    );
}

fn bench(c: &mut Criterion) {
    lengths();
    let ex = &w128_examples()[3];
    let mut state = LinkState::new("w128", ex.source);
    state.selected = Some(4);
    state.step = Some(7);
    state.view.push(("fmt".into(), "hex".into()));
    let link = encode_link(&state);

    let mut g = c.benchmark_group("link");
    g.throughput(Throughput::Bytes(ex.source.len() as u64));
    g.bench_function("encode", |b| b.iter(|| encode_link(black_box(&state))));
    g.bench_function("decode", |b| {
        b.iter(|| decode_link(black_box(&link)).expect("valid link"))
    });
    // The largest link the decoder reads, made of empty fixed-code blocks
    // (ten bits each): the inflater's worst case for per-block work.
    let empty_blocks = empty_fixed_blocks_link();
    g.bench_function("decode_empty_fixed_blocks", |b| {
        b.iter(|| decode_link(black_box(&empty_blocks)).is_err())
    });
    g.bench_function("lz_string_compress", |b| {
        b.iter(|| lz_str::compress_to_encoded_uri_component(black_box(ex.source)))
    });
    g.finish();
}

/// A `v1.` link of [`MAX_FRAGMENT`] characters at most whose stream is
/// nothing but empty fixed-code blocks, the last one final.
fn empty_fixed_blocks_link() -> String {
    let bytes = (MAX_FRAGMENT - 8) * 3 / 4;
    let blocks = bytes * 8 / 10;
    let mut packed = vec![0u8; bytes];
    for i in 0..blocks {
        // BFINAL, then BTYPE 01 (first bit 1), then the 7-bit end-of-block
        // code 0000000.
        let at = i * 10;
        if i + 1 == blocks {
            packed[at / 8] |= 1 << (at % 8);
        }
        packed[(at + 1) / 8] |= 1 << ((at + 1) % 8);
    }
    packed.truncate((blocks * 10).div_ceil(8));
    let mut link = String::from("v1.");
    base64url_encode(&packed, &mut link);
    assert!(link.len() <= MAX_FRAGMENT + 3);
    link
}

criterion_group!(benches, bench);
criterion_main!(benches);
