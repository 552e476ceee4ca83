/**
 * `docusaurus start` only: each operation page is written as three MDX files, so that an edit
 * of an operation's description makes Rspack compile the page's head (a few kilobytes) instead
 * of the whole page (61.7 KB for `create_delivery_order`); design/performance.md, section 9,
 * "The split in the preview". The page keeps its head and imports two MDX partials, whose file
 * names start with `_` so the docs plugin publishes no route for them: the samples pane
 * (`_<operationId>.samples.mdx`) and what the fields column holds (`_<operationId>.fields.mdx`).
 * Rendered, the three give the elements of the whole page: no heading precedes the fields
 * column, so the heading ids are the same too.
 *
 * A build writes whole pages: the Markdown twins are made from the MDX sources
 * (design/markdown-twins.md) and would lose what a partial holds.
 */
import { basename, dirname, join } from 'node:path';
import type { FileSet } from './generate';
import { type FlowLine, flowLines } from './mdx';
import { IMPORTS, NOTE } from './render/index';

/** The samples pane's opening line (render/samples-pane.ts). */
const SAMPLES_OPEN = /^<div className="api-page__samples[ "]/;
/** The fields column's opening line (render/index.ts). */
const FIELDS_OPEN = '<div className="api-page__main">';
/** The components the page gives its partials. */
export const SAMPLES_COMPONENT = 'ApiPageSamples';
export const FIELDS_COMPONENT = 'ApiPageFields';

/**
 * Index of the line that closes the JSX flow element opened on line `open`, from the lines'
 * FlowLine (code fences skipped); -1 when it never closes.
 */
function closingLine(kinds: FlowLine[], open: number): number {
  let depth = 0;
  for (let i = open; i < kinds.length; i++) {
    if (kinds[i] === 'open') depth++;
    else if (kinds[i] === 'close' && --depth === 0) return i;
  }
  return -1;
}

/** The partials' paths beside `pageFile` (`…/create_user.mdx` → `…/_create_user.samples.mdx`, …). */
export function partialFiles(pageFile: string): { samples: string; fields: string } {
  const dir = dirname(pageFile);
  const id = basename(pageFile, '.mdx');
  return { samples: join(dir, `_${id}.samples.mdx`), fields: join(dir, `_${id}.fields.mdx`) };
}

/**
 * Splits one generated operation page (render/index.ts renderPage).
 * @param file the page's path; `mdx` its whole text.
 * @returns the page and its two partials, keyed by path; undefined for a page without a
 *   samples pane and a fields column (the schemas page, the downloads page).
 * @throws Error naming `file` when the pane or the column does not close before the other
 *   opens, or the imports are missing: the generator's output changed shape.
 */
export function splitOperationPage(file: string, mdx: string): FileSet | undefined {
  const lines = mdx.split('\n');
  const samplesOpen = lines.findIndex((line) => SAMPLES_OPEN.test(line));
  const fieldsOpen = lines.indexOf(FIELDS_OPEN);
  if (samplesOpen < 0 || fieldsOpen < 0) return undefined;
  const kinds = flowLines(lines);
  const samplesClose = closingLine(kinds, samplesOpen);
  const fieldsClose = closingLine(kinds, fieldsOpen);
  const lastImport = lines.indexOf(IMPORTS.split('\n').at(-1)!);
  if (samplesClose < 0 || fieldsClose < 0 || samplesClose > fieldsOpen || lastImport < 0)
    throw new Error(`${file}: not a generated operation page that can be split for the preview`);
  const { samples, fields } = partialFiles(file);
  const partial = (body: string[]) => `${IMPORTS}\n\n${NOTE}\n\n${body.join('\n')}\n`;
  const page = [
    ...lines.slice(0, lastImport + 1),
    `import ${SAMPLES_COMPONENT} from './${basename(samples)}';`,
    `import ${FIELDS_COMPONENT} from './${basename(fields)}';`,
    ...lines.slice(lastImport + 1, samplesOpen),
    `<${SAMPLES_COMPONENT} />`,
    ...lines.slice(samplesClose + 1, fieldsOpen + 1),
    `<${FIELDS_COMPONENT} />`,
    ...lines.slice(fieldsClose),
  ];
  return new Map([
    [file, page.join('\n')],
    [samples, partial(lines.slice(samplesOpen, samplesClose + 1))],
    [fields, partial(lines.slice(fieldsOpen + 1, fieldsClose))],
  ]);
}

/**
 * The files as `docusaurus start` writes them: every operation page split
 * (splitOperationPage), every other file as it is.
 * @throws as splitOperationPage.
 */
export function previewFiles(files: FileSet): FileSet {
  const out: FileSet = new Map();
  for (const [file, content] of files) {
    const split = file.endsWith('.mdx') ? splitOperationPage(file, content) : undefined;
    for (const [name, text] of split ?? [[file, content]]) out.set(name, text);
  }
  return out;
}
