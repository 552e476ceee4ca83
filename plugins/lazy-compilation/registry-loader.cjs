/**
 * Rspack loader of `.docusaurus/registry.js` under `docusaurus start` only (./index.ts): each
 * route module's `require.resolveWeak("…")` becomes `undefined`.
 *
 * Why: Docusaurus's registry names every route module three times (codegenRoutes.js): a dynamic
 * `import()`, its path, and `require.resolveWeak()` of it. A weak reference puts no module in a
 * chunk, but the bundler still builds the module to give it an id, so every page's MDX, the
 * partials it imports and its metadata JSON were built at each start (2,043 modules in the
 * first build, where lazy compilation would leave about 1,000), and kept in the graph every
 * rebuild walks. react-loadable reads those ids only to render a route whose modules are
 * already loaded, which happens only when hydrating server-rendered HTML; the preview renders
 * in the browser, and a route whose id is `undefined` is loaded through its `import()`.
 *
 * @param {string} source the generated registry.
 * @returns {string} the registry without weak references; unchanged when it holds none.
 */
module.exports = function registryLoader(source) {
  return source.replace(/require\.resolveWeak\("(?:[^"\\]|\\.)*"\)/g, 'undefined');
};
