//! Components, one per file.

pub mod history_menu;
pub mod storage_notice;
