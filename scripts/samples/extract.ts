/**
 * Code samples as readers see them, read from the built site's Markdown twins (`build/**\/*.md`,
 * cleaned by plugins/markdown-twins). The twins hold every page's fenced blocks, hand-written
 * guides and generated API pages alike, with each tab's label as a bold line above its block
 * (design/sample-execution.md says why the twins and not the MDX sources).
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Code, Paragraph, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** Languages whose blocks are samples. `curl` is a shell block that runs `curl`. */
export type SampleLanguage = 'curl' | 'shell' | 'python' | 'javascript' | 'go' | 'java';

/** Fence tags read as each language (CONTRIBUTING.md "Code blocks"). */
const LANGUAGE_TAGS: Record<string, Exclude<SampleLanguage, 'curl'>> = {
  bash: 'shell',
  shell: 'shell',
  sh: 'shell',
  python: 'python',
  py: 'python',
  javascript: 'javascript',
  js: 'javascript',
  node: 'javascript',
  go: 'go',
  java: 'java',
};

/** An operation as a page names it: `POST /v2/fulfillment/users/{user_id}/orders/delivery`. */
export interface Endpoint {
  method: string;
  path: string;
}

/** One fenced block in a sample language. */
export interface CodeSample {
  /** URL path of the page (`/connect/fulfillment/api/create_delivery_order`). */
  page: string;
  /** The twin, relative to the build folder (`connect/fulfillment/api/create_delivery_order.md`). */
  file: string;
  /** Position of the block among every fenced block of the page, from 0 (any language). */
  index: number;
  /** Line of the opening fence in the twin, from 1. */
  line: number;
  language: SampleLanguage;
  /** The fence's tag as written (`bash`, `js`, …). */
  tag: string;
  /** Label of the tab the block sits in (`cURL`, `Python`), or undefined outside tabs. */
  tab?: string;
  /** Text of the nearest heading above the block, or '' at the top of the page. */
  heading: string;
  code: string;
  /** True on a page generated from `openapi/*.yaml` (it starts with `METHOD \`path\``). */
  generated: boolean;
  /** The operation the page documents (generated pages only). */
  pageEndpoint?: Endpoint;
  /**
   * The success status the page documents for this block: on generated pages the first 2xx of
   * the response-sample tabs; on guides a status stated in the paragraph right after the block
   * (or its tab group), such as "Each status call answers `200`".
   */
  pageStatus?: number;
  /**
   * Generated pages only: every 2xx of the response-sample tabs. The request samples are shared
   * by them, so an answer with any of these is one the page documents (`create_sandbox_user`:
   * `200` for a user that exists, `201` for a new one).
   */
  pageStatuses?: number[];
  /**
   * Files the page gives as titled blocks (` ```json title="recipe.json" `), by name: the inputs
   * its samples read (`--data @recipe.json`). Shared by every sample of the page.
   */
  pageFiles: Record<string, string>;
  /**
   * Shell functions an earlier block of the page defines and this block calls ("Define a shell
   * helper … so each step below is one line"), put before `code` when it runs.
   */
  prelude?: string;
}

const TAB_LABELS = new Set(['cURL', 'Python', 'Node.js', 'JavaScript', 'Go', 'Java', 'Shell']);

/**
 * Block nodes in document order, lists and block quotes opened, so a block inside a list item
 * ("3. Define a shell helper: ```bash …") is found like any other.
 */
function flatten(nodes: RootContent[]): RootContent[] {
  return nodes.flatMap((node) =>
    node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote'
      ? flatten(node.children as RootContent[])
      : [node],
  );
}

/** Parses Markdown (CommonMark + GFM), as plugins/markdown-twins does. */
function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** The text of a paragraph that is a single bold run (`**cURL**`), else undefined. */
function boldLine(node: RootContent): string | undefined {
  if (node.type !== 'paragraph' || node.children.length !== 1) return undefined;
  const only = node.children[0];
  if (only.type !== 'strong') return undefined;
  return only.children.map((c) => ('value' in c ? c.value : '')).join('');
}

function plainText(node: RootContent | Paragraph): string {
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as RootContent[]).map(plainText).join('');
  return '';
}

/** A file a sample reads, as pages name them (`order.json`, `units.json`). */
const FILE_NAME = /^[\w.-]+\.(json|jsonld|csv|txt)$/;

/** Shell functions a shell block defines (`sandbox() { … }`), by name, with their text. */
function definedFunctions(tag: string | null | undefined, code: string): [string, string][] {
  if (!['bash', 'shell', 'sh'].includes((tag ?? '').toLowerCase())) return [];
  return [...code.matchAll(/^(\w+)\(\)\s*\{[\s\S]*?^\}/gm)].map((m) => [m[1], m[0]]);
}

/** The definitions of the page's shell functions that `code` calls without defining them. */
function usedFunctions(code: string, defined: Map<string, string>): string {
  return [...defined]
    .filter(
      ([name]) => new RegExp(`^\\s*${name}\\s`, 'm').test(code) && !code.includes(`${name}()`),
    )
    .map(([, body]) => body)
    .join('\n');
}

/** A file's block has the file's language (a `.json` file is a `json` block, not the jq filter). */
function fileMatchesTag(name: string, tag: string | null | undefined): boolean {
  const ext = name.split('.').pop() ?? '';
  const lang = (tag ?? '').toLowerCase();
  if (ext === 'json' || ext === 'jsonld') return lang === 'json' || lang === 'jsonld';
  if (ext === 'csv') return lang === 'csv';
  return lang === 'text' || lang === 'txt' || lang === '';
}

const METHOD_LINE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\/\S*)$/;
/** "answers `201`", "returns `200`", "Aisle answered `201`": a status stated in prose. */
const STATED_STATUS =
  /\b(?:answers|answered|returns|returned|responds(?: with)?)\b[^.`]{0,12}`([1-5]\d\d)`/;

/** The language of a fence tag and its code, or undefined when the block is not a sample. */
export function sampleLanguage(tag: string | null | undefined, code: string) {
  const lang = LANGUAGE_TAGS[(tag ?? '').toLowerCase()];
  if (!lang) return undefined;
  if (lang === 'shell' && /(^|[\s;|&(`$])curl\s/m.test(code)) return 'curl';
  return lang;
}

/**
 * The samples of one twin, in page order.
 * @param file path relative to the build folder, with `/` separators (`a/b.md`, `a/index.md`).
 */
export function samplesOfTwin(file: string, markdown: string): CodeSample[] {
  const tree = parse(markdown);
  const page = pageOfTwin(file);
  const nodes = flatten(tree.children);
  const out: CodeSample[] = [];
  const pageFiles: Record<string, string> = {};
  nodes.forEach((node, i) => {
    if (node.type !== 'code') return;
    // Named by its title, or by the paragraph just above ("Save this payload as `sale.json`:").
    let name = /title="([^"]+)"/.exec(node.meta ?? '')?.[1];
    const above = nodes[i - 1];
    if (!name && above?.type === 'paragraph') {
      const codes = above.children.filter((c) => c.type === 'inlineCode').map((c) => c.value);
      name = codes.reverse().find((c) => FILE_NAME.test(c));
    }
    if (name && FILE_NAME.test(name) && fileMatchesTag(name, node.lang)) {
      pageFiles[name] = `${node.value}\n`;
    }
  });
  let heading = '';
  let fenceIndex = -1;
  let pageEndpoint: Endpoint | undefined;
  const pageSuccesses: number[] = [];
  // A generated page names its operation in the first paragraphs: POST `/v2/…`.
  for (const node of nodes.slice(0, 6)) {
    if (node.type !== 'paragraph') continue;
    const children = node.children;
    if (children.length === 2 && children[0].type === 'text' && children[1].type === 'inlineCode') {
      const m = METHOD_LINE.exec(`${children[0].value.trim()} ${children[1].value}`);
      if (m) pageEndpoint = { method: m[1], path: m[2] };
    }
  }
  if (pageEndpoint) {
    for (const node of nodes) {
      if (node.type === 'heading' && node.depth === 2 && plainText(node) !== 'Endpoint') {
        if (out.length || pageSuccesses.length) break;
      }
      const label = boldLine(node);
      if (label && /^2\d\d$/.test(label)) pageSuccesses.push(Number(label));
    }
  }
  const shellFunctions = new Map<string, string>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.type === 'heading') heading = plainText(node);
    if (node.type !== 'code') continue;
    fenceIndex++;
    const code = node as Code;
    const prelude = sampleLanguage(code.lang, code.value)
      ? usedFunctions(code.value, shellFunctions)
      : '';
    for (const [name, body] of definedFunctions(code.lang, code.value))
      shellFunctions.set(name, body);
    const language = sampleLanguage(code.lang, prelude ? `${prelude}\n${code.value}` : code.value);
    if (!language) continue;
    const previous = nodes[i - 1];
    const label = previous ? boldLine(previous) : undefined;
    out.push({
      page,
      file,
      index: fenceIndex,
      line: code.position?.start.line ?? 0,
      language,
      tag: code.lang ?? '',
      tab: label && TAB_LABELS.has(label) ? label : undefined,
      heading,
      code: prelude ? `${prelude}\n${code.value}` : code.value,
      generated: Boolean(pageEndpoint),
      pageEndpoint,
      pageStatus: pageEndpoint ? pageSuccesses[0] : statedStatus(nodes, i),
      ...(pageEndpoint && { pageStatuses: [...pageSuccesses] }),
      pageFiles,
      ...(prelude && { prelude }),
    });
  }
  return out;
}

/**
 * A status stated in the first paragraph after the block, past the rest of its tab group and any
 * JSON block showing the answer; undefined when that paragraph states none.
 */
function statedStatus(nodes: RootContent[], at: number): number | undefined {
  for (let j = at + 1; j < nodes.length && j < at + 14; j++) {
    const node = nodes[j];
    if (node.type === 'code' || boldLine(node) !== undefined) continue;
    if (node.type === 'paragraph') return statusInProse(plainText(node));
    return undefined;
  }
  return undefined;
}

/** Words that make a stated status conditional ("without it they answer `403`"). */
const CONDITIONAL = /\b(if|without|unless|when|otherwise|once|after|another)\b/i;

/**
 * The first status a paragraph states for the sample itself: "Each status call answers `200`",
 * not "If a call answers `409`" or "without it they answer `403`".
 */
export function statusInProse(text: string): number | undefined {
  for (const sentence of text.split(/(?<=[.:;])\s+/)) {
    const m = STATED_STATUS.exec(sentence);
    if (m && !CONDITIONAL.test(sentence.slice(0, m.index))) return Number(m[1]);
  }
  return undefined;
}

/** URL path of a twin: `a/b.md` → `/a/b`, `a/index.md` → `/a/`, `index.md` → `/`. */
export function pageOfTwin(file: string): string {
  const path = file.split(sep).join('/').replace(/\.md$/, '');
  if (path === 'index') return '/';
  if (path.endsWith('/index')) return `/${path.slice(0, -'index'.length)}`;
  return `/${path}`;
}

/** Files that are not page twins: the llms files are concatenations of the twins. */
const NOT_TWINS = new Set(['llms.txt', 'llms-full.txt']);

/**
 * Every sample of the built site, by page path then position.
 * @throws Error naming the folder when it holds no Markdown twin (the site is not built).
 */
export async function extractSamples(buildDir: string): Promise<CodeSample[]> {
  const files = (await readdir(buildDir, { recursive: true }))
    .filter((f) => f.endsWith('.md') && !NOT_TWINS.has(f))
    .sort();
  if (!files.length) {
    throw new Error(`${buildDir} holds no Markdown twin (*.md): run \`npm run build\` first`);
  }
  const out: CodeSample[] = [];
  for (const file of files) {
    const markdown = await readFile(join(buildDir, file), 'utf8');
    out.push(...samplesOfTwin(relative('.', file).split(sep).join('/'), markdown));
  }
  return out;
}
