/**
 * Turns DocSearch records into the local index, in two tiers (design/search-engine.md, "First
 * use on a phone"): per (language, docusaurus_tag), a headings file (the page table and every
 * section's headings, which the browser indexes as the first tier and which the shards' hits
 * display), and per site section a shard (its sections' texts and MiniSearch index), with
 * content-hashed file names and a manifest naming them. One shard per site section because the
 * modal searches the reader's section unless 'Global Search' is on: its first search downloads
 * that section's shard only.
 * The local index holds one document per heading section (see SectionDoc); the Algolia
 * export keeps one record per paragraph, as the DocSearch crawler does.
 */
import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import { miniSearchOptions, type IndexedDoc } from './client/engine';
import type { HeadingsFile, SearchManifest, SearchRecord, ShardFile } from './client/types';

/**
 * Longest section text kept in the display store, in characters (snippets come from it): about
 * 35 words, room for a 10-word snippet. 320 kept the search data under its 600 KB budget at 326
 * pages; at 338 pages and with the first tier's headings file it was 637.6 KB, and 224 brings it
 * to 590.4 KB (design/search-engine.md, "Display store").
 */
export const STORE_CONTENT_LENGTH = 224;

/**
 * A heading and the content records under it, the unit the local index holds: one document
 * per section keeps the index a fraction of the size of one per paragraph, and a hit still
 * lands on the heading's anchor.
 */
export interface SectionDoc {
  heading: IndexableRecord;
  /** Prose of the section's content records: indexed and shown. */
  content: string[];
  /** Their `hidden` text (see ExtractedRecord): indexed, never shown. */
  hidden: string[];
}

/** A record as the index builder takes it: `hidden` and `description` are optional (see ExtractedRecord). */
export type IndexableRecord = SearchRecord & {
  hidden?: string | null;
  description?: string | null;
};

/** Groups records (in document order) into heading sections. */
export function groupSections(records: IndexableRecord[]): SectionDoc[] {
  const sections: SectionDoc[] = [];
  for (const r of records) {
    const current = sections[sections.length - 1];
    if (
      r.type !== 'content' ||
      !current ||
      current.heading.url_without_anchor !== r.url_without_anchor
    ) {
      const own = r.type === 'content';
      sections.push({
        heading: r,
        content: own && r.content ? [r.content] : [],
        hidden: own && r.hidden ? [r.hidden] : [],
      });
    } else {
      if (r.content) current.content.push(r.content);
      if (r.hidden) current.hidden.push(r.hidden);
    }
  }
  return sections;
}

/** The document MiniSearch indexes for a section (see IndexedDoc). */
export function toIndexedDoc(section: SectionDoc, id: number): IndexedDoc {
  const { heading } = section;
  const h = heading.hierarchy;
  const levels = [h.lvl2, h.lvl3, h.lvl4, h.lvl5, h.lvl6];
  const depth = heading.type === 'content' ? 7 : Number(heading.type[3]);
  return {
    id,
    heading: heading.type === 'content' ? '' : (h[heading.type] ?? ''),
    title: h.lvl1,
    parents: levels
      .slice(0, Math.max(0, depth - 2))
      .filter(Boolean)
      .join(' '),
    content: [...section.content, ...section.hidden].join(' '),
    summary: heading.type === 'lvl1' ? (heading.description ?? '') : '',
    lvl0: h.lvl0,
  };
}

function cutStore(text: string): string | null {
  if (!text) return null;
  if (text.length <= STORE_CONTENT_LENGTH) return text;
  const at = text.lastIndexOf(' ', STORE_CONTENT_LENGTH);
  return text.slice(0, at > 0 ? at : STORE_CONTENT_LENGTH);
}

/** Path part of an absolute URL (`https://x.example/a/b#c` → `/a/b`). */
function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname;
}

/**
 * Builds the files of `search/`: per (language, docusaurus_tag), one headings file (page table
 * and every section's headings, shard after shard; see HeadingsFile) and one shard per site
 * section (its sections' texts and MiniSearch index; see ShardFile).
 * @returns the manifest and a map from file name (relative to `search/`) to JSON text.
 */
export function buildShards(records: IndexableRecord[]): {
  manifest: SearchManifest;
  files: Map<string, string>;
} {
  const groups = new Map<string, IndexableRecord[]>();
  for (const r of records) {
    const key = `${r.language}\u0000${r.docusaurus_tag}\u0000${r.section}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
  const manifest: SearchManifest = { version: 3, headings: [], shards: [] };
  const files = new Map<string, string>();
  const contentHash = (json: string) =>
    createHash('sha256').update(json).digest('hex').slice(0, 10);
  const headings = new Map<string, { file: HeadingsFile; pageIndex: Map<string, number> }>();
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [language, tag, section] = key.split('\u0000');
    const headingsKey = `${language}\u0000${tag}`;
    if (!headings.has(headingsKey)) {
      headings.set(headingsKey, {
        file: {
          kind: 'headings',
          version: 3,
          language,
          docusaurus_tag: tag,
          pages: [],
          rows: [],
        },
        pageIndex: new Map(),
      });
    }
    const { file: heads, pageIndex } = headings.get(headingsKey)!;
    const shard: ShardFile = {
      kind: 'shard',
      version: 3,
      language,
      docusaurus_tag: tag,
      section,
      first: heads.rows.length,
      texts: [],
      index: null,
    };
    const mini = new MiniSearch<IndexedDoc>(miniSearchOptions);
    const docs: IndexedDoc[] = [];
    groupSections(group).forEach((section, id) => {
      const r = section.heading;
      const path = pathOf(r.url_without_anchor);
      if (!pageIndex.has(path)) {
        pageIndex.set(path, heads.pages.length);
        heads.pages.push([
          path,
          r.hierarchy.lvl0,
          r.hierarchy.lvl1,
          r.section,
          r.type === 'lvl1' ? (r.description ?? null) : null,
        ]);
      }
      const h = r.hierarchy;
      heads.rows.push([
        pageIndex.get(path)!,
        r.type,
        r.anchor,
        [h.lvl2, h.lvl3, h.lvl4, h.lvl5, h.lvl6],
      ]);
      shard.texts.push(cutStore(section.content.join(' ')));
      docs.push(toIndexedDoc(section, id));
    });
    mini.addAll(docs);
    shard.index = mini.toJSON();
    const json = JSON.stringify(shard);
    const file = `${language}.${tag}.${section}.${contentHash(json)}.json`;
    files.set(file, json);
    manifest.shards.push({ language, docusaurus_tag: tag, section, file, records: docs.length });
  }
  for (const { file: heads } of headings.values()) {
    const json = JSON.stringify(heads);
    const file = `${heads.language}.${heads.docusaurus_tag}._headings.${contentHash(json)}.json`;
    files.set(file, json);
    manifest.headings.push({
      language: heads.language,
      docusaurus_tag: heads.docusaurus_tag,
      file,
      records: heads.rows.length,
    });
  }
  return { manifest, files };
}
