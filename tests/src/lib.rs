//! Helpers for warpscope end-to-end tests.
#[cfg(test)]
mod cuda_front;
pub mod cuda_gen;
#[cfg(test)]
mod cuda_lower;
pub mod cuda_ref;
pub mod gpu_truth;
