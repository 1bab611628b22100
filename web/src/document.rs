//! The document slice: what the editor's text was before each time
//! something other than typing replaced it (an example, an ISA switch, a
//! link, an entry of the history, Apply in the Encoding tab, a lane
//! toggle), so that the work history can keep it and Ctrl+Z can bring it
//! back.

use std::rc::Rc;

use crate::state::Ptr;

/// Replacements kept for Ctrl+Z.
pub const UNDO_MAX: usize = 20;

/// One replacement of the editor's text.
#[derive(Debug, PartialEq)]
pub struct Replaced {
    /// Its number (increasing).
    pub seq: u64,
    /// The ISA the text before belonged to.
    pub isa: &'static str,
    /// The text before.
    pub before: Rc<String>,
    /// The text the replacement put in.
    pub after: Rc<String>,
    /// What had been loaded before (`before` is the person's own work
    /// when it differs).
    pub baseline: Rc<String>,
}

impl Replaced {
    /// Whether the text before is work of the person's own (and so goes
    /// into the history).
    pub fn is_own_work(&self) -> bool {
        self.before != self.baseline && !self.before.trim().is_empty()
    }
}

/// The document slice.
#[derive(Debug, Clone, PartialEq)]
pub struct DocState {
    /// The text last loaded (by a replacement or at start); typed text
    /// that differs from it is the person's own.
    pub baseline: Rc<String>,
    /// The ISA the editor's text is written for.
    pub source_isa: &'static str,
    /// Recent replacements, oldest first.
    pub replaced: Ptr<Vec<Rc<Replaced>>>,
    /// Bumped on every replacement and undo (a new draft begins).
    pub seq: u64,
}

impl DocState {
    /// A document that starts with `source`.
    pub fn new(isa: &'static str, source: &Rc<String>) -> DocState {
        DocState {
            baseline: source.clone(),
            source_isa: isa,
            replaced: Ptr::new(Vec::new()),
            seq: 0,
        }
    }

    /// Notes that `before` (written for the ISA of the text so far) was
    /// replaced by `after`, written for `isa`.
    pub fn replaced(&mut self, before: Rc<String>, after: Rc<String>, isa: &'static str) {
        self.seq += 1;
        let mut list = (*self.replaced.0).clone();
        list.push(Rc::new(Replaced {
            seq: self.seq,
            isa: self.source_isa,
            before,
            after: after.clone(),
            baseline: self.baseline.clone(),
        }));
        if list.len() > UNDO_MAX {
            list.remove(0);
        }
        self.replaced = Ptr::new(list);
        self.baseline = after;
        self.source_isa = isa;
    }

    /// The replacement that `current` (the editor's text) is the result
    /// of, taken off the list: what Ctrl+Z steps back over. None when the
    /// text was typed since (the editor's own undo applies then).
    pub fn undo(&mut self, current: &str) -> Option<Rc<Replaced>> {
        let last = self.replaced.last()?.clone();
        if *last.after != current {
            return None;
        }
        let mut list = (*self.replaced.0).clone();
        list.pop();
        self.replaced = Ptr::new(list);
        self.baseline = last.baseline.clone();
        self.source_isa = last.isa;
        self.seq += 1;
        Some(last)
    }

    /// Forgets the replacements (the text loaded at start is not one).
    pub fn settle(&mut self) {
        self.replaced = Ptr::new(Vec::new());
    }

    /// Replacements after `seq` whose text before was own work.
    pub fn own_work_since(&self, seq: u64) -> impl Iterator<Item = &Rc<Replaced>> {
        self.replaced
            .iter()
            .filter(move |r| r.seq > seq && r.is_own_work())
    }
}
