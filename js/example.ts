// A typed use of the package, checked by `tsc --noEmit -p js/tsconfig.json`
// (`cargo xtask js` and `cargo xtask test` run it): the declarations must
// describe what the functions return well enough for strict TypeScript.
import init, {
  assemble,
  checkPuzzle,
  decode,
  decodeLink,
  disassemble,
  encodeLink,
  isas,
  puzzles,
  Simulator,
  type Diagnostic,
  type PuzzleReport,
  type StepEvent,
  type WarpscopeError,
} from "./pkg/web/warpscope.js";
import * as node from "./pkg/node/warpscope.js";

/** "2:1: unknown mnemonic `MOVE`" for each diagnostic. */
function describe(diags: Diagnostic[]): string[] {
  return diags.map((d) => `${d.line}:${d.column}: ${d.severity}: ${d.message}${d.help ? ` (${d.help})` : ""}`);
}

/** Which lane each lane read, when the event is a SHFL. */
function shflSources(ev: StepEvent): number[] | null {
  const d = ev.detail;
  return typeof d === "object" && "Shfl" in d ? d.Shfl.src_lane : null;
}

export async function main(): Promise<string[]> {
  await init();
  const out: string[] = [];
  const names: string[] = isas().map((i) => `${i.name}/${i.wordBits}`);
  out.push(names.join(" "));

  const asm = assemble("w128", ".init R0 = lane\nSHFL.BFLY P0, R1, R0, 0x1, 0x1f\nEXIT\n");
  for (const row of asm.listing) {
    const where: number | null = row.line;
    out.push(`${row.hex} ${row.text} ${where ?? "-"}`);
    const fields = decode(asm.isa, row.hex).fields.filter((f) => f.role === "operand");
    out.push(fields.map((f) => `${f.name}=${f.meaning} [${f.lo}+${f.width}]`).join(", "));
    out.push(disassemble(asm.isa, row.hex));
  }
  out.push(...describe(asm.warnings));

  const sim = new Simulator("w128", ".init R0 = lane\nSHFL.BFLY P0, R1, R0, 0x1, 0x1f\nEXIT\n");
  let ev: StepEvent | null;
  while ((ev = sim.step()) !== null) {
    out.push(`step ${ev.step}: line ${ev.line}, lanes ${ev.lanes.toString(16)}`);
    for (const w of ev.writes) {
      if (typeof w.new === "object" && "Lanes" in w.new) out.push(`  ${JSON.stringify(w.loc)} lane 0 = ${w.new.Lanes[0]}`);
    }
    const src = shflSources(ev);
    if (src) out.push(`  lane 0 read lane ${src[0]}`);
  }
  const backed: boolean = sim.back();
  const result = sim.run(1000);
  const status: "running" | "exited" | "halted" | "step_limit" = result.status;
  out.push(`${backed} ${status} ${result.steps}`);
  const view = sim.view();
  for (const r of view.registers) out.push(`${r.name}: ${JSON.stringify(r.value)}`);
  out.push(`next ${view.nextIndex ?? "none"}, active ${view.active}`);
  sim.free();

  const link = encodeLink({ isa: "w128", source: "EXIT\n", view: [["embed", "1"]] });
  const state = decodeLink(`https://host/#${link}`);
  out.push(`${state.isa} ${state.selected ?? "-"} ${state.view.length} ${state.warnings.length}`);

  const first = puzzles()[0];
  const report: PuzzleReport = checkPuzzle(first.id, first.starter);
  const wrong: number[] = report.failure?.outputs.map((o) => o.wrong) ?? [];
  out.push(`${first.id}: ${report.passed} ${report.casesRun}/${report.casesTotal} ${wrong.join(",")}`);
  if (report.failingProgram) out.push(report.failingProgram.split("\n")[0]);
  if (report.rule) out.push(...describe([report.rule]));

  try {
    node.assemble("w128", "MOVE R1, R2\n");
  } catch (e) {
    const err = e as WarpscopeError;
    out.push(err.name, ...describe(err.diagnostics));
  }
  return out;
}
