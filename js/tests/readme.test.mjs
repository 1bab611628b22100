// The README's "Use it from JavaScript" example, run exactly as written: the
// first `js` block of that section, with `warpscope-js` resolving to the
// Node build (js/pkg/node), must print the section's `text` block.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

/** The body of the first fenced block with `lang` after `from`. */
function block(text, lang, from) {
  const open = "```" + lang + "\n";
  const start = text.indexOf(open, from);
  assert.ok(start >= 0, `no ${lang} block`);
  const body = start + open.length;
  const end = text.indexOf("\n```", body);
  return { code: text.slice(body, end + 1), end };
}

test("the README's JavaScript example prints what the README says", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const at = readme.indexOf("## Use it from JavaScript");
  assert.ok(at >= 0, "README has a 'Use it from JavaScript' section");
  const next = readme.indexOf("\n## ", at + 1);
  const example = block(readme, "js", at);
  const expected = block(readme, "text", example.end);
  assert.ok(expected.end < next, "the expected output is in the same section");
  const lines = example.code.trimEnd().split("\n").length;
  assert.ok(lines <= 12, `a short example (${lines} lines)`);

  const dir = mkdtempSync(join(tmpdir(), "warpscope-readme-"));
  try {
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(join(root, "js", "pkg", "node"), join(dir, "node_modules", "warpscope-js"), "dir");
    writeFileSync(join(dir, "example.cjs"), example.code);
    const out = execFileSync(process.execPath, ["example.cjs"], { cwd: dir, encoding: "utf8" });
    assert.equal(out, expected.code);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
