/**
 * The HTML pages of a build, for the steps that read or rewrite every page after it
 * (plugins/page-styles, plugins/build-diagrams, deploy/inline-scripts.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every `.html` file under `dir`, sorted, `assets/` folders skipped (the bundler's scripts,
 * styles and images: no page lives there).
 * @throws Error from the file system when `dir` cannot be read.
 */
export function builtPages(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'assets') out.push(...builtPages(full));
    } else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out.sort();
}
