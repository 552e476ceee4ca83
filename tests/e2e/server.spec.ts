import { expect, test } from '@playwright/test';
import { redirects } from '../../config/redirects';
import { gotoHydrated } from './helpers';

// What only the production web server does (deploy/nginx, run by the 'nginx' project):
// real 301s, 404 status, caching, compression, content types and security headers, and no
// Content-Security-Policy violation on any kind of page.

test('spec §2 redirects are real 301s to their targets, keeping the query', async ({ request }) => {
  for (const { from, to } of redirects) {
    const response = await request.get(`${from}?x=1`, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe(`${to}?x=1`);
  }
});

test('.html, /index.html and trailing-slash paths reach the bare path with 301', async ({
  request,
}) => {
  for (const [path, location] of [
    ['/catalog.html', '/catalog'],
    ['/catalog/index.html', '/catalog'],
    ['/catalog/', '/catalog'],
    ['/connect/fulfillment.html', '/connect/fulfillment'],
    ['/index.html', '/'],
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(location);
  }
  expect((await request.get('/catalog')).status()).toBe(200);
});

test('an unknown path answers 404 with the site not-found page', async ({ request }) => {
  const response = await request.get('/no/such/page');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Page Not Found');
});

test('hashed assets are immutable for a year; HTML and data revalidate', async ({
  request,
  page,
}) => {
  await page.goto('/connect');
  const script = await page.locator('script[src*="/assets/js/"]').first().getAttribute('src');
  expect((await request.get(script!)).headers()['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
  expect((await request.get('/connect')).headers()['cache-control']).toBe('no-cache');
  expect((await request.get('/search/manifest.json')).headers()['cache-control']).toBe('no-cache');
  const manifest = (await (await request.get('/search/manifest.json')).json()) as {
    shards: { file: string }[];
  };
  expect((await request.get(`/search/${manifest.shards[0].file}`)).headers()['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
});

test('text is compressed: brotli when asked and available, else gzip', async ({ request }) => {
  const gzip = await request.get('/connect', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const br = await request.get('/connect', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(['br', 'gzip']).toContain(br.headers()['content-encoding']);
});

test('content types of Markdown twins, llms.txt and YAML', async ({ request }) => {
  expect((await request.get('/connect.md')).headers()['content-type']).toBe(
    'text/markdown; charset=utf-8',
  );
  expect((await request.get('/llms.txt')).headers()['content-type']).toBe(
    'text/plain; charset=utf-8',
  );
  expect((await request.get('/llms-full.txt')).headers()['content-type']).toBe(
    'text/plain; charset=utf-8',
  );
});

test('security headers are sent on pages and assets', async ({ request }) => {
  for (const path of ['/', '/connect', '/no/such/page', '/connect.md']) {
    const h = (await request.get(path)).headers();
    expect(h['content-security-policy'], path).toMatch(/default-src 'self'/);
    expect(h['content-security-policy'], path).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
    expect(h['content-security-policy'], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(h['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['permissions-policy'], path).toMatch(/camera=\(\)/);
    expect(h['strict-transport-security'], path).toMatch(/max-age=\d+/);
  }
});

test('no page kind triggers a Content-Security-Policy violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  for (const path of [
    '/',
    '/connect/fulfillment',
    '/glossary',
    '/storefront',
    '/widgets/widget_libraries/search_bar',
    '/support/request_technical_support?q=basket',
    '/search?q=token',
    '/no/such/page',
  ]) {
    await gotoHydrated(page, path).catch(() => undefined);
    await page.waitForTimeout(1200); // mermaid and pan/zoom start after route updates
  }
  await gotoHydrated(page, '/connect');
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('access token');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(violations).toEqual([]);
});
