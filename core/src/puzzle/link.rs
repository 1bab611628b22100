//! Puzzle permalinks: a puzzle (and optionally an attempt at it) in an
//! ordinary v1 link.
//!
//! The link format does not change: a puzzle link is a v1 link whose view
//! settings name the puzzle, either `puzzle-id` (a bundled puzzle) or
//! `puzzle` (the whole puzzle file, so a puzzle a lecturer wrote travels in
//! the link), and whose source is the attempt. A warpscope that does not
//! know puzzles opens it as the attempt's program.
//!
//! ```
//! use warpscope_core::puzzle::{self, link};
//! let text = puzzle::bundled_texts()[0].1;
//! let fragment = link::encode_puzzle_link(text, Some("EXIT\n"));
//! let opened = link::decode_puzzle_link(&fragment).unwrap().unwrap();
//! assert_eq!(opened.puzzle.id, "broadcast");
//! assert_eq!(opened.attempt.as_deref(), Some("EXIT\n"));
//! ```

use super::{bundled, bundled_texts, parse, Puzzle};
use crate::diag::Diagnostic;
use crate::link::{decode_link, encode_link, LinkError, LinkState};
use crate::msg;
use crate::msg::Text;
use std::fmt;

/// View setting holding a whole puzzle file.
pub const PUZZLE_KEY: &str = "puzzle";
/// View setting holding a bundled puzzle's id.
pub const PUZZLE_ID_KEY: &str = "puzzle-id";
/// View setting present (value `1`) when the source is an attempt.
pub const ATTEMPT_KEY: &str = "attempt";

/// A puzzle opened from a link.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenedPuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its file text (what the link carried, or the bundled file).
    pub text: String,
    /// The attempt the link carried, if any.
    pub attempt: Option<String>,
}

/// Why a puzzle link does not open.
#[derive(Debug, Clone, PartialEq)]
pub enum PuzzleLinkError {
    /// The link itself is damaged (with its position in the fragment).
    Link(LinkError),
    /// The link names a bundled puzzle this version does not have.
    UnknownId(String),
    /// The puzzle text it carries has errors, located in that text.
    Puzzle {
        /// The carried text.
        text: String,
        /// Its problems.
        diagnostics: Vec<Diagnostic>,
    },
}

impl PuzzleLinkError {
    /// The message, without where it is: the link's error without its
    /// position, the puzzle's first error without its line.
    pub fn text(&self) -> Text {
        match self {
            PuzzleLinkError::Link(e) => e.text(),
            PuzzleLinkError::UnknownId(id) => msg!(
                "the link names the puzzle `{0}`, which this version of warpscope does not have",
                id
            ),
            PuzzleLinkError::Puzzle { diagnostics, .. } => match diagnostics.first() {
                Some(d) => msg!("the puzzle in the link has errors: {0}", d.text.clone()),
                None => msg!("the puzzle in the link has errors"),
            },
        }
    }
}

/// The link's error with its position; the puzzle's errors each with its
/// place and line.
impl fmt::Display for PuzzleLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleLinkError::Link(e) => write!(f, "{e}"),
            PuzzleLinkError::UnknownId(_) => f.write_str(&self.text().english()),
            PuzzleLinkError::Puzzle { text, diagnostics } => f.write_str(
                crate::diag::render(diagnostics, &[("puzzle in the link", text)]).trim_end(),
            ),
        }
    }
}

fn state(isa: &str, attempt: Option<&str>, key: &str, value: &str) -> LinkState {
    let mut s = LinkState::new(isa, attempt.unwrap_or(""));
    s.view.push((key.to_string(), value.to_string()));
    if attempt.is_some() {
        s.view.push((ATTEMPT_KEY.to_string(), "1".to_string()));
    }
    s
}

/// The link fragment carrying a whole puzzle file (and an attempt). The
/// ISA recorded is the puzzle's when it parses, `w128` otherwise.
pub fn encode_puzzle_link(puzzle_text: &str, attempt: Option<&str>) -> String {
    let isa = parse(puzzle_text).map_or_else(|_| "w128".to_string(), |p| p.isa);
    encode_link(&state(&isa, attempt, PUZZLE_KEY, puzzle_text))
}

/// The (short) link fragment of a bundled puzzle, by id; `None` for an id
/// that is not bundled.
pub fn encode_bundled_link(id: &str, attempt: Option<&str>) -> Option<String> {
    let p = bundled(id)?;
    Some(encode_link(&state(&p.isa, attempt, PUZZLE_ID_KEY, id)))
}

/// Opens a link: `Ok(None)` when it is a valid link without a puzzle (an
/// ordinary program link), `Ok(Some(..))` for a puzzle link.
pub fn decode_puzzle_link(fragment: &str) -> Result<Option<OpenedPuzzle>, PuzzleLinkError> {
    let s = decode_link(fragment).map_err(PuzzleLinkError::Link)?;
    puzzle_of_state(&s)
}

/// The puzzle a decoded link state carries, if any.
pub fn puzzle_of_state(s: &LinkState) -> Result<Option<OpenedPuzzle>, PuzzleLinkError> {
    let attempt = (s.view_value(ATTEMPT_KEY) == Some("1")).then(|| s.source.clone());
    let text = if let Some(text) = s.view_value(PUZZLE_KEY) {
        text.to_string()
    } else if let Some(id) = s.view_value(PUZZLE_ID_KEY) {
        match bundled_texts().iter().find(|b| b.0 == id) {
            Some(b) => b.1.to_string(),
            None => return Err(PuzzleLinkError::UnknownId(id.to_string())),
        }
    } else {
        return Ok(None);
    };
    match parse(&text) {
        Ok(puzzle) => Ok(Some(OpenedPuzzle {
            puzzle,
            text,
            attempt,
        })),
        Err(diagnostics) => Err(PuzzleLinkError::Puzzle { text, diagnostics }),
    }
}
