import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceMemo } from '../../plugins/lib/source-memo';

let dir: string;
let code: string;
let spec: string;
let part: string;
const memoFile = () => join(dir, 'cache', 'memo.json');
/** A memo as a new `docusaurus start` reads it from disk. */
const fresh = () => new SourceMemo<{ pages: number }>(memoFile(), dir, [code]).load();
/** Stores a value made from spec + part, generation having started a second ago. */
async function stored(value = { pages: 3 }) {
  const memo = await fresh();
  await memo.set('fulfillment', { id: 'fulfillment' }, [spec, part], value, Date.now() + 1000);
  await memo.save((e) => {
    throw e;
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'source-memo-'));
  code = join(dir, 'plugin');
  spec = join(dir, 'fulfillment.yaml');
  part = join(dir, 'components.yaml');
  writeFileSync(join(dir, 'package-lock.json'), '{"lockfileVersion": 3}');
  rmSync(code, { recursive: true, force: true });
  mkdirSync(code);
  writeFileSync(join(code, 'generate.ts'), 'export const v = 1;');
  writeFileSync(spec, 'openapi: 3.1.0\n');
  writeFileSync(part, 'components: {}\n');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SourceMemo: generated output kept while its sources are unchanged', () => {
  it('gives the stored value back to the next start while nothing changed', async () => {
    await stored();
    expect(await (await fresh()).get('fulfillment', { id: 'fulfillment' })).toEqual({ pages: 3 });
  });

  it('regenerates when a referenced file, the options, the code or the lock file change', async () => {
    const cases: Array<[string, () => void, unknown]> = [
      ['referenced file', () => writeFileSync(part, 'components: { a: 1 }\n'), undefined],
      ['deleted file', () => rmSync(part), undefined],
      [
        'generator code',
        () => writeFileSync(join(code, 'generate.ts'), 'export const v = 2;'),
        undefined,
      ],
      ['new code file', () => writeFileSync(join(code, 'extra.ts'), ''), undefined],
      ['lock file', () => writeFileSync(join(dir, 'package-lock.json'), '{}'), undefined],
    ];
    for (const [what, change] of cases) {
      await stored();
      change();
      expect(await (await fresh()).get('fulfillment', { id: 'fulfillment' }), what).toBeUndefined();
      // restore for the next case
      writeFileSync(part, 'components: {}\n');
      writeFileSync(join(code, 'generate.ts'), 'export const v = 1;');
      rmSync(join(code, 'extra.ts'), { force: true });
      writeFileSync(join(dir, 'package-lock.json'), '{"lockfileVersion": 3}');
    }
    await stored();
    expect(await (await fresh()).get('fulfillment', { id: 'other-options' })).toBeUndefined();
  });

  it('keeps nothing when a source was saved after generation started', async () => {
    const memo = await fresh();
    const later = new Date(Date.now() + 60_000);
    utimesSync(spec, later, later);
    await memo.set('fulfillment', { id: 'fulfillment' }, [spec, part], { pages: 3 }, Date.now());
    expect(await memo.get('fulfillment', { id: 'fulfillment' })).toBeUndefined();
  });

  it('starts empty from a memo file that is not JSON, and reports a failed write', async () => {
    mkdirSync(join(dir, 'cache'));
    writeFileSync(memoFile(), '{ not json');
    expect(await (await fresh()).get('fulfillment', { id: 'fulfillment' })).toBeUndefined();
    const blocked = new SourceMemo(join(dir, 'package-lock.json', 'memo.json'), dir, [code]);
    await blocked.load();
    const errors: string[] = [];
    await blocked.save((e) => errors.push(e.message));
    expect(errors).toHaveLength(1);
  });
});
