#!/usr/bin/env node
/**
 * Content check (`npm run check:content`): reads every page under docs/ and reports, as
 * `file:line: message`, each page that lacks `title`/`description` front matter, has a JSON
 * code block that does not parse, contains a placeholder phrase or another company's name,
 * or holds only a stub of prose. Rules live in scripts/content-rules.json. Exits 1 on any
 * problem, 0 otherwise; a malformed front matter is reported, never thrown.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Loads scripts/content-rules.json and compiles its patterns. */
export function loadRules(path = join(here, 'content-rules.json')) {
  const raw = JSON.parse(readFileSync(path, 'utf8'));
  return {
    minProseWords: raw.minProseWords,
    placeholders: raw.placeholderPhrases.map((p) => new RegExp(p.pattern, p.flags)),
    names: raw.forbiddenNames.map(
      (n) => new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'),
    ),
  };
}

/** Returns the 1-based line of character offset `index` in `text`. */
function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/**
 * Counts words of prose: front matter, fenced code, import/export lines and JSX/HTML tags
 * are left out.
 * @param {string} body MDX body without front matter.
 * @returns {number} word count.
 */
export function countProseWords(body) {
  const prose = body
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, ' ')
    .replace(/^(import|export)\s.*$/gm, ' ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/`[^`\n]*`/g, ' x ');
  return (prose.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).length;
}

/**
 * Checks one page.
 * @param {string} file path shown in messages.
 * @param {string} source the file's text.
 * @param {ReturnType<typeof loadRules>} rules compiled rules.
 * @returns {{file: string, line: number, message: string}[]} problems, empty when clean.
 */
export function checkPage(file, source, rules) {
  const problems = [];
  const report = (line, message) => problems.push({ file, line, message });

  let parsed;
  try {
    parsed = matter(source);
  } catch (error) {
    const line = error?.mark?.line != null ? error.mark.line + 2 : 1;
    report(line, `front matter is not valid YAML: ${String(error?.reason ?? error?.message)}`);
    return problems;
  }
  const data = parsed.data ?? {};
  const bodyOffset = source.length - parsed.content.length;
  const bodyLine = lineOf(source, bodyOffset) - 1;

  for (const key of ['title', 'description']) {
    if (typeof data[key] !== 'string' || data[key].trim() === '') {
      report(1, `front matter needs a non-empty "${key}"`);
    }
  }

  const fence = /^(```|~~~)\s*([\w-]*)[^\n]*\n([\s\S]*?)^\1\s*$/gm;
  for (const m of parsed.content.matchAll(fence)) {
    if (m[2].toLowerCase() !== 'json') continue;
    try {
      JSON.parse(m[3]);
    } catch (error) {
      report(
        bodyLine + lineOf(parsed.content, m.index),
        `JSON code block does not parse: ${error.message}`,
      );
    }
  }

  const lines = source.split('\n');
  lines.forEach((text, i) => {
    for (const re of rules.placeholders) {
      const hit = text.match(re);
      if (hit) report(i + 1, `placeholder phrase "${hit[0]}"`);
    }
    for (const re of rules.names) {
      const hit = text.match(re);
      if (hit) report(i + 1, `names another company: "${hit[0]}"`);
    }
  });

  const words = countProseWords(parsed.content);
  if (words < rules.minProseWords) {
    report(bodyLine + 1, `only ${words} words of prose; a page needs ${rules.minProseWords}`);
  }
  return problems;
}

/**
 * `text` of the page at `file` with the text of the partials it imports from its own folder
 * (`import Name from './_name.mdx';`) appended, so their prose counts for the page: the
 * writers' preview writes each API page as a head and two partials
 * (plugins/openapi-pages/preview-split.ts). Line numbers past the page's last line are in its
 * partials, in import order.
 */
export function withPartials(file, text) {
  const parts = [...text.matchAll(/^import \w+ from '\.\/(_[^'/]+\.mdx?)';$/gm)].map((m) => {
    try {
      return readFileSync(join(dirname(file), m[1]), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    } catch {
      return '';
    }
  });
  return [text, ...parts].join('\n');
}

/** Lists .md and .mdx files under `dir`, skipping folders and files that start with `_`. */
export function listPages(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith('_') || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listPages(full));
    else if (/\.mdx?$/.test(name)) out.push(full);
  }
  return out.sort();
}

function main() {
  const root = join(here, '..');
  const rules = loadRules();
  const pages = listPages(join(root, 'docs'));
  const problems = pages.flatMap((file) =>
    checkPage(relative(root, file), withPartials(file, readFileSync(file, 'utf8')), rules),
  );
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`\ncheck:content: ${problems.length} problem(s) in ${pages.length} pages.`);
    process.exit(1);
  }
  console.log(`check:content: ${pages.length} pages, no problems.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
