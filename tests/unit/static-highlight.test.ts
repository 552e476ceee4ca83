import { describe, expect, it } from 'vitest';
import { Prism, normalizeTokens } from 'prism-react-renderer';
import remarkStaticHighlight, { tokensProp } from '../../plugins/static-highlight/remark';
import { tokenize } from '../../plugins/static-highlight/tokenize';
import { decodeTokens, encodeTokens, plainTokens } from '../../plugins/static-highlight/tokens';

const options = { additionalLanguages: ['bash', 'json', 'python', 'go', 'java'] };

/** What prism-react-renderer's <Highlight> computes in the browser (its useTokenize). */
function browserTokens(code: string, language: string) {
  const grammar = Prism.languages[language];
  return grammar ? normalizeTokens(Prism.tokenize(code, grammar)) : normalizeTokens([code]);
}

const samples: [string, string][] = [
  ['json', '{\n  "order_id": "ord-20260314-0007",\n\n  "count": 2,\n  "paid_with_ebt": false\n}'],
  ['bash', "curl --request POST \\\n  --header 'Authorization: Bearer <token>'\n\n# done"],
  ['python', 'def total(lines):\n    return sum(l["count"] for l in lines)\n'],
  ['text', 'plain words\n\nand an empty line above'],
  ['json', ''],
];

describe('static-highlight', () => {
  it.each(samples)('tokens for %s round-trip to what the browser would compute', (lang, code) => {
    remarkStaticHighlight(options);
    const encoded = JSON.stringify(encodeTokens(tokenize(code, lang)));
    expect(decodeTokens(encoded, code)).toEqual(browserTokens(code, lang));
  });

  it('highlights the site languages (grammars from additionalLanguages)', () => {
    remarkStaticHighlight(options);
    const types = tokenize('go build ./...\nfunc main() {}', 'go')
      .flat()
      .flatMap((t) => t.types);
    expect(types).toContain('keyword');
  });

  it('rejects tokens that do not fit the code shown, and malformed props', () => {
    const encoded = JSON.stringify(encodeTokens(tokenize('{"a": 1}', 'json')));
    expect(decodeTokens(encoded, '{"a": 12}')).toBeNull();
    expect(decodeTokens(encoded, '{"a": 1}\nextra')).toBeNull();
    expect(decodeTokens('not json', 'x')).toBeNull();
    expect(decodeTokens('{"t": 1}', 'x')).toBeNull();
  });

  it('stores the tokens on fenced blocks and leaves mermaid blocks alone', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'code', lang: 'json', meta: 'title="Body"', value: '{"count": 2}' },
        { type: 'code', lang: 'mermaid', value: 'graph TD; A-->B' },
        { type: 'blockquote', children: [{ type: 'code', lang: null, value: 'no language' }] },
      ],
    };
    remarkStaticHighlight({ ...options, skipLanguages: ['mermaid'] })(tree);
    const [json, mermaid, quote] = tree.children as {
      data?: { hProperties?: { dataTokens?: string } };
      children?: { data?: { hProperties?: { dataTokens?: string } } }[];
    }[];
    const node = tree.children[0] as { type: 'code'; lang: string; value: string };
    expect(json!.data?.hProperties?.dataTokens).toBe(tokensProp(node, options));
    expect(decodeTokens(json!.data!.hProperties!.dataTokens!, '{"count": 2}')).not.toBeNull();
    expect(mermaid!.data).toBeUndefined();
    expect(quote!.children![0]!.data?.hProperties?.dataTokens).toBeDefined();
  });

  it('names an unknown additional language', () => {
    expect(() => remarkStaticHighlight({ additionalLanguages: ['no-such-lang'] })).toThrow(
      /no language "no-such-lang"/,
    );
  });

  it('gives plain lines for code whose tokens are unknown', () => {
    expect(plainTokens('a\n\nb')).toEqual(browserTokens('a\n\nb', 'no-grammar'));
  });
});
