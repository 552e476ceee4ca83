import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, integrationOrigins } from '../../deploy/headers';
import { scriptHashesOf } from '../../deploy/inline-scripts';
import { renderNginxConfig } from '../../deploy/nginx/render';

describe('server configuration', () => {
  it('hashes executable inline scripts only', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script>';
    const expected = createHash('sha256').update('a()').digest('base64');
    expect(scriptHashesOf(html)).toEqual([`'sha256-${expected}'`]);
  });

  it('extends the CSP only for configured integrations', () => {
    const plain = contentSecurityPolicy([], integrationOrigins({}));
    expect(plain).toContain("connect-src 'self';");
    expect(plain).toContain("frame-src 'none'");
    const algolia = contentSecurityPolicy([], integrationOrigins({ ALGOLIA_APP_ID: 'A' }));
    expect(algolia).toContain("connect-src 'self' https://*.algolia.net https://*.algolianet.com");
    const gtag = contentSecurityPolicy([], integrationOrigins({ GTAG_TRACKING_ID: 'G-X1Y2Z3' }));
    expect(gtag).toContain("script-src 'self' https://www.googletagmanager.com");
  });

  it('renders one 301 per redirect and brotli only when the module exists', () => {
    const base = {
      root: '/site/build',
      prefix: '/tmp/nginx',
      listen: '127.0.0.1:8080',
      redirects: [{ from: '/old', to: '/new' }],
      headers: [['X-Content-Type-Options', 'nosniff']] as [string, string][],
    };
    const conf = renderNginxConfig(base);
    expect(conf).toContain('location = /old { return 301 /new$is_args$args; }');
    expect(conf).not.toContain('brotli');
    expect(renderNginxConfig({ ...base, brotliModule: '/m/brotli.so' })).toContain(
      'load_module /m/brotli.so;',
    );
  });
});
