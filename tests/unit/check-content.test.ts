import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkPage,
  countProseWords,
  loadRules,
  withPartials,
} from '../../scripts/check-content.mjs';

const rules = loadRules();
const prose = Array.from({ length: 40 }, () => 'You send the file to the store.').join(' ');

function page(front: string, body: string): string {
  return `---\n${front}\n---\n\n${body}\n`;
}

type Problem = { file: string; line: number; message: string };

describe('check-content', () => {
  it('accepts a complete page', () => {
    const src = page('title: Orders\ndescription: How orders move through Aisle.', prose);
    expect(checkPage('a.mdx', src, rules)).toEqual([]);
  });

  it('requires title and description', () => {
    const problems: Problem[] = checkPage('a.mdx', page('title: Orders', prose), rules);
    expect(problems.map((p) => p.message)).toEqual([
      'front matter needs a non-empty "description"',
    ]);
  });

  it('reports malformed front matter with a line instead of throwing', () => {
    const src = page('title: Orders\ndescription: [unclosed', prose);
    const problems: Problem[] = checkPage('a.mdx', src, rules);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/front matter is not valid YAML/);
  });

  it('reports a JSON block that does not parse, at the fence line', () => {
    const body = `${prose}\n\n\`\`\`json\n{"a": 1,}\n\`\`\`\n`;
    const src = page('title: T\ndescription: D', body);
    const problems: Problem[] = checkPage('a.mdx', src, rules);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/JSON code block does not parse/);
    expect(src.split('\n')[problems[0].line - 1]).toBe('```json');
  });

  it('flags placeholder phrases and other companies, with their line', () => {
    const body = `${prose}\n\nThis section is coming soon.\n\nOrders ship like Instacart.`;
    const src = page('title: T\ndescription: D', body);
    const problems: Problem[] = checkPage('a.mdx', src, rules);
    expect(problems.map((p) => p.message)).toEqual([
      'placeholder phrase "coming soon"',
      'names another company: "Instacart"',
    ]);
    expect(src.split('\n')[problems[0].line - 1]).toContain('coming soon');
  });

  it('does not flag words that only contain a forbidden name', () => {
    const body = `${prose}\n\nAdd capers and a todo list.`;
    expect(checkPage('a.mdx', page('title: T\ndescription: D', body), rules)).toEqual([]);
  });

  it('flags stub pages and ignores code when counting prose', () => {
    const body = `Short intro.\n\n\`\`\`bash\n${'curl example '.repeat(200)}\n\`\`\`\n`;
    const problems: Problem[] = checkPage('a.mdx', page('title: T\ndescription: D', body), rules);
    expect(problems.map((p) => p.message)).toEqual([
      `only 2 words of prose; a page needs ${rules.minProseWords}`,
    ]);
    expect(countProseWords('import X from "y";\n<Tabs groupId="a">Hello world</Tabs>')).toBe(2);
  });

  it('counts the prose of the partials a page imports from its folder (preview API pages)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'check-content-'));
    const head = page(
      'title: Create an order\ndescription: Creates an order.',
      "import ApiPageFields from './_create_order.fields.mdx';\nimport Gone from './_gone.mdx';\n\nCreates an order.\n\n<ApiPageFields />",
    );
    const file = join(dir, 'create_order.mdx');
    await writeFile(file, head);
    await writeFile(join(dir, '_create_order.fields.mdx'), `## Body\n\n${prose}\n`);
    expect(checkPage('create_order.mdx', head, rules).map((p) => p.message)).toEqual([
      `only 3 words of prose; a page needs ${rules.minProseWords}`,
    ]);
    // A partial that is missing adds nothing; one elsewhere than the page's folder is not read.
    expect(checkPage('create_order.mdx', withPartials(file, head), rules)).toEqual([]);
    expect(withPartials(file, "import X from '../_create_order.fields.mdx';\n")).not.toContain(
      'Body',
    );
  });
});
