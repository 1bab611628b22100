//! Running the `warpscope` binary from the end-to-end tests.
//!
//! Each test file includes this module and uses only some of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
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

/// Runs `warpscope` like [`warpscope`] and checks that it exits with 0,
/// showing its standard error when it does not.
pub fn succeed(args: &[&str], stdin: &str) -> Output {
    let out = warpscope(args, stdin);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    out
}

/// A fresh directory, named after `name` and this test process, holding
/// `files`.
pub fn dir_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warpscope-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (f, content) in files {
        std::fs::write(dir.join(f), content).unwrap();
    }
    dir
}
