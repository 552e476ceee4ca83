import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressFile } from '../../scripts/precompress.mjs';

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = (text: string) =>
  `<!doctype html><html><body>${`<p>${text}: pick, pack and deliver the order.</p>`.repeat(40)}</body></html>`;

function decodesTo(file: string, text: string) {
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text);
}

describe('precompress: compressed bytes kept between builds', () => {
  const cacheDir = join(dir, 'cache');
  const a = join(dir, 'a.html');
  const b = join(dir, 'b.html');

  it('compresses files with the same bytes at the same time (a page and its copy)', async () => {
    writeFileSync(a, page('Orders'));
    writeFileSync(b, page('Orders'));
    const cache = { dir: cacheDir, used: new Set<string>() };
    mkdirSync(cacheDir, { recursive: true });
    const results = await Promise.all([compressFile(a, cache), compressFile(b, cache)]);
    expect(results.map((r: { cached: boolean }) => r.cached)).toEqual([false, false]);
    decodesTo(a, page('Orders'));
    decodesTo(b, page('Orders'));
    expect(cache.used.size).toBe(2);
  });

  it('reuses the bytes of an unchanged file and compresses a changed one', async () => {
    writeFileSync(b, page('Returns'));
    const cache = { dir: cacheDir, used: new Set<string>() };
    const [same, changed] = await Promise.all([compressFile(a, cache), compressFile(b, cache)]);
    expect(same.cached).toBe(true);
    expect(changed.cached).toBe(false);
    decodesTo(a, page('Orders'));
    decodesTo(b, page('Returns'));
  });
});
