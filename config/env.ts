/**
 * Environment switches for the site, read once and validated here so that a bad or
 * half-set value fails the build with a sentence that names the variable, never with a
 * stack trace from deep inside a plugin.
 *
 * Every variable is optional; the README lists them. Integrations stay off unless their
 * variables are set (design notes: "Config").
 */

/** Algolia DocSearch settings from the ALGOLIA_* variables (see SiteEnv's `algolia`). */
export interface AlgoliaSettings {
  appId: string;
  apiKey: string;
  indexName: string;
  /** Origins replacing Algolia's default hosts, tried in order (ALGOLIA_HOSTS). */
  hosts: string[];
  /** Search analytics events on (ALGOLIA_INSIGHTS=true). */
  insights: boolean;
  /** Origin the events go to instead of Algolia's insights host (ALGOLIA_INSIGHTS_HOST). */
  insightsHost?: string;
}

/** The validated environment. URLs are absolute; `baseUrl` starts and ends with `/`. */
export interface SiteEnv {
  /** Public origin of the site, e.g. `https://docs.aisle.example` (no trailing slash). */
  siteUrl: string;
  /** Path the site is served under, `/` by default. */
  baseUrl: string;
  /**
   * Algolia DocSearch credentials, or `undefined` for the local offline search. `insights`:
   * search analytics events (ALGOLIA_INSIGHTS=true), sent to `insightsHost` when set
   * (ALGOLIA_INSIGHTS_HOST, e.g. a proxy), else to Algolia's insights host.
   */
  algolia?: AlgoliaSettings;
  /** E2E_FIXTURE_PAGES=1: also build the test-only pages of tests/e2e/fixtures/pages. */
  e2eFixturePages: boolean;
  /**
   * TRY_IT_REAL_HOSTS=true: the Try it panel offers the production servers too (real requests,
   * never intercepted; the CSP then allows them). Off by default: the sandbox twin only.
   */
  tryItRealHosts: boolean;
  /** Third-party integrations; each is off (undefined) unless its variables are set. */
  integrations: {
    /** Google tag measurement id (GTAG_TRACKING_ID), e.g. `G-AB12CD34EF`. */
    gtagId?: string;
    /** Error-reporting script (ERROR_REPORTING_SCRIPT_URL) and its project key (ERROR_REPORTING_DSN). */
    errorReporting?: { scriptUrl: string; dsn?: string };
    /** Chat widget script (CHAT_WIDGET_SCRIPT_URL) and its bot-check key (CHAT_WIDGET_BOT_CHECK_KEY). */
    chatWidget?: { scriptUrl: string; botCheckKey: string };
  };
  /** Announcement bar, or `undefined` when `ANNOUNCEMENT_CONTENT` is unset. */
  announcement?: {
    id: string;
    content: string;
    backgroundColor: string;
    textColor: string;
    isCloseable: boolean;
  };
}

/** Thrown for a missing or malformed variable; its message names the variable and the fix. */
export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvError';
  }
}

/** Default public origin when `SITE_URL` is unset (reserved `.example` domain). */
export const DEFAULT_SITE_URL = 'https://docs.aisle.example';

const CSS_COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\))$/;

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * ALGOLIA_INSIGHTS (`true` or `false`, off when unset) and ALGOLIA_INSIGHTS_HOST (an origin,
 * only with insights on).
 * @throws {EnvError} for any other value, or a host without ALGOLIA_INSIGHTS=true.
 */
function readInsights(env: Record<string, string | undefined>): {
  insights: boolean;
  insightsHost?: string;
} {
  const flag = clean(env.ALGOLIA_INSIGHTS)?.toLowerCase() ?? 'false';
  if (flag !== 'true' && flag !== 'false') {
    throw new EnvError(`ALGOLIA_INSIGHTS must be true or false; got "${env.ALGOLIA_INSIGHTS}".`);
  }
  const insights = flag === 'true';
  const host = clean(env.ALGOLIA_INSIGHTS_HOST);
  if (host && !/^https?:\/\/[^/\s]+$/.test(host)) {
    throw new EnvError(
      `ALGOLIA_INSIGHTS_HOST must be an origin such as https://insights.aisle.example; got "${host}".`,
    );
  }
  if (host && !insights) {
    throw new EnvError('ALGOLIA_INSIGHTS=true must be set too: ALGOLIA_INSIGHTS_HOST needs it.');
  }
  return { insights, ...(host && { insightsHost: host }) };
}

/**
 * Reads and validates the site's environment.
 *
 * @param env usually `process.env`; a plain object in tests.
 * @returns the validated {@link SiteEnv}.
 * @throws {EnvError} when `SITE_URL` is not an absolute http(s) URL, `BASE_URL` does not
 *   start and end with `/`, an announcement colour is not a CSS colour, an ALGOLIA_*
 *   variable is malformed or set without the others it needs, or TRY_IT_REAL_HOSTS is not
 *   `true` or `false`.
 */
export function readSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  const rawUrl = clean(env.SITE_URL) ?? DEFAULT_SITE_URL;
  let parsed: URL;
  try {
    parsed = new URL(rawUrl);
  } catch {
    throw new EnvError(
      `SITE_URL must be an absolute URL such as ${DEFAULT_SITE_URL}; got "${rawUrl}".`,
    );
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new EnvError(`SITE_URL must use http or https; got "${rawUrl}".`);
  }
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new EnvError(
      `SITE_URL must be an origin only (put the path in BASE_URL); got "${rawUrl}".`,
    );
  }

  const baseUrl = clean(env.BASE_URL) ?? '/';
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/')) {
    throw new EnvError(`BASE_URL must start and end with "/", such as /docs/; got "${baseUrl}".`);
  }

  const content = clean(env.ANNOUNCEMENT_CONTENT);
  let announcement: SiteEnv['announcement'];
  if (content) {
    const backgroundColor = clean(env.ANNOUNCEMENT_BACKGROUND_COLOR) ?? '#1b5e3b';
    const textColor = clean(env.ANNOUNCEMENT_TEXT_COLOR) ?? '#ffffff';
    for (const [name, value] of [
      ['ANNOUNCEMENT_BACKGROUND_COLOR', backgroundColor],
      ['ANNOUNCEMENT_TEXT_COLOR', textColor],
    ] as const) {
      if (!CSS_COLOR.test(value)) {
        throw new EnvError(`${name} must be a CSS colour such as #1b5e3b; got "${value}".`);
      }
    }
    announcement = {
      id: clean(env.ANNOUNCEMENT_ID) ?? 'announcement',
      content,
      backgroundColor,
      textColor,
      isCloseable: clean(env.ANNOUNCEMENT_CLOSEABLE) !== 'false',
    };
  }

  const algoliaVars = ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_API_KEY', 'ALGOLIA_INDEX_NAME'] as const;
  const algoliaValues = algoliaVars.map((name) => clean(env[name]));
  let algolia: SiteEnv['algolia'];
  if (algoliaValues.some(Boolean)) {
    const missing = algoliaVars.filter((_, i) => !algoliaValues[i]);
    if (missing.length) {
      throw new EnvError(
        `${missing.join(' and ')} must be set too: Algolia search needs ${algoliaVars.join(', ')}; ` +
          'unset all three to use the local offline search.',
      );
    }
    const [appId, apiKey, indexName] = algoliaValues as string[];
    const hosts = (clean(env.ALGOLIA_HOSTS) ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    for (const host of hosts) {
      if (!/^https?:\/\/[^/\s]+$/.test(host)) {
        throw new EnvError(
          `ALGOLIA_HOSTS must list origins such as https://search.aisle.example, comma-separated; got "${host}".`,
        );
      }
    }
    const insights = readInsights(env);
    algolia = { appId, apiKey, indexName, hosts, ...insights };
  } else {
    for (const name of ['ALGOLIA_INSIGHTS', 'ALGOLIA_INSIGHTS_HOST']) {
      if (clean(env[name]) && clean(env[name]) !== 'false') {
        throw new EnvError(
          `${name} needs Algolia search: set ${algoliaVars.join(', ')} too, or unset ${name}.`,
        );
      }
    }
  }

  const httpsUrl = (name: string): string | undefined => {
    const value = clean(env[name]);
    if (value && !/^https:\/\/[^\s]+$/.test(value)) {
      throw new EnvError(`${name} must be an https:// URL; got "${value}".`);
    }
    return value;
  };
  const gtagId = clean(env.GTAG_TRACKING_ID);
  if (gtagId && !/^G-[A-Z0-9]{4,}$/.test(gtagId)) {
    throw new EnvError(`GTAG_TRACKING_ID must look like G-AB12CD34EF; got "${gtagId}".`);
  }
  const errorScript = httpsUrl('ERROR_REPORTING_SCRIPT_URL');
  const errorDsn = clean(env.ERROR_REPORTING_DSN);
  if (errorDsn && !errorScript) {
    throw new EnvError('ERROR_REPORTING_SCRIPT_URL must be set too: ERROR_REPORTING_DSN needs it.');
  }
  const chatScript = httpsUrl('CHAT_WIDGET_SCRIPT_URL');
  const chatKey = clean(env.CHAT_WIDGET_BOT_CHECK_KEY);
  if (Boolean(chatScript) !== Boolean(chatKey)) {
    throw new EnvError(
      `${chatScript ? 'CHAT_WIDGET_BOT_CHECK_KEY' : 'CHAT_WIDGET_SCRIPT_URL'} must be set too: ` +
        'the chat widget needs both CHAT_WIDGET_SCRIPT_URL and CHAT_WIDGET_BOT_CHECK_KEY.',
    );
  }
  const integrations: SiteEnv['integrations'] = {
    ...(gtagId && { gtagId }),
    ...(errorScript && {
      errorReporting: { scriptUrl: errorScript, ...(errorDsn && { dsn: errorDsn }) },
    }),
    ...(chatScript && chatKey && { chatWidget: { scriptUrl: chatScript, botCheckKey: chatKey } }),
  };

  const e2eFixturePages = clean(env.E2E_FIXTURE_PAGES) === '1';

  const realHosts = clean(env.TRY_IT_REAL_HOSTS)?.toLowerCase() ?? 'false';
  if (realHosts !== 'true' && realHosts !== 'false') {
    throw new EnvError(`TRY_IT_REAL_HOSTS must be true or false; got "${env.TRY_IT_REAL_HOSTS}".`);
  }
  const tryItRealHosts = realHosts === 'true';

  return {
    siteUrl: parsed.origin,
    baseUrl,
    algolia,
    e2eFixturePages,
    tryItRealHosts,
    integrations,
    announcement,
  };
}
