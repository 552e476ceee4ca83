// Type declarations for module paths the packages ship without their own.

/** DocSearch's stylesheets (@docsearch/css), imported for their side effect. */
declare module '@docsearch/css/dist/*.css';
