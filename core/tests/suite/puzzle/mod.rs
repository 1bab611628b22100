//! Puzzles: the bundled set and errors in puzzle files.

mod bundled;
mod errors;
mod work;
