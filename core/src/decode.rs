//! Machine words → instructions, with a per-field annotation.
