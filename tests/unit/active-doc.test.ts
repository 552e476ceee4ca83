import { describe, expect, it } from 'vitest';
import {
  activeDocContext,
  type DocEntry,
  type DocsData,
  type VersionEntry,
} from '../../plugins/active-doc/activeDoc';

type Doc = DocEntry & { sidebar?: string };
type Version = VersionEntry<Doc> & { path: string };

/** Stand-in for upstream `getActiveVersion`: the version whose path prefixes the pathname. */
function versionOf(data: DocsData<Version>, pathname: string): Version | undefined {
  return [...data.versions]
    .sort((a, b) => b.path.length - a.path.length)
    .find((v) => pathname.toLowerCase().startsWith(v.path === '/' ? '/' : `${v.path}`));
}

/** Fails the test when the doc map's fallback (for pattern paths) is used where it must not be. */
function noScan(): boolean {
  throw new Error('scanned with matchPath');
}

const current: Version = {
  name: 'current',
  path: '/',
  docs: [
    { id: 'connect/index', path: '/connect', sidebar: 'connect' },
    { id: 'connect/fulfillment/index', path: '/connect/fulfillment', sidebar: 'connect' },
    {
      id: 'connect/fulfillment/api/create_delivery_order',
      path: '/connect/fulfillment/api/create_delivery_order',
      sidebar: 'connect',
    },
    { id: 'catalog/index', path: '/catalog/', sidebar: 'catalog' },
    { id: 'glossary/index', path: '/glossary' },
  ],
};
const v1: Version = {
  name: '1.0',
  path: '/1.0',
  docs: [
    { id: 'connect/index', path: '/1.0/connect', sidebar: 'connect' },
    { id: 'glossary/index', path: '/1.0/glossary' },
  ],
};
const data: DocsData<Version> = { versions: [current, v1] };

describe('the active doc context', () => {
  it('answers as the docs plugin does, for docs, variants of their paths and other pages', () => {
    // What upstream `getActiveDocContext` (matchPath, exact, not strict, not case-sensitive)
    // answers for each path: the doc's id, or undefined.
    const expected: [string, string | undefined][] = [
      ['/connect', 'connect/index'],
      ['/connect/', 'connect/index'],
      ['/CONNECT/Fulfillment', 'connect/fulfillment/index'],
      [
        '/connect/fulfillment/api/create_delivery_order',
        'connect/fulfillment/api/create_delivery_order',
      ],
      ['/catalog', 'catalog/index'],
      ['/catalog/', 'catalog/index'],
      ['/glossary', 'glossary/index'],
      ['/1.0/connect', 'connect/index'],
      ['/1.0/glossary/', 'glossary/index'],
      ['/connect//', undefined], // one optional trailing slash only
      ['/', undefined],
      ['/search', undefined],
      ['/connect/fulfillment/api', undefined],
      ['/1.0/catalog', undefined], // not in that version
    ];
    for (const [pathname, id] of expected) {
      const context = activeDocContext(data, pathname, versionOf, noScan);
      expect(context.activeDoc?.id, pathname).toBe(id);
    }
  });

  it('lists the active doc in every version that has it, and nothing on other pages', () => {
    const onDoc = activeDocContext(data, '/1.0/connect', versionOf, noScan);
    expect(onDoc.activeVersion).toBe(v1);
    expect(onDoc.alternateDocVersions).toEqual({ current: current.docs[0], '1.0': v1.docs[0] });
    const onHome = activeDocContext(data, '/', versionOf, noScan);
    expect(onHome.activeVersion).toBe(current);
    expect(onHome.alternateDocVersions).toEqual({});
  });

  it('reads no doc path again when asked again, nor for another page once the map is built', () => {
    let reads = 0;
    const counted = (doc: Doc): Doc => ({
      ...doc,
      get path() {
        reads += 1;
        return doc.path;
      },
    });
    const docs = Array.from({ length: 400 }, (_, i) =>
      counted({ id: `doc${i}`, path: `/area/doc${i}` }),
    );
    const big: DocsData<Version> = { versions: [{ name: 'current', path: '/', docs }] };
    // The navbar's hooks on the home page: the same question four times.
    for (let i = 0; i < 4; i += 1) activeDocContext(big, '/', versionOf, noScan);
    expect(reads).toBeLessThanOrEqual(2 * docs.length); // the map: each path read once (twice at most)
    const afterMap = reads;
    expect(activeDocContext(big, '/area/doc399', versionOf, noScan).activeDoc?.id).toBe('doc399');
    expect(activeDocContext(big, '/area/doc399', versionOf, noScan).activeDoc?.id).toBe('doc399');
    expect(reads).toBe(afterMap);
  });

  it('asks the upstream doc test for a version with a path pattern, and finds the first match', () => {
    const pattern: Version = {
      name: 'current',
      path: '/',
      docs: [
        { id: 'a', path: '/api/:operation' },
        { id: 'b', path: '/api/list' },
      ],
    };
    const asked: string[] = [];
    const matches = (pathname: string, docPath: string) => {
      asked.push(docPath);
      return docPath === '/api/:operation' && pathname.startsWith('/api/');
    };
    const context = activeDocContext({ versions: [pattern] }, '/api/list', versionOf, matches);
    expect(context.activeDoc?.id).toBe('a');
    expect(asked).toEqual(['/api/:operation']);
  });
});
