/**
 * Parameters and schemas as field trees: one row per property (name, type linked to its
 * component schema, a required mark, constraint tokens, description), children in a native
 * `<details>` (theme/ApiDetails), `oneOf`/`anyOf` as labelled alternatives in Tabs.
 * Everything is static MDX: the tree is in the server-rendered HTML (design/openapi-pages.md).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { parameterExample } from '../samples';
import {
  type SchemaField,
  type SchemaTree,
  type SchemaView,
  type TypePart,
  constraintsOf,
  rootSchema,
  typeParts,
} from '../schema';
import {
  type Block,
  type Inline,
  code,
  jsx,
  jsxInline,
  link,
  markdownBlocks,
  paragraph,
  text,
} from '../mdx';
import type { RenderContext } from './types';

/** Anchor of a component schema on the schemas page (its `##` heading's slug). */
export function schemaAnchor(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
}

/** A type label, component names linked to the schemas page. */
export function typeInlines(parts: TypePart[], ctx: RenderContext): Inline[] {
  return parts.map((part) =>
    part.schema
      ? link(`${ctx.schemasUrl}#${schemaAnchor(part.schema)}`, text(part.text))
      : text(part.text),
  );
}

/** Text with `backtick` spans as inline code; nothing else is interpreted (`≥ 1` stays text). */
export function withCode(value: string): Inline[] {
  return value
    .split(/(`[^`]*`)/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') ? code(part.slice(1, -1)) : text(part),
    );
}

/** One row's data, whether it comes from a schema property or a parameter. */
interface Row {
  name: string;
  type: TypePart[];
  required: boolean;
  deprecated: boolean;
  description: string;
  values: string[];
  constraints: string[];
  example?: unknown;
  children?: SchemaTree;
  childKind?: SchemaField['childKind'];
  stop?: SchemaField['stop'];
}

/** A field's tokens (values, constraints, example), each a `span.api-token`; none for a bare field. */
function tokenSpans(row: Row, ctx: RenderContext): Inline[] {
  const w = ctx.wording.field;
  const items: Inline[][] = [];
  if (row.values.length)
    items.push([
      text(`${w.values} `),
      ...row.values.flatMap((v, i) => (i ? [text(' '), code(v)] : [code(v)])),
    ]);
  for (const c of row.constraints) items.push(withCode(c));
  if (row.example !== undefined)
    items.push([text(`${w.example} `), code(JSON.stringify(row.example))]);
  return items.map((item) => jsxInline('span', { className: 'api-token' }, item));
}

/** A paragraph of inline elements separated by spaces. */
function spaced(elements: Inline[]): Block {
  return paragraph(...elements.flatMap((element, i) => (i ? [text(' '), element] : [element])));
}

function countFields(tree: SchemaTree): number {
  return (
    tree.fields.length +
    (tree.alternatives?.options ?? []).reduce((n, o) => n + (o.tree?.fields.length ?? 0), 0)
  );
}

function rowBlock(row: Row, ctx: RenderContext): Block {
  const w = ctx.wording.field;
  const head: Inline[] = [
    jsxInline('span', { className: 'api-field__name' }, [code(row.name)]),
    jsxInline('span', { className: 'api-field__type' }, typeInlines(row.type, ctx)),
  ];
  if (row.required)
    head.push(jsxInline('span', { className: 'api-field__required' }, [text(w.required)]));
  if (row.deprecated)
    head.push(jsxInline('span', { className: 'api-field__deprecated' }, [text(w.deprecated)]));
  // One <ApiField> holds the parts in order and theme/ApiField wraps each in its div: four JSX
  // wrappers per field were most of the API pages' MDX compile time. The head and the tokens
  // are paragraphs of inline JSX elements only, which MDX passes as those elements: their
  // counts are of elements, the description's of blocks.
  const tokens = tokenSpans(row, ctx);
  const blocks: Block[] = [spaced(head)];
  if (tokens.length) blocks.push(spaced(tokens));
  const description = markdownBlocks(row.description);
  blocks.push(...description);
  if (row.stop) blocks.push(paragraph(text(row.stop === 'circular' ? w.circular : w.depth)));
  if (row.children) {
    const n = countFields(row.children);
    const label =
      row.childKind === 'array'
        ? w.itemChildren
        : row.childKind === 'map'
          ? w.mapChildren
          : w.children;
    blocks.push(
      jsx(
        'ApiDetails',
        { className: 'api-field__children', summary: label.replace('{n}', String(n)) },
        treeBlocks(row.children, ctx),
      ),
    );
  }
  return jsx(
    'ApiField',
    {
      head: String(head.length),
      tokens: tokens.length ? String(tokens.length) : undefined,
      description: description.length ? String(description.length) : undefined,
      note: row.stop ? true : undefined,
    },
    blocks,
  );
}

/** The rows of a tree, then its alternatives (Tabs, one per variant). */
export function treeBlocks(tree: SchemaTree, ctx: RenderContext): Block[] {
  const w = ctx.wording.field;
  const blocks: Block[] = [];
  if (tree.fields.length)
    blocks.push(
      jsx(
        'div',
        { className: 'api-fields' },
        tree.fields.map((f) => rowBlock(f, ctx)),
      ),
    );
  const alternatives = tree.alternatives;
  if (alternatives) {
    const intro: Inline[] = [text(alternatives.keyword === 'oneOf' ? w.oneOf : w.anyOf)];
    if (alternatives.discriminator)
      intro.push(text(` (${w.discriminator} `), code(alternatives.discriminator), text(')'));
    intro.push(text(':'));
    const panels = alternatives.options.map((option, i) => {
      const body: Block[] = [];
      if (option.requires)
        body.push(
          paragraph(
            text(`${w.requires} `),
            ...option.requires.flatMap((r, j) => (j ? [text(', '), code(r)] : [code(r)])),
            text('.'),
          ),
        );
      if (option.type) body.push(paragraph(...typeInlines(option.type, ctx)));
      if (option.tree) body.push(...treeBlocks(option.tree, ctx));
      return jsx('TabItem', { value: `option-${i + 1}`, label: option.label }, body);
    });
    blocks.push(
      jsx('div', { className: 'api-alternatives' }, [
        paragraph(...intro),
        jsx('Tabs', { className: 'api-alternatives__tabs' }, panels),
      ]),
    );
  }
  return blocks;
}

/**
 * A body schema as a tree; a non-object body is described by its type alone, an array of
 * objects by its item fields.
 */
export function bodyBlocks(
  schema: unknown,
  direction: 'request' | 'response' | 'both',
  ctx: RenderContext,
): Block[] {
  const root = rootSchema(schema, ctx.resolve, direction);
  const blocks: Block[] = [];
  if (!root.tree || root.arrayOf)
    blocks.push(
      paragraph(
        jsxInline('span', { className: 'api-field__type' }, typeInlines(root.type, ctx)),
        ...(root.arrayOf ? [text(` ${ctx.wording.field.arrayBody}`)] : []),
      ),
    );
  if (root.tree) blocks.push(...treeBlocks(root.tree, ctx));
  return blocks;
}

/**
 * A row for a named value described by a schema (a parameter or a response header): type,
 * allowed values and constraint tokens come from the schema, the description from the value
 * (else the schema).
 */
function schemaRow(
  name: string,
  value: { schema?: unknown; description?: string; required?: boolean; deprecated?: boolean },
  ctx: RenderContext,
  extra: Partial<Row> = {},
): Block {
  const schema = ctx.resolve<SchemaView>(value.schema ?? {}).node;
  return rowBlock(
    {
      name,
      type: typeParts(value.schema ?? {}, ctx.resolve),
      required: value.required === true,
      deprecated: value.deprecated === true,
      description: String(value.description ?? schema.description ?? ''),
      values: Array.isArray(schema.enum) ? schema.enum.map((v) => JSON.stringify(v)) : [],
      constraints: constraintsOf(schema),
      ...extra,
    },
    ctx,
  );
}

/** Parameters (of one location) as field rows, with their examples. */
export function parameterBlocks(params: OpenAPIV3_1.ParameterObject[], ctx: RenderContext): Block {
  return jsx(
    'div',
    { className: 'api-fields' },
    params.map((p) => {
      const root = rootSchema(p.schema ?? {}, ctx.resolve, 'request');
      return schemaRow(p.name, p, ctx, {
        required: p.required === true || p.in === 'path',
        example: parameterExample(p, ctx.doc, ctx.resolve),
        children: root.tree,
        childKind: root.arrayOf ? 'array' : root.tree ? 'object' : undefined,
      });
    }),
  );
}

/** Response headers as field rows. */
export function headerBlocks(
  headers: [string, OpenAPIV3_1.HeaderObject][],
  ctx: RenderContext,
): Block {
  return jsx(
    'div',
    { className: 'api-fields' },
    headers.map(([name, h]) => schemaRow(name, h, ctx)),
  );
}
