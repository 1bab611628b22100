//! The description language: parsing the seeds, loading, errors with locations, random descriptions, the w128 description against the seeds, the compiled form.

mod compiled;
mod errors;
mod load;
mod parse;
mod random;
mod w128_seed;
