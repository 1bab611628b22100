//! Helpers for warpscope end-to-end tests.
pub mod gpu_truth;
