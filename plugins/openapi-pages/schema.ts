/**
 * Schema trees: a JSON Schema (OpenAPI 3.1 dialect) as a tree of fields, one node per property,
 * with the properties of objects and arrays of objects as children, `oneOf`/`anyOf` as labelled
 * alternatives, `allOf` merged and `[X, null]` read as a nullable X. Recursive schemas stop at
 * the repeated `$ref` (marked circular) and the tree stops at MAX_DEPTH
 * (design/openapi-pages.md, "Schema trees").
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Ref, Resolve, Resolved } from './load';

/** A schema object of the definition. */
export type Schema = OpenAPIV3_1.SchemaObject;

/**
 * Every keyword a schema object may carry, whatever its `type` (openapi-types splits schemas
 * into array and non-array objects; a walker reads both).
 */
export type SchemaView = OpenAPIV3_1.BaseSchemaObject & {
  type?: string | string[];
  items?: Ref<Schema>;
};

/** Which side of the exchange a tree describes: requests hide `readOnly`, responses `writeOnly`. */
export type Direction = 'request' | 'response' | 'both';

/** One piece of a type label; `schema` names the component schema it stands for (for links). */
export interface TypePart {
  text: string;
  schema?: string;
}

/** One property of an object schema. */
export interface SchemaField {
  name: string;
  /** Readable type, e.g. `string (date-time) | null`, `array<OrderItemInput>`. */
  type: TypePart[];
  required: boolean;
  /** Markdown description from the definition (may be empty). */
  description: string;
  /** Allowed values (`enum` or `const`), as JSON literals. */
  values: string[];
  /** Constraints as compact tokens (`≥ 1`, `length ≤ 32`, `default \`0\``); backticks mark code. */
  constraints: string[];
  deprecated: boolean;
  /** The properties below this one (objects, arrays of objects, maps of objects). */
  children?: SchemaTree;
  /** How the children relate: `[]` for array items, `{}` for map values, `` for an object. */
  childKind?: 'object' | 'array' | 'map';
  /** Set when the tree stops here: the schema repeats an ancestor, or the depth limit is hit. */
  stop?: 'circular' | 'depth';
}

/** One alternative of a `oneOf`/`anyOf`. */
export interface Alternative {
  /** The variant's title, component name, discriminator value or required fields. */
  label: string;
  /** Fields the variant requires when it only adds `required` to the parent's properties. */
  requires?: string[];
  /** The variant's own properties, when it has any. */
  tree?: SchemaTree;
  /** The variant's type when it is not an object (e.g. `string`). */
  type?: TypePart[];
}

/** The fields of an object schema and its alternatives. */
export interface SchemaTree {
  fields: SchemaField[];
  alternatives?: {
    keyword: 'oneOf' | 'anyOf';
    /** `discriminator.propertyName`, when the schema names one. */
    discriminator?: string;
    options: Alternative[];
  };
}

/** A body or parameter schema: its type, and its tree when it has fields. */
export interface RootSchema {
  type: TypePart[];
  tree?: SchemaTree;
  /** The tree describes the items of an array body. */
  arrayOf?: boolean;
}

/** Maximum nesting depth of a tree; a deeper object is named by its type only. */
export const MAX_DEPTH = 8;

function asArray<T>(value: T[] | undefined | unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

function typesOf(schema: SchemaView): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function isNullSchema(schema: SchemaView): boolean {
  const types = typesOf(schema);
  return (types.length === 1 && types[0] === 'null') || (schema.const === null && !types.length);
}

/** True for a schema that only adds `required` (a `oneOf` of required-sets). */
function isRequiredOnly(schema: SchemaView): boolean {
  return Object.keys(schema).every((k) => k === 'required' || k === 'description');
}

/** Merges `allOf` members (properties, required, type, description) into one schema. */
export function mergeAllOf(schema: SchemaView, resolve: Resolve): SchemaView {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  const merged: SchemaView = { ...rest };
  const properties: NonNullable<SchemaView['properties']> = {};
  const required = new Set<string>(asArray<string>(rest.required));
  for (const part of allOf) {
    const member = mergeAllOf(resolve<SchemaView>(part).node, resolve);
    Object.assign(properties, member.properties ?? {});
    for (const r of asArray<string>(member.required)) required.add(r);
    if (merged.type === undefined && member.type !== undefined) merged.type = member.type;
    if (merged.description === undefined && member.description !== undefined)
      merged.description = member.description;
    if (merged.additionalProperties === undefined && member.additionalProperties !== undefined)
      merged.additionalProperties = member.additionalProperties;
    if (merged.oneOf === undefined && member.oneOf) merged.oneOf = member.oneOf;
    if (merged.anyOf === undefined && member.anyOf) merged.anyOf = member.anyOf;
  }
  Object.assign(properties, rest.properties ?? {});
  merged.properties = properties;
  if (required.size) merged.required = [...required];
  return merged;
}

/** Variants of a `oneOf`/`anyOf`, with `null` variants split off. */
function variantsOf(
  schema: SchemaView,
  resolve: Resolve,
): { variants: Resolved<SchemaView>[]; nullable: boolean } {
  const list = asArray<Ref<Schema>>(schema.oneOf ?? schema.anyOf);
  const resolved = list.map((v) => resolve<SchemaView>(v));
  const nonNull = resolved.filter((v) => !isNullSchema(v.node));
  return { variants: nonNull, nullable: nonNull.length < resolved.length };
}

/** True when a `oneOf`/`anyOf` names alternative types (not required-sets of the parent). */
function hasTypeAlternatives(schema: SchemaView, resolve: Resolve): boolean {
  const list = asArray<Ref<Schema>>(schema.oneOf ?? schema.anyOf);
  return list.length > 0 && !list.every((v) => isRequiredOnly(resolve<SchemaView>(v).node));
}

function joinParts(groups: TypePart[][], separator: string): TypePart[] {
  return groups.flatMap((g, i) => (i ? [{ text: separator }, ...g] : g));
}

/** Plain text of a type label. */
export function typeText(parts: TypePart[]): string {
  return parts.map((p) => p.text).join('');
}

/**
 * Type label of a schema as parts, so that component names can be links:
 * `string`, `integer (int64)`, `Order`, `array<OrderItem>`, `string | null`, `Card | EbtCard`,
 * `map<string, integer>`. `any` only where the schema says nothing about the type.
 */
export function typeParts(input: unknown, resolve: Resolve, depth = 0): TypePart[] {
  const { node: raw, name } = resolve<SchemaView>(input);
  const schema = mergeAllOf(raw, resolve);
  if (depth > MAX_DEPTH) return [{ text: name ?? 'object', schema: name }];
  if ((schema.oneOf || schema.anyOf) && hasTypeAlternatives(schema, resolve)) {
    const { variants, nullable } = variantsOf(schema, resolve);
    const groups: TypePart[][] = [];
    const seen = new Set<string>();
    for (const v of variants) {
      const parts = v.name
        ? [{ text: v.name, schema: v.name }]
        : typeParts(v.node, resolve, depth + 1);
      const key = typeText(parts);
      if (seen.has(key)) continue;
      seen.add(key);
      groups.push(parts);
    }
    if (nullable) groups.push([{ text: 'null' }]);
    return joinParts(groups, ' | ');
  }
  let types = typesOf(schema);
  if (!types.length) {
    if (schema.properties || schema.additionalProperties || schema.oneOf || schema.anyOf)
      types = ['object'];
    else if (schema.const !== undefined && schema.const !== null) types = [typeof schema.const];
    else if (Array.isArray(schema.enum) && schema.enum.length)
      types = [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  }
  const groups = types.map((t): TypePart[] => {
    if (t === 'array')
      return [
        { text: 'array<' },
        ...typeParts(schema.items ?? {}, resolve, depth + 1),
        { text: '>' },
      ];
    if (t === 'object') {
      if (name) return [{ text: name, schema: name }];
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object' && !schema.properties)
        return [{ text: 'map<string, ' }, ...typeParts(extra, resolve, depth + 1), { text: '>' }];
      return [{ text: 'object' }];
    }
    return [{ text: schema.format ? `${t} (${schema.format})` : t }];
  });
  if (groups.length) return joinParts(groups, ' | ');
  return name ? [{ text: name, schema: name }] : [{ text: 'any' }];
}

/** Type label of a schema as text (see typeParts). */
export function typeLabel(input: unknown, resolve: Resolve): string {
  return typeText(typeParts(input, resolve));
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

/** `1–32` when both bounds exist, `≥ 1` or `≤ 32` when one does. */
function range(min: unknown, max: unknown): string | undefined {
  const lo = typeof min === 'number' ? min : undefined;
  const hi = typeof max === 'number' ? max : undefined;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `${lo}` : `${lo}–${hi}`;
  if (lo !== undefined) return `≥ ${lo}`;
  if (hi !== undefined) return `≤ ${hi}`;
  return undefined;
}

/**
 * Constraints of a schema as compact tokens, in a fixed order: value range, length, items,
 * pattern, default, read/write-only. Backticks mark the parts to show as code.
 */
export function constraintsOf(schema: SchemaView): string[] {
  const out: string[] = [];
  const exclusive = (value: unknown, sign: string) =>
    typeof value === 'number' ? `${sign} ${value}` : undefined;
  const low = exclusive(schema.exclusiveMinimum, '>');
  const high = exclusive(schema.exclusiveMaximum, '<');
  if (low) out.push(low);
  if (high) out.push(high);
  const values = range(schema.minimum, schema.maximum);
  if (values) out.push(values.includes('–') ? `range ${values}` : values);
  if (typeof schema.multipleOf === 'number') out.push(`multiple of ${schema.multipleOf}`);
  const length = range(schema.minLength, schema.maxLength);
  if (length) out.push(`length ${length}`);
  const items = range(schema.minItems, schema.maxItems);
  if (items) out.push(`${items} items`);
  if (schema.uniqueItems === true) out.push('unique items');
  if (typeof schema.pattern === 'string') out.push(`pattern \`${schema.pattern}\``);
  if (schema.default !== undefined) out.push(`default \`${literal(schema.default)}\``);
  if (schema.readOnly === true) out.push('read-only');
  if (schema.writeOnly === true) out.push('write-only');
  return out;
}

function valuesOf(schema: SchemaView, resolve: Resolve): string[] {
  if (schema.const !== undefined) return [literal(schema.const)];
  if (Array.isArray(schema.enum)) return schema.enum.filter((v) => v !== null).map(literal);
  if (typesOf(schema).includes('array')) {
    const items = resolve<SchemaView>(schema.items ?? {}).node;
    if (Array.isArray(items.enum)) return items.enum.map(literal);
  }
  // A nullable enum (`oneOf: [Status, null]`) lists the enum's values.
  if (schema.oneOf || schema.anyOf) {
    const { variants } = variantsOf(schema, resolve);
    if (variants.length === 1) return valuesOf(mergeAllOf(variants[0].node, resolve), resolve);
  }
  return [];
}

/** What continues below a field: its object, array-item object or map-value object. */
function childOf(
  schema: SchemaView,
  resolve: Resolve,
): { node: SchemaView; ref?: string; kind: 'object' | 'array' | 'map' } | undefined {
  const hasFields = (s: SchemaView) =>
    Boolean(s.properties) || ((s.oneOf || s.anyOf) && hasTypeAlternatives(s, resolve));
  if (typesOf(schema).includes('array') && schema.items) {
    const item = resolve<SchemaView>(schema.items);
    const merged = unwrapNullable(mergeAllOf(item.node, resolve), resolve);
    if (hasFields(merged.node))
      return { node: merged.node, ref: merged.ref ?? item.ref, kind: 'array' };
    return undefined;
  }
  if (hasFields(schema)) return { node: schema, kind: 'object' };
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && !schema.properties) {
    const value = resolve<SchemaView>(extra);
    const merged = mergeAllOf(value.node, resolve);
    if (hasFields(merged)) return { node: merged, ref: value.ref, kind: 'map' };
  }
  return undefined;
}

/** `oneOf: [X, null]` → X (and X's `$ref`); any other schema as it is. */
function unwrapNullable(schema: SchemaView, resolve: Resolve): { node: SchemaView; ref?: string } {
  if ((schema.oneOf || schema.anyOf) && !schema.properties) {
    const { variants } = variantsOf(schema, resolve);
    if (variants.length === 1)
      return { node: mergeAllOf(variants[0].node, resolve), ref: variants[0].ref };
  }
  return { node: schema };
}

/** The value a variant gives the discriminator property, from the mapping or its `const`/enum. */
function discriminatorValue(
  variant: Resolved<SchemaView>,
  parent: SchemaView,
  resolve: Resolve,
): string | undefined {
  const discriminator = parent.discriminator;
  if (!discriminator) return undefined;
  for (const [value, ref] of Object.entries(discriminator.mapping ?? {}))
    if (ref === variant.ref) return value;
  const property = mergeAllOf(variant.node, resolve).properties?.[discriminator.propertyName];
  if (!property) return undefined;
  const schema = resolve<SchemaView>(property).node;
  if (schema.const !== undefined) return String(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return String(schema.enum[0]);
  return undefined;
}

/**
 * The tree of an object schema.
 * @param schema a `$ref` or inline schema whose properties (and alternatives) are listed.
 * @param direction `request` drops `readOnly` fields, `response` drops `writeOnly` ones.
 * @param refs `$ref`s of the ancestors (cycle guard); `depth` of this tree (MAX_DEPTH guard).
 */
export function schemaTree(
  schema: unknown,
  resolve: Resolve,
  direction: Direction,
  refs: string[] = [],
  depth = 0,
): SchemaTree {
  const root = resolve<SchemaView>(schema);
  const node = mergeAllOf(root.node, resolve);
  const stack = root.ref && !refs.includes(root.ref) ? [...refs, root.ref] : refs;
  const tree: SchemaTree = { fields: [] };
  const required = new Set(asArray<string>(node.required));
  for (const [key, raw] of Object.entries(node.properties ?? {})) {
    const prop = resolve<SchemaView>(raw);
    const propSchema = mergeAllOf(prop.node, resolve);
    if (direction === 'request' && propSchema.readOnly === true) continue;
    if (direction === 'response' && propSchema.writeOnly === true) continue;
    tree.fields.push(fieldOf(key, raw, prop.ref, propSchema, required.has(key), stack, depth));
  }
  if (node.oneOf || node.anyOf) {
    const keyword = node.oneOf ? 'oneOf' : 'anyOf';
    const { variants } = variantsOf(node, resolve);
    const options: Alternative[] = variants.map((v) => {
      const merged = mergeAllOf(v.node, resolve);
      if (isRequiredOnly(v.node)) {
        const requires = asArray<string>(v.node.required);
        return { label: requires.join(' + ') || 'none', requires };
      }
      const label =
        discriminatorValue(v, node, resolve) ??
        merged.title ??
        v.name ??
        typeLabel(v.node, resolve);
      if (v.ref && stack.includes(v.ref))
        return { label, type: [{ text: `${v.name} (circular)`, schema: v.name }] };
      if (merged.properties || merged.oneOf || merged.anyOf)
        return {
          label,
          tree: schemaTree(v.ref ? { $ref: v.ref } : merged, resolve, direction, stack, depth + 1),
        };
      return { label, type: typeParts(v.ref ? { $ref: v.ref } : v.node, resolve) };
    });
    if (options.length)
      tree.alternatives = {
        keyword,
        discriminator: node.discriminator?.propertyName,
        options,
      };
  }
  return tree;

  function fieldOf(
    name: string,
    raw: unknown,
    ref: string | undefined,
    propSchema: SchemaView,
    isRequired: boolean,
    ancestors: string[],
    level: number,
  ): SchemaField {
    const field: SchemaField = {
      name,
      type: typeParts(raw, resolve),
      required: isRequired,
      description: String(propSchema.description ?? ''),
      values: valuesOf(propSchema, resolve),
      constraints: constraintsOf(propSchema),
      deprecated: propSchema.deprecated === true,
    };
    if (ref && ancestors.includes(ref)) {
      field.stop = 'circular';
      return field;
    }
    const below = ref ? [...ancestors, ref] : ancestors;
    const target = unwrapNullable(propSchema, resolve);
    if (target.ref && below.includes(target.ref)) {
      field.stop = 'circular';
      return field;
    }
    const child = childOf(target.node, resolve);
    if (!child) return field;
    if (child.ref && below.includes(child.ref)) {
      field.stop = 'circular';
      return field;
    }
    if (level + 1 > MAX_DEPTH) {
      field.stop = 'depth';
      return field;
    }
    const refsBelow = [...below, ...(target.ref ? [target.ref] : [])];
    field.children = schemaTree(
      child.ref ? { $ref: child.ref } : child.node,
      resolve,
      direction,
      refsBelow,
      level + 1,
    );
    field.childKind = child.kind;
    return field;
  }
}

/**
 * A body, parameter or header schema: its type and, for objects and arrays of objects, its tree.
 */
export function rootSchema(schema: unknown, resolve: Resolve, direction: Direction): RootSchema {
  const type = typeParts(schema, resolve);
  const root = resolve<SchemaView>(schema);
  const merged = mergeAllOf(root.node, resolve);
  const refs = root.ref ? [root.ref] : [];
  if (merged.properties || merged.oneOf || merged.anyOf)
    return { type, tree: schemaTree(schema, resolve, direction) };
  const child = childOf(merged, resolve);
  if (child)
    return {
      type,
      tree: schemaTree(child.ref ? { $ref: child.ref } : child.node, resolve, direction, refs, 1),
      arrayOf: child.kind === 'array',
    };
  return { type };
}

/** Every field name of a tree, depth first (for tests and the search check). */
export function fieldNames(tree: SchemaTree | undefined, prefix = ''): string[] {
  if (!tree) return [];
  const out: string[] = [];
  for (const field of tree.fields) {
    const path = `${prefix}${field.name}`;
    out.push(path);
    const suffix = field.childKind === 'array' ? '[].' : field.childKind === 'map' ? '.*.' : '.';
    out.push(...fieldNames(field.children, `${path}${suffix}`));
  }
  for (const option of tree.alternatives?.options ?? [])
    out.push(...fieldNames(option.tree, prefix));
  return out;
}
