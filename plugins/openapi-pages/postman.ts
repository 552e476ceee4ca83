/**
 * A Postman collection (v2.1) per definition, made by `openapi-to-postmanv2` from the bundled
 * document: a folder per tag, examples as request values, so an integrator imports an API in one
 * step, made to run against the sandbox as copied (postman-run.ts). Random ids the converter adds are dropped, and the values it makes up from schemas are
 * drawn from a seeded generator, so a build that changes nothing writes the same file (and the
 * dev server does not reload for it).
 */
import Converter from 'openapi-to-postmanv2';
// The json-schema-faker instance the converter requires (package without an `exports` map):
// its `random` option is how values are drawn from enums and ranges.
import schemaFaker from 'openapi-to-postmanv2/assets/json-schema-faker.js';
import type { Document } from './load';
import { makeRunnable } from './postman-run';

/** Seed of the values made up for a collection; any fixed number gives a reproducible file. */
const FAKER_SEED = 0x5eed;

/**
 * mulberry32: a small seeded generator of numbers in [0, 1), in place of `Math.random`.
 * @param seed a 32-bit integer.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Conversions one at a time: the faker's generator is shared, and each starts from the seed. */
let queue: Promise<unknown> = Promise.resolve();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Drops generated `id` and `_postman_id` values (UUIDs) from a collection, in place. */
function dropRandomIds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropRandomIds(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const obj = node as Record<string, unknown>;
  for (const key of ['id', '_postman_id'])
    if (typeof obj[key] === 'string' && UUID.test(obj[key] as string)) delete obj[key];
  for (const value of Object.values(obj)) dropRandomIds(value);
}

/**
 * The collection of `doc` as JSON text, runnable against the sandbox (postman-run.ts).
 * @param api the definition's id (`fulfillment`).
 * @throws Error with the converter's reason when the definition cannot be converted, or a
 *   malformed `x-aisle-try-it`.
 */
export function postmanCollection(doc: Document, api: string): Promise<string> {
  const run = queue.then(() => convert(doc, api));
  queue = run.catch(() => undefined);
  return run;
}

function convert(doc: Document, api: string): Promise<string> {
  schemaFaker.option({ random: seededRandom(FAKER_SEED) });
  return new Promise((resolve, reject) => {
    Converter.convert(
      { type: 'json', data: JSON.parse(JSON.stringify(doc)) },
      {
        folderStrategy: 'Tags',
        requestParametersResolution: 'Example',
        exampleParametersResolution: 'Example',
        optimizeConversion: false,
        stackLimit: 50,
      },
      (error, result) => {
        if (error) return reject(error);
        if (!result?.result || !result.output?.[0]?.data)
          return reject(new Error(result?.reason ?? 'openapi-to-postmanv2 made no collection'));
        const collection = result.output[0].data as Record<string, unknown>;
        dropRandomIds(collection);
        makeRunnable(collection, doc, api)
          .then(() => resolve(`${JSON.stringify(collection)}\n`))
          .catch(reject);
      },
    );
  });
}
