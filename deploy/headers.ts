/**
 * HTTP headers of the production site, one source for every server: the nginx configuration
 * (deploy/nginx) and the `_headers` file for static hosts that read one.
 *
 * The Content-Security-Policy allows exactly what the site loads: its own files, `data:`
 * images (widget samples, ideal-image placeholders), inline styles, and inline scripts only by
 * hash (the theme script that sets the colour mode before paint, and the other inline scripts
 * Docusaurus writes). Configured integrations (Algolia, Google tag, error reporting, chat
 * widget) add their own origins and nothing else. The Try it panel of the API pages sends
 * requests to the sandbox hosts, which msw's service worker (`worker-src 'self'`) answers in the
 * browser: the browser checks `connect-src` before the worker sees a request, so the sandbox
 * origins are in it (plugins/sandbox-twin/hosts.ts), and the production API origins too when
 * the build offers them (TRY_IT_REAL_HOSTS=true). `upgrade-insecure-requests` turns any stray
 * `http:` subresource into `https:`.
 *
 * Why `style-src` keeps 'unsafe-inline': the server-rendered pages carry `style` attributes
 * that React writes (the theme's hidden icon sprite on every page, empty code lines,
 * ideal-image boxes) and mermaid inserts `<style>` elements into its SVG in the browser, whose
 * text depends on the diagram, so no hash can be known at build time; a nonce needs a server
 * that renders each answer. Inline style cannot run script, and script-src stays hash-only
 * (design/production-server.md).
 */

import { PRODUCTION_ORIGINS, SANDBOX_ORIGINS } from '../plugins/sandbox-twin/hosts';

/** Origins an integration needs, by CSP directive. */
export interface CspExtras {
  scriptSrc?: string[];
  connectSrc?: string[];
  imgSrc?: string[];
  frameSrc?: string[];
}

/** Origins of the configured integrations (env read the same way as the site config). */
export function integrationOrigins(env: Record<string, string | undefined>): CspExtras {
  const extras: Required<CspExtras> = { scriptSrc: [], connectSrc: [], imgSrc: [], frameSrc: [] };
  const origin = (url?: string) => (url ? new URL(url).origin : undefined);
  if (env.ALGOLIA_APP_ID) {
    const hosts = (env.ALGOLIA_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    extras.connectSrc.push(
      ...(hosts.length ? hosts : ['https://*.algolia.net', 'https://*.algolianet.com']),
    );
    // Search analytics events (search-insights posts them to /1/events).
    if (env.ALGOLIA_INSIGHTS?.trim().toLowerCase() === 'true') {
      extras.connectSrc.push(env.ALGOLIA_INSIGHTS_HOST?.trim() || 'https://insights.algolia.io');
    }
  }
  if (env.GTAG_TRACKING_ID) {
    extras.scriptSrc.push('https://www.googletagmanager.com');
    extras.connectSrc.push('https://*.google-analytics.com', 'https://*.analytics.google.com');
    extras.imgSrc.push('https://*.google-analytics.com');
  }
  // The Try it panel's real-host target (config/env.ts validates the value).
  if (env.TRY_IT_REAL_HOSTS?.trim().toLowerCase() === 'true') {
    extras.connectSrc.push(...PRODUCTION_ORIGINS);
  }
  for (const name of ['ERROR_REPORTING_SCRIPT_URL', 'CHAT_WIDGET_SCRIPT_URL']) {
    const o = origin(env[name]);
    if (o) {
      extras.scriptSrc.push(o);
      extras.connectSrc.push(o);
      if (name === 'CHAT_WIDGET_SCRIPT_URL') extras.frameSrc.push(o);
    }
  }
  return extras;
}

/**
 * The Content-Security-Policy header value.
 * @param scriptHashes `'sha256-…'` sources of the site's inline scripts.
 */
export function contentSecurityPolicy(scriptHashes: string[], extras: CspExtras = {}): string {
  const join = (...parts: (string[] | undefined)[]) => parts.flatMap((p) => p ?? []).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${join(["'self'"], scriptHashes, extras.scriptSrc)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${join(["'self'", 'data:'], extras.imgSrc)}`,
    `font-src 'self'`,
    `connect-src ${join(["'self'"], [...SANDBOX_ORIGINS], extras.connectSrc)}`,
    `worker-src 'self'`,
    `frame-src ${extras.frameSrc?.length ? extras.frameSrc.join(' ') : "'none'"}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * The security headers sent with every answer, whatever its status. The cross-origin pair
 * (`same-origin`) keeps other sites from holding a window reference to a docs page or
 * embedding its files.
 */
export function securityHeaders(csp: string): [string, string][] {
  return [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
  ];
}

/**
 * Cache policy: hashed assets are immutable for a year; HTML, data and every error or redirect
 * answer revalidate.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
