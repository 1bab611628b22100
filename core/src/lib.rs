//! warpscope-core: everything that knows about ISAs and warps.
//!
//! Data flows one way:
//! source text → [`asm`] → [`inst::Inst`] → [`codec::encode`] → bits →
//! [`codec::decode`] → [`inst::Inst`] → [`disasm`] → text, and
//! [`inst::Inst`] → [`sim`] → events.
//!
//! The ISA itself is data: description files in the seeds' language
//! (`core/isa/`), read by [`spec`] into a validated [`spec::model::Isa`].
//! The built-in operand classes (registers, constants, hardware
//! registers) and every fact about their values live in [`operand`],
//! below `spec`.
//! [`cuda`] reads the CUDA C subset (docs/cuda.md) into a checked, typed
//! kernel for a compiler to w128.
//! This crate has no web dependencies; it builds and tests natively and is
//! compiled to wasm32 by the web front end.
#![deny(missing_docs)]

pub mod asm;
pub mod codec;
pub mod cuda;
pub mod diag;
pub mod digest;
pub mod disasm;
pub mod examples;
pub mod history;
pub mod inst;
pub mod isas;
pub mod link;
pub mod listing;
pub mod loc;
pub mod msg;
pub mod operand;
pub mod puzzle;
pub mod sim;
pub mod spec;
pub mod workloads;
