// Type declarations for module paths the packages ship without their own.

/** The browser build of Algolia's lite client (same API as `algoliasearch/lite`). */
declare module 'algoliasearch/dist/lite/builds/browser' {
  export { liteClient } from 'algoliasearch/lite';
}

/** DocSearch's stylesheet, imported for its side effect. */
declare module '@docsearch/react/style';
