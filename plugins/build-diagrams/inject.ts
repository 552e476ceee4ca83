/**
 * postBuild part of `build-diagrams`: fills each diagram's empty canvas in the built HTML with
 * its SVG, so the drawing is in the page as served (no JavaScript, no layout shift), and writes
 * `diagrams/<id>.json` for pages reached by client-side navigation (./theme/BuildDiagram).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPages } from '../lib/built-pages';
import type { RenderedDiagram } from './render';

/** The canvas as the server renders it (minified or not): an empty div with `data-diagram`. */
const CANVAS = /(<div\b[^>]*?\sdata-diagram="?(d[0-9a-f]{16})"?[^>]*>)(<\/div>)/g;

/**
 * `html` with every diagram canvas filled by `lookup(id)`.
 * @returns the new HTML and the ids it contains.
 * @throws Error when a canvas names a diagram `lookup` does not know.
 */
export function injectDiagrams(
  html: string,
  lookup: (id: string) => RenderedDiagram | undefined,
): { html: string; ids: string[] } {
  const ids: string[] = [];
  const out = html.replace(CANVAS, (_match, open: string, id: string, close: string) => {
    const diagram = lookup(id);
    if (!diagram) throw new Error(`build-diagrams: no drawing for diagram ${id}.`);
    ids.push(id);
    return `${open}${diagram.html}${close}`;
  });
  return { html: out, ids };
}

/**
 * Fills every page of `outDir` and writes `outDir/diagrams/<id>.json` (`{ html }`) for each
 * diagram used. `lookup` is called once per diagram, however many pages show it.
 * @returns how many pages and diagrams were written.
 * @throws Error when a page names a diagram `lookup` does not know.
 */
export function injectBuild(
  outDir: string,
  lookup: (id: string) => RenderedDiagram | undefined,
): { pages: number; diagrams: number } {
  const used = new Map<string, RenderedDiagram | undefined>();
  const once = (id: string) => {
    if (!used.has(id)) used.set(id, lookup(id));
    return used.get(id);
  };
  let pages = 0;
  for (const file of builtPages(outDir)) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes('data-diagram')) continue;
    const { html, ids } = injectDiagrams(source, once);
    if (ids.length === 0) continue;
    writeFileSync(file, html);
    pages += 1;
  }
  if (used.size > 0) mkdirSync(join(outDir, 'diagrams'), { recursive: true });
  // Every entry has a drawing: injectDiagrams throws on the first id without one.
  for (const [id, diagram] of used) {
    writeFileSync(join(outDir, 'diagrams', `${id}.json`), JSON.stringify({ html: diagram!.html }));
  }
  return { pages, diagrams: used.size };
}
