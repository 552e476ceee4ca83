/**
 * Cleaning of the Markdown twins that docusaurus-plugin-llms writes from the MDX sources
 * (design/markdown-twins.md). Every function is pure: Markdown in, Markdown out.
 *
 * Each twin is parsed as CommonMark + GFM (mdast-util-from-markdown), and edits are made only
 * where the tree says they belong, so code blocks and code spans are never changed:
 * - the MDX `export const name = \`…\`;` declarations the upstream plugin leaks are removed;
 * - the site's components, kept as tags by the plugin's `preserveComponents`, are replaced with
 *   their Markdown renderings (`ApiDetails`, `CatalogColumnTable`, `ChangelogFeeds`,
 *   `ErrorCatalogTable`, `ProBadge`, `WidgetExample`; see `renderComponents`);
 * - relative links to source files become absolute links to the target's twin.
 */
import { posix } from 'node:path';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { catalogColumnTableMarkdown } from '../../src/components/CatalogColumnTable/markdown';
import { errorCatalogTableMarkdown } from '../../src/components/ErrorCatalogTable/markdown';
import { proBadgeMarkdown } from '../../src/components/ProBadge/markdown';
import { widgetExampleMarkdown } from '../../src/components/widgets/markdown';
import { changelogFeedsMarkdown } from '../changelog-feeds/theme/ChangelogFeeds/markdown';

/** Components whose tags the upstream plugin must keep for `renderComponents`. */
export const TWIN_COMPONENTS = [
  'ApiDetails',
  'CatalogColumnTable',
  'ChangelogFeeds',
  'ErrorCatalogTable',
  'ProBadge',
  'SandboxDownload',
  'WidgetExample',
] as const;

/** A twin's Markdown as a tree, with GFM (tables, strikethrough, autolinks). */
export function parseTwin(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** One replacement: characters [start, end) of the text become `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits (any order) to `text`. */
function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** Calls `visit` on every node of the tree, parents before children. */
function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/** Offsets [start, end) of a node in the parsed text. */
function span(node: Nodes): [number, number] {
  return [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0];
}

/** Offsets [start, end) of every code block (fenced or indented) of `markdown`. */
export function codeBlockRanges(markdown: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  walk(parseTwin(markdown), (node) => {
    if (node.type === 'code') ranges.push(span(node));
  });
  return ranges;
}

const inRanges = (ranges: Array<[number, number]>, offset: number) =>
  ranges.some(([start, end]) => offset >= start && offset < end);

/**
 * The export blocks of an MDX source as written: as MDX reads ESM, a line starting with
 * `export ` outside code blocks, and the lines after it up to a blank line. (A CommonMark
 * paragraph would end early, at a `<script>` line inside a template literal.) Imports are left
 * out: the upstream plugin removes them itself (`excludeImports`).
 */
export function exportBlocks(source: string): string[] {
  const candidates = [...source.matchAll(/^export\s[\s\S]*?(?=\n[ \t]*\n|\n?(?![\s\S]))/gm)];
  if (!candidates.length) return [];
  const blocks = codeBlockRanges(source);
  return candidates.filter((m) => !inRanges(blocks, m.index)).map((m) => m[0]);
}

const EXPORT_STRING = /^export const (\w+) = `([^`\\$]*)`;[ \t]*$/;

/** A string constant an MDX page exports, `export const cartEmbed = \`…\`;`: name and value. */
export interface ExportedString {
  name: string;
  value: string;
}

/**
 * The string constants among an MDX source's export blocks. Only plain template literals (no
 * `${}`, no backslash, no backtick inside) are read: that is how the pages declare embed code.
 */
export function exportedStrings(source: string): ExportedString[] {
  return exportBlocks(source).flatMap((block) => {
    const match = EXPORT_STRING.exec(block);
    return match ? [{ name: match[1], value: match[2] }] : [];
  });
}

/**
 * Removes the export blocks the upstream plugin leaks (exact text, as `exportBlocks` found them in
 * the source) from a twin; an occurrence inside a code block stays.
 */
export function dropExports(markdown: string, statements: Iterable<string>): string {
  let out = markdown;
  for (const statement of statements) {
    const blocks = codeBlockRanges(out);
    let at = out.indexOf(statement);
    while (at >= 0 && inRanges(blocks, at)) at = out.indexOf(statement, at + statement.length);
    if (at >= 0) out = out.slice(0, at) + out.slice(at + statement.length);
  }
  return out.replace(/\n{3,}/g, '\n\n');
}

/** Value of a quoted attribute (`name="…"`) of a tag, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Identifier of an expression attribute (`name={identifier}`) of a tag, or undefined. */
function expressionAttribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}=\\{\\s*(\\w+)\\s*\\}`).exec(tag)?.[1];
}

/**
 * Replaces the site's component tags in a raw-HTML part of a twin with their Markdown:
 * - `<ApiDetails status="404" summary="Not Found" note="codes 3001">` (API pages' collapsible
 *   parts) → `**404 Not Found** (codes 3001)` on its own line; `</ApiDetails>` goes;
 * - `<CatalogColumnTable topic="tax" />` → the topic's column table (GFM);
 * - `<ErrorCatalogTable api="connect" codes="1000-1999" />` → those codes' table (GFM);
 * - `<ProBadge />` (or `label="…"`) → `*Storefront Pro*`;
 * - `<WidgetExample title="Cart" embedCode={cartEmbed}>` → caption and `html` embed code,
 *   `embedCode` looked up in `strings` (the page's exported constants); `</WidgetExample>` goes;
 * - `<ChangelogFeeds />` (a changelog's subscribe line) → the same line with absolute links to
 *   `<pageUrl>.atom.xml` and `<pageUrl>.rss.xml`, where the changelog-feeds plugin writes them;
 *   dropped when `pageUrl` is unknown (a generated page);
 * - `<SandboxDownload />` → `sandboxDownload`, the single-file twin's link, checksum and commands
 *   in Markdown (plugins/sandbox-twin/theme/SandboxDownload/markdown.ts); dropped without it.
 * @param pageUrl the page's absolute URL without trailing slash, e.g.
 *   `https://docs.aisle.example/catalog/changelog`.
 * @throws Error naming the tag when a WidgetExample's `embedCode` is not an exported string.
 */
export function renderComponents(
  html: string,
  strings: ReadonlyMap<string, string>,
  pageUrl?: string,
  sandboxDownload = '',
): string {
  return html
    .replace(/<ChangelogFeeds\b[^>]*\/>/g, () => (pageUrl ? changelogFeedsMarkdown(pageUrl) : ''))
    .replace(/<SandboxDownload\b[^>]*\/>/g, () => sandboxDownload)
    .replace(/<ApiDetails\b[^>]*>/g, (tag) => {
      const title = [attribute(tag, 'status'), attribute(tag, 'summary')].filter(Boolean).join(' ');
      const note = attribute(tag, 'note');
      return title ? `**${title}**${note ? ` (${note})` : ''}\n` : '';
    })
    .replace(/<\/ApiDetails>/g, '')
    .replace(/<CatalogColumnTable\b[^>]*\/>/g, (tag) =>
      catalogColumnTableMarkdown(attribute(tag, 'topic') ?? ''),
    )
    .replace(/<ErrorCatalogTable\b[^>]*\/>/g, (tag) =>
      errorCatalogTableMarkdown(attribute(tag, 'api') ?? '', attribute(tag, 'codes') ?? ''),
    )
    .replace(/<ProBadge\b[^>]*\/>/g, (tag) => proBadgeMarkdown(attribute(tag, 'label')))
    .replace(/<WidgetExample\b[^>]*>/g, (tag) => {
      const name = expressionAttribute(tag, 'embedCode');
      const embedCode = name === undefined ? undefined : strings.get(name);
      if (embedCode === undefined) {
        throw new Error(
          `${tag}: embedCode must name a string the page exports (export const ${name ?? 'name'} = \`…\`;)`,
        );
      }
      return `${widgetExampleMarkdown({ title: attribute(tag, 'title') ?? '', embedCode })}\n`;
    })
    .replace(/<\/WidgetExample>/g, '');
}

/** Route of a docs source file relative to docs/ (`connect/index.mdx` → `/connect`). */
export function routeOfSource(sourcePath: string): string {
  const route = `/${sourcePath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`;
  return route === '/' ? '/' : route.replace(/\/$/, '');
}

/**
 * The absolute twin URL of a relative link to a source file, or undefined for any other
 * link (absolute, root-relative, anchor-only, mailto, not `.md`/`.mdx`).
 * @param url e.g. `../catalog/index.mdx#core-columns`.
 * @param sourcePath the linking twin's source, relative to docs/.
 * @param origin site origin + base path without trailing slash.
 */
export function twinUrl(url: string, sourcePath: string, origin: string): string | undefined {
  const match = /^(?!https?:|mailto:|#|\/)([^#\s]+?\.mdx?)(#.*)?$/.exec(url);
  if (!match) return undefined;
  const resolved = posix.normalize(posix.join(posix.dirname(sourcePath), match[1]));
  return `${origin}${routeOfSource(resolved)}.md${match[2] ?? ''}`;
}

/** Plain text of a node: its text and code values, markup left out. */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  return 'children' in node ? node.children.map(plainText).join('') : '';
}

/**
 * Puts back a section heading that repeats the page title. The upstream plugin drops the first
 * heading of any level whose text is the title (it means the body's own H1), so a page titled
 * "Request headers" whose first section is `## Request headers` loses that heading. When the
 * source has no H1 and the twin lacks the source's heading, the heading goes back before the
 * first line of the block that follows it in the source. Otherwise the twin is returned as is.
 */
export function restoreTitleSection(twin: string, source: string): string {
  // Cheap test first: most pages have no section heading that repeats their title line.
  const titleLine = /^# (.+)$/m.exec(twin)?.[1].trim();
  const escaped = titleLine?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!escaped || !new RegExp(`^#{2,6}[ \\t]+${escaped}[ \\t]*$`, 'm').test(source)) return twin;
  const twinTree = parseTwin(twin);
  const titleNode = twinTree.children.find((n) => n.type === 'heading' && n.depth === 1);
  if (!titleNode) return twin;
  const title = plainText(titleNode).trim();
  // Front matter would parse as a thematic break and a setext heading.
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, (m) => m.replace(/[^\n]/g, ' '));
  const blocks = parseTwin(body).children;
  const at = blocks.findIndex((n) => n.type === 'heading' && plainText(n).trim() === title);
  const heading = blocks[at];
  if (at < 0 || heading.type !== 'heading' || heading.depth === 1) return twin;
  if (blocks.slice(0, at).some((n) => n.type === 'heading' && n.depth === 1)) return twin;
  const kept = twinTree.children.some(
    (n) => n.type === 'heading' && n.depth === heading.depth && plainText(n).trim() === title,
  );
  const next = blocks[at + 1];
  if (kept || !next) return twin;
  const firstLine = body.slice(...span(next)).split('\n')[0];
  const from = span(titleNode)[1];
  const where = twin.indexOf(`\n${firstLine}`, from);
  if (where < 0) return twin;
  const line = body.slice(...span(heading)).split('\n')[0];
  return `${twin.slice(0, where + 1)}${line}\n\n${twin.slice(where + 1)}`;
}

/** Options of `cleanTwin`. */
export interface CleanTwinOptions {
  /** The twin's source relative to docs/; undefined for generated pages (links kept). */
  sourcePath?: string;
  /** The source's MDX text, for its exported strings; undefined when there is none. */
  source?: string;
  /** Site origin + base path without trailing slash, e.g. `https://docs.aisle.example`. */
  origin: string;
  /** `<SandboxDownload />` in Markdown (see renderComponents); empty when the build has none. */
  sandboxDownload?: string;
}

/**
 * One clean twin (see the module comment).
 * @throws Error from `renderComponents` for a widget example without its embed code.
 */
export function cleanTwin(markdown: string, options: CleanTwinOptions): string {
  const source = options.source ?? '';
  const strings = new Map(exportedStrings(source).map(({ name, value }) => [name, value]));
  const text = dropExports(
    options.source ? restoreTitleSection(markdown, options.source) : markdown,
    exportBlocks(source),
  );
  const edits: Edit[] = [];
  walk(parseTwin(text), (node) => {
    if (node.type === 'html') {
      const [start, end] = span(node);
      const pageUrl = options.sourcePath
        ? `${options.origin}${routeOfSource(options.sourcePath)}`
        : undefined;
      const rendered = renderComponents(node.value, strings, pageUrl, options.sandboxDownload);
      if (rendered !== node.value) edits.push({ start, end, text: rendered.replace(/\n+$/, '') });
    } else if (node.type === 'link' && options.sourcePath) {
      const target = twinUrl(node.url, options.sourcePath, options.origin);
      if (!target) return;
      const [start, end] = span(node);
      const raw = text.slice(start, end);
      // The destination is the last `](…)` of the link's text; its label may hold brackets.
      const at = raw.lastIndexOf('](');
      if (at >= 0) edits.push({ start: start + at, end, text: `](${target})` });
    }
  });
  return `${applyEdits(text, edits)
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/**
 * Groups the llms.txt entry lines by section.
 * @param entries lines such as `- [Title](https://x.example/connect/sandbox.md): …`.
 * @param titleOf returns a section's heading from its first path segment, or undefined.
 * @returns Markdown with one `## Section` list per section, in first-appearance order; a
 *   section without a root page is headed by its first page's title.
 */
export function groupBySection(
  entries: readonly string[],
  titleOf: (segment: string) => string | undefined,
): string {
  const groups = new Map<string, string[]>();
  for (const line of entries) {
    const url = /\]\((https?:\/\/[^)]+)\)/.exec(line)?.[1];
    if (!url) continue;
    const segment = new URL(url).pathname.replace(/^\//, '').split('/')[0].replace(/\.md$/, '');
    const lines = groups.get(segment) ?? [];
    lines.push(line);
    groups.set(segment, lines);
  }
  const heading = (segment: string, lines: string[]) =>
    titleOf(segment) ?? /^- \[([^\]]+)\]/.exec(lines[0])?.[1] ?? segment;
  return [...groups]
    .map(([segment, lines]) => `## ${heading(segment, lines)}\n\n${lines.join('\n')}`)
    .join('\n\n');
}
