/**
 * Hashes of the inline scripts in the built pages, for the CSP `script-src` (hashing them
 * instead of allowing 'unsafe-inline'). JSON data blocks are skipped: they never execute.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { builtPages } from '../plugins/lib/built-pages';

/** `'sha256-…'` CSP sources of every distinct executable inline script in `html`. */
export function scriptHashesOf(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc=/i.test(attrs) || /type=["']?application\/(ld\+)?json/i.test(attrs)) continue;
    if (!m[2]) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Hashes across all built pages, sorted.
 * @throws Error naming the folder when it holds no HTML (site not built).
 */
export function inlineScriptHashes(buildDir: string): string[] {
  const files = builtPages(buildDir);
  if (files.length === 0)
    throw new Error(`${buildDir} has no HTML pages: run "npm run build" first.`);
  const all = new Set<string>();
  for (const file of files) scriptHashesOf(readFileSync(file, 'utf8')).forEach((h) => all.add(h));
  return [...all].sort();
}
