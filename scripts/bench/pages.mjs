/**
 * The pages the comparison benchmarks load (`bench:compare`, `bench:profile`): our page kinds
 * and the plain site's reference pages, found in the builds.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { plainOrderPages } from './baseline.mjs';

/**
 * Our page kinds other than Try it, each with the plain page it is held to (`ref`: the plain
 * home or the plain doc page). `path: null` is the API page, found in the build (apiPagePath);
 * the catalog page is a column-specification page of the inventory file.
 */
export const PAGE_KINDS = [
  { kind: 'home', path: '/', ref: 'home' },
  { kind: 'guide', path: '/connect/fulfillment_guide/get_started', ref: 'doc' },
  { kind: 'api', path: null, ref: 'doc' },
  { kind: 'diagram', path: '/connect/fulfillment', ref: 'doc' },
  { kind: 'glossary', path: '/glossary', ref: 'doc' },
  { kind: 'catalog', path: '/catalog/catalog_inventory_file/required_columns', ref: 'doc' },
];

/** Every HTML file under `dir`, the assets folder left out. */
function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'assets' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

const urlPath = (buildDir, file) =>
  `/${relative(buildDir, file)
    .split(sep)
    .join('/')
    .replace(/(\/?index)?\.html$/, '')}`;

/**
 * URL path of the generated create_delivery_order operation page of the Connect API
 * reference, found in the build (a page under connect/ rendered by plugins/openapi-pages).
 * @throws Error unless exactly one such page exists.
 */
export function apiPagePath(buildDir) {
  const found = htmlFiles(join(buildDir, 'connect'))
    .filter((f) => /[/\\]create_delivery_order(\.html|[/\\]index\.html)$/.test(f))
    .filter((f) => /class="?api-page[\s">]/.test(readFileSync(f, 'utf8')));
  if (found.length !== 1) {
    throw new Error(
      `expected one create_delivery_order API page under build/connect, found ${found.length}`,
    );
  }
  return urlPath(buildDir, found[0]);
}

/**
 * The plain site's reference doc page: the first page of its Orders category, as built.
 * @param baselineDir the plain site's folder; @param buildDir its build.
 * @throws Error when the page is not in the build.
 */
export function plainDocPath(baselineDir, buildDir) {
  const [{ path }] = plainOrderPages(baselineDir, 1);
  if (!existsSync(join(buildDir, `${path}.html`))) {
    throw new Error(`${path}.html is not in ${buildDir}: is the plain site built?`);
  }
  return path;
}
