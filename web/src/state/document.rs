//! The document slice: the editor's text and its ISA, and the history of
//! replacements: what the text was before each time something other than
//! typing replaced it (an example, an ISA switch, a link, an entry of the
//! history, Apply in the Encoding tab, a lane toggle), so that the work
//! history can keep it and Ctrl+Z can bring it back.

use std::rc::Rc;
use warpscope_core::isas::Id;
use warpscope_core::spec::model::Isa;

use super::typed::Typed;
use crate::examples;
use crate::ptr::Ptr;

/// Replacements kept for Ctrl+Z.
pub const UNDO_MAX: usize = 20;

/// One replacement of the editor's text.
#[derive(Debug, PartialEq)]
pub struct Replaced {
    /// Its number (increasing).
    pub seq: u64,
    /// The ISA the text before belonged to.
    pub isa: Id,
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
pub struct Document {
    /// The ISA's short name (the editor's text is written for it).
    pub isa: Id,
    /// The source text (what the editor holds).
    pub source: Rc<String>,
    /// Bumped when the source changes other than by typing, so the editor
    /// copies it into its text area.
    pub source_rev: u64,
    /// Bumped on every source change (typing included); assembly runs for
    /// the latest one.
    pub edit_rev: u64,
    /// The text last loaded (by a replacement or at start); typed text
    /// that differs from it is the person's own.
    pub baseline: Rc<String>,
    /// Recent replacements, oldest first.
    pub replaced: Ptr<Vec<Rc<Replaced>>>,
    /// Bumped on every replacement and undo (a new draft begins).
    pub seq: u64,
    /// What typing changed since the last replacement (Ctrl+Z in a long
    /// text, whose editor holds only part of it).
    pub typed: Ptr<Typed>,
}

/// What changes the document by itself.
#[derive(Debug, Clone, PartialEq)]
pub enum DocAction {
    /// The user typed: the new text.
    Edit(String),
    /// Put back the text the last replacement took away (Ctrl+Z while the
    /// editor still holds what the replacement put in).
    UndoReplace,
    /// Undo the last typed step (Ctrl+Z in a long text).
    UndoTyped,
    /// Do again the last typed step undone.
    RedoTyped,
}

/// What a document action did.
#[derive(Debug)]
pub enum DocChange {
    /// Nothing.
    Nothing,
    /// The text was typed.
    Typed,
    /// A replacement was undone: this one.
    Undone(Rc<Replaced>),
    /// A typed step was undone or done again; the caret goes here.
    Restored(usize),
}

impl Document {
    /// A document that starts with `source`, written for `isa`.
    pub fn new(isa: Id, source: String) -> Document {
        let source = Rc::new(source);
        Document {
            isa,
            baseline: source.clone(),
            source,
            source_rev: 1,
            edit_rev: 1,
            replaced: Ptr::new(Vec::new()),
            seq: 0,
            typed: Ptr::new(Typed::default()),
        }
    }

    /// The ISA in use.
    pub fn isa(&self) -> &'static Isa {
        self.isa.isa()
    }

    /// Whether the text is one of the ISA's examples.
    pub fn is_example(&self) -> bool {
        examples::is_bundled(self.isa, &self.source)
    }

    /// Whether the text is empty or an untouched example.
    pub fn untouched(&self) -> bool {
        self.source.trim().is_empty() || self.is_example()
    }

    /// Replaces the text other than by typing, with `text` written for
    /// `isa`; the text before is recorded.
    pub fn replace(&mut self, text: String, isa: Id) {
        let after = Rc::new(text);
        let before = std::mem::replace(&mut self.source, after.clone());
        self.seq += 1;
        let mut list = (*self.replaced.0).clone();
        list.push(Rc::new(Replaced {
            seq: self.seq,
            isa: self.isa,
            before,
            after: after.clone(),
            baseline: self.baseline.clone(),
        }));
        if list.len() > UNDO_MAX {
            list.remove(0);
        }
        self.replaced = Ptr::new(list);
        self.baseline = after;
        self.isa = isa;
        self.typed = Ptr::new(Typed::default());
        self.source_rev += 1;
        self.edit_rev += 1;
    }

    /// Applies an action.
    pub fn reduce(&mut self, a: DocAction) -> DocChange {
        match a {
            DocAction::Edit(text) => {
                if *self.source == text {
                    return DocChange::Nothing;
                }
                let mut typed = (*self.typed.0).clone();
                typed.record(&self.source, &text);
                self.typed = Ptr::new(typed);
                self.source = Rc::new(text);
                self.edit_rev += 1;
                DocChange::Typed
            }
            DocAction::UndoReplace => self.undo().map_or(DocChange::Nothing, DocChange::Undone),
            DocAction::UndoTyped | DocAction::RedoTyped => {
                let mut typed = (*self.typed.0).clone();
                let step = if a == DocAction::UndoTyped {
                    typed.undo(&self.source)
                } else {
                    typed.redo(&self.source)
                };
                self.typed = Ptr::new(typed);
                let Some((text, caret)) = step else {
                    return DocChange::Nothing;
                };
                self.source = Rc::new(text);
                self.source_rev += 1;
                self.edit_rev += 1;
                DocChange::Restored(caret)
            }
        }
    }

    /// Takes the replacement that the editor's text is the result of off
    /// the list and puts the text before back: what Ctrl+Z steps back
    /// over. None when the text was typed since (the editor's own undo
    /// applies then).
    fn undo(&mut self) -> Option<Rc<Replaced>> {
        let last = self.replaced.last()?.clone();
        if last.after != self.source {
            return None;
        }
        let mut list = (*self.replaced.0).clone();
        list.pop();
        self.replaced = Ptr::new(list);
        self.baseline = last.baseline.clone();
        self.isa = last.isa;
        self.seq += 1;
        self.typed = Ptr::new(Typed::default());
        self.source = last.before.clone();
        self.source_rev += 1;
        self.edit_rev += 1;
        Some(last)
    }

    /// The text loaded at start is not a replacement: forgets them, and
    /// counts the text as the person's own unless it is an example.
    pub fn settle(&mut self) {
        self.replaced = Ptr::new(Vec::new());
        if !self.is_example() {
            self.baseline = Rc::new(String::new());
        }
    }

    /// Replacements after `seq` whose text before was own work.
    pub fn own_work_since(&self, seq: u64) -> impl Iterator<Item = &Rc<Replaced>> {
        self.replaced
            .iter()
            .filter(move |r| r.seq > seq && r.is_own_work())
    }

    /// Whether the editor holds work of the person's own.
    pub fn is_own_work(&self) -> bool {
        *self.source != *self.baseline && !self.source.trim().is_empty()
    }
}
