//! Fuzzes the description reader: `parse` and `load` must never panic, and
//! every diagnostic must point inside the text it is about.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::spec::{load, parse};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (_, diags) = parse(0, text);
    for d in &diags {
        assert!(d.span.end <= text.len());
        assert_eq!(d.file, 0);
    }
    // Split at the first NUL to also exercise loading several files.
    let (a, b) = text.split_once('\0').unwrap_or((text, ""));
    let files = [("a.isa", a), ("b.isa", b)];
    if let Err(diags) = load("fuzz", 128, &files) {
        for d in &diags {
            assert!(d.file < files.len());
            assert!(d.span.end <= files[d.file].1.len());
        }
    }
});
