import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  EARLY_SHORTCUT_GLOBAL,
  SEARCH_SHELL_CLASS,
  earlyShortcutScript,
  type EarlyShortcutState,
} from '../../plugins/search-index/client/earlyShortcut';

interface FakeKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: { tagName: string; isContentEditable?: boolean };
}

/** A fake element: what the inline script uses of the DOM. */
class FakeElement {
  className = '';
  textContent = '';
  value = '';
  type = '';
  maxLength = -1;
  placeholder = '';
  spellcheck = true;
  parentNode: FakeElement | null = null;
  children: FakeElement[] = [];
  attributes: Record<string, string> = {};
  listeners: Record<string, (e: unknown) => void> = {};
  constructor(
    public tagName: string,
    private doc: { activeElement: unknown },
  ) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  appendChild(child: FakeElement) {
    child.parentNode = this;
    this.children.push(child);
  }
  removeChild(child: FakeElement) {
    this.children = this.children.filter((c) => c !== child);
    child.parentNode = null;
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners[type] = fn;
  }
  focus() {
    this.doc.activeElement = this;
  }
  closest(selector: string) {
    return selector === '.DocSearch-Button' && this.className === 'DocSearch-Button' ? this : null;
  }
}

/** Runs the inline script with a fake document; `press` sends a keydown to its listener. */
function sandbox() {
  const listeners: Record<string, ((e: unknown) => void) | null> = {};
  const window: Record<string, unknown> = { performance: { now: () => 1234 } };
  const document = {
    activeElement: null as unknown,
    body: null as unknown as FakeElement,
    button: null as unknown as FakeElement,
    addEventListener: (type: string, fn: (e: unknown) => void, capture: boolean) => {
      if (capture) listeners[type] = fn;
    },
    removeEventListener: (type: string, fn: unknown) => {
      if (fn === listeners[type]) listeners[type] = null;
    },
    createElement: (tag: string) => new FakeElement(tag.toUpperCase(), document),
    querySelector: (selector: string) =>
      selector === '.DocSearch-Button' ? document.button : null,
  };
  document.body = new FakeElement('BODY', document);
  document.button = new FakeElement('BUTTON', document);
  document.button.className = 'DocSearch-Button';
  runInNewContext(earlyShortcutScript, { window, document });
  const state = () => window[EARLY_SHORTCUT_GLOBAL] as EarlyShortcutState;
  const shell = () => document.body.children[0];
  const shellInput = () => shell()?.children[0]?.children[0];
  return {
    state,
    document,
    shell,
    shellInput,
    listening: () => listeners.keydown != null,
    clicking: () => listeners.click != null,
    press(k: FakeKey) {
      let prevented = false;
      const target = k.target ?? { tagName: 'BODY' };
      listeners.keydown?.({
        ...k,
        target,
        composedPath: () => [target],
        preventDefault: () => (prevented = true),
      });
      return prevented;
    },
    click(target: unknown) {
      let prevented = false;
      listeners.click?.({ target, preventDefault: () => (prevented = true) });
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

  it('stops listening to keys and clicks when told (React takes over at hydration)', () => {
    const s = sandbox();
    expect(s.listening()).toBe(true);
    expect(s.clicking()).toBe(true);
    s.state().stop();
    expect(s.listening()).toBe(false);
    expect(s.clicking()).toBe(false);
  });
});

describe("the modal's shell", () => {
  it('shows at once on the shortcut, as a labelled dialog with a focused box of 64 characters', () => {
    const s = sandbox();
    expect(s.shell()).toBeUndefined();
    s.press({ key: 'k', ctrlKey: true });
    expect(s.state().open).toBe(true);
    expect(s.shell().className).toBe(SEARCH_SHELL_CLASS);
    expect(s.shell().attributes).toMatchObject({
      role: 'dialog',
      'aria-modal': 'true',
      'aria-label': 'Search',
    });
    const box = s.shellInput();
    expect(box.attributes['aria-label']).toBe('Search');
    expect(box.maxLength).toBe(64);
    expect(s.document.activeElement).toBe(box);
    const status = s.shell().children[0].children[1];
    expect(status.attributes.role).toBe('status');
    expect(status.textContent).toBe('Loading the search\u2026');
  });

  it('shows once however often the key is pressed, and keeps what is typed', () => {
    const s = sandbox();
    s.press({ key: '/', target: { tagName: 'MAIN' } });
    s.shellInput().value = 'inven';
    s.press({ key: 'k', metaKey: true });
    expect(s.document.body.children).toHaveLength(1);
    expect(s.state().value()).toBe('inven');
    s.state().show('x'); // a query is put in an empty box only
    expect(s.state().value()).toBe('inven');
  });

  it('opens on a click on the search button, not on other clicks', () => {
    const s = sandbox();
    expect(s.click(new FakeElement('DIV', s.document))).toBe(false);
    expect(s.state().open).toBe(false);
    expect(s.click(s.document.button)).toBe(true);
    expect(s.state()).toMatchObject({ open: true, pressed: true });
  });

  it('closes on Escape or a press on its backdrop, cancels the pending open, refocuses the button', () => {
    for (const close of ['escape', 'backdrop'] as const) {
      const s = sandbox();
      s.press({ key: 'k', ctrlKey: true });
      const shell = s.shell();
      let prevented = false;
      const preventDefault = () => (prevented = true);
      if (close === 'escape') s.shellInput().listeners.keydown({ key: 'Escape', preventDefault });
      else shell.listeners.mousedown({ target: shell, preventDefault });
      expect(prevented).toBe(true);
      expect(s.state()).toMatchObject({ open: false, pressed: false });
      expect(s.document.body.children).toHaveLength(0);
      expect(s.document.activeElement).toBe(s.document.button);
    }
  });

  it('stays open on a press inside the dialog and on other keys', () => {
    const s = sandbox();
    s.press({ key: 'k', ctrlKey: true });
    s.shell().listeners.mousedown({ target: s.shellInput(), preventDefault: () => undefined });
    s.shellInput().listeners.keydown({ key: 'a', preventDefault: () => undefined });
    expect(s.state().open).toBe(true);
  });

  it('is removed without cancelling when the modal replaces it, and shows a failure', () => {
    const s = sandbox();
    s.press({ key: 'k', ctrlKey: true });
    s.state().fail('The search could not load.');
    expect(s.shell().children[0].children[1].textContent).toBe('The search could not load.');
    s.state().hide();
    expect(s.state()).toMatchObject({ open: false, pressed: true });
    expect(s.document.body.children).toHaveLength(0);
    s.state().hide(true); // a second hide changes nothing
    expect(s.state().pressed).toBe(true);
  });
});
