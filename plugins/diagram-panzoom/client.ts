/**
 * Client module of `diagram-panzoom`: after each route change, waits `startDelayMs` (mermaid
 * renders on the client), then enhances every diagram that is not excluded. @panzoom/panzoom
 * is imported only when the page has a diagram.
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
let detachers: (() => void)[] = [];

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

const clientModule: ClientModule = {
  onRouteDidUpdate({ location, previousLocation }) {
    if (previousLocation && location.pathname === previousLocation.pathname) return;
    clearTimeout(timer);
    detachers.forEach((d) => d());
    detachers = [];
    timer = setTimeout(() => {
      void enhance();
    }, options.startDelayMs);
  },
};

export default clientModule;
