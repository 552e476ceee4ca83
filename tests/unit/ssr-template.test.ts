import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { entryScriptLoader, ssrTemplate } from '../../config/ssr-template';

interface FakeScript {
  src: string;
  async: boolean;
}

interface FakeLink {
  rel: string;
  as: string;
  href: string;
}

/**
 * Runs the loader in a sandbox with a fake document, timers and (optionally) Paint Timing.
 * `appended` holds the scripts added to `<head>`, `preloads` the links; `advance(ms)` runs due
 * timers; `paint(name)` reports a paint entry to the observers.
 */
function sandbox(paintTiming: boolean) {
  const appended: FakeScript[] = [];
  const preloads: FakeLink[] = [];
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  const frames: (() => void)[] = [];
  const observers: { cb: (list: unknown, obs: unknown) => void; off: boolean }[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
    private entry: { cb: (list: unknown, obs: unknown) => void; off: boolean };
    constructor(cb: (list: unknown, obs: unknown) => void) {
      this.entry = { cb, off: false };
    }
    observe() {
      observers.push(this.entry);
    }
    disconnect() {
      this.entry.off = true;
    }
  }
  const context = {
    window: {} as Record<string, unknown>,
    document: {
      createElement: (tag: string) =>
        tag === 'link' ? { tag, rel: '', as: '', href: '' } : { tag, src: '', async: true },
      head: {
        appendChild: ({ tag, ...rest }: { tag: string }) => {
          if (tag === 'link') preloads.push(rest as FakeLink);
          else appended.push(rest as FakeScript);
        },
      },
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
  };
  if (paintTiming) context.window.PerformanceObserver = PerformanceObserver;
  runInNewContext(
    `(${entryScriptLoader})(["/assets/js/runtime~main.1.js","/assets/js/main.2.js"])`,
    context,
  );
  return {
    appended,
    preloads,
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      due.forEach((t) => t.fn());
    },
    frame() {
      frames.splice(0).forEach((fn) => fn());
    },
    paint(name: string) {
      for (const o of observers.filter((x) => !x.off)) {
        const self = { disconnect: () => (o.off = true) };
        o.cb({ getEntriesByName: (n: string) => (n === name ? [{ name }] : []) }, self);
      }
    },
  };
}

const inOrder = [
  { src: '/assets/js/runtime~main.1.js', async: false },
  { src: '/assets/js/main.2.js', async: false },
];

const preloaded = [
  { rel: 'preload', as: 'script', href: '/assets/js/runtime~main.1.js' },
  { rel: 'preload', as: 'script', href: '/assets/js/main.2.js' },
];

describe('entry script loader (config/ssr-template.ts)', () => {
  it('preloads the scripts as soon as it runs, before any paint, once', () => {
    const s = sandbox(true);
    expect(s.preloads).toEqual(preloaded);
    expect(s.appended).toEqual([]);
    s.paint('first-contentful-paint');
    s.advance(1000);
    expect(s.preloads).toEqual(preloaded);
  });

  it('starts the scripts, in order, only after the first contentful paint', () => {
    const s = sandbox(true);
    s.advance(0);
    s.paint('first-paint'); // a background-only paint is not enough
    s.advance(0);
    expect(s.appended).toEqual([]);
    s.paint('first-contentful-paint');
    expect(s.appended).toEqual([]); // in a task after the paint, not inside the callback
    s.advance(0);
    expect(s.appended).toEqual(inOrder);
    s.advance(1000); // the fallback timer does not insert them twice
    expect(s.appended).toEqual(inOrder);
  });

  it('falls back to an animation frame where Paint Timing is missing', () => {
    const s = sandbox(false);
    s.advance(0);
    expect(s.appended).toEqual([]);
    s.frame();
    s.advance(0);
    expect(s.appended).toEqual(inOrder);
  });

  it('starts the scripts after 1000 ms on a page that never paints (background tab)', () => {
    const s = sandbox(true);
    s.advance(999);
    expect(s.appended).toEqual([]);
    s.advance(1);
    expect(s.appended).toEqual(inOrder);
  });

  it('leaves the entry scripts to the loader: neither deferred nor preloaded from <head>', () => {
    expect(ssrTemplate).not.toMatch(/<link rel="preload" as="script"/);
    expect(ssrTemplate).not.toMatch(/<script src=[^>]*defer/);
    expect(ssrTemplate).toContain(
      '<script>' +
        entryScriptLoader +
        '(<%~ JSON.stringify(it.scripts.map((s) => it.baseUrl + s)) %>)</script>',
    );
  });
});
