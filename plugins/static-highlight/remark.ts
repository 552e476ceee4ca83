/**
 * Remark plugin of `static-highlight`: tokenizes every fenced code block at build time and
 * stores the tokens on it as the `data-tokens` prop (format: ./tokens.ts), so the browser
 * renders highlighted code without Prism (./theme/CodeBlock/Content).
 *
 * The tokens are for the block's text as written. When the theme shows something else (magic
 * comments such as `// highlight-next-line` remove lines), the code block sees that the
 * tokens do not fit its code and highlights in the browser instead, so a block is never shown
 * with the wrong text.
 */
import { addLanguages, tokenize } from './tokenize';
import { encodeTokens } from './tokens';

/** Options: the site's `themeConfig.prism` values that change what a block shows. */
export interface StaticHighlightOptions {
  additionalLanguages: readonly string[];
  /** Language of blocks without one, as `themeConfig.prism.defaultLanguage`. */
  defaultLanguage?: string;
  /** Languages rendered by something other than a code block (theme-mermaid's diagrams). */
  skipLanguages?: readonly string[];
}

interface CodeNode {
  type: 'code';
  lang?: string | null;
  meta?: string | null;
  value: string;
  data?: { hProperties?: Record<string, unknown> };
}
interface ParentNode {
  type: string;
  children?: unknown[];
}

/** The `data-tokens` value for one fenced block (exported for tests). */
export function tokensProp(node: CodeNode, options: StaticHighlightOptions): string {
  // The theme's language rule: the block's, else the default, else "text" (lower-cased).
  const language = (node.lang ?? options.defaultLanguage ?? 'text').toLowerCase();
  return JSON.stringify(encodeTokens(tokenize(node.value, language)));
}

/** The remark plugin (unified attacher). */
export default function remarkStaticHighlight(options: StaticHighlightOptions) {
  addLanguages(options.additionalLanguages);
  const skip = new Set(options.skipLanguages ?? []);
  function visit(node: ParentNode | CodeNode) {
    if (node.type === 'code') {
      const code = node as CodeNode;
      if (code.lang && skip.has(code.lang)) return;
      code.data ??= {};
      code.data.hProperties = { ...code.data.hProperties, dataTokens: tokensProp(code, options) };
      return;
    }
    for (const child of (node as ParentNode).children ?? []) visit(child as ParentNode);
  }
  return (tree: ParentNode) => visit(tree);
}
