//! The ISA description language: lexer → parser → validated [`model::Isa`].
pub mod model;
