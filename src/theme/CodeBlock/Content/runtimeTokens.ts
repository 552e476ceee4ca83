/**
 * Prism in the browser, for the rare block whose tokens were not computed at build time (a
 * component's code built at run time, or a block whose shown text differs from its source).
 * Imported on demand by ./index.tsx, so Prism is its own chunk and stays out of page loads.
 */
import { Prism, normalizeTokens } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import { tokenizeWith, type PrismLike, type Token } from '@site/plugins/static-highlight/tokens';

prismIncludeLanguages(Prism);

/** Token lines for `code` in `language`, as prism-react-renderer's `<Highlight>` makes them. */
export function tokenize(code: string, language: string): Token[][] {
  return tokenizeWith(
    Prism as unknown as PrismLike,
    normalizeTokens as (tokens: unknown[]) => Token[][],
    code,
    language,
  );
}
