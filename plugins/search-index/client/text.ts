/**
 * Text helpers for search hits: HTML escaping, highlighting and snippets. Record text is
 * untrusted as far as the modal is concerned (it is injected with dangerouslySetInnerHTML),
 * so every piece is escaped before highlight tags are added.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes `& < > " '` for safe use in HTML text and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Word characters as the engine's tokenizer sees them (letters, digits, marks). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Lower-cased words of `text`, the unit that highlighting compares. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []) as string[];
}

export interface Highlighted {
  /** Escaped HTML with matches wrapped in the pre/post tags. */
  value: string;
  /** Query words (as given) that matched somewhere in the text. */
  matchedWords: string[];
  matchLevel: 'none' | 'partial' | 'full';
}

/**
 * Highlights in `text` every word that the engine matched.
 * @param text raw text.
 * @param matchedTerms lower-cased document terms the engine matched (exact, prefix or fuzzy).
 * @param queryWords lower-cased query words, for `matchedWords`/`matchLevel`.
 * @param matchedBy maps a document term to the query word it matched.
 * @param normalise turns a lower-cased word of `text` into the form the engine indexed (the
 *   engine's term processing, such as plural to singular); identity by default.
 */
export function highlight(
  text: string,
  matchedTerms: ReadonlySet<string>,
  queryWords: readonly string[],
  matchedBy: ReadonlyMap<string, string>,
  pre = '<mark>',
  post = '</mark>',
  normalise: (word: string) => string = (word) => word,
): Highlighted {
  let out = '';
  let last = 0;
  const matched = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const term = normalise(m[0].toLowerCase());
    if (!matchedTerms.has(term)) continue;
    out += escapeHtml(text.slice(last, m.index)) + pre + escapeHtml(m[0]) + post;
    last = m.index! + m[0].length;
    const q = matchedBy.get(term);
    if (q) matched.add(q);
  }
  out += escapeHtml(text.slice(last));
  const matchedWords = queryWords.filter((q) => matched.has(q));
  const matchLevel =
    matchedWords.length === 0
      ? 'none'
      : matchedWords.length === new Set(queryWords).size
        ? 'full'
        : 'partial';
  return { value: out, matchedWords, matchLevel };
}

/**
 * Cuts `text` to `count` words around its first matched word, the way Algolia snippets do.
 * @param normalise as for highlight.
 * @returns the cut text and whether words were dropped before/after.
 */
export function snippetWindow(
  text: string,
  matchedTerms: ReadonlySet<string>,
  count: number,
  normalise: (word: string) => string = (word) => word,
): { text: string; before: boolean; after: boolean } {
  const parts = text.split(/\s+/).filter(Boolean);
  if (parts.length <= count) return { text: parts.join(' '), before: false, after: false };
  let first = parts.findIndex((p) => words(p).some((w) => matchedTerms.has(normalise(w))));
  if (first < 0) first = 0;
  const start = Math.max(0, Math.min(first - Math.floor(count / 4), parts.length - count));
  const end = start + count;
  return {
    text: parts.slice(start, end).join(' '),
    before: start > 0,
    after: end < parts.length,
  };
}
