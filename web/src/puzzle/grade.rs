//! Check, a slice at a time: core's [`Grading`] runs a few thousand steps
//! per call, and the page gives the browser its thread back every
//! [`SLICE_MS`] milliseconds, so that a puzzle asking for the most a
//! Check may run ([`check::MAX_CHECK_STEPS`]) never freezes the page, and
//! shows its progress and can be stopped.

use std::cell::Cell;
use std::rc::Rc;
use warpscope_core::diag::Diagnostic;
use warpscope_core::puzzle::check::{self, Grading, Progress};
use warpscope_core::puzzle::Puzzle;

/// The most time one slice holds the page's thread, about (a slice stops
/// at the first [`STEPS`] after it).
pub const SLICE_MS: f64 = 12.0;
/// Simulated steps between looks at the clock.
const STEPS: u64 = 2_000;

/// Until the next task: the browser draws and handles input meanwhile.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Grades `source` (written in `lang`) against `p` in slices, telling `progress` the cases
/// begun and in all after each; `None` when `stop` was set first.
pub async fn in_slices(
    p: &Puzzle,
    (source, lang): (&str, check::Lang),
    progress: impl Fn(usize, usize),
    stop: Rc<Cell<bool>>,
) -> Option<Result<check::Report, Vec<Diagnostic>>> {
    let mut g = match Grading::start_lang(p, source, lang, p.cases.seed) {
        Ok(g) => g,
        Err(e) => return Some(Err(e)),
    };
    loop {
        let start = now();
        loop {
            match g.advance(STEPS) {
                Progress::Done(r) => return Some(r),
                Progress::Running {
                    cases_run,
                    cases_total,
                } => {
                    if now() - start >= SLICE_MS {
                        progress(cases_run, cases_total);
                        break;
                    }
                }
            }
        }
        next_task().await;
        if stop.get() {
            return None;
        }
    }
}
