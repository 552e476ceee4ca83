/**
 * Prism for the build: prism-react-renderer's instance (./prism.ts) extended with the site's
 * `additionalLanguages` the way theme-classic's `prism-include-languages` does it in the
 * browser.
 */
import { createRequire } from 'node:module';
import { Prism } from './prism';

export { tokenize } from './prism';

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
