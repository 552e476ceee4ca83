import { describe, expect, it } from 'vitest';
import {
  cleanTwin,
  detailsToText,
  dropExports,
  groupBySection,
  rewriteLinks,
  routeOfSource,
} from '../../scripts/fix-markdown-twins.mjs';

const ORIGIN = 'https://docs.aisle.example';

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
    expect(detailsToText(twin)).toBe(
      '**404 Not Found** (codes 3001)\n\nNo such order.\n\n**Fields (2)**\n\n',
    );
    // A generated page has no source file: its twin is cleaned all the same.
    expect(cleanTwin(twin, undefined, ORIGIN)).toBe(detailsToText(twin));
  });

  it('rewrites relative source links to absolute twin links, keeping anchors', () => {
    const text =
      'See [columns](../catalog/index.mdx#core-columns) and [terms](../aisle/ipp-terms.mdx).';
    expect(rewriteLinks(text, 'connect/index.mdx', ORIGIN)).toBe(
      `See [columns](${ORIGIN}/catalog.md#core-columns) and [terms](${ORIGIN}/aisle/ipp-terms.md).`,
    );
    const untouched = '[portal](https://portal.aisle.example) [top](#top) [root](/connect)';
    expect(rewriteLinks(untouched, 'connect/index.mdx', ORIGIN)).toBe(untouched);
  });

  it('drops leaked MDX exports but never touches code fences', () => {
    const twin = [
      '# Cart widget',
      '',
      'export const cartEmbed = `<script',
      '  src="x"></script>`;',
      '',
      'Text with [a link](./cart.mdx).',
      '',
      '```js',
      'export const keep = 1; // [code](./x.mdx)',
      '```',
    ].join('\n');
    const clean = cleanTwin(twin, 'widgets/widget_libraries/search_bar.mdx', ORIGIN);
    expect(clean).not.toContain('cartEmbed');
    expect(clean).toContain(`[a link](${ORIGIN}/widgets/widget_libraries/cart.md)`);
    expect(clean).toContain('export const keep = 1; // [code](./x.mdx)');
    expect(dropExports('a\nexport default Foo;\nb')).toBe('a\n\nb');
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
