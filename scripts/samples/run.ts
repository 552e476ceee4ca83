/**
 * `npm run test:samples`: every code sample of the built site run against the sandbox twin
 * (design/sample-execution.md). Reads `build/` (run `npm run build` first), starts the twin with
 * `npm run sandbox` on port 4410 (`SAMPLES_TWIN_PORT`), or uses the twin at `SAMPLES_TWIN_URL`,
 * and puts recording proxies on ports 4411–4413 (`SAMPLES_PROXY_PORT`, the first of three).
 * `SAMPLES_PAGES` (a regular expression on page paths) limits the run to some pages.
 * Prints a report and writes it to `test-results/samples/report.json`; exits 1 when a sample
 * fails outside KNOWN_GAPS, or a known gap passes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { classify, type Classified } from './classify';
import { compileSamples } from './compile';
import { pool } from './execute';
import { extractSamples, type CodeSample } from './extract';
import { registerPages } from './inputs';
import { KNOWN_GAPS } from './known-gaps';
import { Operations } from './operations';
import { guideEnvironment, rewriteHosts, type SampleCredentials } from './prepare';
import { runSample, type RunContext } from './sample-run';
import { report, type Outcome } from './report';
import { runTutorials, TUTORIAL_BLOCKS } from './tutorials';
import {
  RecordingProxy,
  credentials,
  issueToken,
  reset,
  startTwin,
  type ResetRequest,
} from './twin';
import { runVerifier } from './verifiers';

const ROOT = process.cwd();
const TWIN_PORT = Number(process.env.SAMPLES_TWIN_PORT ?? 4410);
const PROXY_PORT = Number(process.env.SAMPLES_PROXY_PORT ?? 4411);
/** Samples run at once when state allows (2 cores; each run is mostly process start-up). */
const WIDTH = 3;
/** A sample's time limit (the pages' pauses between steps are skipped: prepare.ts). */
const TIMEOUT_MS = 20_000;
/** Secret the callback examples are signed with when the twin names none (`GET /__twin`). */
const CALLBACK_SECRET = 'whsec_sandbox_samples';

function gapOf(sample: CodeSample) {
  return KNOWN_GAPS.find((g) => g.page === sample.page && g.block === sample.index);
}

/** Settles an outcome against KNOWN_GAPS: a listed failure is expected, a listed pass is not. */
function settle(outcome: Outcome): Outcome {
  const gap = gapOf(outcome.sample);
  if (!gap) return outcome;
  if (outcome.state === 'failed') return { ...outcome, state: 'known-gap', gap: gap.reason };
  if (outcome.state === 'passed') {
    return {
      ...outcome,
      state: 'failed',
      problems: [
        `passes, but KNOWN_GAPS lists it ("${gap.reason}"): remove it from scripts/samples/known-gaps.ts`,
      ],
    };
  }
  return outcome;
}

async function main() {
  const started = Date.now();
  const all = await extractSamples(join(ROOT, 'build'));
  registerPages(all);
  // SAMPLES_PAGES (a regular expression on the page path) runs part of the site, for work on a
  // page or on the twin; CI runs everything.
  const only = process.env.SAMPLES_PAGES ? new RegExp(process.env.SAMPLES_PAGES) : undefined;
  const samples = only ? all.filter((s) => only.test(s.page)) : all;
  const ops = await Operations.load(ROOT);
  const twin = await startTwin(ROOT, TWIN_PORT);
  const proxies = Array.from(
    { length: WIDTH },
    (_, i) => new RecordingProxy(PROXY_PORT + i, twin.origin),
  );
  const outcomes: Outcome[] = [];
  /** Wall time per phase, in seconds, for the report. */
  const phases: [string, number][] = [];
  let mark = started;
  const phase = (name: string) => {
    phases.push([name, (Date.now() - mark) / 1000]);
    mark = Date.now();
  };
  phase('extract, load definitions, start the twin');
  try {
    for (const proxy of proxies) await proxy.start();
    const { creds, token, callbackSecret } = await credentials(twin.origin);
    const sampleCreds: SampleCredentials = {
      token,
      creds,
      callbackSecret: callbackSecret ?? CALLBACK_SECRET,
    };
    const env = guideEnvironment(sampleCreds);
    /**
     * Resets the twin for `before`, then gets a new token: a reset drops the twin's tokens (they
     * are part of its state), and the samples read the token from AISLE_TOKEN or `<token>`.
     */
    const resetTwin = async (before?: ResetRequest | ResetRequest[]) => {
      await reset(twin.origin, before);
      sampleCreds.token = await issueToken(twin.origin, creds);
      env.AISLE_TOKEN = sampleCreds.token;
    };

    const classified = new Map<CodeSample, Classified>(all.map((s) => [s, classify(s)]));
    const runnable: CodeSample[] = [];
    for (const sample of samples) {
      const c = classified.get(sample)!;
      if (sample.language === 'go' || sample.language === 'java') continue;
      if (TUTORIAL_BLOCKS.has(`${sample.page}#${sample.index}`)) continue;
      if (c.kind === 'other') continue;
      runnable.push(sample);
    }

    const ctx: RunContext = { ops, creds: sampleCreds, env, timeoutMs: TIMEOUT_MS };
    const runOne = (sample: CodeSample, proxy: RecordingProxy) =>
      runSample(ctx, sample, classified.get(sample)!, proxy).then(settle);

    /**
     * The body a request sends, for the reset to arrange the world for it (a create must not
     * find the order its body names): the cURL block's `--data`, which the other tabs of the same
     * group send too.
     */
    const bodyOf = (sample: CodeSample, c: Classified): string | undefined => {
      if (c.body !== undefined) return c.body;
      const sibling = samples
        .filter(
          (s) =>
            s.page === sample.page &&
            s.heading === sample.heading &&
            s.language === 'curl' &&
            s.index < sample.index &&
            classified.get(s)?.first?.url === c.first?.url,
        )
        .at(-1);
      return sibling ? classified.get(sibling)?.body : undefined;
    };

    // Reset groups: GETs of one URL share a reset and run side by side; anything else that may
    // change state gets its own reset and runs alone.
    const groups: {
      before?: { method: string; url: string; body?: string };
      samples: CodeSample[];
      parallel: boolean;
    }[] = [];
    const getGroups = new Map<string, (typeof groups)[number]>();
    for (const sample of runnable) {
      const c = classified.get(sample)!;
      // A script's first URL literal is often a base its steps extend, which the reset ignores
      // (it matches no operation); when it is an operation's, the reset is arranged for it (a
      // status loop finds its order batched).
      const before =
        c.first && (c.kind === 'request' || c.kind === 'script')
          ? {
              method: c.first.method,
              url: rewriteHosts(c.first.url, twin.origin),
              body: bodyOf(sample, c),
            }
          : undefined;
      if (c.kind === 'function') {
        groups.push({ samples: [sample], parallel: true });
      } else if (c.kind === 'request' && before?.method === 'GET') {
        const key = before.url;
        let group = getGroups.get(key);
        if (!group) {
          group = { before, samples: [], parallel: true };
          getGroups.set(key, group);
          groups.push(group);
        }
        group.samples.push(sample);
      } else {
        groups.push({ before, samples: [sample], parallel: false });
      }
    }
    const loads = groups.filter((g) => classified.get(g.samples[0])!.kind === 'function');
    outcomes.push(
      ...(await pool(
        WIDTH,
        loads.map((g) => (slot: number) => runOne(g.samples[0], proxies[slot])),
      )),
    );
    for (const group of groups) {
      if (loads.includes(group)) continue;
      await resetTwin(group.before);
      outcomes.push(
        ...(await pool(
          group.parallel ? WIDTH : 1,
          group.samples.map((s) => (slot: number) => runOne(s, proxies[slot])),
        )),
      );
    }

    phase('requests, scripts and functions (one by one)');
    // Blocks that are not requests: signature checks run against a signed example; the rest
    // are listed with what they are.
    for (const sample of samples) {
      const c = classified.get(sample)!;
      if (c.kind !== 'other' || sample.language === 'go' || sample.language === 'java') continue;
      outcomes.push(settle(await runVerifier(sample, c, env, sampleCreds.callbackSecret)));
    }

    phase('blocks that are not requests');
    // Tutorials: their steps in page order, one twin state per language, ids carried along.
    outcomes.push(
      ...(
        await runTutorials(
          all,
          classified,
          ctx,
          proxies[0],
          twin.origin,
          resetTwin,
          (page) => !only || only.test(page),
        )
      ).map(settle),
    );

    phase('tutorials');
    // Go and Java: compiled, not run (design/sample-execution.md).
    outcomes.push(
      ...(
        await compileSamples(samples.filter((s) => s.language === 'go' || s.language === 'java'))
      ).map(settle),
    );
    phase('Go and Java compiled');
  } finally {
    for (const proxy of proxies) await proxy.stop();
    await twin.stop();
  }

  const gaps = KNOWN_GAPS.filter((g) => !only || only.test(g.page));
  const text = report(outcomes, samples, gaps, Date.now() - started, phases);
  console.log(text.summary);
  await mkdir(join(ROOT, 'test-results', 'samples'), { recursive: true });
  await writeFile(
    join(ROOT, 'test-results', 'samples', 'report.json'),
    JSON.stringify(text.json, null, 2),
  );
  process.exitCode = text.failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(`test:samples: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
