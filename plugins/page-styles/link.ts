/**
 * Links each built page to the stylesheets of its own chunks (plugins/page-styles): a CSS file
 * of `assets/css/` other than the global `styles.<hash>.css` goes into a page's `<head>` when
 * the page's markup uses a class that this file defines and the global stylesheet does not.
 * The site's page styles are CSS modules, whose class names carry a hash of their file
 * (`caption_UXVO`), so a page uses them only if it renders that file's component; the
 * modal's stylesheets define classes that no server-rendered page has (tests/build).
 */
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPages } from '../lib/built-pages';

/** A stylesheet of a chunk: its URL path and the classes only it defines. */
export type ChunkStylesheet = { href: string; classes: Set<string> };

/** The global stylesheet's file name: Docusaurus's `styles` cache group, content-hashed. */
const GLOBAL = /^styles\.[0-9a-f]+\.css$/;

/**
 * The class names a stylesheet's selectors name (`.name`), comments, strings and `url(…)`
 * left out so that a file name or a data URL is not read as a class.
 * @param css the stylesheet's text (minified or not).
 */
export function classesOfCss(css: string): Set<string> {
  const text = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/url\((?:"[^"]*"|'[^']*'|[^)]*)\)/g, '')
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '');
  const out = new Set<string>();
  for (const m of text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) out.add(m[1]!);
  return out;
}

/**
 * The class names a page's markup uses, from every `class` attribute: quoted with `"` or `'`,
 * or unquoted as the HTML minifier writes a single class.
 */
export function classesOfHtml(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
    for (const name of (m[1] ?? m[2] ?? m[3] ?? '').split(/\s+/)) if (name) out.add(name);
  }
  return out;
}

/**
 * The chunk stylesheets a page needs: those defining a class the page uses, in `sheets`' order.
 */
export function stylesheetsFor(pageClasses: Set<string>, sheets: ChunkStylesheet[]): string[] {
  return sheets
    .filter((sheet) => [...sheet.classes].some((name) => pageClasses.has(name)))
    .map((sheet) => sheet.href);
}

/**
 * `html` with a `<link rel="stylesheet">` for each of `hrefs` right after the global
 * stylesheet's link (so the page's own rules come after the global ones, as they did inside
 * `styles.css`), or unchanged when `hrefs` is empty or it already links them.
 * @throws Error when the page has no link to the global stylesheet.
 */
export function insertStylesheets(html: string, hrefs: string[], globalHref: string): string {
  const missing = hrefs.filter((href) => !html.includes(href));
  if (!missing.length) return html;
  const at = html.search(new RegExp(`<link[^>]*href="?${escape(globalHref)}"?[^>]*>`));
  if (at < 0) throw new Error(`page-styles: no link to ${globalHref} in the page`);
  const end = html.indexOf('>', at) + 1;
  const links = missing.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  return html.slice(0, end) + links + html.slice(end);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Adds the links to every page of the build in `outDir` (`baseUrl` as in the site's config).
 * Synchronous from start to end, so no other plugin's postBuild edits a page in between; each
 * page is written under a temporary name and renamed, so a reader sees the page whole.
 * @returns how many pages got links, per stylesheet (URL path).
 * @throws Error when `assets/css` has not exactly one global stylesheet.
 */
export function linkPageStylesheets(outDir: string, baseUrl: string): Map<string, number> {
  const cssDir = join(outDir, 'assets', 'css');
  const files = readdirSync(cssDir).filter((f) => f.endsWith('.css'));
  const globals = files.filter((f) => GLOBAL.test(f));
  if (globals.length !== 1) {
    throw new Error(
      `page-styles: expected one styles.<hash>.css in ${cssDir}, found ${globals.length}`,
    );
  }
  const globalHref = `${baseUrl}assets/css/${globals[0]}`;
  const shared = classesOfCss(readFileSync(join(cssDir, globals[0]!), 'utf8'));
  const sheets: ChunkStylesheet[] = files
    .filter((f) => !GLOBAL.test(f))
    .map((f) => ({
      href: `${baseUrl}assets/css/${f}`,
      classes: new Set(
        [...classesOfCss(readFileSync(join(cssDir, f), 'utf8'))].filter((c) => !shared.has(c)),
      ),
    }));
  const linked = new Map<string, number>();
  for (const file of builtPages(outDir)) {
    const html = readFileSync(file, 'utf8');
    const hrefs = stylesheetsFor(classesOfHtml(html), sheets);
    if (!hrefs.length) continue;
    const next = insertStylesheets(html, hrefs, globalHref);
    if (next === html) continue;
    writeFileSync(`${file}.page-styles.tmp`, next);
    renameSync(`${file}.page-styles.tmp`, file);
    for (const href of hrefs) linked.set(href, (linked.get(href) ?? 0) + 1);
  }
  return linked;
}
