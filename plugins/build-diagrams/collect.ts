/**
 * Finds the mermaid diagrams of Markdown and MDX files before the build compiles them, so that
 * all missing diagrams render in one Chromium (./render.ts) instead of one per page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One fenced ```mermaid block: its code and the 1-based line of its opening fence. */
export interface FoundDiagram {
  code: string;
  line: number;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*mermaid[ \t]*$/;

/**
 * The ```mermaid (or ~~~mermaid) blocks of one Markdown text, with the indentation of the
 * opening fence removed from their lines as CommonMark does. An unclosed block runs to the end.
 */
export function findDiagrams(markdown: string): FoundDiagram[] {
  const lines = markdown.split(/\r?\n/);
  const found: FoundDiagram[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence] = open;
    const body: string[] = [];
    let j = i + 1;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    for (; j < lines.length && !close.test(lines[j]); j += 1) {
      body.push(lines[j].replace(new RegExp(`^ {0,${indent.length}}`), ''));
    }
    found.push({ code: body.join('\n'), line: i + 1 });
    i = j;
  }
  return found;
}

/** Every .md/.mdx file under `dir` (recursively), skipping folders whose name starts with `_` or `.`. */
export function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(path));
    else if (/\.mdx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The diagrams of every Markdown file under `dir`, with their file. */
export function collectDiagrams(dir: string): (FoundDiagram & { file: string })[] {
  return markdownFiles(dir).flatMap((file) =>
    findDiagrams(readFileSync(file, 'utf8')).map((d) => ({ ...d, file })),
  );
}
