/**
 * Client module: the colour mode is not re-derived while the page prints (spec §4).
 *
 * Browsers may switch `prefers-color-scheme` while printing (and print previews do), and
 * theme-common's colour-mode provider follows every change of that media query when the reader
 * has made no choice, so a dark page turned light mid-print, or the reverse. The provider's
 * subscription is not configurable; this module makes every `change` listener on the
 * `(prefers-color-scheme: dark)` query skip the changes that happen while `print` matches. No
 * other query or listener is touched.
 */
const SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** Wraps listeners of the scheme query so they ignore changes during printing. */
export function guardSchemeListeners(win: Window & typeof globalThis): void {
  const proto = win.MediaQueryList?.prototype;
  if (!proto || (proto as { aislePrintGuard?: boolean }).aislePrintGuard) return;
  const print = win.matchMedia('print');
  const wrappers = new WeakMap<EventListenerOrEventListenerObject, EventListener>();
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  proto.addEventListener = function (
    this: MediaQueryList,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type !== 'change' || this.media !== SCHEME_QUERY || !listener) {
      return add.call(this, type, listener as EventListenerOrEventListenerObject, options);
    }
    const wrapped: EventListener = (event) => {
      if (print.matches) return;
      if (typeof listener === 'function') listener.call(this, event);
      else listener.handleEvent(event);
    };
    wrappers.set(listener, wrapped);
    return add.call(this, type, wrapped, options);
  };
  proto.removeEventListener = function (
    this: MediaQueryList,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ) {
    const wrapped = listener ? wrappers.get(listener) : undefined;
    return remove.call(
      this,
      type,
      (wrapped ?? listener) as EventListenerOrEventListenerObject,
      options,
    );
  };
  (proto as { aislePrintGuard?: boolean }).aislePrintGuard = true;
}

if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  guardSchemeListeners(window);
}
