/**
 * Shared by the local plugins that swap one module of an upstream package for their own
 * (`breakpoint`, `idle-prefetch`): the bundler's NormalModuleReplacementPlugin, limited to
 * requests made from inside that package, so that the same request elsewhere is untouched.
 */
import type { ConfigureWebpackUtils } from '@docusaurus/types';

/**
 * A bundler plugin (webpack or Rspack, from `configureWebpack`'s utils) that resolves
 * `request` to `replacement` when it is imported from a directory whose path contains
 * `insideDir` (e.g. `/@docusaurus/core/lib/client`).
 */
export function replaceUpstreamModule(
  bundler: ConfigureWebpackUtils['currentBundler'],
  request: RegExp,
  insideDir: string,
  replacement: string,
) {
  return new bundler.instance.NormalModuleReplacementPlugin(
    request,
    (resource: { context: string; request: string }) => {
      if (resource.context.includes(insideDir)) resource.request = replacement;
    },
  );
}
