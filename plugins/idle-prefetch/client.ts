/**
 * Client module of `idle-prefetch`: replaces `window.docusaurus` with a copy whose `prefetch`
 * (called by every `<Link>` that scrolls into view) queues the route and prefetches it in
 * idle time. The first route update runs in a layout effect, before any link's
 * IntersectionObserver can fire, so no prefetch escapes the queue.
 */
import type { ClientModule } from '@docusaurus/types';
import { createIdleQueue, type ScheduleIdle } from './queue';

/** Browsers without requestIdleCallback (Safari) get a 50 ms slice after a timeout. */
const scheduleIdle: ScheduleIdle = (callback) => {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, { timeout: 2000 });
  } else {
    setTimeout(() => {
      const start = Date.now();
      callback({ timeRemaining: () => Math.max(0, 50 - (Date.now() - start)) });
    }, 200);
  }
};

let installed = false;

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    if (installed || !window.docusaurus) return;
    installed = true;
    // The object Docusaurus puts on window can be a frozen module namespace, so it is replaced
    // with a copy rather than patched. A failure here must never stop the page from hydrating.
    try {
      const upstream = window.docusaurus;
      const enqueue = createIdleQueue<string>(
        (routePath) => void upstream.prefetch(routePath),
        scheduleIdle,
      );
      window.docusaurus = {
        ...upstream,
        // `false` is upstream's "nothing started now"; <Link> ignores the result either way.
        prefetch: (routePath: string) => {
          enqueue(routePath);
          return false;
        },
      };
    } catch (error) {
      console.error('idle-prefetch: left prefetching as it was', error);
    }
  },
};

export default clientModule;
