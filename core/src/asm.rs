//! Assembly text → instructions.
