import { afterEach, describe, expect, it } from 'vitest';
import { ensureUsableStorage, memoryStorage } from '../../plugins/search-index/client/storage';

describe('search storage (plugins/search-index/client/storage)', () => {
  const g = globalThis as { window?: unknown };
  afterEach(() => {
    delete g.window;
  });

  it('keeps items in memory with the Storage interface', () => {
    const storage = memoryStorage();
    storage.setItem('__DOCSEARCH_RECENT_SEARCHES__', '[1]');
    expect(storage.getItem('__DOCSEARCH_RECENT_SEARCHES__')).toBe('[1]');
    expect(storage.length).toBe(1);
    expect(storage.key(0)).toBe('__DOCSEARCH_RECENT_SEARCHES__');
    storage.removeItem('__DOCSEARCH_RECENT_SEARCHES__');
    expect(storage.getItem('__DOCSEARCH_RECENT_SEARCHES__')).toBeNull();
  });

  it('replaces a localStorage that throws, and leaves a working one alone', () => {
    const blocked = {};
    Object.defineProperty(blocked, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError: access is denied');
      },
    });
    g.window = blocked;
    expect(ensureUsableStorage()).toBe(true);
    const win = g.window as { localStorage: Storage };
    win.localStorage.setItem('k', 'v');
    expect(win.localStorage.getItem('k')).toBe('v');

    const working = { localStorage: memoryStorage() };
    g.window = working;
    expect(ensureUsableStorage()).toBe(false);
    expect(working.localStorage).toBeDefined();
  });
});
