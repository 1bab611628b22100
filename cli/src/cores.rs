//! The machine's cores for long inputs: a [`Runner`] that runs the jobs
//! core hands it on threads of their own, and how many parts to cut a
//! long input into.

use std::sync::Mutex;
use warpscope_core::asm::{Job, Runner};

/// How many parts to cut a long input into: one per core, at most 8.
pub fn parts() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Runs the first job on this thread and each other one on a thread of
/// its own, and returns when all are done. A job whose thread cannot be
/// started runs here instead.
fn run_jobs(jobs: Vec<Job<'_>>) {
    let mut jobs = jobs.into_iter();
    let Some(first) = jobs.next() else {
        return;
    };
    let rest: Vec<Mutex<Option<Job>>> = jobs.map(|j| Mutex::new(Some(j))).collect();
    std::thread::scope(|s| {
        let mut stranded = Vec::new();
        for slot in &rest {
            let started = std::thread::Builder::new().spawn_scoped(s, || {
                if let Some(job) = take(slot) {
                    job();
                }
            });
            if started.is_err() {
                stranded.push(slot);
            }
        }
        first();
        for slot in stranded {
            if let Some(job) = take(slot) {
                job();
            }
        }
    });
}

/// The job in `slot`, if it is still there.
fn take<'j>(slot: &Mutex<Option<Job<'j>>>) -> Option<Job<'j>> {
    slot.lock().ok().and_then(|mut j| j.take())
}

/// [`run_jobs`] as core's [`Runner`].
pub const RUN: Runner = &run_jobs;
