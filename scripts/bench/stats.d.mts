/** Types of scripts/bench/stats.mjs, for the TypeScript files that import it. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  n: number;
}
export declare function median(values: number[]): number;
export declare function summarize(values: number[]): Summary;
