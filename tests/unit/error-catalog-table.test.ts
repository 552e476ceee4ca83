import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { errorCatalogTableMarkdown } from '../../src/components/ErrorCatalogTable/markdown';
import {
  errorRows,
  inlineParts,
  parseCodeRange,
} from '../../src/components/ErrorCatalogTable/table';
import { errorCatalogue } from '../../src/data/facts';
import { parseTwin, renderComponents } from '../../plugins/markdown-twins/twins';

// The Connect error page's code tables come from the error catalogue (src/data/facts), in the
// HTML (<ErrorCatalogTable>) and in the Markdown twin (./markdown.ts) alike.

const RANGES = ['1000-1999', '2000-2999', '3000-3999', '4000-4999', '5000-5999'];

/** The GFM tables of a Markdown text, each as rows of cell texts. */
function tables(markdown: string): string[][][] {
  const text = (node: { value?: string; children?: unknown[] }): string =>
    node.value ?? (node.children ?? []).map((c) => text(c as typeof node)).join('');
  return parseTwin(markdown)
    .children.filter((n): n is Table => n.type === 'table')
    .map((t) => t.children.map((r) => r.children.map((c) => text(c))));
}

describe('ErrorCatalogTable', () => {
  it('lists every Connect code of the catalogue once, in its range, with its Connect statuses', () => {
    const listed = RANGES.flatMap((range) => tables(errorCatalogTableMarkdown('connect', range)))
      .flatMap((table) => table.slice(1))
      .map((row) => [row[0], row[1]]);
    const expected = errorCatalogue
      .filter((e) => e.status.connect)
      .map((e) => [String(e.code), [...e.status.connect!].sort().join(', ')]);
    expect(listed).toEqual(expected);
  });

  it('renders code spans and root-relative links as Markdown, the same words as the data', () => {
    const [table] = tables(errorCatalogTableMarkdown('connect', '2000-2999'));
    expect(table[0]).toEqual(['Code', 'Status', 'Meaning', 'What to do']);
    const row = table.find((r) => r[0] === '2002')!;
    expect(row[3]).toBe('Request the scope; see Permissions and scopes.');
    expect(errorCatalogTableMarkdown('connect', '2000-2999')).toContain(
      '[Permissions and scopes](/connect/api/permissions_scopes)',
    );
    expect(inlineParts('a `b` [c](/d) e')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'code', value: 'b' },
      { type: 'text', value: ' ' },
      { type: 'link', value: 'c', url: '/d' },
      { type: 'text', value: ' e' },
    ]);
  });

  it('says so, without throwing, for an unknown API or a malformed range', () => {
    expect(parseCodeRange('1000–1999')).toEqual({ from: 1000, to: 1999 });
    expect(parseCodeRange('1999-1000')).toBeUndefined();
    expect(parseCodeRange('all')).toBeUndefined();
    expect(errorRows('shipping', '1000-1999')).toEqual([]);
    expect(errorCatalogTableMarkdown('connect', 'all')).toBe(
      '> No error codes of the API "connect" in the range "all".\n',
    );
  });

  it('is replaced by its table in the Markdown twin', () => {
    const twin = renderComponents(
      '<ErrorCatalogTable api="connect" codes="5000-5999" />\n',
      new Map(),
    );
    expect(tables(twin)[0].map((row) => row[0])).toEqual(['Code', '5001', '5002']);
  });

  it('renders every code table of the Connect error page', () => {
    const page = readFileSync(
      join(__dirname, '..', '..', 'docs', 'connect', 'api', 'error_and_status_codes.mdx'),
      'utf8',
    );
    const used = [...page.matchAll(/<ErrorCatalogTable api="connect" codes="([^"]+)" \/>/g)].map(
      (m) => m[1],
    );
    expect(used).toEqual(RANGES);
    expect(page).not.toMatch(/^\| `[1-5]\d{3}` \|/m);
  });
});
