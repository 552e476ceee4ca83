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
 * hit's queryID and position when a hit is chosen with the keyboard. It reports the active
 * (highlighted) hit to a hook whose default sends nothing, and DocSearch 4.7 gives no way to
 * set that hook; a highlighted hit is not a click, so nothing is sent for it.
 * DocSearch asks for `clickAnalytics` in its requests when insights are on, and reads the
 * answer's `queryID` for the click events.
 *
 * Mouse clicks: DocSearch 4.7 sends its own event, skipping the first hit (`__autocomplete_id`
 * 0 reads as false) and giving the 0-based id as the 1-based position. The client registered
 * for the plugin drops that event (the only click event without `algoliaSource`), and
 * {@link hitClicked}, called by the modal's hit links, sends the click instead.
 * (design/search-engine.md, "Algolia path".)
 */
import type { SearchConfig } from './client';

/** search-insights' functional interface: `aa(method, ...args)`, plus its `version`. */
type InsightsClient = ((method: string, ...args: unknown[]) => unknown) & { version?: string };

let ready: Promise<void> | null = null;
let client: InsightsClient | null = null;

/** A modal hit as DocSearch hands it to the hit component (Autocomplete's `__autocomplete_*`). */
export interface ModalHit {
  objectID?: string;
  __autocomplete_id?: number;
  __autocomplete_indexName?: string;
  __autocomplete_queryID?: string;
}

/**
 * Sends the click event of a modal hit chosen with the mouse: 'Item Selected', with the
 * answer's queryID and the hit's 1-based position in the list shown. Does nothing when
 * insights are off or not loaded, or for a hit without a queryID (e.g. a recent search).
 */
export function hitClicked(hit: ModalHit): void {
  const { objectID, __autocomplete_id: id, __autocomplete_indexName: index } = hit;
  const queryID = hit.__autocomplete_queryID;
  if (!client || !objectID || !index || !queryID || id === undefined) return;
  client('clickedObjectIDsAfterSearch', {
    eventName: 'Item Selected',
    index,
    queryID,
    objectIDs: [objectID],
    positions: [id + 1],
    algoliaSource: ['autocomplete'],
  });
}

/** What the plugin gets: `aa`, less DocSearch 4.7's own mouse-click event (see above). */
function forPlugin(aa: InsightsClient): InsightsClient {
  const registered: InsightsClient = (method, ...args) => {
    const event = args[0] as { algoliaSource?: unknown } | undefined;
    if (method === 'clickedObjectIDsAfterSearch' && !event?.algoliaSource) return undefined;
    return aa(method, ...args);
  };
  registered.version = aa.version; // the plugin passes credentials as headers from 2.4.0 on
  return registered;
}

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
      client = aa as InsightsClient;
      w.AlgoliaAnalyticsObject ??= 'aa';
      w[w.AlgoliaAnalyticsObject] = forPlugin(client);
    },
    () => {
      // A stand-in that drops events, so that the plugin adds no script tag of its own.
      w.AlgoliaAnalyticsObject ??= 'aa';
      w[w.AlgoliaAnalyticsObject] ??= () => undefined;
      ready = null;
    },
  ));
}
