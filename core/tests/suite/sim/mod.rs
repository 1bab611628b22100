//! The simulator: behaviour, golden final states, the reference model, undo, sm50 and gfx9.

mod behaviour;
mod convert;
mod fast;
mod gfx9;
mod machine;
mod prepare;
mod reference;
mod sm50;
mod undo;
mod w128_golden;
mod width;

use warpscope_core::sim::{ConstWord, LaunchConfig};

/// The default launch, with `value` at byte `offset` of constant bank `bank`.
fn with_constant(bank: u8, offset: u16, value: u32) -> LaunchConfig {
    LaunchConfig {
        constants: vec![ConstWord {
            bank,
            offset,
            value,
        }],
        ..LaunchConfig::default()
    }
}
