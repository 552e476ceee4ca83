/** The desktop layout's first width, CSS px (spec §9: the mobile layout is below 996 px). */
export const DESKTOP_MIN_WIDTH = 996;

/**
 * A media query with Docusaurus's breakpoint moved to the specification's:
 * `max-width: 996px` → `max-width: 995.98px`, `min-width: 997px` → `min-width: 996px`
 * (any spacing). Other queries are returned unchanged.
 */
export function rewriteMediaQuery(params: string): string {
  return params
    .replace(/max-width\s*:\s*996px/g, `max-width: ${DESKTOP_MIN_WIDTH - 0.02}px`)
    .replace(/min-width\s*:\s*997px/g, `min-width: ${DESKTOP_MIN_WIDTH}px`);
}
