//! Fuzzes the puzzle reader and the checker: `parse` must never panic,
//! every diagnostic must point inside the text, and a puzzle that parses
//! must grade its own solution (and any text) without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warpscope_core::diag::render_one;
use warpscope_core::puzzle::{check, parse};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse(text) {
        Err(diags) => {
            assert!(!diags.is_empty());
            for d in &diags {
                assert!(d.span.start <= d.span.end && d.span.end <= text.len());
                let _ = render_one(d, "fuzz.puzzle", text);
            }
        }
        Ok(mut p) => {
            // Keep runs short: the fuzzer looks for panics, not answers.
            p.cases.random = p.cases.random.min(2);
            p.limits.steps = p.limits.steps.min(200);
            let _ = check::check(&p, &p.solution);
            let _ = check::check(&p, text);
        }
    }
});
