import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixTwins } from '../../plugins/markdown-twins';
import {
  cleanTwin,
  dropExports,
  exportBlocks,
  exportedStrings,
  groupBySection,
  parseTwin,
  renderComponents,
  restoreTitleSection,
  routeOfSource,
  twinUrl,
} from '../../plugins/markdown-twins/twins';
import { catalogColumnTableMarkdown } from '../../src/components/CatalogColumnTable/markdown';
import { columnsOfTopic } from '../../src/components/CatalogColumnTable/table';
import { proBadgeMarkdown } from '../../src/components/ProBadge/markdown';
import { widgetExampleMarkdown } from '../../src/components/widgets/markdown';

const ORIGIN = 'https://docs.aisle.example';
const NONE = new Map<string, string>();

describe('markdown twins', () => {
  it('maps source files to routes', () => {
    expect(routeOfSource('connect/index.mdx')).toBe('/connect');
    expect(routeOfSource('connect/fulfillment/index.mdx')).toBe('/connect/fulfillment');
    expect(routeOfSource('aisle/ipp-terms.mdx')).toBe('/aisle/ipp-terms');
  });

  it('names the collapsible parts of API pages in bold and drops their tags', () => {
    const twin = [
      '<ApiDetails className="api-response" status="404" summary="Not Found" note="codes 3001">',
      'No such order.',
      '</ApiDetails>',
      '<ApiDetails className="api-field__children" summary="Fields (2)">',
      '</ApiDetails>',
    ].join('\n');
    expect(renderComponents(twin, NONE)).toBe(
      '**404 Not Found** (codes 3001)\n\nNo such order.\n\n**Fields (2)**\n\n',
    );
    // A generated page has no source file: its twin is cleaned all the same.
    expect(cleanTwin(twin, { origin: ORIGIN })).toBe(
      '**404 Not Found** (codes 3001)\n\nNo such order.\n\n**Fields (2)**\n',
    );
  });

  it('rewrites relative source links to absolute twin links, keeping anchors', () => {
    const text =
      'See [columns](../catalog/index.mdx#core-columns) and [terms](../aisle/ipp-terms.mdx).\n';
    expect(cleanTwin(text, { sourcePath: 'connect/index.mdx', origin: ORIGIN })).toBe(
      `See [columns](${ORIGIN}/catalog.md#core-columns) and [terms](${ORIGIN}/aisle/ipp-terms.md).\n`,
    );
    const untouched =
      '[portal](https://portal.aisle.example) [top](#top) [root](/connect) `[code](./x.mdx)`\n';
    expect(cleanTwin(untouched, { sourcePath: 'connect/index.mdx', origin: ORIGIN })).toBe(
      untouched,
    );
    expect(twinUrl('mailto:help@aisle.example', 'a.mdx', ORIGIN)).toBeUndefined();
    // A link label with brackets keeps its label; only the destination changes.
    expect(
      cleanTwin('[the [beta] API](./beta.md)\n', { sourcePath: 'a/b.mdx', origin: ORIGIN }),
    ).toBe(`[the [beta] API](${ORIGIN}/a/beta.md)\n`);
  });

  it('drops leaked MDX exports but never touches code fences', () => {
    const source = [
      "import WidgetExample from '@site/src/components/widgets/WidgetExample';",
      '',
      'export const cartEmbed = `<script',
      '  src="x"></script>`;',
      '',
      '# Cart widget',
      '',
      '```js',
      'export const keep = `1`;',
      '```',
    ].join('\n');
    expect(exportBlocks(source)).toHaveLength(1);
    expect(exportedStrings(source)).toEqual([
      { name: 'cartEmbed', value: '<script\n  src="x"></script>' },
    ]);
    const twin = [
      '# Cart widget',
      '',
      'export const cartEmbed = `<script',
      '  src="x"></script>`;',
      '',
      'Text with [a link](./cart.mdx).',
      '',
      '```js',
      'export const keep = `1`; // [code](./x.mdx)',
      '```',
    ].join('\n');
    const clean = cleanTwin(twin, {
      sourcePath: 'widgets/widget_libraries/search_bar.mdx',
      source,
      origin: ORIGIN,
    });
    expect(clean).not.toContain('cartEmbed');
    expect(clean).toContain(`[a link](${ORIGIN}/widgets/widget_libraries/cart.md)`);
    expect(clean).toContain('export const keep = `1`; // [code](./x.mdx)');
    expect(dropExports('a\n\nexport default Foo;\n\nb', exportBlocks('export default Foo;'))).toBe(
      'a\n\nb',
    );
    // The same text inside a code block stays.
    const fenced = '```js\nexport default Foo;\n```\n';
    expect(dropExports(fenced, ['export default Foo;'])).toBe(fenced);
  });

  it('renders the catalog column table with every column of the topic', () => {
    const markdown = catalogColumnTableMarkdown('tax');
    const table = parseTwin(markdown).children[0];
    expect(table.type).toBe('table');
    if (table.type !== 'table') return;
    expect(table.children).toHaveLength(columnsOfTopic('tax').length + 1);
    expect(table.children.every((row) => row.children.length === 6)).toBe(true);
    expect(markdown).toContain('| `tax_rate` | decimal (5 places) | No |');
    // `|` in a cell (an enum list's type) is escaped, so the row keeps its six cells.
    const lists = catalogColumnTableMarkdown('ingredients_and_allergens');
    expect(lists).toContain('values separated by \\|');
    const listTable = parseTwin(lists).children[0];
    if (listTable.type === 'table') {
      expect(listTable.children.every((row) => row.children.length === 6)).toBe(true);
    }
    expect(catalogColumnTableMarkdown('no_such_topic')).toBe(
      '> No columns are registered for the topic `no_such_topic`.\n',
    );
    expect(
      cleanTwin('## Column reference\n\n<CatalogColumnTable topic="tax" />\n\n## Next\n', {
        origin: ORIGIN,
      }),
    ).toBe(`## Column reference\n\n${markdown.trim()}\n\n## Next\n`);
  });

  it('keeps the Storefront Pro badge in headings, prose and table cells', () => {
    expect(proBadgeMarkdown()).toBe('*Storefront Pro*');
    expect(proBadgeMarkdown('Pro *only*')).toBe('*Pro \\*only\\**');
    const twin = [
      '## Express checkout <ProBadge />',
      '',
      'Tools marked <ProBadge /> need Storefront Pro.',
      '',
      '| feature | edition |',
      '|---|---|',
      '| Rule-based collections <ProBadge /> | Pro |',
      '',
      '`<ProBadge />` in code stays.',
    ].join('\n');
    expect(cleanTwin(twin, { origin: ORIGIN })).toBe(
      [
        '## Express checkout *Storefront Pro*',
        '',
        'Tools marked *Storefront Pro* need Storefront Pro.',
        '',
        '| feature | edition |',
        '|---|---|',
        '| Rule-based collections *Storefront Pro* | Pro |',
        '',
        '`<ProBadge />` in code stays.',
        '',
      ].join('\n'),
    );
  });

  it('renders a widget example as its caption and embed code', () => {
    const source = 'export const cartEmbed = `<aisle-cart retailer="x"></aisle-cart>`;\n';
    const twin = [
      '## Live example',
      '',
      '<WidgetExample title="Cart" embedCode={cartEmbed}>',
      '</WidgetExample>',
      '',
      'After.',
    ].join('\n');
    const clean = cleanTwin(twin, { sourcePath: 'widgets/cart.mdx', source, origin: ORIGIN });
    expect(clean).toContain('**Cart: live example with sample data**');
    expect(clean).toContain(
      '```html title="Embed code"\n<aisle-cart retailer="x"></aisle-cart>\n```\n\nAfter.',
    );
    const code = parseTwin(clean).children.find((n) => n.type === 'code');
    expect(code).toMatchObject({ lang: 'html', value: '<aisle-cart retailer="x"></aisle-cart>' });
    // Embed code with a backtick run gets a longer fence.
    expect(widgetExampleMarkdown({ title: 'X', embedCode: 'a ``` b' })).toContain('````html');
    expect(() =>
      cleanTwin('<WidgetExample title="Cart" embedCode={missing}>\n</WidgetExample>\n', {
        origin: ORIGIN,
      }),
    ).toThrow(/embedCode must name a string the page exports/);
  });

  it("keeps a changelog's subscribe line, with absolute links to its feeds", () => {
    const twin = 'Intro.\n\n<ChangelogFeeds />\n\n## 2026\n';
    const clean = cleanTwin(twin, { sourcePath: 'catalog/changelog.mdx', origin: ORIGIN });
    expect(clean).toBe(
      'Intro.\n\nSubscribe to this changelog: ' +
        `[Atom feed](${ORIGIN}/catalog/changelog.atom.xml) · ` +
        `[RSS feed](${ORIGIN}/catalog/changelog.rss.xml)\n\n## 2026\n`,
    );
    // A generated page has no source route: the tag goes, no link is made up.
    expect(cleanTwin(twin, { origin: ORIGIN })).toBe('Intro.\n\n## 2026\n');
  });

  it('puts back a first section heading that repeats the page title', () => {
    const source = [
      '---',
      'title: Request headers',
      '---',
      '',
      'Every header, then the rules.',
      '',
      '## Request headers',
      '',
      '| Header | Value |',
      '|---|---|',
      '',
      '## Response headers',
    ].join('\n');
    // What the upstream plugin writes: the title, the intro, the table, no `## Request headers`.
    const twin = [
      '# Request headers',
      '',
      '> Every header.',
      '',
      'Every header, then the rules.',
      '',
      '| Header | Value |',
      '|---|---|',
      '',
      '## Response headers',
      '',
    ].join('\n');
    expect(restoreTitleSection(twin, source)).toBe(
      twin.replace('\n| Header', '\n## Request headers\n\n| Header'),
    );
    // Already there, or a page whose body has its own H1: unchanged.
    const whole = restoreTitleSection(twin, source);
    expect(restoreTitleSection(whole, source)).toBe(whole);
    const withH1 = source.replace('Every header', '# Request headers\n\nEvery header');
    expect(restoreTitleSection(twin, withH1)).toBe(twin);
  });

  it('groups llms.txt entries by section, headed by the section root title', () => {
    const grouped = groupBySection(
      [
        `- [Connect APIs](${ORIGIN}/connect.md): basics`,
        `- [Sandbox](${ORIGIN}/connect/sandbox.md): test`,
        `- [Partner terms](${ORIGIN}/aisle/ipp-terms.md): terms`,
      ],
      (segment: string) => (segment === 'connect' ? 'Connect APIs' : undefined),
    );
    expect(grouped).toBe(
      [
        '## Connect APIs',
        '',
        `- [Connect APIs](${ORIGIN}/connect.md): basics`,
        `- [Sandbox](${ORIGIN}/connect/sandbox.md): test`,
        '',
        '## Partner terms',
        '',
        `- [Partner terms](${ORIGIN}/aisle/ipp-terms.md): terms`,
      ].join('\n'),
    );
  });
});

describe('fixTwins (the postBuild step)', () => {
  /** A build folder with llms.txt and twins, and a site folder with docs/ sources. */
  function site(twins: Record<string, string>, sources: Record<string, string> = {}) {
    const root = mkdtempSync(join(tmpdir(), 'twins-'));
    const outDir = join(root, 'build');
    for (const [path, text] of Object.entries({ ...twins })) {
      mkdirSync(dirname(join(outDir, path)), { recursive: true });
      writeFileSync(join(outDir, path), text);
    }
    for (const [path, text] of Object.entries(sources)) {
      mkdirSync(dirname(join(root, 'docs', path)), { recursive: true });
      writeFileSync(join(root, 'docs', path), text);
    }
    return { root, outDir };
  }

  it('cleans the twins, groups llms.txt and rebuilds llms-full.txt in that order', async () => {
    const { root, outDir } = site(
      {
        'llms.txt': [
          '# Aisle Docs',
          '',
          '> Docs',
          '',
          'This file contains links to documentation sections following the llmstxt.org standard.',
          '',
          '## Table of Contents',
          '',
          `- [Sandbox](${ORIGIN}/connect/sandbox.md): test`,
          `- [Connect APIs](${ORIGIN}/connect.md): basics`,
          '',
        ].join('\n'),
        'connect.md': '# Connect APIs\n\nSee [sandbox](./sandbox.mdx).\n',
        'connect/sandbox.md': '# Sandbox\n\n## Express checkout <ProBadge />\n',
      },
      { 'connect/index.mdx': 'x', 'connect/sandbox.mdx': 'y' },
    );
    const result = await fixTwins({ outDir, siteDir: root, origin: ORIGIN });
    expect(result.twins).toBe(2);
    expect(readFileSync(join(outDir, 'connect.md'), 'utf8')).toContain(
      `[sandbox](${ORIGIN}/connect/sandbox.md)`,
    );
    expect(readFileSync(join(outDir, 'llms.txt'), 'utf8')).toContain(
      '## Connect APIs\n\n- [Sandbox]',
    );
    const full = readFileSync(join(outDir, 'llms-full.txt'), 'utf8');
    expect(full).toContain('## Express checkout *Storefront Pro*');
    expect(full.indexOf('# Sandbox')).toBeLessThan(full.indexOf('# Connect APIs'));
  });

  it('writes nothing and names every twin at fault when one cannot be cleaned', async () => {
    const bad = '# Cart\n\n<WidgetExample title="Cart" embedCode={cartEmbed}>\n</WidgetExample>\n';
    const { root, outDir } = site({
      'llms.txt': '# Aisle Docs\n',
      'cart.md': bad,
      'good.md': '# Good\n\n<ProBadge />\n',
    });
    await expect(fixTwins({ outDir, siteDir: root, origin: ORIGIN })).rejects.toThrow(
      /cart\.md: <WidgetExample .*embedCode must name a string the page exports/,
    );
    // Writes still under way after the rejection would land now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(join(outDir, 'good.md'), 'utf8')).toBe('# Good\n\n<ProBadge />\n');
    expect(readFileSync(join(outDir, 'cart.md'), 'utf8')).toBe(bad);
  });

  it('reuses clean twins from the cache while inputs and code are unchanged', async () => {
    const llms = `# Aisle Docs\n\n## Table of Contents\n\n- [Connect APIs](${ORIGIN}/connect.md): basics\n`;
    const twin = '# Connect APIs\n\nSee [sandbox](./sandbox.mdx).\n';
    const { root, outDir } = site(
      { 'llms.txt': llms, 'connect.md': twin, 'connect/sandbox.md': '# Sandbox\n' },
      { 'connect/index.mdx': 'x', 'connect/sandbox.mdx': 'y' },
    );
    const cacheDir = join(root, 'cache');
    const first = await fixTwins({ outDir, siteDir: root, origin: ORIGIN, cacheDir });
    const clean = readFileSync(join(outDir, 'connect.md'), 'utf8');
    expect(first.cached).toBe(0);
    // The next build writes the same raw twins again.
    writeFileSync(join(outDir, 'llms.txt'), llms);
    writeFileSync(join(outDir, 'connect.md'), twin);
    const second = await fixTwins({ outDir, siteDir: root, origin: ORIGIN, cacheDir });
    expect(second.cached).toBe(2);
    expect(readFileSync(join(outDir, 'connect.md'), 'utf8')).toBe(clean);
    // A changed twin is cleaned again; so is every twin once the site's code changes.
    writeFileSync(join(outDir, 'llms.txt'), llms);
    writeFileSync(join(outDir, 'connect.md'), twin.replace('See', 'Open'));
    const third = await fixTwins({ outDir, siteDir: root, origin: ORIGIN, cacheDir });
    expect(third.cached).toBe(1);
    expect(readFileSync(join(outDir, 'connect.md'), 'utf8')).toContain(
      `Open [sandbox](${ORIGIN}/connect/sandbox.md)`,
    );
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'columns.json'), '[]');
    writeFileSync(join(outDir, 'llms.txt'), llms);
    const fourth = await fixTwins({ outDir, siteDir: root, origin: ORIGIN, cacheDir });
    expect(fourth.cached).toBe(0);
  });

  it('says so when the build has no llms.txt', async () => {
    const { root, outDir } = site({ 'a.md': '# A\n' });
    await expect(fixTwins({ outDir, siteDir: root, origin: ORIGIN })).rejects.toThrow(
      /llms\.txt is missing/,
    );
  });
});
