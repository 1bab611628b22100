//! Fuzzes the CUDA C compiler: `compile` must never panic, must give at
//! least one error when it refuses a text, and every error's span must lie
//! inside the text (on character boundaries, so that it renders); a kernel
//! it compiles runs (a bounded number of steps) without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::cuda;
use warpscope_core::diag::render_one;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match cuda::compile(text) {
        Err(diags) => {
            assert!(!diags.is_empty());
            for d in &diags {
                assert!(d.span.start <= d.span.end && d.span.end <= text.len());
                assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end));
                let _ = render_one(d, "fuzz.cu", text);
            }
        }
        Ok(compiled) => {
            for l in &compiled.program.lines {
                assert!(l.span.end <= text.len() && text.is_char_boundary(l.span.start));
            }
            let _ = cuda::run(&compiled, 2_000);
        }
    }
});
