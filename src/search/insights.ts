/**
 * Search analytics events of the DocSearch modal (spec §7: items viewed, item selected, item
 * active), on Algolia builds made with ALGOLIA_INSIGHTS=true (config/env.ts).
 *
 * DocSearch 4.7 hands its `insights` prop to Autocomplete as a boolean, so Autocomplete's
 * insights plugin (@algolia/autocomplete-plugin-algolia-insights 1.19.2) takes its client from
 * `window[window.AlgoliaAnalyticsObject]` and, when there is none, adds a script tag for
 * search-insights from cdn.jsdelivr.net. The site loads no third-party script (CSP, offline
 * readers), so the bundled search-insights is loaded and initialised before the modal mounts:
 * importing it registers it under `window.AlgoliaAnalyticsObject`, where the plugin finds it.
 *
 * The plugin then sends, with its own constants (which are spec §9's): a view event for the hits
 * shown, 400 ms after they last changed, in batches of 20 object IDs; a click event with the
 * hit's queryID and position when a hit is selected. It reports the active (highlighted) hit
 * to a hook whose default sends nothing, and DocSearch 4.7 gives no way to set that hook; a
 * highlighted hit is not a click, so nothing is sent for it (design/search-engine.md).
 * DocSearch asks for `clickAnalytics` in its requests when insights are on, and reads the
 * answer's `queryID` for the click events.
 */
import type { SearchConfig } from './client';

let ready: Promise<void> | null = null;

/**
 * Loads and initialises search-insights when this build sends insights (`config`, the build's
 * search settings: `searchConfig()` of ./client); does nothing otherwise. Call before the modal mounts and wait for it. Events go to `insightsHost`
 * (ALGOLIA_INSIGHTS_HOST) when set, else to Algolia's insights host. No cookie is set: the
 * anonymous user token lives in memory for the page's life.
 * @returns a promise that never rejects: without the client (e.g. its chunk failed to load
 *   offline) the modal still searches, and a later call tries again.
 */
export function prepareInsights(config: SearchConfig): Promise<void> {
  if (config.mode !== 'algolia' || !config.insights) return Promise.resolve();
  const w = window as unknown as Record<string, unknown> & { AlgoliaAnalyticsObject?: string };
  return (ready ??= import('search-insights').then(
    ({ default: aa }) => {
      aa('init', {
        appId: config.appId,
        apiKey: config.apiKey,
        useCookie: false,
        ...(config.insightsHost && { host: config.insightsHost }),
      });
      w.AlgoliaAnalyticsObject ??= 'aa';
      w[w.AlgoliaAnalyticsObject] = aa;
    },
    () => {
      // A stand-in that drops events, so that the plugin adds no script tag of its own.
      w.AlgoliaAnalyticsObject ??= 'aa';
      w[w.AlgoliaAnalyticsObject] ??= () => undefined;
      ready = null;
    },
  ));
}
