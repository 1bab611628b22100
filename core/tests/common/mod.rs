//! Code shared by several test files of this folder. Each file declares
//! `mod common;` and uses only the part it needs.
#![allow(dead_code)]

pub mod roundtrip;
