import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Operations } from '../../scripts/samples/operations';
import { gotoHydrated } from './helpers';

// The first-send sweep (design/try-it.md, "First send"): every operation page of the built
// site, each in a fresh browser context (no sandbox state, no token, no worker yet), Try it
// opened and Send pressed with no field edited; then Reset sandbox and Send again. Each answer
// must be the operation's documented success with a body valid against its definition. The
// same code runs in Node against every operation in tests/unit/try-it-first-send.test.ts; this
// spec proves it through the built pages, msw's service worker and sessionStorage.

const BUILD = join(process.cwd(), 'build');

/** `[page path, "<api>/<operationId>"]` of every built page with a Try it panel. */
function operationPages(): [string, string][] {
  const pages: [string, string][] = [];
  for (const entry of readdirSync(BUILD, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const m = /data-operation="?([\w-]+\/\w+)/.exec(readFileSync(file, 'utf8'));
    if (!m) continue;
    const path = `/${relative(BUILD, file).split(sep).join('/')}`.replace(/\.html$/, '');
    pages.push([path, m[1]]);
  }
  return pages.sort(([a], [b]) => (a < b ? -1 : 1));
}

const pages = operationPages();
let operations: Operations | undefined;

/** What one operation's sweep saw: the answer of each round, or where it stopped. */
interface Rounds {
  answers: { round: string; status: number; text: string }[];
  error?: string;
}

/**
 * Drives one operation page's panel inside the page, in one round trip: follows the link to
 * it (by the router, as Docusaurus's links do, unless it is the page already open), opens Try
 * it, and for each round (the first after Reset sandbox unless `fresh`) waits for the
 * credential the panel fills by itself, presses Send and reads the answer. DOM clicks and a
 * 20 ms check in the page: Playwright's actionability checks and assertion retries would triple
 * the sweep's time, and pointer and keyboard use is tests/e2e/try-it.spec.ts's.
 */
function sweepOperation(page: Page, path: string, key: string, fresh: boolean): Promise<Rounds> {
  return page.evaluate(
    async ({ path, key, fresh }) => {
      const answers: Rounds['answers'] = [];
      const status = () => document.querySelector('.try-it__status')?.textContent ?? '';
      const until = (ok: () => boolean, what: string) =>
        new Promise<void>((resolve, reject) => {
          const start = performance.now();
          const tick = () => {
            if (ok()) resolve();
            else if (performance.now() - start > 20_000)
              reject(new Error(`${what} did not happen in 20 s (status: "${status()}")`));
            else setTimeout(tick, 20);
          };
          tick();
        });
      const root = () => document.querySelector(`.try-it[data-operation="${key}"]`);
      const button = (name: string) =>
        [...(root()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);
      const credentialFilled = () => {
        const legend = [...(root()?.querySelectorAll('legend') ?? [])].find(
          (l) => l.textContent === 'Credential',
        );
        const input = legend?.parentElement?.querySelector('input');
        return !input || input.value !== '';
      };
      try {
        if (!root()) {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
          await until(() => !!button('Try it'), `the page ${path}`);
        }
        button('Try it')?.click();
        await until(() => !!button('Send'), 'the panel');
        for (const round of ['fresh', 'after Reset sandbox']) {
          if (round !== 'fresh' || !fresh) {
            button('Reset sandbox')?.click();
            await until(() => status().startsWith('Sandbox reset'), 'Reset sandbox');
          }
          await until(credentialFilled, 'the sandbox credential');
          await until(() => !button('Send')?.disabled, 'Send enabled');
          button('Send')?.click();
          await until(
            () => /^(Answer \d|Prepare did not|The request failed)/.test(status()),
            'the answer',
          );
          const answer = root()?.querySelector('.try-it__answer');
          answers.push({
            round,
            status: Number(answer?.querySelector('.try-it__answer-line .api-status')?.textContent),
            text:
              (answer
                ? answer.querySelector('pre')?.textContent
                : (root() as HTMLElement | null)?.innerText) ?? '',
          });
        }
        return { answers };
      } catch (error) {
        return { answers, error: (error as Error).message };
      }
    },
    { path, key, fresh },
  );
}

test('the sweep finds every operation page', () => {
  expect(pages.length).toBeGreaterThanOrEqual(84);
});

/**
 * The operation pages by definition, in page order, in groups of at most 10: each group is one
 * test, so the two workers share Fulfillment's 38 operations.
 */
const groups = new Map<string, [string, string][]>();
for (const [path, key] of pages) {
  const api = key.split('/')[0];
  const count = pages.filter(([, k]) => k.startsWith(`${api}/`)).length;
  const index = [...groups.keys()].filter((g) => g.startsWith(`${api} `)).length;
  const last = groups.get(`${api} ${index}`);
  const name =
    last && last.length < Math.ceil(count / Math.ceil(count / 10))
      ? `${api} ${index}`
      : `${api} ${index + 1}`;
  groups.set(name, [...(groups.get(name) ?? []), [path, key]]);
}

for (const [group, operationPages] of groups) {
  const api = group.split(' ')[0];
  // One fresh browser context per definition: its first page is opened cold (no worker, no
  // token, no sandbox state); each next operation starts from Reset sandbox, which drops the
  // world and the tab's tokens as a new context would.
  test(`first Send succeeds on every operation of ${group} (${operationPages.length})`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + operationPages.length * 15_000);
    operations ??= await Operations.load(process.cwd());
    // What the sweep never looks at: images, and the chunks Docusaurus prefetches for the
    // links on the page (about 50 per API page), which would double the sweep's CPU time.
    await page.route(
      (url) => /\.(png|jpe?g|svg|webp|woff2?|ico)$/.test(url.pathname),
      (r) => r.abort(),
    );
    await page.route('**/assets/js/**', (r) =>
      r.request().resourceType() === 'other' ? r.abort() : r.fallback(),
    );
    const failures: string[] = [];
    for (const [i, [path, key]] of operationPages.entries()) {
      const operationId = key.split('/')[1];
      const op = operations.all.find((o) => o.api === api && o.operationId === operationId);
      expect(op?.success, `${key} documents a success`).toBeDefined();
      if (i === 0) await gotoHydrated(page, path);
      const { answers, error } = await sweepOperation(page, path, key, i === 0);
      if (error) failures.push(`${key}: ${error}`);
      for (const { round, status, text } of answers) {
        const check = operations.checkBody(op!, status, text);
        if (status !== op!.success || !check.ok)
          failures.push(
            `${key} (${round}): ${status} where ${op!.success} is documented; ` +
              (check.ok ? text.slice(0, 300) : check.errors.join('; ')),
          );
      }
    }
    expect(failures).toEqual([]);
  });
}
