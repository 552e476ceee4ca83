/**
 * Shared by the local plugins that keep some styles out of the one stylesheet every page loads
 * before its first paint (`search-index`, `page-styles`). Docusaurus's `styles` cache group
 * (@docusaurus/core 3.10.2, lib/webpack/base.js) puts every CSS module of the client build into
 * `styles.css`; a file left out of the group stays with the chunk that imports it, and the
 * runtime loads it, and waits for it, with that chunk. Docusaurus 3.10's pages link no
 * stylesheet of their chunks, so styles of server-rendered code also need a `<link>` in their
 * pages (plugins/page-styles). Figures: design/performance.md, "Styles that load with their
 * page".
 */
import type { Plugin } from '@docusaurus/types';

/** The bundler configuration a plugin's `configureWebpack` receives. */
export type BundlerConfiguration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

/** What a cache group's `test` function receives (webpack and Rspack): the module, then more. */
type StylesModule = { nameForCondition?: () => string | null };
type CacheGroupTest = (module: StylesModule, ...rest: unknown[]) => boolean;

/** The cache groups of a client configuration that has Docusaurus's `styles` group. */
export type CacheGroups = Record<string, unknown> & { styles: { test?: unknown } };

/**
 * Leaves the CSS files whose path matches `files` out of the client build's `styles` cache
 * group, keeping whatever `test` the group had (a function, a RegExp or a path prefix; 3.10.2's
 * has none): the new test is the old one and "not `files`", so several plugins can each leave
 * their own out. Mutates `config`; does nothing on the server build or without the group.
 * @param files matched against the module's path (`nameForCondition()`), with `/` or `\`.
 * @returns the configuration's cache groups (for a caller adding its own), or undefined when
 *   nothing was changed.
 */
export function keepStylesWithTheirChunks(
  config: BundlerConfiguration,
  isServer: boolean,
  files: RegExp,
): CacheGroups | undefined {
  const splitChunks = isServer ? undefined : config.optimization?.splitChunks;
  const groups = splitChunks ? (splitChunks.cacheGroups as CacheGroups | undefined) : undefined;
  if (!groups?.styles) return undefined;
  const styles = groups.styles;
  const before = styles.test;
  const test: CacheGroupTest = (module, ...rest) => {
    const path = module.nameForCondition?.() ?? '';
    if (before instanceof RegExp && !before.test(path)) return false;
    if (typeof before === 'string' && !path.startsWith(before)) return false;
    if (typeof before === 'function' && !(before as CacheGroupTest)(module, ...rest)) return false;
    return !files.test(path);
  };
  styles.test = test;
  return groups;
}
