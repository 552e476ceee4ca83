/**
 * A code block's token lines as one HTML string, for `@theme/CodeBlock/Content`
 * (./theme/CodeBlock/Content) to set as the `<code>` element's inner HTML.
 *
 * Why a string: React hydrates an element whose content is `dangerouslySetInnerHTML` without
 * walking its children, so a block costs one element to hydrate instead of one per line and
 * token (an API page's samples are about 3,900 elements; design/build-time-highlighting.md,
 * "Hydration"). The markup is what theme-classic 3.10.2's `CodeBlock/Line` and
 * `CodeBlock/Line/Token` render without line numbers, escaped as React's server renderer
 * escapes text, with one difference: a token of Prism's `plain` type (text no grammar rule
 * matched: indentation, spaces, most of a shell command) is written as bare text, not as
 * `<span class="token plain">`. It takes the line's colour either way, since the Prism themes
 * give `plain` no style of their own (the plugin refuses a theme that does), and leaving the
 * span out cuts one in ten elements of an API page and one in four of a guide full of code
 * (design/build-time-highlighting.md, "Plain tokens as text").
 */
import type { Token } from './tokens';

const ESCAPED: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/** `text` escaped for HTML text or a quoted attribute, with React's five entities. */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPED[c]!);
}

/**
 * A token of Prism's `plain` type alone, written as bare text (nothing when it has none), not as
 * a span. Not the `empty` token, whose inline-block span holds an empty line's height.
 */
function isPlainText(token: Token): boolean {
  return !token.empty && token.types.length === 1 && token.types[0] === 'plain';
}

/**
 * One line's HTML: `<div class="token-line …">` with a `<span class="token …">` per token
 * (bare text for a `plain` token) and a closing `<br/>`. A line holding only a line
 * break renders as an empty token (upstream's `fixLineBreak`); an empty token keeps its span and
 * its height with `display:inline-block`.
 */
function lineHtml(line: Token[], classNames: readonly string[] | undefined): string {
  const tokens =
    line.length === 1 && line[0]!.content === '\n' ? [{ ...line[0]!, content: '' }] : line;
  let html = `<div class="${escapeHtml(['token-line', ...(classNames ?? [])].filter(Boolean).join(' '))}">`;
  for (const token of tokens) {
    if (isPlainText(token)) {
      html += escapeHtml(token.content);
      continue;
    }
    const className = escapeHtml(['token', ...token.types].join(' '));
    const style = token.empty ? ' style="display:inline-block"' : '';
    html += `<span class="${className}"${style}>${escapeHtml(token.content)}</span>`;
  }
  return `${html}<br/></div>`;
}

/**
 * The inner HTML of a block's `<code>`: `lines` as Prism's normalized token lines,
 * `lineClassNames` the magic comments' classes by line index (the code block metadata's
 * `lineClassNames`). Lines with line numbers are not handled here: the caller renders those
 * with `@theme/CodeBlock/Line`.
 */
export function tokenLinesHtml(
  lines: readonly Token[][],
  lineClassNames: Readonly<Record<number, readonly string[]>> = {},
): string {
  let html = '';
  for (let i = 0; i < lines.length; i++) html += lineHtml(lines[i]!, lineClassNames[i]);
  return html;
}
