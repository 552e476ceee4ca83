/**
 * The rows of an error catalogue table, shared by `<ErrorCatalogTable>` (HTML) and its Markdown
 * rendering (the page's twin), so both show the same codes, statuses and words.
 */
import { apis, type Api } from '../../data/facts/apis';
import { errorCatalogue } from '../../data/facts/errors';

/** Column headers, in order. */
export const ERROR_TABLE_HEADERS = ['Code', 'Status', 'Meaning', 'What to do'] as const;

/** One row: the code, its statuses on the API (ascending), and the inline-Markdown cause and fix. */
export interface ErrorRow {
  code: number;
  statuses: readonly number[];
  cause: string;
  fix: string;
}

/** Whether a string names an API family of src/data/facts. */
export function isApi(value: string): value is Api {
  return (apis as readonly string[]).includes(value);
}

/**
 * Parses a code range attribute, `"1000-1999"` (a hyphen or an en dash).
 * @returns undefined when it is not two codes, the first not above the second.
 */
export function parseCodeRange(range: string): { from: number; to: number } | undefined {
  const match = /^\s*(\d{4})\s*[-–]\s*(\d{4})\s*$/.exec(range);
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = Number(match[2]);
  return from <= to ? { from, to } : undefined;
}

/**
 * The codes `api` answers within `range` (inclusive), ascending.
 * @returns [] for an unknown API or a malformed range (the callers then say so on the page).
 */
export function errorRows(api: string, range: string): ErrorRow[] {
  const bounds = parseCodeRange(range);
  if (!bounds || !isApi(api)) return [];
  return errorCatalogue
    .filter((e) => e.code >= bounds.from && e.code <= bounds.to && e.status[api])
    .map((e) => ({
      code: e.code,
      statuses: [...(e.status[api] ?? [])].sort((a, b) => a - b),
      cause: e.cause,
      fix: e.fix,
    }));
}

/** A piece of a cell's inline Markdown: text, a code span, or a link with plain-text label. */
export type InlinePart =
  | { type: 'text'; value: string }
  | { type: 'code'; value: string }
  | { type: 'link'; value: string; url: string };

/** Splits the catalogue's inline Markdown (code spans and `[text](/path)` links only). */
export function inlineParts(markdown: string): InlinePart[] {
  return markdown
    .split(/(`[^`]+`|\[[^\]]+\]\(\/[^)\s]*\))/)
    .filter(Boolean)
    .map((part): InlinePart => {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1)
        return { type: 'code', value: part.slice(1, -1) };
      const link = /^\[([^\]]+)\]\((\/[^)\s]*)\)$/.exec(part);
      if (link) return { type: 'link', value: link[1], url: link[2] };
      return { type: 'text', value: part };
    });
}

/** The message shown instead of a table when the attributes name no codes. */
export function emptyMessage(api: string, range: string): string {
  return `No error codes of the API "${api}" in the range "${range}".`;
}
