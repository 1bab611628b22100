/** An instruction set the package knows (`isas()`). */
export interface IsaInfo {
  /** The name the other functions take: "w128", "sm50" or "gfx9". */
  name: string;
  /** Bits of one instruction word. */
  wordBits: number;
  /** Most words one instruction takes (2 for a gfx9 literal). */
  maxWords: number;
  /** True when scheduling controls live in separate control words (sm50). */
  controlWords: boolean;
}

/** A problem in an input, with its position (lines and columns 1-based, columns in characters; start and end are byte offsets). */
export interface Diagnostic {
  severity: "error" | "warning";
  message: string;
  help: string | null;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  start: number;
  end: number;
}

/** What every function throws: an Error named "WarpscopeError" carrying the diagnostics (empty when the problem has no position). */
export interface WarpscopeError extends Error {
  name: "WarpscopeError";
  diagnostics: Diagnostic[];
}

/** One row of an assembly listing: an instruction, or (sm50) a control word. */
export interface ListingRow {
  kind: "inst" | "control";
  /** Index of the instruction in the program; null for a control word. */
  index: number | null;
  /** Byte address. */
  addr: number;
  /** The encoding in hex, as `warpscope asm` prints it. */
  hex: string;
  /** Canonical disassembly, or the control word's slots. */
  text: string;
  /** 1-based source line; null for a control word. */
  line: number | null;
  /** Byte offsets of the statement in the source; null for a control word. */
  start: number | null;
  end: number | null;
}

/** What `assemble` returns. */
export interface Assembly {
  isa: string;
  /** The code stream in hex, one entry per listing row. */
  words: string[];
  listing: ListingRow[];
  /** Warnings: the program is usable. */
  warnings: Diagnostic[];
}

/** One field of a decoded instruction. */
export interface Field {
  name: string;
  /** Lowest bit. */
  lo: number;
  /** Width in bits. */
  width: number;
  /** [lo, width] of the high part of a split field. */
  high: [number, number] | null;
  /** True when the field lies in the control slot (sm50). */
  inControl: boolean;
  /** The raw bits in hex ("0x1f"). */
  raw: string;
  /** The value as assembly text ("R5", "PT (default)"). */
  meaning: string;
  role: "opcode" | "guard" | "operand" | "modifier" | "control";
}

/** What `decode` returns. */
export interface Decoded {
  text: string;
  hex: string;
  fields: Field[];
}

/** What `encodeLink` takes. */
export interface LinkInput {
  isa: string;
  source: string;
  selected?: number | null;
  step?: number | null;
  view?: [string, string][];
}

/** What `decodeLink` returns. */
export interface LinkState {
  isa: string;
  source: string;
  selected: number | null;
  step: number | null;
  view: [string, string][];
  /** What this version cannot honour (an unknown ISA). */
  warnings: string[];
}

export type RunStatus = "running" | "exited" | "halted" | "step_limit";

/** What `Simulator.run` returns. */
export interface RunResult {
  status: RunStatus;
  /** Steps executed since the start. */
  steps: number;
}

/** A storage location, as core names it: { R: 5 }, { P: 0 }, "CC", { HwReg: 1 }... */
export type Loc =
  | { R: number }
  | { P: number }
  | { UR: number }
  | { UP: number }
  | { B: number }
  | { SR: number }
  | "CC"
  | { S: number }
  | { HwReg: number };

/** A value: per lane (32 numbers), a lane mask, a warp-wide number or boolean. */
export type Value =
  | { Lanes: number[] }
  | { Mask: number }
  | { Scalar: number }
  | { Bool: boolean };

/** One location a step wrote. */
export interface Write {
  loc: Loc;
  /** Lanes written (a mask, bit per lane). */
  lanes: number;
  old: Value;
  new: Value;
}

/** Arrays are indexed by lane; masks have one bit per lane. */
export type EventDetail =
  | "Plain"
  | {
      Shfl: {
        mode: "Idx" | "Up" | "Down" | "Bfly";
        /** Lane whose Ra each lane received (its own lane when invalid). */
        src_lane: number[];
        valid: number;
        reads_inactive: number;
        bval: number[];
        cval: number[];
        segmask: number[];
        min_lane: number[];
        max_lane: number[];
        /** The value each lane received. */
        values: number[];
      };
    }
  | { Vote: { op: "Any" | "All" | "Eq"; inputs: number; ballot: number; result: boolean } }
  | {
      Redux: {
        op: "And" | "Or" | "Xor" | "Sum" | "Max" | "Min";
        dtype: "U32" | "S32";
        inputs: number[];
        result: number;
      };
    }
  | { Match: { op: "Any" | "All"; wide: boolean; masks: number[]; all_equal: boolean } }
  | { Elect: { candidates: number; leader: number | null } }
  | { Movm: { src_lane: [number, number][]; src_half: [number, number][]; reads_inactive: number } }
  | { Branch: { taken: number; targets: number[] } }
  | { Exit: { exited: number } }
  | { Bssy: { barrier: number; mask: number } }
  | { Bsync: { barrier: number; arrived: number; expected: number } }
  | { P2r: { cc: boolean; byte: number; source: number[]; mask: number[] } }
  | {
      HwReg: {
        id: number;
        offset: number;
        size: number;
        write: boolean;
        value: number;
        register: number;
      };
    }
  | { Special: { sreg: number; write: boolean } };

/** What one step did (`Simulator.step`). */
export interface StepEvent {
  /** 0-based number of the step. */
  step: number;
  /** Index of the instruction in the program. */
  index: number;
  pc: number;
  /** 1-based source line. */
  line: number;
  /** Lanes that executed the instruction. */
  active: number;
  /** Lanes among them whose guard was true. */
  lanes: number;
  writes: Write[];
  /** Lanes released from a BSYNC at the end of the step. */
  released: number;
  warnings: string[];
  detail: EventDetail;
}

/** A register the program initialises or names. */
export interface Register {
  /** "R5", "P0", "UR2", "s3", "HW_REG_MODE"... */
  name: string;
  loc: Loc;
  value: Value;
}

/** What `Simulator.view` returns. */
export interface WarpView {
  status: RunStatus;
  steps: number;
  /** Lanes that have not exited. */
  active: number;
  launched: number;
  exited: number;
  /** The instruction the next step executes, and its line; null when none can run. */
  nextIndex: number | null;
  nextLine: number | null;
  /** Lanes the next step executes. */
  nextLanes: number;
  registers: Register[];
  /** "line N: ..." or "line N (step S): ..."; of a run's warnings, the first 1000 and a note when more followed. */
  warnings: string[];
}

/** A bundled puzzle, as `puzzles()` lists it. */
export interface PuzzleInfo {
  /** The id `checkPuzzle` takes ("broadcast"). */
  id: string;
  title: string;
  /** The CUDA intrinsic or idiom it teaches. */
  teaches: string;
  /** 1 (easy) to 5 (hard). */
  level: number;
  isa: string;
  starter: string;
  solution: string;
}

/** One input register's values in a puzzle case. */
export interface CaseInput {
  /** "R0", "P1", "UR2"... */
  name: string;
  /** One value per lane (lane 0 first), or a single one for a warp-wide register. */
  values: number[];
}

/** One checked register in a failing case. */
export interface OutputDiff {
  name: string;
  /** Lanes compared (a bit per lane). */
  checked: number;
  /** Lanes whose value differs. */
  wrong: number;
  expected: number[];
  actual: number[];
}

/** The first case a submission fails. */
export interface PuzzleFailure {
  case: { number: number; name: string; active: number; inputs: CaseInput[] };
  /** Set when the submission ran out of steps: the limit. */
  step_limit: number | null;
  outputs: OutputDiff[];
}

/** What `checkPuzzle` returns. */
export interface PuzzleReport {
  puzzle: string;
  passed: boolean;
  casesRun: number;
  casesTotal: number;
  instructions: number;
  maxSteps: number;
  totalSteps: number;
  /** A limit the submission breaks (an instruction not allowed, too many), located in it. */
  rule: Diagnostic | null;
  failure: PuzzleFailure | null;
  /** The failing case as a program to step: its setup lines, then the submission. */
  failingProgram: string | null;
}
