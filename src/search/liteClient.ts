/**
 * Stands in for `algoliasearch/lite` in the browser bundle (aliased by the `search-index`
 * plugin): the theme's search page calls `liteClient(appId, apiKey)` and gets the site's
 * one search client (see ./client), local or Algolia.
 */
import { getSearchClient } from './client';

/** Same signature as algoliasearch's `liteClient`; returns the shared scoped client. */
export function liteClient(appId?: string, apiKey?: string) {
  return getSearchClient(appId, apiKey);
}

export default liteClient;
