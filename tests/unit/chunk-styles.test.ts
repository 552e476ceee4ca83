import { describe, expect, it } from 'vitest';
import { keepStylesWithTheirChunks } from '../../plugins/lib/chunk-styles';
import { MODAL_STYLES } from '../../plugins/search-index';
import pageStylesPlugin from '../../plugins/page-styles';
import {
  classesOfCss,
  classesOfHtml,
  insertStylesheets,
  stylesheetsFor,
} from '../../plugins/page-styles/link';
import { PAGE_STYLES } from '../../config/page-styles';

type Config = Parameters<typeof keepStylesWithTheirChunks>[0];
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

/** `pattern` matches every path of `yes` and none of `no`. */
function expectMatches(pattern: RegExp, yes: string[], no: string[]): void {
  for (const path of yes) expect(pattern.test(path), path).toBe(true);
  for (const path of no) expect(pattern.test(path), path).toBe(false);
}

const modal = '/site/node_modules/@docsearch/css/dist/modal.css';
const extras = '/site/plugins/search-index/theme/SearchBar/modal.css';

describe('styles kept out of styles.css (plugins/lib/chunk-styles)', () => {
  it('leaves only the modal stylesheets out of the styles group', () => {
    const c = withStylesGroup();
    keepStylesWithTheirChunks(c, false, MODAL_STYLES);
    const test = stylesTest(c)!;
    expect(test(at(modal))).toBe(false);
    expect(test(at(extras))).toBe(false);
    expect(test(at('/site/src/css/custom.css'))).toBe(true);
    expect(test({})).toBe(true);
  });

  it("keeps the group's own test, whatever its form, and the other plugins' files", () => {
    const seen: unknown[] = [];
    const fn = withStylesGroup((m: Module, ctx: unknown) => {
      seen.push(ctx);
      return !m.nameForCondition!()!.includes('upstream-out');
    });
    keepStylesWithTheirChunks(fn, false, MODAL_STYLES);
    keepStylesWithTheirChunks(fn, false, /other\.css$/);
    expect(stylesTest(fn)!(at(modal), 'ctx')).toBe(false);
    expect(stylesTest(fn)!(at('/x/upstream-out/c.css'), 'ctx')).toBe(false);
    expect(stylesTest(fn)!(at('/x/other.css'), 'ctx')).toBe(false);
    expect(stylesTest(fn)!(at('/x/c.css'), 'ctx')).toBe(true);
    expect(seen).toContain('ctx');

    const regex = withStylesGroup(/[\\/]site[\\/]/);
    keepStylesWithTheirChunks(regex, false, MODAL_STYLES);
    expect(stylesTest(regex)!(at('/site/src/c.css'))).toBe(true);
    expect(stylesTest(regex)!(at('/lib/c.css'))).toBe(false);
    expect(stylesTest(regex)!(at(extras))).toBe(false);

    const prefix = withStylesGroup('/site/src/');
    keepStylesWithTheirChunks(prefix, false, MODAL_STYLES);
    expect(stylesTest(prefix)!(at('/site/src/c.css'))).toBe(true);
    expect(stylesTest(prefix)!(at('/site/lib/c.css'))).toBe(false);
  });

  it('leaves the server build and a configuration without the group alone', () => {
    const server = withStylesGroup();
    keepStylesWithTheirChunks(server, true, MODAL_STYLES);
    expect(stylesTest(server)).toBeUndefined();
    const bare = {} as Config;
    expect(() => keepStylesWithTheirChunks(bare, false, MODAL_STYLES)).not.toThrow();
    expect(bare).toEqual({});
  });
});

describe('the files loaded with the modal', () => {
  it("DocSearch's modal styles and the site's additions to the modal, nothing else", () => {
    expectMatches(
      MODAL_STYLES,
      [
        '/site/node_modules/@docsearch/css/dist/modal.css',
        'C:\\site\\node_modules\\@docsearch\\css\\dist\\modal.css',
        '/site/plugins/search-index/theme/SearchBar/modal.css',
      ],
      [
        '/site/node_modules/@docsearch/css/dist/button.css',
        '/site/node_modules/@docsearch/css/dist/_variables.css',
        '/site/node_modules/@docsearch/css/dist/style.css',
        // The navbar's button and the modal's shell, drawn before hydration.
        '/site/plugins/search-index/theme/SearchBar/styles.css',
        '/site/plugins/search-index/theme/SearchPage/styles.module.css',
        '/site/src/css/custom.css',
      ],
    );
  });
});

describe('page styles (plugins/page-styles)', () => {
  it('PAGE_STYLES: the home page, widget examples, file checker and search page only', () => {
    expectMatches(
      PAGE_STYLES,
      [
        '/site/src/pages/index.module.css',
        '/site/src/components/widgets/styles.module.css',
        'C:\\site\\src\\components\\CatalogFileChecker\\styles.module.css',
        '/site/plugins/search-index/theme/SearchPage/styles.module.css',
        '/site/node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchPage/styles.module.css',
      ],
      [
        '/site/src/css/custom.css',
        '/site/src/pages/other.module.css',
        '/site/src/components/PageFeedback/styles.module.css',
        '/site/plugins/search-index/theme/SearchBar/styles.css',
        '/site/node_modules/@docusaurus/theme-search-algolia/lib/theme/SearchBar/styles.css',
        '/site/plugins/openapi-pages/theme/api-reference.css',
      ],
    );
  });

  it('gives the page styles a cache group of their own, out of the styles group', () => {
    const context = { baseUrl: '/' } as Parameters<typeof pageStylesPlugin>[0];
    const plugin = pageStylesPlugin(context, { files: /page\.css$/ });
    const c = withStylesGroup();
    plugin.configureWebpack!(c, false, {} as never, {} as never);
    expect(stylesTest(c)!(at('/x/page.css'))).toBe(false);
    expect(stylesTest(c)!(at('/x/other.css'))).toBe(true);
    const group = (
      c.optimization!.splitChunks as {
        cacheGroups: Record<string, { test: Test; type: string; chunks: string }>;
      }
    ).cacheGroups.pageStyles!;
    expect(group).toMatchObject({ type: 'css/mini-extract', chunks: 'async', enforce: true });
    expect(group.test(at('/x/page.css'))).toBe(true);
    expect(group.test(at('/x/other.css'))).toBe(false);
    const server = withStylesGroup();
    plugin.configureWebpack!(server, true, {} as never, {} as never);
    expect(server).toEqual(withStylesGroup());
  });

  it('refuses options without a files RegExp', () => {
    const context = { baseUrl: '/' } as Parameters<typeof pageStylesPlugin>[0];
    expect(() => pageStylesPlugin(context, undefined)).toThrow(/page-styles: pass \{ files/);
    expect(() => pageStylesPlugin(context, { files: 'widgets' })).toThrow(/page-styles: pass/);
  });

  it('reads the classes of a stylesheet, not of its URLs, strings or comments', () => {
    const css =
      '/* .commented */.a_x1{b:c}.b-2 .c_Z9:hover,.d::before{content:".e"}' +
      '@media (min-width:1px){.f{background:url(img/x.svg)}}.g{margin:.5rem;background:url("a.png")}';
    expect([...classesOfCss(css)].sort()).toEqual(['a_x1', 'b-2', 'c_Z9', 'd', 'f', 'g']);
  });

  it('reads the classes of a page, quoted or not, as the minifier writes them', () => {
    const html = `<div class="a b_1  c"><p class=d_2><i class='e'></i><span data-class="x">class=y</span></div>`;
    expect([...classesOfHtml(html)].sort()).toEqual(['a', 'b_1', 'c', 'd_2', 'e']);
  });

  it('links a page to the sheets whose classes it uses, after the global one, once', () => {
    const sheets = [
      { href: '/assets/css/1.css', classes: new Set(['w_1', 'w_2']) },
      { href: '/assets/css/2.css', classes: new Set(['modal']) },
    ];
    expect(stylesheetsFor(new Set(['w_2', 'navbar']), sheets)).toEqual(['/assets/css/1.css']);
    expect(stylesheetsFor(new Set(['navbar']), sheets)).toEqual([]);
    const page =
      '<head><link rel=stylesheet href=/assets/css/styles.1.css /><script></script></head>';
    const linked = insertStylesheets(page, ['/assets/css/1.css'], '/assets/css/styles.1.css');
    expect(linked).toBe(
      '<head><link rel=stylesheet href=/assets/css/styles.1.css /><link rel="stylesheet" href="/assets/css/1.css"><script></script></head>',
    );
    expect(insertStylesheets(linked, ['/assets/css/1.css'], '/assets/css/styles.1.css')).toBe(
      linked,
    );
    expect(() =>
      insertStylesheets('<head></head>', ['/a.css'], '/assets/css/styles.1.css'),
    ).toThrow(/no link to \/assets\/css\/styles\.1\.css/);
  });
});
