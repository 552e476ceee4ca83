/**
 * The token format shared by the build (./remark.ts) and the code block (./theme/CodeBlock):
 * Prism's tokens after prism-react-renderer's `normalizeTokens`, one array per line, written
 * into the page as the `data-tokens` prop of each fenced code block.
 *
 * The text itself is not repeated (the block already carries it): `{"t": types, "l": lines}`
 * where `types` lists each distinct type list joined by spaces (`"string attr-value"`) and
 * each line is a flat list of `typeIndex, length` pairs over that line of the code. An empty
 * line is `[]`; a line holding one zero-length token is prism-react-renderer's `empty` token.
 */

/** One token as prism-react-renderer renders it. */
export interface Token {
  types: string[];
  content: string;
  empty?: boolean;
}

/** The encoded form (see module comment). */
export interface EncodedTokens {
  t: string[];
  l: number[][];
}

/** Prism's line break rule (prism-react-renderer's normalizeTokens). */
const NEWLINE = /\r\n|\r|\n/;

/** Encodes normalized token lines (see module comment). */
export function encodeTokens(lines: Token[][]): EncodedTokens {
  const types: string[] = [];
  const index = new Map<string, number>();
  const typeIndex = (t: Token) => {
    const key = t.types.join(' ');
    if (!index.has(key)) index.set(key, types.push(key) - 1);
    return index.get(key)!;
  };
  const encoded = lines.map((line) => {
    if (line.length === 1 && line[0]!.empty && line[0]!.types.join(' ') === 'plain') return [];
    return line.flatMap((t) => [typeIndex(t), t.empty ? 0 : t.content.length]);
  });
  return { t: types, l: encoded };
}

/**
 * Token lines for `code` from what encodeTokens wrote, or null when they do not fit the code
 * (another line count or line length: the block shows other text than was tokenized) or the
 * JSON is not in this format. Never throws.
 */
export function decodeTokens(json: string, code: string): Token[][] | null {
  let data: EncodedTokens;
  try {
    data = JSON.parse(json) as EncodedTokens;
  } catch {
    return null;
  }
  if (!data || !Array.isArray(data.t) || !Array.isArray(data.l)) return null;
  const texts = code.split(NEWLINE);
  if (texts.length !== data.l.length) return null;
  const types = data.t.map((t) => t.split(' '));
  const out: Token[][] = [];
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    const pairs = data.l[i]!;
    if (pairs.length === 0) {
      if (text !== '') return null;
      out.push([{ types: ['plain'], content: '\n', empty: true }]);
      continue;
    }
    if (pairs.length === 2 && pairs[1] === 0 && text === '') {
      out.push([{ types: types[pairs[0]!] ?? ['plain'], content: '\n', empty: true }]);
      continue;
    }
    const line: Token[] = [];
    let at = 0;
    for (let k = 0; k < pairs.length; k += 2) {
      const length = pairs[k + 1]!;
      line.push({ types: types[pairs[k]!] ?? ['plain'], content: text.slice(at, at + length) });
      at += length;
    }
    if (at !== text.length) return null;
    out.push(line);
  }
  return out;
}

/** Lines of plain tokens, for code whose tokens are not known (yet). Same shape as Prism's. */
export function plainTokens(code: string): Token[][] {
  return code
    .split(NEWLINE)
    .map((content) =>
      content === ''
        ? [{ types: ['plain'], content: '\n', empty: true }]
        : [{ types: ['plain'], content }],
    );
}
