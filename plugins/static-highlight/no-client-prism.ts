/**
 * Stands in for theme-classic's `prism-include-languages` client module (see ./index.ts):
 * code is tokenized at build time, so the bundle needs neither Prism nor its extra grammars
 * up front. ./theme/CodeBlock/Content/runtimeTokens.ts loads both when a block needs them.
 */
export {};
