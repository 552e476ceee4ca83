import { describe, expect, it } from 'vitest';
import {
  activeDocSidebar,
  type DocsData,
} from '../../src/theme/NavbarItem/DocSidebarNavbarItem/activeSidebar';

const data: DocsData = {
  versions: [
    {
      path: '/',
      docs: [
        { path: '/connect', sidebar: 'connect' },
        { path: '/connect/fulfillment', sidebar: 'connect' },
        { path: '/connect/fulfillment/api/create_delivery_order', sidebar: 'connect' },
        { path: '/catalog', sidebar: 'catalog' },
        { path: '/catalog/catalog_inventory_file/required_columns', sidebar: 'catalog' },
        { path: '/glossary' },
        { path: '/support/faq', sidebar: 'support' },
      ],
    },
  ],
};

describe("the navbar's active sidebar", () => {
  it('answers as the docs plugin does, for docs, variants of their paths and other pages', () => {
    // What `matchPath(pathname, { path: doc.path, exact: true, strict: false })` of react-router
    // 5 (the docs plugin's doc search) finds for each path; checked against it when written.
    const expected: [string, string | undefined][] = [
      ...data.versions[0].docs.flatMap((d): [string, string | undefined][] => [
        [d.path, d.sidebar],
        [`${d.path}/`, d.sidebar],
        [d.path.toUpperCase(), d.sidebar],
      ]),
      ['/', undefined],
      ['/search', undefined],
      ['/connect/nothing', undefined],
      ['/connect/fulfillment/api', undefined],
      ['/support', undefined],
    ];
    for (const [pathname, sidebar] of expected) {
      expect(activeDocSidebar(data, pathname), pathname).toBe(sidebar);
    }
  });

  it('builds its map once per plugin data object', () => {
    const fresh: DocsData = { versions: [{ path: '/', docs: [{ path: '/a', sidebar: 's' }] }] };
    expect(activeDocSidebar(fresh, '/a')).toBe('s');
    (fresh.versions[0].docs as { path: string; sidebar?: string }[]).push({
      path: '/b',
      sidebar: 't',
    });
    expect(activeDocSidebar(fresh, '/b')).toBeUndefined(); // the same data object, the same map
  });
});
