import { describe, expect, it } from 'vitest';
import { MODAL_STYLES, keepModalStylesLazy } from '../../plugins/search-index';

type Config = Parameters<typeof keepModalStylesLazy>[0];
type Module = { nameForCondition?: () => string | null };
type Test = (module: Module, ...rest: unknown[]) => boolean;

/** A client configuration with Docusaurus's `styles` cache group (lib/webpack/base.js). */
const withStylesGroup = (test?: unknown) =>
  ({
    optimization: {
      splitChunks: {
        cacheGroups: {
          styles: { name: 'styles', type: 'css/mini-extract', chunks: 'all', enforce: true, test },
        },
      },
    },
  }) as unknown as Config;

const stylesTest = (c: Config) =>
  (
    (c.optimization!.splitChunks as { cacheGroups: Record<string, { test?: Test }> }).cacheGroups
      .styles as { test?: Test }
  ).test;

const at = (path: string): Module => ({ nameForCondition: () => path });

const modal = '/site/node_modules/@docsearch/css/dist/modal.css';
const extras = '/site/plugins/search-index/theme/SearchBar/modal.css';

describe("the modal's styles kept out of styles.css (plugins/search-index)", () => {
  it('leaves only the modal stylesheets out of the styles group', () => {
    const c = withStylesGroup();
    keepModalStylesLazy(c, false);
    const test = stylesTest(c)!;
    expect(test(at(modal))).toBe(false);
    expect(test(at(extras))).toBe(false);
    expect(test(at('/site/src/css/custom.css'))).toBe(true);
    expect(test({})).toBe(true);
  });

  it("keeps the group's own test, whatever its form", () => {
    const seen: unknown[] = [];
    const fn = withStylesGroup((m: Module, ctx: unknown) => {
      seen.push(ctx);
      return !m.nameForCondition!()!.includes('upstream-out');
    });
    keepModalStylesLazy(fn, false);
    expect(stylesTest(fn)!(at(modal), 'ctx')).toBe(false);
    expect(stylesTest(fn)!(at('/x/upstream-out/c.css'), 'ctx')).toBe(false);
    expect(stylesTest(fn)!(at('/x/c.css'), 'ctx')).toBe(true);
    expect(seen).toContain('ctx');

    const regex = withStylesGroup(/[\\/]site[\\/]/);
    keepModalStylesLazy(regex, false);
    expect(stylesTest(regex)!(at('/site/src/c.css'))).toBe(true);
    expect(stylesTest(regex)!(at('/lib/c.css'))).toBe(false);
    expect(stylesTest(regex)!(at(extras))).toBe(false);

    const prefix = withStylesGroup('/site/src/');
    keepModalStylesLazy(prefix, false);
    expect(stylesTest(prefix)!(at('/site/src/c.css'))).toBe(true);
    expect(stylesTest(prefix)!(at('/site/lib/c.css'))).toBe(false);
  });

  it('leaves the server build and a configuration without the group alone', () => {
    const server = withStylesGroup();
    keepModalStylesLazy(server, true);
    expect(stylesTest(server)).toBeUndefined();
    const bare = {} as Config;
    expect(() => keepModalStylesLazy(bare, false)).not.toThrow();
    expect(bare).toEqual({});
  });
});

describe('the files loaded with the modal', () => {
  it("DocSearch's modal styles and the site's additions to the modal, nothing else", () => {
    for (const path of [
      '/site/node_modules/@docsearch/css/dist/modal.css',
      'C:\\site\\node_modules\\@docsearch\\css\\dist\\modal.css',
      '/site/plugins/search-index/theme/SearchBar/modal.css',
    ])
      expect(MODAL_STYLES.test(path), path).toBe(true);
    for (const path of [
      '/site/node_modules/@docsearch/css/dist/button.css',
      '/site/node_modules/@docsearch/css/dist/_variables.css',
      '/site/node_modules/@docsearch/css/dist/style.css',
      // The navbar's button and the modal's shell, drawn before hydration.
      '/site/plugins/search-index/theme/SearchBar/styles.css',
      // Rendered on the server: its page links no stylesheet of its own chunk.
      '/site/plugins/search-index/theme/SearchPage/styles.module.css',
      '/site/src/components/widgets/styles.module.css',
      '/site/src/css/custom.css',
    ])
      expect(MODAL_STYLES.test(path), path).toBe(false);
  });
});
