//! Permalinks: pinned golden links and robustness against bad input.

mod golden;
mod robust;
