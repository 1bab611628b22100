//! The two lists the split reads from the workspace: the functions the
//! recording never saw run ([`LIST`], written by `cargo xtask profile`)
//! and what stays in the first part whatever it says ([`KEEP`]).

use super::Keep;
use std::collections::HashSet;
use std::path::Path;

/// The list of functions the page does not run to start (relative to the
/// workspace root).
pub const LIST: &str = "web/rest-functions.txt";

/// The list of what stays in the first part whatever a recording says
/// (the engine, the views a program's run draws): see its own comments.
pub const KEEP: &str = "web/first-part.txt";

/// The names in [`LIST`], empty when there is none.
pub fn read_list(root: &Path) -> HashSet<String> {
    std::fs::read_to_string(root.join(LIST))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// [`KEEP`], read (nothing kept by name when it is missing).
pub fn read_keep(root: &Path) -> Keep {
    Keep::parse(&std::fs::read_to_string(root.join(KEEP)).unwrap_or_default())
}
