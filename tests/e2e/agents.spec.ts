import { expect, test } from '@playwright/test';
import sidebars from '../../sidebars';
import { gotoHydrated, sitemapPaths } from './helpers';

// Agent-ready pages (spec-derived issue): a clean Markdown twin of every doc page, llms.txt by
// section, llms-full.txt, and "Copy page as Markdown" on doc pages.

/** Slugs of the sidebars' generated index pages (`link: { type: 'generated-index' }`). */
function generatedIndexSlugs(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) generatedIndexSlugs(item, out);
  else if (node && typeof node === 'object') {
    const link = (node as { link?: { type?: string; slug?: string } }).link;
    if (link?.type === 'generated-index' && link.slug) out.add(link.slug);
    for (const value of Object.values(node)) generatedIndexSlugs(value, out);
  }
  return out;
}

// Left out: the home and search pages, and the generated index pages (/category/… and the
// sidebars' other generated indexes), which have no source file and hold only links to pages
// that have their own twins (listed in llms.txt).
const generatedIndexes = generatedIndexSlugs(sidebars);
const docPaths = sitemapPaths().filter(
  (p) => p !== '/' && p !== '/search' && !p.startsWith('/category/') && !generatedIndexes.has(p),
);

test('every doc page in the sitemap has a clean Markdown twin', async ({ request }) => {
  expect(docPaths.length).toBeGreaterThan(50);
  for (const path of docPaths) {
    const response = await request.get(`${path}.md`);
    expect(response.status(), `${path}.md`).toBe(200);
    const text = await response.text();
    expect(text, path).toMatch(/^# .+/);
    const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
    expect(prose, path).not.toMatch(/^(import|export) /m);
    expect(prose, path).not.toMatch(/\]\([^)]*\.mdx/);
  }
});

test('twins keep code languages, tables and diagrams', async ({ request }) => {
  const text = await (await request.get('/connect/fulfillment.md')).text();
  expect(text).toContain('```mermaid');
  expect(text).toMatch(/```(bash|shell)/);
  expect(text).toMatch(/^\|.+\|$/m);
});

test('llms.txt lists pages by section and llms-full.txt holds them all', async ({ request }) => {
  const index = await (await request.get('/llms.txt')).text();
  expect(index).toMatch(/^# Aisle Docs/);
  for (const section of ['## Connect APIs', '## Technical support', '## Glossary']) {
    expect(index).toContain(section);
  }
  const full = await (await request.get('/llms-full.txt')).text();
  expect(full).toContain('# Fulfillment API');
  expect(full).toContain('# Storefront release notes: October 2025');
});

test('"Copy page as Markdown" copies the twin; "View as Markdown" links to it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, '/connect/sandbox');
  await expect(page.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute(
    'href',
    '/connect/sandbox.md',
  );
  await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
  await expect(page.getByText('Copied the page as Markdown.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^# Sandbox/);
});
