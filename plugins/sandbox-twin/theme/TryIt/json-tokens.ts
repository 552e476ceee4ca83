/**
 * JSON split into Prism's token types (`property`, `string`, `number`, `boolean`, `null`,
 * `punctuation`, `operator`), so an answer takes the site's code colours: the CSS of
 * plugins/static-highlight styles `.prism-code .token.<type>` from config/prism.ts in both
 * colour modes. A few hundred bytes instead of Prism in the panel chunk.
 */

/** One token; `type` undefined for whitespace and anything unrecognised. */
export interface JsonToken {
  type?: string;
  text: string;
}

const TOKEN =
  /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false)\b|\b(null)\b|([{}[\],])|(:)/g;

/**
 * Tokens of `text` in order; their texts joined give `text` back.
 * @param text JSON (any text: what does not match comes back as plain tokens).
 */
export function jsonTokens(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) tokens.push({ text: text.slice(last, m.index) });
    if (m[1] !== undefined) {
      tokens.push({ type: m[2] ? 'property' : 'string', text: m[1] });
      if (m[2]) {
        const colon = m[2].indexOf(':');
        if (colon > 0) tokens.push({ text: m[2].slice(0, colon) });
        tokens.push({ type: 'operator', text: ':' });
      }
    } else if (m[3] !== undefined) tokens.push({ type: 'number', text: m[3] });
    else if (m[4] !== undefined) tokens.push({ type: 'boolean', text: m[4] });
    else if (m[5] !== undefined) tokens.push({ type: 'null', text: m[5] });
    else if (m[6] !== undefined) tokens.push({ type: 'punctuation', text: m[6] });
    else tokens.push({ type: 'operator', text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) tokens.push({ text: text.slice(last) });
  return tokens;
}
