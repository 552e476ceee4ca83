import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, integrationOrigins } from '../../deploy/headers';
import { scriptHashesOf } from '../../deploy/inline-scripts';
import { renderNginxConfig } from '../../deploy/nginx/render';
import {
  checkedRedirects,
  isSafeExternalUrl,
  isSafePath,
  renderRedirectsFile,
} from '../../deploy/redirect-rules';
import { redirects } from '../../config/redirects';

/** The sandbox origins of plugins/sandbox-twin/hosts.ts, written out (CONTRIBUTING.md "Hosts"). */
const SANDBOX =
  'https://connect.sandbox.aisle.example https://catalog.sandbox.aisle.example ' +
  'https://api.sandbox.aisle.example https://ads.aisle.example ' +
  'https://fresh-market-test.foodstorm.example https://payments.sandbox.aisle.example';

describe('server configuration', () => {
  it('hashes executable inline scripts only', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script>';
    const expected = createHash('sha256').update('a()').digest('base64');
    expect(scriptHashesOf(html)).toEqual([`'sha256-${expected}'`]);
  });

  it('extends the CSP only for configured integrations', () => {
    const plain = contentSecurityPolicy([], integrationOrigins({}));
    // The Try it panel's sandbox hosts (answered by the service worker) and nothing else.
    expect(plain).toContain(`connect-src 'self' ${SANDBOX};`);
    expect(plain).toContain("worker-src 'self';");
    expect(plain).toContain("frame-src 'none'");
    const algolia = contentSecurityPolicy([], integrationOrigins({ ALGOLIA_APP_ID: 'A' }));
    expect(algolia).toContain(
      `connect-src 'self' ${SANDBOX} https://*.algolia.net https://*.algolianet.com;`,
    );
    const insights = (host?: string) =>
      contentSecurityPolicy(
        [],
        integrationOrigins({
          ALGOLIA_APP_ID: 'A',
          ALGOLIA_INSIGHTS: 'true',
          ...(host && { ALGOLIA_INSIGHTS_HOST: host }),
        }),
      );
    expect(insights()).toContain('https://*.algolianet.com https://insights.algolia.io;');
    expect(insights('https://insights.aisle.example')).toContain(
      'https://*.algolianet.com https://insights.aisle.example;',
    );
    const gtag = contentSecurityPolicy([], integrationOrigins({ GTAG_TRACKING_ID: 'G-X1Y2Z3' }));
    expect(gtag).toContain("script-src 'self' https://www.googletagmanager.com");
    // Workers (the search index, the file checker) come from the site only, whatever is configured.
    for (const csp of [plain, algolia, gtag]) expect(csp).toContain("worker-src 'self';");
  });

  it('allows the production API hosts only when the Try it panel offers them', () => {
    const production =
      'https://connect.aisle.example https://catalog.aisle.example https://api.aisle.example ' +
      'https://fresh-market.foodstorm.example';
    const on = contentSecurityPolicy([], integrationOrigins({ TRY_IT_REAL_HOSTS: 'true' }));
    expect(on).toContain(`connect-src 'self' ${SANDBOX} ${production};`);
    const off = contentSecurityPolicy([], integrationOrigins({ TRY_IT_REAL_HOSTS: 'false' }));
    expect(off).not.toContain('https://connect.aisle.example');
  });

  const base = {
    root: '/site/build',
    prefix: '/tmp/nginx',
    listen: '127.0.0.1:8080',
    redirects: [{ from: '/old', to: '/new' }],
    headers: [['X-Content-Type-Options', 'nosniff']] as [string, string][],
    modules: '/m',
    brotli: false,
  };

  it('renders one 301 per redirect, headers-more always and brotli only when present', () => {
    const conf = renderNginxConfig(base);
    expect(conf).toContain('location = /old { return 301 "/new$is_args$args"; }');
    expect(conf).toContain('load_module /m/ngx_http_headers_more_filter_module.so;');
    expect(conf).not.toContain('brotli');
    const withBrotli = renderNginxConfig({ ...base, brotli: true });
    expect(withBrotli).toContain('load_module /m/ngx_http_brotli_static_module.so;');
    expect(withBrotli).toContain('brotli_static on;');
  });

  it('sets every header once at server level, Cache-Control included, and never adds one', () => {
    const conf = renderNginxConfig(base);
    expect(conf).toContain('more_set_headers "X-Content-Type-Options: nosniff";');
    expect(conf).toContain('more_set_headers "Cache-Control: no-cache";');
    expect(conf).not.toMatch(/^\s*add_header\s/m);
  });

  it('refuses a header value nginx would read as a variable', () => {
    expect(() =>
      renderNginxConfig({
        ...base,
        headers: [['Content-Security-Policy', "script-src 'self' $x"]],
      }),
    ).toThrow(/holds a \$/);
  });

  it('refuses a redirect that could leave the origin or break the configuration', () => {
    for (const to of ['//evil.example', '/\\evil.example', 'http://evil.example/', '/a;b']) {
      expect(() => renderNginxConfig({ ...base, redirects: [{ from: '/old', to }] }), to).toThrow(
        /Redirect from "\/old"/,
      );
    }
  });
});

describe('redirect rules (deploy/redirect-rules.ts)', () => {
  it('accepts same-origin paths of safe characters only', () => {
    for (const path of ['/catalog', '/connect/fulfillment', '/a_b/c-d/e.f/~g', '/2023_06'])
      expect(isSafePath(path), path).toBe(true);
    for (const path of [
      '',
      '/',
      '//evil.example',
      '/\\evil.example',
      '/catalog/',
      '/a//b',
      '/x\rSet-Cookie: a=1',
      '/x\nb',
      '/\tevil',
      '/a b',
      '/%0d',
      '/.hidden',
      '/a/../b',
      '/a?b',
      '/a#b',
      'catalog',
      `/${'a'.repeat(3000)}`,
    ])
      expect(isSafePath(path), JSON.stringify(path)).toBe(false);
  });

  it('accepts https targets without credentials or characters nginx or a browser would misread', () => {
    expect(isSafeExternalUrl('https://portal.aisle.example/credentials')).toBe(true);
    for (const url of [
      'http://portal.aisle.example/credentials',
      'javascript:alert(1)',
      'https://user:pw@portal.aisle.example/',
      'https://portal.aisle.example/a b',
      'https://portal.aisle.example/$x',
      'https://portal.aisle.example/a"b',
      'https://PORTAL.aisle.example/',
      '//portal.aisle.example/',
      'not a url',
    ])
      expect(isSafeExternalUrl(url), url).toBe(false);
  });

  it('checks the site redirects and names the rule it refuses', () => {
    expect(checkedRedirects(redirects)).toBe(redirects);
    expect(() => checkedRedirects([{ from: '/a/', to: '/b' }])).toThrow(/Redirect from "\/a\/"/);
    expect(() =>
      checkedRedirects([
        { from: '/a', to: '/b' },
        { from: '/a', to: '/c' },
      ]),
    ).toThrow(/listed twice/);
  });

  it('renders _redirects for static hosts from the checked list', () => {
    expect(renderRedirectsFile([{ from: '/a', to: '/b' }])).toBe('/a /b 301\n');
    expect(() => renderRedirectsFile([{ from: '/a', to: '//evil.example' }])).toThrow();
  });
});
