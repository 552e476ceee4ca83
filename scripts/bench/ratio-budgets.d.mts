/** Types of scripts/bench/ratio-budgets.mjs, for the TypeScript files that import it. */
export interface RatioBudget {
  metric: string;
  label: string;
  max: number;
}
export type CheckStatus = 'pass' | 'fail' | 'no data' | 'skipped';
export interface RatioCheck {
  ours: number | null;
  plain: number | null;
  max: number;
  ratio: number | null;
  status: CheckStatus;
}
export interface BudgetCheck extends RatioCheck {
  budget: string;
  kind: string;
  ref: string;
}
export interface PageFigures {
  tbtMs?: number;
  bootupMs?: number;
  lcpMs?: number;
}
export interface BuildFigures {
  coldMsPerPage?: number;
  peakRssKb?: number;
}
export declare const PAGE_BUDGETS: RatioBudget[];
export declare const BUILD_BUDGETS: RatioBudget[];
export declare function checkRatio(
  ours: number | undefined,
  plain: number | undefined,
  max: number,
): RatioCheck;
export declare function evaluateBudgets(input: {
  pages: Record<string, PageFigures & { ref: string }>;
  plain: Record<string, PageFigures>;
  builds: { ours: BuildFigures; plain: BuildFigures } | null;
}): BudgetCheck[];
export declare function misses(checks: BudgetCheck[]): BudgetCheck[];
export interface PreviewFigures {
  startMs?: number;
  bodyEditMs?: number;
  metaEditMs?: number;
}
export declare const PREVIEW_BUDGET: number;
export declare const PREVIEW_METRICS: { metric: keyof PreviewFigures; label: string }[];
export declare function evaluatePreviewBudgets(input: {
  ours: Record<string, PreviewFigures>;
  plain: Record<string, PreviewFigures>;
  refs?: Record<string, string>;
}): BudgetCheck[];
