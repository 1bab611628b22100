//! What typing changed, for Ctrl+Z in a long text.
//!
//! A long text's editor holds only the lines around the view (see
//! `components/editor_window.rs`), and moving that window sets the text
//! area's value, which empties the browser's own undo history. So the
//! document keeps its own: every typed change as the text before and
//! after it at one place, found by comparing the text before and after
//! the keystroke. Changes that continue each other (letters typed one
//! after another, characters deleted one after another) are one step, as
//! browsers make them; a line break or a jump starts a new step.

use std::rc::Rc;

/// Steps kept.
pub const STEPS: usize = 200;

/// One typed change: at byte `at`, `before` became `after`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Where it starts.
    pub at: usize,
    /// The text there before.
    pub before: String,
    /// The text there after.
    pub after: String,
}

impl Change {
    /// The change that turns `old` into `new`: what lies between their
    /// common start and their common end. None when they are equal.
    pub fn between(old: &str, new: &str) -> Option<Change> {
        if old == new {
            return None;
        }
        let (a, b) = (old.as_bytes(), new.as_bytes());
        let mut start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        while !(old.is_char_boundary(start) && new.is_char_boundary(start)) {
            start -= 1;
        }
        let most = a.len().min(b.len()) - start;
        let mut end = a
            .iter()
            .rev()
            .zip(b.iter().rev())
            .take(most)
            .take_while(|(x, y)| x == y)
            .count();
        while !(old.is_char_boundary(a.len() - end) && new.is_char_boundary(b.len() - end)) {
            end -= 1;
        }
        Some(Change {
            at: start,
            before: old[start..a.len() - end].to_string(),
            after: new[start..b.len() - end].to_string(),
        })
    }

    /// `self` followed by `next` as one change, when `next` continues it:
    /// more letters typed right after it, or more deleted right before
    /// or after where it deleted; never across a line break.
    fn joined(&self, next: &Change) -> Option<Change> {
        let plain = |s: &str| !s.contains('\n');
        if !plain(&next.before) || !plain(&next.after) || !plain(&self.after) {
            return None;
        }
        let typing = next.before.is_empty() && next.at == self.at + self.after.len();
        let backspace = next.after.is_empty()
            && self.after.is_empty()
            && next.at + next.before.len() == self.at;
        let delete = next.after.is_empty() && self.after.is_empty() && next.at == self.at;
        if typing {
            Some(Change {
                at: self.at,
                before: self.before.clone(),
                after: format!("{}{}", self.after, next.after),
            })
        } else if backspace {
            Some(Change {
                at: next.at,
                before: format!("{}{}", next.before, self.before),
                after: String::new(),
            })
        } else if delete {
            Some(Change {
                at: self.at,
                before: format!("{}{}", self.before, next.before),
                after: String::new(),
            })
        } else {
            None
        }
    }

    /// Applies the change to `text` forwards (`before` → `after`) or
    /// backwards; None when `text` does not hold what it replaces there.
    fn apply(&self, text: &str, forwards: bool) -> Option<String> {
        let (from, to) = if forwards {
            (&self.before, &self.after)
        } else {
            (&self.after, &self.before)
        };
        let end = self.at.checked_add(from.len())?;
        if text.get(self.at..end)? != from.as_str() {
            return None;
        }
        Some(format!("{}{to}{}", &text[..self.at], &text[end..]))
    }
}

/// The typed changes of a text: those done (the last one last) and those
/// undone (the last one undone last).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Typed {
    done: Vec<Rc<Change>>,
    undone: Vec<Rc<Change>>,
}

impl Typed {
    /// Records that typing turned `old` into `new`.
    pub fn record(&mut self, old: &str, new: &str) {
        let Some(c) = Change::between(old, new) else {
            return;
        };
        self.undone.clear();
        match self.done.last().and_then(|last| last.joined(&c)) {
            Some(j) => {
                let last = self.done.len() - 1;
                self.done[last] = Rc::new(j);
            }
            None => self.done.push(Rc::new(c)),
        }
        if self.done.len() > STEPS {
            self.done.remove(0);
        }
    }

    /// Undoes the last step on `text`: the text before it and where the
    /// caret goes (the end of what it put back). None when there is none
    /// (or the text no longer holds it: then the history is forgotten).
    pub fn undo(&mut self, text: &str) -> Option<(String, usize)> {
        self.shift(text, false)
    }

    /// Does again the last step undone.
    pub fn redo(&mut self, text: &str) -> Option<(String, usize)> {
        self.shift(text, true)
    }

    /// Moves the last step from one list to the other, applying it to
    /// `text` forward (redo) or backward (undo); the caret goes to the end
    /// of what it wrote.
    fn shift(&mut self, text: &str, forward: bool) -> Option<(String, usize)> {
        let from = if forward {
            &mut self.undone
        } else {
            &mut self.done
        };
        let c = from.pop()?;
        let Some(out) = c.apply(text, forward) else {
            *self = Typed::default();
            return None;
        };
        let caret = c.at
            + if forward {
                c.after.len()
            } else {
                c.before.len()
            };
        if forward {
            &mut self.done
        } else {
            &mut self.undone
        }
        .push(c);
        Some((out, caret))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Types `texts` one after the other into a history.
    fn typed(texts: &[&str]) -> Typed {
        let mut t = Typed::default();
        for w in texts.windows(2) {
            t.record(w[0], w[1]);
        }
        t
    }

    #[test]
    fn a_change_is_what_lies_between_the_common_ends() {
        let c = Change::between("IADD3 R1, 0x10", "IADD3 R1, 0x210").unwrap();
        assert_eq!((c.at, c.before.as_str(), c.after.as_str()), (12, "", "2"));
        let c = Change::between("aaa", "aa").unwrap();
        assert_eq!(c.at + c.before.len(), 3);
        // never inside a character
        let c = Change::between("a→b", "a←b").unwrap();
        assert_eq!((c.before.as_str(), c.after.as_str()), ("→", "←"));
        assert_eq!(Change::between("x", "x"), None);
    }

    #[test]
    fn a_word_typed_is_one_step_and_a_line_break_starts_another() {
        let mut t = typed(&["", "E", "EX", "EXI", "EXIT", "EXIT\n", "EXIT\nN"]);
        assert_eq!(t.undo("EXIT\nN"), Some(("EXIT\n".into(), 5)));
        assert_eq!(t.undo("EXIT\n"), Some(("EXIT".into(), 4)));
        assert_eq!(t.undo("EXIT"), Some(("".into(), 0)));
        assert_eq!(t.undo(""), None);
        // and back again
        assert_eq!(t.redo(""), Some(("EXIT".into(), 4)));
        assert_eq!(t.redo("EXIT"), Some(("EXIT\n".into(), 5)));
    }

    #[test]
    fn backspaces_and_deletes_in_a_row_are_one_step() {
        let mut t = typed(&["abcdef", "abcde", "abcd", "abc"]);
        assert_eq!(t.undo("abc"), Some(("abcdef".into(), 6)));
        let mut t = typed(&["abcdef", "bcdef", "cdef"]);
        assert_eq!(t.undo("cdef"), Some(("abcdef".into(), 2)));
    }

    #[test]
    fn a_paste_is_undone_whole_and_typing_after_an_undo_forgets_the_redo() {
        let big = "IADD3 R1, R1, 0x1, RZ\n".repeat(5000);
        let mut t = typed(&["EXIT\n", &big]);
        assert_eq!(t.undo(&big), Some(("EXIT\n".into(), 4)));
        t.record("EXIT\n", "EXIT\nNOP");
        assert_eq!(t.redo("EXIT\nNOP"), None);
    }

    #[test]
    fn a_history_that_no_longer_fits_the_text_is_forgotten() {
        let mut t = typed(&["ab", "abc"]);
        assert_eq!(t.undo("something else"), None);
        assert_eq!(t.undo("abc"), None);
    }

    #[test]
    fn only_the_last_steps_are_kept() {
        let mut texts = vec![String::new()];
        for i in 0..STEPS + 10 {
            texts.push(format!("{}\n{i}", texts[i]));
        }
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let mut t = typed(&refs);
        let mut text = texts.last().unwrap().clone();
        let mut n = 0;
        while let Some((back, _)) = t.undo(&text) {
            text = back;
            n += 1;
        }
        assert_eq!(n, STEPS);
        assert_eq!(text, texts[10]);
    }
}
