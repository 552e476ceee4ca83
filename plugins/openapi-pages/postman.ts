/**
 * A Postman collection (v2.1) per definition, made by `openapi-to-postmanv2` from the bundled
 * document: a folder per tag, examples as request values, so an integrator imports an API in one
 * step. Random ids the converter adds are dropped, so a build that changes nothing writes the
 * same file (and the dev server does not reload for it).
 */
import Converter from 'openapi-to-postmanv2';
import type { Document } from './load';

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
 * The collection of `doc` as JSON text.
 * @throws Error with the converter's reason when the definition cannot be converted.
 */
export function postmanCollection(doc: Document): Promise<string> {
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
        resolve(`${JSON.stringify(collection)}\n`);
      },
    );
  });
}
