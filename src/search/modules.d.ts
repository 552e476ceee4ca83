// Type declarations for module paths the packages ship without their own.

/** DocSearch's stylesheet, imported for its side effect. */
declare module '@docsearch/react/style';
