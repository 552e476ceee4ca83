/**
 * Schema tables: a JSON Schema (OpenAPI 3.1 dialect) flattened into one row per field, with
 * dotted names for nested objects (`address.city`), `[]` for array items (`items[].count`) and
 * `*` for free-form maps. Recursive schemas stop at the repeated `$ref` and say so.
 */
import type { Node, Resolved } from './load';

/** One row of a field table. */
export interface FieldRow {
  /** Dotted path, e.g. `fulfillment_details.window_starts_at`. */
  name: string;
  /** Readable type, e.g. `string (date-time) | null`, `array<OrderItem>`. */
  type: string;
  required: boolean;
  /** Markdown description from the definition (may be empty). */
  description: string;
  /** Allowed values (`enum` or `const`), as JSON literals. */
  values: string[];
  /** Constraints in words, e.g. `>= 1`, `max length 500`, `default 20`. */
  constraints: string[];
  /** Which `oneOf`/`anyOf` variant the row belongs to, e.g. `Card`. */
  variant?: string;
  deprecated: boolean;
}

/** Which side of the exchange a table describes: request bodies hide `readOnly` fields. */
export type Direction = 'request' | 'response';

type Resolve = (node: unknown) => Resolved;

/** Maximum nesting depth flattened; deeper fields are described by their parent's type. */
export const MAX_DEPTH = 8;

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isNullSchema(schema: Node): boolean {
  return schema.type === 'null' || (schema.const === null && schema.type === undefined);
}

/** Merges `allOf` members (properties, required, type) into one schema. */
export function mergeAllOf(schema: Node, resolve: Resolve): Node {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  const merged: Node = { ...rest };
  const properties: Node = {};
  const required = new Set<string>(asArray(rest.required) as string[]);
  for (const part of allOf as unknown[]) {
    const member = mergeAllOf(resolve(part).node, resolve);
    Object.assign(properties, member.properties ?? {});
    for (const r of asArray(member.required)) required.add(String(r));
    for (const key of ['type', 'description', 'additionalProperties'] as const)
      if (merged[key] === undefined && member[key] !== undefined) merged[key] = member[key];
  }
  Object.assign(properties, rest.properties ?? {});
  merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}

/** Variants of a `oneOf`/`anyOf`, with `null` variants split off. */
function variantsOf(schema: Node, resolve: Resolve): { variants: Resolved[]; nullable: boolean } {
  const list = asArray(schema.oneOf ?? schema.anyOf);
  const resolved = list.map((v) => ({ ...resolve(v), raw: v }));
  const nonNull = resolved.filter((v) => !isNullSchema(v.node));
  return { variants: nonNull, nullable: nonNull.length < resolved.length };
}

/**
 * Readable type of a schema: `string`, `integer (int64)`, `Order`, `array<OrderItem>`,
 * `string | null`, `Card | EbtCard`, `map<string, integer>`.
 */
export function typeLabel(input: unknown, resolve: Resolve, depth = 0): string {
  const { node: raw, name } = resolve(input);
  const schema = mergeAllOf(raw, resolve);
  if (depth > MAX_DEPTH) return name ?? 'object';
  if (schema.oneOf || schema.anyOf) {
    const { variants, nullable } = variantsOf(schema, resolve);
    const labels = variants.map((v) => v.name ?? typeLabel(v.node, resolve, depth + 1));
    return [...new Set(labels), ...(nullable ? ['null'] : [])].join(' | ');
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : schema.properties
        ? ['object']
        : schema.const !== undefined
          ? [typeof schema.const]
          : [];
  const labels = types.map((t) => {
    if (t === 'array') return `array<${typeLabel(schema.items ?? {}, resolve, depth + 1)}>`;
    if (t === 'object') {
      if (name) return name;
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object' && !schema.properties)
        return `map<string, ${typeLabel(extra, resolve, depth + 1)}>`;
      return 'object';
    }
    return schema.format ? `${t} (${schema.format})` : t;
  });
  return labels.length ? labels.join(' | ') : (name ?? 'any');
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

/** Constraints of a schema in words, in a fixed order. */
export function constraintsOf(schema: Node): string[] {
  const out: string[] = [];
  const num = (key: string) => typeof schema[key] === 'number';
  if (num('minimum')) out.push(`>= ${schema.minimum}`);
  if (num('exclusiveMinimum')) out.push(`> ${schema.exclusiveMinimum}`);
  if (num('maximum')) out.push(`<= ${schema.maximum}`);
  if (num('exclusiveMaximum')) out.push(`< ${schema.exclusiveMaximum}`);
  if (num('multipleOf')) out.push(`multiple of ${schema.multipleOf}`);
  if (num('minLength')) out.push(`min length ${schema.minLength}`);
  if (num('maxLength')) out.push(`max length ${schema.maxLength}`);
  if (typeof schema.pattern === 'string') out.push(`pattern \`${schema.pattern}\``);
  if (num('minItems')) out.push(`min items ${schema.minItems}`);
  if (num('maxItems')) out.push(`max items ${schema.maxItems}`);
  if (schema.uniqueItems === true) out.push('unique items');
  if (schema.default !== undefined) out.push(`default \`${literal(schema.default)}\``);
  if (schema.readOnly === true) out.push('read-only');
  if (schema.writeOnly === true) out.push('write-only');
  return out;
}

function valuesOf(schema: Node, resolve: Resolve): string[] {
  if (schema.const !== undefined) return [literal(schema.const)];
  if (Array.isArray(schema.enum)) return schema.enum.map(literal);
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    const items = resolve(schema.items ?? {}).node;
    if (Array.isArray(items.enum)) return items.enum.map(literal);
  }
  return [];
}

/** The object schema whose properties continue the table below a field, if any. */
function childObject(
  schema: Node,
  resolve: Resolve,
): { node: Node; ref?: string; suffix: string } | undefined {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array') && schema.items) {
    const item = resolve(schema.items);
    const merged = mergeAllOf(item.node, resolve);
    if (merged.properties || merged.oneOf || merged.anyOf)
      return { node: merged, ref: item.ref, suffix: '[]' };
    return undefined;
  }
  if (schema.properties || schema.oneOf || schema.anyOf) return { node: schema, suffix: '' };
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') {
    const value = resolve(extra);
    const merged = mergeAllOf(value.node, resolve);
    if (merged.properties) return { node: merged, ref: value.ref, suffix: '.*' };
  }
  return undefined;
}

/**
 * Flattens an object schema into field rows.
 * @param schema the body schema (a `$ref` or inline schema).
 * @param direction `request` drops `readOnly` fields, `response` drops `writeOnly` ones.
 * @returns rows in document order; a non-object schema gives a single row named `(body)`.
 */
export function flattenSchema(schema: unknown, resolve: Resolve, direction: Direction): FieldRow[] {
  const rows: FieldRow[] = [];
  const root = resolve(schema);
  const merged = mergeAllOf(root.node, resolve);
  const stack = root.ref ? [root.ref] : [];
  if (!merged.properties && !merged.oneOf && !merged.anyOf) {
    const child = childObject(merged, resolve);
    if (!child) {
      rows.push(rowFor('(body)', schema, merged, true, resolve));
      return rows;
    }
  }
  walk(merged, '', stack, 0, undefined);
  return rows;

  function walk(obj: Node, prefix: string, refs: string[], depth: number, variant?: string) {
    if (depth > MAX_DEPTH) return;
    const node = mergeAllOf(obj, resolve);
    if ((node.oneOf || node.anyOf) && !node.properties) {
      const { variants } = variantsOf(node, resolve);
      for (const v of variants) {
        if (v.ref && refs.includes(v.ref)) continue;
        const label = v.name ?? typeLabel(v.node, resolve);
        walk(v.node, prefix, v.ref ? [...refs, v.ref] : refs, depth + 1, label);
      }
      return;
    }
    const required = new Set(asArray(node.required) as string[]);
    for (const [key, raw] of Object.entries((node.properties ?? {}) as Node)) {
      const prop = resolve(raw);
      const propSchema = mergeAllOf(prop.node, resolve);
      if (direction === 'request' && propSchema.readOnly === true) continue;
      if (direction === 'response' && propSchema.writeOnly === true) continue;
      const name = `${prefix}${key}`;
      const circular = prop.ref !== undefined && refs.includes(prop.ref);
      const row = rowFor(name, raw, propSchema, required.has(key), resolve, variant);
      if (circular) row.type = `${prop.name} (circular)`;
      rows.push(row);
      if (circular) continue;
      const nextRefs = prop.ref ? [...refs, prop.ref] : refs;
      // A nullable object (`oneOf: [X, null]`) continues with X's fields.
      let target: Node = propSchema;
      let targetRef: string | undefined;
      if ((propSchema.oneOf || propSchema.anyOf) && !propSchema.properties) {
        const { variants } = variantsOf(propSchema, resolve);
        if (variants.length === 1) {
          target = mergeAllOf(variants[0].node, resolve);
          targetRef = variants[0].ref;
          if (targetRef && nextRefs.includes(targetRef)) {
            row.type = row.type.replace(variants[0].name ?? '\0', `${variants[0].name} (circular)`);
            continue;
          }
        }
      }
      const child = childObject(target, resolve);
      if (!child) continue;
      if (child.ref && nextRefs.includes(child.ref)) {
        row.type = `${row.type} (circular)`;
        continue;
      }
      const refsBelow = [
        ...nextRefs,
        ...(targetRef ? [targetRef] : []),
        ...(child.ref ? [child.ref] : []),
      ];
      walk(child.node, `${name}${child.suffix}.`, refsBelow, depth + 1, variant);
    }
  }
}

function rowFor(
  name: string,
  raw: unknown,
  schema: Node,
  required: boolean,
  resolve: Resolve,
  variant?: string,
): FieldRow {
  return {
    name,
    type: typeLabel(raw, resolve),
    required,
    description: String(schema.description ?? ''),
    values: valuesOf(schema, resolve),
    constraints: constraintsOf(schema),
    variant,
    deprecated: schema.deprecated === true,
  };
}
