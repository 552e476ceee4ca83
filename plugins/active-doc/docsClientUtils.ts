/**
 * Stands in for @docusaurus/plugin-content-docs 3.10.2 `lib/client/docsClientUtils.js` inside
 * that plugin's client (the bundler swaps it, see ./index.ts): the same exports, with
 * `getActiveDocContext` answered from a map and the last answer kept (./activeDoc.ts).
 */
import { matchPath } from '@docusaurus/router';
import type {
  ActiveDocContext,
  GlobalPluginData,
  GlobalVersion,
} from '@docusaurus/plugin-content-docs/client';
import {
  getActiveVersion,
  // The module this one replaces, by its package path (not the swapped relative request).
} from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
import { activeDocContext } from './activeDoc';

export {
  getActivePlugin,
  getActiveVersion,
  getDocVersionSuggestions,
  getLatestVersion,
} from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';

/** Doc test of upstream: exact, not strict, not case-sensitive. */
function matchesDoc(pathname: string, docPath: string): boolean {
  return !!matchPath(pathname, { path: docPath, exact: true, strict: false });
}

/**
 * The version and doc shown at `pathname` and the doc's page in each version; the same answer
 * as upstream, without scanning every doc (./activeDoc.ts).
 */
export function getActiveDocContext(data: GlobalPluginData, pathname: string): ActiveDocContext {
  return activeDocContext<GlobalVersion, GlobalPluginData>(
    data,
    pathname,
    getActiveVersion,
    matchesDoc,
  );
}
