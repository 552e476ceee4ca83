/**
 * Loading an OpenAPI 3.1 definition: Redocly's bundler inlines external files but keeps
 * internal `$ref`s, so component names survive for type labels and recursive schemas stay
 * finite (dereferencing would create real object cycles; design/openapi-pages.md).
 */
import type { Type } from 'js-yaml';
import type { OpenAPIV3_1 } from 'openapi-types';

/** A JSON-like OpenAPI node, for code that walks a definition without knowing the object. */
export type Node = Record<string, unknown>;

/** An OpenAPI 3.1 document (openapi-types). */
export type Document = OpenAPIV3_1.Document;

/** A value that may be an OpenAPI `$ref` to a `T`. */
export type Ref<T> = T | OpenAPIV3_1.ReferenceObject;

/** A bundled definition and the files it was read from. */
export interface LoadedSpec {
  /** The bundled document (internal `$ref`s kept). */
  doc: Document;
  /** Absolute paths of every file the definition was read from (for the dev watcher). */
  files: string[];
}

/** Error thrown when a definition cannot be bundled; `message` lists each problem. */
export class SpecError extends Error {
  constructor(file: string, problems: string[]) {
    super(`OpenAPI definition ${file} cannot be used:\n  - ${problems.join('\n  - ')}`);
    this.name = 'SpecError';
  }
}

/**
 * Bundles `file` (YAML or JSON, OpenAPI 3.1).
 * @throws SpecError when the file is missing, does not parse, is not OpenAPI 3.x, or has an
 *   unresolvable `$ref`. Lint rules are not applied here: `npm run lint:openapi` does that.
 */
export async function loadSpec(file: string): Promise<LoadedSpec> {
  // Loaded on first use (0.7 s): a `docusaurus start` whose definitions are unchanged needs none.
  const { bundle, createConfig } = await import('@redocly/openapi-core');
  const config = await createConfig({ extends: ['minimal'] });
  let result;
  try {
    result = await bundle({ ref: file, config, dereference: false });
  } catch (error) {
    const message = (error as Error).message;
    throw new SpecError(file, [
      /Unsupported specification/i.test(message)
        ? `${message}: not an OpenAPI 3.x document (a top-level "openapi: 3.1.0" is needed)`
        : message,
    ]);
  }
  const errors = result.problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.message} (${p.location[0]?.pointer ?? '#'})`);
  const doc = result.bundle.parsed as Node | undefined;
  if (!doc || typeof doc !== 'object') errors.push('the file is empty or not YAML/JSON');
  else if (!String(doc.openapi ?? '').startsWith('3.'))
    errors.push(`"openapi" is ${JSON.stringify(doc.openapi)}; an OpenAPI 3.x document is needed`);
  if (errors.length) throw new SpecError(file, errors);
  return {
    doc: doc as unknown as Document,
    files: [file, ...result.fileDependencies].filter(unique),
  };
}

/**
 * `loadSpec` for a definition kept in one file, for `docusaurus start` reloads: the file parsed
 * with js-yaml and the schema Redocly's YAML parser uses (the core schema with the merge,
 * binary, omap, pairs and set types, no timestamps), which is what Redocly's bundler returns for
 * such a file (tests/unit/openapi-pages-preview.test.ts: the same JSON for the site's ten
 * definitions), in a third of the time (fulfillment.yaml: 0.19 s against 0.55–0.8 s at a load
 * of 13), and without loading Redocly (0.7 s). Undefined when the file is not that simple: a
 * `$ref` to another file or one that does not resolve, no OpenAPI 3.x document, a YAML error;
 * the caller then uses `loadSpec`, which reports the problem.
 */
export async function loadSingleFileSpec(file: string): Promise<LoadedSpec | undefined> {
  const { readFile } = await import('node:fs/promises');
  const yaml = await import('js-yaml');
  // js-yaml 4 exports its built-in types as `types`; @types/js-yaml 4.0.9 does not declare it.
  type Tags = 'merge' | 'binary' | 'omap' | 'pairs' | 'set';
  const { load, CORE_SCHEMA, types } = yaml as typeof yaml & { types: Record<Tags, Type> };
  const schema = CORE_SCHEMA.extend({
    implicit: [types.merge],
    explicit: [types.binary, types.omap, types.pairs, types.set],
  });
  let doc: unknown;
  try {
    doc = load(await readFile(file, 'utf8'), { schema });
  } catch {
    return undefined;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return undefined;
  if (!String((doc as Node).openapi ?? '').startsWith('3.')) return undefined;
  const resolve = makeResolver(doc as Node);
  const refsResolve = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.every(refsResolve);
    if (!node || typeof node !== 'object') return true;
    const ref = (node as Node).$ref;
    if (ref !== undefined) {
      if (typeof ref !== 'string' || !ref.startsWith('#/')) return false;
      try {
        resolve(node);
      } catch {
        return false;
      }
    }
    return Object.values(node).every(refsResolve);
  };
  if (!refsResolve(doc)) return undefined;
  return { doc: doc as Document, files: [file] };
}

function unique<T>(value: T, index: number, all: T[]): boolean {
  return all.indexOf(value) === index;
}

/** A resolved node and the component name it came from, if any. */
export interface Resolved<T = Node> {
  node: T;
  /** Component name of the last `$ref` followed (`Order` for `#/components/schemas/Order`). */
  name?: string;
  /** The `$ref` followed, if any. */
  ref?: string;
}

/**
 * Follows a value's `$ref`s; `T` is the object the caller expects there (the resolver does not
 * check it: the definition was bundled and linted).
 */
export type Resolve = <T = Node>(node: Ref<T> | unknown) => Resolved<T>;

/**
 * Resolves internal `$ref`s (`#/…` JSON pointers) of `doc`, following chains. Sibling keys of a
 * 3.1 `$ref` (e.g. a `description`) override the target's.
 * @throws Error naming the pointer when a `$ref` points nowhere.
 */
export function makeResolver(doc: Node | Document): Resolve {
  const lookup = (ref: string): Node => {
    if (!ref.startsWith('#/')) throw new Error(`external $ref ${ref} left after bundling`);
    let cur: unknown = doc as unknown;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      cur = (cur as Node | undefined)?.[key];
    }
    if (!cur || typeof cur !== 'object') throw new Error(`$ref ${ref} points nowhere`);
    return cur as Node;
  };
  return <T>(input: unknown): Resolved<T> => {
    let node = (input ?? {}) as Node;
    let name: string | undefined;
    let ref: string | undefined;
    const seen = new Set<string>();
    while (typeof node.$ref === 'string') {
      ref = node.$ref;
      if (seen.has(ref)) throw new Error(`$ref ${ref} refers to itself`);
      seen.add(ref);
      const siblings = { ...node };
      delete siblings.$ref;
      name = ref.split('/').pop();
      node = { ...lookup(ref), ...siblings };
    }
    return { node: node as T, name, ref };
  };
}
