import { describe, expect, it } from 'vitest';
import { Prism, normalizeTokens, type PrismTheme } from 'prism-react-renderer';
import type { LoadContext } from '@docusaurus/types';
import staticHighlightPlugin from '../../plugins/static-highlight';
import { prismThemeCss, prismThemesCss } from '../../plugins/static-highlight/themeCss';
import { darkCodeTheme, lightCodeTheme } from '../../config/prism';
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

describe('static-highlight theme CSS', () => {
  const theme: PrismTheme = {
    plain: { color: '#111111', backgroundColor: '#fafafa' },
    styles: [
      { types: ['comment'], style: { color: '#555555', fontStyle: 'italic', opacity: 0.8 } },
      { types: ['keyword', 'attr-name'], style: { color: '#aa0000' } },
      { types: ['tag'], languages: ['markup'], style: { color: '#00aa00' } },
    ],
  };

  it('gives each colour mode its block, line and token rules', () => {
    const css = prismThemeCss(theme, "[data-theme='dark']");
    expect(css).toContain(
      "[data-theme='dark'] .theme-code-block{--prism-color:#111111;--prism-background-color:#fafafa}",
    );
    expect(css).toContain(
      "[data-theme='dark'] .prism-code{color:#111111;background-color:#fafafa}",
    );
    // Lines take the plain colour without the background, as prism-react-renderer's lines did.
    expect(css).toContain("[data-theme='dark'] .prism-code .token-line{color:#111111}");
    expect(css).toContain(
      "[data-theme='dark'] .prism-code .token.comment{color:#555555;font-style:italic;opacity:0.8}",
    );
    expect(css).toContain(
      "[data-theme='dark'] .prism-code .token.keyword,[data-theme='dark'] .prism-code .token.attr-name{color:#aa0000}",
    );
    // An entry limited to some languages applies only inside blocks of those languages.
    expect(css).toContain(
      "[data-theme='dark'] .prism-code.language-markup .token.tag{color:#00aa00}",
    );
  });

  it('covers both modes from the site themes, with every token colour of each', () => {
    const css = prismThemesCss({ light: lightCodeTheme, dark: darkCodeTheme });
    for (const [scope, t] of [
      ["[data-theme='light']", lightCodeTheme],
      ["[data-theme='dark']", darkCodeTheme],
    ] as const) {
      for (const entry of t.styles)
        for (const type of entry.types)
          expect(css).toContain(`${scope} .prism-code .token.${type}`);
      expect(css).toContain(`${scope} .prism-code{color:${t.plain.color}`);
    }
  });

  /** A plugin context whose site config has `prism` as its `themeConfig.prism`. */
  const context = (prism: unknown) =>
    ({
      generatedFilesDir: '/nonexistent',
      siteConfig: { themeConfig: { prism } },
    }) as unknown as LoadContext;

  it('refuses to start without both Prism themes, with a message that says what is missing', () => {
    expect(() => staticHighlightPlugin(context(undefined))).toThrow(
      /themeConfig.prism.theme and themeConfig.prism.darkTheme/,
    );
    expect(() => staticHighlightPlugin(context({ theme }))).toThrow(/darkTheme/);
  });

  it('refuses a theme that styles plain tokens, which the HTML writes as bare text', () => {
    const plainStyled = {
      ...darkCodeTheme,
      styles: [...darkCodeTheme.styles, { types: ['plain'], style: { color: '#ff0000' } }],
    };
    expect(() =>
      staticHighlightPlugin(context({ theme: lightCodeTheme, darkTheme: plainStyled })),
    ).toThrow(/prism\.darkTheme styles the "plain" token type/);
  });
});
