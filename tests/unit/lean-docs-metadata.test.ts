import { describe, expect, it } from 'vitest';
import type { RouteConfig } from '@docusaurus/types';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import { docDescriptions, withoutDocsMap } from '../../plugins/lean-docs-metadata';

const versionProp = {
  pluginId: 'default',
  version: 'current',
  docsSidebars: { connect: [{ type: 'link', href: '/connect', label: 'Connect' }] },
  docs: { 'connect/index': { id: 'connect/index', title: 'Connect', sidebar: 'connect' } },
};

const tree: RouteConfig = {
  path: '/',
  component: '@theme/DocsRoot',
  routes: [
    {
      path: '/',
      component: '@theme/DocVersionRoot',
      props: { version: versionProp },
      routes: [{ path: '/connect', component: '@theme/DocItem', exact: true }],
    },
  ],
};

describe('lean-docs-metadata', () => {
  it('drops the doc map from the version prop and keeps everything else', () => {
    const out = withoutDocsMap(tree);
    const version = out.routes![0]!.props!.version as Record<string, unknown>;
    expect(version).not.toHaveProperty('docs');
    expect(version.docsSidebars).toEqual(versionProp.docsSidebars);
    expect(version.pluginId).toBe('default');
    expect(out.routes![0]!.routes).toEqual(tree.routes![0]!.routes);
  });

  it('leaves the input untouched and passes other routes through', () => {
    withoutDocsMap(tree);
    expect(tree.routes![0]!.props!.version).toHaveProperty('docs');
    const plain: RouteConfig = { path: '/x', component: 'C', props: { title: 'X' } };
    expect(withoutDocsMap(plain)).toEqual(plain);
  });

  it('collects every non-empty description by doc id', () => {
    const content = {
      loadedVersions: [
        {
          docs: [
            { id: 'a', description: 'About A.' },
            { id: 'b', description: '' },
          ],
        },
      ],
    } as unknown as LoadedContent;
    expect(docDescriptions(content)).toEqual({ a: 'About A.' });
  });
});
