//! Helpers for warpscope end-to-end tests.
#[cfg(test)]
mod cuda_front;
pub mod cuda_gen;
pub mod cuda_ref;
pub mod gpu_truth;
