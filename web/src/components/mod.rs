//! Components, one per file.

pub mod banner;
pub mod callbacks;
pub mod diag_list;
pub mod diagram;
pub mod header;
pub mod history_menu;
pub mod run_controls;
pub mod share_popover;
pub mod storage_notice;
pub mod tabs;
