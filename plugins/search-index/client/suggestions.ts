/**
 * The suggestions of the modal's no-results screen ('Try searching for', spec §8), at most
 * 3 (spec §9).
 *
 * DocSearch 4.7 means to offer the groups (lvl0) of earlier results, but merges them into its
 * state with an object spread (`{...previous, ...Object.keys(groups)}`): the list becomes an
 * object without `length`, and its no-results screen, which shows the list only when
 * `length > 0`, never does, whatever the search client. The SearchBar therefore keeps the
 * groups itself (from `transformItems`, which sees every answer's hits) and paints the list.
 * Before any answer had hits, the suggestions are the current section's groups: the top-level
 * categories of its sidebar, which is where the records' lvl0 comes from.
 */
import { productAreas } from '../../../src/data/products';
import { sectionLabel } from './scope';

/** Most suggestions shown (spec §9). */
export const MAX_SUGGESTIONS = 3;

let groups: string[] = [];

/** Forgets the groups of earlier answers (a new modal session starts empty, as DocSearch's). */
export function resetSuggestions(): void {
  groups = [];
}

/**
 * Records the groups (lvl0) of one answer's hits, most recent answer first.
 * @param hits the hits as DocSearch gets them; answers without hits change nothing.
 */
export function recordGroups(hits: readonly { hierarchy?: { lvl0?: string | null } }[]): void {
  const seen = hits
    .map((hit) => hit.hierarchy?.lvl0?.trim())
    .filter((lvl0): lvl0 is string => Boolean(lvl0));
  if (seen.length === 0) return;
  groups = [...new Set([...seen, ...groups])];
}

/** Up to MAX_SUGGESTIONS groups of earlier answers in this modal session (may be empty). */
export function sessionSuggestions(): string[] {
  return groups.slice(0, MAX_SUGGESTIONS);
}

/**
 * Suggestions for a section when no answer had hits yet: the top-level category labels of its
 * sidebar, else its own name; on pages outside a section, the first product areas' names.
 * The sidebars are imported on first use (a small chunk), not with every page.
 * @param section first path segment of a documentation section (client/scope), or null.
 */
export async function sectionSuggestions(section: string | null): Promise<string[]> {
  if (!section) return productAreas.slice(0, MAX_SUGGESTIONS).map((area) => area.title);
  const { default: sidebars } = await import('@site/sidebars');
  const items = (sidebars as Record<string, readonly unknown[]>)[section] ?? [];
  const labels = items
    .filter(
      (item): item is { type: 'category'; label: string } =>
        typeof item === 'object' &&
        item !== null &&
        (item as { type?: string }).type === 'category' &&
        typeof (item as { label?: unknown }).label === 'string',
    )
    .map((item) => item.label);
  return (labels.length ? labels : [sectionLabel(section)]).slice(0, MAX_SUGGESTIONS);
}
