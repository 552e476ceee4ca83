import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchConfig } from '../../src/search/client';

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
  const { prepareInsights } = await import('../../src/search/insights');
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
    const { prepareInsights } = await import('../../src/search/insights');
    await prepareInsights(config);
    await prepareInsights(config);
    expect(loaded.aa).toHaveBeenCalledTimes(1);
    expect(loaded.aa).toHaveBeenCalledWith('init', {
      appId: 'APP1',
      apiKey: 'search-key',
      useCookie: false,
      host: 'https://insights.aisle.example',
    });
    expect(win[win.AlgoliaAnalyticsObject!]).toBe(loaded.aa);
  });

  it("sends to Algolia's insights host when no host is set", async () => {
    await prepare({ ...algolia, insights: true });
    expect(loaded.aa.mock.calls[0][1]).not.toHaveProperty('host');
  });
});
