/**
 * BM25 statistics pooled across index shards, so that a search over several shards ranks as
 * one index over all their documents would.
 *
 * Pooling rather than merging the shards into one index: a merge of the 13 shards' serialised
 * indexes (ids offset, postings joined) took 250–370 ms in Node before its own `loadJS`
 * (70–125 ms), against 85–220 ms to load the shards as they are, on the first global search,
 * which a phone runs 4 times slower. A merged index answered a global query in p50 2.4 ms
 * against 13 ms pooled; the queries run in the worker, the first use is what the reader waits
 * for (design/search-engine.md, "First use on a phone").
 *
 * The index is split into one shard per site section (plugins/search-index/build.ts), so that
 * the modal's first, section-scoped search downloads one section. MiniSearch scores a term by
 * BM25 with its own index's statistics: the document count, each field's average length and
 * the number of documents holding the term in that field. Per shard, a word common in one
 * section and rare elsewhere ranked differently than in one index: the labelled set fell from
 * 88 to 85 of 93 (design/search-engine.md, "First use on a phone"). While the shards of one
 * request are searched, each takes the statistics of their union: document counts summed,
 * average field lengths weighted by document count, and a term's document frequency summed
 * over the shards. A scoped request searches one shard, with its own statistics.
 *
 * MiniSearch 7.2.0 keeps these in `_documentCount`, `_avgFieldLength`, `_index` and reads the
 * document frequency as the size of the posting map handed to its `termResults` method; the
 * unit test `search-pooled-stats.test.ts` compares pooled shard scores with one index's, so
 * an upgrade that changes these internals fails it.
 */
import type MiniSearch from 'minisearch';

type Postings = Map<number, number>;
type FieldPostings = Map<number, Postings>;
type TermResults = (
  sourceTerm: string,
  derivedTerm: string,
  termWeight: number,
  termBoost: number,
  fieldTermData: FieldPostings | undefined,
  ...rest: unknown[]
) => unknown;

/** The MiniSearch internals read and set here (see module comment). */
interface Internals {
  _documentCount: number;
  _avgFieldLength: number[];
  _index: { get(term: string): FieldPostings | undefined };
  termResults: TermResults;
}

/** The pooled statistics a shard scores with while pooled; null when it uses its own. */
const pools = new WeakMap<object, ((term: string, fieldId: number) => number) | null>();

/** Makes `mini.termResults` read the document frequency from its pool when one is set. */
function install(mini: Internals): void {
  if (pools.has(mini)) return;
  pools.set(mini, null);
  const own = mini.termResults;
  mini.termResults = function pooledTermResults(
    this: Internals,
    sourceTerm,
    derivedTerm,
    termWeight,
    termBoost,
    fieldTermData,
    ...rest
  ) {
    const df = pools.get(this);
    const data =
      df && fieldTermData
        ? ({
            get(fieldId: number) {
              const postings = fieldTermData.get(fieldId);
              if (!postings) return undefined;
              return {
                size: df(derivedTerm, fieldId),
                keys: () => postings.keys(),
                get: (docId: number) => postings.get(docId),
              };
            },
          } as unknown as FieldPostings)
        : fieldTermData;
    return own.call(this, sourceTerm, derivedTerm, termWeight, termBoost, data, ...rest);
  };
}

/**
 * Gives every index in `indexes` the BM25 statistics of their union until the returned
 * function is called; call it once the synchronous searches are done. With fewer than two
 * indexes nothing changes.
 * @param indexes MiniSearch instances built with the same `fields` (so field ids agree).
 * @returns restores each index's own statistics; never throws.
 */
export function poolStatistics<T>(indexes: readonly MiniSearch<T>[]): () => void {
  if (indexes.length < 2) return () => undefined;
  const minis = indexes as unknown as Internals[];
  const saved = minis.map((m) => ({ count: m._documentCount, avg: m._avgFieldLength }));
  const total = saved.reduce((sum, s) => sum + s.count, 0);
  const fields = Math.max(...saved.map((s) => s.avg.length));
  const avg = Array.from({ length: fields }, (_, f) =>
    total ? saved.reduce((sum, s) => sum + (s.avg[f] ?? 0) * s.count, 0) / total : 0,
  );
  const cache = new Map<string, number>();
  const df = (term: string, fieldId: number): number => {
    const key = `${fieldId}\u0000${term}`;
    let n = cache.get(key);
    if (n === undefined) {
      n = minis.reduce((sum, m) => sum + (m._index.get(term)?.get(fieldId)?.size ?? 0), 0);
      cache.set(key, n);
    }
    return n;
  };
  for (const mini of minis) {
    install(mini);
    pools.set(mini, df);
    mini._documentCount = total;
    mini._avgFieldLength = avg;
  }
  return () => {
    minis.forEach((mini, i) => {
      pools.set(mini, null);
      mini._documentCount = saved[i].count;
      mini._avgFieldLength = saved[i].avg;
    });
  };
}
