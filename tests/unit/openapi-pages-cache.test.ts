import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedGenerate, generatorKey, type GeneratedApi } from '../../plugins/openapi-pages/cache';

const dir = mkdtempSync(join(tmpdir(), 'openapi-pages-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = join(dir, 'orders.yaml');
const shared = join(dir, 'components.yaml');
const cacheFile = join(dir, 'cache', 'orders.json');

/** A generator that renders the definition's text, counting its calls. */
function generator() {
  let calls = 0;
  const generate = async (): Promise<GeneratedApi> => {
    calls++;
    return {
      files: new Map([['docs/orders/get_order.mdx', `page ${calls}`]]),
      sources: [spec, shared],
      pageCount: 1,
      summary: {
        title: 'Orders API',
        version: '2.0',
        download: '/openapi/orders.yaml',
        postman: '/openapi/orders.postman.json',
        reference: '/category/api/orders',
        operations: 1,
        webhooks: 0,
      },
    };
  };
  return { generate, calls: () => calls };
}

describe('openapi-pages: generation kept between builds', () => {
  it('reuses the pages while the definition and the generator are unchanged', async () => {
    writeFileSync(spec, 'openapi: 3.1.0\n');
    writeFileSync(shared, 'components: {}\n');
    const key = await generatorKey(dir, ['orders']);
    const g = generator();
    const first = await cachedGenerate(cacheFile, key, g.generate);
    const second = await cachedGenerate(cacheFile, key, g.generate);
    expect(first.hit).toBe(false);
    expect(second.hit).toBe(true);
    expect(g.calls()).toBe(1);
    expect([...second.result.files]).toEqual([...first.result.files]);
    expect(second.result.sources).toEqual([spec, shared]);
    expect(second.result.summary).toEqual(first.result.summary);
  });

  it('generates again when a file the definition references changes', async () => {
    const key = await generatorKey(dir, ['orders']);
    const g = generator();
    await cachedGenerate(cacheFile, key, g.generate);
    writeFileSync(shared, 'components: { schemas: {} }\n');
    const after = await cachedGenerate(cacheFile, key, g.generate);
    expect(after.hit).toBe(false);
  });

  it('generates again when the options change, and when the entry is damaged', async () => {
    const g = generator();
    await cachedGenerate(cacheFile, await generatorKey(dir, ['orders']), g.generate);
    const other = await cachedGenerate(
      cacheFile,
      await generatorKey(dir, ['orders', 'v3']),
      g.generate,
    );
    expect(other.hit).toBe(false);
    writeFileSync(cacheFile, '{"generator":');
    const damaged = await cachedGenerate(
      cacheFile,
      await generatorKey(dir, ['orders', 'v3']),
      g.generate,
    );
    expect(damaged.hit).toBe(false);
  });

  it('stores nothing when generation fails', async () => {
    rmSync(cacheFile, { force: true });
    const key = await generatorKey(dir, ['orders']);
    await expect(
      cachedGenerate(cacheFile, key, () => Promise.reject(new Error('orders.yaml: bad $ref'))),
    ).rejects.toThrow('bad $ref');
    const g = generator();
    expect((await cachedGenerate(cacheFile, key, g.generate)).hit).toBe(false);
  });
});
