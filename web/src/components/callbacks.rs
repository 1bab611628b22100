//! Callbacks handed to the panes, made once so that props compare equal
//! and a pane redraws only when its data changed.

use yew::prelude::*;

use crate::state::{Action, Dispatch, DocAction, RunAction, ViewAction};

/// The panes' callbacks.
#[derive(PartialEq)]
pub struct Callbacks {
    /// A lane number was clicked.
    pub lane: Callback<u8>,
    /// A value format was chosen.
    pub fmt: Callback<crate::state::Fmt>,
    /// Apply in the bitfield view.
    pub apply: Callback<()>,
    /// Revert in the bitfield view.
    pub revert: Callback<()>,
    /// A reference entry was pinned.
    pub pin: Callback<Option<usize>>,
    /// The editor's text changed.
    pub edit: Callback<String>,
    /// The caret moved.
    pub cursor: Callback<usize>,
    /// A gutter line was clicked.
    pub breakpoint: Callback<usize>,
    /// A diagnostic was clicked.
    pub goto: Callback<usize>,
    /// A listing row was clicked.
    pub select: Callback<usize>,
    /// Puzzle mode loads a text (ISA, text).
    pub load: Callback<(String, String)>,
    /// Ctrl+Z over a replacement.
    pub undo_replace: Callback<()>,
    /// Ctrl+Z (false) or Ctrl+Y (true) in a long text.
    pub typed_undo: Callback<bool>,
}

impl Callbacks {
    /// The callbacks of a dispatcher.
    pub fn new(d: &Dispatch) -> Callbacks {
        Callbacks {
            lane: d.callback(Action::ToggleLane),
            fmt: d.callback(|f| Action::View(ViewAction::SetFmt(f))),
            apply: d.callback(|()| Action::ApplyWord),
            revert: d.callback(|()| Action::View(ViewAction::RevertWord)),
            pin: d.callback(|o| Action::View(ViewAction::PinReference(o))),
            edit: d.callback(|t| Action::Doc(DocAction::Edit(t))),
            cursor: d.callback(|o| Action::View(ViewAction::Cursor(o))),
            breakpoint: d.callback(|l| Action::Run(RunAction::ToggleBreakpoint(l))),
            goto: d.callback(|o| Action::View(ViewAction::GoTo(o))),
            select: d.callback(|i| Action::View(ViewAction::SelectRow(i))),
            load: d.callback(|(isa, text)| Action::LoadText(isa, text)),
            undo_replace: d.callback(|()| Action::Doc(DocAction::UndoReplace)),
            typed_undo: d.callback(|redo| {
                Action::Doc(if redo {
                    DocAction::RedoTyped
                } else {
                    DocAction::UndoTyped
                })
            }),
        }
    }
}
