/**
 * Search scope: the current site section and the 'Global Search' choice (spec §4 Search
 * modal), and the sections' names and filters. The scope itself lives in the search seam's
 * store (./seam), because DocSearch captures its search client when the modal mounts: the
 * client reads the scope at each `search()` call instead.
 */
import { documentationRoots, productAreas } from '../../../src/data/products';
import type { SearchParams } from './types';

export interface SearchScope {
  /** First path segment of the current page when it is a documentation section, else null. */
  section: string | null;
  /** When true, search everything; when false, only `section` (if any). */
  global: boolean;
}

/** The site sections (first path segments of the documentation roots), in navbar order. */
export const SEARCH_SECTIONS: readonly string[] = Array.from(
  new Set(documentationRoots.map((root) => root.split('/')[1])),
);
const SECTIONS = new Set(SEARCH_SECTIONS);

/** True when `value` names a site section (`connect`), false for anything else. */
export function isSearchSection(value: string): boolean {
  return SECTIONS.has(value);
}

/**
 * Section of a pathname: its first segment after the base URL when that segment is a
 * documentation section (`/connect/sandbox` → `connect`), otherwise null (home, search page).
 */
export function sectionOfPath(pathname: string, baseUrl = '/'): string | null {
  const rest = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname;
  const first = rest.replace(/^\//, '').split('/')[0];
  return SECTIONS.has(first) ? first : null;
}

/** Reader-facing name of a section (`connect` → `Connect APIs`). */
export function sectionLabel(section: string): string {
  const area = productAreas.find((a) => a.path.split('/')[1] === section);
  if (area) return area.title;
  if (section === 'aisle') return 'Partner terms';
  return section;
}

/** The facet filter the scope adds to a request, or null when searching globally. */
export function scopeFilter(s: SearchScope): string | null {
  return !s.global && s.section ? `section:${s.section}` : null;
}

/** Adds the scope's section filter to one request's `facetFilters` (outer array = AND). */
export function applyScope(params: SearchParams, s: SearchScope): SearchParams {
  const filter = scopeFilter(s);
  if (!filter) return params;
  const existing = params.facetFilters;
  const list = existing == null ? [] : typeof existing === 'string' ? [existing] : [...existing];
  return { ...params, facetFilters: [...list, filter] };
}
