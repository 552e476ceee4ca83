/**
 * One index from several shards, for a request that needs more than one (Global Search, the
 * home page, /search without a section).
 *
 * The index is split into one shard per site section (plugins/search-index/build.ts) so that
 * the modal's first, section-scoped search downloads one section. Searched shard by shard, a
 * global query cost 13 radix-tree searches (p50 13 ms against 2.5 ms for one index, Node, load
 * average 13), and BM25 counted each section's statistics, which moved 3 of the 93 labelled
 * questions out of the top 3. Merged, the documents, field lengths and postings form the index
 * one build over all records would have made: the same scores, one search.
 *
 * Works on MiniSearch's documented serialisation (`toJSON()`, `serializationVersion` 2):
 * `documentIds` and `fieldLength` keyed by short id, `index` as `[term, {fieldId: {shortId:
 * frequency}}]`. The shards' ids are row numbers from 0, so each part's ids are offset by the
 * rows before it.
 */
import type { ShardFile } from './types';

/** MiniSearch's serialised index (`AsPlainObject` of MiniSearch 7), the parts used here. */
interface PlainIndex {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount?: number;
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

/** A merged shard: the display store and index of every part, and where each row came from. */
export interface MergedShard {
  /** Pages and rows of all parts in order (rows point at the merged page table), one index. */
  file: ShardFile;
  /** The parts, in the order merged. */
  parts: ShardFile[];
  /** Index in `parts` of each merged row. */
  rowPart: Uint16Array;
  /** Merged row id of each part's first row. */
  rowOffset: number[];
}

/**
 * Merges shards into one (see module comment).
 * @param parts shards built with the same fields, each with ids 0..rows-1 (buildShards).
 * @throws Error when a part's index is not a MiniSearch serialisation of version 2, or the
 *   parts' field ids differ.
 */
export function mergeShardFiles(parts: ShardFile[]): MergedShard {
  const indexes = parts.map((p) => p.index as PlainIndex);
  for (const ix of indexes) {
    if (!ix || ix.serializationVersion !== 2 || !Array.isArray(ix.index)) {
      throw new Error('a search shard holds no index of a known format');
    }
  }
  const fieldIds = indexes[0]?.fieldIds ?? {};
  const sameFields = JSON.stringify(fieldIds);
  if (indexes.some((ix) => JSON.stringify(ix.fieldIds) !== sameFields)) {
    throw new Error('search shards were built with different fields');
  }

  const pages: ShardFile['pages'] = [];
  const rows: ShardFile['rows'] = [];
  const rowOffset: number[] = [];
  const rowPart: number[] = [];
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  const postings = new Map<string, Record<string, Record<string, number>>>();
  let documentCount = 0;
  const lengthSums: number[] = [];

  parts.forEach((part, p) => {
    const ix = indexes[p];
    const offset = rows.length;
    const pageOffset = pages.length;
    rowOffset.push(offset);
    pages.push(...part.pages);
    for (const row of part.rows) {
      rows.push([row[0] + pageOffset, row[1], row[2], row[3], row[4]]);
      rowPart.push(p);
    }
    for (const [shortId, id] of Object.entries(ix.documentIds)) {
      documentIds[Number(shortId) + offset] = id + offset;
    }
    for (const [shortId, lengths] of Object.entries(ix.fieldLength)) {
      fieldLength[Number(shortId) + offset] = lengths;
    }
    ix.averageFieldLength.forEach((avg, f) => {
      lengthSums[f] = (lengthSums[f] ?? 0) + avg * ix.documentCount;
    });
    documentCount += ix.documentCount;
    for (const [term, fields] of ix.index) {
      let merged = postings.get(term);
      if (!merged) postings.set(term, (merged = {}));
      for (const [fieldId, docs] of Object.entries(fields)) {
        const target = (merged[fieldId] ??= {});
        for (const [shortId, freq] of Object.entries(docs)) target[Number(shortId) + offset] = freq;
      }
    }
  });

  const index: PlainIndex = {
    documentCount,
    nextId: rows.length,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength: lengthSums.map((sum) => (documentCount ? sum / documentCount : 0)),
    storedFields: {},
    dirtCount: 0,
    index: [...postings],
    serializationVersion: 2,
  };
  const first = parts[0];
  return {
    file: {
      version: 2,
      language: first?.language ?? '',
      docusaurus_tag: first?.docusaurus_tag ?? '',
      section: parts.map((p) => p.section).join('+'),
      pages,
      rows,
      index,
    },
    parts,
    rowPart: Uint16Array.from(rowPart),
    rowOffset,
  };
}
