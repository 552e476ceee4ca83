#!/usr/bin/env node
/**
 * Cleans the Markdown twins that docusaurus-plugin-llms writes into build/ (run by
 * `npm run build` right after `docusaurus build`; plugin postBuild hooks run in parallel, so
 * this cannot be a plugin hook after it):
 * - drops MDX `export const …` declarations, which the plugin leaks into the twins;
 * - rewrites relative links to source files (`../catalog/index.mdx#core-columns`) into
 *   absolute links to the target's twin (`https://docs.aisle.example/catalog.md#core-columns`);
 * - regroups llms.txt by site section (first path segment, headed by the section root's
 *   title) and rebuilds llms-full.txt from the cleaned twins, in that order.
 * Code fences are left untouched. Exits 1 with a message when build/ has no twins.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Splits Markdown into alternating [text, fence, text, …] parts so fences stay untouched. */
function splitFences(markdown) {
  return markdown.split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$)/m);
}

/** Removes `export const x = …;` declarations (single line or template literal). */
export function dropExports(text) {
  return text
    .replace(/^export const \w+ = `[\s\S]*?`;\s*$/gm, '')
    .replace(/^export (const|function|default) [^\n]*$/gm, '')
    .replace(/\n{3,}/g, '\n\n');
}

/**
 * The API pages' collapsible parts (`<ApiDetails status="404" summary="Not Found" note="codes
 * 3001">`, kept by the llms plugin's `preserveComponents`) as a bold line that says what the
 * part is, `**404 Not Found** (codes 3001)`; the closing tags go.
 */
export function detailsToText(text) {
  const attr = (tag, name) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  return text
    .replace(/<ApiDetails\b[^>]*>/g, (tag) => {
      const title = [attr(tag, 'status'), attr(tag, 'summary')].filter(Boolean).join(' ');
      const note = attr(tag, 'note');
      return title ? `**${title}**${note ? ` (${note})` : ''}\n` : '';
    })
    .replace(/<\/ApiDetails>/g, '');
}

/** Route of a docs source file relative to docs/ (`connect/index.mdx` → `/connect`). */
export function routeOfSource(sourcePath) {
  const route = `/${sourcePath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`;
  return route === '/' ? '/' : route.replace(/\/$/, '');
}

/**
 * Rewrites relative `.md`/`.mdx` links of one twin.
 * @param text Markdown outside code fences.
 * @param sourcePath the twin's source, relative to docs/ (e.g. `connect/index.mdx`).
 * @param origin site origin + base path without trailing slash.
 */
export function rewriteLinks(text, sourcePath, origin) {
  return text.replace(
    /\]\((?!https?:|mailto:|#|\/)([^)\s]+?\.mdx?)(#[^)\s]*)?\)/g,
    (_, target, hash = '') => {
      const resolved = posix.normalize(posix.join(posix.dirname(sourcePath), target));
      return `](${origin}${routeOfSource(resolved)}.md${hash})`;
    },
  );
}

/**
 * Groups the llms.txt entry lines by section.
 * @param entries lines such as `- [Title](https://x.example/connect/sandbox.md): …`.
 * @param titleOf returns a section's heading from its first path segment, or undefined.
 * @returns Markdown with one `## Section` list per section, in first-appearance order.
 */
export function groupBySection(entries, titleOf) {
  const groups = new Map();
  for (const line of entries) {
    const url = line.match(/\]\((https?:\/\/[^)]+)\)/)?.[1];
    if (!url) continue;
    const segment = new URL(url).pathname.replace(/^\//, '').split('/')[0].replace(/\.md$/, '');
    if (!groups.has(segment)) groups.set(segment, []);
    groups.get(segment).push(line);
  }
  // A section without a root page is headed by its first page's title.
  const heading = (segment, lines) => titleOf(segment) ?? lines[0].match(/^- \[([^\]]+)\]/)[1];
  return [...groups]
    .map(([segment, lines]) => `## ${heading(segment, lines)}\n\n${lines.join('\n')}`)
    .join('\n\n');
}

/**
 * Cleans one twin (see module comment).
 * @param sourcePath the twin's source relative to docs/, or undefined for a generated page
 *   (its relative links are then left as they are).
 */
export function cleanTwin(markdown, sourcePath, origin) {
  return splitFences(markdown)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      const cleaned = detailsToText(dropExports(part));
      return sourcePath ? rewriteLinks(cleaned, sourcePath, origin) : cleaned;
    })
    .join('');
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'assets' ? [] : walk(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

function main() {
  const build = join(root, 'build');
  const llms = join(build, 'llms.txt');
  if (!existsSync(llms)) {
    console.error('fix-markdown-twins: build/llms.txt is missing; run "docusaurus build" first.');
    process.exit(1);
  }
  const index = readFileSync(llms, 'utf8');
  const origin = (index.match(/\]\((https?:\/\/[^)]+?)\/[^)]*\.md\)/)?.[1] ?? '').replace(
    /\/$/,
    '',
  );
  const twins = walk(build);
  for (const file of twins) {
    const route = relative(build, file).split(sep).join('/').replace(/\.md$/, '');
    const source = [`${route}.mdx`, `${route}/index.mdx`, `${route}.md`].find((s) =>
      existsSync(join(root, 'docs', s)),
    );
    // Generated pages (plugins/openapi-pages) have no source under their route; their links
    // are absolute, so only the link rewriting needs a source.
    writeFileSync(file, cleanTwin(readFileSync(file, 'utf8'), source, origin));
  }
  const header = index
    .split('\n## ')[0]
    .replace(/\nThis file contains[^\n]*\n?/, '\n')
    .trim();
  const entries = index.split('\n').filter((l) => /^- \[.+\]\(https?:\/\/.+\.md\)/.test(l));
  const titleOf = (segment) => {
    const twin = join(build, `${segment}.md`);
    return (existsSync(twin) && readFileSync(twin, 'utf8').match(/^# (.+)$/m)?.[1]) || undefined;
  };
  const grouped = groupBySection(entries, titleOf);
  writeFileSync(
    llms,
    `${header}\n\nEvery page of the site as Markdown, by section.\n\n${grouped}\n`,
  );
  const ordered = [...grouped.matchAll(/\]\((https?:\/\/[^)]+?\.md)\)/g)].map((m) =>
    join(build, new URL(m[1]).pathname.slice(1)),
  );
  const full = [header, ...ordered.filter(existsSync).map((f) => readFileSync(f, 'utf8').trim())];
  writeFileSync(join(build, 'llms-full.txt'), `${full.join('\n\n---\n\n')}\n`);
  console.log(`fix-markdown-twins: ${twins.length} twins cleaned, llms-full.txt rebuilt.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
