//! Components, one per file.

pub mod banner;
pub mod bitfield;
pub mod callbacks;
pub mod diag_list;
pub mod diagram;
pub mod editor;
pub mod embed;
pub mod explain;
pub mod export_menu;
pub mod follow_exec;
pub mod grid;
pub mod gutter;
pub mod header;
pub mod highlighted;
pub mod highlighted_line;
pub mod history_menu;
pub mod keys;
pub mod listing;
pub mod listing_row;
pub mod present;
pub mod reference;
pub mod run_controls;
pub mod share_popover;
pub mod storage_notice;
pub mod tabs;
