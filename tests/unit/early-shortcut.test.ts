import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  EARLY_SHORTCUT_GLOBAL,
  earlyShortcutScript,
  type EarlyShortcutState,
} from '../../src/search/earlyShortcut';

interface FakeKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: { tagName: string; isContentEditable?: boolean };
}

/** Runs the inline script with a fake document; `press` sends a keydown to its listener. */
function sandbox() {
  let listener: ((e: unknown) => void) | null = null;
  const window: Record<string, unknown> = { performance: { now: () => 1234 } };
  const document = {
    addEventListener: (type: string, fn: (e: unknown) => void, capture: boolean) => {
      if (type === 'keydown' && capture) listener = fn;
    },
    removeEventListener: (type: string, fn: unknown) => {
      if (type === 'keydown' && fn === listener) listener = null;
    },
  };
  runInNewContext(earlyShortcutScript, { window, document });
  const state = () => window[EARLY_SHORTCUT_GLOBAL] as EarlyShortcutState;
  return {
    state,
    listening: () => listener !== null,
    press(k: FakeKey) {
      let prevented = false;
      const target = k.target ?? { tagName: 'BODY' };
      listener?.({
        ...k,
        target,
        composedPath: () => [target],
        preventDefault: () => (prevented = true),
      });
      return prevented;
    },
  };
}

describe('the early search shortcut script', () => {
  it('records Ctrl+K and Cmd+K, and keeps the browser from acting on them', () => {
    for (const mod of [{ ctrlKey: true }, { metaKey: true }]) {
      const s = sandbox();
      expect(s.press({ key: 'k', ...mod })).toBe(true);
      expect(s.state()).toMatchObject({ pressed: true, at: 1234 });
    }
    const s = sandbox();
    expect(s.press({ key: 'K', ctrlKey: true })).toBe(true);
  });

  it('records / outside text fields only', () => {
    const s = sandbox();
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON']) {
      expect(s.press({ key: '/', target: { tagName } })).toBe(false);
    }
    expect(s.press({ key: '/', target: { tagName: 'DIV', isContentEditable: true } })).toBe(false);
    expect(s.state().pressed).toBe(false);
    expect(s.press({ key: '/', target: { tagName: 'MAIN' } })).toBe(true);
    expect(s.state().pressed).toBe(true);
  });

  it('ignores other keys, plain k and K inside text fields without a modifier', () => {
    const s = sandbox();
    for (const k of [
      { key: 'k' },
      { key: 'a', ctrlKey: true },
      { key: '/', altKey: true },
      { key: 'Enter' },
    ]) {
      expect(s.press(k)).toBe(false);
    }
    expect(s.state().pressed).toBe(false);
  });

  it('stops listening when told (React takes over at hydration)', () => {
    const s = sandbox();
    expect(s.listening()).toBe(true);
    s.state().stop();
    expect(s.listening()).toBe(false);
  });
});
