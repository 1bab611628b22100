//! warpscope for JavaScript: the core's assembler, decoder, simulator and
//! permalink codec as a wasm-bindgen package (`cargo xtask js` builds it
//! with wasm-pack for the web and for Node).
//!
//! [`api`] computes every result as plain Rust; this layer only converts
//! them to plain JavaScript objects with serde-wasm-bindgen and turns a
//! [`api::Failure`] into a thrown `Error` with a `diagnostics` array (never
//! a wasm trap). `types.d.ts` describes the shapes to TypeScript.

pub mod api;

use js_sys::{Error, Reflect};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

/// A plain JavaScript value: maps as objects, `None` as `null`.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| thrown(&api::Failure::plain_message(e.to_string())))
}

/// The `Error` thrown for a failure: its message, with the diagnostics
/// attached as `diagnostics`.
fn thrown(f: &api::Failure) -> JsValue {
    let err = Error::new(&f.message);
    err.set_name("WarpscopeError");
    let list = f
        .diagnostics
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or_else(|_| js_sys::Array::new().into());
    let _ = Reflect::set(&err, &"diagnostics".into(), &list);
    err.into()
}

fn done<T: Serialize>(r: Result<T, api::Failure>) -> Result<JsValue, JsValue> {
    to_js(&r.map_err(|f| thrown(&f))?)
}

/// The bundled instruction sets.
#[wasm_bindgen(js_name = isas, unchecked_return_type = "IsaInfo[]")]
pub fn isa_list() -> Result<JsValue, JsValue> {
    to_js(&api::isa_list())
}

/// Assembles `source`: the words as `warpscope asm` prints them, a listing
/// row per word and the warnings. Throws when the source has errors.
#[wasm_bindgen(unchecked_return_type = "Assembly")]
pub fn assemble(isa: &str, source: &str) -> Result<JsValue, JsValue> {
    done(api::assemble(isa, source))
}

/// The canonical disassembly of one instruction given as hex.
#[wasm_bindgen]
pub fn disassemble(isa: &str, hex: &str) -> Result<String, JsValue> {
    api::decode(isa, hex)
        .map(|d| d.text)
        .map_err(|f| thrown(&f))
}

/// Decodes one instruction given as hex: its text and a note per field.
#[wasm_bindgen(unchecked_return_type = "Decoded")]
pub fn decode(isa: &str, hex: &str) -> Result<JsValue, JsValue> {
    done(api::decode(isa, hex))
}

/// What `encodeLink` takes.
#[derive(Deserialize)]
struct LinkInput {
    isa: String,
    source: String,
    #[serde(default)]
    selected: Option<u32>,
    #[serde(default)]
    step: Option<u64>,
    #[serde(default)]
    view: Vec<(String, String)>,
}

/// The permalink fragment (`v1.…`, the text after `#`) for a state.
#[wasm_bindgen(js_name = encodeLink)]
pub fn encode_link(
    #[wasm_bindgen(unchecked_param_type = "LinkInput")] state: JsValue,
) -> Result<String, JsValue> {
    let s: LinkInput = serde_wasm_bindgen::from_value(state).map_err(|e| {
        thrown(&api::Failure::plain_message(format!(
            "not a link state ({{ isa, source, selected?, step?, view? }}): {e}"
        )))
    })?;
    api::encode_link(&s.isa, &s.source, s.selected, s.step, s.view).map_err(|f| thrown(&f))
}

/// The state a permalink (a fragment or a whole URL) holds. Throws, with
/// the position as a diagnostic when it is known, for a damaged link.
#[wasm_bindgen(js_name = decodeLink, unchecked_return_type = "LinkState")]
pub fn decode_link(link: &str) -> Result<JsValue, JsValue> {
    done(api::decode_link(link))
}

/// The bundled puzzles, easiest first.
#[wasm_bindgen(unchecked_return_type = "PuzzleInfo[]")]
pub fn puzzles() -> Result<JsValue, JsValue> {
    to_js(&api::puzzle_list())
}

/// Checks a submission against a puzzle (a bundled id or a whole puzzle
/// text) on the puzzle's cases; the random ones come from `seed` when
/// given. Throws for a puzzle text with errors or a submission that does
/// not assemble.
#[wasm_bindgen(js_name = checkPuzzle, unchecked_return_type = "PuzzleReport")]
pub fn check_puzzle(puzzle: &str, source: &str, seed: Option<f64>) -> Result<JsValue, JsValue> {
    let seed = match seed {
        Some(s)
            if s.is_finite() && s >= 0.0 && s.fract() == 0.0 && s <= 9_007_199_254_740_991.0 =>
        {
            Some(s as u64)
        }
        Some(s) => {
            return Err(thrown(&api::Failure::plain_message(format!(
                "seed {s} is not a whole number from 0 to 2^53 - 1"
            ))))
        }
        None => None,
    };
    done(api::check_puzzle(puzzle, source, seed))
}

/// One warp running an assembled program, stepping forward and back.
#[wasm_bindgen]
pub struct Simulator {
    warp: api::Warp,
}

#[wasm_bindgen]
impl Simulator {
    /// Assembles `source` and loads it on a fresh warp. Throws when the
    /// source has errors.
    #[wasm_bindgen(constructor)]
    pub fn new(isa: &str, source: &str) -> Result<Simulator, JsValue> {
        api::Warp::new(isa, source)
            .map(|warp| Simulator { warp })
            .map_err(|f| thrown(&f))
    }

    /// Executes one instruction; returns what it did, or `null` when no
    /// lane can run.
    #[wasm_bindgen(unchecked_return_type = "StepEvent | null")]
    pub fn step(&mut self) -> Result<JsValue, JsValue> {
        match self.warp.step() {
            Some(ev) => to_js(&ev),
            None => Ok(JsValue::NULL),
        }
    }

    /// Undoes the last step; false when there is none to undo: at the
    /// start, or past the last 131,072 steps or more that the history
    /// keeps (a long run forgets its oldest steps to bound its memory).
    pub fn back(&mut self) -> bool {
        self.warp.back()
    }

    /// Steps until every lane exited, no lane can run, or `maxSteps`
    /// (default 100000) steps ran.
    #[wasm_bindgen(unchecked_return_type = "RunResult")]
    pub fn run(&mut self, max_steps: Option<u32>) -> Result<JsValue, JsValue> {
        let max = max_steps.map_or(warpscope_core::sim::DEFAULT_MAX_STEPS, u64::from);
        to_js(&self.warp.run(max))
    }

    /// Back to the initial state.
    pub fn reset(&mut self) {
        self.warp.reset();
    }

    /// The warp now: status, masks, the next instruction, every register
    /// the program names, warnings.
    #[wasm_bindgen(unchecked_return_type = "WarpView")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.warp.view())
    }
}
