/**
 * Client module of `diagram-panzoom`: after each route change, waits `startDelayMs` (the
 * specification's start delay), enhances every diagram that is not excluded, then keeps
 * watching the page until the next route change, because mermaid renders on the client and a
 * diagram may appear after the delay (slow device or slow mermaid chunk). @panzoom/panzoom is
 * imported only when the page has a diagram.
 */
import siteConfig from '@generated/docusaurus.config';
import type { ClientModule } from '@docusaurus/types';
import { attachPanZoom } from './attach';
import { DEFAULT_OPTIONS, type DiagramPanZoomOptions } from './options';

const options: DiagramPanZoomOptions = {
  ...DEFAULT_OPTIONS,
  ...((siteConfig.themeConfig as { diagramPanZoom?: Partial<DiagramPanZoomOptions> })
    .diagramPanZoom ?? {}),
};

let timer: ReturnType<typeof setTimeout> | undefined;
let observer: MutationObserver | undefined;
let frame: number | undefined;
let detachers: (() => void)[] = [];
/** Enhancements run one after another, so that no diagram is enhanced twice. */
let queue: Promise<void> = Promise.resolve();

async function enhance(): Promise<void> {
  const found = Array.from(document.querySelectorAll<HTMLElement>(options.selectors.join(', ')));
  const targets = found.filter(
    (el) =>
      !el.closest(`.${options.excludeClass}`) &&
      !el.classList.contains('aisle-panzoom') &&
      !found.some((other) => other !== el && other.contains(el)),
  );
  if (targets.length === 0) return;
  const { default: Panzoom } = await import('@panzoom/panzoom');
  for (const el of targets) {
    if (!el.isConnected) continue;
    detachers.push(attachPanZoom(el, options, Panzoom).detach);
  }
}

/** Queues one enhancement pass; several calls within a frame make one pass. */
function schedule(): void {
  if (frame !== undefined) return;
  frame = requestAnimationFrame(() => {
    frame = undefined;
    queue = queue.then(enhance).catch((error: unknown) => {
      console.error('[diagram-panzoom] Could not enhance a diagram:', error);
    });
  });
}

function stop(): void {
  clearTimeout(timer);
  observer?.disconnect();
  observer = undefined;
  if (frame !== undefined) cancelAnimationFrame(frame);
  frame = undefined;
  detachers.forEach((d) => d());
  detachers = [];
}

const clientModule: ClientModule = {
  onRouteDidUpdate({ location, previousLocation }) {
    if (previousLocation && location.pathname === previousLocation.pathname) return;
    stop();
    timer = setTimeout(() => {
      schedule();
      observer = new MutationObserver(schedule);
      observer.observe(document.body, { childList: true, subtree: true });
    }, options.startDelayMs);
  },
};

export default clientModule;
