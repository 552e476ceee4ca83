/**
 * Runs after `npm run build` (npm run test:build): every changelog page of the sitemap has an
 * Atom and an RSS feed (plugins/changelog-feeds) that parse, list every dated entry of the page
 * newest first with a link to its anchor, and are announced by the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';

const build = join(__dirname, '..', '..', 'build');
const sitemap = readFileSync(join(build, 'sitemap.xml'), 'utf8');
const pages = [...sitemap.matchAll(/<loc>([^<]+\/changelog)<\/loc>/g)].map((m) => new URL(m[1]));

describe('changelog feeds', () => {
  it('exist for every changelog page of the sitemap', () => {
    expect(pages.length).toBeGreaterThanOrEqual(9);
  });

  for (const url of pages) {
    const route = url.pathname;
    it(`${route}: Atom and RSS list every dated entry, newest first, and the page links them`, () => {
      const $page = load(readFileSync(join(build, `${route}.html`), 'utf8'));
      const dated = $page('article .theme-doc-markdown')
        .find('h2, h3')
        .toArray()
        .map((h) => ({ id: $page(h).attr('id') ?? '', text: $page(h).text() }))
        .filter((h) => /^\d{4}-\d{2}-\d{2}/.test(h.text));
      expect(dated.length).toBeGreaterThan(0);
      for (const [kind, type] of [
        ['atom', 'application/atom+xml'],
        ['rss', 'application/rss+xml'],
      ] as const) {
        const file = join(build, `${route}.${kind}.xml`);
        expect(existsSync(file), `${route}.${kind}.xml`).toBe(true);
        const href = $page(`head link[rel="alternate"][type="${type}"]`).attr('href');
        expect(href).toBe(`${route}.${kind}.xml`);
        expect($page(`article a[href="${route}.${kind}.xml"]`).length).toBe(1);
        const $feed = load(readFileSync(file, 'utf8'), { xml: true });
        const items = $feed(kind === 'atom' ? 'feed > entry' : 'channel > item').toArray();
        expect(items.length).toBe(dated.length);
        const links = items.map((i) =>
          kind === 'atom' ? $feed(i).find('link').attr('href') : $feed(i).find('link').text(),
        );
        expect(links).toEqual(dated.map((d) => `${url.origin}${route}#${d.id}`));
        const dates = items.map((i) =>
          Date.parse($feed(i).find(kind === 'atom' ? 'updated' : 'pubDate').text()),
        );
        expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
        expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      }
    });
  }
});
