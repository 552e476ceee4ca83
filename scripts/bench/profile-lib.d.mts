/** Types of scripts/bench/profile-lib.mjs, for the TypeScript files that import it. */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  timeDeltas: number[];
}
export declare function sourceGroup(source: string | null | undefined): string;
export declare function selfTimeByGroup(
  profile: CpuProfile,
  locate: (frame: CallFrame) => string,
): { totalMs: number; groups: Map<string, number> };
export declare function sideBySide(
  ours: Map<string, number>,
  oursLoads: number,
  plain: Map<string, number>,
  plainLoads: number,
): [string, number, number][];
