//! Puzzle progress in the browser's local storage:
//!
//! - `warpscope.puzzles.solved`: ids of solved puzzles, one per line;
//! - `warpscope.puzzles.current`: the id of the open puzzle (empty when
//!   the list is shown, absent when puzzle mode is closed);
//! - `warpscope.puzzles.attempt.ID`: the last text checked for a puzzle.
//!
//! Storage can be missing or full; reads then give nothing and writes
//! report nothing: progress is a convenience, the editor's own autosave
//! keeps the typed work.

const SOLVED: &str = "warpscope.puzzles.solved";
const CURRENT: &str = "warpscope.puzzles.current";
const ATTEMPT: &str = "warpscope.puzzles.attempt.";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

fn set(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

/// Ids of the solved puzzles, each once, sorted.
pub fn solved() -> Vec<String> {
    let mut all: Vec<String> = get(SOLVED)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// Records a solved puzzle; returns the new list.
pub fn mark_solved(id: &str) -> Vec<String> {
    let mut all = solved();
    if let Err(at) = all.binary_search_by(|s| s.as_str().cmp(id)) {
        all.insert(at, id.to_string());
    }
    set(SOLVED, &all.join("\n"));
    all
}

/// The open puzzle: `None` when puzzle mode is closed, `Some("")` for the
/// list.
pub fn current() -> Option<String> {
    get(CURRENT)
}

/// Remembers the open puzzle (`""` for the list).
pub fn set_current(id: &str) {
    set(CURRENT, id);
}

/// Puzzle mode was closed.
pub fn clear_current() {
    if let Some(s) = storage() {
        let _ = s.remove_item(CURRENT);
    }
}

/// The last text checked for a puzzle.
pub fn attempt(id: &str) -> Option<String> {
    get(&format!("{ATTEMPT}{id}"))
}

/// Keeps the text checked for a puzzle.
pub fn save_attempt(id: &str, text: &str) {
    set(&format!("{ATTEMPT}{id}"), text);
}
