/**
 * Atom 1.0 and RSS 2.0 feeds of a changelog page, read from its built HTML (so entries carry
 * the rendered text, with links made absolute) and written with the `feed` package. An entry is
 * a heading (`h2` or `h3`) whose text starts with an ISO date (`2026-09-14: Reserve a desired
 * window`, or only `2026-03-02`); its content runs to the next `h2` or `h3`.
 */
import { load } from 'cheerio';
import { Feed } from 'feed';

/** One changelog entry. */
export interface ChangelogEntry {
  /** The heading's anchor id. */
  id: string;
  /** `YYYY-MM-DD`. */
  date: string;
  title: string;
  /** Entry body as HTML, links absolute. */
  html: string;
  /** First sentence of the body as text (at most 300 characters). */
  summary: string;
}

/** A changelog page as its feeds need it. */
export interface Changelog {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Newest first, as the page lists them. */
  entries: ChangelogEntry[];
}

const DATED = /^(\d{4}-\d{2}-\d{2})(?::\s*(.+))?$/;

/** Feed file paths of a changelog route, relative to the site root: `<route>.atom.xml`, `.rss.xml`. */
export function feedPaths(route: string): { atom: string; rss: string } {
  const base = route.replace(/\/$/, '');
  return { atom: `${base}.atom.xml`, rss: `${base}.rss.xml` };
}

/**
 * Reads the entries of a built changelog page.
 * @param html the page's built HTML.
 * @param pageUrl its absolute URL (links and anchors are resolved against it).
 * @throws Error when the page has no article or no dated heading (a changelog without entries
 *   is a content error the build should report).
 */
export function readChangelog(html: string, pageUrl: string): Changelog {
  const $ = load(html);
  const article = $('article .theme-doc-markdown').first();
  if (!article.length) throw new Error(`${pageUrl}: no article content found`);
  const title = $('article h1').first().text().trim() || $('title').text().trim();
  const description = $('meta[name="description"]').attr('content') ?? '';
  const entries: ChangelogEntry[] = [];
  article.find('h2, h3').each((_, el) => {
    const heading = $(el);
    const text = heading.clone().children('a.hash-link').remove().end().text().trim();
    const m = DATED.exec(text);
    const id = heading.attr('id');
    if (!m || !id) return;
    const parts = heading.nextUntil('h2, h3').clone();
    parts.find('a[href]').each((__, a) => {
      const href = $(a).attr('href') ?? '';
      try {
        $(a).attr('href', new URL(href, pageUrl).href);
      } catch {
        // an href that is not a URL is left as written
      }
    });
    parts.find('a.hash-link').remove();
    parts.find('[class=""]').addBack('[class=""]').removeAttr('class');
    const body = parts
      .toArray()
      .map((node) => $.html(node))
      .join('\n');
    const plain = parts.text().replace(/\s+/g, ' ').trim();
    const sentence = (/^(.{1,300}?[.!?])(\s|$)/.exec(plain)?.[1] ?? plain.slice(0, 300)).trim();
    entries.push({
      id,
      date: m[1],
      title: m[2] ?? `${m[1]}: ${sentence.replace(/[.!?]$/, '')}`,
      html: body,
      summary: sentence,
    });
  });
  if (!entries.length) throw new Error(`${pageUrl}: no dated entry (a heading "YYYY-MM-DD: …")`);
  return { title, description, url: pageUrl, entries };
}

/**
 * The Atom and RSS documents of a changelog.
 * @param feedUrls absolute URLs of the two feeds (each feed links to itself).
 */
export function renderFeeds(
  changelog: Changelog,
  feedUrls: { atom: string; rss: string },
  copyright: string,
): { atom: string; rss: string } {
  const updated = new Date(`${changelog.entries[0].date}T00:00:00Z`);
  const feed = new Feed({
    title: changelog.title,
    description: changelog.description,
    id: changelog.url,
    link: changelog.url,
    language: 'en-US',
    updated,
    copyright,
    feedLinks: { atom: feedUrls.atom, rss: feedUrls.rss },
  });
  for (const entry of changelog.entries)
    feed.addItem({
      title: entry.title,
      id: `${changelog.url}#${entry.id}`,
      link: `${changelog.url}#${entry.id}`,
      date: new Date(`${entry.date}T00:00:00Z`),
      description: entry.summary,
      content: entry.html,
    });
  return { atom: feed.atom1(), rss: feed.rss2() };
}
