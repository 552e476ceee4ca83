/**
 * plugins/lib/definition-watch.ts: one regeneration per save, pages before the work that can
 * wait, and that work only once the bundler is quiet.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DefinitionWatch, watchFolders } from '../../plugins/lib/definition-watch';

const quick = () =>
  new DefinitionWatch({ debounceMs: 20, quietMs: 30, watch: () => ({ add() {}, close() {} }) });

describe('definition watch', () => {
  it('runs one cycle for the change events of one save, pages first, then the rest', async () => {
    const watch = quick();
    const log: string[] = [];
    watch.register('pages', {
      files: () => ['/site/openapi/a.yaml'],
      now: async () => void log.push('pages now'),
      later: async () => void log.push('pages later'),
    });
    watch.register('twin', {
      files: () => ['/site/openapi/a.yaml', '/site/openapi/b.yaml'],
      later: async () => void log.push('twin later'),
    });
    watch.register('other', {
      files: () => ['/site/openapi/c.yaml'],
      now: async () => void log.push('other now'),
    });
    // An editor's save: truncate and write, two events a few ms apart.
    watch.notify('/site/openapi/a.yaml');
    await new Promise((r) => setTimeout(r, 5));
    watch.notify('/site/openapi/a.yaml');
    await new Promise((r) => setTimeout(r, 60));
    await watch.settled();
    expect(log).toEqual(['pages now', 'pages later', 'twin later']);
  });

  it('waits with the later parts while the bundler builds', async () => {
    const watch = quick();
    const log: string[] = [];
    watch.register('pages', {
      files: () => ['/site/a.yaml'],
      now: async () => {
        log.push('now');
        watch.bundler.mark(true);
        setTimeout(() => {
          log.push('built');
          watch.bundler.mark(false);
        }, 150);
      },
      later: async () => void log.push('later'),
    });
    watch.notify('/site/a.yaml');
    await new Promise((r) => setTimeout(r, 40));
    await watch.settled();
    expect(log).toEqual(['now', 'built', 'later']);
  });

  it('tells when the bundler has been idle long enough, counting again from each build', async () => {
    const watch = new DefinitionWatch({ idleMs: 200, watch: () => ({ add() {}, close() {} }) });
    let idle = false;
    void watch.idle().then(() => (idle = true));
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await wait(120);
    // A save's compile: the idle time starts again after it.
    watch.bundler.mark(true);
    await wait(100);
    watch.bundler.mark(false);
    await wait(120);
    expect(idle).toBe(false);
    await wait(200);
    expect(idle).toBe(true);
  });

  it("runs a job's later part when asked, in turn with the cycles", async () => {
    const watch = quick();
    const log: string[] = [];
    watch.register('pages', {
      files: () => ['/site/a.yaml'],
      now: async () => {
        log.push('now');
        await new Promise((r) => setTimeout(r, 50));
      },
      later: async () => void log.push('later'),
    });
    watch.notify('/site/a.yaml');
    await new Promise((r) => setTimeout(r, 30));
    // Asked while the cycle runs: after it, not beside it.
    watch.runLater('pages');
    watch.runLater('nothing registered');
    await watch.settled();
    expect(log).toEqual(['now', 'later', 'later']);
  });

  it('goes on after a job throws', async () => {
    const watch = quick();
    const log: string[] = [];
    const errors: string[] = [];
    const original = console.error;
    console.error = (m: string) => void errors.push(m);
    try {
      watch.register('bad', {
        files: () => ['/site/a.yaml'],
        now: async () => {
          throw new Error('no');
        },
      });
      watch.register('good', {
        files: () => ['/site/a.yaml'],
        now: async () => void log.push('good'),
      });
      watch.notify('/site/a.yaml');
      await new Promise((r) => setTimeout(r, 40));
      await watch.settled();
    } finally {
      console.error = original;
    }
    expect(log).toEqual(['good']);
    expect(errors).toEqual(['[bad] regeneration failed: no']);
  });

  it('sees a file replaced by a rename (an editor’s atomic save)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'definition-watch-'));
    const file = join(dir, 'a.yaml');
    await writeFile(file, 'a: 1\n');
    const seen: string[] = [];
    const watcher = watchFolders([file], (f) => seen.push(f));
    try {
      await writeFile(join(dir, 'a.yaml.tmp'), 'a: 2\n');
      const { rename } = await import('node:fs/promises');
      await rename(join(dir, 'a.yaml.tmp'), file);
      for (let i = 0; i < 40 && !seen.includes(file); i++)
        await new Promise((r) => setTimeout(r, 25));
    } finally {
      watcher.close();
    }
    expect(seen).toContain(file);
  });
});
