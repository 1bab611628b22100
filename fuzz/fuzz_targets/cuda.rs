//! Fuzzes the CUDA C front end: `parse_and_check` must never panic, must
//! give at least one error when it refuses a text, and every error's span
//! must lie inside the text (on character boundaries, so that it renders).
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::cuda::parse_and_check;
use warpscope_core::diag::render_one;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(diags) = parse_and_check(text) {
        assert!(!diags.is_empty());
        for d in &diags {
            assert!(d.span.start <= d.span.end && d.span.end <= text.len());
            assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end));
            let _ = render_one(d, "fuzz.cu", text);
        }
    }
});
