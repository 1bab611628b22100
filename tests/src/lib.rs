//! Helpers for warpscope end-to-end tests.
pub mod cuda_gen;
pub mod cuda_ref;
pub mod gpu_truth;
