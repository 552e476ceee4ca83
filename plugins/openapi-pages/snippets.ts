/**
 * Request samples that run as copied (design/openapi-pages.md, "Samples that run as copied"):
 * each reads the base URL and the credential from the two sample environment variables
 * (SAMPLE_ENV, with the API's sandbox origin as the base URL's default), sends a new
 * `Idempotency-Key` and a fresh id at each of the operation's `fresh` pointers on every run,
 * and prints the status, then the body. One template per language of SNIPPET_TARGETS, written
 * here because no sample generator reads environment variables or makes ids (httpsnippet's
 * templates hard-code the URL and the header values).
 */
import { sampleEnvironment } from '../../src/data/facts/examples';

/** The languages of the request-sample tabs, in tab order; `value` is the shared `groupId` key. */
export const SNIPPET_TARGETS = [
  { value: 'curl', label: 'cURL', language: 'bash' },
  { value: 'python', label: 'Python', language: 'python' },
  { value: 'node', label: 'Node.js', language: 'javascript' },
  { value: 'go', label: 'Go', language: 'go' },
  { value: 'java', label: 'Java', language: 'java' },
] as const;

/** The two variables every generated sample reads (CONTRIBUTING.md "Sample environment variables"). */
export const SAMPLE_ENV = sampleEnvironment;

/** A request to render as code. */
export interface SampleRequest {
  method: string;
  /** The base URL's default: the API's sandbox origin, `https://connect.sandbox.aisle.example`. */
  origin: string;
  /** Path after the origin, with the server's base path, path parameters filled and encoded. */
  path: string;
  query: { name: string; value: string }[];
  /** Headers with literal values, in order. */
  headers: { name: string; value: string }[];
  /** The credential header: `Authorization` with prefix `Bearer `, or an API key header. */
  credential?: { name: string; prefix: string };
  /** Name of the `Idempotency-Key` header when the operation takes one. */
  idempotencyKey?: string;
  /** JSON body, or undefined for none. */
  body?: unknown;
  /** JSON Pointers (RFC 6901) of body values that name what the call creates. */
  fresh?: string[];
  /**
   * Body values a sample reads from an environment variable, by JSON Pointer
   * (`/client_secret` → `AISLE_CLIENT_SECRET`): the operation's `x-aisle-sample-env`.
   */
  env?: Record<string, string>;
}

/** One generated sample. */
export interface Snippet {
  value: string;
  label: string;
  language: string;
  code: string;
}

/** How many random digits replace an id's last run of digits (as the Try it panel's freshId). */
const FRESH_DIGITS = 6;

/** Stands for the i-th fresh value inside a rendered literal until a template puts its expression. */
const slot = (i: number) => `\uE000${i}\uE000`;
const SLOT = /\uE000(\d+)\uE000/g;

/**
 * `text` (a rendered literal holding slots) with its slots replaced by `expression(fresh)` and
 * the rest passed through `escape`.
 */
function fillSlots(
  text: string,
  fresh: Fresh[],
  escape: (part: string) => string,
  expression: (f: Fresh) => string,
): string {
  return text
    .split(SLOT)
    .map((part, i) => (i % 2 ? expression(fresh[Number(part)]) : escape(part)))
    .join('');
}

/**
 * A marker for a value inside a body that each language writes as an expression: a fresh id, or
 * the value of an environment variable (`env`).
 */
class Fresh {
  constructor(
    /** Text before the random digits. */
    readonly head: string,
    /** Text after them. */
    readonly tail: string,
    /** Variable name in the sample (`userId`, `orderId`). */
    readonly name: string,
    /** The environment variable the value is read from, instead of a fresh id. */
    readonly env?: string,
  ) {}
}

/** The fresh ids among `markers`, which the samples declare before the request. */
const ids = (markers: Fresh[]) => markers.filter((f) => !f.env);

function segments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function camel(key: string): string {
  return key.replace(/[_-]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
}

/**
 * The body with a Fresh marker at each of `pointers` that holds a string: its last run of digits
 * becomes FRESH_DIGITS random digits (`ord-20260314-0007` → `ord-20260314-` and 6 digits), or
 * `-` and the digits are appended when it has none.
 */
function markFresh(
  body: unknown,
  pointers: string[],
  env: Record<string, string> = {},
): { body: unknown; fresh: Fresh[] } {
  if (body === undefined || !(pointers.length || Object.keys(env).length))
    return { body, fresh: [] };
  const copy = JSON.parse(JSON.stringify(body)) as unknown;
  const fresh: Fresh[] = [];
  for (const pointer of [...pointers, ...Object.keys(env)]) {
    const keys = segments(pointer);
    let node = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) {
      if (node === null || typeof node !== 'object') break;
      node = node[key] as Record<string, unknown>;
    }
    const last = keys.at(-1)!;
    if (node === null || typeof node !== 'object' || typeof node[last] !== 'string') continue;
    const text = node[last] as string;
    const m = /(\d+)(?!.*\d)/.exec(text);
    const marker = env[pointer]
      ? new Fresh('', '', camel(last), env[pointer])
      : m
        ? new Fresh(text.slice(0, m.index), text.slice(m.index + m[1].length), camel(last))
        : new Fresh(`${text}-`, '', camel(last));
    node[last] = marker;
    fresh.push(marker);
  }
  return { body: copy, fresh };
}

/** A JSON-like literal: `json` for JSON text, `python` for a Python literal. */
function literal(
  value: unknown,
  style: 'json' | 'python' | 'js',
  indent: string,
  fresh: (f: Fresh) => string,
  depth = 0,
): string {
  const pad = indent.repeat(depth + 1);
  const end = indent.repeat(depth);
  if (value instanceof Fresh) return fresh(value);
  if (value === null) return style === 'python' ? 'None' : 'null';
  if (typeof value === 'boolean')
    return style === 'python' ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return style === 'js' ? jsString(value) : JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    const items = value.map((v) => `${pad}${literal(v, style, indent, fresh, depth + 1)}`);
    return `[\n${items.join(',\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  const key = (k: string) =>
    style === 'js' ? (/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsString(k)) : JSON.stringify(k);
  const items = entries.map(
    ([k, v]) => `${pad}${key(k)}: ${literal(v, style, indent, fresh, depth + 1)}`,
  );
  return `{\n${items.join(',\n')}\n${end}}`;
}

function jsString(value: string): string {
  return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

function pathWithQuery(request: SampleRequest): string {
  if (!request.query.length) return request.path;
  const query = request.query
    .map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(q.value)}`)
    .join('&');
  return `${request.path}?${query}`;
}

function freshComment(f: Fresh): string {
  return `a new ${f.name
    .replace(/Id$/, '')
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()} id each run`;
}

// ---------------------------------------------------------------------------------------------
// cURL (bash)

function curl(request: SampleRequest, body: unknown, fresh: Fresh[]): string {
  const { baseUrl, token } = SAMPLE_ENV;
  const upper = (f: Fresh) => f.name.replace(/([A-Z])/g, '_$1').toUpperCase();
  const lines: string[] = [`BASE_URL="\${${baseUrl}:-${request.origin}}"`];
  for (const f of ids(fresh))
    lines.push(`${upper(f)}="${f.head}$RANDOM$RANDOM${f.tail}"  # ${freshComment(f)}`);
  lines.push('');
  const args = [
    `curl --request ${request.method.toUpperCase()} "$BASE_URL${pathWithQuery(request)}"`,
  ];
  if (request.credential)
    args.push(`--header "${request.credential.name}: ${request.credential.prefix}$${token}"`);
  for (const h of request.headers) args.push(`--header ${shellQuote(`${h.name}: ${h.value}`)}`);
  if (body !== undefined) args.push(`--header 'Content-Type: application/json'`);
  if (request.idempotencyKey) args.push(`--header "${request.idempotencyKey}: $(uuidgen)"`);
  args.push(`--write-out '\\nHTTP status %{http_code}\\n'`);
  let heredoc = '';
  if (body !== undefined) {
    args.push('--data @-');
    // An unquoted here-document expands the fresh ids; the body's own `$`, backquotes and
    // backslashes are escaped.
    const json = fillSlots(
      literal(body, 'json', '  ', (f) => JSON.stringify(slot(fresh.indexOf(f)))),
      fresh,
      (part) => part.replace(/[$`\\]/g, (c) => `\\${c}`),
      (f) => `\${${f.env ?? upper(f)}}`,
    );
    heredoc = ` <<EOF\n${json}\nEOF`;
  }
  return `${lines.join('\n')}\n${args.join(' \\\n  ')}${heredoc}`;
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./ -]*$/.test(value) && !value.includes("'")
    ? `'${value}'`
    : `'${value.replace(/'/g, `'\\''`)}'`;
}

// ---------------------------------------------------------------------------------------------
// Python (requests)

function python(request: SampleRequest, body: unknown, fresh: Fresh[]): string {
  const { baseUrl, token } = SAMPLE_ENV;
  const snake = (f: Fresh) => f.name.replace(/([A-Z])/g, '_$1').toLowerCase();
  const imports = ['import os'];
  if (ids(fresh).length) imports.push('import random');
  if (request.idempotencyKey) imports.push('import uuid');
  const out = [
    `${imports.join('\n')}\n\nimport requests\n`,
    `base_url = os.environ.get(${JSON.stringify(baseUrl)}, ${JSON.stringify(request.origin)})`,
  ];
  if (request.credential) out.push(`token = os.environ[${JSON.stringify(token)}]`);
  for (const f of ids(fresh))
    out.push(
      `${snake(f)} = f${JSON.stringify(`${pyBraces(f.head)}{random.randrange(10**${FRESH_DIGITS}):0${FRESH_DIGITS}d}${pyBraces(f.tail)}`)}  # ${freshComment(f)}`,
    );
  out.push('');
  const headers: string[] = [];
  if (request.credential)
    headers.push(
      `${JSON.stringify(request.credential.name)}: f${JSON.stringify(`${pyBraces(request.credential.prefix)}{token}`)}`,
    );
  for (const h of request.headers)
    headers.push(`${JSON.stringify(h.name)}: ${JSON.stringify(h.value)}`);
  if (request.idempotencyKey)
    headers.push(`${JSON.stringify(request.idempotencyKey)}: str(uuid.uuid4())`);
  const call = [`f${JSON.stringify(`{base_url}${pyBraces(pathWithQuery(request))}`)}`];
  if (headers.length)
    call.push(`headers={\n${headers.map((h) => `        ${h},`).join('\n')}\n    }`);
  if (body !== undefined)
    call.push(
      `json=${literal(body, 'python', '    ', (f) => (f.env ? `os.environ[${JSON.stringify(f.env)}]` : snake(f)), 1)}`,
    );
  out.push(
    `response = requests.request(\n    ${JSON.stringify(request.method.toUpperCase())},\n${call.map((c) => `    ${c},`).join('\n')}\n)`,
  );
  out.push('print(response.status_code)', 'print(response.text)');
  return out.join('\n');
}

function pyBraces(text: string): string {
  return text.replace(/[{}]/g, (c) => c + c);
}

// ---------------------------------------------------------------------------------------------
// Node.js (fetch, an ES module)

function node(request: SampleRequest, body: unknown, fresh: Fresh[]): string {
  const { baseUrl, token } = SAMPLE_ENV;
  const imports = [
    ...(ids(fresh).length ? ['randomInt'] : []),
    ...(request.idempotencyKey ? ['randomUUID'] : []),
  ];
  const out: string[] = [];
  if (imports.length) out.push(`import { ${imports.join(', ')} } from 'node:crypto';\n`);
  out.push(`const baseUrl = process.env.${baseUrl} ?? ${jsString(request.origin)};`);
  if (request.credential) out.push(`const token = process.env.${token};`);
  for (const f of ids(fresh))
    out.push(
      `const ${f.name} = \`${tpl(f.head)}\${String(randomInt(10 ** ${FRESH_DIGITS})).padStart(${FRESH_DIGITS}, '0')}${tpl(f.tail)}\`; // ${freshComment(f)}`,
    );
  out.push('');
  const headers: string[] = [];
  const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsString(k));
  if (request.credential)
    headers.push(`${key(request.credential.name)}: \`${tpl(request.credential.prefix)}\${token}\``);
  for (const h of request.headers) headers.push(`${key(h.name)}: ${jsString(h.value)}`);
  if (body !== undefined) headers.push(`'Content-Type': 'application/json'`);
  if (request.idempotencyKey) headers.push(`${key(request.idempotencyKey)}: randomUUID()`);
  const options = [`method: ${jsString(request.method.toUpperCase())}`];
  if (headers.length)
    options.push(`headers: {\n${headers.map((h) => `    ${h},`).join('\n')}\n  }`);
  if (body !== undefined)
    options.push(
      `body: JSON.stringify(${literal(body, 'js', '  ', (f) => (f.env ? `process.env.${f.env}` : f.name), 1)})`,
    );
  out.push(
    `const response = await fetch(\`\${baseUrl}${tpl(pathWithQuery(request))}\`, {\n${options.map((o) => `  ${o},`).join('\n')}\n});`,
  );
  out.push('console.log(response.status);', 'console.log(await response.text());');
  return out.join('\n');
}

function tpl(text: string): string {
  return text.replace(/[`\\]/g, (c) => `\\${c}`).replace(/\$\{/g, '\\${');
}

// ---------------------------------------------------------------------------------------------
// Go (net/http)

function go(request: SampleRequest, body: unknown, fresh: Fresh[]): string {
  const { baseUrl, token } = SAMPLE_ENV;
  const imports = new Set(['fmt', 'io', 'log', 'net/http', 'os']);
  if (body !== undefined) imports.add('strings');
  if (ids(fresh).length || request.idempotencyKey) imports.add('crypto/rand');
  if (ids(fresh).length) imports.add('encoding/binary');
  const main: string[] = [
    `baseURL := os.Getenv(${JSON.stringify(baseUrl)})`,
    `if baseURL == "" {`,
    `\tbaseURL = ${JSON.stringify(request.origin)}`,
    `}`,
  ];
  for (const f of ids(fresh))
    main.push(
      `${f.name} := fmt.Sprintf(${JSON.stringify(`${f.head.replace(/%/g, '%%')}%0${FRESH_DIGITS}d${f.tail.replace(/%/g, '%%')}`)}, randomNumber(${10 ** FRESH_DIGITS})) // ${freshComment(f)}`,
    );
  main.push('');
  let bodyArg = 'nil';
  if (body !== undefined) {
    // The fresh ids go in with fmt.Sprintf, so the body's own `%` is doubled.
    const json = literal(body, 'json', '  ', (f) => JSON.stringify(slot(fresh.indexOf(f))));
    const used = fresh.filter((f) => json.includes(slot(fresh.indexOf(f))));
    const text = used.length
      ? fillSlots(
          json,
          fresh,
          (part) => part.replace(/%/g, '%%'),
          () => '%s',
        )
      : json;
    const quoted = text.includes('`') ? JSON.stringify(text) : `\`${text}\``;
    main.push(
      used.length
        ? `payload := fmt.Sprintf(${quoted}, ${used.map((f) => (f.env ? `os.Getenv(${JSON.stringify(f.env)})` : f.name)).join(', ')})`
        : `payload := ${quoted}`,
    );
    main.push('');
    bodyArg = 'strings.NewReader(payload)';
  }
  main.push(
    `req, err := http.NewRequest(${JSON.stringify(request.method.toUpperCase())}, baseURL+${JSON.stringify(pathWithQuery(request))}, ${bodyArg})`,
    'if err != nil {',
    '\tlog.Fatal(err)',
    '}',
  );
  if (request.credential)
    main.push(
      `req.Header.Set(${JSON.stringify(request.credential.name)}, ${request.credential.prefix ? `${JSON.stringify(request.credential.prefix)}+` : ''}os.Getenv(${JSON.stringify(token)}))`,
    );
  for (const h of request.headers)
    main.push(`req.Header.Set(${JSON.stringify(h.name)}, ${JSON.stringify(h.value)})`);
  if (body !== undefined) main.push('req.Header.Set("Content-Type", "application/json")');
  if (request.idempotencyKey)
    main.push(`req.Header.Set(${JSON.stringify(request.idempotencyKey)}, newUUID())`);
  main.push(
    '',
    'res, err := http.DefaultClient.Do(req)',
    'if err != nil {',
    '\tlog.Fatal(err)',
    '}',
    'defer res.Body.Close()',
    'answer, err := io.ReadAll(res.Body)',
    'if err != nil {',
    '\tlog.Fatal(err)',
    '}',
    'fmt.Println(res.StatusCode)',
    'fmt.Println(string(answer))',
  );
  const helpers: string[] = [];
  if (request.idempotencyKey)
    helpers.push(
      [
        '// newUUID returns a random UUID (version 4) for the Idempotency-Key header.',
        'func newUUID() string {',
        '\tb := make([]byte, 16)',
        '\tif _, err := rand.Read(b); err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\tb[6] = b[6]&0x0f | 0x40',
        '\tb[8] = b[8]&0x3f | 0x80',
        '\treturn fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])',
        '}',
      ].join('\n'),
    );
  if (ids(fresh).length)
    helpers.push(
      [
        '// randomNumber returns a random number from 0 to n-1.',
        'func randomNumber(n uint64) uint64 {',
        '\tb := make([]byte, 8)',
        '\tif _, err := rand.Read(b); err != nil {',
        '\t\tlog.Fatal(err)',
        '\t}',
        '\treturn binary.BigEndian.Uint64(b) % n',
        '}',
      ].join('\n'),
    );
  const sorted = [...imports].sort();
  return [
    'package main',
    '',
    `import (\n${sorted.map((i) => `\t"${i}"`).join('\n')}\n)`,
    '',
    `func main() {\n${main.map((l) => (l ? `\t${l}` : '')).join('\n')}\n}`,
    ...helpers.map((h) => `\n${h}`),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Java (java.net.http, Java 17)

function java(request: SampleRequest, body: unknown, fresh: Fresh[]): string {
  const { baseUrl, token } = SAMPLE_ENV;
  const imports = [
    'java.net.URI',
    'java.net.http.HttpClient',
    'java.net.http.HttpRequest',
    'java.net.http.HttpResponse',
    'java.util.Objects',
    ...(request.idempotencyKey ? ['java.util.UUID'] : []),
    ...(ids(fresh).length ? ['java.util.concurrent.ThreadLocalRandom'] : []),
  ];
  const main: string[] = [
    `String baseUrl = Objects.requireNonNullElse(System.getenv(${JSON.stringify(baseUrl)}), ${JSON.stringify(request.origin)});`,
  ];
  for (const f of ids(fresh))
    main.push(
      `String ${f.name} = String.format(${JSON.stringify(`${f.head.replace(/%/g, '%%')}%0${FRESH_DIGITS}d${f.tail.replace(/%/g, '%%')}`)}, ThreadLocalRandom.current().nextInt(${10 ** FRESH_DIGITS})); // ${freshComment(f)}`,
    );
  let publisher = 'HttpRequest.BodyPublishers.noBody()';
  if (body !== undefined) {
    // A text block; the fresh ids go in with formatted(), so the body's own `%` is doubled.
    const json = literal(body, 'json', '  ', (f) => JSON.stringify(slot(fresh.indexOf(f))));
    const used = fresh.filter((f) => json.includes(slot(fresh.indexOf(f))));
    const text = fillSlots(
      json,
      fresh,
      (part) =>
        (used.length ? part.replace(/%/g, '%%') : part)
          .replace(/\\/g, '\\\\')
          .replace(/"""/g, '\\"""'),
      () => '%s',
    );
    const block = `"""\n${text
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')}\n    """`;
    main.push(
      `String body = ${block}${used.length ? `.formatted(${used.map((f) => (f.env ? `System.getenv(${JSON.stringify(f.env)})` : f.name)).join(', ')})` : ''};`,
    );
    publisher = 'HttpRequest.BodyPublishers.ofString(body)';
  }
  const builder = [`.uri(URI.create(baseUrl + ${JSON.stringify(pathWithQuery(request))}))`];
  if (request.credential)
    builder.push(
      `.header(${JSON.stringify(request.credential.name)}, ${request.credential.prefix ? `${JSON.stringify(request.credential.prefix)} + ` : ''}System.getenv(${JSON.stringify(token)}))`,
    );
  for (const h of request.headers)
    builder.push(`.header(${JSON.stringify(h.name)}, ${JSON.stringify(h.value)})`);
  if (body !== undefined) builder.push('.header("Content-Type", "application/json")');
  if (request.idempotencyKey)
    builder.push(
      `.header(${JSON.stringify(request.idempotencyKey)}, UUID.randomUUID().toString())`,
    );
  builder.push(
    `.method(${JSON.stringify(request.method.toUpperCase())}, ${publisher})`,
    '.build();',
  );
  main.push(
    `HttpRequest request = HttpRequest.newBuilder()\n${builder.map((b) => `    ${b}`).join('\n')}`,
    'HttpResponse<String> response =',
    '    HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.statusCode());',
    'System.out.println(response.body());',
  );
  const indented = main
    .join('\n')
    .split('\n')
    .map((l) => (l ? `    ${l}` : ''))
    .join('\n');
  return `${imports.map((i) => `import ${i};`).join('\n')}\n\npublic class Sample {\n  public static void main(String[] args) throws Exception {\n${indented}\n  }\n}`;
}

const TEMPLATES = { curl, python, node, go, java } as const;

/**
 * Request samples in every language of SNIPPET_TARGETS, each runnable as copied once
 * SAMPLE_ENV's two variables are set.
 * @returns one entry per target, in tab order.
 */
export function requestSnippets(request: SampleRequest): Snippet[] {
  const { body, fresh } = markFresh(request.body, request.fresh ?? [], request.env);
  return SNIPPET_TARGETS.map((t) => ({
    value: t.value,
    label: t.label,
    language: t.language,
    code: TEMPLATES[t.value](request, body, fresh),
  }));
}
