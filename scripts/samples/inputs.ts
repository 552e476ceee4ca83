/**
 * Files a sample reads (`--data @order.json`, `open("sale.json")`): the blocks its page names
 * as those files, or, where the page sends the reader to another page for the body, that page's
 * block (INPUTS_FROM_OTHER_PAGES, with the sentence that says so).
 */
import type { CodeSample } from './extract';

/** A file read from another page than the sample's, and where the page says so. */
interface Borrowed {
  page: string;
  file: string;
  /** The page's own words that point there. */
  because: string;
}

/** Inputs that a page takes from another page. */
export const INPUTS_FROM_OTHER_PAGES: Record<string, Borrowed[]> = {
  '/connect/fulfillment_guide/tutorials/implement_delivery': [
    {
      page: '/connect/fulfillment_guide/get_started',
      file: 'order.json',
      because: 'Step 3: "The body is the one from Get started" (step 8, `order.json`)',
    },
  ],
};

/** File names a sample's code reads, in order of appearance. */
export function filesRead(code: string): string[] {
  const names = [
    ...code.matchAll(
      /@([\w.-]+\.(?:json|jsonld|csv|txt))\b|(?:open|readFile\w*|ReadFile|Path\.of|File)\(\s*["']([\w.-]+\.(?:json|jsonld|csv|txt))["']/g,
    ),
  ].map((m) => m[1] ?? m[2]);
  return [...new Set(names)];
}

/** Page path → files its blocks give; filled by `registerPages`. */
const filesByPage = new Map<string, Record<string, string>>();

/** Records the files every page gives, so that borrowed inputs can be found. */
export function registerPages(samples: CodeSample[]): void {
  for (const s of samples) filesByPage.set(s.page, s.pageFiles);
}

/**
 * The files `sample` reads and their content, and those that no page gives (`missing`). A file
 * the sample writes before reading it (`open("recipe.json", "w")`) is not an input.
 */
export function inputFiles(sample: CodeSample): {
  files: Record<string, string>;
  missing: string[];
} {
  const files: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of filesRead(sample.code)) {
    const written = new RegExp(`open\\(["']${name.replace(/\./g, '\\.')}["'],\\s*["']w`).test(
      sample.code,
    );
    if (written) continue;
    const own = sample.pageFiles[name];
    const borrowed = INPUTS_FROM_OTHER_PAGES[sample.page]?.find((b) => b.file === name);
    const content = own ?? (borrowed ? filesByPage.get(borrowed.page)?.[name] : undefined);
    if (content === undefined) missing.push(name);
    else files[name] = content;
  }
  return { files, missing };
}
