//! `warpscope run`: run a program and print the final warp state.

/// Runs `warpscope run ARGS...` (ARGS after the word `run`); returns the exit status.
pub fn cmd(_args: &[String]) -> i32 {
    eprintln!("warpscope run: not available yet");
    2
}
