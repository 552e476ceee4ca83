/**
 * Extracts DocSearch records from one built HTML page with the selectors of the DocSearch
 * crawler's Docusaurus v2/v3 template: lvl0 = active sidebar category, else the product area
 * (the navbar's active item is a menu such as "Retailer Site Integrations" or the version
 * dropdown, less telling than "Connect APIs"), else the active navbar item,
 * lvl1 = the page h1, lvl2..lvl6 = headings, content = `p, li, td:last-child`; `.hash-link`
 * anchors are removed first (they hold a zero-width space). Pages outside the docs (the home
 * page) use `main` instead of `article`.
 */
import { createHash } from 'node:crypto';
import { load } from 'cheerio';
import type { Hierarchy, RecordType, SearchRecord } from '../../src/search/types';

/**
 * Content inside an element with this class is left out of the records (the DocSearch
 * crawler's `selectors_exclude`); headings are never inside one. Generated API pages wrap their
 * per-page boilerplate (authorization, base URLs, error table, related links) in it, which
 * repeats on every operation and would otherwise crowd out the fields in search results.
 */
export const SEARCH_EXCLUDE_CLASS = 'search-exclude';

/** Text of lvl0 when no sidebar category or navbar item is active. */
export const DEFAULT_LVL0 = 'Aisle Docs';
/** Longest content kept per record, in characters; longer paragraphs are cut at a word. */
export const MAX_CONTENT_LENGTH = 1000;

const SIDEBAR_CATEGORY = '.menu__link.menu__link--sublist.menu__link--active';
const NAVBAR_ACTIVE = '.navbar__items:not(.navbar__items--right) .navbar__link--active';

function clean(text: string): string {
  return text.replace(/[\u200b\s]+/g, ' ').trim();
}

function cut(text: string): string {
  if (text.length <= MAX_CONTENT_LENGTH) return text;
  const at = text.lastIndexOf(' ', MAX_CONTENT_LENGTH);
  return `${text.slice(0, at > 0 ? at : MAX_CONTENT_LENGTH)}…`;
}

/** Why a page yields no records, or `null` when it is indexable. */
export function skipReason(html: string): string | null {
  const $ = load(html);
  if ($('meta[http-equiv="refresh"]').length) return 'redirect page';
  if (/noindex/i.test($('meta[name="robots"]').attr('content') ?? '')) return 'noindex';
  return null;
}

/**
 * Records of one page.
 * @param html the built page.
 * @param url absolute URL of the page without anchor, e.g. `https://docs.aisle.example/connect`.
 * @param section facet value, the first path segment.
 * @param areaName the product area's name for lvl0 when no sidebar category is active.
 * @returns records in document order; empty for pages that are not indexable.
 */
export function extractRecords(
  html: string,
  url: string,
  section: string,
  areaName?: string,
): SearchRecord[] {
  if (skipReason(html)) return [];
  const $ = load(html);
  $('.hash-link').remove();

  const language = $('meta[name="docsearch:language"]').attr('content') ?? 'en';
  const tag = $('meta[name="docsearch:docusaurus_tag"]').attr('content') ?? 'default';

  const lvl0 =
    clean($(SIDEBAR_CATEGORY).first().text()) ||
    areaName ||
    clean($(NAVBAR_ACTIVE).first().text()) ||
    DEFAULT_LVL0;

  const scope = $('article').length ? 'article' : 'main';
  const lvl1 = clean($(`${scope} h1`).first().text() || $('h1').first().text());
  if (!lvl1) return [];

  const hierarchy: Hierarchy = {
    lvl0,
    lvl1,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  let anchor: string | null = null;
  const records: SearchRecord[] = [];
  const push = (type: RecordType, content: string | null) => {
    const position = records.length;
    const full = anchor ? `${url}#${anchor}` : url;
    records.push({
      objectID: createHash('sha1').update(`${full}|${type}|${position}`).digest('hex').slice(0, 16),
      url: full,
      url_without_anchor: url,
      anchor,
      type,
      hierarchy: { ...hierarchy },
      content,
      language,
      docusaurus_tag: tag,
      section,
      weight: { level: type === 'content' ? 0 : 100 - 10 * (Number(type[3]) - 1), position },
    });
  };

  push('lvl1', null);
  let previousText = '';
  const selector = ['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'td:last-child']
    .map((s) => `${scope} ${s}`)
    .join(', ');
  $(selector).each((_, element) => {
    const el = $(element);
    if (
      el.closest(`nav, .theme-doc-toc-mobile, .pagination-nav, footer, .${SEARCH_EXCLUDE_CLASS}`)
        .length
    )
      return;
    const name = String(el.prop('tagName') ?? '').toLowerCase();
    const text = clean(el.text());
    if (!text) return;
    if (/^h[2-6]$/.test(name)) {
      const level = Number(name[1]);
      hierarchy[`lvl${level}` as keyof Hierarchy] = text as never;
      for (let deeper = level + 1; deeper <= 6; deeper++) {
        hierarchy[`lvl${deeper}` as keyof Hierarchy] = null as never;
      }
      anchor = el.attr('id') ?? anchor;
      push(`lvl${level}` as RecordType, null);
      previousText = '';
      return;
    }
    // A list item that only wraps a paragraph repeats it: keep the first.
    if (text === previousText || (name === 'li' && el.children('p').length)) return;
    previousText = text;
    push('content', cut(text));
  });
  return records;
}
