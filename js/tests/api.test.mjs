// The JavaScript package, as a Node user loads it (the wasm-pack `nodejs`
// build in js/pkg/node; `cargo xtask js` makes it). Every exported function
// with good and bad input: results are plain objects, failures are thrown
// WarpscopeErrors with positioned diagnostics, and nothing traps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const ws = require("../pkg/node/warpscope.js");

const SHFL_DOWN = `.init R0 = 10 * lane
SHFL.DOWN P0, R1, R0, 0x1, 0x1f
EXIT
`;

/** Calls `f`, expects a WarpscopeError, returns it. */
function thrown(f) {
  let err;
  assert.throws(() => f(), (e) => {
    err = e;
    return true;
  });
  assert.ok(err instanceof Error, `not an Error: ${err}`);
  assert.equal(err.name, "WarpscopeError", String(err));
  assert.ok(Array.isArray(err.diagnostics), "diagnostics is an array");
  return err;
}

test("isas lists the bundled instruction sets", () => {
  const list = ws.isas();
  assert.deepEqual(
    list.map((i) => i.name),
    ["w128", "sm50", "gfx9"],
  );
  const byName = Object.fromEntries(list.map((i) => [i.name, i]));
  assert.equal(byName.w128.wordBits, 128);
  assert.equal(byName.sm50.controlWords, true);
  assert.equal(byName.gfx9.maxWords, 2);
});

test("assemble gives words, a listing and warnings", () => {
  const a = ws.assemble("w128", "SHFL.BFLY P0, R1, R0, 0x1, 0x1f\n  EXIT\n");
  assert.equal(a.isa, "w128");
  assert.equal(a.words.length, 2);
  assert.match(a.words[0], /^[0-9a-f]{32}$/);
  assert.deepEqual(a.warnings, []);
  const [shfl, exit] = a.listing;
  assert.equal(shfl.kind, "inst");
  assert.equal(shfl.text, "SHFL.BFLY P0, R1, R0, 0x1, 0x1f ;");
  assert.equal(shfl.hex, a.words[0]);
  assert.deepEqual([shfl.index, shfl.addr, shfl.line, shfl.start], [0, 0, 1, 0]);
  assert.deepEqual([exit.index, exit.addr, exit.line, exit.start, exit.end], [1, 16, 2, 34, 38]);

  const warned = ws.assemble("w128", ".active 0x0\nEXIT\n");
  assert.equal(warned.warnings.length, 1);
  assert.equal(warned.warnings[0].severity, "warning");
  assert.match(warned.warnings[0].message, /no lane is active/);
});

test("assemble lists sm50 control words and gfx9 literals as asm prints them", () => {
  const sm50 = ws.assemble("sm50", "EXIT\n");
  assert.deepEqual(
    sm50.listing.map((r) => r.kind),
    ["control", "inst"],
  );
  assert.equal(sm50.listing[0].index, null);
  assert.equal(sm50.listing[0].line, null);
  assert.match(sm50.listing[0].hex, /^[0-9a-f]{16}$/);
  const gfx9 = ws.assemble("gfx9", "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x5\ns_endpgm\n");
  assert.match(gfx9.words[0], /^[0-9a-f]{8} 00000005$/);
  assert.match(gfx9.words[1], /^[0-9a-f]{8}$/);
});

test("assemble throws every error with its line and column", () => {
  const err = thrown(() => ws.assemble("w128", "EXIT\nMOVE R1, R2\n@P9 EXIT\n"));
  assert.equal(err.message, "2 errors in the program");
  const [a, b] = err.diagnostics;
  assert.deepEqual([a.severity, a.line, a.column, a.endColumn], ["error", 2, 1, 5]);
  assert.equal(a.message, "unknown mnemonic `MOVE`");
  assert.match(a.help, /did you mean/);
  assert.deepEqual([b.line, b.column], [3, 2]);
  assert.match(b.message, /P9/);
  // Columns count characters, not bytes.
  const wide = thrown(() => ws.assemble("w128", "// é\nMOV R1, é\n"));
  assert.deepEqual([wide.diagnostics[0].line, wide.diagnostics[0].column], [2, 9]);
});

test("an unknown ISA is an error that names the known ones", () => {
  for (const f of [
    () => ws.assemble("w64", "EXIT"),
    () => ws.decode("w64", "0"),
    () => ws.disassemble("w64", "0"),
    () => new ws.Simulator("w64", "EXIT"),
  ]) {
    const err = thrown(f);
    assert.match(err.message, /unknown ISA `w64`; known ISAs: w128, sm50, gfx9/);
  }
});

test("disassemble reads back what assemble wrote, for every ISA", () => {
  const programs = {
    w128: "@!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f\nVOTE.ANY R1, P0, PT\nEXIT\n",
    sm50: "S2R R0, SR_LANEID\nEXIT\n",
    gfx9: "s_getreg_b32 s1, hwreg(HW_REG_MODE, 4, 4)\ns_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x5\ns_endpgm\n",
  };
  for (const [isa, src] of Object.entries(programs)) {
    for (const row of ws.assemble(isa, src).listing.filter((r) => r.kind === "inst")) {
      assert.equal(ws.disassemble(isa, row.hex), row.text, `${isa}: ${row.hex}`);
    }
  }
});

test("disassemble and decode reject bad words with a reason", () => {
  // 0x and _ separators are allowed.
  const exit = ws.assemble("w128", "EXIT").words[0];
  assert.equal(ws.disassemble("w128", `0x${exit.slice(0, 16)}_${exit.slice(16)}`), "EXIT ;");
  const notHex = thrown(() => ws.disassemble("w128", "zz"));
  assert.equal(notHex.diagnostics.length, 1);
  assert.equal(notHex.diagnostics[0].line, 1);
  const tooWide = thrown(() => ws.decode("w128", "1".repeat(33)));
  assert.match(tooWide.message, /128-bit/);
  const noMatch = thrown(() => ws.decode("w128", "0"));
  assert.match(noMatch.message, /no instruction is encoded as/);
  const literal = ws.assemble("gfx9", "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x5\n").words[0];
  const missing = thrown(() => ws.decode("gfx9", literal.split(" ")[0]));
  assert.match(missing.message, /literal\) is missing/);
});

test("decode names every field with its bits and meaning", () => {
  const hex = ws.assemble("w128", "@!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f\n").words[0];
  const d = ws.decode("w128", hex);
  assert.equal(d.text, "@!P0 SHFL.BFLY P1, R3, R2, 0x1, 0x1f ;");
  assert.equal(d.hex, hex);
  const field = (name) => d.fields.find((f) => f.name === name);
  assert.ok(d.fields.length > 5);
  for (const f of d.fields) {
    assert.equal(typeof f.lo, "number");
    assert.ok(f.width > 0);
    assert.match(f.raw, /^0x[0-9a-f]+$/);
    assert.ok(["opcode", "guard", "operand", "modifier", "control"].includes(f.role), f.role);
  }
  assert.ok(d.fields.some((f) => f.role === "opcode"));
  assert.ok(d.fields.some((f) => f.role === "guard" && f.meaning.includes("P0")));
  assert.ok(d.fields.some((f) => f.role === "operand" && f.meaning === "R3"));
  assert.equal(field("sched").meaning, "0x0 (default)");
  // sm50: a field in the control slot says so.
  const sm50 = ws.decode("sm50", ws.assemble("sm50", "EXIT\n").words[1]);
  assert.equal(sm50.text.startsWith("EXIT"), true);
  assert.ok(sm50.fields.some((f) => f.inControl));
});

test("links round-trip and a damaged one says where", () => {
  const state = { isa: "w128", source: SHFL_DOWN, selected: 1, step: 2, view: [["embed", "1"]] };
  const fragment = ws.encodeLink(state);
  assert.match(fragment, /^v1\./);
  const back = ws.decodeLink(`https://host/warpscope/#${fragment}`);
  assert.deepEqual(back, { ...state, warnings: [] });
  // Only isa and source are needed.
  assert.deepEqual(ws.decodeLink(ws.encodeLink({ isa: "sm50", source: "EXIT\n" })), {
    isa: "sm50",
    source: "EXIT\n",
    selected: null,
    step: null,
    view: [],
    warnings: [],
  });
  // The same fragment the command line makes (a golden link).
  assert.equal(ws.decodeLink("v1.Y2ApNzSyYAX7OO8ZAA").source, "EXIT\n");
  // An ISA this version does not know is a warning, not an error.
  assert.match(ws.decodeLink("v1.Y2AuNzNhAZURE94BAA").warnings[0], /`w64`/);

  const bad = thrown(() => ws.decodeLink("v1.AAA*AA"));
  assert.match(bad.message, /'\*'/);
  assert.deepEqual([bad.diagnostics[0].line, bad.diagnostics[0].column], [1, 7]);
  assert.match(thrown(() => ws.decodeLink("")).message, /empty/);
  assert.match(thrown(() => ws.decodeLink("hello")).message, /not a warpscope link/);
  assert.equal(thrown(() => ws.decodeLink("v9.AAAA")).diagnostics.length, 1);
});

test("encodeLink rejects what is not a link state", () => {
  for (const bad of [undefined, null, 42, "v1.x", {}, { isa: "w128" }, { isa: "w128", source: 5 }, { isa: "w128", source: "", step: -1 }, { isa: "w128", source: "", view: [["k"]] }]) {
    const err = thrown(() => ws.encodeLink(bad));
    assert.match(err.message, /link state/, JSON.stringify(bad));
  }
  const huge = thrown(() => ws.encodeLink({ isa: "w128", source: "x".repeat(1 << 20) }));
  assert.match(huge.message, /large|long/);
});

test("the simulator steps, shows the SHFL lane by lane, and steps back", () => {
  const sim = new ws.Simulator("w128", SHFL_DOWN);
  const before = sim.view();
  assert.equal(before.status, "running");
  assert.equal(before.steps, 0);
  assert.equal(before.nextIndex, 0);
  assert.equal(before.nextLine, 2);
  assert.equal(before.nextLanes, 0xffffffff);
  assert.deepEqual(
    before.registers.map((r) => r.name),
    ["R0", "R1", "P0"],
  );
  assert.deepEqual(before.registers[0].loc, { R: 0 });
  assert.equal(before.registers[0].value.Lanes[3], 30);

  const ev = sim.step();
  assert.equal(ev.step, 0);
  assert.equal(ev.line, 2);
  assert.equal(ev.lanes, 0xffffffff);
  const shfl = ev.detail.Shfl;
  assert.equal(shfl.mode, "Down");
  assert.equal(shfl.src_lane.length, 32);
  assert.deepEqual(shfl.src_lane.slice(0, 3), [1, 2, 3]);
  assert.equal(shfl.src_lane[31], 31, "the last lane reads itself");
  assert.equal(shfl.valid, 0x7fffffff);
  assert.equal(shfl.values[4], 50);
  const r1 = ev.writes.find((w) => w.loc.R === 1);
  assert.equal(r1.new.Lanes[0], 10);
  assert.equal(r1.old.Lanes[0], 0);

  const exit = sim.step();
  assert.deepEqual(exit.detail, { Exit: { exited: 0xffffffff } });
  assert.equal(sim.step(), null, "nothing runs after EXIT");
  assert.equal(sim.view().status, "exited");

  assert.equal(sim.back(), true);
  assert.equal(sim.back(), true);
  assert.equal(sim.back(), false, "nothing to undo at the start");
  assert.deepEqual(sim.view(), before);
  sim.free();
});

test("run stops at the budget, and reset starts over", () => {
  const sim = new ws.Simulator("w128", "loop:\n  BRA loop\n");
  assert.deepEqual(sim.run(50), { status: "step_limit", steps: 50 });
  assert.deepEqual(sim.run(0), { status: "step_limit", steps: 50 });
  sim.reset();
  assert.equal(sim.view().steps, 0);
  assert.equal(sim.step().detail.Branch.taken, 0xffffffff);

  const done = new ws.Simulator("w128", SHFL_DOWN);
  assert.deepEqual(done.run(), { status: "exited", steps: 2 });
  const r1 = done.view().registers.find((r) => r.name === "R1");
  assert.deepEqual(r1.value.Lanes.slice(0, 3), [10, 20, 30]);

  const halted = new ws.Simulator("w128", "NOP\n");
  assert.equal(halted.run().status, "halted");
  assert.equal(halted.view().active, 0xffffffff, "no lane exited");
});

test("the simulator reports gfx9 hardware registers and sm50 controls", () => {
  const gfx9 = new ws.Simulator("gfx9", "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x5\ns_getreg_b32 s2, hwreg(HW_REG_MODE)\ns_endpgm\n");
  const ev = gfx9.step();
  assert.equal(ev.detail.HwReg.write, true);
  assert.equal(ev.detail.HwReg.value, 5);
  gfx9.run();
  const regs = Object.fromEntries(gfx9.view().registers.map((r) => [r.name, r.value]));
  assert.equal(regs.s2.Scalar & 0xf, 5);
  assert.equal(regs.HW_REG_MODE.Scalar & 0xf, 5);
});

test("a program with errors cannot be simulated", () => {
  const err = thrown(() => new ws.Simulator("w128", "EXIT\nBRA nowhere\n"));
  assert.equal(err.diagnostics[0].line, 2);
});

test("no input makes the module trap", () => {
  // Arbitrary text into every entry point: each call returns or throws a
  // WarpscopeError; a wasm trap would be a RuntimeError and would leave
  // the module unusable for the calls after it.
  let seed = 12345;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const alphabet = "RPUXZ0123456789abcdefx_ .,;:@!-+*[]{}()\n\té$%#/\\\"'SHFLBRAEXITs_hwreg";
  const text = () => Array.from({ length: rand(40) }, () => alphabet[rand(alphabet.length)]).join("");
  for (let i = 0; i < 300; i++) {
    const isa = ["w128", "sm50", "gfx9"][i % 3];
    const input = text();
    for (const f of [
      () => ws.assemble(isa, input),
      () => ws.decode(isa, input),
      () => ws.disassemble(isa, input),
      () => ws.decodeLink(input),
      () => ws.decodeLink(`v1.${input}`),
      () => new ws.Simulator(isa, input).run(100),
    ]) {
      try {
        f();
      } catch (e) {
        assert.equal(e.name, "WarpscopeError", `${e} for ${JSON.stringify(input)}`);
      }
    }
  }
  // Still alive.
  assert.equal(ws.disassemble("w128", ws.assemble("w128", "EXIT").words[0]), "EXIT ;");
});

test("puzzles are listed and checked: the reference passes, an empty program fails", () => {
  const list = ws.puzzles();
  assert.ok(list.length >= 12, `${list.length} puzzles`);
  for (const p of list.slice(0, 3)) {
    const ok = ws.checkPuzzle(p.id, p.solution);
    assert.equal(ok.passed, true, `${p.id}: ${JSON.stringify(ok.failure)}`);
    assert.equal(ok.casesRun, ok.casesTotal);
    assert.equal(ok.failure, null);
    const bad = ws.checkPuzzle(p.id, "EXIT\n", 7);
    assert.equal(bad.passed, false, p.id);
    assert.ok(bad.failure.outputs.some((o) => o.wrong !== 0), p.id);
    assert.equal(bad.failure.case.number, 1);
    assert.match(bad.failingProgram, /^\/\/ case 1: .*\n\.active 0x/);
    // the failing case, loaded as a program, assembles and runs
    const sim = new ws.Simulator(p.isa, bad.failingProgram);
    assert.notEqual(sim.run(10000).status, "running");
    sim.free();
  }
});

test("a puzzle text with errors and a submission that does not assemble throw located errors", () => {
  let e = thrown(() => ws.checkPuzzle("title: x\nnot a field\n", "EXIT\n"));
  assert.ok(e.diagnostics.length > 0);
  assert.ok(e.diagnostics[0].line >= 1 && e.diagnostics[0].column >= 1);
  e = thrown(() => ws.checkPuzzle("no_such_puzzle", "EXIT\n"));
  assert.match(e.message, /broadcast/);
  e = thrown(() => ws.checkPuzzle("broadcast", "EXIT\nMOVE R1, R2\n"));
  assert.equal(e.diagnostics[0].line, 2);
  e = thrown(() => ws.checkPuzzle("broadcast", "EXIT\n", -1));
  assert.match(e.message, /seed/);
});

// The undo log keeps its memory bounded: a loop run for 20 million steps
// (the wasm memory ran out at about 17 million before the log forgot its
// oldest steps) keeps running, and steps back.
test("a long run keeps going and can still step back", () => {
  const sim = new ws.Simulator("w128", "loop:\n    IADD3 R1, R1, 0x1, RZ\n    BRA loop\n");
  for (let k = 0; k < 200; k++) assert.equal(sim.run(100000).status, "step_limit");
  assert.equal(sim.view().steps, 20000000);
  for (let k = 0; k < 1000; k++) assert.equal(sim.back(), true);
  assert.equal(sim.view().steps, 19999000);
  assert.deepEqual(sim.run(1000), { status: "step_limit", steps: 20000000 });
  sim.free();
});
