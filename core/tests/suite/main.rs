//! warpscope-core's tests, as one test binary with a module per area
//! (one link step instead of one per file).

mod asm;
mod codec;
mod cuda;
mod link;
mod puzzle;
mod rng;
pub mod roundtrip;
mod sim;
mod spec;
