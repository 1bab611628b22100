//! Puzzles: the bundled set and errors in puzzle files.

mod bundled;
mod cuda;
mod errors;
mod work;
