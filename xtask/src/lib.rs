//! Project automation for warpscope (`cargo xtask ...`), plus the pieces the
//! end-to-end tests share: a static file server and a WebDriver client for
//! headless Chromium. `js` builds and tests the JavaScript package; `fuzz`
//! builds and runs the fuzz targets.

pub mod asmbench;
pub mod bundle;
pub mod cli;
pub mod fuzz;
pub mod imports;
pub mod js;
pub mod profile;
pub mod server;
pub mod setup;
pub mod split;
pub mod unstable;
pub mod webdriver;

use std::path::PathBuf;

/// The workspace root.
pub fn root() -> PathBuf {
    webdriver::workspace_root()
}

/// The workspace root, checked to hold the built web bundle: the browser
/// tests and benchmarks serve it.
pub fn built_root() -> PathBuf {
    let root = root();
    assert!(
        root.join("static/pkg/warpscope_bg.wasm").exists(),
        "static/pkg is missing: run `cargo xtask build` first"
    );
    root
}
