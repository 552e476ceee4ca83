/**
 * Remark plugin `az-index`: an A–Z bar at the top of long alphabetical pages (the glossary).
 * Each letter links to the first `###` term that starts with it; letters without a term are
 * shown greyed, not linked. It runs after Docusaurus's own heading plugin, so the anchors are
 * the ids the headings really get (the build fails on a broken anchor all the same).
 *
 * Options: `files`, the doc paths (relative to the docs folder) that get the bar, e.g.
 * `['glossary/index.mdx']`; `label`, the bar's accessible name.
 */
import type { Heading, PhrasingContent, Root, RootContent } from 'mdast';

/** Options of the plugin (see module comment). */
export interface AzIndexOptions {
  files: string[];
  label: string;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

function textOf(node: { value?: unknown; children?: unknown[] }): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map((c) => textOf(c as typeof node)).join('');
}

/**
 * The first heading id per initial letter (A–Z, accents folded: `Élan` files under E).
 * @param headings `###` headings in document order, with the id Docusaurus gave them.
 */
export function firstIdPerLetter(headings: { text: string; id: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { text, id } of headings) {
    const letter = text
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .charAt(0)
      .toUpperCase();
    if (letter && !out.has(letter)) out.set(letter, id);
  }
  return out;
}

export default function remarkAzIndex(options: AzIndexOptions) {
  return (tree: Root, file: { path?: string; history?: string[] }) => {
    const path = (file.path ?? file.history?.[0] ?? '').replace(/\\/g, '/');
    if (!options.files.some((f) => path.endsWith(`/docs/${f}`))) return;
    const headings = tree.children
      .filter((n): n is Heading => n.type === 'heading' && n.depth === 3)
      .map((h) => ({
        text: textOf(h),
        id: String((h.data as { id?: string } | undefined)?.id ?? ''),
      }))
      .filter((h) => h.id);
    const first = firstIdPerLetter(headings);
    if (!first.size) return;
    const children: PhrasingContent[] = [];
    for (const letter of LETTERS) {
      const id = first.get(letter);
      children.push(
        id
          ? { type: 'link', url: `#${id}`, children: [{ type: 'text', value: letter }] }
          : ({
              type: 'mdxJsxTextElement',
              name: 'span',
              attributes: [
                { type: 'mdxJsxAttribute', name: 'className', value: 'az-index__empty' },
              ],
              children: [{ type: 'text', value: letter }],
            } as unknown as PhrasingContent),
      );
    }
    const nav = {
      type: 'mdxJsxFlowElement',
      name: 'nav',
      attributes: [
        { type: 'mdxJsxAttribute', name: 'className', value: 'az-index' },
        { type: 'mdxJsxAttribute', name: 'aria-label', value: options.label },
      ],
      children: [{ type: 'paragraph', children }],
    } as unknown as RootContent;
    // After the introduction: before the first heading.
    const at = tree.children.findIndex((n) => n.type === 'heading');
    tree.children.splice(at < 0 ? 0 : at, 0, nav);
  };
}
