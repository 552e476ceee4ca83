/** Written by plugins/lean-docs-metadata: `{[docId]: description}` (see its DocDescriptions). */
declare module '@generated/docusaurus-plugin-content-docs/default/doc-descriptions.json' {
  const descriptions: Record<string, string>;
  export default descriptions;
}
