/**
 * CSS of components that a few pages render: the home page, the widget examples (4 pages), the
 * catalog file checker (1 page) and the search page (upstream's stylesheet, which the ejected
 * SearchPage imports). plugins/page-styles keeps them out of the stylesheet every page loads
 * and links them in their own pages.
 */
export const PAGE_STYLES =
  /[\\/](?:src[\\/]pages[\\/]index\.module\.css|src[\\/]components[\\/](?:widgets|CatalogFileChecker)[\\/][^\\/]+\.css|(?:search-index|theme-search-algolia[\\/]lib)[\\/]theme[\\/]SearchPage[\\/][^\\/]+\.css)$/;
