//! The ISAs bundled with warpscope, loaded once from `core/isa/`.
