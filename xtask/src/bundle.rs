//! Builds the release bundle into `static/pkg` and reports its size.

use crate::setup::{self, Toolchain};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds `static/pkg` with wasm-pack (release, size-optimised), then runs
/// wasm-opt on the result when it is available.
pub fn build(root: &Path, tc: &Toolchain) -> Result<(), String> {
    pack(root, tc)?;
    let t = setup::step(2, 2, "wasm-opt -Oz, split, terser");
    let wasm = optimise(tc, &root.join("static/pkg/warpscope_bg.wasm"), true)?;
    // Before the split: the glue carries the features' sheet's digest.
    write_style(root)?;
    let split = split_bundle(root)?;
    let js = minify_js(tc, &root.join("static/pkg/warpscope.js"))?;
    let names = short_import_names(root)?;
    setup::done(t, &format!("wasm {wasm}; {split}; js {js}; {names}"));
    for (kind, path) in bundle_files(root) {
        if matches!(kind, "wasm" | "js") {
            precompress(&path)?;
        }
    }
    precompress(&rest_file(root))?;
    precompress(&features_file(root))?;
    for (_, path) in on_demand_files(root) {
        precompress(&path)?;
    }
    print_sizes(root)?;
    Ok(())
}

/// Step 1 of [`build`]: the wasm and its glue in `static/pkg`, as
/// wasm-bindgen writes them, and the on-demand files.
pub fn pack(root: &Path, tc: &Toolchain) -> Result<(), String> {
    let t = setup::step(1, 2, "wasm-pack build (release, opt-level z, lto)");
    let extra = ["--no-typescript", "--no-pack"];
    setup::run(&mut wasm_pack(
        root,
        tc,
        ("web", &extra),
        "web",
        "../static/pkg",
    ))?;
    let _ = std::fs::remove_file(root.join("static/pkg/.gitignore"));
    for (_, path) in on_demand_files(root) {
        write_on_demand(&path)?;
    }
    setup::done(t, "built static/pkg");
    Ok(())
}

/// `wasm-pack build CRATE --release --target TARGET --out-dir OUT_DIR`
/// (OUT_DIR relative to the crate, `extra` more wasm-pack options) with
/// output name `warpscope`, the size-optimising release profile and the
/// toolchain from setup. wasm-opt is left to [`optimise`].
///
/// The standard library is compiled with the crate (`-Z build-std`, from
/// the toolchain's `rust-src`, which setup installs) with its smaller
/// implementations (`optimize_for_size`), and a panic stops the program
/// on the spot (`-C panic=immediate-abort`): no panic message is
/// formatted, which takes the formatting paths of every `unwrap`, index
/// and overflow check out of the bundle (27 KB gzipped in all). A panic
/// still stops the page with a `RuntimeError` in the console, as it did.
///
/// Two compiler settings shrink the bundle further: panics carry no file
/// and line (`-Zlocation-detail=none`, about 6 KB gzipped: the paths of
/// every source file; a panic in the browser is a bug report either way),
/// and `Debug` formatting compiles to nothing (`-Zfmt-debug=none`, about
/// 1 KB: the derived `Debug` impls). Nothing
/// the page shows may therefore use `{:?}`; `tests/tests/architecture.rs`
/// checks that. All these are unstable flags, accepted by the stable
/// compiler with `RUSTC_BOOTSTRAP=1`, for these crates' wasm builds only;
/// they are listed, with what each saves, in [`crate::unstable`], whose
/// check setup runs.
pub fn wasm_pack(
    root: &Path,
    tc: &Toolchain,
    (krate, extra): (&str, &[&str]),
    target: &str,
    out_dir: &str,
) -> Command {
    let mut cmd = Command::new("wasm-pack");
    cmd.current_dir(root)
        .args(["build", krate, "--release", "--target", target])
        .args(["--out-dir", out_dir, "--out-name", "warpscope"])
        .args(["--mode", "no-install", "--no-opt"])
        .args(extra)
        // After `--`: options of the `cargo build` that wasm-pack runs.
        .arg("--")
        .args(crate::unstable::wasm_cargo_args())
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "z")
        .env("CARGO_PROFILE_RELEASE_LTO", "true")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1")
        .env("CARGO_PROFILE_RELEASE_PANIC", "abort")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("RUSTC_BOOTSTRAP", "1")
        .env("RUSTFLAGS", crate::unstable::wasm_rustflags());
    if let Some(name) = &tc.rustup_toolchain {
        cmd.env("RUSTUP_TOOLCHAIN", name);
    } else {
        cmd.env_remove("RUSTUP_TOOLCHAIN");
    }
    cmd
}

/// Runs `wasm-opt -Oz` on `wasm` in place when wasm-opt is available;
/// returns what happened. A failing wasm-opt keeps the file as it was.
/// `for_split` prepares the bundle's wasm for [`split_bundle`]: the
/// function names stay, and a function with one caller stays a function of
/// its own instead of being inlined into it, so that the split can leave it
/// out of start-up when its caller runs and it does not (the bundle 288.3
/// -> 269.2 KB gzipped; docs/perf.md).
pub fn optimise(tc: &Toolchain, wasm: &Path, for_split: bool) -> Result<&'static str, String> {
    let Some(opt) = &tc.wasm_opt else {
        return Ok("skipped (no wasm-opt)");
    };
    let mut cmd = Command::new(opt);
    // --converge repeats -Oz while it still shrinks (about 1 KB gzipped)
    cmd.args(["-Oz", "--converge", "--strip-producers"]);
    if for_split {
        cmd.args(["-g", "--one-caller-inline-max-function-size=0"]);
    } else {
        cmd.arg("--strip-debug");
    }
    cmd.args([
        "--enable-bulk-memory",
        "--enable-nontrapping-float-to-int",
        "--enable-sign-ext",
        "--enable-mutable-globals",
        "--enable-reference-types",
        "--enable-multivalue",
        "--enable-simd",
    ])
    .arg(wasm)
    .arg("-o");
    Ok(if rewrite(cmd, wasm, "opt.wasm")? {
        "optimised"
    } else {
        "warning: wasm-opt failed; keeping the unoptimised wasm"
    })
}

/// Runs `cmd` with a temporary output file (`path` with extension `ext`)
/// appended, then puts that file in `path`'s place; false when the tool
/// failed (`path` is then left as it was).
fn rewrite(mut cmd: Command, path: &Path, ext: &str) -> Result<bool, String> {
    let tmp = path.with_extension(ext);
    let ok = cmd.arg(&tmp).status().map(|s| s.success()).unwrap_or(false);
    if ok {
        std::fs::rename(&tmp, path).map_err(|e| e.to_string())?;
    } else {
        let _ = std::fs::remove_file(&tmp);
    }
    Ok(ok)
}

/// Minifies the wasm-bindgen glue `js` in place with terser when it is
/// available (about 2 KB of the bundle gzipped); a failing terser keeps the
/// file as it was. Property names are left alone: the glue's import
/// object is keyed by them.
pub fn minify_js(tc: &Toolchain, js: &Path) -> Result<&'static str, String> {
    let Some(terser) = &tc.terser else {
        return Ok("not minified (no terser)");
    };
    let mut cmd = Command::new(terser);
    cmd.arg(js)
        .args(["--module", "--compress", "--mangle", "-o"]);
    Ok(if rewrite(cmd, js, "min.js")? {
        "minified"
    } else {
        "warning: terser failed; keeping the glue as it was"
    })
}

/// Where the build keeps the split's inputs: the optimised wasm with its
/// names (`named.wasm`) and wasm-bindgen's glue (`glue.js`).
pub fn split_inputs(root: &Path) -> PathBuf {
    root.join("target/split")
}

/// The second part of the wasm ([`crate::split`]).
pub fn rest_file(root: &Path) -> PathBuf {
    root.join("static/pkg").join(crate::split::REST_FILE)
}

/// Splits the bundle's wasm (optimised, with names) by the recorded list
/// of functions that starting the page does not run
/// ([`crate::split::lists::LIST`]): the first part in the wasm's place, the
/// rest in [`rest_file`], the glue taught to load it. Without a list, or
/// when the split cannot be made, the wasm stays whole (names removed) and
/// the rest is an empty module; the line returned says which.
pub fn split_bundle(root: &Path) -> Result<String, String> {
    let (wasm_path, glue_path) = (
        root.join("static/pkg/warpscope_bg.wasm"),
        root.join("static/pkg/warpscope.js"),
    );
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let write =
        |p: &Path, b: &[u8]| std::fs::write(p, b).map_err(|e| format!("{}: {e}", p.display()));
    let wasm = read(&wasm_path)?;
    let glue = String::from_utf8(read(&glue_path)?).map_err(|e| e.to_string())?;
    // What the split started from, kept for a second build made from the
    // same code (the browser test of a deploy while a tab is open).
    let kept = split_inputs(root);
    let _ = std::fs::create_dir_all(&kept);
    let _ = std::fs::write(kept.join("named.wasm"), &wasm);
    let _ = std::fs::write(kept.join("glue.js"), &glue);
    let list = crate::split::lists::read_list(root);
    let attempt = if list.is_empty() {
        Err(format!("no list in {}", crate::split::lists::LIST))
    } else {
        let keep = crate::split::lists::read_keep(root);
        crate::split::split_keeping(&wasm, &list, &keep).and_then(|parts| {
            crate::split::patch_glue(
                &glue,
                crate::split::Mode::Split(crate::split::digest(&parts.secondary)),
                &on_demand_digests(root),
            )
            .map(|glue| (parts, glue))
            .ok_or_else(|| "the glue is not of the expected shape".to_string())
        })
    };
    match attempt {
        Ok((parts, glue)) => {
            write(&wasm_path, &parts.primary)?;
            write(&rest_file(root), &parts.secondary)?;
            write(&glue_path, glue.as_bytes())?;
            Ok(format!(
                "{} functions ({}) moved to {}",
                parts.moved,
                kb(parts.moved_bytes),
                crate::split::REST_FILE
            ))
        }
        Err(why) => {
            write(&wasm_path, &crate::split::strip(&wasm)?)?;
            write(&rest_file(root), crate::split::EMPTY)?;
            // Nothing fetches the features' sheet: it joins the page's.
            let mut sheet = read(&style_file(root))?;
            sheet.extend(read(&features_file(root))?);
            write(&style_file(root), &sheet)?;
            Ok(format!("warning: the wasm is not split ({why})"))
        }
    }
}

/// The on-demand files' names and digests (and the features' sheet's),
/// as the split glue carries them.
pub fn on_demand_digests(root: &Path) -> Vec<(String, u32)> {
    on_demand_files(root)
        .into_iter()
        .chain([("features".to_string(), features_file(root))])
        .filter_map(|(_, path)| {
            let bytes = std::fs::read(&path).ok()?;
            let name = path.file_name()?.to_string_lossy().into_owned();
            Some((name, crate::split::digest(&bytes)))
        })
        .collect()
}

/// The style sheet as the page loads it (`static/pkg/style.css`), made
/// from `static/style.css` by [`minify_css`].
pub fn style_file(root: &Path) -> PathBuf {
    root.join("static/pkg/style.css")
}

/// `css` without its comments and the white space a browser does not need
/// (about 1.4 KB of the bundle gzipped): each run of white space becomes
/// one space, or none next to `{`, `}`, `;`, `,` and `>`, and none after a
/// `:` (white space there never means anything; before one it may, as in
/// `.a :hover`); a `;` before `}` goes. Strings are kept as written.
pub fn minify_css(css: &str) -> String {
    const TIGHT: &[char] = &['{', '}', ';', ',', '>'];
    let mut out = String::with_capacity(css.len());
    let mut space = false;
    let mut chars = css.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '/' && chars.peek() == Some(&'*') {
            chars.next();
            let mut last = ' ';
            for d in chars.by_ref() {
                if last == '*' && d == '/' {
                    break;
                }
                last = d;
            }
            space = true;
            continue;
        }
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if c == '}' && out.ends_with(';') {
            out.pop();
        }
        let after_colon = out.ends_with(':');
        if space && !out.is_empty() && !out.ends_with(TIGHT) && !after_colon && !TIGHT.contains(&c)
        {
            out.push(' ');
        }
        space = false;
        out.push(c);
        if c == '"' || c == '\'' {
            let mut escaped = false;
            for d in chars.by_ref() {
                out.push(d);
                if d == c && !escaped {
                    break;
                }
                escaped = d == '\\' && !escaped;
            }
        }
    }
    out
}

pub use crate::split::FEATURES_FILE;

/// The features' style sheet as the page fetches it, made from
/// `static/features.css` by [`minify_css`].
pub fn features_file(root: &Path) -> PathBuf {
    root.join("static/pkg").join(FEATURES_FILE)
}

/// Writes [`style_file`] from `static/style.css` and [`features_file`]
/// from `static/features.css`.
fn write_style(root: &Path) -> Result<(), String> {
    for (src, out) in [
        (root.join("static/style.css"), style_file(root)),
        (root.join("static").join(FEATURES_FILE), features_file(root)),
    ] {
        let css = std::fs::read_to_string(&src).map_err(|e| format!("{}: {e}", src.display()))?;
        std::fs::write(&out, minify_css(&css)).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(())
}

/// Gives the bundle's imports short names in the wasm and the glue
/// ([`crate::imports`]); returns what happened.
fn short_import_names(root: &Path) -> Result<&'static str, String> {
    let (wasm_path, js_path) = (
        root.join("static/pkg/warpscope_bg.wasm"),
        root.join("static/pkg/warpscope.js"),
    );
    let wasm = std::fs::read(&wasm_path).map_err(|e| format!("{}: {e}", wasm_path.display()))?;
    let js =
        std::fs::read_to_string(&js_path).map_err(|e| format!("{}: {e}", js_path.display()))?;
    let Some((wasm, js)) = crate::imports::minify(&wasm, &js) else {
        return Ok("warning: import names kept (the glue is not of the expected shape)");
    };
    std::fs::write(&wasm_path, wasm).map_err(|e| format!("{}: {e}", wasm_path.display()))?;
    std::fs::write(&js_path, js).map_err(|e| format!("{}: {e}", js_path.display()))?;
    Ok("imports renamed")
}

/// Whether a file is worth sending compressed (text and wasm; images such
/// as PNG are compressed already).
pub fn compressible(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("html" | "js" | "mjs" | "css" | "wasm" | "svg" | "json" | "webmanifest" | "txt")
    )
}

/// gzip as served and as the budget counts it: zopfli's encoder, which
/// searches for a smaller deflate stream than zlib's best level does (the
/// wasm: 402 KB against 420 KB; about 2 s for it on one core). Any gzip
/// reader reads it. Files are compressed once, when the bundle is built or
/// first served, so the time is spent once.
pub fn gzip(data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(data.len() / 2);
    zopfli::compress(
        zopfli::Options::default(),
        zopfli::Format::Gzip,
        data,
        &mut out,
    )
    .map_err(|e| e.to_string())?;
    Ok(out)
}

/// Brotli at the best quality.
pub fn brotli(data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &data[..], &mut out, &params).map_err(|e| e.to_string())?;
    Ok(out)
}

/// Writes `FILE.gz` and `FILE.br` next to `path`, for servers that send
/// them to browsers that accept them (`cargo xtask serve` does).
pub fn precompress(path: &Path) -> Result<(), String> {
    let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for (suffix, packed) in [("gz", gzip(&data)?), ("br", brotli(&data)?)] {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".");
        name.push(suffix);
        let out = path.with_file_name(name);
        std::fs::write(&out, packed).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(())
}

/// Raw and gzipped size of a file.
pub fn sizes(path: &Path) -> Result<(usize, usize), String> {
    let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((data.len(), gzip(&data)?.len()))
}

/// The files that make up the bundle, by kind.
pub fn bundle_files(root: &Path) -> Vec<(&'static str, PathBuf)> {
    vec![
        ("wasm", root.join("static/pkg/warpscope_bg.wasm")),
        ("js", root.join("static/pkg/warpscope.js")),
        ("css", style_file(root)),
        ("html", root.join("index.html")),
    ]
}

/// The files the page fetches only when it first needs them, by what they
/// hold: each ISA's documentation prose, for the reference pane, the
/// Chinese catalogue, for the interface in Chinese, the bundled
/// puzzles, for the puzzle panel, and the example programs other than the
/// one the page opens with, for the examples menu. They are not part of
/// the bundle a page loads before it can be used.
pub fn on_demand_files(root: &Path) -> Vec<(String, PathBuf)> {
    let docs = warpscope_core::isas::Id::ALL.iter().map(|id| {
        (
            format!("{id} docs"),
            root.join("static/pkg").join(id.docs_file_name()),
        )
    });
    let zh = root.join("static/pkg").join(zh_tables::format::FILE_NAME);
    let puzzles = root
        .join("static/pkg")
        .join(warpscope_core::puzzle::BUNDLED_FILE);
    let examples = root
        .join("static/pkg")
        .join(warpscope_core::examples::FILE_NAME);
    docs.chain([
        ("zh texts".to_string(), zh),
        ("puzzles".to_string(), puzzles),
        ("examples".to_string(), examples),
    ])
    .collect()
}

/// The web crate's Chinese catalogue, read from its sources (the tables
/// and the file format the page reads back).
#[allow(dead_code)]
#[path = "../../web/src/i18n/zh/mod.rs"]
mod zh_tables;

/// Writes the on-demand file `path` (one of [`on_demand_files`]) from
/// what this build of core and the web crate's sources hold.
fn write_on_demand(path: &Path) -> Result<(), String> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let bytes = if name == warpscope_core::puzzle::BUNDLED_FILE {
        warpscope_core::puzzle::bundled_file().into_bytes()
    } else if name == warpscope_core::examples::FILE_NAME {
        warpscope_core::examples::bundled_file().into_bytes()
    } else if name == zh_tables::format::FILE_NAME {
        zh_tables::format::write(zh_tables::PARTS)
            .ok_or("a Chinese catalogue text holds a separator character")?
            .into_bytes()
    } else {
        let id = warpscope_core::isas::Id::ALL
            .into_iter()
            .find(|id| id.docs_file_name() == name)
            .ok_or_else(|| format!("{}: not an on-demand file", path.display()))?;
        id.docs_file().to_vec()
    };
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The most the bundle (wasm + js + css + html) may weigh gzipped, in
/// bytes: what a first visit over a slow line has to download before the
/// page is ready. It holds the engine whole, so that no program needs the
/// second part of the wasm to run (docs/perf.md, "Loading the rest"),
/// and every message of the engine as a template a translation can fill
/// (docs/perf.md, "The budget": 2.4 KB of it), and CUDA C: the w128
/// instructions its compiler needs, and the compiler's data and entry
/// points, which the split cannot move (17 KB of it), and the views of
/// long programs: the windows of rows drawn, the long text held in part
/// with its own undo history (8 KB of it, won back by leaving out the
/// example programs' texts and std's tables of printable characters and
/// float digits: docs/perf.md, "The budget").
pub const BUDGET_GZIP: usize = 321_000;

/// The bundle's gzipped size checked against [`BUDGET_GZIP`]: `Ok` with a
/// line to print when it fits, `Err` with the size and the budget when it
/// does not (`cargo xtask test` then fails).
pub fn check_budget(root: &Path) -> Result<String, String> {
    let mut total = 0;
    for (_, path) in bundle_files(root) {
        total += sizes(&path)?.1;
    }
    budget_verdict(total)
}

fn budget_verdict(total: usize) -> Result<String, String> {
    let line = format!(
        "bundle {} gzipped (wasm+js+css+html), budget {}",
        kb(total),
        kb(BUDGET_GZIP)
    );
    if total <= BUDGET_GZIP {
        Ok(format!("{line}: ok"))
    } else {
        Err(format!("{line}: over by {}", kb(total - BUDGET_GZIP)))
    }
}

/// Prints the bundle's size table.
pub fn print_sizes(root: &Path) -> Result<(), String> {
    println!("bundle size:");
    let (mut raw_total, mut gz_total) = (0, 0);
    for (kind, path) in bundle_files(root) {
        let (raw, gz) = sizes(&path)?;
        raw_total += raw;
        gz_total += gz;
        println!("  {kind:<5} {:>9} raw {:>9} gzip", kb(raw), kb(gz));
    }
    println!(
        "  {:<5} {:>9} raw {:>9} gzip",
        "total",
        kb(raw_total),
        kb(gz_total)
    );
    println!("fetched once the page is shown, or when first needed (not in the bundle):");
    let rest = ("wasm rest".to_string(), rest_file(root));
    let features = ("features css".to_string(), features_file(root));
    for (what, path) in [rest, features].into_iter().chain(on_demand_files(root)) {
        let (raw, gz) = sizes(&path)?;
        println!("  {what:<10} {:>9} raw {:>9} gzip", kb(raw), kb(gz));
    }
    Ok(())
}

fn kb(n: usize) -> String {
    format!("{:.1} KB", n as f64 / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn the_service_worker_stores_every_on_demand_file() {
        // Offline, the reference pane's descriptions and the wasm's second
        // part come from its cache.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let sw = std::fs::read_to_string(root.join("static/sw.js")).unwrap();
        let rest = ("the wasm's rest".to_string(), rest_file(&root));
        let features = ("the features' sheet".to_string(), features_file(&root));
        for (what, path) in on_demand_files(&root).into_iter().chain([rest, features]) {
            let rel = path.strip_prefix(&root).unwrap().to_string_lossy();
            assert!(
                sw.contains(&format!("\"{rel}\"")),
                "sw.js does not store {what} ({rel})"
            );
        }
    }

    #[test]
    fn the_chinese_catalogue_is_written_in_the_format_the_page_reads() {
        let text = zh_tables::format::write(zh_tables::PARTS).unwrap();
        let back = zh_tables::format::read(&text).unwrap();
        let count: usize = zh_tables::PARTS.iter().map(|p| p.len()).sum();
        assert_eq!(back.len(), count);
        assert!(back.contains(&("Share", "分享")));
        assert!(zh_tables::format::read(&text[..text.len() - 1]).is_none());
        assert!(zh_tables::format::read("a\u{1f}\u{1e}").is_none());
    }

    #[test]
    fn on_demand_files_are_written_from_core() {
        let dir = std::env::temp_dir().join(format!("ws-ondemand-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("static/pkg")).unwrap();
        for (_, path) in on_demand_files(&dir) {
            write_on_demand(&path).unwrap();
            if path.ends_with(zh_tables::format::FILE_NAME) {
                continue;
            }
            if path.ends_with(warpscope_core::examples::FILE_NAME) {
                let text = std::fs::read_to_string(&path).unwrap();
                let texts: Vec<&str> = text.split('\u{1e}').collect();
                let compiled = warpscope_core::examples::all().unwrap();
                assert_eq!(texts.len(), compiled.len());
                for (t, e) in texts.iter().zip(compiled) {
                    assert_eq!(*t, e.source);
                }
                continue;
            }
            if path.ends_with(warpscope_core::puzzle::BUNDLED_FILE) {
                let text = std::fs::read_to_string(&path).unwrap();
                let texts: Vec<&str> = text.split('\u{1e}').collect();
                let compiled = warpscope_core::puzzle::bundled_texts();
                assert_eq!(texts.len(), compiled.len());
                for (t, (_, c)) in texts.iter().zip(compiled) {
                    assert_eq!(t, c);
                }
                continue;
            }
            let id = warpscope_core::isas::Id::ALL
                .into_iter()
                .find(|id| path.ends_with(id.docs_file_name()))
                .unwrap();
            let bytes = std::fs::read(&path).unwrap();
            assert!(
                id.with_docs(id.isa(), &bytes).is_some(),
                "{}",
                path.display()
            );
        }
        assert!(write_on_demand(&dir.join("static/pkg/other.wsd")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bundle_over_the_budget_fails_with_its_size() {
        assert_eq!(
            budget_verdict(298_700),
            Ok("bundle 298.7 KB gzipped (wasm+js+css+html), budget 321.0 KB: ok".into())
        );
        assert!(budget_verdict(BUDGET_GZIP).is_ok());
        assert_eq!(
            budget_verdict(321_001),
            Err(
                "bundle 321.0 KB gzipped (wasm+js+css+html), budget 321.0 KB: over by 0.0 KB"
                    .into()
            )
        );
        let over = budget_verdict(332_400).unwrap_err();
        assert!(over.ends_with("over by 11.4 KB"), "{over}");
    }

    #[test]
    fn the_style_sheet_loses_comments_and_space_but_not_its_strings() {
        let css = "/* the page */\n.a  >  .b ,\n.c:hover, .f :focus {\n  color: red ;\n  margin: 0 auto;\n}\n\
                   .d::before { content: \"a ,  b/* c */\"; }\n\
                   @media (max-width: 600px) and (hover: none) { .e { width: calc(100% - 2px); } }\n";
        assert_eq!(
            minify_css(css),
            ".a>.b,.c:hover,.f :focus{color:red;margin:0 auto}.d::before{content:\"a ,  b/* c */\"}\
             @media (max-width:600px) and (hover:none){.e{width:calc(100% - 2px)}}"
        );
        // the page's own sheet: every rule kept, braces balanced
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let sheet = std::fs::read_to_string(root.join("static/style.css")).unwrap();
        let small = minify_css(&sheet);
        assert!(small.len() < sheet.len() * 9 / 10);
        assert_eq!(small.matches('{').count(), sheet.matches('{').count());
        assert_eq!(small.matches('}').count(), sheet.matches('}').count());
    }

    #[test]
    fn precompressed_files_decompress_to_the_original() {
        let dir = std::env::temp_dir().join(format!("ws-bundle-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("m.wasm");
        let data: Vec<u8> = (0..20_000u32)
            .map(|i| (i % 251) as u8 ^ (i / 97) as u8)
            .collect();
        std::fs::write(&file, &data).unwrap();
        precompress(&file).unwrap();
        let gz = std::fs::read(dir.join("m.wasm.gz")).unwrap();
        let br = std::fs::read(dir.join("m.wasm.br")).unwrap();
        assert!(gz.len() < data.len() && br.len() < data.len());
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, data);
        let mut back = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, data);
        assert!(compressible(&file) && !compressible(Path::new("a.png")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
