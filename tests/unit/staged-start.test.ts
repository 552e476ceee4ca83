import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration } from 'webpack';
import { describe, expect, it } from 'vitest';
import stagedStartPlugin, { STAGED_ENTRY } from '../../plugins/staged-start';
import { nextTask, runStages, STAGES } from '../../plugins/staged-start/stages';

// plugins/staged-start: production builds start the app in stages (design/main-thread.md,
// "Staged start").
const root = join(__dirname, '..', '..');
const read = (...path: string[]) => readFileSync(join(root, ...path), 'utf8');

/** Module specifiers of `import … from '…'` / `import '…'` and `import('…')`, in order. */
function specifiers(source: string): string[] {
  return [
    ...source.matchAll(/(?:\bfrom\s+|^import\s+|import\(\s*(?:\/\*[^*]*\*\/\s*)?)'([^']+)'/gm),
  ].map((m) => m[1]);
}

const configure = (mode: Configuration['mode'], isServer: boolean) =>
  stagedStartPlugin().configureWebpack!(
    { mode } as Configuration,
    isServer,
    {} as never,
    undefined as never,
  );

describe('staged start (plugins/staged-start)', () => {
  it("replaces the client bundle's entry in production only", () => {
    expect(configure('production', false)).toEqual({ entry: STAGED_ENTRY });
    expect(configure('production', true)).toEqual({});
    expect(configure('development', false)).toEqual({});
  });

  it("evaluates a prefix of App's imports, in App's order, so the stylesheet's order stays", () => {
    const app = specifiers(read('node_modules/@docusaurus/core/lib/client/App.js'));
    const stages = specifiers(read('plugins/staged-start/stages.ts'));
    // Every stage is one literal import() the regular expression sees.
    expect(stages).toHaveLength(STAGES.length);
    // App's imports that need no stage: React (clientEntry imports it) and the router
    // (react-router-dom's own stage); neither has styles.
    const appPrefix = app.filter((s) => s !== 'react' && s !== '@docusaurus/router');
    const inApp = stages.filter((s) => app.includes(s));
    expect(inApp.length).toBeGreaterThanOrEqual(6);
    expect(inApp).toEqual(appPrefix.slice(0, inApp.length));
    // The other stages: what core's entry imports before App, App itself, and the routes'
    // data modules.
    expect(stages.filter((s) => !app.includes(s))).toEqual([
      'react-dom/client',
      'react-helmet-async',
      'react-router-dom',
      '@generated/routesChunkNames',
      '@generated/registry',
      '@docusaurus/core/lib/client/App',
    ]);
    const upstreamEntry = specifiers(
      read('node_modules/@docusaurus/core/lib/client/clientEntry.js'),
    );
    for (const s of ['react-dom/client', 'react-helmet-async', 'react-router-dom']) {
      expect(upstreamEntry).toContain(s);
    }
  });

  it('keeps every staged module in the main bundle (eager imports: no request of their own)', () => {
    for (const file of ['plugins/staged-start/stages.ts', 'plugins/staged-start/clientEntry.tsx']) {
      const calls = [...read(file).matchAll(/\bimport\(([^)]*'[^']+')\)/g)].map((m) => m[1]!);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.filter((c) => !c.includes('webpackMode: "eager"'))).toEqual([]);
    }
  });

  it('runs every stage in a task of its own, in order, and the caller after them', async () => {
    const log: string[] = [];
    const next = async () => {
      log.push('task');
    };
    await runStages(
      ['a', 'b', 'c'].map((name) => async () => {
        log.push(name);
      }),
      next,
    );
    expect(log).toEqual(['task', 'a', 'task', 'b', 'task', 'c', 'task']);
  });

  it("stops at a stage that fails, with that stage's error", async () => {
    const ran: string[] = [];
    const start = runStages(
      [
        async () => ran.push('a'),
        async () => {
          throw new Error('chunk missing');
        },
        async () => ran.push('c'),
      ],
      async () => {},
    );
    await expect(start).rejects.toThrow('chunk missing');
    expect(ran).toEqual(['a']);
  });

  it('waits for a new task: a long chain of microtasks ends first', async () => {
    const order: string[] = [];
    let chain = Promise.resolve();
    for (let i = 0; i < 1000; i++) chain = chain.then(() => {});
    void chain.then(() => order.push('microtasks'));
    await nextTask().then(() => order.push('task'));
    expect(order).toEqual(['microtasks', 'task']);
  });
});
