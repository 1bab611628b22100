// The simulator's fast path in the wasm build. `run()` executes whole-warp
// operations four lanes at a time with wasm SIMD there (core/src/sim/
// vector.rs), code that native tests never run; `step()` executes the same
// instructions one lane at a time through the general step. Random loops of
// every operation the fast path takes must leave both with the same
// registers, predicates and step count after runs of random length, and
// end with the same status.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const ws = require("../pkg/node/warpscope.js");

/** xorshift32: the same programs on every run. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  return {
    next,
    below: (n) => next() % n,
    pick: (xs) => xs[next() % xs.length],
    hex: () => "0x" + next().toString(16),
  };
}

// Floats where rounding, signs, subnormals, infinities and NaN show.
const FLOATS = [
  "0x3fc00000", "0x80000000", "0x7f800000", "0xff800001", "0x00000001", "0x7f7fffff",
  "0xbf800000", "0x1f800000", "0x3f800001", "0xc0490fdb", "0x0", "0x007fffff",
  "0x5f800000", "0x34000000", "0xffffffff", "0x3effffff",
];

/** One random instruction the fast path executes. */
function instruction(r) {
  const R = () => `R${r.below(7)}`;
  const [d, a, b] = [R(), R(), R()];
  const guard = r.below(4) === 0 ? r.pick(["@P2 ", "@!P2 "]) : "";
  const any = () => r.pick([R(), R(), "UR1", "RZ", r.hex(), "0x1f", "0x20"]);
  const inst = [
    () => `MOV ${d}, ${any()}`,
    () => `IADD3 ${d}, ${a}, ${r.pick([b, r.hex()])}, ${R()}`,
    () => `IMAD ${d}, ${a}, ${r.pick([b, r.hex()])}, ${R()}`,
    () => `LOP3.LUT ${d}, ${a}, ${r.pick([b, r.hex()])}, ${R()}, 0x${r.below(256).toString(16)}`,
    () => `SHF.${r.pick(["L", "R"])}.${r.pick(["U32", "S32"])} ${d}, ${a}, ${r.pick([b, "0x" + r.below(40).toString(16)])}`,
    () => `POPC ${d}, ${r.pick([a, r.hex()])}`,
    () => `${r.pick(["FADD", "FMUL"])} ${d}, ${a}, ${r.pick([b, "1.5", "-0.0"])}`,
    () => `FFMA ${d}, ${a}, ${b}, ${R()}`,
    () => `SEL ${d}, ${a}, ${r.pick([b, r.hex()])}, ${r.pick(["P2", "!P1"])}`,
    () =>
      `ISETP.${r.pick(["LT", "EQ", "GT", "LE", "NE", "GE"])}.${r.pick(["U32", "S32"])}.${r.pick(["AND", "OR", "XOR"])} ` +
      `P${r.pick([1, 2])}, ${r.pick(["PT", "P3"])}, ${a}, ${r.pick([b, r.hex(), "RZ"])}, ${r.pick(["PT", "P1", "!P2"])}`,
    () => `SHFL.${r.pick(["IDX", "UP", "DOWN", "BFLY"])} P1, ${d}, ${a}, 0x${r.below(32).toString(16)}, ${r.pick(["0x1f", "0x0", "0x181f"])}`,
    () =>
      `FSETP.${r.pick(["LT", "NE", "NEU", "GEU", "NAN", "NUM", "EQ", "T"])}.${r.pick(["AND", "OR", "XOR"])} ` +
      `P${r.pick([1, 2])}, ${r.pick(["PT", "P3"])}, ${a}, ${r.pick([b, "1.5", "-0.0", "0f7fc00000"])}, ${r.pick(["PT", "P1", "!P2"])}`,
    () => `${r.pick(["I2F.F32.S32", "I2F.F32.U32", "F2I.S32.TRUNC", "F2I.U32.TRUNC"])} ${d}, ${r.pick([a, "R2", "R3"])}`,
    () => `IMAD.HI${r.pick(["", ".S32"])} ${d}, ${a}, ${r.pick([b, r.hex()])}, ${R()}`,
    () => `${r.pick(["BREV", "FLO.U32", "FLO.S32"])} ${d}, ${r.pick([a, r.hex()])}`,
  ];
  return guard + r.pick(inst)();
}

/** A loop of random fast-path instructions over a random warp. */
function program(seed) {
  const r = rng(seed);
  const lines = [
    `.active ${r.pick(["0xffffffff", "0xffffffff", r.hex()])}`,
    ".init R0 = lane",
    ".init R1 = lane * 0x9e3779b9",
    `.init R2 = {${Array.from({ length: 32 }, (_, l) => FLOATS[l % 16]).join(", ")}}`,
    `.init R3 = {${Array.from({ length: 32 }, () => FLOATS[r.below(16)]).join(", ")}}`,
    ".init P2 = lane % 3 == 0",
    `.init UR1 = ${r.hex()}`,
    "    MOV R7, 0x0",
    "loop:",
  ];
  for (let i = 0, n = 2 + r.below(10); i < n; i++) lines.push("    " + instruction(r));
  lines.push("    IADD3 R7, R7, 0x1, RZ");
  lines.push(`    ISETP.LT.AND P0, PT, R7, 0x${(1 + r.below(8)).toString(16)}, PT`);
  lines.push("@P0 BRA loop", "    EXIT", "");
  return lines.join("\n");
}

/** The registers and step count, for comparing. (A run that stops at its
 * budget says `step_limit` where stepping says `running`.) */
function state(sim) {
  const v = sim.view();
  return { steps: v.steps, active: v.active, nextLanes: v.nextLanes, registers: v.registers };
}

test("run() with SIMD agrees with step() on random loops of every fast operation", () => {
  let compared = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const src = program(seed);
    const fast = new ws.Simulator("w128", src);
    const slow = new ws.Simulator("w128", src);
    const r = rng(seed * 7919);
    for (;;) {
      const n = 1 + r.below(12);
      fast.run(n);
      let stepped = 0;
      while (stepped < n && slow.step() !== null) stepped++;
      assert.deepEqual(state(fast), state(slow), `seed ${seed}, after ${slow.view().steps} steps:\n${src}`);
      compared++;
      if (stepped < n) break;
    }
    assert.equal(fast.view().status, slow.view().status, `seed ${seed}:\n${src}`);
    fast.free();
    slow.free();
  }
  assert.ok(compared > 1000, `only ${compared} comparisons`);
});

// With the undo log, `run()` saves every register it overwrites four lanes
// at a time (core/src/sim/vector.rs, `append`); stepping back from the end
// of a run must pass through every state that stepping forward went
// through, down to the start.
test("back() after run() with SIMD passes through every state step() went through", () => {
  let compared = 0;
  for (let seed = 1; seed <= 120; seed++) {
    const src = program(seed);
    const fast = new ws.Simulator("w128", src);
    const slow = new ws.Simulator("w128", src);
    const seen = [state(slow)];
    while (seen.length <= 400 && slow.step() !== null) seen.push(state(slow));
    fast.run(seen.length - 1);
    for (let k = seen.length - 1; k >= 0; k--) {
      assert.deepEqual(state(fast), seen[k], `seed ${seed}, back to step ${k}:\n${src}`);
      compared++;
      assert.equal(fast.back(), k > 0, `seed ${seed}: back() at step ${k}`);
    }
    fast.free();
    slow.free();
  }
  assert.ok(compared > 5000, `only ${compared} comparisons`);
});
