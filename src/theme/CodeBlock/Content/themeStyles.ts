/**
 * Inline styles for code tokens from a Prism theme: the same results as prism-react-renderer
 * 2.4's `themeToDict`, `getLineProps` and `getTokenProps`, without importing it (importing it
 * bundles Prism). Used by ./index.tsx.
 */
import type { CSSProperties } from 'react';
import type { PrismTheme } from 'prism-react-renderer';
import type { Token } from '@site/plugins/static-highlight/tokens';

/** Styles by token type, plus `root` (block) and `plain` (line, without background). */
export type ThemeDict = Record<string, CSSProperties | undefined> & {
  root: CSSProperties;
  plain: CSSProperties;
};

/** Merges a theme's styles for `language` (entries limited to other languages are skipped). */
export function themeToDict(theme: PrismTheme, language: string): ThemeDict {
  const dict: Record<string, CSSProperties> = {};
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language)) continue;
    for (const type of entry.types)
      dict[type] = { ...dict[type], ...(entry.style as CSSProperties) };
  }
  return {
    ...dict,
    root: theme.plain as CSSProperties,
    plain: { ...(theme.plain as CSSProperties), backgroundColor: undefined },
  };
}

/** Style of one token: merged styles of its types; `display: inline-block` on empty lines. */
export function tokenStyle(dict: ThemeDict, { types, empty }: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') {
    return empty ? { display: 'inline-block' } : undefined;
  }
  if (types.length === 1 && empty) return dict[types[0]!];
  return Object.assign(empty ? { display: 'inline-block' } : {}, ...types.map((t) => dict[t]));
}
