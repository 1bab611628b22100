//! Running the `warpscope` binary from the end-to-end tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `warpscope` with `args`, feeding it `stdin`, and collects its exit
/// status and output.
pub fn warpscope(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_warpscope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the warpscope binary starts");
    // A command that exits before reading its input (a usage error, say)
    // closes the pipe; that is not a failure of the test.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("warpscope finishes")
}

/// Captured output as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
