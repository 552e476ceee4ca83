/**
 * Prism tokenization for the build (./tokens.ts tokenizeWith) on prism-react-renderer's own
 * Prism instance, extended with the site's `additionalLanguages` the way theme-classic's
 * `prism-include-languages` does it in the browser.
 */
import { createRequire } from 'node:module';
import { Prism, normalizeTokens } from 'prism-react-renderer';
import { tokenizeWith, type PrismLike, type Token } from './tokens';

const requireHere = createRequire(import.meta.url);
const loaded = new Set<string>();

/**
 * Adds Prism grammars from `prismjs/components/prism-<lang>` (names as in
 * `themeConfig.prism.additionalLanguages`); each is loaded once per process.
 * @throws Error naming the language when prismjs has no such component.
 */
export function addLanguages(languages: readonly string[]): void {
  const g = globalThis as { Prism?: unknown };
  const before = g.Prism;
  g.Prism = Prism;
  try {
    for (const lang of languages) {
      if (loaded.has(lang)) continue;
      if (lang === 'php') requireHere('prismjs/components/prism-markup-templating.js');
      try {
        requireHere(`prismjs/components/prism-${lang}`);
      } catch {
        throw new Error(`static-highlight: Prism has no language "${lang}" (additionalLanguages)`);
      }
      loaded.add(lang);
    }
  } finally {
    if (before === undefined) delete g.Prism;
    else g.Prism = before;
  }
}

/** Token lines for `code` in `language`; unknown languages give plain lines. */
export function tokenize(code: string, language: string): Token[][] {
  return tokenizeWith(
    Prism as unknown as PrismLike,
    normalizeTokens as (tokens: unknown[]) => Token[][],
    code,
    language,
  );
}
