/**
 * The operations of every `openapi/*.yaml` (config/openapi.ts), matched by method and path, with
 * their documented success status and a validator of their response bodies (Ajv 8 with the
 * JSON Schema 2020-12 dialect OpenAPI 3.1 uses, and ajv-formats).
 */
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openapiPages } from '../../config/openapi';
import { loadSpec, type Node } from '../../plugins/openapi-pages/load';

/** One operation, its path as the server sees it (the server's base path included). */
export interface Operation {
  /** Definition name (`fulfillment`, `developer-platform`, …). */
  api: string;
  operationId: string;
  /** Upper case. */
  method: string;
  /** Full path template: `/idp/v1/products/recipe`, `/v2/fulfillment/users/{user_id}`. */
  path: string;
  /** Documented statuses in definition order (`default` left out). */
  statuses: number[];
  /** First 2xx of `statuses`, or undefined when the operation documents none. */
  success?: number;
  pattern: RegExp;
}

/** A checked response body: `errors` lists Ajv's messages, empty when the body is valid. */
export interface BodyCheck {
  ok: boolean;
  errors: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

/** Every operation of the site's definitions, and response validation against them. */
export class Operations {
  readonly all: Operation[] = [];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction | null>();

  private constructor() {
    addFormats(this.ajv);
  }

  /**
   * Loads every definition of config/openapi.ts from `root` (the repository).
   * @throws SpecError (plugins/openapi-pages/load.ts) when a definition does not bundle.
   */
  static async load(root: string): Promise<Operations> {
    const ops = new Operations();
    for (const api of openapiPages.apis) {
      const { doc } = await loadSpec(join(root, api.spec));
      const id = `openapi:${api.id}`;
      ops.ajv.addSchema(doc as object, id);
      ops.docs.set(id, doc as unknown as Node);
      const servers = (doc.servers ?? []).map((s) => s.url);
      const basePath = servers.length
        ? new URL(servers[0].replace(/\{[^}]+\}/g, 'x')).pathname
        : '';
      const base = basePath === '/' ? '' : basePath.replace(/\/$/, '');
      for (const [path, item] of Object.entries(doc.paths ?? {})) {
        for (const method of METHODS) {
          const op = (item as Node | undefined)?.[method] as Node | undefined;
          if (!op) continue;
          const statuses = Object.keys((op.responses as Node | undefined) ?? {})
            .filter((s) => /^\d{3}$/.test(s))
            .map(Number);
          const full = `${base}${path}`;
          ops.all.push({
            api: api.id,
            operationId: String(op.operationId),
            method: method.toUpperCase(),
            path: full,
            statuses,
            success: statuses.find((s) => s >= 200 && s < 300),
            pattern: templatePattern(full),
          });
          ops.pointers.set(`${api.id} ${method.toUpperCase()} ${full}`, {
            id,
            pointer: `#/paths/${escapePointer(path)}/${method}/responses`,
          });
        }
      }
    }
    // Literal segments win over templated ones (`/users/me` before `/users/{user_id}`).
    ops.all.sort((a, b) => a.path.split('{').length - b.path.split('{').length);
    return ops;
  }

  private readonly pointers = new Map<string, { id: string; pointer: string }>();
  private readonly docs = new Map<string, Node>();

  /** The operation serving `method` on `path` (no query string), or undefined. */
  match(method: string, path: string): Operation | undefined {
    const upper = method.toUpperCase();
    return this.all.find((op) => op.method === upper && op.pattern.test(path));
  }

  /** The operation whose template is `path` exactly (as a generated page prints it). */
  byTemplate(method: string, path: string): Operation | undefined {
    const upper = method.toUpperCase();
    return this.all.find((op) => op.method === upper && op.path.endsWith(path));
  }

  /**
   * Checks `body` (raw text) against the JSON schema the definition gives for `status`.
   * A status the operation does not document fails; a documented status without a JSON body
   * schema passes when the body is empty or any JSON.
   */
  checkBody(op: Operation, status: number, body: string): BodyCheck {
    const key = `${op.api} ${op.method} ${op.path} ${status}`;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.compile(op, status);
      this.validators.set(key, validate);
    }
    if (!op.statuses.includes(status)) {
      return { ok: false, errors: [`${status} is not a status ${op.operationId} documents`] };
    }
    if (validate === null) return { ok: true, errors: [] };
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return { ok: false, errors: [`the body is not JSON: ${body.slice(0, 120)}`] };
    }
    if (validate(value)) return { ok: true, errors: [] };
    return {
      ok: false,
      errors: (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`),
    };
  }

  private compile(op: Operation, status: number): ValidateFunction | null {
    const where = this.pointers.get(`${op.api} ${op.method} ${op.path}`);
    if (!where) return null;
    const found = this.resolve(`${where.id}${where.pointer}/${status}`);
    if (!found) return null;
    const content = (found.node.content as Node | undefined)?.['application/json'] as
      | Node
      | undefined;
    if (!content?.schema) return null;
    return this.ajv.compile({ $ref: `${found.ref}/content/application~1json/schema` });
  }

  /** Follows the `$ref`s of a response object inside the loaded definitions. */
  private resolve(ref: string): { ref: string; node: Node } | undefined {
    let target = ref;
    for (let hops = 0; hops < 5; hops++) {
      const [id, pointer] = target.split('#');
      let node: unknown = this.docs.get(id);
      for (const raw of pointer.split('/').slice(1)) {
        const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
        node = (node as Node | undefined)?.[part];
      }
      const found = node as Node | undefined;
      if (!found) return undefined;
      if (typeof found.$ref === 'string' && found.$ref.startsWith('#')) {
        target = `${id}${found.$ref}`;
        continue;
      }
      return { ref: target, node: found };
    }
    return undefined;
  }
}
