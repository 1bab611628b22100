//! Instructions → canonical assembly text.
