//! The simulator: behaviour, golden final states, the reference model, undo, sm50 and gfx9.

mod behaviour;
mod fast;
mod gfx9;
mod machine;
mod prepare;
mod reference;
mod sm50;
mod undo;
mod w128_golden;
mod width;
