import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  activeDocSidebar,
  type DocsData,
} from '../../src/theme/NavbarItem/DocSidebarNavbarItem/activeSidebar';

/** What @docusaurus/plugin-content-docs 3.10.2 answers (getActiveDocContext's doc search). */
function upstream(data: DocsData, pathname: string): string | undefined {
  const version = [...data.versions]
    .sort((a, b) => (a.path === b.path ? 0 : a.path.includes(b.path) ? -1 : 1))
    .find((v) => matchPath(pathname, { path: v.path, exact: false, strict: false }));
  return version?.docs.find((d) =>
    matchPath(pathname, { path: d.path, exact: true, strict: false }),
  )?.sidebar;
}

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
    const paths = [
      ...data.versions[0].docs.flatMap((d) => [d.path, `${d.path}/`, d.path.toUpperCase()]),
      '/',
      '/search',
      '/connect/nothing',
      '/connect/fulfillment/api',
      '/catalog/',
      '/support',
      '/glossary//',
    ];
    for (const pathname of paths) {
      expect(activeDocSidebar(data, pathname), pathname).toBe(upstream(data, pathname));
    }
    expect(activeDocSidebar(data, '/connect/fulfillment/')).toBe('connect');
    expect(activeDocSidebar(data, '/')).toBeUndefined();
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
