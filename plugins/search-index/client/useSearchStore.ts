/**
 * React's view of the search seam's store (./seam, the page's one seam from ./client).
 */
import { useSyncExternalStore } from 'react';
import { searchSeam } from './client';
import type { SearchSeam } from './seam';

/**
 * One value of the seam's store, re-rendering when it changes.
 * @param select reads one value of the seam (e.g. `(s) => s.status()`); it must return the same
 *   value (by `Object.is`) while the store is unchanged, as the store's getters do.
 */
export function useSearchStore<T>(select: (seam: SearchSeam) => T): T {
  const seam = searchSeam();
  const read = () => select(seam);
  return useSyncExternalStore(seam.subscribe, read, read);
}
