//! Instructions → machine words.
