/** The generated data of plugins/sandbox-twin (an alias to its folder in `.docusaurus/`). */
declare module '@sandbox-twin/data/routes.json' {
  const routes: import('../generate').RouteSpec[];
  export default routes;
}
declare module '@sandbox-twin/data/loaders.js' {
  export const loaders: Record<string, () => Promise<unknown>>;
}
declare module '@sandbox-twin/data/seed.json' {
  const seed: Record<string, unknown>;
  export default seed;
}
