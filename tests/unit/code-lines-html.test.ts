import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import React, { createElement } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import ts from 'typescript';
import { renderToString } from 'react-dom/server';
import clsx from 'clsx';
import { tokenLinesHtml, escapeHtml } from '../../plugins/static-highlight/lines-html';
import { tokenize } from '../../plugins/static-highlight/tokenize';
import remarkStaticHighlight from '../../plugins/static-highlight/remark';
import { plainTokens, type Token } from '../../plugins/static-highlight/tokens';

const require = createRequire(import.meta.url);

/**
 * A module of theme-classic's lib (JSX in .js files, which Vite does not compile), compiled with
 * TypeScript and run with `imports` standing in for its imports.
 */
function upstreamModule(file: string, imports: Record<string, unknown>) {
  const source = readFileSync(
    require.resolve(`@docusaurus/theme-classic/lib/theme/${file}`),
    'utf8',
  );
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.CommonJS,
      esModuleInterop: true,
    },
  });
  const exports: { default?: unknown } = {};
  const load = (name: string) => {
    if (name in imports) return imports[name];
    throw new Error(`unexpected import ${name} in ${file}`);
  };
  new Function('require', 'exports', outputText)(load, exports);
  return exports.default as React.FC<Record<string, unknown>>;
}

const base = { react: React, 'react/jsx-runtime': jsxRuntime, clsx };
const LineToken = upstreamModule('CodeBlock/Line/Token/index.js', base);
const Line = upstreamModule('CodeBlock/Line/index.js', {
  ...base,
  '@theme/CodeBlock/Line/Token': { __esModule: true, default: LineToken },
  './styles.module.css': { __esModule: true, default: {} },
});

/** What theme-classic 3.10.2's Line renders for these lines, with the Content's prop getters. */
async function upstreamHtml(lines: Token[][], lineClassNames: Record<number, string[]> = {}) {
  const getLineProps = ({ className }: { className?: string }) => ({
    className: clsx('token-line', className),
  });
  const getTokenProps = ({ token }: { token: Token }) => ({
    className: clsx('token', ...token.types),
    children: token.content,
    style: token.empty ? { display: 'inline-block' } : undefined,
  });
  return renderToString(
    createElement(
      'code',
      null,
      lines.map((line, i) =>
        createElement(Line, {
          key: i,
          line,
          getLineProps,
          getTokenProps,
          classNames: lineClassNames[i],
          showLineNumbers: false,
        }),
      ),
    ),
  );
}

const samples: [string, string][] = [
  ['json', '{\n  "note": "<b>&\'quoted\'</b>",\n\n  "count": 2\n}'],
  ['bash', "curl --header 'Authorization: Bearer <token>' \\\n  --data '{}'\n\n# done"],
  ['text', 'plain words\n\nand an empty line above\n'],
  ['python', ''],
];

/**
 * Upstream's markup with its one designed difference applied: a token of the `plain` type
 * alone is bare text, not `<span class="token plain">` (lines-html.ts); an empty one (Prism
 * leaves one at many line ends) is nothing. The `empty` token of an empty line has a style
 * attribute and keeps its span.
 */
const plainAsText = (html: string) =>
  html.replace(/<span class="token plain">([^<]*)<\/span>/g, '$1');

describe('code block lines as one HTML string', () => {
  it.each(samples)('gives the markup upstream Line renders (%s)', async (lang, code) => {
    remarkStaticHighlight({ additionalLanguages: ['bash', 'json', 'python'] });
    for (const lines of [tokenize(code, lang), plainTokens(code)]) {
      expect(`<code>${tokenLinesHtml(lines)}</code>`).toBe(plainAsText(await upstreamHtml(lines)));
    }
  });

  it('writes plain tokens as bare text, and keeps the span of every other token', async () => {
    remarkStaticHighlight({ additionalLanguages: ['json'] });
    const lines = tokenize('{\n  "count": 2\n}', 'json');
    const html = tokenLinesHtml(lines);
    const upstream = await upstreamHtml(lines);
    expect(html).not.toContain('token plain');
    expect(html).toContain(
      '<div class="token-line">  <span class="token property">&quot;count&quot;</span>',
    );
    // Every token upstream renders that is not plain text is still a span of the same class.
    const spans = (s: string) => s.match(/<span class="token [^"]+"/g) ?? [];
    expect(spans(html)).toEqual(spans(upstream).filter((s) => s !== '<span class="token plain"'));
    // The text is unchanged.
    const text = (s: string) => s.replace(/<[^>]+>/g, '');
    expect(text(html)).toBe(text(upstream));
  });

  it('keeps the magic comments’ line classes', async () => {
    const lines = plainTokens('a\nb\nc');
    const classes = { 1: ['theme-code-block-highlighted-line'], 2: ['x', 'y'] };
    const html = tokenLinesHtml(lines, classes);
    expect(`<code>${html}</code>`).toBe(plainAsText(await upstreamHtml(lines, classes)));
    expect(html).toContain('<div class="token-line theme-code-block-highlighted-line">');
  });

  it('escapes text and class names so code cannot become markup', () => {
    const html = tokenLinesHtml([[{ types: ['a"onmouseover="x'], content: '<script>&' }]]);
    expect(html).toBe(
      '<div class="token-line"><span class="token a&quot;onmouseover=&quot;x">&lt;script&gt;&amp;</span><br/></div>',
    );
    expect(escapeHtml(`'`)).toBe('&#x27;');
  });
});
