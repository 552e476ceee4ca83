/**
 * Fresh ids and keys for the Try it panel (design/try-it.md, "First send"): what a call creates
 * gets a fresh id of its documented shape and a new `Idempotency-Key` per send. JSON Pointer
 * helpers (RFC 6901) and the first error of an answer. Pure functions, in the panel's chunk.
 */
import { type RequestDraft, newIdempotencyKey } from './request';

/** JSON Pointer (RFC 6901) segments of `pointer` (`/a/0/b~1c` → `a`, `0`, `b/c`). */
function segments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `pointer` in `value`, or undefined when the path does not exist. */
export function pointerGet(value: unknown, pointer: string): unknown {
  let node = value;
  for (const key of segments(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Sets the value at `pointer` in `root` (an object or array parsed from JSON), creating missing
 * objects on the way.
 * @throws Error when the path goes through a value that is not an object or array.
 */
export function pointerSet(root: unknown, pointer: string, value: unknown): void {
  const keys = segments(pointer);
  let node = root as Record<string, unknown>;
  for (const [i, key] of keys.entries()) {
    if (node === null || typeof node !== 'object')
      throw new Error(`${pointer} goes through a value that is not an object`);
    if (i === keys.length - 1) node[key] = value;
    else {
      if (!Object.hasOwn(node, key) || node[key] === null || typeof node[key] !== 'object')
        node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
  }
}

function randomDigits(count: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  return [...bytes].map((b) => String(b % 10)).join('');
}

/**
 * A fresh id shaped like a documented one: its last run of digits replaced by random digits
 * (at least 6, so two sends almost never meet: `ord-20260314-0007` → `ord-20260314-482913`), or
 * `-` and 6 digits appended when it has none. A non-string example gives a string id.
 */
export function freshId(example: unknown): string {
  const text = typeof example === 'string' && example ? example : 'id';
  const m = /(\d+)(?!.*\d)/.exec(text);
  if (!m) return `${text}-${randomDigits(6)}`;
  return `${text.slice(0, m.index)}${randomDigits(Math.max(6, m[1].length))}${text.slice(m.index + m[1].length)}`;
}

/** The name in `headers` matching `name` in any case (`idempotency-key`), or undefined. */
export function headerName(headers: Record<string, string>, name: string): string | undefined {
  return Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
}

/**
 * `draft` with a new `Idempotency-Key` (when it sends one) and a fresh id at each of `pointers`
 * in its body (when the body is JSON and holds a value there). The body keeps its other text.
 */
export function freshDraft(draft: RequestDraft, pointers: string[] = []): RequestDraft {
  const next: RequestDraft = { ...draft, headers: { ...draft.headers } };
  const key = headerName(next.headers, 'Idempotency-Key');
  if (key) next.headers[key] = newIdempotencyKey();
  if (pointers.length && next.body.trim()) {
    try {
      const body = JSON.parse(next.body) as unknown;
      let changed = false;
      for (const p of pointers) {
        const old = pointerGet(body, p);
        if (old === undefined) continue;
        pointerSet(body, p, freshId(old));
        changed = true;
      }
      if (changed) next.body = JSON.stringify(body, null, 2);
    } catch {
      // Not JSON (the reader's edit): left as it is; the send will say what is wrong.
    }
  }
  return next;
}

/** The first error object of a JSON error answer (`{"errors": [{code, message}]}`). */
export function firstError(body: string): { code?: number; message: string } | undefined {
  try {
    const e = (JSON.parse(body) as { errors?: { code?: unknown; message?: unknown }[] })
      .errors?.[0];
    if (!e) return undefined;
    return {
      ...(typeof e.code === 'number' && { code: e.code }),
      message: String(e.message ?? ''),
    };
  } catch {
    return undefined;
  }
}
