/**
 * Examples and request samples. Examples come from the definition (`examples` or `example` on
 * the media type, parameter or schema); only when it gives none does openapi-sampler build one
 * from the schema. Request samples are made in snippets.ts.
 */
import { sample } from 'openapi-sampler';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Document, Resolve } from './load';

/** A named example of a body. */
export interface NamedExample {
  /** Title shown above the example (the example's `summary`, or empty for a single one). */
  title: string;
  value: unknown;
  /** True when the value was generated from the schema, not written in the definition. */
  generated: boolean;
}

/**
 * Examples of a media type object (`content['application/json']`), in definition order.
 * @param direction `request` skips read-only fields in generated examples, `response` write-only.
 */
export function mediaExamples(
  media: OpenAPIV3_1.MediaTypeObject | undefined,
  doc: Document,
  resolve: Resolve,
  direction: 'request' | 'response',
): NamedExample[] {
  if (!media) return [];
  if (media.examples && typeof media.examples === 'object') {
    const out: NamedExample[] = [];
    for (const [key, raw] of Object.entries(media.examples)) {
      const ex = resolve<OpenAPIV3_1.ExampleObject>(raw).node;
      if (ex.value === undefined) continue;
      out.push({ title: String(ex.summary ?? humanise(key)), value: ex.value, generated: false });
    }
    if (out.length) return out;
  }
  if (media.example !== undefined) return [{ title: '', value: media.example, generated: false }];
  if (!media.schema) return [];
  const value = sample(
    media.schema as object,
    {
      skipReadOnly: direction === 'request',
      skipWriteOnly: direction === 'response',
      quiet: true,
    },
    doc as object,
  );
  return [{ title: '', value, generated: true }];
}

function humanise(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Example value of a parameter: its `example`, first `examples` entry, schema example or a sample. */
export function parameterExample(
  param: OpenAPIV3_1.ParameterObject,
  doc: Document,
  resolve: Resolve,
): unknown {
  if (param.example !== undefined) return param.example;
  if (param.examples && typeof param.examples === 'object') {
    const first = Object.values(param.examples)[0];
    const value = resolve<OpenAPIV3_1.ExampleObject>(first).node.value;
    if (value !== undefined) return value;
  }
  const schema = resolve<OpenAPIV3_1.BaseSchemaObject>(param.schema ?? {}).node;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  return sample((param.schema ?? {}) as object, { quiet: true }, doc as object);
}
