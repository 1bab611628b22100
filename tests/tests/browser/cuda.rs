//! Browser tests of CUDA C in the playground: choose `cuda`, write a
//! kernel, see each CUDA line above its instructions, step it with the
//! CUDA line and the instruction highlighted, read its printf output in
//! the console (and lose it again stepping back), share it as a link that
//! opens the same kernel and step, on a phone too; and a kernel whose
//! compiler cannot be loaded keeps its text and says why.
//!
//! Run with `cargo test -p warpscope-e2e --test browser -- --ignored cuda::`
//! after `cargo xtask build`.

use crate::browser_util::Page;
use serde_json::{json, Value};
use warpscope_core::cuda;
use warpscope_core::link::{encode_link, LinkState};

const KERNEL: &str = "\
__global__ void pairs()
{
    int v = threadIdx.x;
    v += __shfl_xor_sync(0xffffffff, v, 1);
    if (threadIdx.x < 4)
        printf(\"lane %d: %d\\n\", threadIdx.x, v);
}
";

/// Waits until the listing shows the compiled kernel.
fn wait_compiled(page: &Page, src: &str) -> cuda::Compiled {
    let c = cuda::compile(src).expect("the test kernel compiles");
    page.wait(&format!(
        "return document.querySelectorAll('#listing tbody tr[data-index]').length === {};",
        c.program.lines.len()
    ));
    c
}

/// The CUDA lines the listing shows above the instructions.
fn source_rows(page: &Page) -> Vec<String> {
    let v = page.js(
        "return Array.from(document.querySelectorAll('#listing tbody tr.src .src-text')).map(r => r.textContent);",
        vec![],
    );
    serde_json::from_value(v).expect("strings")
}

/// The console's lines: (lane, text).
fn console(page: &Page) -> Vec<(u64, String)> {
    let v = page.js(
        "return Array.from(document.querySelectorAll('#console li')).map(li =>
             [Number(li.dataset.lane), li.querySelector('.console-text').textContent]);",
        vec![],
    );
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|r| (r[0].as_u64().unwrap(), r[1].as_str().unwrap().to_string()))
                .collect()
        })
        .unwrap_or_default()
}

/// The editor's highlighted line of what runs next, and the listing's row.
fn highlighted(page: &Page) -> (Value, Value) {
    let v = page.js(
        "const l = document.querySelector('#editor .code .line-bg.exec');
         const r = document.querySelector('#listing tr.exec');
         return [l && Number(l.dataset.line), r && Number(r.dataset.index)];",
        vec![],
    );
    (v[0].clone(), v[1].clone())
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_kernel_compiles_steps_with_both_lines_and_prints_per_lane() {
    let page = Page::open(1280, 800);
    page.choose("#isa", "cuda");
    page.wait("return window.__warpscopeRestState === undefined || window.__warpscopeRestState === 'ready';");
    // An untouched example gives way to the first CUDA example.
    let first = &warpscope_core::examples::examples_for("cuda")[0];
    page.wait(&format!(
        "return document.querySelector('#editor textarea').value === {};",
        json!(first.source)
    ));
    page.set_source(KERNEL);
    let c = wait_compiled(&page, KERNEL);
    let rows = source_rows(&page);
    assert!(
        rows.iter()
            .any(|r| r == "// 4: v += __shfl_xor_sync(0xffffffff, v, 1);"),
        "{rows:?}"
    );
    let listing = page.js(
        "return document.querySelector('#listing').textContent;",
        vec![],
    );
    assert!(listing
        .as_str()
        .unwrap()
        .contains("SHFL.BFLY PT, R2, R0, 0x1, 0x1f"));
    // The variable's name beside its register.
    page.wait(
        "return document.querySelector('#grid tr[data-reg=\"R0\"] .var[data-var=\"v\"]') !== null;",
    );

    // Step: the CUDA line and the instruction that run next are marked.
    page.step();
    let (line, row) = highlighted(&page);
    let next = row.as_u64().expect("a row runs next") as usize;
    assert_eq!(line, json!(c.program.lines[next].line));
    assert_eq!(line, json!(3));

    // Run to the end: the console holds what core's runner prints.
    page.click("#btn-run");
    page.wait("return document.querySelector('#run-status').dataset.status === 'exited';");
    let expected: Vec<(u64, String)> = cuda::run(&c, 10_000)
        .prints
        .iter()
        .map(|p| (u64::from(p.lane), p.text.trim_end().to_string()))
        .collect();
    assert_eq!(expected.len(), 4);
    assert_eq!(console(&page), expected);
    assert_eq!(page.grid_reg("R0")[2], 5);

    // Stepping back past the printf takes its lines away.
    while !console(&page).is_empty() {
        page.back();
    }
    assert!(page.steps() > 0);
    page.shot("cuda-desktop");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_link_opens_the_same_kernel_and_step_on_a_phone() {
    let mut ls = LinkState::new("cuda", KERNEL);
    ls.step = Some(4);
    let frag = encode_link(&ls);
    let page = Page::open(390, 844);
    page.browser
        .open_app(&format!("{}#{frag}", page.url()))
        .expect("the app mounts");
    wait_compiled(&page, KERNEL);
    page.wait("return document.querySelector('#isa').value === 'cuda';");
    page.wait("return Number(document.querySelector('#run-status').dataset.steps) === 4;");
    assert_eq!(page.source(), KERNEL);
    let (line, _) = highlighted(&page);
    assert!(line.as_u64().is_some(), "the next CUDA line is marked");
    page.click("#btn-run");
    page.wait("return document.querySelectorAll('#console li').length === 4;");
    page.shot("cuda-phone");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_kernel_without_its_compiler_keeps_its_text_and_says_why() {
    let frag = encode_link(&LinkState::new("cuda", KERNEL));
    let page = Page::open_blocking(1280, 800, None, Some(xtask::split::REST_FILE));
    page.browser
        .open_app(&format!("{}#{frag}", page.url()))
        .expect("the app mounts without the rest");
    page.wait("return window.__warpscopeRestState === 'failed';");
    assert_eq!(page.source(), KERNEL);
    let said = page.wait(
        "const d = document.querySelector('#diag-list');
         return d && d.textContent.includes('could not be loaded') && d.textContent;",
    );
    assert!(said.as_str().unwrap().contains("CUDA C"), "{said}");
    assert_eq!(page.page_errors(), json!([]));
}

#[test]
#[ignore = "browser test: needs the wasm bundle and Chromium"]
fn a_cuda_line_folds_its_instructions_away_and_back() {
    let frag = encode_link(&LinkState::new("cuda", KERNEL));
    let page = Page::open(1280, 800);
    page.browser
        .open_app(&format!("{}#{frag}", page.url()))
        .expect("the app mounts");
    let c = wait_compiled(&page, KERNEL);
    let line4 = c.program.lines.iter().filter(|l| l.line == 4).count();
    assert!(line4 >= 2, "line 4 is a shuffle and an add");
    let shown = |page: &Page| {
        page.js(
            "return document.querySelectorAll('#listing tbody tr[data-index]').length;",
            vec![],
        )
        .as_u64()
        .unwrap() as usize
    };
    page.click("#listing tr.src[data-line=\"4\"] .src-fold");
    page.wait("return document.querySelector('#listing tr.src[data-line=\"4\"]').classList.contains('folded');");
    assert_eq!(shown(&page), c.program.lines.len() - line4);
    let label = page.js(
        "return document.querySelector('#listing tr.src[data-line=\"4\"] .src-fold').getAttribute('aria-expanded');",
        vec![],
    );
    assert_eq!(label, json!("false"));
    // Stepping onto a folded line shows the instruction that runs next.
    let first4 = c.program.lines.iter().position(|l| l.line == 4).unwrap();
    while page.steps() < first4 as u64 {
        page.step();
    }
    page.wait(&format!(
        "return document.querySelector('#listing tr.exec[data-index=\"{first4}\"]') !== null;"
    ));
    page.click("#listing tr.src[data-line=\"4\"] .src-fold");
    page.wait(&format!(
        "return document.querySelectorAll('#listing tbody tr[data-index]').length === {};",
        c.program.lines.len()
    ));
    assert_eq!(page.page_errors(), json!([]));
}
