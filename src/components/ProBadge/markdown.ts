/**
 * The Markdown rendering of `<ProBadge />` for the page's Markdown twin
 * (plugins/markdown-twins): the badge's words, emphasised, where the badge stands (a heading,
 * a table cell, a list item), so "Storefront Pro only" survives in the twin.
 */

/** The badge's text unless `label` is given; the component shows the same. */
export const PRO_BADGE_LABEL = 'Storefront Pro';

/** `*Storefront Pro*`, or the given label emphasised (Markdown punctuation escaped). */
export function proBadgeMarkdown(label: string = PRO_BADGE_LABEL): string {
  const words = label.trim() || PRO_BADGE_LABEL;
  return `*${words.replace(/[\\`*_[\]<>|]/g, '\\$&')}*`;
}
