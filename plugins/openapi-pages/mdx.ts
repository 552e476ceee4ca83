/**
 * MDX-safe serialisation. Text from a definition is parsed as CommonMark + GFM (never as MDX),
 * raw HTML is turned into plain text, and the tree is written with mdast-util-to-markdown's MDX
 * extension, which escapes `{` and `<` where MDX would read them as code
 * (design/openapi-pages.md).
 */
import type { Nodes, PhrasingContent, Root, RootContent, TableRow } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { mdxToMarkdown } from 'mdast-util-mdx';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';

/** Any mdast node, including the MDX JSX node types. */
export type Block = RootContent;
export type Inline = PhrasingContent;

/** Replaces raw HTML nodes (anywhere in the tree) with text, so markup shows as written. */
function htmlToText<T extends { children?: unknown[] }>(node: T): T {
  if (!Array.isArray(node.children)) return node;
  node.children = node.children.map((child) => {
    const c = child as { type: string; value?: string; children?: unknown[] };
    if (c.type === 'html') return { type: 'text', value: c.value ?? '' };
    return htmlToText(c);
  });
  return node;
}

/**
 * Parsed descriptions by their text. A shared schema's field descriptions appear on every page
 * that uses it, and a preview edit renders its page again with all but one of them unchanged.
 * Cleared when it reaches `PARSED_MAX` entries (the ten definitions hold about 1,500 texts).
 */
const parsed = new Map<string, Block[]>();
const PARSED_MAX = 20_000;

/**
 * Markdown text from a definition as block nodes (paragraphs, lists, code…): a new copy on each
 * call, which the caller may put into its page's tree and change.
 */
export function markdownBlocks(text: string | undefined): Block[] {
  if (!text?.trim()) return [];
  let blocks = parsed.get(text);
  if (!blocks) {
    const tree = htmlToText(
      fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }),
    ) as Root;
    blocks = tree.children;
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(text, blocks);
  }
  return structuredClone(blocks);
}

/**
 * Markdown text as inline nodes for a table cell: paragraphs are joined with a space, list
 * items and code blocks are flattened to inline text and code.
 */
export function markdownInline(text: string | undefined): Inline[] {
  const out: Inline[] = [];
  const visit = (nodes: Nodes[]) => {
    for (const node of nodes) {
      switch (node.type) {
        case 'paragraph':
        case 'heading':
        case 'tableCell':
          if (out.length) out.push({ type: 'text', value: ' ' });
          out.push(...(node.children as Inline[]));
          break;
        case 'code':
          if (out.length) out.push({ type: 'text', value: ' ' });
          out.push({ type: 'inlineCode', value: node.value.replace(/\s*\n\s*/g, ' ') });
          break;
        case 'list':
        case 'listItem':
        case 'blockquote':
        case 'table':
        case 'tableRow':
          visit(node.children as Nodes[]);
          break;
        case 'thematicBreak':
          break;
        default:
          out.push(node as Inline);
      }
    }
  };
  visit(markdownBlocks(text) as Nodes[]);
  return out;
}

/** Plain text of Markdown (for front matter descriptions). */
export function plainText(text: string | undefined): string {
  const parts: string[] = [];
  const visit = (node: Nodes) => {
    if ('value' in node && typeof node.value === 'string' && node.type !== 'code')
      parts.push(node.value);
    if ('children' in node) for (const c of node.children as Nodes[]) visit(c);
    if (node.type === 'paragraph' || node.type === 'listItem') parts.push(' ');
  };
  for (const b of markdownBlocks(text)) visit(b as Nodes);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export const text = (value: string): Inline => ({ type: 'text', value });
export const code = (value: string): Inline => ({ type: 'inlineCode', value });
export const strong = (...children: Inline[]): Inline => ({ type: 'strong', children });
export const link = (url: string, ...children: Inline[]): Inline => ({
  type: 'link',
  url,
  children,
});
export const paragraph = (...children: Inline[]): Block => ({ type: 'paragraph', children });
export const heading = (depth: 2 | 3 | 4, ...children: Inline[]): Block => ({
  type: 'heading',
  depth,
  children,
});
export const codeBlock = (lang: string, value: string, meta?: string): Block => ({
  type: 'code',
  lang,
  meta: meta ?? null,
  value,
});
export const list = (items: Inline[][]): Block => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children) => ({
    type: 'listItem',
    spread: false,
    children: [{ type: 'paragraph', children }],
  })),
});

/** A GFM table; `header` and each row are lists of cells (inline nodes). */
export function table(header: string[], rows: Inline[][][]): Block {
  const row = (cells: Inline[][]): TableRow => ({
    type: 'tableRow',
    children: cells.map((children) => ({ type: 'tableCell', children })),
  });
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((h) => [text(h)])), ...rows.map(row)],
  };
}

/** JSX attribute values: a string, or `true` for a boolean attribute written bare (`open`). */
export type JsxAttributes = Record<string, string | true | undefined>;

/** Attributes as mdast MDX JSX attribute nodes; `undefined` ones are left out. */
function jsxAttributes(attributes: JsxAttributes) {
  return Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({
      type: 'mdxJsxAttribute',
      name: key,
      value: value === true ? null : value,
    }));
}

/** A JSX flow element, e.g. `<TabItem value="curl" label="cURL">`. */
export function jsx(name: string, attributes: JsxAttributes, children: Block[]): Block {
  const node = { type: 'mdxJsxFlowElement', name, attributes: jsxAttributes(attributes), children };
  return node as unknown as Block;
}

/** A JSX text (inline) element, e.g. `<span className="api-method">POST</span>`. */
export function jsxInline(name: string, attributes: JsxAttributes, children: Inline[]): Inline {
  const node = { type: 'mdxJsxTextElement', name, attributes: jsxAttributes(attributes), children };
  return node as unknown as Inline;
}

/**
 * Serialises blocks to MDX text, with the children of JSX flow elements not indented
 * (flattenJsxIndent).
 */
export function toMdx(blocks: Block[]): string {
  return flattenJsxIndent(
    toMarkdown({ type: 'root', children: blocks } as Root, {
      extensions: [gfmToMarkdown({ tablePipeAlign: false }), mdxToMarkdown()],
      fences: true,
      bullet: '-',
      emphasis: '_',
      rule: '-',
    }),
  );
}

/** A line that is only an opening JSX tag (`<div className="x">`), only a closing one, or fences. */
const OPEN_TAG = /^<([A-Za-z][\w.]*)(?:\s+[^<>]*)?>$/;
const CLOSE_TAG = /^<\/([A-Za-z][\w.]*)>$/;
const FENCE = /^(`{3,}|~{3,})/;

/**
 * What a line of MDX written by toMdx is, for code that follows its JSX flow elements line by
 * line: `open` or `close`, a flow element's opening or closing tag alone on its line (toMdx
 * writes flow elements so; a self-closing tag is `other`); `code`, a line of a code fence, the
 * fence lines included; `other`, anything else.
 */
export type FlowLine = 'open' | 'close' | 'code' | 'other';

/** The FlowLine of each of `lines`, in order. */
export function flowLines(lines: string[]): FlowLine[] {
  let fence: string | undefined;
  return lines.map((line) => {
    const bare = line.trim();
    if (fence) {
      if (bare.startsWith(fence) && /^(`+|~+)\s*$/.test(bare)) fence = undefined;
      return 'code';
    }
    const opening = FENCE.exec(bare);
    if (opening) {
      fence = opening[1];
      return 'code';
    }
    if (CLOSE_TAG.test(bare)) return 'close';
    if (OPEN_TAG.test(bare) && !bare.endsWith('/>')) return 'open';
    return 'other';
  });
}

/**
 * Removes the two spaces per level that mdast-util-mdx-jsx puts before the children of a JSX
 * flow element. MDX does not need them, and Markdown read without MDX (the `.md` twins that
 * docusaurus-plugin-llms writes from the source) takes text indented four spaces or more as
 * code. Lines inside code fences lose the same indentation, so code keeps its own.
 */
export function flattenJsxIndent(mdx: string): string {
  const lines = mdx.split('\n');
  const kinds = flowLines(lines);
  let depth = 0;
  return lines
    .map((line, i) => {
      if (kinds[i] === 'close') depth = Math.max(0, depth - 1);
      const out = line.slice(Math.min(2 * depth, /^ */.exec(line)![0].length));
      if (kinds[i] === 'open') depth++;
      return out;
    })
    .join('\n');
}
