//! The CUDA C subset's front end: what it accepts, what it refuses (with
//! where and why), and that no input makes it panic.

mod accept;
mod lower;
mod reject;
mod robust;
mod shape;
