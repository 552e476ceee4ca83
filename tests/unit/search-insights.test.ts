import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchConfig } from '../../plugins/search-index/client/client';

// Search analytics events load only on Algolia builds with ALGOLIA_INSIGHTS=true: the
// bundled search-insights is initialised and registered where DocSearch's insights plugin
// looks for it, so that the plugin adds no script from a CDN.

const loaded = vi.hoisted(() => ({ count: 0, aa: vi.fn() }));
vi.mock('search-insights', () => {
  loaded.count += 1;
  return { default: loaded.aa };
});

const algolia: SearchConfig = {
  mode: 'algolia',
  appId: 'APP1',
  apiKey: 'search-key',
  indexName: 'aisle-docs',
  hosts: [],
  insights: false,
};
type Win = Record<string, unknown> & { AlgoliaAnalyticsObject?: string };
let win: Win;

async function prepare(config: SearchConfig) {
  const { prepareInsights } = await import('../../plugins/search-index/client/insights');
  await prepareInsights(config);
}

describe('prepareInsights', () => {
  beforeEach(() => {
    vi.resetModules();
    loaded.count = 0;
    loaded.aa.mockClear();
    win = {};
    vi.stubGlobal('window', win);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads nothing on local builds or without ALGOLIA_INSIGHTS', async () => {
    await prepare({ ...algolia, mode: 'local', insights: true });
    await prepare(algolia);
    expect(loaded.count).toBe(0);
    expect(loaded.aa).not.toHaveBeenCalled();
    expect(win).toEqual({});
  });

  it('initialises the bundled client once, without cookies, and registers it for DocSearch', async () => {
    const config = { ...algolia, insights: true, insightsHost: 'https://insights.aisle.example' };
    const { prepareInsights } = await import('../../plugins/search-index/client/insights');
    await prepareInsights(config);
    await prepareInsights(config);
    expect(loaded.aa).toHaveBeenCalledTimes(1);
    expect(loaded.aa).toHaveBeenCalledWith('init', {
      appId: 'APP1',
      apiKey: 'search-key',
      useCookie: false,
      host: 'https://insights.aisle.example',
    });
    expect(typeof win[win.AlgoliaAnalyticsObject!]).toBe('function');
  });

  it("gives the plugin a client without DocSearch's own mouse-click event", async () => {
    await prepare({ ...algolia, insights: true });
    const registered = win[win.AlgoliaAnalyticsObject!] as (...args: unknown[]) => unknown;
    loaded.aa.mockClear();
    const docsearchClick = { eventName: 'Item Selected', index: 'i', positions: [1] };
    const pluginClick = { ...docsearchClick, algoliaSource: ['autocomplete'] };
    registered('clickedObjectIDsAfterSearch', docsearchClick, { headers: {} });
    registered('clickedObjectIDsAfterSearch', pluginClick, { headers: {} });
    registered('viewedObjectIDs', { eventName: 'Items Viewed' });
    registered('getUserToken', null, () => undefined);
    expect(loaded.aa.mock.calls.map((c) => c[0])).toEqual([
      'clickedObjectIDsAfterSearch',
      'viewedObjectIDs',
      'getUserToken',
    ]);
    expect(loaded.aa.mock.calls[0][1]).toBe(pluginClick);
  });

  it('sends a hit click with queryID and 1-based position, only for search hits', async () => {
    const { prepareInsights, hitClicked } = await import(
      '../../plugins/search-index/client/insights'
    );
    const hit = {
      objectID: 'o1',
      __autocomplete_id: 0,
      __autocomplete_indexName: 'aisle-docs',
      __autocomplete_queryID: 'q1',
    };
    hitClicked(hit); // not loaded yet: nothing
    expect(loaded.aa).not.toHaveBeenCalled();
    await prepareInsights({ ...algolia, insights: true });
    loaded.aa.mockClear();
    hitClicked(hit);
    hitClicked({ ...hit, __autocomplete_id: 3 });
    hitClicked({ objectID: 'recent-search' });
    expect(loaded.aa.mock.calls).toEqual([
      [
        'clickedObjectIDsAfterSearch',
        {
          eventName: 'Item Selected',
          index: 'aisle-docs',
          queryID: 'q1',
          objectIDs: ['o1'],
          positions: [1],
          algoliaSource: ['autocomplete'],
        },
      ],
      ['clickedObjectIDsAfterSearch', expect.objectContaining({ positions: [4] })],
    ]);
  });

  it("sends to Algolia's insights host when no host is set", async () => {
    await prepare({ ...algolia, insights: true });
    expect(loaded.aa.mock.calls[0][1]).not.toHaveProperty('host');
  });
});
