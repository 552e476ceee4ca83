import { describe, expect, it, vi } from 'vitest';
import {
  createIdleQueue,
  IDLE_MARGIN_MS,
  IDLE_SLICE_MS,
  type Deadline,
} from '../../plugins/idle-prefetch/queue';
import { createPrefetcher } from '../../plugins/idle-prefetch/prefetch';

/** A fake idle scheduler: callbacks wait until `idle(ms)` hands them a deadline. */
function fakeIdle() {
  const pending: ((d: Deadline) => void)[] = [];
  return {
    schedule: (cb: (d: Deadline) => void) => void pending.push(cb),
    pending,
    /** Runs the next idle period; each `run` call spends `costMs` of it. */
    idle(ms: number, clock: { spent: number }) {
      const cb = pending.shift();
      clock.spent = 0;
      cb?.({ timeRemaining: () => Math.max(0, ms - clock.spent) });
    },
  };
}

describe('idle-prefetch queue', () => {
  it('runs nothing until the browser is idle, then each item once, in order', () => {
    const idle = fakeIdle();
    const run = vi.fn();
    const enqueue = createIdleQueue(run, idle.schedule);
    enqueue('/a');
    enqueue('/b');
    enqueue('/a');
    expect(run).not.toHaveBeenCalled();
    expect(idle.pending).toHaveLength(1);
    idle.idle(50, { spent: 0 });
    expect(run.mock.calls.map((c) => c[0])).toEqual(['/a', '/b']);
    enqueue('/b');
    expect(idle.pending).toHaveLength(0);
  });

  it('stops when the idle period is nearly used up and resumes in the next one', () => {
    const idle = fakeIdle();
    const clock = { spent: 0 };
    const run = vi.fn(() => {
      clock.spent += 10;
    });
    const enqueue = createIdleQueue(run, idle.schedule);
    for (const p of ['/1', '/2', '/3', '/4', '/5']) enqueue(p);
    idle.idle(20 + IDLE_MARGIN_MS, clock);
    expect(run).toHaveBeenCalledTimes(2);
    expect(idle.pending).toHaveLength(1);
    idle.idle(50, clock);
    expect(run).toHaveBeenCalledTimes(5);
    expect(idle.pending).toHaveLength(0);
  });

  it('uses at most a slice of a long idle period, so that no task grows past 50 ms', () => {
    const idle = fakeIdle();
    const clock = { spent: 0 };
    const run = vi.fn(() => {
      clock.spent += 10;
    });
    const enqueue = createIdleQueue(run, idle.schedule);
    for (let i = 0; i < 8; i++) enqueue(`/${i}`);
    idle.idle(50, clock);
    expect(run).toHaveBeenCalledTimes(Math.ceil(IDLE_SLICE_MS / 10));
    expect(clock.spent).toBeLessThan(50);
    expect(idle.pending).toHaveLength(1);
  });

  it('logs a failing item and goes on with the rest', () => {
    const idle = fakeIdle();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const done: string[] = [];
    const enqueue = createIdleQueue((p: string) => {
      if (p === '/bad') throw new Error('no route');
      done.push(p);
    }, idle.schedule);
    enqueue('/bad');
    enqueue('/good');
    idle.idle(50, { spent: 0 });
    expect(done).toEqual(['/good']);
    expect(error).toHaveBeenCalledWith(
      'idle-prefetch: could not prefetch',
      '/bad',
      expect.any(Error),
    );
    error.mockRestore();
  });
});

describe('idle-prefetch chunk prefetcher', () => {
  it('requests a chunk URL once while in flight and after it loaded', async () => {
    const started: string[] = [];
    const prefetch = createPrefetcher(async (url) => void started.push(url));
    await Promise.all([prefetch('/a.js'), prefetch('/b.js'), prefetch('/a.js')]);
    await prefetch('/a.js');
    expect(started).toEqual(['/a.js', '/b.js']);
  });

  it('tries a failed URL again and never rejects', async () => {
    let calls = 0;
    const prefetch = createPrefetcher(async () => {
      calls += 1;
      if (calls === 1) throw new Error('HTTP 404');
    });
    await expect(prefetch('/gone.js')).resolves.toBeUndefined();
    await prefetch('/gone.js');
    await prefetch('/gone.js');
    expect(calls).toBe(2);
  });
});
