import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL, EnvError, readSiteEnv } from '../../config/env';

describe('readSiteEnv', () => {
  it('falls back to defaults with no announcement', () => {
    expect(readSiteEnv({})).toEqual({
      siteUrl: DEFAULT_SITE_URL,
      baseUrl: '/',
      algolia: undefined,
      e2eFixturePages: false,
      tryItRealHosts: false,
      integrations: {},
      announcement: undefined,
    });
  });

  it('reads SITE_URL and BASE_URL', () => {
    const env = readSiteEnv({ SITE_URL: 'http://localhost:8080', BASE_URL: '/docs/' });
    expect(env.siteUrl).toBe('http://localhost:8080');
    expect(env.baseUrl).toBe('/docs/');
  });

  it('names the variable when SITE_URL is not a URL', () => {
    expect(() => readSiteEnv({ SITE_URL: 'docs.aisle' })).toThrow(EnvError);
    expect(() => readSiteEnv({ SITE_URL: 'docs.aisle' })).toThrow(/^SITE_URL must be/);
    expect(() => readSiteEnv({ SITE_URL: 'https://x.example/docs' })).toThrow(/BASE_URL/);
  });

  it('names the variable when BASE_URL lacks slashes', () => {
    expect(() => readSiteEnv({ BASE_URL: 'docs' })).toThrow(/^BASE_URL must start and end/);
  });

  it('builds the announcement bar only when content is set', () => {
    const env = readSiteEnv({
      ANNOUNCEMENT_CONTENT: 'Sandbox maintenance on Saturday',
      ANNOUNCEMENT_ID: 'maint-2026-11',
      ANNOUNCEMENT_CLOSEABLE: 'false',
    });
    expect(env.announcement).toEqual({
      id: 'maint-2026-11',
      content: 'Sandbox maintenance on Saturday',
      backgroundColor: '#1b5e3b',
      textColor: '#ffffff',
      isCloseable: false,
    });
    expect(() =>
      readSiteEnv({ ANNOUNCEMENT_CONTENT: 'x', ANNOUNCEMENT_TEXT_COLOR: 'red;}' }),
    ).toThrow(/ANNOUNCEMENT_TEXT_COLOR/);
  });
});

describe('Algolia variables', () => {
  it('switches to Algolia when all three are set', () => {
    const env = readSiteEnv({
      ALGOLIA_APP_ID: 'APP1',
      ALGOLIA_SEARCH_API_KEY: 'key',
      ALGOLIA_INDEX_NAME: 'aisle_docs',
    });
    expect(env.algolia).toEqual({
      appId: 'APP1',
      apiKey: 'key',
      indexName: 'aisle_docs',
      hosts: [],
      insights: false,
    });
    const proxied = readSiteEnv({
      ALGOLIA_APP_ID: 'APP1',
      ALGOLIA_SEARCH_API_KEY: 'key',
      ALGOLIA_INDEX_NAME: 'aisle_docs',
      ALGOLIA_HOSTS: 'http://127.0.0.1:9, https://search.aisle.example',
    });
    expect(proxied.algolia?.hosts).toEqual(['http://127.0.0.1:9', 'https://search.aisle.example']);
    expect(() =>
      readSiteEnv({
        ALGOLIA_APP_ID: 'APP1',
        ALGOLIA_SEARCH_API_KEY: 'key',
        ALGOLIA_INDEX_NAME: 'aisle_docs',
        ALGOLIA_HOSTS: 'search.aisle.example/path',
      }),
    ).toThrow(/^ALGOLIA_HOSTS must list origins/);
  });

  it('turns search analytics events on only with ALGOLIA_INSIGHTS=true', () => {
    const algolia = {
      ALGOLIA_APP_ID: 'APP1',
      ALGOLIA_SEARCH_API_KEY: 'key',
      ALGOLIA_INDEX_NAME: 'aisle_docs',
    };
    expect(readSiteEnv({ ...algolia, ALGOLIA_INSIGHTS: 'false' }).algolia?.insights).toBe(false);
    expect(readSiteEnv({ ...algolia, ALGOLIA_INSIGHTS: 'true' }).algolia).toMatchObject({
      insights: true,
    });
    expect(
      readSiteEnv({
        ...algolia,
        ALGOLIA_INSIGHTS: 'TRUE',
        ALGOLIA_INSIGHTS_HOST: 'https://insights.aisle.example',
      }).algolia,
    ).toMatchObject({ insights: true, insightsHost: 'https://insights.aisle.example' });
    expect(() => readSiteEnv({ ...algolia, ALGOLIA_INSIGHTS: 'yes' })).toThrow(
      /^ALGOLIA_INSIGHTS must be true or false; got "yes"/,
    );
    expect(() =>
      readSiteEnv({ ...algolia, ALGOLIA_INSIGHTS_HOST: 'https://insights.aisle.example' }),
    ).toThrow(/^ALGOLIA_INSIGHTS=true must be set too/);
    expect(() =>
      readSiteEnv({
        ...algolia,
        ALGOLIA_INSIGHTS: 'true',
        ALGOLIA_INSIGHTS_HOST: 'insights.aisle.example/1/events',
      }),
    ).toThrow(/^ALGOLIA_INSIGHTS_HOST must be an origin/);
    expect(() => readSiteEnv({ ALGOLIA_INSIGHTS: 'true' })).toThrow(
      /^ALGOLIA_INSIGHTS needs Algolia search: set ALGOLIA_APP_ID/,
    );
    expect(readSiteEnv({ ALGOLIA_INSIGHTS: 'false' }).algolia).toBeUndefined();
  });

  it('names every missing variable of a partly set group', () => {
    expect(() => readSiteEnv({ ALGOLIA_APP_ID: 'APP1' })).toThrow(
      /^ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME must be set too/,
    );
    expect(() =>
      readSiteEnv({ ALGOLIA_APP_ID: 'APP1', ALGOLIA_SEARCH_API_KEY: 'k', ALGOLIA_INDEX_NAME: ' ' }),
    ).toThrow(/^ALGOLIA_INDEX_NAME must be set too/);
  });
});

describe('integrations', () => {
  it('are all off by default', () => {
    expect(readSiteEnv({}).integrations).toEqual({});
  });

  it('turn on from their variables', () => {
    const env = readSiteEnv({
      GTAG_TRACKING_ID: 'G-AB12CD34EF',
      ERROR_REPORTING_SCRIPT_URL: 'https://errors.aisle.example/browser.js',
      ERROR_REPORTING_DSN: 'docs-site',
      CHAT_WIDGET_SCRIPT_URL: 'https://chat.aisle.example/widget.js',
      CHAT_WIDGET_BOT_CHECK_KEY: 'bck_123',
    });
    expect(env.integrations).toEqual({
      gtagId: 'G-AB12CD34EF',
      errorReporting: { scriptUrl: 'https://errors.aisle.example/browser.js', dsn: 'docs-site' },
      chatWidget: { scriptUrl: 'https://chat.aisle.example/widget.js', botCheckKey: 'bck_123' },
    });
  });

  it('name the variable that is wrong or missing', () => {
    expect(() => readSiteEnv({ GTAG_TRACKING_ID: 'UA-1' })).toThrow(/^GTAG_TRACKING_ID/);
    expect(() => readSiteEnv({ ERROR_REPORTING_SCRIPT_URL: 'http://x.example/a.js' })).toThrow(
      /^ERROR_REPORTING_SCRIPT_URL must be an https/,
    );
    expect(() => readSiteEnv({ ERROR_REPORTING_DSN: 'x' })).toThrow(
      /^ERROR_REPORTING_SCRIPT_URL must be set too/,
    );
    expect(() =>
      readSiteEnv({ CHAT_WIDGET_SCRIPT_URL: 'https://chat.aisle.example/w.js' }),
    ).toThrow(/^CHAT_WIDGET_BOT_CHECK_KEY must be set too/);
  });
});

describe('TRY_IT_REAL_HOSTS', () => {
  it('is off unless true, and names itself when malformed', () => {
    expect(readSiteEnv({}).tryItRealHosts).toBe(false);
    expect(readSiteEnv({ TRY_IT_REAL_HOSTS: 'false' }).tryItRealHosts).toBe(false);
    expect(readSiteEnv({ TRY_IT_REAL_HOSTS: ' TRUE ' }).tryItRealHosts).toBe(true);
    expect(() => readSiteEnv({ TRY_IT_REAL_HOSTS: '1' })).toThrow(
      /^TRY_IT_REAL_HOSTS must be true or false; got "1"/,
    );
  });
});
