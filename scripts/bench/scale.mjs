#!/usr/bin/env node
/**
 * Makes a copy of the site with twice the pages, to measure how the build grows with content
 * (design/performance.md, section 8): `node scripts/bench/scale.mjs DIR`, then
 * `cd DIR && npx docusaurus clear && /usr/bin/time -v npm run build`.
 *
 * - DIR gets the project without build/, .docusaurus/, .bench/ and .git; its node_modules is a
 *   hard-linked copy of this one's without .cache (so the copy's builds start cold and its
 *   caches stay its own).
 * - docs/ is copied to docs/copy2/: front-matter `slug: /…` becomes `slug: /copy2/…`, and each
 *   `_category_.json` gets its `slug` prefixed with `/copy2` and its `key` with `copy2-`.
 * - sidebars.ts exports every sidebar twice, the second time as `copy2_<name>` with doc ids and
 *   folders under `copy2/`, keys prefixed `copy2-` and generated-index slugs under `/copy2`.
 * Never commit DIR. Exits 2 with a message when DIR exists or the copy fails.
 */
import {
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const PREFIX = 'copy2';
const SKIP = new Set(['build', 'node_modules', '.docusaurus', '.bench', '.git']);

function fail(message) {
  console.error(`scale: ${message}`);
  process.exit(2);
}

/** Hard-links `from` (a file, or every file of a folder) to `to`; symbolic links are copied. */
function linkTree(from, to) {
  const stat = lstatSync(from);
  if (stat.isSymbolicLink()) cpSync(from, to, { verbatimSymlinks: true });
  else if (stat.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) linkTree(join(from, name), join(to, name));
  } else linkSync(from, to);
}

/** Every file under `dir`. */
function files(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const SIDEBAR_COPY = `
// Added by scripts/bench/scale.mjs: every sidebar again for the copy of the docs.
function ${PREFIX}Item(item: unknown): unknown {
  if (typeof item === 'string') return '${PREFIX}/' + item;
  if (Array.isArray(item)) return item.map(${PREFIX}Item);
  if (!item || typeof item !== 'object') return item;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    if ((k === 'id' || k === 'dirName') && typeof v === 'string') out[k] = '${PREFIX}/' + v;
    else if (k === 'key' && typeof v === 'string') out[k] = '${PREFIX}-' + v;
    else if (k === 'slug' && typeof v === 'string') out[k] = '/${PREFIX}' + v;
    else if (['label', 'href', 'type', 'title', 'description'].includes(k)) out[k] = v;
    else out[k] = ${PREFIX}Item(v);
  }
  return out;
}
const scaled: Record<string, unknown> = { ...sidebars };
for (const [name, items] of Object.entries(sidebars)) scaled['${PREFIX}_' + name] = ${PREFIX}Item(items);
export default scaled;
`;

function main() {
  const target = process.argv[2];
  if (!target) fail('usage: node scripts/bench/scale.mjs DIR (a folder that does not exist yet)');
  const dir = resolve(target);
  if (existsSync(dir)) fail(`${dir} exists; give a new folder.`);
  if (!relative(root, dir).startsWith('..'))
    fail(`${dir} is inside the project; give a folder outside it.`);
  const started = Date.now();
  cpSync(root, dir, {
    recursive: true,
    filter: (source) => !SKIP.has(relative(root, source).split('/')[0]),
  });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '.cache')
      linkTree(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
  const copy = join(dir, 'docs', PREFIX);
  cpSync(join(root, 'docs'), copy, { recursive: true });
  let pages = 0;
  for (const file of files(copy)) {
    if (/\.mdx?$/.test(file)) {
      pages++;
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace(/^slug: \//m, `slug: /${PREFIX}/`));
    } else if (file.endsWith('_category_.json')) {
      const category = JSON.parse(readFileSync(file, 'utf8'));
      if (category.key) category.key = `${PREFIX}-${category.key}`;
      if (category.link?.slug) category.link.slug = `/${PREFIX}${category.link.slug}`;
      writeFileSync(file, `${JSON.stringify(category, null, 2)}\n`);
    }
  }
  const sidebarsFile = join(dir, 'sidebars.ts');
  const sidebars = readFileSync(sidebarsFile, 'utf8');
  if (!/^export default sidebars;$/m.test(sidebars))
    fail('sidebars.ts does not end with "export default sidebars;"; adjust SIDEBAR_COPY.');
  writeFileSync(sidebarsFile, sidebars.replace(/^export default sidebars;$/m, SIDEBAR_COPY));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`scale: ${dir} has ${pages} more doc pages under docs/${PREFIX}/ (${seconds} s).`);
  console.log(`then: cd ${dir} && npx docusaurus clear && /usr/bin/time -v npm run build`);
}

try {
  main();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
