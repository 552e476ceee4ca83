import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { catalogColumns } from '../../src/data/catalog-columns';
import { InventoryFileCheck, validateValue } from '../../src/catalog/fileChecker';
import { columnRules } from '../../src/catalog/columns';

// The specification tables on the built inventory-file pages and the file checker agree:
// both come from src/data/catalog-columns.ts. Read each page's static HTML as a reader sees
// it, and check that the checker accepts every example the page shows, requires every column
// the page marks required, and knows every column the page lists, and nothing else.
const build = join(__dirname, '..', '..', 'build');
const topics = [...new Set(catalogColumns.map((c) => c.topic))];

interface PageRow {
  name: string;
  required: string;
  rules: string[];
  example: string;
}

function pageRows(topic: string): PageRow[] {
  const file = join(build, 'catalog', 'catalog_inventory_file', `${topic}.html`);
  expect(existsSync(file), `${file} exists`).toBe(true);
  const $ = load(readFileSync(file, 'utf8'));
  const table = $(`table[data-catalog-topic="${topic}"]`);
  expect(table.length, `${topic} page shows its column table`).toBe(1);
  return table
    .find('tbody tr')
    .toArray()
    .map((tr) => {
      const cells = $(tr).find('td');
      return {
        name: cells.eq(0).text(),
        required: cells.eq(2).text(),
        rules: cells
          .eq(3)
          .find('div')
          .toArray()
          .map((d) => $(d).text()),
        example: cells.eq(4).text(),
      };
    });
}

describe('inventory file: pages and checker share one column registry', () => {
  it('every column appears on exactly one topic page', () => {
    const shown = topics.flatMap((topic) => pageRows(topic).map((r) => r.name));
    expect(shown.sort()).toEqual(catalogColumns.map((c) => c.name).sort());
  });

  it.each(topics)('%s: the page shows what the checker enforces', (topic) => {
    const rows = pageRows(topic);
    for (const row of rows) {
      const column = catalogColumns.find((c) => c.name === row.name);
      expect(column, `${row.name} is a checker column`).toBeDefined();
      // The example the reader copies passes the checker.
      expect(validateValue(column!, row.example), `${row.name} = ${row.example}`).toBeNull();
      expect(row.rules).toEqual(columnRules(column!));
      // "Required: Yes" on the page is a required column for the checker.
      const check = new InventoryFileCheck(catalogColumns, '0142_full_2026-03-01.csv', 1);
      check.setDelimiter(',');
      check.setHeader(['item_name', 'lookup_code'].filter((n) => n !== row.name));
      const missing = check.finish().missingRequired.includes(row.name);
      expect(missing, `${row.name} required`).toBe(row.required === 'Yes');
    }
  });
});
