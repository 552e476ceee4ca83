/**
 * Examples and request samples. Examples come from the definition (`examples` or `example` on
 * the media type, parameter or schema); only when it gives none does openapi-sampler build one
 * from the schema. Request samples are produced by @readme/httpsnippet from a HAR request built
 * out of the operation (design/openapi-pages.md: Kong's httpsnippet rejects `{user_id}`).
 */
import { HTTPSnippet, type HarRequest } from '@readme/httpsnippet';
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

/** The languages of the request-sample tabs, in tab order; `value` is the shared `groupId` key. */
export const SNIPPET_TARGETS = [
  { value: 'curl', label: 'cURL', target: 'shell', client: 'curl', language: 'bash' },
  { value: 'python', label: 'Python', target: 'python', client: 'requests', language: 'python' },
  { value: 'node', label: 'Node.js', target: 'node', client: 'fetch', language: 'javascript' },
  { value: 'go', label: 'Go', target: 'go', client: 'native', language: 'go' },
  { value: 'java', label: 'Java', target: 'java', client: 'nethttp', language: 'java' },
] as const;

/** A request to render as code: full URL (path parameters filled in), headers, query and body. */
export interface SampleRequest {
  method: string;
  /** Absolute URL without the query string. */
  url: string;
  headers: { name: string; value: string }[];
  query: { name: string; value: string }[];
  /** JSON body, or undefined for none. */
  body?: unknown;
}

/** The calls of httpsnippet's Go sample whose error it drops (`req, _ := …`). */
const GO_DROPPED_ERROR = /^(\t+)(req|res|body), _ := (.+)$/gm;

/**
 * httpsnippet's Go sample (@readme/httpsnippet 11.1.0, target go, client native) drops the
 * errors of `http.NewRequest`, `http.DefaultClient.Do` and `io.ReadAll`, so a refused
 * connection panics at `res.Body`. The sample a reader copies checks each of them and stops
 * with `log.Fatal`, as the guides' hand-written Go samples do.
 * @param code httpsnippet's Go sample.
 * @throws Error when the sample has no `http.DefaultClient.Do` call whose error is dropped (a
 *   changed httpsnippet template: look at the new one before publishing it).
 */
export function goWithErrorChecks(code: string): string {
  if (!/^\tres, _ := http\.DefaultClient\.Do\(req\)$/m.test(code)) {
    throw new Error(
      'the Go sample of httpsnippet no longer reads `res, _ := http.DefaultClient.Do(req)`',
    );
  }
  return code
    .replace(/^import \(\n/m, 'import (\n\t"log"\n')
    .replace(
      GO_DROPPED_ERROR,
      (_, tab: string, name: string, call: string) =>
        `${tab}${name}, err := ${call}\n${tab}if err != nil {\n${tab}\tlog.Fatal(err)\n${tab}}`,
    );
}

/**
 * Request samples in every language of SNIPPET_TARGETS.
 * @returns one entry per target with the code; throws Error when httpsnippet rejects the request.
 */
export function requestSnippets(
  request: SampleRequest,
): { value: string; label: string; language: string; code: string }[] {
  const har: HarRequest = {
    method: request.method.toUpperCase(),
    url: request.url,
    httpVersion: 'HTTP/1.1',
    headers: request.headers,
    queryString: request.query,
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    // httpsnippet's type asks for postData; a request without a body simply has none.
    ...(request.body !== undefined && {
      postData: { mimeType: 'application/json', text: JSON.stringify(request.body, null, 2) },
    }),
  } as HarRequest;
  const snippet = new HTTPSnippet(har);
  return SNIPPET_TARGETS.map((t) => {
    const out = snippet.convert(t.target, t.client, { indent: '  ' });
    const code = Array.isArray(out) ? out[0] : out;
    if (typeof code !== 'string') throw new Error(`no ${t.label} sample for ${request.url}`);
    return {
      value: t.value,
      label: t.label,
      language: t.language,
      code: t.value === 'go' ? goWithErrorChecks(code) : code,
    };
  });
}
