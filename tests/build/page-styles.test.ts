import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages } from '../../plugins/lib/built-pages';
import { classesOfCss, classesOfHtml } from '../../plugins/page-styles/link';

// plugins/page-styles: the styles of components a few pages render are not in the global
// stylesheet; those pages, and only those, link their stylesheet after the global one.
const build = join(__dirname, '..', '..', 'build');
const cssDir = join(build, 'assets', 'css');
const cssFiles = readdirSync(cssDir).filter((f) => f.endsWith('.css'));
const globalCss = cssFiles.filter((f) => /^styles\.[0-9a-f]+\.css$/.test(f));
const css = (file: string) => readFileSync(join(cssDir, file), 'utf8');

/** The stylesheets a page links, in order (URL paths). */
const linkedSheets = (html: string) =>
  [...html.matchAll(/<link[^>]*rel="?stylesheet"?[^>]*href="?([^"\s>]+)/g)].map((m) => m[1]!);

/** Page (path in build/) → a class only its stylesheet defines (a CSS module's). */
const PAGES: Record<string, RegExp> = {
  'index.html': /^hero_/,
  'widgets/widget_libraries/cart.html': /^caption_/,
  'widgets/widget_libraries/collection.html': /^caption_/,
  'widgets/widget_libraries/search_bar.html': /^caption_/,
  'widgets/widget_libraries/auth_profile.html': /^caption_/,
  'catalog/catalog_inventory_file/file_requirements.html': /^checker_/,
  'search.html': /^searchQueryInput_/,
};

describe('page styles (plugins/page-styles)', () => {
  const pages = builtPages(build);
  const text = new Map(pages.map((f) => [relative(build, f), readFileSync(f, 'utf8')] as const));
  const links = new Map([...text].map(([page, html]) => [page, linkedSheets(html)] as const));
  // plugin-client-redirects' pages: a refresh to the new address, no stylesheet.
  const redirect = (page: string) => /<meta[^>]+http-equiv="?refresh/i.test(text.get(page)!);

  it('links one more stylesheet in the pages that render such a component, after the global one', () => {
    expect(globalCss).toHaveLength(1);
    const global = `/assets/css/${globalCss[0]}`;
    for (const [page, classPattern] of Object.entries(PAGES)) {
      const sheets = links.get(page)!;
      expect(sheets, page).toHaveLength(2);
      expect(sheets[0], page).toBe(global);
      const own = classesOfCss(css(sheets[1]!.split('/').pop()!));
      // The page renders a class of its sheet that the global stylesheet lacks.
      const used = [...classesOfHtml(readFileSync(join(build, page), 'utf8'))].filter((c) =>
        classPattern.test(c),
      );
      expect(used.length, page).toBeGreaterThan(0);
      for (const c of used) expect(own.has(c), `${page}: .${c}`).toBe(true);
      expect(classesOfCss(css(globalCss[0]!)).has(used[0]!), page).toBe(false);
    }
    // The four widget pages share one stylesheet.
    const widgetSheets = Object.keys(PAGES)
      .filter((p) => p.startsWith('widgets/'))
      .map((p) => links.get(p)![1]);
    expect(new Set(widgetSheets).size).toBe(1);
  });

  it('links only the global stylesheet in every other page', () => {
    const others = [...links].filter(([page]) => !(page in PAGES) && !redirect(page));
    expect(others.length).toBeGreaterThan(300);
    for (const page of [...links.keys()].filter(redirect)) expect(links.get(page), page).toEqual([]);
    for (const [page, sheets] of others) expect(sheets, page).toEqual([`/assets/css/${globalCss[0]}`]);
  });

  it("keeps the modal's stylesheets out of every page, for the runtime to load", () => {
    const linked = new Set([...links.values()].flat().map((href) => href.split('/').pop()));
    const modal = cssFiles.filter((f) => /\.DocSearch-Modal\{|\.aisle-global-search\{/.test(css(f)));
    expect(modal).toHaveLength(2);
    for (const f of modal) expect(linked.has(f), f).toBe(false);
    // Every stylesheet but the global one is either linked by a page or the modal's.
    expect(cssFiles.filter((f) => !linked.has(f) && !modal.includes(f))).toEqual([]);
  });

  it('gives the runtime every page stylesheet, for client-side navigations', () => {
    const runtime = readdirSync(join(build, 'assets', 'js')).filter((f) =>
      /^runtime~main\.[0-9a-f]+\.js$/.test(f),
    );
    expect(runtime).toHaveLength(1);
    const text = readFileSync(join(build, 'assets', 'js', runtime[0]!), 'utf8');
    for (const href of new Set(Object.keys(PAGES).map((p) => links.get(p)![1]!))) {
      const [, hash] = href.match(/\.([0-9a-f]+)\.css$/)!;
      expect(text, href).toContain(`"${hash}"`);
    }
  });
});
