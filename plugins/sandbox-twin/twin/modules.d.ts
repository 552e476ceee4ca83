/** The generated data of plugins/sandbox-twin (an alias to its folder in `.docusaurus/`). */
declare module '@sandbox-twin/data/routes.json' {
  const routes: import('../generate').RouteSpec[];
  export default routes;
}
declare module '@sandbox-twin/data/ops.json' {
  /** Address of the published operation modules' folder, ending in `/`. */
  const ops: { base: string };
  export default ops;
}
declare module '@sandbox-twin/data/seed.json' {
  const seed: Record<string, unknown>;
  export default seed;
}
