/**
 * `npm run test:postman`: every published Postman collection (`build/openapi/*.postman.json`,
 * run `npm run build` first) run by newman against the sandbox twin from a fresh start, as a
 * reader runs it against `npm run sandbox`: only the collection variables the collection names
 * for that are given (`aisleBaseUrl`, `tokenUrl` and `clientSecret`, or `aisleToken` with the
 * API key of a key-based API); each collection gets the token, fresh ids, keys and prepared
 * state by itself (plugins/openapi-pages/postman-run.ts). The twin is reset before each
 * collection. Prints requests and assertions per collection; exits 1 on any failed assertion or
 * request error, or on a collection with no assertion.
 */
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { credentials, reset, startTwin } from '../samples/twin';

const ROOT = process.cwd();
const PORT = Number(process.env.POSTMAN_TWIN_PORT ?? 4420);
/**
 * Pause between requests, ms: the sandbox hosts allow 10 requests a second per client and the
 * Developer Platform sandbox 5 (src/data/facts/limits.ts); a preparation sends up to three at once.
 */
const DELAY_MS = 300;

/** The part of newman's run summary read here (newman 6 ships no types). */
interface Summary {
  run: {
    stats: Record<'requests' | 'assertions', { total: number; failed: number }>;
    failures: {
      error: { name: string; message: string; test?: string };
      source?: { name?: string };
    }[];
  };
}
type NewmanRun = (
  options: Record<string, unknown>,
  done: (error: Error | null, summary: Summary) => void,
) => void;

const newman = createRequire(join(ROOT, 'package.json'))('newman') as { run: NewmanRun };

async function main() {
  const dir = join(ROOT, 'build', 'openapi');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.postman.json')).sort();
  } catch {
    files = [];
  }
  if (!files.length) throw new Error(`no Postman collections in ${dir}: run npm run build first`);
  const twin = await startTwin(ROOT, PORT);
  const rows: string[] = [];
  let failed = false;
  try {
    const { creds } = await credentials(twin.origin);
    for (const file of files) {
      const api = file.replace(/\.postman\.json$/, '');
      await reset(twin.origin);
      // A key-based API takes its sandbox key; the others get a token with the client secret.
      const key = creds.api_keys[api];
      const envVar = [
        { key: 'aisleBaseUrl', value: twin.origin },
        ...(key
          ? [{ key: 'aisleToken', value: key }]
          : [
              { key: 'tokenUrl', value: `${twin.origin}/v2/oauth/token` },
              { key: 'clientSecret', value: creds.client_secret },
            ]),
      ];
      const summary = await new Promise<Summary>((resolve, reject) =>
        newman.run(
          { collection: join(dir, file), envVar, delayRequest: DELAY_MS, reporters: [] },
          (error, result) => (error ? reject(error) : resolve(result)),
        ),
      );
      const { requests, assertions } = summary.run.stats;
      const bad =
        assertions.failed > 0 ||
        requests.failed > 0 ||
        assertions.total === 0 ||
        summary.run.failures.length > 0;
      if (bad) failed = true;
      rows.push(
        `| ${api} | ${requests.total} | ${requests.failed} | ${assertions.total} | ${assertions.failed} | ${bad ? 'FAILED' : 'passed'} |`,
      );
      for (const f of summary.run.failures)
        console.error(
          `✗ ${api} › ${f.source?.name ?? '?'}: ${f.error.test ?? f.error.name}: ${f.error.message}`,
        );
    }
  } finally {
    await twin.stop();
  }
  console.log('\nPostman collections against the sandbox twin (newman)\n');
  console.log(
    '| collection | requests sent (with token and Prepare calls) | request errors | assertions (one per request) | failed | result |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(`test:postman: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
