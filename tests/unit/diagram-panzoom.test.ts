import { describe, expect, it, vi } from 'vitest';
import { assertAttachable, attachPanZoom } from '../../plugins/diagram-panzoom/attach';
import { DEFAULT_OPTIONS } from '../../plugins/diagram-panzoom/options';
import plugin from '../../plugins/diagram-panzoom';

/** A minimal element: enough DOM for attachPanZoom, with listeners we can fire. */
function fakeElement(connected = true) {
  const listeners = new Map<string, (e: unknown) => void>();
  const attrs = new Map<string, string>();
  return {
    nodeType: 1,
    isConnected: connected,
    tabIndex: -1,
    classList: { add: vi.fn(), contains: () => false },
    querySelector: () => null,
    setAttribute: (k: string, v: string) => attrs.set(k, v),
    addEventListener: (type: string, fn: (e: unknown) => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    fire: (type: string, event: Record<string, unknown>) => listeners.get(type)?.(event),
    listeners,
    attrs,
  };
}

function fakePanzoom() {
  const instance = {
    zoomIn: vi.fn(),
    zoomOut: vi.fn(),
    reset: vi.fn(),
    pan: vi.fn(),
    zoomWithWheel: vi.fn(),
    destroy: vi.fn(),
  };
  const factory = vi.fn(() => instance);
  return { instance, factory };
}

describe('diagram pan/zoom', () => {
  it('raises the spec §8 errors for no element, a non-element and a detached element', () => {
    expect(() => assertAttachable(null)).toThrow('Pan/zoom needs an element; got none.');
    expect(() => assertAttachable({ nodeType: 3, isConnected: true })).toThrow(/Element node/);
    expect(() => assertAttachable('svg')).toThrow(/Element node/);
    expect(() => assertAttachable(fakeElement(false))).toThrow(/detached/);
    expect(() => assertAttachable(fakeElement())).not.toThrow();
  });

  it('passes the spec constants to Panzoom and makes the diagram focusable', () => {
    const el = fakeElement();
    const { factory } = fakePanzoom();
    attachPanZoom(el, DEFAULT_OPTIONS, factory as never);
    expect(factory).toHaveBeenCalledWith(
      el,
      expect.objectContaining({
        minScale: 0.125,
        maxScale: 4,
        step: 0.3,
        duration: 200,
        easing: 'ease-in-out',
      }),
    );
    expect(el.tabIndex).toBe(0);
    expect(el.attrs.get('aria-label')).toMatch(/plus or minus to zoom/);
  });

  it('zooms on wheel but not shift-wheel, resets on double click, and answers keys', () => {
    const el = fakeElement();
    const { factory, instance } = fakePanzoom();
    const { detach } = attachPanZoom(el, DEFAULT_OPTIONS, factory as never);
    el.fire('wheel', { shiftKey: false });
    el.fire('wheel', { shiftKey: true });
    expect(instance.zoomWithWheel).toHaveBeenCalledTimes(1);
    el.fire('dblclick', {});
    expect(instance.reset).toHaveBeenCalledTimes(1);
    const key = (k: string) => el.fire('keydown', { key: k, preventDefault: vi.fn() });
    key('+');
    key('-');
    key('0');
    key('ArrowLeft');
    key('x');
    expect(instance.zoomIn).toHaveBeenCalledTimes(1);
    expect(instance.zoomOut).toHaveBeenCalledTimes(1);
    expect(instance.reset).toHaveBeenCalledTimes(2);
    expect(instance.pan).toHaveBeenCalledWith(40, 0, { relative: true });
    detach();
    expect(el.listeners.size).toBe(0);
    expect(instance.destroy).toHaveBeenCalled();
  });

  it('validates its own themeConfig key and fills the defaults', () => {
    const validate = (
      schema: { validate: (v: unknown) => { error?: Error; value: unknown } },
      v: unknown,
    ) => {
      const { error, value } = schema.validate(v);
      if (error) throw error;
      return value;
    };
    const ok = plugin.validateThemeConfig({ themeConfig: {}, validate } as never) as {
      diagramPanZoom: typeof DEFAULT_OPTIONS;
    };
    expect(ok.diagramPanZoom).toEqual(DEFAULT_OPTIONS);
    expect(() =>
      plugin.validateThemeConfig({
        themeConfig: { diagramPanZoom: { maxScale: 'big' } },
        validate,
      } as never),
    ).toThrow(/maxScale/);
  });
});

describe('diagram pan/zoom toolbar', () => {
  interface FakeDocElement {
    tag: string;
    className: string;
    type: string;
    textContent: string;
    style: { opacity: string };
    children: FakeDocElement[];
    attrs: Map<string, string>;
    setAttribute(k: string, v: string): void;
    appendChild(c: FakeDocElement): void;
    addEventListener(t: string, fn: () => void): void;
    click(): void;
    remove(): void;
  }

  /** Elements that record what the toolbar builds. */
  function fakeDocElement(tag: string): FakeDocElement {
    const children: FakeDocElement[] = [];
    const attrs = new Map<string, string>();
    const handlers: (() => void)[] = [];
    return {
      tag,
      className: '',
      type: '',
      textContent: '',
      style: { opacity: '' },
      children,
      attrs,
      setAttribute: (k: string, v: string) => attrs.set(k, v),
      appendChild: (c: FakeDocElement) => void children.push(c),
      addEventListener: (_t: string, fn: () => void) => handlers.push(fn),
      click: () => handlers.forEach((h) => h()),
      remove: vi.fn(),
    };
  }

  it('is off by default and, when enabled, sits in its corner with labelled buttons', () => {
    const el = {
      ...fakeElement(),
      ownerDocument: { createElement: fakeDocElement },
      appendChild: vi.fn(),
    };
    const { factory, instance } = fakePanzoom();
    attachPanZoom(el, DEFAULT_OPTIONS, factory as never);
    expect(el.appendChild).not.toHaveBeenCalled();

    const options = {
      ...DEFAULT_OPTIONS,
      toolbar: { enabled: true, opacity: 0, position: 'top-right' as const },
    };
    attachPanZoom(el, options, factory as never);
    const bar = el.appendChild.mock.calls[0][0] as FakeDocElement;
    expect(bar.className).toContain('aisle-panzoom-toolbar--top-right');
    expect(bar.style.opacity).toBe('0');
    expect(bar.children.map((b) => b.attrs.get('aria-label'))).toEqual([
      'Zoom in',
      'Zoom out',
      'Reset zoom',
    ]);
    bar.children[0].click();
    expect(instance.zoomIn).toHaveBeenCalled();
  });
});
