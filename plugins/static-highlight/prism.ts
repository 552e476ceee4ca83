/**
 * Tokenizing on prism-react-renderer's own Prism instance: the one function both the build
 * (./tokenize.ts, ./remark.ts) and the browser fallback
 * (./theme/CodeBlock/Content/runtimeTokens.ts) use. Each side adds the site's
 * `additionalLanguages` to `Prism` its own way before calling it.
 */
import { Prism, normalizeTokens } from 'prism-react-renderer';
import type { Token } from './tokens';

export { Prism };

/**
 * Token lines for `code` in `language` (lower-cased), the steps prism-react-renderer's
 * `<Highlight>` takes: `before-tokenize` hook, `tokenize`, `after-tokenize` hook, then
 * `normalizeTokens`. A language Prism does not know gives plain lines.
 */
export function tokenize(code: string, language: string): Token[][] {
  const lang = language.toLowerCase();
  const grammar = Prism.languages[lang];
  if (!grammar) return normalizeTokens([code]) as Token[][];
  const env = { code, grammar, language: lang, tokens: [] as ReturnType<typeof Prism.tokenize> };
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(code, grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens) as Token[][];
}
