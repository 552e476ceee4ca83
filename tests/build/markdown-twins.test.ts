import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import type { Nodes, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseTwin } from '../../plugins/markdown-twins/twins';

// Every Markdown twin says what its HTML page says: the same headings (level and text), the
// same tables (rows and columns each) and the same code blocks (count and language), in
// order. The twin is parsed as CommonMark + GFM, the page's content (`.theme-doc-markdown`)
// with cheerio. Left out on both sides: diagrams (a `mermaid` block in the twin, a drawing on
// the page) and the in-browser tools marked `data-markdown-twin="omit"` (the running widget of
// a live example, whose caption and embed code the twin has; the support request composer).
// llms-full.txt, made from the twins, has no fence turned into an indented code block, no
// `&#xA;` entity and no generic type without its parameters. The in-browser Try it panel of the
// API pages leaves nothing in either: no tag, no button. The API pages' samples are lazy Tabs:
// the page holds the selected sample of each, the twin every sample under its tab's label
// (`**Python**`); the twin's unselected samples are matched to the page's tab labels and left
// out of its shape, and each must be there. A response tab's sample runs to the next tab label
// or heading; a request tab's is one code block (more request examples may follow the Tabs).
const build = join(__dirname, '..', '..', 'build');

function twinFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'assets' ? [] : twinFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

/** Text of an mdast node, as a reader sees it (code spans included, markup not). */
function textOf(node: Nodes): string {
  if ('value' in node && node.type !== 'html') return node.value;
  if ('children' in node) return node.children.map(textOf).join('');
  return '';
}

const squash = (text: string) => text.replace(/[\s\u200b]+/g, ' ').trim();

interface Shape {
  headings: string[];
  tables: string[];
  code: string[];
}

/** The label of a tab as the twin writes it: a paragraph of one strong text (`**Python**`). */
function tabLabel(node: Nodes): string | undefined {
  if (node.type !== 'paragraph' || node.children.length !== 1) return undefined;
  const only = node.children[0];
  return only.type === 'strong' ? squash(textOf(only)) : undefined;
}

/** A samples tab the static HTML does not hold: its label, and whether it is one code block. */
interface UnrenderedTab {
  label: string;
  oneBlock: boolean;
}

/**
 * The twin's shape, without the samples of the page's `unrendered` tabs (in page order): from
 * such a label to the next tab label or heading, or to the end of its one code block.
 * `missing` lists the labels not found.
 */
function twinShape(tree: Root, unrendered: UnrenderedTab[] = []): Shape & { missing: string[] } {
  const shape: Shape = { headings: [], tables: [], code: [] };
  const queue = [...unrendered];
  let skipping: UnrenderedTab | undefined;
  for (const node of tree.children) {
    const label = tabLabel(node);
    if (label !== undefined || node.type === 'heading') skipping = undefined;
    if (label !== undefined && label === queue[0]?.label) {
      skipping = queue.shift();
      continue;
    }
    if (!skipping) visit(node);
    else if (skipping.oneBlock && node.type === 'code') skipping = undefined;
  }
  function visit(node: Nodes) {
    if (node.type === 'heading') shape.headings.push(`h${node.depth} ${squash(textOf(node))}`);
    if (node.type === 'table') {
      shape.tables.push(`${node.children.length}×${node.children[0]?.children.length ?? 0}`);
    }
    if (node.type === 'code' && node.lang !== 'mermaid') shape.code.push(node.lang ?? 'text');
    if ('children' in node) node.children.forEach(visit);
  }
  return { ...shape, missing: queue.map((t) => t.label) };
}

/**
 * The page's samples tabs whose sample the static HTML does not hold (lazy Tabs): the request
 * samples' (the tab list `.api-samples__request`) are one code block each.
 */
function unrenderedTabs($: CheerioAPI): UnrenderedTab[] {
  return $('.api-page__samples [role="tablist"]')
    .toArray()
    .flatMap((list) =>
      $(list)
        .find('[role="tab"][aria-selected="false"]')
        .toArray()
        .map((t) => ({
          label: squash($(t).text()),
          oneBlock: $(list).hasClass('api-samples__request'),
        })),
    );
}

function pageShape($: CheerioAPI): Shape {
  const content = $('.theme-doc-markdown').first();
  content.find('.hash-link, [data-markdown-twin="omit"]').remove();
  return {
    headings: content
      .find('h1, h2, h3, h4, h5, h6')
      .toArray()
      .map((h) => `${h.tagName} ${squash($(h).text())}`),
    tables: content
      .find('table')
      .toArray()
      .map((t) => {
        const rows = $(t).find('tr');
        return `${rows.length}×${rows.first().children('th, td').length}`;
      }),
    code: content
      .find('pre')
      .toArray()
      .map((pre) => /\blanguage-([\w-]+)/.exec($(pre).attr('class') ?? '')?.[1] ?? 'text'),
  };
}

/** The built page of a twin (`a/b.md` → `a/b.html` or `a/b/index.html`). */
function pageOf(twin: string): string | undefined {
  const base = twin.replace(/\.md$/, '');
  return [`${base}.html`, join(base, 'index.html')].find((f) => existsSync(f));
}

const twins = existsSync(build) ? twinFiles(build).sort() : [];
const name = (file: string) => relative(build, file).split(sep).join('/');

describe('Markdown twins match their pages', () => {
  it('the build has twins, each with its page', () => {
    expect(twins.length, 'twins in build/').toBeGreaterThan(50);
    expect(twins.filter((t) => !pageOf(t)).map(name)).toEqual([]);
  });

  // Generated API pages: every field type the page shows (`array<ItemInput>`) is in the twin,
  // generic parameters included.
  it.each(twins.map((t) => [name(t), t]))(
    '%s: headings, tables, code blocks and field types',
    (_, twin) => {
      const page = pageOf(twin);
      if (!page) return;
      const $ = load(readFileSync(page, 'utf8'));
      const tree = parseTwin(readFileSync(twin, 'utf8'));
      const { missing, ...shape } = twinShape(tree, unrenderedTabs($));
      expect(missing, 'samples of unselected tabs in the twin').toEqual([]);
      expect(shape).toEqual(pageShape($));
      const types = new Set(
        $('.api-field__type')
          .toArray()
          .map((t) => squash($(t).text())),
      );
      const text = squash(textOf(tree));
      expect([...types].filter((type) => !text.includes(type))).toEqual([]);
      const markdown = readFileSync(twin, 'utf8');
      expect(markdown.match(/<\/?TryIt\b[^>]*>|try-it__\w+/g) ?? [], 'Try it panel').toEqual([]);
    },
  );
});

/**
 * `text` cut at its `---` lines (the separators between twins in llms-full.txt) that are not
 * inside a fenced code block, with each piece's first line number (1-based). A fence opens with
 * three or more backticks or tildes (up to any indent, as in list items) and closes with at
 * least as many of the same character and nothing after them. `unclosed` lists pieces that end
 * with a fence still open, by their first line.
 */
function piecesOutsideFences(text: string): {
  pieces: { line: number; text: string }[];
  unclosed: number[];
} {
  const lines = text.split('\n');
  const pieces: { line: number; text: string }[] = [];
  const unclosed: number[] = [];
  let open: { char: string; length: number } | null = null;
  let start = 0;
  const cut = (end: number) => {
    pieces.push({ line: start + 1, text: lines.slice(start, end).join('\n') });
    if (open) unclosed.push(start + 1);
  };
  lines.forEach((line, i) => {
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      const [, marks, rest] = fence;
      if (!open) open = { char: marks![0]!, length: marks!.length };
      else if (marks![0] === open.char && marks!.length >= open.length && !rest!.trim()) open = null;
    } else if (line === '---' && !open) {
      cut(i);
      start = i + 1;
    }
  });
  cut(lines.length);
  return { pieces, unclosed };
}

describe('llms-full.txt', () => {
  const file = join(build, 'llms-full.txt');
  const full = existsSync(file) ? readFileSync(file, 'utf8') : '';

  it('is there, with every twin', () => {
    expect(full.length).toBeGreaterThan(0);
    expect(full.split('\n---\n').length).toBeGreaterThan(twins.length / 2);
  });

  it('has no fence read as an indented code block', { timeout: 300_000 }, async () => {
    // Parsed twin by twin: the whole 3.4 MB file in one call held the test worker for 45 s,
    // long enough for Vitest's own messages to the runner to time out. The file is cut at its
    // `---` separators only where no fence is open, and every piece must close its fences.
    const { pieces, unclosed } = piecesOutsideFences(full);
    expect(unclosed).toEqual([]);
    const indented: string[] = [];
    for (const piece of pieces) {
      const visit = (node: Nodes) => {
        if (node.type === 'code' && !node.lang && /^(```|~~~)/m.test(node.value)) {
          indented.push(`line ${piece.line + (node.position?.start.line ?? 1) - 1}: ${node.value.split('\n')[0]}`);
        }
        if ('children' in node) node.children.forEach(visit);
      };
      visit(parseTwin(piece.text));
      // Let the worker answer the runner between pieces.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(indented).toEqual([]);
    expect(full.match(/^ {4,}(```|~~~)\S/gm) ?? []).toEqual([]);
  });

  it('has nothing of the Try it panel', () => {
    expect(full.match(/<\/?TryIt\b[^>]*>|try-it__\w+/g) ?? []).toEqual([]);
  });

  it('has no &#xA; entities and no generic type without parameters', () => {
    expect(full.match(/&#xA;/gi) ?? []).toEqual([]);
    // A type whose parameters were cut off keeps only its escape: `array\ |`.
    expect(full.match(/\b(array|object|map|record)\\(?!<)/gi) ?? []).toEqual([]);
  });
});
