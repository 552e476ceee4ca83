/**
 * Attaches pan/zoom to one diagram element. Pure DOM code, separate from the client module so
 * that it is unit-testable.
 */
import type { PanzoomObject } from '@panzoom/panzoom';
import type { DiagramPanZoomOptions } from './options';

type PanzoomFactory = typeof import('@panzoom/panzoom').default;

/**
 * Checks the target the way the specification's error catalogue (§8) lists it.
 * @throws Error "Pan/zoom needs an element" for null/undefined, "… an Element node" for a
 *   non-element, "… an element attached to the document" for a detached element.
 */
export function assertAttachable(target: unknown): asserts target is HTMLElement {
  if (target == null) throw new Error('Pan/zoom needs an element; got none.');
  if (typeof target !== 'object' || (target as Node).nodeType !== 1) {
    throw new Error('Pan/zoom needs an Element node; got a value of another kind.');
  }
  if (!(target as Node).isConnected) {
    throw new Error('Pan/zoom needs an element attached to the document; this one is detached.');
  }
}

/** Keys handled on a focused diagram: zoom in, zoom out, reset, pan. */
export const KEY_ACTIONS: Record<string, 'in' | 'out' | 'reset' | [number, number]> = {
  '+': 'in',
  '=': 'in',
  '-': 'out',
  '−': 'out',
  '0': 'reset',
  ArrowLeft: [40, 0],
  ArrowRight: [-40, 0],
  ArrowUp: [0, 40],
  ArrowDown: [0, -40],
};

/**
 * Makes `container` (the diagram's wrapper) zoomable and pannable; what moves is its child
 * marked `data-panzoom-target` (a build-time diagram's canvas, which may hold a light and a dark
 * drawing), else its first SVG, else the container itself.
 * @returns the Panzoom instance and a function removing every listener.
 */
export function attachPanZoom(
  container: unknown,
  options: DiagramPanZoomOptions,
  Panzoom: PanzoomFactory,
): { panzoom: PanzoomObject; detach: () => void } {
  assertAttachable(container);
  const target =
    container.querySelector<HTMLElement>('[data-panzoom-target]') ??
    (container.querySelector('svg') as unknown as HTMLElement | null) ??
    container;
  const panzoom = Panzoom(target, {
    minScale: options.minScale,
    maxScale: options.maxScale,
    step: options.step,
    duration: options.durationMs,
    easing: 'ease-in-out',
    animate: true,
    canvas: true,
    cursor: 'grab',
    // Panzoom's default also calls preventDefault(), which suppresses the mousedown that
    // follows; navbar dropdowns close on a mousedown outside them, so a press on a diagram
    // left them open. Text selection while dragging is off in CSS (.aisle-panzoom) instead.
    handleStartEvent: (event: Event) => event.stopPropagation(),
  });
  container.classList.add('aisle-panzoom');
  container.tabIndex = 0;
  container.setAttribute('role', 'group');
  container.setAttribute(
    'aria-label',
    'Diagram. Press plus or minus to zoom, arrow keys to move, 0 to reset.',
  );

  const onWheel = (event: WheelEvent) => {
    if (!options.wheel) return;
    if (event.shiftKey && !options.shiftWheel) return;
    panzoom.zoomWithWheel(event);
  };
  const onDoubleClick = () => {
    if (options.doubleClickReset) panzoom.reset();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const action = KEY_ACTIONS[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    if (action === 'in') panzoom.zoomIn();
    else if (action === 'out') panzoom.zoomOut();
    else if (action === 'reset') panzoom.reset();
    else panzoom.pan(action[0], action[1], { relative: true });
  };
  const toolbar = options.toolbar.enabled ? addToolbar(container, options, panzoom) : null;
  container.addEventListener('wheel', onWheel, { passive: false });
  container.addEventListener('dblclick', onDoubleClick);
  container.addEventListener('keydown', onKeyDown);
  return {
    panzoom,
    detach() {
      container.removeEventListener('wheel', onWheel);
      container.removeEventListener('dblclick', onDoubleClick);
      container.removeEventListener('keydown', onKeyDown);
      toolbar?.remove();
      panzoom.destroy();
    },
  };
}

/**
 * Adds the optional toolbar (zoom in, zoom out, reset) in the configured corner, at the
 * configured resting opacity; CSS shows it fully on hover and keyboard focus.
 * @returns the toolbar element.
 */
export function addToolbar(
  container: HTMLElement,
  options: DiagramPanZoomOptions,
  panzoom: Pick<PanzoomObject, 'zoomIn' | 'zoomOut' | 'reset'>,
): HTMLElement {
  const doc = container.ownerDocument;
  const bar = doc.createElement('div');
  bar.className = `aisle-panzoom-toolbar aisle-panzoom-toolbar--${options.toolbar.position}`;
  bar.style.opacity = String(options.toolbar.opacity);
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Diagram zoom');
  const buttons: [string, string, () => void][] = [
    ['+', 'Zoom in', () => panzoom.zoomIn()],
    ['−', 'Zoom out', () => panzoom.zoomOut()],
    ['⟲', 'Reset zoom', () => panzoom.reset()],
  ];
  for (const [text, label, action] of buttons) {
    const button = doc.createElement('button');
    button.type = 'button';
    button.textContent = text;
    button.setAttribute('aria-label', label);
    button.addEventListener('click', action);
    bar.appendChild(button);
  }
  container.appendChild(bar);
  return bar;
}
