import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import compressible from '../../deploy/compressible.json';

// The build's .br and .gz twins (scripts/precompress.mjs), which nginx sends in place of the
// files: one beside every compressible file, each the same bytes as its file once decoded, and
// no twin without its file.
const build = join(__dirname, '..', '..', 'build');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const files = walk(build);
const ext = new RegExp(`\\.(${compressible.extensions.join('|')})$`);

describe('precompressed twins', () => {
  it('every compressible file has brotli and gzip twins that decode to its bytes', () => {
    const targets = files.filter((f) => ext.test(f) && statSync(f).size >= compressible.minBytes);
    expect(targets.length).toBeGreaterThan(500);
    const problems: string[] = [];
    for (const file of targets) {
      const data = readFileSync(file);
      for (const [suffix, decode] of [
        ['.br', brotliDecompressSync],
        ['.gz', gunzipSync],
      ] as const) {
        const twin = `${file}${suffix}`;
        if (!existsSync(twin)) problems.push(`${relative(build, twin)} missing`);
        else if (!decode(readFileSync(twin)).equals(data))
          problems.push(`${relative(build, twin)} is not ${relative(build, file)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('no twin is left without its file, and the search records are not published', () => {
    const present = new Set(files);
    const orphans = files
      .filter((f) => /\.(br|gz)$/.test(f) && !present.has(f.replace(/\.(br|gz)$/, '')))
      .map((f) => relative(build, f));
    expect(orphans).toEqual([]);
    expect(existsSync(join(build, 'search', 'records.json'))).toBe(false);
  });
});
