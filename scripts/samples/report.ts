/**
 * The report of a sample run: samples per language found, run and passed; every sample that
 * could not run, with its reason; every known gap; every failure with its page, block, command,
 * statuses and bodies.
 */
import type { SampleKind } from './classify';
import type { CodeSample } from './extract';
import type { ProcessResult } from './execute';
import type { KnownGap } from './known-gaps';
import type { Exchange } from './twin';

/** The result of one sample (or one tutorial step). */
export interface Outcome {
  sample: CodeSample;
  kind: SampleKind | 'compile' | 'verifier' | 'step';
  /** `known-gap`: failed, and KNOWN_GAPS says why. */
  state: 'passed' | 'failed' | 'not-run' | 'known-gap';
  /** Why it was not run (`not-run`). */
  reason?: string;
  /** What ran, as a command line. */
  command?: string;
  problems: string[];
  exchanges: Exchange[];
  run?: ProcessResult;
  /** The KNOWN_GAPS reason of a `known-gap`. */
  gap?: string;
  /** What was checked, when it is not the request itself (a load, a compile, a step). */
  note?: string;
  /** Run as a reader copies it: only the environment set, the code not rewritten. */
  asCopied?: boolean;
}

const LANGUAGES: CodeSample['language'][] = ['curl', 'python', 'javascript', 'go', 'java', 'shell'];

function where(o: Outcome): string {
  const s = o.sample;
  return `${s.page} #${s.index} (${s.tab ?? s.tag}, ${s.file}:${s.line})`;
}

function clip(text: string, max: number): string {
  const flat = text.trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * The printed report and its JSON form. `failed` is true when any outcome failed (a known gap
 * that passes counts as failed: settle() turned it into one).
 */
export function report(
  outcomes: Outcome[],
  samples: CodeSample[],
  gaps: KnownGap[],
  ms: number,
  phases: [string, number][] = [],
) {
  const lines: string[] = [];
  lines.push('', 'Code samples against the sandbox twin', '');
  lines.push(
    '| language | found | run | run as copied | passed | passed as copied | known gaps | failed | not run |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|');
  const rows: Record<string, Record<string, number>> = {};
  for (const lang of LANGUAGES) {
    const mine = outcomes.filter((o) => o.sample.language === lang);
    const row = {
      found: samples.filter((s) => s.language === lang).length,
      run: mine.filter((o) => o.state !== 'not-run').length,
      asCopied: mine.filter((o) => o.asCopied && o.state !== 'not-run').length,
      passed: mine.filter((o) => o.state === 'passed').length,
      passedAsCopied: mine.filter((o) => o.asCopied && o.state === 'passed').length,
      gaps: mine.filter((o) => o.state === 'known-gap').length,
      failed: mine.filter((o) => o.state === 'failed').length,
      notRun: mine.filter((o) => o.state === 'not-run').length,
    };
    rows[lang] = row;
    lines.push(
      `| ${lang} | ${row.found} | ${row.run} | ${row.asCopied} | ${row.passed} | ${row.passedAsCopied} | ${row.gaps} | ${row.failed} | ${row.notRun} |`,
    );
  }
  lines.push(
    '',
    '(outcomes include tutorial steps, which re-run a page\'s blocks in sequence; go and java are compiled, not run; "as copied": only AISLE_BASE_URL and AISLE_TOKEN set, the code not rewritten; the others get their hosts and credential placeholders replaced)',
  );

  const notRun = outcomes.filter((o) => o.state === 'not-run');
  if (notRun.length) {
    lines.push('', `Not run (${notRun.length}):`);
    const byReason = new Map<string, Outcome[]>();
    for (const o of notRun)
      byReason.set(o.reason ?? '', [...(byReason.get(o.reason ?? '') ?? []), o]);
    for (const [reason, list] of byReason) {
      lines.push(
        `- ${reason}: ${list.map((o) => `${o.sample.page} #${o.sample.index} ${o.sample.language}`).join(', ')}`,
      );
    }
  }
  const known = outcomes.filter((o) => o.state === 'known-gap');
  if (known.length) {
    lines.push('', `Known gaps (${known.length}, scripts/samples/known-gaps.ts):`);
    for (const o of known) lines.push(`- ${where(o)}: ${o.gap}`);
  }
  const unusedGaps = gaps.filter(
    (g) => !outcomes.some((o) => o.sample.page === g.page && o.sample.index === g.block),
  );
  const failed = outcomes.filter((o) => o.state === 'failed');
  if (failed.length) {
    lines.push('', `Failures (${failed.length}):`);
    for (const o of failed) {
      lines.push('', `✗ ${where(o)}${o.note ? ` [${o.note}]` : ''}`);
      if (o.command) lines.push(`  command: ${o.command}`);
      for (const p of o.problems) lines.push(`  - ${p}`);
      for (const e of o.exchanges.slice(0, 6)) {
        lines.push(`  ${e.method} ${e.url} → ${e.status} ${clip(e.body, 300)}`);
      }
      if (o.run && o.run.exit !== 0 && o.run.stderr.trim())
        lines.push(`  stderr: ${clip(o.run.stderr.split('\n').slice(-6).join(' | '), 500)}`);
    }
  }
  if (unusedGaps.length) {
    lines.push('', 'KNOWN_GAPS entries that match no sample (remove them):');
    for (const g of unusedGaps) lines.push(`- ${g.page} #${g.block}: ${g.reason}`);
  }
  const passed = outcomes.filter((o) => o.state === 'passed').length;
  lines.push(
    '',
    `${outcomes.length} outcomes: ${passed} passed, ${known.length} known gaps, ${failed.length} failed, ${notRun.length} not run, in ${(ms / 1000).toFixed(1)} s`,
  );
  if (phases.length) {
    lines.push(
      `Time by phase: ${phases.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join('; ')}`,
    );
  }
  const json = {
    ms,
    phases,
    rows,
    outcomes: outcomes.map((o) => ({
      page: o.sample.page,
      block: o.sample.index,
      language: o.sample.language,
      tab: o.sample.tab,
      kind: o.kind,
      state: o.state,
      asCopied: o.asCopied ?? false,
      reason: o.reason,
      gap: o.gap,
      note: o.note,
      command: o.command,
      problems: o.problems,
      exchanges: o.exchanges.map((e) => ({ ...e, body: clip(e.body, 2000) })),
      ms: o.run?.ms,
    })),
  };
  return { summary: lines.join('\n'), json, failed: failed.length > 0 || unusedGaps.length > 0 };
}
