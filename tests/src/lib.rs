//! Helpers for warpscope end-to-end tests.
