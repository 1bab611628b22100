//! The description language: parsing the seeds, loading, errors with locations, random descriptions, the w128 description against the seeds, the compiled form, the Chinese documentation of every instruction.

mod chinese;
mod compiled;
mod errors;
mod load;
mod parse;
mod random;
mod w128_seed;

use std::path::PathBuf;

/// The text of the seed whose file name starts with `prefix`, if present.
pub(super) fn seed(prefix: &str) -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds");
    let entries = match std::fs::read_dir(&dir) {
        Ok(e) => e,
        Err(_) => {
            eprintln!("note: {} not found; seed test skipped", dir.display());
            return None;
        }
    };
    for e in entries.flatten() {
        if e.file_name().to_string_lossy().starts_with(prefix) {
            return std::fs::read_to_string(e.path()).ok();
        }
    }
    eprintln!("note: no seed {prefix}* in {}; test skipped", dir.display());
    None
}
