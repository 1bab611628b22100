//! The 32-lane warp simulator.
