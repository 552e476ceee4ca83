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
import { load, type CheerioAPI, type contains } from 'cheerio';
import type { Hierarchy, RecordType, SearchRecord } from './client/types';

/**
 * Content inside an element with this class is left out of the records (the DocSearch
 * crawler's `selectors_exclude`); headings are never inside one. Generated API pages wrap their
 * per-page boilerplate (authorization, base URLs, error table, related links) in it, which
 * repeats on every operation and would otherwise crowd out the fields in search results.
 */
export const SEARCH_EXCLUDE_CLASS = 'search-exclude';

/**
 * Doc cards (`DocCardList`, category index pages) preview other pages: their title and
 * description are that page's, so indexing them gave a second hit with the same title that
 * led to the list instead of the page (design/search-engine.md, "Ranking a reader agrees with").
 */
export const DOC_CARD_SELECTOR = '.theme-doc-card-container';

/**
 * Name of a field on generated API pages (`plugins/openapi-pages`): the description paragraph
 * beside it is the record, the name goes into the record's `hidden` so `lookup_code` finds it.
 */
const API_FIELD_NAME = '.api-field__name';

/**
 * Inline code longer than this, in characters, is a code sample rather than a name in prose:
 * `POST /v2/catalog/items/{lookup_code}/availability` (48) stays, a JSON body does not.
 */
export const MAX_PROSE_CODE_LENGTH = 60;

/** What stands in the prose for a code sample taken out of it. */
export const CODE_ELISION = '…';

/**
 * A DocSearch record plus `hidden`: text the local search finds but never shows, or null:
 * the code samples taken out of `content` (so no snippet is a piece of raw JSON), the name of
 * an API field beside its description, and the first cell of a table row (the crawler keeps
 * only the last: the `1007` beside an error's meaning, the `ROAS` beside its formula).
 */
export interface ExtractedRecord extends SearchRecord {
  hidden: string | null;
  /**
   * On the page's lvl1 record only: the page's meta description (front matter `description`,
   * one or two sentences written to say what the page answers); searched, never shown.
   */
  description?: string | null;
}

/**
 * True when inline code is a code sample rather than a name, path or value in a sentence:
 * an object or array (`{"role": "shopper"}`), several lines, or longer than
 * MAX_PROSE_CODE_LENGTH.
 */
export function isCodeSample(text: string): boolean {
  const t = text.trim();
  return /^[[{]/.test(t) || /\n/.test(text) || t.length > MAX_PROSE_CODE_LENGTH;
}

/**
 * Splits a content element into the prose shown in hits and the text searched but not shown
 * (ExtractedRecord's `hidden`): `pre` blocks and code samples (isCodeSample) move to it, each
 * leaving CODE_ELISION in the prose, and so do an API field's name and a table row's first
 * cell; names in inline code stay in the prose.
 */
function splitCode(
  $: CheerioAPI,
  element: ReturnType<CheerioAPI>,
  apiFields: ReadonlySet<AnyNode>,
): { prose: string; hidden: string } {
  const copy = element.clone();
  const code: string[] = [];
  copy.find('pre').each((_, pre) => {
    code.push($(pre).text());
    $(pre).replaceWith(` ${CODE_ELISION} `);
  });
  copy.find('code').each((_, c) => {
    const text = $(c).text();
    if (!isCodeSample(text)) return;
    code.push(text);
    $(c).replaceWith(CODE_ELISION);
  });
  const field = closestIn(element[0], apiFields);
  const name = field ? $(field).find(API_FIELD_NAME).first().text() : '';
  if (name) code.push(name);
  if (element.is('td'))
    element.siblings('td, th').each((_, cell) => void code.push($(cell).text()));
  return { prose: clean(copy.text()), hidden: clean(code.join(' ')) };
}

/**
 * The nearest of `node` and its ancestors that is in `set`, or undefined: `closest(selector)`
 * with the selector matched once per page (`set = $(selector)`) instead of once per ancestor
 * of every content element, which made the search postBuild take 16 s for 408 pages.
 */
function closestIn(node: AnyNode | undefined, set: ReadonlySet<AnyNode>): AnyNode | undefined {
  if (set.size === 0) return undefined;
  for (let at: AnyNode | null | undefined = node; at; at = at.parent) {
    if (set.has(at)) return at;
  }
  return undefined;
}

/** A node of a parsed page (domhandler's AnyNode, as cheerio's API takes it). */
type AnyNode = Parameters<typeof contains>[1];

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
  return skipReasonOf(load(html));
}

/** skipReason of a page already parsed. */
function skipReasonOf($: CheerioAPI): string | null {
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
): ExtractedRecord[] {
  const $ = load(html);
  if (skipReasonOf($)) return [];
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
  const records: ExtractedRecord[] = [];
  const push = (type: RecordType, content: string | null, hidden: string | null = null) => {
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
      hidden,
    });
  };

  push('lvl1', null);
  records[0].description = clean($('meta[name="description"]').attr('content') ?? '') || null;
  let previousText = '';
  const excluded = new Set(
    $(
      `nav, .theme-doc-toc-mobile, .pagination-nav, footer, .${SEARCH_EXCLUDE_CLASS}, ${DOC_CARD_SELECTOR}`,
    ).toArray(),
  );
  const apiFields = new Set($('.api-field').toArray());
  const selector = ['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'td:last-child']
    .map((s) => `${scope} ${s}`)
    .join(', ');
  $(selector).each((_, element) => {
    const el = $(element);
    if (closestIn(element, excluded)) return;
    const name = String(el.prop('tagName') ?? '').toLowerCase();
    const isHeading = /^h[2-6]$/.test(name);
    const { prose, hidden } = isHeading
      ? { prose: clean(el.text()), hidden: '' }
      : splitCode($, el, apiFields);
    const text = prose.replace(new RegExp(`^[\\s${CODE_ELISION}]+$`), '');
    if (!text && !hidden) return;
    if (isHeading) {
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
    if (name === 'li' && el.children('p').length) return;
    const key = `${text}\u0000${hidden}`;
    if (key === previousText) return;
    previousText = key;
    push('content', text ? cut(text) : null, hidden ? cut(hidden) : null);
  });
  return records;
}
